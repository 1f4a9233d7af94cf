import { enforceBudget } from './budget';
import { TickDraft, WorkingSet } from './draft';
import type { SimEvent, SimEventType } from './events';
import { runActions } from './phases/actions';
import { completeWrites } from './phases/backend';
import { coordinate } from './phases/coordinator';
import { cancelIfFailingOver, restoreIfDue } from './phases/failover';
import { expireTransactions } from './phases/broker';
import { finishIfDone } from './phases/finish';
import { forgetOldCheckpoints } from './phases/history';
import { deliverMessages } from './phases/messages';
import { runTasks } from './phases/tasks';
import type { SimState } from './types';

export interface StepResult {
  state: SimState;
  events: SimEvent[];
}

export interface StepOptions {
  /**
   * The types of event to make; every type when unset. The state is the same either way, and
   * the events made are the same, in the same order, as the ones of these types made without
   * the option. A long run has about one event per element moved: a recorder that keeps only
   * the job's milestones saves making the others.
   */
  events?: ReadonlySet<SimEventType>;
  /**
   * RecordProcessed only for the records a state or a sink took in (`applied`), the ones the
   * per-record account counts: most records of a long run pass operators that keep nothing, and
   * judging steps two runs. Otherwise the events are those made without it, in the same order.
   */
  appliedRecordsOnly?: boolean;
}

/**
 * Advances the simulation by one tick. Pure: `prev` is never modified, the parts of it this tick
 * leaves alone are shared with the result, and the same state always gives the same result.
 *
 * The phases of a tick, in this order:
 * 0. cancel       the tick after a failure, the cancellation reaches the tasks still running
 *    broker       the broker aborts transactions older than their sink's transaction timeout
 * 1. actions      scheduled checkpoints, savepoints and task failures that are due; a failed
 *                 job submitted again from its checkpoint restores now
 * 2. restore      a restarting job whose delay ran out restores its latest checkpoint
 * 3. messages     control messages arrive: triggers at sources, acks at the coordinator, ...
 * 4. coordinator  timeouts, the stop-the-world snapshot, the periodic trigger
 * 5. tasks        sources read, operators and sinks process what arrived, barriers align
 * 6. backend      finished snapshot writes are confirmed and acknowledged
 * 7. finish       the job ends when its input is exhausted and nothing is in flight
 *    history      ended checkpoints past what Flink keeps are forgotten, and counted
 * 8. budget       the run stops if it passed a limit of its budget (RUN_BUDGET)
 * Elements sent in a tick arrive at the earliest in the next one, so the order of tasks within
 * a phase changes nothing but who finds room in a full channel first.
 *
 * With a `working` set, the step writes in place whatever an earlier step with the same set
 * copied: only the state it returns may be read afterwards, not `prev` nor any state returned
 * since the set was made (the states before that stay intact). A recorder keeps one set between
 * two stored states and makes a new one after storing; the result is the same as without it.
 */
export function step(prev: SimState, working?: WorkingSet, options?: StepOptions): StepResult {
  if (isTerminal(prev)) {
    return { state: { ...prev, tick: prev.tick + 1 }, events: [] };
  }
  const d = new TickDraft(
    prev,
    working,
    options?.events ?? null,
    options?.appliedRecordsOnly === true,
  );
  cancelIfFailingOver(d);
  expireTransactions(d);
  runActions(d);
  restoreIfDue(d);
  deliverMessages(d);
  coordinate(d);
  runTasks(d);
  completeWrites(d);
  finishIfDone(d);
  forgetOldCheckpoints(d);
  enforceBudget(d);
  return { state: d.finish(), events: d.events };
}

/**
 * Whether stepping further can change anything: the job ended (a FAILED job that a scenario
 * action will submit again has not), or the run hit its budget.
 */
export function isTerminal(state: SimState): boolean {
  if (state.halted !== null || state.job.status === 'FINISHED') return true;
  return state.job.status === 'FAILED' && !resubmissionPending(state);
}

/** Whether a resume-from-checkpoint action of the scenario has yet to start the job again. */
function resubmissionPending(state: SimState): boolean {
  const actions = state.scenario.actions;
  for (let k = 0; k < actions.length; k++) {
    if (actions[k].type === 'resume-from-checkpoint' && !state.fired[k]) return true;
  }
  return false;
}
