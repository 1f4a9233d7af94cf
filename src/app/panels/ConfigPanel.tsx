/** Placeholder until the real component lands. */
export function ConfigPanel() {
  return <div data-placeholder="ConfigPanel" />;
}
