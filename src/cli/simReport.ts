import { topologyOf, type RunResult } from '../engine';

/** The headless runner's JSON document: the contract scripts and tests rely on. */
export function simReport({ state, events }: RunResult) {
  const topology = topologyOf(state.scenario);
  return {
    scenario: state.scenario.id,
    mode: state.scenario.checkpoint.mode,
    tick: state.tick,
    job: {
      status: state.job.status,
      restarts: state.job.restarts,
      ...(state.job.failReason ? { failReason: state.job.failReason } : {}),
    },
    tasks: topology.tasks.map((info) => {
      const { kind: _kind, ...operatorState } = state.tasks[info.index].state;
      return {
        id: info.id,
        operator: info.operator.id,
        subtask: info.subtask,
        status: state.tasks[info.index].status,
        state: operatorState,
      };
    }),
    // What is still on its way: once the job finished or failed, nothing is.
    inFlight: {
      elements: state.channels.reduce((n, c) => n + c.queue.length, 0),
      buffered: state.tasks.reduce(
        (n, t) => n + t.inputs.reduce((m, input) => m + input.buffer.length, 0),
        0,
      ),
      messages: state.messages.length,
      writes: state.writes.length,
    },
    checkpoints: state.checkpoints.map((c) => ({
      id: c.id,
      kind: c.kind,
      status: c.status,
      triggerTick: c.triggerTick,
      completeTick: c.completeTick,
      ...(c.failReason ? { failReason: c.failReason } : {}),
      // By task id: the engine keeps them by task index.
      snapshots: Object.fromEntries(
        topology.tasks.flatMap((info) => {
          const snapshot = c.snapshots[info.index];
          if (!snapshot) return [];
          const { kind: _kind, ...s } = snapshot;
          return [[info.id, s]];
        }),
      ),
    })),
    sinks: Object.fromEntries(
      topology.tasks
        .filter((t) => t.operator.kind === 'sink')
        .map((t) => [t.id, state.tasks[t.index].output.map((r) => r.value)]),
    ),
    events,
  };
}
