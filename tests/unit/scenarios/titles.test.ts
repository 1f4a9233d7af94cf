import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../../src/scenarios/presets';
import { scenarioTitle } from '../../../src/scenarios/presets/titles';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';

describe('scenario titles', () => {
  it('name every built-in scenario in Chinese as well as in English', () => {
    for (const preset of PRESETS) {
      const title = scenarioTitle(preset);
      expect(title.en).toBe(preset.title);
      expect(title.zh, preset.id).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('keep the title of a scenario someone renamed, in both languages', () => {
    const renamed = { ...oddEvenSum, title: 'My own sums' };
    expect(scenarioTitle(renamed)).toEqual({ en: 'My own sums', zh: 'My own sums' });
  });
});
