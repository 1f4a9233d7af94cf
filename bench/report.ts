import type { Machine } from './machine';

export type Status = 'MET' | 'MISSED' | 'no target' | 'not measured yet';

/** One line of the results: a median, its reference from the same run, and the verdict. */
export interface Figure {
  name: string;
  value: string;
  /** Every run's value, so the spread is visible next to the median. */
  runs: string;
  reference: string;
  ratio: string;
  target: string;
  status: Status;
  /** How it was measured, or why it was not. */
  note: string;
}

const HEADERS = ['figure', 'median', 'reference (same run)', 'ratio', 'target', 'status'];

function cells(f: Figure): string[] {
  return [f.name, f.value, f.reference, f.ratio, f.target, f.status];
}

/** The results as a plain-text table for the terminal. */
export function textTable(figures: readonly Figure[]): string {
  const rows = [HEADERS, ...figures.map(cells)];
  const widths = HEADERS.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)]
    .map((l) => l.trimEnd())
    .join('\n');
}

const escape = (s: string) => s.replace(/\|/g, '\\|');

function markdownTable(headers: string[], rows: string[][]): string {
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`),
  ].join('\n');
}

export interface ReportInput {
  machine: Machine;
  chromium: string;
  figures: readonly Figure[];
  seconds: number;
  findings: string;
  /** One-minute load average when the bench ended. */
  loadAfter: number;
}

/** docs/benchmarks.md: written whole by every full run of the bench. */
export function markdownReport(input: ReportInput): string {
  const { machine, chromium, figures, seconds, findings, loadAfter } = input;
  const machineRows = [
    ['CPU', machine.cpu],
    ['cores', String(machine.cores)],
    ['memory', `${machine.memoryGb} GB`],
    ['Node.js', machine.node],
    ['Chromium', chromium],
    ['date', machine.date],
    ['commit', machine.commit],
    [
      'load average (1 min)',
      `${machine.load.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end`,
    ],
    ...Object.entries(machine.packages).map(([name, version]) => [name, version]),
  ];
  return `# Benchmarks

Written by \`npm run bench\`; do not edit by hand (the next run overwrites this file). The
findings at the end come from \`bench/findings.md\`.

Every figure is a median over several runs, and every speed figure is paired with a reference
measured in the same run on the same machine: absolute times on a shared 2-core machine drift
from one minute to the next, ratios much less. Each of the app's browser figures starts once
the one-minute load average is at most half the cores (after a minute at most) and is measured
again when the load was above one task per core before or after it; its row gives both loads
and, when measured again, what the first measure was. No test asserts a time; this is where
speed is judged.

## Machine

${markdownTable(['what', 'value'], machineRows)}

## Results

${markdownTable(
  ['figure', 'median', 'runs', 'reference (same run)', 'ratio', 'target', 'status'],
  figures.map((f) => [f.name, f.value, f.runs, f.reference, f.ratio, f.target, f.status]),
)}

The whole bench took ${Math.round(seconds)} s.

## How each figure is measured

${figures.map((f) => `- **${f.name}** (${f.status}): ${f.note}`).join('\n')}

## Reproduce

\`\`\`sh
npm ci
npm run bench                    # every figure; rewrites this file
npm run bench -- --only engine   # engine figures only, printed, this file left alone
npm run bench -- --only browser  # browser figures only, printed, this file left alone
npm run bench -- --only runner   # the headless runner's figures only
npm run bench -- --only startup  # one group of the browser's: startup, busy, frames, slow (CPU 4x),
                                 # input, verdict or worst-case
\`\`\`

It needs Chromium at \`/usr/bin/chromium\` (or \`CHROMIUM_PATH\`); it never downloads a browser.
It builds the app and the reference page into a temporary directory (not \`dist/\`), serves
them with \`vite preview\` on a free port, and stops the server and the browser when it ends.
Engine figures run in child processes of their own (\`node --expose-gc --import tsx
bench/child.ts <figure>\`), so one figure's garbage does not weigh on the next. Run it on an
otherwise idle machine: the ratios survive some load, the absolute numbers do not.

## Findings

${findings.trim()}
`;
}
