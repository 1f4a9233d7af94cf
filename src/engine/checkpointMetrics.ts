import { topologyOf } from './topology';
import type { CheckpointRecord, Scenario } from './types';

/**
 * One subtask's figures for one checkpoint, as Flink's checkpoint details page shows them, in
 * simulated milliseconds. A figure the subtask has not reached yet is null.
 */
export interface SubtaskCheckpointMetrics {
  /** Task id, `operator#subtask`. */
  id: string;
  /** From the trigger until the first barrier (at a source, the trigger message) reached the subtask. */
  startDelayMs: number;
  /** From the first barrier until the snapshot: 0 for an unaligned one, up to the switch for a timed-out one. */
  alignmentMs: number | null;
  /** The synchronous part: the simulator copies the state within its tick, so 0 once taken. */
  syncMs: number | null;
  /** From the snapshot until the backend stored it, channel state included. */
  asyncMs: number | null;
  /** Records processed between the first barrier and the end of the alignment (processed in-flight data). */
  processedRecords: number;
  /** Records persisted as channel state (persisted in-flight data). */
  persistedRecords: number;
  /** Checkpointed size: the state's bytes plus the channel state's. */
  sizeBytes: number;
  /** From the trigger until the coordinator received the subtask's acknowledgement. */
  endToEndMs: number | null;
  /** The subtask's snapshot was unaligned. */
  unaligned: boolean;
}

/** Minimum, average and maximum of one figure over the subtasks that have it, as Flink's summary row. */
export interface MetricSummary {
  min: number;
  avg: number;
  max: number;
}

/**
 * The per-subtask figures of checkpoint `c`, for the subtasks that started it, in task order.
 * Pure.
 */
export function checkpointMetrics(
  scenario: Scenario,
  c: CheckpointRecord,
): SubtaskCheckpointMetrics[] {
  const ms = scenario.tickMs;
  const out: SubtaskCheckpointMetrics[] = [];
  for (const info of topologyOf(scenario).tasks) {
    const s = c.subtasks[info.index];
    if (!s) continue;
    const stored = c.stored[info.index];
    const ack = c.acks[info.index];
    out.push({
      id: info.id,
      startDelayMs: (s.started - c.triggerTick) * ms,
      alignmentMs: s.snapshot === null ? null : (s.snapshot - s.started) * ms,
      syncMs: s.snapshot === null ? null : 0,
      asyncMs: s.snapshot === null || stored === null ? null : (stored - s.snapshot) * ms,
      processedRecords: s.processed,
      persistedRecords: s.persisted,
      sizeBytes: s.bytes,
      endToEndMs: ack === null ? null : (ack - c.triggerTick) * ms,
      unaligned: s.unaligned,
    });
  }
  return out;
}

/** Flink's summary of one figure over the subtasks; null when none has it. Pure. */
export function summarize(values: readonly (number | null)[]): MetricSummary | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  const sum = known.reduce((a, b) => a + b, 0);
  return { min: Math.min(...known), avg: sum / known.length, max: Math.max(...known) };
}
