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
    blocked: state.tasks.filter((t) => t.alignment || t.inputs.some((i) => i.blockedBy !== null))
      .length,
    messages: state.messages.length,
    writes: state.writes.length,
  };
}

const NOTHING = { inProgress: [], elements: 0, blocked: 0, messages: 0, writes: 0 };

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
  it('stopped with a savepoint at tick 13 on odd-even-sum: the waiting checkpoint request is dropped, nothing is left on an edge', () => {
    const run = record(stopAt(oddEvenSum, 13));
    const end = run.states[run.states.length - 1];
    expect(end.job.status).toBe('FINISHED');
    expect(leftOver(end)).toEqual(NOTHING);
    // The checkpoint requested at offset 5 is not forced: it waited behind the stopping savepoint
    // (CheckpointRequestDecider) and was dropped as the job finished; nothing was left pending.
    expect(run.events).toContainEqual(
      expect.objectContaining({ type: 'CheckpointRequestQueued', periodic: false }),
    );
    expect(end.checkpoints.filter((c) => c.status === 'FAILED')).toEqual([]);
    expect(end.coordinator.queued).toEqual([]);
    const last = run.events.filter((e) => e.tick === end.tick).map((e) => e.type);
    expect(last[last.length - 1]).toBe('JobFinished');
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
