import {
  ACCOUNT_EVENTS,
  ACCOUNTING,
  accountedRun,
  failureFree,
  intendedTruthSteps,
  StateAccount,
  stoppedWith,
  withoutStop,
  type GroundTruth,
} from './account';
import { WorkingSet } from './draft';
import type { SimEvent, SimEventType } from './events';
import { isTerminal, step, type StepOptions } from './step';
import type { Scenario, SimState } from './types';

/**
 * Besides what the account reads, the events by which a replay parts from the run it was meant
 * to be: a checkpoint that expires and a transaction that times out (the intended run has no
 * timeouts). A failure shows in the job's status.
 */
const PARTING_EVENTS: ReadonlySet<SimEventType> = new Set<SimEventType>([
  ...ACCOUNT_EVENTS,
  'CheckpointFailed',
  'TransactionAborted',
]);

const WATCHING: StepOptions = { events: PARTING_EVENTS, appliedRecordsOnly: true };

/**
 * Ticks between the states the replay keeps for the intended run to start from while the two
 * are still one run: each costs a fresh working set (every part of the state is copied again
 * once) and a fork of the account.
 */
const FORK_EVERY = 256;

/** A run's last state and its account, as judging reads it. */
export interface AccountedRun {
  state: SimState;
  account: StateAccount;
}

/** A replay and the run it was meant to be, each to its end. */
export interface JudgedRuns {
  run: AccountedRun;
  truth: GroundTruth;
  /** The ticks the intended run did not step again: the replay's, up to where it started. */
  sharedTicks: number;
}

/**
 * The scenario's actions that the run it was meant to be leaves out (failures, and a stop),
 * and those whose firing sets the two apart otherwise: an unnamed savepoint named after its
 * place in the list, which moves when an action before it is left out.
 */
function partingActions(scenario: Scenario, intended: Scenario): number[] {
  const kept = new Set(intended.actions);
  const parting: number[] = [];
  let left = 0;
  scenario.actions.forEach((action, k) => {
    if (!kept.has(action)) {
      left++;
      parting.push(k);
    } else if (action.type === 'savepoint' && action.name === undefined && left > 0) {
      parting.push(k);
    }
  });
  return parting;
}

/** Whether the step that made `state` (with `events`) did something the intended run would not. */
function parted(state: SimState, events: readonly SimEvent[], parting: readonly number[]): boolean {
  const status = state.job.status;
  if (status === 'RESTARTING' || status === 'FAILED') return true;
  for (const k of parting) if (state.fired[k]) return true;
  for (const e of events) {
    if (e.type === 'CheckpointFailed' && e.reason.code === 'checkpoint-expired') return true;
    if (e.type === 'TransactionAborted' && e.why === 'timeout') return true;
  }
  return false;
}

/**
 * The state `at` of the replay as the intended run has it: the same but for the scenario and
 * which of its actions fired, by their places in its own list.
 */
function asIntended(at: SimState, scenario: Scenario, intended: Scenario): SimState {
  const place = new Map(scenario.actions.map((action, k) => [action, k]));
  const fired = intended.actions.map((action) => at.fired[place.get(action)!]);
  return { ...at, scenario: intended, fired };
}

/**
 * Replays a run from its first state `start` to tick `end`, feeding an account (see
 * accountedRun), and steps the run it was meant to be (see intendedScenario) to its end: what
 * judging compares. The two runs are the same, tick for tick, until the replay first fails,
 * times out or stops with a savepoint, so the intended run does not step that stretch again: it
 * starts from the last state the replay kept before then (every FORK_EVERY ticks), with a fork
 * of its account. A job stopped with a savepoint is meant to read less input, so its intended
 * run starts from the beginning. A generator, as accountedRun.
 */
export function* judgedRuns(
  start: SimState,
  end: number,
  forkEvery = FORK_EVERY,
): Generator<number, JudgedRuns, void> {
  const scenario = start.scenario;
  const unstopped = withoutStop(failureFree(scenario));
  const parting = partingActions(scenario, unstopped);
  const account = new StateAccount();
  let state = start;
  let working = new WorkingSet();
  // The last state kept that both runs reach, and the account to that point.
  let shared: AccountedRun | null = start.tick === 0 ? { state, account: account.fork() } : null;
  let together = shared !== null;
  while (state.tick < end && !isTerminal(state)) {
    if (together && state.tick % forkEvery === 0 && state !== shared!.state) {
      // A new working set leaves this state as it is: the intended run starts from it.
      shared = { state, account: account.fork() };
      working = new WorkingSet();
    }
    const result = step(state, working, together ? WATCHING : ACCOUNTING);
    state = result.state;
    account.add(result.events);
    if (together && parted(state, result.events, parting)) together = false;
    if (state.tick % 64 === 0) yield state.tick;
  }
  const run = { state, account };
  // Never parted: the replay's last state is the intended run's too, up to `end`.
  if (together && state !== shared!.state) shared = { state, account: account.fork() };
  if (shared === null || stoppedWith(state)) {
    return { run, truth: yield* intendedTruthSteps(state), sharedTicks: 0 };
  }
  const from = asIntended(shared.state, scenario, unstopped);
  const truth = { state: yield* accountedRun(from, shared.account), account: shared.account };
  return { run, truth, sharedTicks: from.tick };
}
