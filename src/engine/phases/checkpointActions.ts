import type { TickDraft } from '../draft';

/** The scenario's actions that strike one checkpoint, at one task or (without `task`) any. */
type CheckpointAction =
  'fail-backend-write' | 'lose-ack' | 'lose-commit-notification' | 'delay-commit-notification';

/**
 * The index of the scenario's unfired action of this type for checkpoint N at a task, or -1:
 * each action fires once.
 */
export function firesFor(
  d: TickDraft,
  type: CheckpointAction,
  checkpoint: number,
  task: string,
): number {
  return d.scenario.actions.findIndex(
    (a, k) =>
      !d.state.fired[k] &&
      a.type === type &&
      a.checkpoint === checkpoint &&
      (a.task === undefined || a.task === task),
  );
}
