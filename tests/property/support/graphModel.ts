/**
 * What a job computes, derived from its graph alone, without running the engine: the validating
 * side of the property tests. For every source record it follows the copies the graph makes of
 * it (a broadcast makes one per receiving subtask, every other partitioning one per edge) through
 * filters and maps, and counts what each sum adds and each sink receives.
 *
 * This needs every filter and sum to read values that are a function of the source record alone.
 * A running sum is not (it depends on the order the sum saw its records in), so the model refuses
 * a graph where a filter or a sum reads one; the arbitraries never build such a graph.
 */
import type { OperatorSpec, Origin, Parity, Scenario } from '../../../src/engine';

/** `source#k@index`: one record of one source subtask. */
export const originKey = (o: Pick<Origin, 'task' | 'index'>) => `${o.task}@${o.index}`;

/** Copies of one record's descendants: a known value, or null when it depends on order. */
interface Flow {
  value: number | null;
  count: number;
}

/** What one source record does to one operator. */
export interface Contribution {
  /** Copies received, per upstream operator. */
  received: Map<string, number>;
  /** Sums: the values added (each with its count). Sinks: everything received. */
  applied: Flow[];
}

const matches = (parity: Parity, value: number) =>
  parity === 'all' || (parity === 'even') === (Math.abs(value) % 2 === 0);

const keyOf = (selector: 'value' | 'parity', value: number) =>
  selector === 'value' ? String(value) : Math.abs(value) % 2 === 0 ? 'even' : 'odd';

export type Ledger = Map<string, number>;

export interface SumTotals {
  sum: number;
  byKey: Record<string, number> | null;
}

export class GraphModel {
  readonly operators: OperatorSpec[];
  private readonly byId: Map<string, OperatorSpec>;
  private readonly order: OperatorSpec[];
  private readonly memo = new Map<string, Map<string, Contribution>>();

  constructor(readonly scenario: Scenario) {
    this.operators = scenario.operators;
    this.byId = new Map(scenario.operators.map((op) => [op.id, op]));
    this.order = topologicalOrder(scenario);
  }

  /** The stateful operators whose per-record account is compared: sums and sinks. */
  get stateful(): OperatorSpec[] {
    return this.operators.filter((op) => op.kind === 'sum' || op.kind === 'sink');
  }

  /** What one record of value `value` read by source operator `source` does to every operator. */
  contribution(source: string, value: number): Map<string, Contribution> {
    const memoKey = `${source}|${value}`;
    const cached = this.memo.get(memoKey);
    if (cached) return cached;
    const emitted = new Map<string, Flow[]>();
    const result = new Map<string, Contribution>();
    for (const op of this.order) {
      const received = new Map<string, number>();
      const arriving: Flow[] = [];
      if (op.kind === 'source') {
        emitted.set(op.id, op.id === source ? [{ value, count: 1 }] : []);
        continue;
      }
      for (const edge of this.scenario.edges.filter((e) => e.to === op.id)) {
        const copies = edge.partitioning === 'broadcast' ? op.parallelism : 1;
        for (const f of emitted.get(edge.from) ?? []) {
          arriving.push({ value: f.value, count: f.count * copies });
          received.set(edge.from, (received.get(edge.from) ?? 0) + f.count * copies);
        }
      }
      let out: Flow[] = [];
      let applied: Flow[] = [];
      switch (op.kind) {
        case 'filter':
          out = arriving.filter((f) => matches(op.predicate, known(f, op).value!));
          break;
        case 'map':
          out = arriving.map((f) => ({
            value: f.value === null ? null : f.value * (op.multiply ?? 1) + (op.add ?? 0),
            count: f.count,
          }));
          break;
        case 'sum':
          applied = arriving.filter((f) => matches(op.accept, known(f, op).value!));
          // A sum emits its running total for every record it adds.
          out = applied.map((f) => ({ value: null, count: f.count }));
          break;
        case 'sink':
          applied = arriving;
          break;
      }
      emitted.set(op.id, out);
      result.set(op.id, { received, applied });
    }
    this.memo.set(memoKey, result);
    return result;
  }

