/** Placeholder until the real component lands. */
export function CheckpointHistory() {
  return <div data-placeholder="CheckpointHistory" />;
}
