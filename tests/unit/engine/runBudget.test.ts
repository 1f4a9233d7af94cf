import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHANNEL_CAPACITY,
  RUN_BUDGET,
  estimateCost,
  runScenario,
  type Scenario,
} from '../../../src/engine';
import { describeBudget } from '../../../src/scenarios/budgetText';
import { parseScenario } from '../../../src/scenarios/schema';
import { fanOutDraft, WORST_CASE_VALUES, worstCaseScenario } from '../../../bench/scenarios';
import { record } from '../../helpers/sim';

function valid(draft: unknown): Scenario {
  const parsed = parseScenario(draft);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.scenario;
}

/** A fast source into a slow sum: everything the sum cannot take waits in its channel. */
function backlog(capacity?: number | null): Scenario {
  return valid({
    version: 1,
    operators: [
      { id: 'source', kind: 'source', parallelism: 1, rate: 50, input: new Array(2000).fill(1) },
      { id: 'sum', kind: 'sum', parallelism: 1, rate: 1, accept: 'all' },
    ],
    edges: [
      {
        from: 'source',
        to: 'sum',
        partitioning: 'forward',
        ...(capacity !== undefined ? { capacity } : {}),
      },
    ],
  });
}

const longestQueue = (run: ReturnType<typeof record>) =>
  Math.max(...run.states.map((s) => s.channels[0].queue.length));

describe('the run budget', () => {
  it('bounds a channel whose edge sets no capacity, as Flink bounds its network buffers', () => {
    const run = record(backlog(), 3000);
    // Full at the end of a tick, less the one the sum took.
    expect(longestQueue(run)).toBeGreaterThanOrEqual(DEFAULT_CHANNEL_CAPACITY - 1);
    expect(longestQueue(run)).toBeLessThanOrEqual(DEFAULT_CHANNEL_CAPACITY);
    expect(run.states[run.states.length - 1].job.status).toBe('FINISHED');
    // Only an explicit null is unbounded.
    expect(longestQueue(record(backlog(null), 100))).toBeGreaterThan(DEFAULT_CHANNEL_CAPACITY);
  });

  it('refuses the fan-out link up front, naming the broadcast edge to change', () => {
    const parsed = parseScenario(fanOutDraft(1000));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0].en).toMatch(
      /^scenario: this job would move about [\d.]+ million elements, more than the 5 million .*the broadcast edge b → c .*lower the parallelism of c/,
    );
    expect(parsed.problems[0].zh).toMatch(/broadcast 边 b → c.*降低 c 的并行度/);
  });

  it('accepts the costliest fan-out that fits, whose run stops at its in-flight limit', () => {
    expect(estimateCost(worstCaseScenario()).elementSteps).toBeLessThanOrEqual(
      RUN_BUDGET.elementSteps,
    );
    expect(parseScenario(fanOutDraft(WORST_CASE_VALUES + 1)).ok).toBe(false);
    const { state } = runScenario(worstCaseScenario());
    expect(state.halted).toMatchObject({ limit: 'in-flight' });
    expect(state.elementSteps).toBeLessThanOrEqual(RUN_BUDGET.elementSteps);
  });

  it('stops a run that passes its in-flight limit, with the reason, and keeps what it made', () => {
    const run = record(worstCaseScenario(), 5000);
    const last = run.states[run.states.length - 1];
    expect(last.halted).toMatchObject({ code: 'budget-exceeded', limit: 'in-flight' });
    expect(last.halted!.used).toBeGreaterThan(RUN_BUDGET.inFlight);
    // The tick before it was within the limit: the run stopped at the first tick past it.
    const before = run.states[run.states.length - 2];
    expect(before.channels.reduce((n, c) => n + c.queue.length, 0)).toBeLessThanOrEqual(
      RUN_BUDGET.inFlight,
    );
    expect(last.job.status).toBe('RUNNING');
    const halted = run.events.filter((e) => e.type === 'RunHalted');
    expect(halted).toHaveLength(1);
    expect(halted[0].tick).toBe(last.tick);
    const text = describeBudget(last.halted!);
    expect(text.en).toMatch(
      /^The run stopped: [\d,.]+( million)? records and barriers were in flight/,
    );
    expect(text.zh).toMatch(/^运行已停止：同时在途/);
  });
});
