import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../src/engine';
import { LESSONS } from '../../../src/scenarios/lessons/course';
import { PRESETS, presetById } from '../../../src/scenarios/presets';
import { parseScenario } from '../../../src/scenarios/schema';
import {
  encodeShareState,
  sharedScenario,
  type ShareState,
} from '../../../src/scenarios/shareLink';
import {
  buildFailures,
  checkpointConfigArb,
  restartStrategyArb,
  scenarioArb,
  type JobGraph,
  failurePlansArb,
} from '../../helpers/arbitraries';
import { decodeInEnglish } from './inEnglish';

function share(scenario: Scenario, extra: Partial<ShareState> = {}): ShareState {
  return { v: 1, scenario: { custom: scenario }, tick: 0, language: 'en', ...extra };
}

/** What a scenario is, once validated: the form every loader hands to the engine. */
function normalised(scenario: Scenario): Scenario {
  const parsed = parseScenario(scenario);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.scenario;
}

function opened(hash: string) {
  const decoded = decodeInEnglish(hash);
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded;
}

/** A link payload written by hand, as an old or a hostile build would. */
const link = (payload: unknown) =>
  `#v1=${compressToEncodedURIComponent(typeof payload === 'string' ? payload : JSON.stringify(payload))}`;

describe('share links round-trip', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s: opens the same scenario from a short preset link',
    (id, preset) => {
      const hash = encodeShareState(share(preset, { tick: 7 }));
      expect(hash.startsWith('#v1=')).toBe(true);
      const { state, scenario, warnings } = opened(hash);
      expect(state.scenario).toEqual({ preset: id });
      expect(scenario).toEqual(normalised(preset));
      // The preset itself, so the app still knows it by name.
      expect(scenario).toBe(preset);
      expect(state.tick).toBe(7);
      expect(warnings).toEqual([]);
      // The whole scenario would make a longer link than its name.
      const whole = `#v1=${compressToEncodedURIComponent(JSON.stringify(share(preset)))}`;
      expect(hash.length).toBeLessThan(whole.length);
    },
  );

  it('keeps a preset link short when the mode, checkpoint options and failures change', () => {
    const preset = presetById('odd-even-sum')!;
    const changed: Scenario = {
      ...preset,
      checkpoint: {
        ...preset.checkpoint,
        mode: 'at-least-once',
        intervalMs: 1000,
        maxConcurrent: 2,
      },
      actions: [...preset.actions, { type: 'fail-task', task: 'sum_even#0', when: { atTick: 25 } }],
    };
    const shared = sharedScenario(changed);
    expect(shared).toEqual({
      preset: 'odd-even-sum',
      overrides: {
        mode: 'at-least-once',
        checkpoint: { intervalMs: 1000, maxConcurrent: 2 },
        actions: [{ type: 'fail-task', task: 'sum_even#0', when: { atTick: 25 } }],
      },
    });
    const { scenario, state } = opened(encodeShareState(share(changed)));
    expect(state.scenario).toEqual(shared);
    expect(scenario).toEqual(normalised(changed));
  });

  it('sends the whole scenario when a preset lost an action or its graph changed', () => {
    const preset = presetById('odd-even-sum')!;
    const withoutFailure = { ...preset, actions: preset.actions.slice(0, 1) };
    const renamed = {
      ...preset,
      operators: preset.operators.map((o) => (o.kind === 'source' ? { ...o, period: 2 } : o)),
    };
    for (const scenario of [withoutFailure, renamed]) {
      expect('custom' in sharedScenario(scenario)).toBe(true);
      expect(opened(encodeShareState(share(scenario))).scenario).toEqual(normalised(scenario));
    }
  });

  it('carries the lesson step, the language and the view', () => {
    const lesson = LESSONS[2];
    const state: ShareState = {
      v: 1,
      scenario: { custom: lesson.scenario },
      tick: lesson.steps[3].tick,
      lesson: { id: lesson.id, step: 3 },
      language: 'zh',
      view: { selected: 'sum_even#0', presenter: true, compare: false },
    };
    const decoded = opened(encodeShareState(state));
    expect(decoded.state).toEqual({ ...state, scenario: { preset: lesson.scenario.id } });
    expect(decoded.warnings).toEqual([]);
  });

  it('reads the hash with or without #, inside a whole URL, and after a mail program mangled + into spaces', () => {
    const hash = encodeShareState(share(presetById('barrier-alignment')!, { tick: 4 }));
    const forms = [
      hash,
      hash.slice(1),
      `https://example.org/checkpoint-lab/?embed${hash}`,
      hash.replace(/\+/g, ' '),
      `#v1=${encodeURIComponent(hash.slice(4))}`,
    ];
    for (const form of forms) expect(opened(form).state.tick).toBe(4);
  });

  it('round-trips random valid scenarios', () => {
    fc.assert(
      fc.property(
        scenarioArb(),
        fc.nat({ max: 100_000 }),
        fc.constantFrom('en', 'zh'),
        (scenario, tick, language) => {
          const state = share(scenario, { tick, language: language as 'en' | 'zh' });
          const decoded = opened(encodeShareState(state));
          expect(decoded.scenario).toEqual(normalised(scenario));
          expect(decoded.state.tick).toBe(tick);
          expect(decoded.state.language).toBe(language);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('round-trips presets with random modes, options, restart strategies and added failures', () => {
    const changes = fc.record({
      preset: fc.constantFrom(...PRESETS),
      checkpoint: checkpointConfigArb(),
      restart: restartStrategyArb,
      seed: fc.nat(),
      failures: failurePlansArb,
    });
    fc.assert(
      fc.property(changes, ({ preset, checkpoint, restart, seed, failures }) => {
        const graph: JobGraph = { operators: preset.operators, edges: preset.edges };
        const added = buildFailures(failures, graph, {
          intervalMs: checkpoint.intervalMs,
          tickMs: preset.tickMs,
        });
        const scenario: Scenario = {
          ...preset,
          checkpoint,
          restart,
          seed,
          actions: [...preset.actions, ...added],
        };
        const decoded = opened(encodeShareState(share(scenario)));
        expect('preset' in decoded.state.scenario).toBe(true);
        expect(decoded.scenario).toEqual(normalised(scenario));
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});

describe('share links that cannot open as they are', () => {
  const odd = presetById('odd-even-sum')!;

  it('refuses a link made by a newer build, and one without a version', () => {
    const newer = decodeInEnglish(`#v2=${compressToEncodedURIComponent('{"v":2}')}`);
    expect(newer).toEqual({ ok: false, error: expect.stringContaining('newer Checkpoint Lab') });
    const bare = decodeInEnglish(compressToEncodedURIComponent(JSON.stringify(share(odd))));
    expect(bare).toEqual({
      ok: false,
      error: expect.stringMatching(/^This link is damaged: .*v1=/),
    });
  });

  it('refuses an unknown lesson or preset, naming it', () => {
    const lesson = decodeInEnglish(link({ ...share(odd), lesson: { id: 'lesson-99', step: 0 } }));
    expect(lesson).toEqual({
      ok: false,
      error: 'This link asks for an unknown lesson "lesson-99", so it was not opened.',
    });
    const preset = decodeInEnglish(
      link({ v: 1, scenario: { preset: 'no-such' }, tick: 0, language: 'en' }),
    );
    expect(preset).toEqual({
      ok: false,
      error: expect.stringContaining('unknown preset "no-such"'),
    });
  });

  it.each([
    [
      'a cycle',
      {
        edges: [
          ...odd.edges,
          { from: 'sum_odd', to: 'sum_even', partitioning: 'forward' },
          { from: 'sum_even', to: 'sum_odd', partitioning: 'forward' },
        ],
      },
      /cycle/,
    ],
    [
      'parallelism 0',
      { operators: odd.operators.map((o) => ({ ...o, parallelism: 0 })) },
      /operators\[0\]\.parallelism/,
    ],
    [
      'an unknown operator',
      { edges: [...odd.edges, { from: 'nowhere', to: 'sum_odd', partitioning: 'rebalance' }] },
      /unknown operator "nowhere"/,
    ],
  ])('refuses a custom scenario with %s, saying why', (_, change, reason) => {
    const decoded = decodeInEnglish(
      link({ ...share(odd), scenario: { custom: { ...odd, id: 'mine', ...change } } }),
    );
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) {
      expect(decoded.error).toMatch(/^This link holds a scenario that cannot run: /);
      expect(decoded.error).toMatch(reason);
    }
  });

  it('refuses a preset whose overrides break the schema, naming the field', () => {
    const decoded = decodeInEnglish(
      link({
        v: 1,
        scenario: { preset: 'odd-even-sum', overrides: { mode: 'sometimes' } },
        tick: 0,
        language: 'en',
      }),
    );
    expect(decoded).toEqual({ ok: false, error: expect.stringContaining('checkpoint.mode') });
  });

  it('opens with a warning what it can repair: a step past the end, an unknown language, a far tick', () => {
    const lesson = LESSONS[0];
    const decoded = opened(
      link({
        v: 1,
        scenario: { preset: lesson.scenario.id },
        tick: 5_000_000,
        language: 'fr',
        lesson: { id: lesson.id, step: 99 },
        view: { presenter: 'yes' },
      }),
    );
    expect(decoded.state.lesson).toEqual({ id: lesson.id, step: lesson.steps.length - 1 });
    expect(decoded.state.language).toBe('en');
    expect(decoded.state.tick).toBe(100_000);
    expect(decoded.state.view).toEqual({});
    expect(decoded.warnings).toHaveLength(4);
  });
});
