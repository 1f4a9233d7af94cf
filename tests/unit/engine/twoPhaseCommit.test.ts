import { describe, expect, it } from 'vitest';
import {
  consumed,
  judge,
  topicsOf,
  type Scenario,
  type SimState,
  type TimedEvent,
} from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { record } from '../../helpers/sim';

// A two-phase-commit sink writes into a Kafka-like topic inside transactions (KafkaSink,
// TwoPhaseCommitSinkFunction): begun with the first record, pre-committed in the checkpoint's
// snapshot, committed when the checkpoint's completion is notified, aborted when the task fails
// with it open; a restore commits what the restored checkpoint pre-committed and aborts the rest.

const SUMS = [1, 3, 6, 10, 15, 21, 28, 36, 45];

function job(sink: Record<string, unknown>, extra: Partial<Scenario> = {}): Scenario {
  return withDefaults({
    id: 'two-phase',
    title: 'Two-phase commit',
    operators: [
      {
        id: 'source',
        kind: 'source',
        parallelism: 1,
        input: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        period: 2,
      },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
      { id: 'sink', kind: 'sink', parallelism: 1, topic: 'sums', ...sink },
    ],
    edges: [
      { from: 'source', to: 'sum', partitioning: 'forward', latency: 1 },
      { from: 'sum', to: 'sink', partitioning: 'forward', latency: 1 },
    ],
    checkpoint: { intervalMs: 600, initialDelayMs: 600 },
    restart: { type: 'fixed-delay', attempts: 3, delayMs: 300 },
    ...extra,
  });
}

const end = (run: { states: SimState[] }) => run.states[run.states.length - 1];
const values = (state: SimState, isolation: 'read_committed' | 'read_uncommitted') =>
  consumed(topicsOf(state)[0], isolation).map((r) => r.value);
const ofType = <T extends TimedEvent['type']>(events: TimedEvent[], type: T) =>
  events.filter((e): e is Extract<TimedEvent, { type: T }> => e.type === type);

describe('a transactional sink writing into a topic', () => {
  const failing = job(
    { transactional: true },
    {
      actions: [{ type: 'fail-task', task: 'sum#0', when: { beforeValue: 7 } }],
    },
  );
  const run = record(failing);

  it('read_uncommitted reads the aborted transaction too (duplicates); read_committed reads each sum once', () => {
    const last = end(run);
    expect(last.job.status).toBe('FINISHED');
    expect(values(last, 'read_committed')).toEqual(SUMS);
    const uncommitted = values(last, 'read_uncommitted');
    expect(uncommitted.length).toBeGreaterThan(SUMS.length);
    const aborted = topicsOf(last)[0].records.filter((r) => r.state === 'aborted');
    expect(aborted.length).toBeGreaterThan(0);
    expect(aborted.every((r) => r.abort === 'failover' || r.abort === 'recovery')).toBe(true);
    // The account names each record read twice, and why; read_committed has nothing to say.
    const verdict = judge({ state: last, events: run.events });
    const [uncommittedAccount, committedAccount] = verdict.consumers;
    expect(committedAccount).toMatchObject({
      isolation: 'read_committed',
      duplicates: [],
      lost: [],
    });
    expect(uncommittedAccount.isolation).toBe('read_uncommitted');
    expect(uncommittedAccount.duplicates.map((d) => d.value).sort((a, b) => a - b)).toEqual(
      aborted.map((r) => r.value).sort((a, b) => a - b),
    );
    expect(uncommittedAccount.duplicates.every((d) => d.cause === 'aborted-transaction')).toBe(
      true,
    );
    expect(uncommittedAccount.lost).toEqual([]);
  });

  it('read_committed lags: at a moment with an open transaction it has read only what was committed', () => {
    const mid = run.states.find((s) =>
      topicsOf(s)[0].records.some((r) => r.state === 'open' || r.state === 'pre-committed'),
    )!;
    const all = topicsOf(mid)[0].records;
    const committed = values(mid, 'read_committed');
    expect(committed.length).toBeLessThan(all.length);
    expect(values(mid, 'read_uncommitted')).toEqual(all.map((r) => r.value));
  });

  it('transactions carry KafkaSink-like ids and pass through pre-committed to committed', () => {
    const last = end(run);
    const txns = last.tasks[2].transactions;
    expect(txns[0].id).toBe('sink-0-1');
    const preCommits = ofType(run.events, 'TransactionPreCommitted');
    expect(preCommits.length).toBeGreaterThan(0);
    expect(txns.every((t) => t.state === 'committed' || t.state === 'aborted')).toBe(true);
  });
});

