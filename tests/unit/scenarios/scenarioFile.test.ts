import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../../../src/engine';
import { PRESETS, presetById } from '../../../src/scenarios/presets';
import {
  exportScenarioFile,
  FILE_LIMITS,
  parseJsonSafely,
  scenarioFileName,
  SCENARIO_FILE_FORMAT,
} from '../../../src/scenarios/scenarioFile';
import { parseScenario } from '../../../src/scenarios/schema';
import { scenarioArb } from '../../helpers/arbitraries';
import { importInEnglish } from './inEnglish';

function normalised(scenario: Scenario): Scenario {
  const parsed = parseScenario(scenario);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.scenario;
}

function imported(text: string) {
  const result = importInEnglish(text);
  if (!result.ok) throw new Error(`${result.error} ${result.problems.join('; ')}`);
  return result;
}

const odd = presetById('odd-even-sum')!;

describe('scenario files round-trip', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s: exported and imported unchanged',
    (_, preset) => {
      const text = exportScenarioFile(preset);
      const header = JSON.parse(text);
      expect(header).toMatchObject({ format: SCENARIO_FILE_FORMAT, version: 1 });
      expect(text).toContain('\n  "scenario": {');
      const result = imported(text);
      expect(result.scenario).toEqual(normalised(preset));
      expect(result.events).toBeNull();
      expect(result.warnings).toEqual([]);
    },
  );

  it('round-trips random valid scenarios', () => {
    fc.assert(
      fc.property(scenarioArb(), (scenario) => {
        expect(imported(exportScenarioFile(scenario)).scenario).toEqual(normalised(scenario));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('carries the recorded event log with the scenario', () => {
    const { events } = runScenario(odd);
    const result = imported(exportScenarioFile(odd, { events }));
    expect(result.events).toEqual(events);
    expect(result.events!.some((e) => e.type === 'TaskFailed')).toBe(true);
  });

  it('names the file after the scenario', () => {
    expect(scenarioFileName(odd)).toBe('odd-even-sum.checkpoint-lab.json');
  });

  it('reads a bare scenario without the header, and says so', () => {
    const result = imported(JSON.stringify(odd));
    expect(result.scenario).toEqual(normalised(odd));
    expect(result.warnings).toEqual([expect.stringContaining('bare scenario')]);
  });
});

describe('scenario files that cannot be used', () => {
  const file = (scenario: unknown, extra: object = {}) =>
    JSON.stringify({ format: SCENARIO_FILE_FORMAT, version: 1, scenario, ...extra });

  it('names the field and the reason', () => {
    const broken = {
      ...odd,
      operators: odd.operators.map((o, i) => (i === 1 ? { ...o, parallelism: 0 } : o)),
    };
    const result = importInEnglish(file(broken));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]).toMatch(/^scenario\.operators\[1\]\.parallelism: /);
    expect(result.error).toBe(`This file's scenario cannot be used: ${result.problems[0]}.`);
  });

  it('refuses an impossible job graph with the reason', () => {
    const cyclic = {
      ...odd,
      edges: [
        ...odd.edges,
        { from: 'sum_even', to: 'sum_odd', partitioning: 'forward' },
        { from: 'sum_odd', to: 'sum_even', partitioning: 'forward' },
      ],
    };
    const result = importInEnglish(file(cyclic));
    expect(result).toMatchObject({
      ok: false,
      problems: ['scenario.edges: the job graph has a cycle'],
    });
  });

  it.each([
    ['text that is not JSON', 'hello', /^This file cannot be read: it is not valid JSON/],
    ['a JSON list', '[1, 2]', /no JSON object/],
    [
      'another program’s JSON',
      '{"name": "my-app", "version": "1.0.0"}',
      /"format" should be "checkpoint-lab-scenario"/,
    ],
    [
      'a newer file version',
      JSON.stringify({ format: SCENARIO_FILE_FORMAT, version: 3, scenario: {} }),
      /newer Checkpoint Lab \(file version 3\)/,
    ],
    [
      'a version in text',
      JSON.stringify({ format: SCENARIO_FILE_FORMAT, version: '1', scenario: {} }),
      /"version" is not a whole number/,
    ],
    [
      'no scenario',
      JSON.stringify({ format: SCENARIO_FILE_FORMAT, version: 1 }),
      /has no "scenario"/,
    ],
    [
      'an empty scenario',
      JSON.stringify({ format: SCENARIO_FILE_FORMAT, version: 1, scenario: {} }),
      /scenario cannot be used: scenario\.version: /,
    ],
    [
      'deep nesting',
      `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
      /nested more than 64 levels deep/,
    ],
  ])('refuses %s with a message', (_, text, message) => {
    const result = importInEnglish(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('checks the event log’s outline', () => {
    const bad = [
      ['not a list', { a: 1 }, 'events: must be a list'],
      ['an entry that is a number', [5], 'events[0]: must be an object'],
      ['no type', [{ tick: 1 }], 'events[0].type: must be an event name'],
      [
        'a negative tick',
        [{ type: 'JobFinished', tick: -2 }],
        'events[0].tick: must be a whole number, 0 or more',
      ],
    ] as const;
    for (const [, events, problem] of bad) {
      const result = importInEnglish(file(odd, { events }));
      expect(result).toMatchObject({ ok: false, problems: [problem] });
    }
  });

  it('refuses a file over the size limit before reading it', () => {
    const huge = ' '.repeat(FILE_LIMITS.textLength + 1);
    expect(importInEnglish(huge)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/too large/),
    });
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => file(v)),
        ),
        (text) => {
          const result = importInEnglish(text);
          if (!result.ok) expect(result.error).toMatch(/^This file.+\.$/);
        },
      ),
      { numRuns: 500 },
    );
    expect(importInEnglish(undefined as unknown as string).ok).toBe(false);
  }, 60_000);
});

describe('parseJsonSafely', () => {
  it('drops __proto__, constructor and prototype keys at every depth', () => {
    const parsed = parseJsonSafely(
      '{"__proto__":{"polluted":1},"a":{"constructor":{"prototype":{"polluted":1}},"b":[{"prototype":1,"c":2}]}}',
      10,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const value = parsed.value as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value).toEqual({ a: { b: [{ c: 2 }] } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('counts nesting outside strings only', () => {
    expect(parseJsonSafely('{"a":"[[[[[[[[[[[[","b":[[1]]}', 3)).toEqual({
      ok: true,
      value: { a: '[[[[[[[[[[[[', b: [[1]] },
    });
    expect(parseJsonSafely('{"b":[[[1]]]}', 3)).toMatchObject({ ok: false });
    expect(parseJsonSafely('{"a":"\\"[[[[","b":1}', 1)).toMatchObject({ ok: true });
  });
});

describe('a file that is not valid JSON', () => {
  it('says where the error is, and quotes none of the text', () => {
    const result = importInEnglish(
      '{\n  "format": "checkpoint-lab-scenario",\n  "version": 1 2\n}',
    );
    expect(result).toMatchObject({
      ok: false,
      error: 'This file cannot be read: it is not valid JSON (the error is at line 3, column 16).',
    });
    const quoted = importInEnglish('{"a":, "<script>":1}');
    expect(quoted).toMatchObject({
      ok: false,
      error: 'This file cannot be read: it is not valid JSON.',
    });
  });
});
