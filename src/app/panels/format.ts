/** A byte count as Flink's web UI prints state sizes: binary units, three significant digits. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} B`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** Simulated milliseconds as a reader says them: ms below 10 s, then seconds, then minutes. */
export function formatMs(ms: number): string {
  if (Math.abs(ms) < 10_000) return `${ms} ms`;
  if (Math.abs(ms) < 600_000) return `${+(ms / 1000).toFixed(1)} s`;
  return `${+(ms / 60_000).toFixed(1)} min`;
}
