import { describe, expect, it } from 'vitest';
import {
  consumed,
  judge,
  topicsOf,
  topologyOf,
  type Isolation,
  type SimState,
  type TimedEvent,
} from '../../../src/engine';
import type { Lesson } from '../../../src/scenarios/lesson';
import { PRESET_TITLES } from '../../../src/scenarios/presets/titles';
import { atLeastOnceSink } from '../../../src/scenarios/presets/twoPhaseCommit';
import { sinkTransactions as sinkView } from '../../../src/app/graph/transactionView';
import { record } from '../../helpers/sim';
import { lessonById } from '../../../src/scenarios/lessons/course';

const lesson9Latency = lessonById('end-to-end-latency')!;
const lesson9Timeout = lessonById('transaction-timeout')!;
const lesson9TwoPhaseCommit = lessonById('end-to-end-exactly-once')!;

// What lesson 9's steps say each consumer read and each transaction went through, checked
// against the engine at the steps' ticks.
const tickOf = (lesson: Lesson, en: string) => {
  const step = lesson.steps.find((s) => s.title.en === en);
  if (!step) throw new Error(`${lesson.id} has no step "${en}"`);
  return step.tick;
};
const read = (state: SimState, isolation: Isolation) =>
  consumed(topicsOf(state)[0], isolation).map((r) => r.value);
const ofType = <T extends TimedEvent['type']>(events: TimedEvent[], type: T) =>
  events.filter((e): e is Extract<TimedEvent, { type: T }> => e.type === type);
const sinkTransactions = (state: SimState) =>
  state.tasks[topologyOf(state.scenario).taskIndex.get('sink#0')!].transactions;
/** The sink's transactions at a moment, as `id:state:values`. */
const transactions = (state: SimState) =>
  sinkTransactions(state).map((t) => {
    const values = topicsOf(state)[0]
      .records.filter((r) => r.transaction === t.id && r.state === t.state)
      .map((r) => r.value);
    return `${t.id}:${t.state}:${values.join(',')}`;
  });

const ALL = [1, 2, 4, 6, 9, 12, 16, 20, 25];

