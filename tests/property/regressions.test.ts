import { describe, expect, it } from 'vitest';
import { failureFree, judge, type Scenario } from '../../src/engine';
import { firstEvent, record } from '../helpers/sim';
import { atLeastOnceHolds, failureFreeFinishesWithGraphResult } from './support/properties';

// Every failure the property tests found, as they shrank it, with the property, seed and path
// that found it (the path replays it only while the arbitraries stay as they were; the scenario
// stays valid for good). Each case must pass its property again, and what a user saw go wrong
// is asserted directly.

const base = {
  version: 1 as const,
  id: 'random',
  title: 'Random scenario',
  tickMs: 100,
  seed: 0,
  backend: { writeLatency: 0, bandwidth: 16 },
  controlLatency: 1,
};

/**
 * Barriers took credits: a channel of capacity 1 that always held a barrier (a checkpoint every
 * tick) never had room for a record, so the source never read again.
 * Found by "a job without failures finishes", seed 20241202, path
 * 111:1:1:1:1:1:1:1:2:2:3:7:7:0:6:6:6:8:8:8:8:8:8:8:8:8:8:8:8:8:8:8:8:8:8:8:8:12:9:2:5:4:5:4:5:4:4:4:5:5:5:5:5:5:5:5:4:3:3
 */
const barriersTakeNoCredits: Scenario = {
  ...base,
  operators: [
    { id: 'src0', kind: 'source', parallelism: 1, input: [[0, 0]] },
    { id: 'sum0', parallelism: 1, kind: 'sum', accept: 'even' },
    { id: 'filter1', parallelism: 1, kind: 'filter', predicate: 'even' },
  ],
  edges: [
    { from: 'src0', to: 'sum0', partitioning: 'forward', latency: 1, capacity: 1 },
    { from: 'src0', to: 'filter1', partitioning: 'forward', latency: 1 },
  ],
  checkpoint: {
    mode: 'exactly-once',
    intervalMs: 100,
    timeoutMs: 100,
    minPauseMs: 0,
    maxConcurrent: 1,
    tolerableFailures: 0,
    preferCheckpointForRecovery: false,
  },
  restart: { type: 'failure-rate', maxFailures: 1, intervalMs: 100, delayMs: 0 },
  actions: [],
};

/**
 * Stop-the-world starved its sources: a checkpoint slower than the interval sent the next pause
 * with the resume, both arrived in the same tick, and the sources never read again.
 * Found by "a job without failures finishes", seed 20241202, path
 * 11:0:0:1:1:3:4:4:7:7:7:7:7:7:7:7:7:7:7:7:9:9:9:6:7:0:2
 */
const stopTheWorldLetsSourcesRead: Scenario = {
  ...base,
  operators: [
    { id: 'src0', kind: 'source', parallelism: 1, input: [[0, 0]], period: 1 },
    { id: 'filter0', parallelism: 1, kind: 'filter', predicate: 'even' },
  ],
  edges: [{ from: 'src0', to: 'filter0', partitioning: 'forward', capacity: null }],
  checkpoint: {
    mode: 'stop-the-world',
    intervalMs: 100,
    timeoutMs: 2000,
    minPauseMs: 0,
    maxConcurrent: 1,
    tolerableFailures: 0,
    preferCheckpointForRecovery: false,
  },
  restart: { type: 'none' },
  actions: [],
};

/**
 * The failure-free run judge() compares with failed over itself when a checkpoint expired, so
 * its sink showed the replay's duplicates: judge() called the real run's duplicate normal, and
 * in exactly-once called records lost that the real run delivered once.
 * Found by "at-least-once", seed 20241202, path
 * 10:0:1:1:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:2:3:3:4:0:3:3:3:3
 */
const truthWithoutFailover: Scenario = {
  ...base,
  operators: [
    { id: 'src0', kind: 'source', parallelism: 1, input: [[0]] },
    { id: 'sink0', parallelism: 1, kind: 'sink' },
  ],
  edges: [{ from: 'src0', to: 'sink0', partitioning: 'forward', latency: 1, capacity: null }],
  checkpoint: {
    mode: 'at-least-once',
    intervalMs: null,
    timeoutMs: 100,
    minPauseMs: 1,
    maxConcurrent: 1,
    tolerableFailures: 0,
    preferCheckpointForRecovery: false,
  },
  restart: {
    type: 'exponential-delay',
    initialMs: 50,
    maxMs: 50,
    multiplier: 1,
    resetThresholdMs: 100,
    jitter: 0,
  },
  actions: [{ type: 'checkpoint', when: { atTick: 2 } }],
};

const emitted = (events: ReturnType<typeof record>['events']) =>
  events.filter((e) => e.type === 'RecordEmitted').length;

describe('regressions found by the property tests', () => {
  it('a barrier takes no credit: a capacity-1 channel with a checkpoint every tick still carries records', () => {
    failureFreeFinishesWithGraphResult(barriersTakeNoCredits);
    const run = record(failureFree(barriersTakeNoCredits), 300);
    const end = run.states[run.states.length - 1];
    expect(end.job.status).toBe('FINISHED');
    expect(emitted(run.events)).toBe(2);
    const sumApplied = run.events.filter(
      (e) => e.type === 'RecordProcessed' && e.task === 'sum0#0',
    );
    expect(sumApplied).toHaveLength(2);
  });

  it('stop-the-world lets the sources read between a resume and the next pause', () => {
    failureFreeFinishesWithGraphResult(stopTheWorldLetsSourcesRead);
    const run = record(stopTheWorldLetsSourcesRead, 300);
    const end = run.states[run.states.length - 1];
    expect(end.job.status).toBe('FINISHED');
    expect(emitted(run.events)).toBe(2);
    expect(run.events.some((e) => e.type === 'CheckpointCompleted')).toBe(true);
    const resumed = firstEvent(run.events, 'SourcesResumed');
    const nextPause = run.events.find((e) => e.type === 'SourcesPaused' && e.tick > resumed.tick);
    const readBetween = run.events.some(
      (e) =>
        e.type === 'RecordEmitted' &&
        e.tick >= resumed.tick &&
        (nextPause === undefined || e.tick < nextPause.tick),
    );
    expect(readBetween).toBe(true);
  });

  it('judge() compares with a run that never fails over, so it names the duplicate a replay made', () => {
    atLeastOnceHolds(truthWithoutFailover);
    const truth = record(failureFree(truthWithoutFailover), 300);
    expect(truth.states[truth.states.length - 1].job.restarts).toBe(0);
    const run = record(truthWithoutFailover, 300);
    const end = run.states[run.states.length - 1];
    expect(end.job).toMatchObject({ status: 'FINISHED', restarts: 1 });
    const sink = end.tasks[1].output.map((r) => `${r.origin.task}@${r.origin.index}`);
    expect(sink).toEqual(['src0#0@0', 'src0#0@0']);
    const verdict = judge({ state: end, events: run.events });
    expect(verdict.sinkDuplicates).toMatchObject([
      { sink: 'sink0', origin: { task: 'src0#0', index: 0 }, count: 2 },
    ]);
    expect(verdict.sinkLost).toEqual([]);
  });
});
