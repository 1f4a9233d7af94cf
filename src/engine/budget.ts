import type { TickDraft } from './draft';
import type { BudgetExceeded, Scenario } from './types';

/**
 * What one run may cost, sized for a browser tab on a classroom laptop (about a million element
 * steps a second, a few hundred MB of heap): past any of these the run stops, keeps what it
 * made, and says which limit it reached.
 * - inFlight: records and barriers in all channels at once;
 * - elementSteps: elements put on and taken off channels over the whole run (about 5 s of work);
 * - recordedElements: elements in flight summed over every state a recording stores.
 */
export const RUN_BUDGET = {
  inFlight: 10_000,
  elementSteps: 5_000_000,
  recordedElements: 2_000_000,
} as const;

/**
 * Stops the run when it passed a limit of RUN_BUDGET. Phase 8 of a tick, after everything
 * else: the state it stops in is the complete state of that tick.
 */
export function enforceBudget(d: TickDraft): void {
  const state = d.state;
  if (state.job.status === 'FINISHED' || state.job.status === 'FAILED') return;
  const inFlight = d.inFlight();
  let exceeded: BudgetExceeded | null = null;
  if (inFlight > RUN_BUDGET.inFlight) {
    exceeded = {
      code: 'budget-exceeded',
      limit: 'in-flight',
      used: inFlight,
      max: RUN_BUDGET.inFlight,
    };
  } else if (state.elementSteps > RUN_BUDGET.elementSteps) {
    exceeded = {
      code: 'budget-exceeded',
      limit: 'element-steps',
      used: state.elementSteps,
      max: RUN_BUDGET.elementSteps,
    };
  }
  if (exceeded) d.halt(exceeded);
}

/** The edge that multiplies a scenario's work the most, with the elements it would carry. */
export interface CostEstimate {
  /** Element steps of a run without failures: every element put on a channel and taken off. */
  elementSteps: number;
  /** The edge carrying the most elements, and whether it broadcasts. */
  heaviest: { from: string; to: string; broadcast: boolean; elements: number } | null;
}

/**
 * What a scenario costs without failures, from its graph and inputs alone: each source's input
 * flows down every edge (a broadcast edge sends each element to every downstream subtask; a
 * filter or a sum of one parity passes about half). Replays after failures add to it, so the
 * estimate is a floor. Pure.
 */
export function estimateCost(scenario: Scenario): CostEstimate {
  const out = new Map<string, number>();
  const arriving = new Map<string, number>();
  for (const op of scenario.operators) {
    if (op.kind !== 'source') continue;
    const lists = op.input.length > 0 && Array.isArray(op.input[0]);
    const values = lists
      ? (op.input as number[][]).reduce((n, l) => n + l.length, 0)
      : op.input.length * op.parallelism;
    arriving.set(op.id, values);
  }
  const byId = new Map(scenario.operators.map((op) => [op.id, op]));
  // Operators in an order where every edge points forward (the schema refused cycles).
  const order: string[] = [];
  const indegree = new Map(scenario.operators.map((op) => [op.id, 0]));
  for (const e of scenario.edges) indegree.set(e.to, (indegree.get(e.to) ?? 0) + 1);
  const ready = scenario.operators.filter((op) => indegree.get(op.id) === 0).map((op) => op.id);
  while (ready.length > 0) {
    const id = ready.pop()!;
    order.push(id);
    for (const e of scenario.edges) {
      if (e.from !== id) continue;
      const left = (indegree.get(e.to) ?? 0) - 1;
      indegree.set(e.to, left);
      if (left === 0) ready.push(e.to);
    }
  }
  let elementSteps = 0;
  let heaviest: CostEstimate['heaviest'] = null;
  for (const id of order) {
    const op = byId.get(id)!;
    const received = arriving.get(id) ?? 0;
    const passes =
      op.kind === 'sink'
        ? 0
        : (op.kind === 'filter' && op.predicate !== 'all') ||
            (op.kind === 'sum' && op.accept !== 'all')
          ? 0.5
          : 1;
    out.set(id, received * passes);
    for (const e of scenario.edges) {
      if (e.from !== id) continue;
      const to = byId.get(e.to);
      if (!to) continue;
      const broadcast = e.partitioning === 'broadcast';
      const elements = (out.get(id) ?? 0) * (broadcast ? to.parallelism : 1);
      elementSteps += 2 * elements;
      arriving.set(e.to, (arriving.get(e.to) ?? 0) + elements);
      if (!heaviest || elements > heaviest.elements) {
        heaviest = { from: e.from, to: e.to, broadcast, elements };
      }
    }
  }
  return { elementSteps: Math.round(elementSteps), heaviest };
}
