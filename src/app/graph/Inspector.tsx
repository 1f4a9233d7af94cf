/** Placeholder until the real component lands. */
export function Inspector() {
  return <div data-placeholder="Inspector" />;
}