describe('lesson 9, part 1: a two-phase-commit sink and a failure', () => {
  const lesson = lesson9TwoPhaseCommit;
  const { states, events } = record(lesson.scenario);
  const at = (en: string) => states[tickOf(lesson, en)];

  it('by tick 15 sink-0-1, open since tick 3, holds 1, 2, 4, 6, 9: read_uncommitted read them, read_committed nothing', () => {
    const s = at('Written, not yet committed');
    expect(transactions(s)).toEqual(['sink-0-1:open:1,2,4,6,9']);
    expect(ofType(events, 'TransactionBegun')[0]).toMatchObject({
      transaction: 'sink-0-1',
      tick: 3,
    });
    expect(read(s, 'read_uncommitted')).toEqual([1, 2, 4, 6, 9]);
    expect(read(s, 'read_committed')).toEqual([]);
  });

  it('barrier 1 pre-commits sink-0-1 with its 5 records at tick 17, in checkpoint 1’s snapshot', () => {
    const tick = tickOf(lesson, 'Pre-commit at the barrier');
    const pre = ofType(events, 'TransactionPreCommitted')[0];
    expect([pre.tick, pre.transaction, pre.checkpoint, pre.records]).toEqual([
      tick,
      'sink-0-1',
      1,
      5,
    ]);
    expect(transactions(states[tick])).toEqual(['sink-0-1:pre-committed:1,2,4,6,9']);
  });

  it('checkpoint 1 completes at tick 19, its notification 2 s late: sink-0-1 still pre-committed, sink-0-2 open with 12 since tick 18', () => {
    const tick = tickOf(lesson, 'Complete, but not committed');
    const done = ofType(events, 'CheckpointCompleted')[0];
    expect([done.tick, done.checkpoint]).toEqual([tick, 1]);
    expect(lesson.scenario.actions).toContainEqual({
      type: 'delay-commit-notification',
      checkpoint: 1,
      delayMs: 2000,
    });
    expect(transactions(states[tick])).toEqual([
      'sink-0-1:pre-committed:1,2,4,6,9',
      'sink-0-2:open:12',
    ]);
    expect(ofType(events, 'TransactionBegun')[1]).toMatchObject({
      transaction: 'sink-0-2',
      tick: 18,
    });
    expect(read(states[tick], 'read_committed')).toEqual([]);
    // The sink's node names the open transaction; the pre-committed one is its checkpoint's tag
    // and its count beside it, which is how the step points at it.
    const shown = sinkView(
      states[tick].tasks[topologyOf(lesson.scenario).taskIndex.get('sink#0')!],
    );
    expect(shown.current).toMatchObject({ id: 'sink-0-2', state: 'open' });
    expect(shown.waiting).toMatchObject([{ id: 'sink-0-1', checkpoint: 1, records: 5 }]);
    const step = lesson.steps.find((s) => s.tick === tick)!;
    expect(step.text.en).toContain('the tag 1 with its 5 records, beside the open transaction');
    expect(step.text.zh).toContain('进行中事务旁的标签 1，带着 5 条数据');
  });

  it('sum_odd fails before 7 at tick 20; at tick 21 sink-0-2 is aborted with its 12, which read_uncommitted read', () => {
    const failed = ofType(events, 'TaskFailed')[0];
    expect([failed.tick, failed.task, failed.record]).toEqual([
      tickOf(lesson, 'A failure'),
      'sum_odd#0',
      7,
    ]);
    const tick = tickOf(lesson, 'The open transaction is aborted');
    const aborted = ofType(events, 'TransactionAborted')[0];
    expect([aborted.tick, aborted.transaction, aborted.why, aborted.records]).toEqual([
      tick,
      'sink-0-2',
      'failover',
      1,
    ]);
    expect(read(states[tick], 'read_uncommitted')).toContain(12);
    expect(read(states[tick], 'read_committed')).not.toContain(12);
  });

  it('the restore at tick 23 commits sink-0-1: read_committed reads 1, 2, 4, 6, 9', () => {
    const tick = tickOf(lesson, 'The restore commits');
    const restarted = ofType(events, 'JobRestarted')[0];
    expect([restarted.tick, restarted.checkpoint]).toEqual([tick, 1]);
    expect(ofType(events, 'SinkCommitted')[0]).toMatchObject({ checkpoint: 1, tick });
    expect(read(states[tick], 'read_committed')).toEqual([1, 2, 4, 6, 9]);
  });

  it('at tick 26 the replay writes 12 into a new sink-0-2: read_uncommitted read it twice, read_committed not yet', () => {
    const s = at('12 again');
    expect(ofType(events, 'SourceRewound')[0].offset).toBe(5);
    expect(transactions(s).at(-1)).toBe('sink-0-2:open:12');
    expect(read(s, 'read_uncommitted').filter((v) => v === 12)).toHaveLength(2);
    expect(read(s, 'read_committed')).toEqual([1, 2, 4, 6, 9]);
  });

  it('the job ends at tick 35: read_committed read each sum once, read_uncommitted 12 twice', () => {
    const end = states[states.length - 1];
    expect(end.tick).toBe(tickOf(lesson, 'Exactly once, for read_committed'));
    expect(end.job.status).toBe('FINISHED');
    expect(ofType(events, 'InputFinished')[0].tick).toBe(end.tick);
    expect(ofType(events, 'SinkCommitted').at(-1)!.tick).toBe(end.tick);
    // No interval, so no final checkpoint: as Flink's sink committer does without periodic
    // checkpointing, the last transaction is committed at the end of input, by no checkpoint.
    expect(lesson.scenario.checkpoint.intervalMs).toBeNull();
    expect(ofType(events, 'InputFinished')[0]).toMatchObject({ awaitingCheckpoint: false });
    expect(ofType(events, 'SinkCommitted').at(-1)).toMatchObject({ checkpoint: null });
    expect(ofType(events, 'JobFinished')[0].reason).not.toHaveProperty('finalCheckpoint');
    expect(read(end, 'read_committed')).toEqual(ALL);
    const [uncommitted, committed] = judge({ state: end, events }).consumers;
    expect(committed).toMatchObject({ isolation: 'read_committed', duplicates: [], lost: [] });
    expect(uncommitted.duplicates.map((d) => [d.value, d.seen, d.cause])).toEqual([
      [12, 2, 'aborted-transaction'],
    ]);
  });

  it('the at-least-once sink it names by its picker title: after the same failure both consumers read 12 twice', () => {
    const title = PRESET_TITLES.find((p) => p.id === atLeastOnceSink.id)!.title;
    const last = lesson.steps[lesson.steps.length - 1].text;
    expect(last.en).toContain(`“${title.en}”`);
    expect(last.zh).toContain(`“${title.zh}”`);
    const run = record(atLeastOnceSink);
    const end = run.states[run.states.length - 1];
    for (const account of judge({ state: end, events: run.events }).consumers) {
      expect(account.duplicates.map((d) => [d.value, d.seen])).toEqual([[12, 2]]);
      expect(account.lost).toEqual([]);
    }
  });
});

