/* global process */
import { writeFileSync } from 'node:fs';

// Loaded with --import into the process being weighed: writes its peak resident set size (KB)
// to the file named by BENCH_PEAK_RSS_FILE when it exits, however it exits.
process.on('exit', () => {
  const file = process.env.BENCH_PEAK_RSS_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});
