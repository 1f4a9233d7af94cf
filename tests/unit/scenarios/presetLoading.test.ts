import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../../src/scenarios/lessons/course';
import { DEFAULT_PRESET_ID, PRESETS, presetById } from '../../../src/scenarios/presets';
import { DEFAULT_PRESET } from '../../../src/scenarios/presets/default';
import { LOADABLE_PRESET_IDS, loadPreset } from '../../../src/scenarios/presets/load';
import { parseScenario } from '../../../src/scenarios/schema';

describe('presets loaded when picked', () => {
  it('loading a preset gives the same scenario the CLI and the link reader use', async () => {
    for (const preset of PRESETS) expect(await loadPreset(preset.id)).toBe(preset);
  });

  it('every preset loads on its own by its id, and no id loads what is not a preset', () => {
    expect([...LOADABLE_PRESET_IDS].sort()).toEqual(PRESETS.map((p) => p.id).sort());
  });

  it('every preset passes the schema, so a link naming one opens it without loading the schema', () => {
    for (const preset of PRESETS) expect(parseScenario(preset)).toMatchObject({ ok: true });
  });

  it('an id no preset has loads nothing, whatever it is named', async () => {
    for (const id of ['no-such-preset', 'toString', '__proto__', 'constructor', '']) {
      expect(await loadPreset(id)).toBeUndefined();
    }
  });

  it('the default is the first preset, available without loading the others', () => {
    expect(DEFAULT_PRESET).toBe(PRESETS[0]);
    expect(presetById(DEFAULT_PRESET_ID)).toBe(DEFAULT_PRESET);
  });

  it('each lesson teaches on the preset of its scenario id, unchanged, as the picker names it', () => {
    for (const lesson of LESSONS) expect(presetById(lesson.scenario.id)).toBe(lesson.scenario);
  });
});
