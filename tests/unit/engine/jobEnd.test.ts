import { describe, expect, it } from 'vitest';
import { runScenario, type Mode, type Scenario, type SimState } from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { PRESETS } from '../../../src/scenarios/presets';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import { record } from '../../helpers/sim';

// A job that ends ends its checkpoints: Flink's CheckpointCoordinator shuts down when the job
// reaches a final state and aborts whatever is pending (CHECKPOINT_COORDINATOR_SHUTDOWN).

/** What still moves or waits in a state: it must be nothing once the job ended. */
function leftOver(state: SimState) {
  return {
    inProgress: state.checkpoints.filter((c) => c.status === 'IN_PROGRESS').map((c) => c.id),
    elements: state.channels.reduce((n, c) => n + c.queue.length, 0),
    buffered: state.tasks.reduce(
      (n, t) => n + t.inputs.reduce((m, i) => m + i.buffer.length, 0),
      0,
    ),
    blocked: state.tasks.filter((t) => t.alignment || t.inputs.some((i) => i.blockedBy !== null))
      .length,
    messages: state.messages.length,
    writes: state.writes.length,
  };
}

const NOTHING = { inProgress: [], elements: 0, buffered: 0, blocked: 0, messages: 0, writes: 0 };

function stopAt(scenario: Scenario, tick: number, mode: Mode = 'exactly-once'): Scenario {
  return {
    ...scenario,
    checkpoint: { ...scenario.checkpoint, mode },
    actions: [
      ...scenario.actions,
      { type: 'savepoint', when: { atTick: tick }, name: `stop-at-${tick}`, stop: true },
    ],
  };
}

describe('a job that ends ends its checkpoints', () => {
  it('stopped with a savepoint at tick 13 on odd-even-sum: the pending checkpoint is aborted, nothing is left on an edge', () => {
    const run = record(stopAt(oddEvenSum, 13));
    const end = run.states[run.states.length - 1];
    expect(end.job.status).toBe('FINISHED');
    expect(leftOver(end)).toEqual(NOTHING);
    // Checkpoint 2 (at offset 5) started behind the stopping savepoint and could not complete.
    const aborted = end.checkpoints.filter((c) => c.status === 'FAILED');
    expect(aborted.map((c) => c.id)).toEqual([2]);
    expect(aborted[0]).toMatchObject({
      failReason: { code: 'coordinator-shutdown', jobStatus: 'FINISHED' },
      endTick: end.tick,
    });
    // Before the end it was in flight: the shutdown is what ended it.
    expect(leftOver(run.states[end.tick - 1]).inProgress).toContain(2);
    const last = run.events.filter((e) => e.tick === end.tick).map((e) => e.type);
    expect(last.slice(-2)).toEqual(['CheckpointFailed', 'JobFinished']);
  });

  it('for a stop at every tick, in every mode, on both worked examples', () => {
    for (const scenario of [oddEvenSum, barrierAlignment]) {
      for (const mode of ['exactly-once', 'at-least-once', 'stop-the-world'] as const) {
        for (let tick = 1; tick <= 25; tick++) {
          const { state } = runScenario(stopAt(scenario, tick, mode));
          expect(['FINISHED', 'FAILED'], `${scenario.id} ${mode} @${tick}`).toContain(
            state.job.status,
          );
          expect(leftOver(state), `${scenario.id} ${mode} stop @${tick}`).toEqual(NOTHING);
        }
      }
    }
  });

  it('failed for good while a checkpoint is pending: aborted as the coordinator shuts down', () => {
    const failing = withDefaults({
      ...oddEvenSum,
      restart: { type: 'none' },
      actions: [
        { type: 'checkpoint', when: { atTick: 4 } },
        { type: 'lose-ack', checkpoint: 1, task: 'sum_odd#0' },
        { type: 'fail-task', task: 'sum_even#0', when: { atTick: 8 } },
      ],
    });
    const run = record(failing);
    const end = run.states[run.states.length - 1];
    expect(end.job.status).toBe('FAILED');
    expect(leftOver(run.states[7]).inProgress).toEqual([1]);
    expect(leftOver(end)).toEqual(NOTHING);
    expect(end.checkpoints[0]).toMatchObject({
      status: 'FAILED',
      failReason: { code: 'coordinator-shutdown', jobStatus: 'FAILED' },
    });
  });

  it('failing over to a restart aborts them as a failover, not as a shutdown', () => {
    const failing = withDefaults({
      ...oddEvenSum,
      actions: [
        { type: 'checkpoint', when: { atTick: 4 } },
        { type: 'lose-ack', checkpoint: 1, task: 'sum_odd#0' },
        { type: 'fail-task', task: 'sum_even#0', when: { atTick: 8 } },
      ],
    });
    const { states } = record(failing);
    expect(states[8].job.status).toBe('RESTARTING');
    expect(states[8].checkpoints[0]).toMatchObject({
      status: 'FAILED',
      failReason: { code: 'job-failed-over' },
    });
  });

  it('every preset ends with no checkpoint in progress and nothing in flight', () => {
    for (const preset of PRESETS) {
      const { state } = runScenario(preset);
      expect(['FINISHED', 'FAILED'], preset.id).toContain(state.job.status);
      expect(leftOver(state), preset.id).toEqual(NOTHING);
    }
  });
});
