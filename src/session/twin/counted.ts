import {
  ACCOUNTING,
  createInitialState,
  estimateCost,
  StateAccount,
  step,
  topologyOf,
  WorkingSet,
  type Origin,
  type Scenario,
  type SimState,
} from '../../engine';

/** A source record a task's state counts more than once at a tick. */
export interface CountedTwice {
  task: string;
  origin: Origin;
  count: number;
}

/**
 * The account is kept for runs up to this much work (elements moved, as the engine estimates
 * it): seeking back replays the run from its start, which must fit in a frame or two.
 */
export const COUNT_LIMIT = 100_000;

const affordable = new WeakMap<Scenario, boolean>();

/**
 * The engine's per-record account of one run, walked forward with the cursor: seeking forward
 * goes on from where it is, seeking back starts over from tick 0.
 */
class Walk {
  private account = new StateAccount();
  private state: SimState;
  private readonly working = new WorkingSet();

  constructor(private readonly scenario: Scenario) {
    this.state = createInitialState(scenario);
  }

  at(tick: number): StateAccount {
    if (tick < this.state.tick) {
      this.account = new StateAccount();
      this.state = createInitialState(this.scenario);
    }
    while (this.state.tick < tick) {
      const result = step(this.state, this.working, ACCOUNTING);
      this.state = result.state;
      this.account.add(result.events);
    }
    return this.account;
  }
}

const walks = new WeakMap<Scenario, Walk>();
const answers = new WeakMap<Scenario, Map<number, CountedTwice[]>>();

/**
 * The records a task's state counts more than once at `tick` of `scenario`'s run, as the engine's
 * account (the one the verdict uses) keeps them; null for a run too large to replay at every seek.
 */
export function countedTwiceAt(scenario: Scenario, tick: number): CountedTwice[] | null {
  let cheap = affordable.get(scenario);
  if (cheap === undefined) {
    cheap = estimateCost(scenario).elementSteps <= COUNT_LIMIT;
    affordable.set(scenario, cheap);
  }
  if (!cheap) return null;
  let known = answers.get(scenario);
  if (!known) answers.set(scenario, (known = new Map()));
  const cached = known.get(tick);
  if (cached) return cached;
  let walk = walks.get(scenario);
  if (!walk) walks.set(scenario, (walk = new Walk(scenario)));
  const topology = topologyOf(scenario);
  const found: CountedTwice[] = [];
  for (const [task, ledger] of walk.at(tick).ledgers()) {
    // The state of a sum, as the verdict judges it; a sink's received records are outputs.
    if (topology.tasks[topology.taskIndex.get(task) ?? -1]?.operator.kind !== 'sum') continue;
    for (const { origin, count } of ledger.values()) {
      if (count > 1) found.push({ task, origin, count });
    }
  }
  known.set(tick, found);
  return found;
}
