import { freshState } from './init';
import { subtaskForKey, taskId, topologyOf } from './topology';
import type {
  CheckpointRecord,
  OperatorRestore,
  OperatorSpec,
  OperatorState,
  SavepointMappingError,
  SavepointOperator,
  Scenario,
  SimState,
  StartFailure,
  SumSpec,
} from './types';

export interface RestoreOptions {
  /** Flink's `--allowNonRestoredState`: skip savepoint state that no operator of the job takes. */
  allowNonRestoredState?: boolean;
}

export type RestoreResult = { ok: true; state: SimState } | { ok: false; error: StartFailure };

/**
 * The task index, in the job that took a savepoint, of each of its task ids: the savepoint's
 * tables are by that job's task index. Its operators are listed in the job's order and
 * topologyOf numbers the tasks operator by operator, subtask by subtask, so this is that job's
 * topologyOf(scenario).taskIndex.
 */
function savedTaskIndex(operators: readonly SavepointOperator[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const op of operators) {
    for (let k = 0; k < op.parallelism; k++) index.set(taskId(op.id, k), index.size);
  }
  return index;
}

/** Whether a snapshot holds anything a job would miss: Flink skips empty state silently. */
function hasState(state: OperatorState | null): boolean {
  if (!state) return false;
  switch (state.kind) {
    case 'source':
    case 'sum':
      return true;
    case 'sink':
      return state.open.length > 0 || state.precommitted.length > 0;
    case 'stateless':
      return false;
  }
}

/** Per new subtask its state; null: every subtask starts empty. */
type Mapped =
  | { ok: true; states: OperatorState[] | null; rescaled: boolean }
  | { ok: false; error: SavepointMappingError };

function sourceOffsets(
  from: SavepointOperator,
  old: OperatorState[],
  to: OperatorSpec,
  allowNonRestoredState: boolean,
): Mapped {
  const offsetOf = (s: OperatorState) => (s.kind === 'source' ? s.offset : 0);
  // A source subtask reads its own partition here, so a subtask that disappears takes its
  // partition with it; a new subtask reads a new partition from its start.
  const orphaned = old.slice(to.parallelism).filter((s) => offsetOf(s) > 0);
  if (orphaned.length > 0 && !allowNonRestoredState) {
    const orphans = old
      .map((s, k) => ({ task: taskId(from.id, k), offset: offsetOf(s) }))
      .slice(to.parallelism)
      .filter((o) => o.offset > 0);
    return {
      ok: false,
      error: {
        code: 'source-partitions-orphaned',
        operator: to.id,
        parallelism: to.parallelism,
        savedParallelism: from.parallelism,
        orphans,
      },
    };
  }
  const states = Array.from({ length: to.parallelism }, (_, k): OperatorState => {
    return { kind: 'source', offset: k < old.length ? offsetOf(old[k]) : 0 };
  });
  return { ok: true, states, rescaled: from.parallelism !== to.parallelism };
}

function sums(from: SavepointOperator, old: OperatorState[], to: SumSpec): Mapped {
  const newKeyBy = to.keyBy ?? null;
  if (from.keyBy === null || newKeyBy === null) {
    if (from.keyBy !== newKeyBy) {
      return {
        ok: false,
        error: { code: 'keyed-state-changed', operator: to.id, from: from.keyBy, to: newKeyBy },
      };
    }
  } else if (from.keyBy !== newKeyBy) {
    return {
      ok: false,
      error: { code: 'key-changed', operator: to.id, from: from.keyBy, to: newKeyBy },
    };
  }
  const asSum = (s: OperatorState) =>
    s.kind === 'sum' ? s : { kind: 'sum' as const, sum: 0, byKey: newKeyBy ? {} : null };
  if (from.parallelism === to.parallelism) {
    return { ok: true, states: old.map(asSum), rescaled: false };
  }
  if (newKeyBy === null) {
    // Non-keyed state is a list per subtask: Flink hands the elements round-robin to the new
    // subtasks, so every old sum lives on in exactly one new subtask.
    const totals = Array.from({ length: to.parallelism }, () => 0);
    old.forEach((s, k) => (totals[k % to.parallelism] += asSum(s).sum));
    const states = totals.map((sum): OperatorState => ({ kind: 'sum', sum, byKey: null }));
    return { ok: true, states, rescaled: true };
  }
  // Keyed state moves by key, to the subtask that hash partitioning now sends the key to.
  const byKey: Record<string, number> = {};
  for (const s of old) {
    for (const [key, value] of Object.entries(asSum(s).byKey ?? {})) {
      byKey[key] = (byKey[key] ?? 0) + value;
    }
  }
  const states = Array.from({ length: to.parallelism }, (): OperatorState => ({
    kind: 'sum',
    sum: 0,
    byKey: {},
  }));
  for (const key of Object.keys(byKey).sort()) {
    const target = states[subtaskForKey(key, to.parallelism)];
    if (target.kind !== 'sum' || !target.byKey) continue;
    target.byKey[key] = byKey[key];
    target.sum += byKey[key];
  }
  return { ok: true, states, rescaled: true };
}

/**
 * The state a new operator takes from an old one with the same uid. A two-phase-commit sink
 * starts with no transactions: the job that took the savepoint committed what it covers (at
 * stop, or with its next checkpoint). A changed logic (a map's factor, a sum's parity) keeps the
 * state; it only changes what happens to new records.
 */
