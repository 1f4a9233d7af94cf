import { describe, expect, it } from 'vitest';
import { taskName } from '../../../src/session/narration';
import { isolated } from '../../../src/scenarios/text';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';

describe('names from a scenario in text', () => {
  it('isolates a name holding a right-to-left override, so it cannot reverse the sentence', () => {
    const scenario = {
      ...oddEvenSum,
      operators: oddEvenSum.operators.map((op, i) =>
        i === 1 ? { ...op, name: 'sum\u202Eodd' } : op,
      ),
    };
    const name = taskName(`${oddEvenSum.operators[1].id}#0`, scenario);
    expect(name).toBe('\u2068sum\u202Eodd\u2069');
    expect(isolated('עברית')).toBe('\u2068עברית\u2069');
    expect(isolated('Source')).toBe('Source');
    expect(taskName('source#0', oddEvenSum)).toBe('Source 1');
  });
});
