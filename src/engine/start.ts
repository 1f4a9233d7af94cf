import { freshState } from './init';
import { restoreFromSavepoint } from './savepoint';
import { isTerminal, step } from './step';
import type { CheckpointRecord, Scenario, SimState, StartFailure } from './types';

/** Ticks the job that took a savepoint is run at most to find it again. */
const SAVEPOINT_SEARCH_LIMIT = 100_000;

export type SavepointLookup =
  { ok: true; savepoint: CheckpointRecord } | { ok: false; error: StartFailure };

function matches(record: CheckpointRecord, which: string | number): boolean {
  if (record.kind !== 'savepoint') return false;
  return typeof which === 'number' ? record.id === which : record.name === which;
}

/**
 * A savepoint of `job`, by name or by checkpoint id, found by running the job until the
 * savepoint completes. Deterministic, so the savepoint is exactly the one the job took. Pure.
 */
export function findSavepoint(job: Scenario, which: string | number): SavepointLookup {
  let state = createInitialState(job);
  if (state.job.status === 'FAILED') {
    const cause = state.job.failReason!;
    return { ok: false, error: { code: 'savepoint-job-not-started', job: job.title, cause } };
  }
  while (state.tick < SAVEPOINT_SEARCH_LIMIT) {
    const found = state.checkpoints.find((c) => matches(c, which) && c.status !== 'IN_PROGRESS');
    if (found?.status === 'COMPLETED') return { ok: true, savepoint: found };
    if (found) {
      return {
        ok: false,
        error: {
          code: 'savepoint-failed',
          job: job.title,
          savepoint: which,
          cause: found.failReason!,
        },
      };
    }
    if (isTerminal(state)) break;
    state = step(state).state;
  }
  return {
    ok: false,
    error: { code: 'savepoint-never-completed', job: job.title, savepoint: which },
  };
}

const cache = new WeakMap<Scenario, SimState>();

/**
 * The state at tick 0, before anything happened. A scenario with `restoreFrom` starts from that
 * savepoint (see restoreFromSavepoint); when it cannot, the job is FAILED from the start with
 * the reason, as a Flink job that cannot map its savepoint fails at submission. Pure; memoised
 * per scenario object, since finding a savepoint means running the job that took it.
 */
export function createInitialState(scenario: Scenario): SimState {
  const restore = scenario.restoreFrom;
  if (!restore) return freshState(scenario);
  const cached = cache.get(scenario);
  if (cached) return cached;
  const lookup = findSavepoint(restore.job, restore.savepoint);
  const result = lookup.ok
    ? restoreFromSavepoint(scenario, lookup.savepoint, {
        allowNonRestoredState: restore.allowNonRestoredState,
      })
    : lookup;
  let state: SimState;
  if (result.ok) {
    state = result.state;
  } else {
    const fresh = freshState(scenario);
    state = { ...fresh, job: { ...fresh.job, status: 'FAILED', failReason: result.error } };
  }
  cache.set(scenario, state);
  return state;
}
