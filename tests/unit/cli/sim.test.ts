import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSim, type RunnerOutcome as Outcome } from '../../helpers/runner';
import { MILESTONE_EVENTS, type TimedEvent } from '../../../src/engine';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import { fanOutDraft, worstCaseScenario } from '../../../bench/scenarios';

// The headless runner as a script calls it: a child process, its exit status, its two streams.

const sim = runSim;

const dir = mkdtempSync(join(tmpdir(), 'sim-test-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const withParallelism = JSON.stringify({
  ...oddEvenSum,
  operators: oddEvenSum.operators.map((op, i) => (i === 1 ? { ...op, parallelism: 'two' } : op)),
});

/** Each bad invocation, and words its one-line error must contain. */
const BAD: { name: string; args: () => string[]; says: RegExp }[] = [
  { name: 'unknown preset', args: () => ['no-such-preset'], says: /no-such-preset.*odd-even-sum/ },
  {
    name: 'missing file',
    args: () => [join(dir, 'missing.json')],
    says: /cannot read .*missing\.json/,
  },
  { name: 'a directory for a file', args: () => [join(dir, 'folder.json')], says: /cannot read/ },
  {
    name: 'invalid JSON',
    args: () => [file('truncated.json', '{"version": 1, "operators": [')],
    says: /truncated\.json is not valid JSON/,
  },
  {
    name: 'a scenario with a field of the wrong type',
    args: () => [file('parallelism.json', withParallelism)],
    says: /not a valid scenario: operators\[1\]\.parallelism: /,
  },
  {
    name: 'a scenario naming an unknown operator',
    args: () => [
      file(
        'edge.json',
        JSON.stringify({
          ...oddEvenSum,
          edges: [...oddEvenSum.edges, { from: 'source', to: 'nowhere', partitioning: 'forward' }],
        }),
      ),
    ],
    says: /edges\[2\]\.to: unknown operator "nowhere"/,
  },
  {
    name: 'JSON that is not an object',
    args: () => [file('array.json', '[1, 2, 3]')],
    says: /not a valid scenario: scenario: /,
  },
  {
    name: 'unknown --mode',
    args: () => ['odd-even-sum', '--mode', 'exactly-twice'],
    says: /--mode/,
  },
  { name: '--mode without a value', args: () => ['odd-even-sum', '--mode'], says: /--mode/ },
  { name: 'negative --ticks', args: () => ['odd-even-sum', '--ticks=-1'], says: /--ticks.*"-1"/ },
  {
    name: 'negative --ticks, spaced',
    args: () => ['odd-even-sum', '--ticks', '-1'],
    says: /--ticks/,
  },
  { name: 'fractional --ticks', args: () => ['odd-even-sum', '--ticks', '1.5'], says: /--ticks/ },
  {
    name: 'a --ticks no run could finish',
    args: () => ['odd-even-sum', '--ticks', '99999999999'],
    says: /--ticks/,
  },
  {
    name: 'word for --seed',
    args: () => ['odd-even-sum', '--seed', 'seven'],
    says: /--seed.*"seven"/,
  },
  { name: 'exponent for --seed', args: () => ['odd-even-sum', '--seed', '1e3'], says: /--seed/ },
  { name: 'unknown option', args: () => ['odd-even-sum', '--bogus'], says: /--bogus/ },
  {
    name: 'unknown --events',
    args: () => ['odd-even-sum', '--events', 'some'],
    says: /--events must be one of all, milestones, none/,
  },
  {
    name: 'a misspelt key',
    args: () => [
      file(
        'misspelt.json',
        JSON.stringify({
          ...oddEvenSum,
          checkpoint: { ...oddEvenSum.checkpoint, intervalMS: 500 },
        }),
      ),
    ],
    says: /misspelt\.json is not a valid scenario: checkpoint: has an unknown key "intervalMS" \(did you mean "intervalMs"\?\)/,
  },
  {
    name: 'nesting deeper than the app reads',
    args: () => [file('deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`)],
    says: /deep\.json is not valid JSON \(it is nested more than 64 levels deep\)/,
  },
  {
    name: 'three levels of broadcast',
    args: () => [file('fanout.json', JSON.stringify(fanOutDraft(1000)))],
    says: /fanout\.json is not a valid scenario: scenario: this job would move about .* the broadcast edge b → c/,
  },
  {
    name: 'a newer file version',
    args: () => [
      file(
        'newer.json',
        JSON.stringify({ format: 'checkpoint-lab-scenario', version: 9, scenario: oddEvenSum }),
      ),
    ],
    says: /newer\.json: This file was written by a newer Checkpoint Lab \(file version 9\)/,
  },
  { name: 'no scenario', args: () => [], says: /usage/ },
  { name: 'two scenarios', args: () => ['odd-even-sum', 'barrier-alignment'], says: /usage/ },
];

const outcomes = new Map<string, Outcome>();
let oddEven: Outcome;
let barrierAlignment: Outcome;
let atLeastOnce: Outcome;
let shortRun: Outcome;
let exported: Outcome;
let milestones: Outcome;
let noEvents: Outcome;
let halted: Outcome;
let stopped: Outcome;

beforeAll(async () => {
  mkdirSync(join(dir, 'folder.json'));
  // A few processes at a time: each starts Node and the TypeScript loader.
  const jobs: (() => Promise<void>)[] = [
    async () => void (oddEven = await sim('odd-even-sum')),
    async () => void (barrierAlignment = await sim('barrier-alignment')),
    async () => void (atLeastOnce = await sim('barrier-alignment', '--mode', 'at-least-once')),
    async () =>
      void (shortRun = await sim(
        file('preset.json', JSON.stringify(oddEvenSum)),
        '--ticks',
        '5',
        '--seed',
        '7',
      )),
    async () =>
      void (exported = await sim(
        file(
          'exported.json',
          `\uFEFF${JSON.stringify({
            format: 'checkpoint-lab-scenario',
            version: 1,
            scenario: oddEvenSum,
            events: [{ type: 'JobFinished', reason: 'x', tick: 3 }],
          })}`,
        ),
      )),
    async () => void (milestones = await sim('odd-even-sum', '--events', 'milestones')),
    async () => void (noEvents = await sim('odd-even-sum', '--events=none')),
    async () =>
      void (halted = await sim(
        file('worst.json', JSON.stringify(worstCaseScenario())),
        '--events',
        'milestones',
      )),
    async () =>
      void (stopped = await sim(
        file(
          'stopped.json',
          JSON.stringify({
            ...oddEvenSum,
            actions: [
              ...oddEvenSum.actions,
              { type: 'savepoint', when: { atTick: 13 }, name: 'stop-at-13', stop: true },
            ],
          }),
        ),
      )),
    ...BAD.map((b) => async () => void outcomes.set(b.name, await sim(...b.args()))),
  ];
  const workers = Array.from({ length: 4 }, async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await job();
  });
  await Promise.all(workers);
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the headless runner refuses bad input with one line on stderr', () => {
  it.each(BAD.map((b) => [b.name, b] as const))('%s', (_, bad) => {
    const out = outcomes.get(bad.name)!;
    expect(out.status).not.toBe(0);
    expect(out.stdout).toBe('');
    const lines = out.stderr.split('\n').filter((l) => l.length > 0);
    expect(lines, out.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^sim: /);
    expect(lines[0]).toMatch(bad.says);
  });
});

interface Report {
  scenario: string;
  mode: string;
  tick: number;
  job: { status: string; restarts: number; failReason?: Record<string, unknown> };
  inFlight: { elements: number; buffered: number; messages: number; writes: number };
  tasks: {
    id: string;
    operator: string;
    subtask: number;
    status: string;
    state: Record<string, unknown>;
  }[];
  checkpoints: {
    id: number;
    kind: string;
    status: string;
    failReason?: Record<string, unknown>;
    snapshots: Record<string, Record<string, unknown>>;
  }[];
  sinks: Record<string, number[]>;
  events: TimedEvent[];
}

const report = (out: Outcome): Report => {
  expect(out.status, out.stderr).toBe(0);
  expect(out.stderr).toBe('');
  return JSON.parse(out.stdout) as Report;
};

describe('the headless runner prints the documented JSON for a preset', () => {
  it('odd-even-sum: checkpoint 1 at offset 5 with 6 and 9, the failure before 7, the end at 20 and 25', () => {
    const r = report(oddEven);
    expect(r).toMatchObject({ scenario: 'odd-even-sum', mode: 'exactly-once' });
    expect(r.job).toEqual({ status: 'FINISHED', restarts: 1 });
    const state = (id: string) => r.tasks.find((t) => t.id === id)!.state;
    expect(state('source#0')).toEqual({ offset: 9 });
    expect(state('sum_even#0')).toMatchObject({ sum: 20 });
    expect(state('sum_odd#0')).toMatchObject({ sum: 25 });
    const first = r.checkpoints.find((c) => c.id === 1)!;
    expect(first.status).toBe('COMPLETED');
    expect(first.snapshots['source#0']).toEqual({ offset: 5 });
    expect(first.snapshots['sum_even#0']).toMatchObject({ sum: 6 });
    expect(first.snapshots['sum_odd#0']).toMatchObject({ sum: 9 });
    const failed = r.events.find((e) => e.type === 'TaskFailed');
    expect(failed).toMatchObject({ type: 'TaskFailed', task: 'sum_odd#0', record: 7 });
    expect(r.events.find((e) => e.type === 'CheckpointCompleted')).toMatchObject({ checkpoint: 1 });
    expect(r.events.find((e) => e.type === 'BarrierInjected')).toMatchObject({
      task: 'source#0',
      checkpoint: 1,
      offset: 5,
    });
    for (const e of r.events) expect(Number.isInteger(e.tick)).toBe(true);
  });

  it('barrier-alignment: the sink received every sum update, tasks named operator#subtask', () => {
    const r = report(barrierAlignment);
    expect(r.job.status).toBe('FINISHED');
    expect(r.tasks.map((t) => t.id)).toEqual([
      'source#0',
      'source#1',
      'sum_even#0',
      'sum_odd#0',
      'sink#0',
    ]);
    // Two sources read 1..9: sum_even sees 2,4,6,8 twice, sum_odd 1,3,5,7,9 twice, and each
    // addition sends the new sum to the sink.
    expect(r.sinks['sink#0']).toHaveLength(8 + 10);
    expect(Math.max(...r.sinks['sink#0'])).toBe(50);
    expect(r.events.some((e) => e.type === 'ChannelBlocked' && e.task === 'sum_even#0')).toBe(true);
  });

  it('--mode at-least-once runs the same preset without alignment', () => {
    const r = report(atLeastOnce);
    expect(r.mode).toBe('at-least-once');
    expect(r.events.some((e) => e.type === 'ChannelBlocked')).toBe(false);
  });

  it('a scenario file, --ticks and --seed: the run stops at the tick asked for', () => {
    const r = report(shortRun);
    expect(r.tick).toBe(5);
    expect(r.job.status).toBe('RUNNING');
    expect(r.events.every((e) => e.tick <= 5)).toBe(true);
  });
});

describe('the headless runner reads what the app reads and prints what it is asked for', () => {
  it("runs a file in the app's export format with a byte order mark, as the app opens it", () => {
    const r = report(exported);
    const plain = report(oddEven);
    expect(r.job).toEqual(plain.job);
    expect(r.tasks).toEqual(plain.tasks);
    // The events are the run's own, not the ones the file carried.
    expect(r.events).toEqual(plain.events);
  });

  it('--events milestones prints the job and checkpoint events only; none prints no list', () => {
    const r = report(milestones);
    const all = report(oddEven);
    const kept = new Set(['CheckpointTriggered', 'CheckpointCompleted', 'TaskFailed']);
    expect(r.events.length).toBeLessThan(all.events.length);
    expect(r.events.map((e) => e.type)).toEqual(
      all.events.filter((e) => MILESTONE_EVENTS.has(e.type)).map((e) => e.type),
    );
    for (const type of kept) expect(r.events.some((e) => e.type === type)).toBe(true);
    expect(r.events.some((e) => e.type === 'RecordEmitted')).toBe(false);
    const none = report(noEvents);
    expect('events' in none).toBe(false);
    expect(none.tasks).toEqual(all.tasks);
    expect(none.checkpoints).toEqual(all.checkpoints);
  });
});

describe('the headless runner on a run that passes its budget', () => {
  it('prints what the run made up to the limit, and why it stopped', () => {
    const r = report(halted) as Report & {
      halted?: { code: string; limit: string; used: number; max: number };
    };
    expect(r.job.status).toBe('RUNNING');
    expect(r.halted).toMatchObject({ code: 'budget-exceeded', limit: 'in-flight', max: 10_000 });
    expect(r.events[r.events.length - 1]).toMatchObject({ type: 'RunHalted', tick: r.tick });
  });
});

describe('the headless runner shows a job that ended with its checkpoints ended', () => {
  it('odd-even-sum stopped with a savepoint at tick 13: finished, nothing in progress, nothing in flight', () => {
    const r = report(stopped);
    expect(r.job.status).toBe('FINISHED');
    expect(r.inFlight).toEqual({ elements: 0, buffered: 0, messages: 0, writes: 0 });
    expect(r.checkpoints.filter((c) => c.status === 'IN_PROGRESS')).toEqual([]);
    // The checkpoint requested at offset 5 waited behind the savepoint and was dropped with it.
    expect(r.checkpoints.map((c) => [c.kind, c.status])).toEqual([['savepoint', 'COMPLETED']]);
    expect(r.events.find((e) => e.type === 'JobFinished')).toMatchObject({
      reason: { code: 'stopped-with-savepoint', savepoint: 1 },
    });
  });
});
