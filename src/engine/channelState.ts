import { topologyOf } from './topology';
import type { CheckpointRecord, DataRecord, Scenario } from './types';

/** Checkpoint `c`'s channel state by the id of the task that persisted it, in persisted order. Pure. */
export function channelStateByTask(
  scenario: Scenario,
  c: CheckpointRecord,
): Record<string, DataRecord[]> {
  const tasks = topologyOf(scenario).tasks;
  const out: Record<string, DataRecord[]> = {};
  for (const p of c.channelState) (out[tasks[p.task].id] ??= []).push(p.record);
  return out;
}
