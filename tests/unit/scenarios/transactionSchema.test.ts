import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../src/engine';
import { parseScenario } from '../../../src/scenarios/schema';
import { twoPhaseCommit } from '../../../src/scenarios/presets/twoPhaseCommit';

/** The problems a scenario file with this change gets, in both languages. */
function problems(change: (s: Record<string, unknown> & Scenario) => void) {
  const s = structuredClone(twoPhaseCommit) as Record<string, unknown> & Scenario;
  change(s);
  const parsed = parseScenario(s);
  if (parsed.ok) return [];
  return parsed.problems;
}

const sink = (s: Scenario) => s.operators[3] as unknown as Record<string, unknown>;

describe("a two-phase-commit sink's fields in a scenario file get clear messages in both languages", () => {
  it('the preset itself is valid', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('a topic name with a space', () => {
    expect(problems((s) => void (sink(s).topic = 'my topic'))).toEqual([
      {
        en: 'operators[3].topic: "my topic" may hold only letters, digits, _ and -, and must not start with a digit',
        zh: 'operators[3].topic："my topic" 只能包含字母、数字、_ 和 -，且不能以数字开头',
      },
    ]);
  });

  it('transactional that is not true or false, a transaction timeout below 100 ms, a misspelt key', () => {
    expect(problems((s) => void (sink(s).transactional = 'yes'))[0].zh).toBe(
      'operators[3].transactional："yes" 不是 true 或 false',
    );
    expect(problems((s) => void (sink(s).transactionTimeoutMs = 10))).toEqual([
      {
        en: 'operators[3].transactionTimeoutMs: 10 is less than the minimum of 100',
        zh: 'operators[3].transactionTimeoutMs：10 小于下限 100',
      },
    ]);
    expect(problems((s) => void (sink(s).transactionTimeoutMS = 1000))[0].en).toContain(
      '(did you mean "transactionTimeoutMs"?)',
    );
  });

  it('the commit-notification actions', () => {
    const lose = problems(
      (s) => void s.actions.push({ type: 'lose-commit-notification' } as never),
    );
    expect(lose[0]).toEqual({
      en: 'actions[3].checkpoint: is missing; it must be a number',
      zh: 'actions[3].checkpoint：缺失；它必须是数字',
    });
    const delay = problems(
      (s) => void s.actions.push({ type: 'delay-commit-notification', checkpoint: 1, delayMs: -5 }),
    );
    expect(delay[0].zh).toBe('actions[3].delayMs：-5 小于下限 0');
  });
});
