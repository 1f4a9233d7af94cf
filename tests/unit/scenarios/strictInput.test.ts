import { describe, expect, it, vi } from 'vitest';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import { parseScenario } from '../../../src/scenarios/schema';
import { closestKey } from '../../../src/scenarios/schemaMessages';

const base = () => JSON.parse(JSON.stringify(oddEvenSum)) as Record<string, unknown>;
const operators = () => base().operators as Record<string, unknown>[];

function refusal(input: unknown): { en: string; zh: string }[] {
  const result = parseScenario(input);
  if (result.ok) throw new Error('accepted');
  return result.problems;
}

describe('strict scenario input', () => {
  it('refuses a misspelt key with its path and the key it probably meant', () => {
    const s = base();
    s.checkpoint = { ...(s.checkpoint as object), intervalMS: 500 };
    const [problem] = refusal(s);
    expect(problem.en).toBe(
      'checkpoint: has an unknown key "intervalMS" (did you mean "intervalMs"?)',
    );
    expect(problem.zh).toBe('checkpoint：含有未知的键 "intervalMS"（是否想写 "intervalMs"？）');

    const ops = operators();
    ops[1] = { ...ops[1], paralelism: 2 };
    expect(refusal({ ...base(), operators: ops })[0].en).toBe(
      'operators[1]: has an unknown key "paralelism" (did you mean "parallelism"?)',
    );
    expect(refusal({ ...base(), chekpoint: {} })[0].en).toMatch(
      /^scenario: has an unknown key "chekpoint" \(did you mean "checkpoint"\?\)$/,
    );
  });

  it('says the value and the limit, never what zod says by default', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ tickMs: 1e300 }, 'tickMs: 1e+300 is more than the limit of 60000'],
      [{ tickMs: 0.5 }, 'tickMs: 0.5 is not a whole number'],
      [{ version: 2 }, 'version: 2 is not allowed; use 1'],
      [
        { title: 'x'.repeat(201) },
        'title: has 201 characters, more than the limit of 200 characters',
      ],
      [{ seed: 'one' }, 'seed: "one" is not a number'],
    ];
    for (const [change, says] of cases) {
      const problems = refusal({ ...base(), ...change });
      expect(problems.map((p) => p.en)).toEqual([says]);
      expect(problems[0].zh).not.toMatch(/[a-z]{3,} [a-z]{3,}/);
    }
    const ops = operators();
    ops[1] = { ...ops[1], kind: 'fliter' };
    const [kind] = refusal({ ...base(), operators: ops });
    expect(kind.en).toMatch(/^operators\[1\]\.kind: "fliter" is not a known kind; use one of /);
    expect(kind.en).toMatch(/\(did you mean "filter"\?\)$/);
    expect(kind.en).not.toMatch(/discriminator|Invalid|expected/);
  });

  it('speaks through the closest form of a union, naming the misspelt key', () => {
    const s = { ...base(), actions: [{ type: 'checkpoint', when: { atTik: 3 } }] };
    expect(refusal(s)[0].en).toBe(
      'actions[0].when: has an unknown key "atTik" (did you mean "atTick"?)',
    );
  });

  it('suggests only close names', () => {
    expect(closestKey('INTERVALMS', ['intervalMs', 'timeoutMs'])).toBe('intervalMs');
    expect(closestKey('chekcpoint', ['checkpoint'])).toBe('checkpoint');
    expect(closestKey('zzz', ['seed', 'tickMs'])).toBeNull();
  });
});

describe('zod without eval', () => {
  it('parses a scenario without ever constructing a Function (the CSP forbids eval)', async () => {
    vi.resetModules();
    const original = globalThis.Function;
    const made = vi.fn();
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        made();
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        made();
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const fresh = await import('../../../src/scenarios/schema');
      expect(fresh.parseScenario(base()).ok).toBe(true);
      expect(fresh.parseScenario({ ...base(), tickMs: -1 }).ok).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(made).not.toHaveBeenCalled();
  });
});
