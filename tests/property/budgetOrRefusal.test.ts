import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminal, RUN_BUDGET, type SimState } from '../../src/engine';
import { MAX_TICKS, startRecording } from '../../src/session/timeline';
import { describeBudget } from '../../src/scenarios/budgetText';
import { parseScenario } from '../../src/scenarios/schema';

const partitioning = fc.constantFrom('broadcast', 'rebalance', 'hash', 'broadcast');

/**
 * Jobs shaped to cost: a source of up to 16 subtasks at up to 100 records a tick, then up to
 * three levels of up to 16 subtasks, joined by broadcast edges more often than not. Some drain
 * slowly (a last level taking one record a tick behind short channels), so that the run goes on
 * for thousands of ticks with the channels full; some fail and restart, with or without
 * checkpoints, so that replays add to what the job would cost without failures.
 */
const costlyDraft = fc
  .record({
    sources: fc.integer({ min: 1, max: 16 }),
    rate: fc.integer({ min: 1, max: 100 }),
    values: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1_000, max: 3_000 })),
    levels: fc.array(
      fc.record({
        parallelism: fc.integer({ min: 1, max: 16 }),
        partitioning,
        rate: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constant(1)),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    capacity: fc.oneof(
      fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
      fc.integer({ min: 10, max: 40 }),
    ),
    intervalMs: fc.constantFrom(500, null),
    failAt: fc.array(fc.integer({ min: 5, max: 400 }), { maxLength: 3 }),
  })
  .map(({ sources, rate, values, levels, capacity, intervalMs, failAt }) => ({
    version: 1,
    id: 'costly',
    title: 'costly',
    operators: [
      {
        id: 'source',
        kind: 'source',
        parallelism: sources,
        rate,
        input: Array.from({ length: values }, (_, i) => (i % 9) + 1),
      },
      ...levels.map((l, i) => ({
        id: `l${i}`,
        kind: i === levels.length - 1 ? 'sink' : 'map',
        parallelism: l.parallelism,
        rate: l.rate,
      })),
    ],
    edges: levels.map((l, i) => ({
      from: i === 0 ? 'source' : `l${i - 1}`,
      to: `l${i}`,
      partitioning: l.partitioning,
      ...(capacity === undefined ? {} : { capacity }),
    })),
    checkpoint: { mode: 'exactly-once', intervalMs },
    restart: { type: 'fixed-delay', attempts: 3, delayMs: 100 },
    actions: failAt.map((tick) => ({
      type: 'fail-task',
      task: `l${levels.length - 1}#0`,
      when: { atTick: tick },
    })),
  }));

const inFlight = (state: SimState) => state.channels.reduce((n, c) => n + c.queue.length, 0);

describe('what the schema accepts, the budget bounds', () => {
  it('every accepted scenario records within the budget or stops at it with a sentence; every other is refused with one', () => {
    const seen = { refused: 0, within: 0, 'in-flight': 0, recording: 0 };
    fc.assert(
      fc.property(costlyDraft, (draft) => {
        const parsed = parseScenario(draft);
        if (!parsed.ok) {
          seen.refused++;
          expect(parsed.problems[0].en).toMatch(/\w.{10,}/);
          expect(parsed.problems[0].zh).toMatch(/[\u4e00-\u9fff]/);
          return;
        }
        const timeline = startRecording(parsed.scenario).advance();
        const final = timeline.final;
        expect(timeline.complete).toBe(true);
        expect(isTerminal(final) || final.tick === MAX_TICKS).toBe(true);
        // A step may pass a limit; the tick that does is the last. Every state stored before it
        // was within the in-flight limit.
        const stored = timeline.keyframes.map((k) => k.state);
        for (const state of stored.filter((s) => s.tick < final.tick)) {
          expect(inFlight(state)).toBeLessThanOrEqual(RUN_BUDGET.inFlight);
        }
        const kept = stored.reduce((n, s) => n + inFlight(s), 0);
        if (final.halted) {
          if (final.halted.limit in seen) seen[final.halted.limit as keyof typeof seen]++;
          const text = describeBudget(final.halted);
          expect(text.en).toMatch(/^The (run|recording) stopped: /);
          expect(text.zh.length).toBeGreaterThan(10);
          if (final.halted.limit === 'recording') {
            expect(kept).toBeGreaterThan(RUN_BUDGET.recordedElements);
          }
        } else {
          seen.within++;
          expect(final.elementSteps).toBeLessThanOrEqual(RUN_BUDGET.elementSteps);
          expect(inFlight(final)).toBeLessThanOrEqual(RUN_BUDGET.inFlight);
          expect(kept).toBeLessThanOrEqual(RUN_BUDGET.recordedElements);
        }
      }),
      { numRuns: 40, seed: 21 },
    );
    // The sweep refused some, recorded some within the budget, and reached the in-flight limit
    // and the recording's. Not the element-step limit: only replays beyond the estimate reach it,
    // after some 8 s of work each on this machine, too long for a sweep.
    expect(
      Object.values(seen).every((n) => n > 0),
      JSON.stringify(seen),
    ).toBe(true);
  }, 600_000);
});
