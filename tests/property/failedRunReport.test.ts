import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInitialState, isTerminal, step, topologyOf, type Scenario } from '../../src/engine';
import { reportHead, writeReportTail } from '../../src/cli/simReport';
import { scenarioArb } from '../helpers/arbitraries';
import { validated } from './support/properties';

interface Report {
  job: { status: string };
  inFlight: { elements: number; buffered: number; messages: number; writes: number };
  checkpoints: { status: string }[];
  sinks: Record<string, number[]>;
}

/** A job that fails for good: no restart strategy, and a task failing at `at`. */
function failing(scenario: Scenario, pick: number, at: number): Scenario {
  const tasks = topologyOf(scenario).tasks;
  const task = tasks[pick % tasks.length].id;
  return {
    ...scenario,
    restart: { type: 'none' },
    actions: [...scenario.actions, { type: 'fail-task', task, when: { atTick: at } }],
  };
}

describe("the runner's report of a job that ended FAILED", () => {
  it('holds no checkpoint in progress and nothing in flight, and lists the whole output of every sink', async () => {
    const runs: Scenario[] = [];
    fc.assert(
      fc.property(scenarioArb(), fc.nat(), fc.integer({ min: 1, max: 60 }), (s, pick, at) => {
        runs.push(validated(failing(s, pick, at)));
      }),
      { numRuns: 40, seed: 18 },
    );
    let failed = 0;
    for (const scenario of runs) {
      let state = createInitialState(scenario);
      while (!isTerminal(state) && state.tick < 2_000) state = step(state).state;
      if (state.job.status !== 'FAILED') continue;
      failed++;
      let text = reportHead(state, false);
      await writeReportTail(state, false, { write: (t) => void (text += t) });
      const report = JSON.parse(text) as Report;
      expect(report.job.status).toBe('FAILED');
      expect(report.checkpoints.filter((c) => c.status === 'IN_PROGRESS')).toEqual([]);
      expect(report.inFlight).toEqual({ elements: 0, buffered: 0, messages: 0, writes: 0 });
      for (const t of topologyOf(scenario).tasks) {
        if (t.operator.kind !== 'sink') continue;
        expect(report.sinks[t.id]).toEqual(state.tasks[t.index].output.map((r) => r.value));
      }
    }
    expect(failed).toBeGreaterThan(10);
  }, 300_000);
});
