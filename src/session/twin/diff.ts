import {
  topologyOf,
  type JobStatus,
  type Origin,
  type SimState,
  type SinkRecord,
} from '../../engine';
import type { CountedTwice } from './counted';

/** A task whose state is not the same number in the two runs (a sum, or a source's offset). */
export interface StateDifference {
  task: string;
  a: number;
  b: number;
}

/**
 * Records a sink received more often in one run than in the other: a duplicate there, or a loss
 * in the other run. The same record is the same operator's result for the same source record.
 */
export interface OutputDifference {
  sink: string;
  /** The operator task that sent it. */
  from: string;
  origin: Origin;
  /** How many more times this run received it than the other. */
  extra: number;
}

/** What differs between two runs at the same tick. */
export interface TwinDiff {
  tick: number;
  states: StateDifference[];
  /** Outputs run a received more often than run b, and the other way round. */
  onlyA: OutputDifference[];
  onlyB: OutputDifference[];
  completed: { a: number; b: number };
  status: { a: JobStatus; b: JobStatus };
  /** Records a task's state counts more than once so far, per run (null: not counted). */
  twice: { a: CountedTwice[] | null; b: CountedTwice[] | null };
}

const keyOf = (r: SinkRecord) => `${r.from.split('#')[0]}|${r.origin.task}@${r.origin.index}`;

function counted(output: readonly SinkRecord[]): Map<string, { record: SinkRecord; n: number }> {
  const counts = new Map<string, { record: SinkRecord; n: number }>();
  for (const record of output) {
    const key = keyOf(record);
    const seen = counts.get(key);
    if (seen) seen.n++;
    else counts.set(key, { record, n: 1 });
  }
  return counts;
}

function extras(
  sink: string,
  mine: Map<string, { record: SinkRecord; n: number }>,
  theirs: Map<string, { record: SinkRecord; n: number }>,
): OutputDifference[] {
  const found: OutputDifference[] = [];
  for (const [key, { record, n }] of mine) {
    const extra = n - (theirs.get(key)?.n ?? 0);
    if (extra > 0) found.push({ sink, from: record.from, origin: record.origin, extra });
  }
  return found;
}

function numberOf(state: SimState['tasks'][number]['state']): number | null {
  if (state.kind === 'sum') return state.sum;
  if (state.kind === 'source') return state.offset;
  return null;
}

const completedIn = (s: SimState) => s.checkpoints.filter((c) => c.status === 'COMPLETED').length;

/**
 * What differs between run `a` and run `b` of the same job graph at the same tick: task states,
 * sink outputs one run has more often than the other, checkpoints completed, job status. Pure;
 * both states must come from scenarios with the same operators and edges.
 */
export function twinDiff(
  a: SimState,
  b: SimState,
  twice: TwinDiff['twice'] = { a: null, b: null },
): TwinDiff {
  const topology = topologyOf(a.scenario);
  const states: StateDifference[] = [];
  const onlyA: OutputDifference[] = [];
  const onlyB: OutputDifference[] = [];
  for (const info of topology.tasks) {
    const ta = a.tasks[info.index];
    const tb = b.tasks[info.index];
    if (!ta || !tb) continue;
    const na = numberOf(ta.state);
    const nb = numberOf(tb.state);
    if (na !== null && nb !== null && na !== nb) states.push({ task: info.id, a: na, b: nb });
    if (ta.output.length > 0 || tb.output.length > 0) {
      const ca = counted(ta.output);
      const cb = counted(tb.output);
      onlyA.push(...extras(info.id, ca, cb));
      onlyB.push(...extras(info.id, cb, ca));
    }
  }
  return {
    tick: a.tick,
    states,
    onlyA,
    onlyB,
    completed: { a: completedIn(a), b: completedIn(b) },
    status: { a: a.job.status, b: b.job.status },
    twice,
  };
}