describe('an at-least-once sink (not transactional) writing into a topic', () => {
  it('both consumers read the replayed sums twice, named as replays', () => {
    const scenario = job(
      {},
      { actions: [{ type: 'fail-task', task: 'sum#0', when: { beforeValue: 7 } }] },
    );
    const run = record(scenario);
    const last = end(run);
    expect(values(last, 'read_committed')).toEqual(values(last, 'read_uncommitted'));
    const verdict = judge({ state: last, events: run.events });
    for (const account of verdict.consumers) {
      expect(account.duplicates.length).toBeGreaterThan(0);
      expect(account.duplicates.every((d) => d.cause === 'replayed')).toBe(true);
    }
  });
});

describe('commit notifications late or lost', () => {
  it('a late notification of N arrives after N+1 committed N too: each sum is committed once', () => {
    const scenario = job(
      { transactional: true },
      {
        actions: [{ type: 'delay-commit-notification', checkpoint: 1, delayMs: 1500 }],
      },
    );
    const run = record(scenario);
    const commits = ofType(run.events, 'SinkCommitted');
    const first = commits.find((c) => c.checkpoint === 1)!;
    const second = commits.find((c) => c.checkpoint === 2)!;
    // Committed together, by the notification of checkpoint 2.
    expect(first.tick).toBe(second.tick);
    expect(values(end(run), 'read_committed')).toEqual(SUMS);
  });
});

describe('the transaction timeout trap', () => {
  // Checkpoint 1 completes, but its notification is late; the sink fails before it arrives and the
  // job stays down 3 s, longer than the 2 s transaction timeout: the broker aborts the
  // pre-committed transaction, and the restore cannot commit it.
  const trap = job(
    { transactional: true, transactionTimeoutMs: 2000 },
    {
      actions: [
        { type: 'delay-commit-notification', checkpoint: 1, delayMs: 5000 },
        { type: 'fail-task', task: 'sink#0', when: { atTick: 12 } },
      ],
      restart: { type: 'fixed-delay', attempts: 3, delayMs: 3000 },
    },
  );
  const run = record(trap);
  const last = end(run);

  it('the checkpoint completed, yet its records are lost to read_committed, named with the cause', () => {
    expect(last.checkpoints.find((c) => c.id === 1)!.status).toBe('COMPLETED');
    const aborted = ofType(run.events, 'TransactionAborted').filter((e) => e.why === 'timeout');
    expect(aborted.length).toBeGreaterThan(0);
    const lostEvents = ofType(run.events, 'TransactionLost');
    expect(lostEvents.map((e) => e.checkpoint)).toContain(1);
    const timedOut = topicsOf(last)[0].records.filter((r) => r.abort === 'timeout');
    const committed = values(last, 'read_committed');
    for (const r of timedOut) expect(committed).not.toContain(r.value);
    const verdict = judge({ state: last, events: run.events });
    const account = verdict.consumers.find((c) => c.isolation === 'read_committed')!;
    expect(account.lost.map((l) => l.value).sort((a, b) => a - b)).toEqual(
      timedOut.map((r) => r.value).sort((a, b) => a - b),
    );
    expect(account.lost.every((l) => l.cause === 'transaction-timeout')).toBe(true);
    expect(verdict.sinkLost.map((l) => l.value).sort((a, b) => a - b)).toEqual(
      account.lost.map((l) => l.value).sort((a, b) => a - b),
    );
  });

  it('with a timeout longer than the downtime nothing is lost', () => {
    const safe = job(
      { transactional: true, transactionTimeoutMs: 60_000 },
      {
        actions: trap.actions,
        restart: trap.restart,
      },
    );
    const ok = record(safe);
    expect(values(end(ok), 'read_committed')).toEqual(SUMS);
    expect(ofType(ok.events, 'TransactionLost')).toEqual([]);
  });

  it("unset, the timeout is KafkaSink's 1 h: a job down 2 min loses nothing, where Kafka's 60 s would", () => {
    const down = (sink: Record<string, unknown>) =>
      record(
        job(sink, {
          actions: trap.actions,
          restart: { type: 'fixed-delay', attempts: 3, delayMs: 120_000 },
        }),
        2000,
      );
    const unset = down({ transactional: true });
    expect(values(end(unset), 'read_committed')).toEqual(SUMS);
    expect(ofType(unset.events, 'TransactionLost')).toEqual([]);
    const kafkaDefault = down({ transactional: true, transactionTimeoutMs: 60_000 });
    expect(ofType(kafkaDefault.events, 'TransactionLost').length).toBeGreaterThan(0);
  });

  it('an open transaction older than the timeout fences the sink: the task fails over, nothing is lost', () => {
    const slow = job(
      { transactional: true, transactionTimeoutMs: 500 },
      {
        checkpoint: { ...job({}).checkpoint, intervalMs: 3000, initialDelayMs: 3000 },
        restart: { type: 'fixed-delay', attempts: 1, delayMs: 100 },
      },
    );
    const r = record(slow);
    const failed = ofType(r.events, 'TaskFailed');
    expect(failed[0].reason).toMatchObject({ code: 'transaction-timed-out', task: 'sink#0' });
  });
});