describe('lesson 9, part 2: output latency against the checkpoint interval', () => {
  const lesson = lesson9Latency;
  const { states, events } = record(lesson.scenario);

  it('checkpoints every 1000 ms, no failure', () => {
    expect(lesson.scenario.checkpoint.intervalMs).toBe(1000);
    expect(ofType(events, 'TaskFailed')).toEqual([]);
  });

  it('at tick 12 read_uncommitted read 1, 2, 4, 6 and read_committed nothing; checkpoint 1 was triggered at tick 10', () => {
    const s = states[tickOf(lesson, 'Four sums waiting')];
    expect(read(s, 'read_uncommitted')).toEqual([1, 2, 4, 6]);
    expect(read(s, 'read_committed')).toEqual([]);
    expect(ofType(events, 'CheckpointTriggered')[0]).toMatchObject({ checkpoint: 1, tick: 10 });
  });

  it('the 1 written at tick 3 is read by read_committed at tick 16: pre-commit at 13 (4 records), complete at 15', () => {
    const written = topicsOf(states[states.length - 1])[0].records.find((r) => r.value === 1)!;
    expect(written.tick).toBe(3);
    const pre = ofType(events, 'TransactionPreCommitted')[0];
    expect([pre.tick, pre.transaction, pre.records]).toEqual([
      tickOf(lesson, 'Pre-committed'),
      'sink-0-1',
      4,
    ]);
    expect(ofType(events, 'CheckpointCompleted')[0].tick).toBe(15);
    const first = states.findIndex((s) => read(s, 'read_committed').length > 0);
    expect(first).toBe(tickOf(lesson, 'The first batch'));
    expect(read(states[first], 'read_committed')).toEqual([1, 2, 4, 6]);
    expect((first - written.tick) * lesson.scenario.tickMs).toBe(1300);
  });

  it('read_committed reads one batch per checkpoint, ten ticks apart: 9, 12, 16 at tick 26, 20 and 25 at tick 36', () => {
    const batches: [number, number[]][] = [];
    for (let t = 1; t < states.length; t++) {
      const before = read(states[t - 1], 'read_committed');
      const now = read(states[t], 'read_committed');
      if (now.length > before.length) batches.push([t, now.slice(before.length)]);
    }
    expect(batches).toEqual([
      [16, [1, 2, 4, 6]],
      [tickOf(lesson, 'One batch per checkpoint'), [9, 12, 16]],
      [tickOf(lesson, 'The final checkpoint'), [20, 25]],
    ]);
    expect(batches[1][0] - batches[0][0]).toBe(lesson.scenario.checkpoint.intervalMs! / 100);
  });

  it('the input ends at tick 27 and the job finishes at tick 36 with the final checkpoint 3', () => {
    expect(ofType(events, 'InputFinished')[0]).toMatchObject({
      tick: 27,
      awaitingCheckpoint: true,
    });
    const end = states[states.length - 1];
    expect(end.tick).toBe(36);
    const finished = ofType(events, 'JobFinished')[0];
    expect(finished.reason).toMatchObject({ finalCheckpoint: 3 });
    expect(read(end, 'read_committed')).toEqual(ALL);
  });
});

