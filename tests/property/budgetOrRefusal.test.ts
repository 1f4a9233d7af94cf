import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminal, RUN_BUDGET } from '../../src/engine';
import { MAX_TICKS, startRecording } from '../../src/session/timeline';
import { describeBudget } from '../../src/scenarios/budgetText';
import { parseScenario } from '../../src/scenarios/schema';

const partitioning = fc.constantFrom('broadcast', 'rebalance', 'hash', 'broadcast');

/**
 * Jobs shaped to cost: a source of up to 16 subtasks at up to 100 records a tick, then up to
 * three levels of up to 16 subtasks, joined by broadcast edges more often than not.
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
        rate: fc.integer({ min: 1, max: 100 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    capacity: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
  })
  .map(({ sources, rate, values, levels, capacity }) => ({
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
    checkpoint: { mode: 'exactly-once', intervalMs: 500 },
  }));

describe('what the schema accepts, the budget bounds', () => {
  it('every accepted scenario records within the budget or stops at it with a sentence; every other is refused with one', () => {
    const seen = { refused: 0, finished: 0, halted: 0 };
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
        // A step may pass a limit; the tick that does is the last.
        const inFlight = final.channels.reduce((n, c) => n + c.queue.length, 0);
        if (final.halted) {
          seen.halted++;
          const text = describeBudget(final.halted);
          expect(text.en).toMatch(/^The (run|recording) stopped: /);
          expect(text.zh.length).toBeGreaterThan(10);
        } else {
          seen.finished++;
          expect(final.elementSteps).toBeLessThanOrEqual(RUN_BUDGET.elementSteps);
          expect(inFlight).toBeLessThanOrEqual(RUN_BUDGET.inFlight);
        }
      }),
      { numRuns: 25, seed: 21 },
    );
    // The sweep reached all three outcomes.
    expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  }, 600_000);
});