  /**
   * Every source record up to a cut: per source subtask, the records before its offset (all of
   * its input when no cut is given).
   */
  records(cut?: ReadonlyMap<string, number>): { origin: Origin; operator: string }[] {
    const out: { origin: Origin; operator: string }[] = [];
    for (const op of this.operators) {
      if (op.kind !== 'source') continue;
      for (let k = 0; k < op.parallelism; k++) {
        const task = `${op.id}#${k}`;
        const input = sourceInputOf(op, k);
        const end = Math.min(input.length, cut?.get(task) ?? input.length);
        for (let index = 0; index < end; index++) {
          out.push({ origin: { task, index, value: input[index] }, operator: op.id });
        }
      }
    }
    return out;
  }

  /** Per stateful operator: how many times its state (or output) counts each source record. */
  ledgers(cut?: ReadonlyMap<string, number>): Map<string, Ledger> {
    const ledgers = new Map<string, Ledger>(this.stateful.map((op) => [op.id, new Map()]));
    for (const { origin, operator } of this.records(cut)) {
      for (const [id, c] of this.contribution(operator, origin.value)) {
        const ledger = ledgers.get(id);
        if (!ledger) continue;
        const n = c.applied.reduce((s, f) => s + f.count, 0);
        if (n > 0) ledger.set(originKey(origin), (ledger.get(originKey(origin)) ?? 0) + n);
      }
    }
    return ledgers;
  }

  /** Per sum operator: its total over all subtasks, and per key when keyed. */
  sums(cut?: ReadonlyMap<string, number>): Map<string, SumTotals> {
    const sums = new Map<string, SumTotals>();
    for (const op of this.operators) {
      if (op.kind === 'sum') sums.set(op.id, { sum: 0, byKey: op.keyBy ? {} : null });
    }
    for (const { origin, operator } of this.records(cut)) {
      for (const [id, c] of this.contribution(operator, origin.value)) {
        const totals = sums.get(id);
        const op = this.byId.get(id)!;
        if (!totals || op.kind !== 'sum') continue;
        for (const f of c.applied) {
          totals.sum += f.value! * f.count;
          if (totals.byKey && op.keyBy) {
            const key = keyOf(op.keyBy, f.value!);
            totals.byKey[key] = (totals.byKey[key] ?? 0) + f.value! * f.count;
          }
        }
      }
    }
    return sums;
  }

  /**
   * The single value a record adds to a sum, or null when it reaches the sum as several values
   * (along paths that transform it differently) or not at all.
   */
  appliedValue(sum: string, source: string, value: number): number | null {
    const applied = this.contribution(source, value).get(sum)?.applied ?? [];
    const values = new Set(applied.map((f) => f.value));
    return values.size === 1 ? [...values][0] : null;
  }

  /** What a validating sink expects: per `sink|from|origin`, the copies the sink receives. */
  sinkCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { origin, operator } of this.records()) {
      for (const [id, c] of this.contribution(operator, origin.value)) {
        if (this.byId.get(id)?.kind !== 'sink') continue;
        for (const [from, n] of c.received) {
          if (n > 0) counts.set(`${id}|${from}|${originKey(origin)}`, n);
        }
      }
    }
    return counts;
  }
}

function known(f: Flow, op: OperatorSpec): Flow {
  if (f.value === null) {
    throw new Error(`${op.id} reads a running sum: what it computes depends on timing`);
  }
  return f;
}

function sourceInputOf(op: OperatorSpec, subtask: number): number[] {
  if (op.kind !== 'source') return [];
  const input = op.input;
  if (input.length > 0 && Array.isArray(input[0])) return (input as number[][])[subtask] ?? [];
  return input as number[];
}

function topologicalOrder(scenario: Scenario): OperatorSpec[] {
  const indegree = new Map(scenario.operators.map((op) => [op.id, 0]));
  for (const e of scenario.edges) indegree.set(e.to, (indegree.get(e.to) ?? 0) + 1);
  const ready = scenario.operators.filter((op) => indegree.get(op.id) === 0);
  const order: OperatorSpec[] = [];
  while (ready.length > 0) {
    const op = ready.shift()!;
    order.push(op);
    for (const e of scenario.edges.filter((x) => x.from === op.id)) {
      indegree.set(e.to, indegree.get(e.to)! - 1);
      if (indegree.get(e.to) === 0) ready.push(scenario.operators.find((o) => o.id === e.to)!);
    }
  }
  return order;
}
