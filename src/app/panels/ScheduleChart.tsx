/** Placeholder until the real component lands. */
export function ScheduleChart() {
  return <div data-placeholder="ScheduleChart" />;
}
