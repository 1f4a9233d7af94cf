import {
  createInitialState,
  isTerminal,
  step,
  type Scenario,
  type SimEvent,
  type SimState,
  type TimedEvent,
} from '../../../src/engine';
import { originKey, type Ledger } from './graphModel';

/** Looks at every tick of a run: the state before, the state after and what happened. */
export interface TickObserver {
  tick(prev: SimState, next: SimState, events: readonly SimEvent[]): void;
}

export interface ObservedRun {
  state: SimState;
  events: TimedEvent[];
}

/**
 * Ticks a property run goes at most. Generated jobs finish in well under a hundred ticks unless
 * checkpoints keep expiring and the job keeps restarting; such a run is cut here.
 */
export const TICK_LIMIT = 300;

/** A broken invariant, with the tick it broke at. */
export class InvariantViolation extends Error {
  constructor(tick: number, message: string) {
    super(`tick ${tick}: ${message}`);
    this.name = 'InvariantViolation';
  }
}

/** Runs a scenario tick by tick, showing every tick to the observers, in order. */
export function observedRun(
  scenario: Scenario,
  observers: readonly TickObserver[],
  limit = TICK_LIMIT,
): ObservedRun {
  let state = createInitialState(scenario);
  const events: TimedEvent[] = [];
  while (!isTerminal(state) && state.tick < limit) {
    const prev = state;
    const result = step(prev);
    state = result.state;
    for (const e of result.events) events.push({ ...e, tick: state.tick });
    for (const o of observers) o.tick(prev, state, result.events);
  }
  return { state, events };
}

/**
 * Which source records each task's state counts, kept from the events: a record a task applies
 * is added, a snapshot keeps a copy, a cancellation clears every task, a restore brings back the
 * snapshot's copy. Sinks count what they received in the lineage of their current state.
 */
export class LedgerTracker implements TickObserver {
  readonly live = new Map<string, Ledger>();
  /** `checkpoint/task` to the ledger the task's snapshot holds. */
  readonly saved = new Map<string, Ledger>();

  tick(_prev: SimState, _next: SimState, events: readonly SimEvent[]): void {
    for (const e of events) {
      switch (e.type) {
        case 'RecordProcessed': {
          if (!e.applied) break;
          const ledger = this.live.get(e.task) ?? new Map<string, number>();
          const key = originKey(e.origin);
          ledger.set(key, (ledger.get(key) ?? 0) + 1);
          this.live.set(e.task, ledger);
          break;
        }
        case 'SnapshotTaken':
          this.saved.set(`${e.checkpoint}/${e.task}`, new Map(this.live.get(e.task) ?? []));
          break;
        case 'TasksCanceled':
          this.live.clear();
          break;
        case 'StateRestored': {
          const saved =
            e.checkpoint === null ? undefined : this.saved.get(`${e.checkpoint}/${e.task}`);
          this.live.set(e.task, new Map(saved ?? []));
          break;
        }
        default:
          break;
      }
    }
  }

  /** The ledgers of an operator's subtasks added up: live, or as snapshotted in a checkpoint. */
  operatorLedger(operator: string, parallelism: number, checkpoint?: number): Ledger {
    const merged: Ledger = new Map();
    for (let k = 0; k < parallelism; k++) {
      const task = `${operator}#${k}`;
      const ledger =
        checkpoint === undefined ? this.live.get(task) : this.saved.get(`${checkpoint}/${task}`);
      for (const [key, n] of ledger ?? []) merged.set(key, (merged.get(key) ?? 0) + n);
    }
    return merged;
  }
}
