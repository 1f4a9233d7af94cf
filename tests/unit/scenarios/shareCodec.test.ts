import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../../src/scenarios/lessons/course';
import { PRESETS, presetById } from '../../../src/scenarios/presets';
import { parseScenario } from '../../../src/scenarios/schema';
import {
  decodeShareState,
  decodeShareStateIn,
  encodeShareState,
  readSharePayload,
  readShareState,
  shareNeeds,
  type ShareCatalog,
  type ShareState,
} from '../../../src/scenarios/shareLink';

/**
 * Reads a link as the app does: unpacks it, then resolves it against a catalog holding only the
 * preset, the lesson and the schema that `shareNeeds` asked for.
 */
function openedWithWhatItNames(hash: string) {
  const payload = readSharePayload(hash);
  if (!payload.ok) return { decoded: payload, loaded: [] as string[] };
  const needs = shareNeeds(payload.data);
  const preset = needs.preset === null ? undefined : presetById(needs.preset);
  const lesson = needs.lesson === null ? undefined : LESSONS.find((l) => l.id === needs.lesson);
  const catalog: ShareCatalog = {
    presetById: (id) => (preset?.id === id ? preset : undefined),
    lessonById: (id) => (lesson?.id === id ? lesson : undefined),
    ...(needs.schema ? { parseScenario } : {}),
  };
  const loaded = [preset?.id, lesson?.id, needs.schema ? 'schema' : undefined].filter(
    (x): x is string => x !== undefined,
  );
  return { decoded: readShareState(catalog, payload.data), loaded };
}

const link = (state: object) =>
  `#v1=${compressToEncodedURIComponent(JSON.stringify({ v: 1, tick: 3, language: 'en', ...state }))}`;

const alignment = presetById('barrier-alignment')!;

describe('a link opens with only what it names loaded', () => {
  const cases: [string, string, string[]][] = [
    ['a preset', link({ scenario: { preset: 'barrier-alignment' } }), ['barrier-alignment']],
    [
      'a preset with changes',
      link({ scenario: { preset: 'barrier-alignment', overrides: { mode: 'AT_LEAST_ONCE' } } }),
      ['barrier-alignment', 'schema'],
    ],
    [
      'a lesson',
      link({
        scenario: { preset: 'barrier-alignment' },
        lesson: { id: 'barrier-alignment', step: 2 },
      }),
      ['barrier-alignment', 'barrier-alignment'],
    ],
    [
      'a whole scenario',
      link({ scenario: { custom: { ...alignment, title: 'changed' } } }),
      ['barrier-alignment', 'schema'],
    ],
    [
      'a scenario of its own',
      encodeShareState({
        v: 1,
        scenario: { custom: { ...alignment, id: 'mine' } },
        tick: 0,
        language: 'zh',
      }),
      ['schema'],
    ],
    ['an unknown preset', link({ scenario: { preset: 'nope' } }), []],
    [
      'an unknown lesson',
      link({ scenario: { preset: 'odd-even-sum' }, lesson: { id: 'nope' } }),
      ['odd-even-sum'],
    ],
    [
      'a preset with broken changes',
      link({ scenario: { preset: 'odd-even-sum', overrides: { mode: 'SOMETIMES' } } }),
      ['odd-even-sum', 'schema'],
    ],
    ['damaged data', '#v1=AAAA', []],
  ];
  for (const [what, hash, loaded] of cases) {
    it(`${what}: the same result as with every preset, lesson and the schema at hand`, () => {
      const lazily = openedWithWhatItNames(hash);
      expect(lazily.decoded).toEqual(decodeShareState(hash));
      expect(lazily.loaded).toEqual(loaded);
    });
  }

  it('every preset opens from its link without the schema, as the same object', () => {
    for (const preset of PRESETS) {
      const state: ShareState = { v: 1, scenario: { custom: preset }, tick: 0, language: 'en' };
      const { decoded, loaded } = openedWithWhatItNames(encodeShareState(state));
      expect(loaded).toEqual([preset.id]);
      expect(decoded.ok && decoded.scenario).toBe(preset);
    }
  });

  it('a catalog without the schema refuses changes it cannot check rather than trusting them', () => {
    const hash = link({ scenario: { preset: 'odd-even-sum', overrides: { seed: 7 } } });
    const decoded = decodeShareStateIn(
      { presetById, lessonById: (id) => LESSONS.find((l) => l.id === id) },
      hash,
    );
    expect(decoded.ok).toBe(false);
  });
});