function mapOperator(
  from: SavepointOperator,
  old: OperatorState[],
  to: OperatorSpec,
  allowNonRestoredState: boolean,
): Mapped {
  const stateful = old.some(hasState);
  if (from.kind !== to.kind && stateful) {
    return {
      ok: false,
      error: { code: 'operator-kind-changed', uid: to.uid ?? to.id, from: from.kind, to: to.kind },
    };
  }
  switch (to.kind) {
    case 'source':
      if (from.kind === 'source') return sourceOffsets(from, old, to, allowNonRestoredState);
      break;
    case 'sum':
      if (from.kind === 'sum') return sums(from, old, to);
      break;
    default:
      break;
  }
  return { ok: true, states: null, rescaled: from.parallelism !== to.parallelism };
}

/**
 * The state a job starts with when it is started from a savepoint (`flink run -s`), or why it
 * cannot start. Pure.
 *
 * State is matched operator by operator by uid, falling back to the operator id, as Flink
 * matches by the operator ID a uid fixes. A changed parallelism redistributes state: source
 * offsets by subtask (a new subtask reads its partition from the start), keyed sums by key to the
 * subtask that now owns the key, non-keyed sums round-robin. An operator the savepoint does not
 * know starts empty. Savepoint state that no operator takes refuses the start, unless
 * `allowNonRestoredState` skips it. Checkpoint ids continue after the savepoint's, and recovery
 * falls back to the savepoint until the job's first checkpoint completes.
 */
export function restoreFromSavepoint(
  scenario: Scenario,
  savepoint: CheckpointRecord,
  options: RestoreOptions = {},
): RestoreResult {
  const allow = options.allowNonRestoredState ?? false;
  const failed = (cause: SavepointMappingError): RestoreResult => ({
    ok: false,
    error: {
      code: 'savepoint-not-mappable',
      job: scenario.title,
      savepoint: savepoint.id,
      name: savepoint.name,
      cause,
    },
  });
  if (savepoint.status !== 'COMPLETED') {
    return failed({ code: 'savepoint-not-completed', status: savepoint.status });
  }
  const meta = savepoint.savepoint;
  if (!meta) return failed({ code: 'savepoint-without-metadata' });
  const uidOf = (op: OperatorSpec) => op.uid ?? op.id;
  const seen = new Set<string>();
  for (const op of scenario.operators) {
    if (seen.has(uidOf(op))) return failed({ code: 'duplicate-uid', uid: uidOf(op) });
    seen.add(uidOf(op));
  }

  const base = freshState(scenario);
  const topology = topologyOf(scenario);
  const tasks = base.tasks.slice();
  // By task index of this job, as the recovery point of a restart reads them.
  const snapshots = new Array<OperatorState | null>(topology.tasks.length).fill(null);
  const savedAt = savedTaskIndex(meta.operators);
  const operators: OperatorRestore[] = [];
  for (const to of scenario.operators) {
    const from = meta.operators.find((o) => o.uid === uidOf(to));
    if (!from) {
      operators.push({
        uid: uidOf(to),
        from: null,
        to: to.id,
        fromParallelism: 0,
        toParallelism: to.parallelism,
        outcome: 'new',
      });
      continue;
    }
    const old = Array.from(
      { length: from.parallelism },
      (_, k) => savepoint.snapshots[savedAt.get(taskId(from.id, k))!],
    ).filter((s): s is OperatorState => s !== null);
    const mapped = mapOperator(from, old, to, allow);
    if (!mapped.ok) return failed(mapped.error);
    for (let k = 0; k < to.parallelism; k++) {
      const id = taskId(to.id, k);
      const index = topology.taskIndex.get(id)!;
      const state = mapped.states?.[k] ?? tasks[index].state;
      const highWater = state.kind === 'source' ? state.offset : 0;
      tasks[index] = { ...tasks[index], state, highWater };
      snapshots[index] = state;
    }
    operators.push({
      uid: uidOf(to),
      from: from.id,
      to: to.id,
      fromParallelism: from.parallelism,
      toParallelism: to.parallelism,
      outcome: !old.some(hasState) ? 'empty' : mapped.rescaled ? 'rescaled' : 'restored',
    });
  }
  for (const from of meta.operators) {
    if (scenario.operators.some((op) => uidOf(op) === from.uid)) continue;
    const old = Array.from(
      { length: from.parallelism },
      (_, k) => savepoint.snapshots[savedAt.get(taskId(from.id, k))!],
    );
    const stateful = old.some(hasState);
    if (stateful && !allow) {
      return failed({ code: 'unmapped-state', uid: from.uid, kind: from.kind, operator: from.id });
    }
    operators.push({
      uid: from.uid,
      from: from.id,
      to: null,
      fromParallelism: from.parallelism,
      toParallelism: 0,
      outcome: stateful ? 'skipped' : 'empty',
    });
  }

  return {
    ok: true,
    state: {
      ...base,
      tasks,
      coordinator: { ...base.coordinator, nextId: savepoint.id + 1 },
      restoredFrom: { savepoint: { ...savepoint, snapshots }, operators },
    },
  };
}
