/** Placeholder until the real component lands. */
export function JobGraph() {
  return <div data-placeholder="JobGraph" />;
}
