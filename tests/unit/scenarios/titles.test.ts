import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../../src/scenarios/presets';
import { PRESET_TITLES } from '../../../src/scenarios/presets/titles';

describe('scenario titles', () => {
  it('name every built-in scenario, in order, in Chinese as well as in its own English title', () => {
    expect(PRESET_TITLES.map((p) => p.id)).toEqual(PRESETS.map((p) => p.id));
    PRESETS.forEach((preset, i) => {
      const { title } = PRESET_TITLES[i];
      expect(title.en).toBe(preset.title);
      expect(title.zh, preset.id).toMatch(/[\u4e00-\u9fff]/);
    });
  });
});
