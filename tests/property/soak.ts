/**
 * The long sweep behind `npm run test:soak`: every engine property of the test suite, 100,000
 * runs each by default, in chunks of fresh seeds spread over worker processes. Writes the result
 * to docs/soak.md and exits non-zero when a property failed.
 *
 *   npm run test:soak                     100,000 runs per property, seeds from today's date
 *   SOAK_RUNS=5000 npm run test:soak      a shorter sweep
 *   SOAK_SEED=123 npm run test:soak       the seeds of an earlier sweep again
 *   SOAK_WORKERS=1 npm run test:soak      one process (default: one per core, at most 2)
 *
 * A failure is reported with the property, the chunk's seed and fast-check's path: it replays
 * with `PROPERTY_SEED=<seed> PROPERTY_PATH=<path> npx vitest run tests/property/<file>`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import * as prettier from 'prettier';
import { alignedCutUnderBackpressure, flowControl } from './support/flowProperties';
import { PROPERTIES as ENGINE_PROPERTIES, type NamedProperty } from './support/properties';
import { restoredPreCommits } from './support/restoredCommits';
import { endToEndExactlyOnce } from './support/twoPhaseCommitProperty';

/**
 * Every property of tests/property: the engine's, flow control's and the two-phase-commit sink's,
 * through a topic and across restores.
 */
const PROPERTIES: readonly NamedProperty[] = [
  ...ENGINE_PROPERTIES,
  { name: 'flow control and unaligned', property: flowControl },
  { name: 'aligned cut under backpressure', property: alignedCutUnderBackpressure },
  { name: 'end-to-end exactly-once', property: endToEndExactlyOnce },
  { name: 'restored pre-commits committed', property: restoredPreCommits },
];

const CHUNK = 5_000;

interface Job {
  property: string;
  seed: number;
  runs: number;
}

interface Outcome extends Job {
  failed: boolean;
  ms: number;
  path?: string;
  error?: string;
  counterexample?: string;
}

function runJob(job: Job): Outcome {
  const entry = PROPERTIES.find((p) => p.name === job.property);
  if (!entry) throw new Error(`no property "${job.property}"`);
  const started = performance.now();
  const details = fc.check(entry.property as fc.IProperty<unknown[]>, {
    seed: job.seed,
    numRuns: job.runs,
  });
  const ms = performance.now() - started;
  if (!details.failed) return { ...job, failed: false, ms };
  return {
    ...job,
    failed: true,
    ms,
    path: details.counterexamplePath ?? undefined,
    error: String(details.errorInstance ?? 'failed').split('\n')[0],
    counterexample: JSON.stringify(details.counterexample),
  };
}

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
}

/** A worker: runs the jobs it is sent, one at a time, and answers each with its outcome. */
function worker(): void {
  process.on('message', (job: Job | 'stop') => {
    if (job === 'stop') process.exit(0);
    process.send!(runJob(job));
  });
}