describe('lesson 9, part 3: the transaction timeout trap', () => {
  const lesson = lesson9Timeout;
  const { states, events } = record(lesson.scenario);
  const sink = lesson.scenario.operators.find((o) => o.kind === 'sink')!;

  it('a 3 s transaction timeout and a 3 s restart delay', () => {
    expect(sink.kind === 'sink' && sink.transactionTimeoutMs).toBe(3000);
    expect(lesson.scenario.restart).toMatchObject({ type: 'fixed-delay', delayMs: 3000 });
  });

  it('barrier 1 pre-commits sink-0-1 (1, 2, 4, 6, 9, first written at tick 3) at tick 17', () => {
    const tick = tickOf(lesson, 'Pre-committed, as before');
    expect(transactions(states[tick])).toEqual(['sink-0-1:pre-committed:1,2,4,6,9']);
    expect(sinkTransactions(states[tick])[0].startTick).toBe(3);
  });

  it('checkpoint 1 completes at tick 19; sum_odd fails at tick 20 and the job restarts at tick 50', () => {
    expect(ofType(events, 'CheckpointCompleted')[0].tick).toBe(19);
    const failed = ofType(events, 'TaskFailed')[0];
    expect([failed.tick, failed.task]).toEqual([
      tickOf(lesson, 'A failure, and a long wait'),
      'sum_odd#0',
    ]);
    expect(ofType(events, 'SinkCommitted').filter((e) => e.checkpoint === 1)).toEqual([]);
    expect(ofType(events, 'JobRestarted')[0]).toMatchObject({
      tick: tickOf(lesson, 'Nothing to commit'),
      checkpoint: 1,
    });
  });

  it('the broker aborts sink-0-1 at tick 33, 3 s after its first record, while the job is down', () => {
    const tick = tickOf(lesson, 'The broker aborts');
    const timedOut = ofType(events, 'TransactionAborted').filter((e) => e.why === 'timeout');
    expect(timedOut.map((e) => [e.tick, e.transaction, e.completedCheckpoint])).toEqual([
      [tick, 'sink-0-1', 1],
    ]);
    expect((tick - 3) * lesson.scenario.tickMs).toBe(3000);
    expect(states[tick].job.status).toBe('RESTARTING');
    const aborted = topicsOf(states[tick])[0].records.filter((r) => r.state === 'aborted');
    expect(aborted.filter((r) => r.abort === 'timeout').map((r) => r.value)).toEqual([
      1, 2, 4, 6, 9,
    ]);
  });

  it('the restore at tick 50 finds it aborted: 1, 2, 4, 6, 9 lost; the source goes on from offset 5', () => {
    const tick = tickOf(lesson, 'Nothing to commit');
    const lost = ofType(events, 'TransactionLost');
    expect(lost.map((e) => [e.tick, e.transaction, e.checkpoint, e.records])).toEqual([
      [tick, 'sink-0-1', 1, 5],
    ]);
    expect(ofType(events, 'SourceRewound')[0]).toMatchObject({ offset: 5, tick });
  });

  it('the job ends at tick 62: read_committed read only 12, 16, 20, 25, and the result names the five lost to the timeout', () => {
    const end = states[states.length - 1];
    expect(end.tick).toBe(tickOf(lesson, 'Lost, though the checkpoint completed'));
    expect(read(end, 'read_committed')).toEqual([12, 16, 20, 25]);
    const committed = judge({ state: end, events }).consumers.find(
      (c) => c.isolation === 'read_committed',
    )!;
    expect(committed.lost.map((l) => [l.value, l.cause])).toEqual(
      [1, 2, 4, 6, 9].map((v) => [v, 'transaction-timeout']),
    );
    expect(committed.duplicates).toEqual([]);
  });
});