describe('a failed job submitted again from its checkpoint (resume-from-checkpoint)', () => {
  // The trap's failure with no restart strategy: the job fails for good at tick 12 and stays
  // down until someone runs `flink run -s` on its latest checkpoint.
  const downFor = (ticks: number, timeoutMs = 2000) =>
    job(
      { transactional: true, transactionTimeoutMs: timeoutMs },
      {
        actions: [
          { type: 'delay-commit-notification', checkpoint: 1, delayMs: 5000 },
          { type: 'fail-task', task: 'sink#0', when: { atTick: 12 } },
          { type: 'resume-from-checkpoint', when: { atTick: 12 + ticks } },
        ],
        restart: { type: 'none' },
      },
    );

  it('the job stays FAILED until the action, then a new job restores the latest checkpoint and ends', () => {
    const run = record(downFor(40));
    const failedAt = run.states.findIndex((s) => s.job.status === 'FAILED');
    expect(failedAt).toBe(12);
    // Down, and still stepped: the broker's clock goes on.
    for (let tick = failedAt; tick < 52; tick++) expect(run.states[tick].job.status).toBe('FAILED');
    expect(run.states[52].job.status).toBe('RUNNING');
    const resumed = ofType(run.events, 'JobRestarted');
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ tick: 52, checkpoint: 1, newJob: true });
    // A new job: its restart strategy and failure count start again.
    expect(run.states[52].job.restarts).toBe(0);
    expect(run.states[52].job.failReason).toBeNull();
    expect(end(run).job.status).toBe('FINISHED');
  });

  it('down longer than the transaction timeout: checkpoint 1 completed, yet its records are lost, named with the cause', () => {
    const run = record(downFor(40));
    const last = end(run);
    const aborted = ofType(run.events, 'TransactionAborted').filter((e) => e.why === 'timeout');
    // Aborted while the job was down, before the new job started.
    expect(aborted.length).toBeGreaterThan(0);
    expect(aborted.every((e) => e.tick < 52)).toBe(true);
    expect(ofType(run.events, 'TransactionLost').map((e) => e.checkpoint)).toContain(1);
    const timedOut = topicsOf(last)[0].records.filter((r) => r.abort === 'timeout');
    expect(timedOut.length).toBeGreaterThan(0);
    const verdict = judge({ state: last, events: run.events });
    const account = verdict.consumers.find((c) => c.isolation === 'read_committed')!;
    expect(account.lost.map((l) => l.value).sort((a, b) => a - b)).toEqual(
      timedOut.map((r) => r.value).sort((a, b) => a - b),
    );
    expect(account.lost.every((l) => l.cause === 'transaction-timeout')).toBe(true);
  });

  it('back within the transaction timeout: read_committed reads every sum once, nothing lost', () => {
    const run = record(downFor(5, 60_000));
    expect(values(end(run), 'read_committed')).toEqual(SUMS);
    expect(ofType(run.events, 'TransactionLost')).toEqual([]);
    const verdict = judge({ state: end(run), events: run.events });
    expect(verdict.consumers.find((c) => c.isolation === 'read_committed')!.lost).toEqual([]);
  });

  it('a job that never fails never resumes: the action waits, and the run ends when the job does', () => {
    const calm = job(
      { transactional: true },
      { actions: [{ type: 'resume-from-checkpoint', when: { atTick: 5 } }] },
    );
    const run = record(calm);
    expect(ofType(run.events, 'JobRestarted')).toEqual([]);
    expect(end(run).job.status).toBe('FINISHED');
    expect(values(end(run), 'read_committed')).toEqual(SUMS);
  });
});