async function main(): Promise<void> {
  const runs = envInt('SOAK_RUNS', 100_000);
  const today = Math.floor(Date.now() / 86_400_000);
  const baseSeed = envInt('SOAK_SEED', today * 1000);
  const workers = Math.max(1, envInt('SOAK_WORKERS', Math.min(2, availableParallelism())));
  const queue: Job[] = [];
  for (let done = 0, chunk = 0; done < runs; done += CHUNK, chunk++) {
    for (const { name } of PROPERTIES) {
      queue.push({ property: name, seed: baseSeed + chunk, runs: Math.min(CHUNK, runs - done) });
    }
  }
  const total = queue.length;
  const started = new Date();
  const t0 = performance.now();
  console.log(
    `soak: ${PROPERTIES.length} properties x ${runs} runs, seeds from ${baseSeed}, ${workers} workers`,
  );

  const outcomes: Outcome[] = [];
  const failedProperties = new Set<string>();
  const out = fileURLToPath(new URL('../../docs/soak.md', import.meta.url));
  const options = (await prettier.resolveConfig(out)) ?? {};
  type Status = 'running' | 'interrupted' | 'passed' | 'FAILED';

  const markdown = (status: Status): string => {
    const seconds = (performance.now() - t0) / 1000;
    const rows = PROPERTIES.map(({ name }) => {
      const mine = outcomes.filter((o) => o.property === name);
      const failure = mine.find((o) => o.failed);
      const done = mine.reduce((n, o) => n + o.runs, 0);
      return { name, done, failure };
    });
    const lines = [
      '# Soak: the property suite over a long sweep of seeds',
      '',
      'Written by `npm run test:soak` (tests/property/soak.ts): each engine property of',
      `tests/property, run in chunks of ${CHUNK.toLocaleString('en')} runs with consecutive seeds.`,
      'A failure replays with `PROPERTY_SEED=<seed> PROPERTY_PATH=<path>` and the property’s test',
      'file; its shrunk scenario then belongs in tests/property/regressions.test.ts. The file is',
      'rewritten after every chunk, so a sweep that is stopped still records what it checked.',
      '',
      '## Last result',
      '',
      `- Date: ${started.toISOString()}`,
      `- Result: **${status}**`,
      `- Runs per property: ${runs.toLocaleString('en')} asked`,
      `- Seeds: ${baseSeed} to ${baseSeed + Math.ceil(runs / CHUNK) - 1} (\`SOAK_SEED=${baseSeed}\` repeats them)`,
      `- Duration: ${Math.round(seconds)} s on ${workers} worker process${workers === 1 ? '' : 'es'}`,
      '',
      '| property | runs done | result |',
      '| --- | --- | --- |',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.done.toLocaleString('en')} | ${
            r.failure
              ? `failed at seed ${r.failure.seed}, path \`${r.failure.path}\``
              : 'no failure'
          } |`,
      ),
      '',
    ];
    for (const r of rows) {
      if (!r.failure) continue;
      lines.push(
        `## ${r.name}: failure`,
        '',
        `Seed ${r.failure.seed}, path \`${r.failure.path}\`:`,
        '',
        '```',
        r.failure.error ?? '',
        '```',
        '',
        'Shrunk counterexample:',
        '',
        '```json',
        r.failure.counterexample ?? '',
        '```',
        '',
      );
    }
    return lines.join('\n');
  };
  // Writes one after another, so that a slow format never lands after a newer one.
  let writing = Promise.resolve();
  const write = (status: Status) =>
    (writing = writing.then(async () => {
      const text = await prettier.format(markdown(status), { ...options, parser: 'markdown' });
      writeFileSync(out, text);
    }));

  const children: ChildProcess[] = [];
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of children) child.kill();
      void write('interrupted').then(() => process.exit(130));
    });
  }

  const script = fileURLToPath(import.meta.url);
  await Promise.all(
    Array.from({ length: workers }, () => {
      const child = fork(script, ['--worker'], { stdio: 'inherit' });
      children.push(child);
      return new Promise<void>((resolve, reject) => {
        const next = () => {
          let job = queue.shift();
          // Once a property failed, its remaining chunks add nothing to the report.
          while (job && failedProperties.has(job.property)) job = queue.shift();
          child.send(job ?? 'stop');
        };
        child.on('message', (outcome: Outcome) => {
          outcomes.push(outcome);
          if (outcome.failed) failedProperties.add(outcome.property);
          const mark = outcome.failed ? `FAILED (seed ${outcome.seed})` : 'ok';
          console.log(
            `soak: [${outcomes.length}/${total}] ${outcome.property}, seed ${outcome.seed}, ${outcome.runs} runs: ${mark}`,
          );
          void write('running');
          next();
        });
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`worker exited ${code}`)),
        );
        next();
      });
    }),
  );

  const passed =
    failedProperties.size === 0 &&
    PROPERTIES.every(
      ({ name }) =>
        outcomes.filter((o) => o.property === name).reduce((n, o) => n + o.runs, 0) === runs,
    );
  await write(passed ? 'passed' : 'FAILED');
  const seconds = Math.round((performance.now() - t0) / 1000);
  console.log(`soak: ${passed ? 'passed' : 'FAILED'} in ${seconds} s; wrote ${out}`);
  process.exitCode = passed ? 0 : 1;
}

if (process.argv.includes('--worker')) worker();
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
