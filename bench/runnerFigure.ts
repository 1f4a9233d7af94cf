import { spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Figure } from './report';
import { largeScenario, worstCaseScenario } from './scenarios';

const ROOT = resolve(import.meta.dirname, '..');
/** The records of the runner's figure: twice the large scenario, which once broke the runner. */
export const RUNNER_RECORDS = 200_000;
const PEAK_TARGET_MB = 300;

/**
 * Peak resident memory of the headless runner printing every event of the 64-task scenario at
 * 200,000 records, with its output thrown away as it is written.
 */
export function runnerFigure(log: (line: string) => void): Figure {
  const dir = mkdtempSync(join(tmpdir(), 'bench-runner-'));
  try {
    const file = join(dir, 'large-200k.json');
    writeFileSync(file, JSON.stringify(largeScenario(RUNNER_RECORDS)));
    const peakFile = join(dir, 'peak');
    const outFile = join(dir, 'out.json');
    const out = openSync(outFile, 'w');
    log(`runner: ${RUNNER_RECORDS.toLocaleString('en')} records, every event`);
    const started = performance.now();
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', join(ROOT, 'bench/peakRss.mjs'), 'src/cli/sim.ts', file],
      {
        cwd: ROOT,
        env: { ...process.env, BENCH_PEAK_RSS_FILE: peakFile },
        stdio: ['ignore', out, 'pipe'],
        encoding: 'utf8',
      },
    );
    closeSync(out);
    const seconds = (performance.now() - started) / 1000;
    const bytes = statSync(outFile).size;
    const peakMb = Number(readFileSync(peakFile, 'utf8')) / 1024;
    const ok = result.status === 0;
    return {
      name: 'Runner peak memory',
      value: `${peakMb.toFixed(0)} MB`,
      runs: '1 run',
      reference: `${(bytes / 1e6).toFixed(0)} MB of JSON written`,
      ratio: `${(bytes / 1e6 / peakMb).toFixed(1)} MB written per MB held`,
      target: `exit 0, under ${PEAK_TARGET_MB} MB`,
      status: ok && peakMb < PEAK_TARGET_MB ? 'MET' : 'MISSED',
      note:
        `peak resident set size (process.resourceUsage().maxRSS at exit) of \`npm run sim\` on the ` +
        `large scenario with ${RUNNER_RECORDS.toLocaleString('en')} records (bench/scenarios.ts), ` +
        `\`--events all\`, stdout to a file: exit status ${result.status}` +
        `${ok ? '' : ` (${result.stderr.trim()})`}, ${seconds.toFixed(0)} s of wall time.`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The costliest link that passes validation (three levels of broadcast, bench/scenarios.ts) through
 * the runner: it must end, at its budget or its job's end, in one JSON document, in bounded memory.
 */
export function worstCaseRunnerFigure(log: (line: string) => void): Figure {
  const dir = mkdtempSync(join(tmpdir(), 'bench-worst-'));
  try {
    const file = join(dir, 'worst-case.json');
    writeFileSync(file, JSON.stringify(worstCaseScenario()));
    const peakFile = join(dir, 'peak');
    log('runner: the worst-case valid fan-out, no events');
    const started = performance.now();
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        join(ROOT, 'bench/peakRss.mjs'),
        'src/cli/sim.ts',
        file,
        '--events',
        'none',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, BENCH_PEAK_RSS_FILE: peakFile },
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const peakMb = Number(readFileSync(peakFile, 'utf8')) / 1024;
    let ending = 'no JSON';
    if (result.status === 0) {
      const report = JSON.parse(result.stdout) as {
        tick: number;
        job: { status: string };
        halted?: { limit: string };
      };
      ending = report.halted
        ? `stopped at its ${report.halted.limit} budget at tick ${report.tick}`
        : `${report.job.status} at tick ${report.tick}`;
    }
    return {
      name: 'Worst-case link, runner',
      value: `${seconds.toFixed(1)} s`,
      runs: '1 run',
      reference: `${peakMb.toFixed(0)} MB peak`,
      ratio: '–',
      target: `ends in one document, under ${PEAK_TARGET_MB} MB`,
      status: result.status === 0 && peakMb < PEAK_TARGET_MB ? 'MET' : 'MISSED',
      note:
        `wall time and peak resident set size of \`npm run sim\` on worstCaseScenario() ` +
        `(bench/scenarios.ts: 16 sources, three levels of broadcast to 16 subtasks each, the ` +
        `largest input validation accepts), \`--events none\`: exit status ${result.status}, ` +
        `${ending}${result.status === 0 ? '' : ` (${result.stderr.trim()})`}.`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
