import type { TickDraft } from '../draft';
import type { CheckpointRecord } from '../types';

/** `web.checkpoints.history`: the ended checkpoints Flink's web UI keeps (default 10). */
export const CHECKPOINT_HISTORY = 10;

/** `state.checkpoints.num-retained`: the completed checkpoints the store keeps (default 1). */
export const RETAINED_CHECKPOINTS = 1;

/**
 * Forgets the checkpoints Flink no longer keeps, so a state's size, and the work of a tick, do
 * not grow with the length of the run. Kept: every checkpoint in progress; every savepoint
 * (owned by the user, never discarded by Flink, and few: each is an action of the scenario); the
 * `retained` newest completed checkpoints (what recovery restores, as the completed checkpoint
 * store keeps them); and the `history` newest ended ones (what the web UI lists). The others are
 * counted in the coordinator's `forgotten`, as Flink's statistics keep their counts. Phase 7b of
 * a tick, after everything that reads the checkpoints.
 */
export function forgetOldCheckpoints(d: TickDraft): void {
  const list = d.state.checkpoints;
  const config = d.state.scenario.checkpoint;
  const history = config.history ?? CHECKPOINT_HISTORY;
  const retained = config.retainedCheckpoints ?? RETAINED_CHECKPOINTS;
  // Nothing to forget: the common case, decided without a pass over the list.
  if (list.length <= history + retained) return;
  let ended = 0;
  let completed = 0;
  let forgotten: boolean[] | null = null;
  for (let i = list.length - 1; i >= 0; i--) {
    const c = list[i];
    if (c.status === 'IN_PROGRESS') continue;
    const recent = ended++ < history;
    const restorable = c.status === 'COMPLETED' && c.kind !== 'savepoint' && completed++ < retained;
    if (recent || restorable || c.kind === 'savepoint') continue;
    (forgotten ??= new Array<boolean>(list.length).fill(false))[i] = true;
  }
  if (!forgotten) return;
  const kept: CheckpointRecord[] = [];
  const counts = { ...d.state.coordinator.forgotten };
  list.forEach((c, i) => {
    if (!forgotten[i]) kept.push(c);
    else if (c.status === 'COMPLETED') counts.completed++;
    else counts.failed++;
  });
  d.replaceCheckpoints(kept);
  d.setCoordinator({ forgotten: counts });
}
