/** Placeholder until the real component lands. */
export function EventLog() {
  return <div data-placeholder="EventLog" />;
}
