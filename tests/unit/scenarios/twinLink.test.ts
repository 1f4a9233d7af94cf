import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { presetById } from '../../../src/scenarios/presets';
import { encodeShareState, type ShareState } from '../../../src/scenarios/shareLink';
import { readTwinVariant, sameRun, twinScenario } from '../../../src/scenarios/twin';
import { decodeInEnglish } from './inEnglish';

const replay = presetById('at-least-once-replay')!;
const link = (payload: unknown) => `#v1=${compressToEncodedURIComponent(JSON.stringify(payload))}`;
const base = { v: 1, scenario: { preset: replay.id }, tick: 25, language: 'en' };

describe('a link of the twin view', () => {
  it('carries the second run and reopens it exactly', () => {
    for (const twin of [
      { mode: 'exactly-once' },
      { failures: false },
      { unaligned: true },
    ] as const) {
      const state: ShareState = { ...(base as ShareState), view: { compare: false, twin } };
      const decoded = decodeInEnglish(encodeShareState(state));
      expect(decoded.ok && decoded.state.view?.twin).toEqual(twin);
    }
  });

  it('without a twin, as links were before it, opens a single run', () => {
    const decoded = decodeInEnglish(link({ ...base, view: { compare: true } }));
    expect(decoded.ok).toBe(true);
    expect(decoded.ok && decoded.state.view?.twin).toBeUndefined();
  });

  it('is refused, saying which part, when its second run is not one', () => {
    for (const twin of [{ mode: 'twice' }, { failures: 'no' }, {}, 'exactly-once', { colour: 1 }]) {
      const decoded = decodeInEnglish(link({ ...base, view: { twin } }));
      expect(decoded).toEqual({
        ok: false,
        error: expect.stringContaining('its second run (view.twin) is not another mode'),
      });
    }
  });
});

describe('the second run’s scenario', () => {
  it('changes only the mode, the failures or unaligned checkpoints', () => {
    const exactly = twinScenario(replay, { mode: 'exactly-once' });
    expect(exactly.checkpoint).toEqual({ ...replay.checkpoint, mode: 'exactly-once' });
    expect(exactly.actions).toBe(replay.actions);
    const calm = twinScenario(replay, { failures: false });
    expect(calm.actions).toEqual(replay.actions.filter((a) => a.type === 'checkpoint'));
    expect(calm.checkpoint).toEqual(replay.checkpoint);
    expect(sameRun(replay, { mode: replay.checkpoint.mode })).toBe(true);
    expect(sameRun(replay, { mode: 'exactly-once' })).toBe(false);
  });

  it('reads only what a twin can be', () => {
    expect(readTwinVariant({ mode: 'stop-the-world', failures: false })).toEqual({
      mode: 'stop-the-world',
      failures: false,
    });
    expect(readTwinVariant({ mode: 'exactly_once' })).toBeNull();
    expect(readTwinVariant(null)).toBeNull();
  });
});
