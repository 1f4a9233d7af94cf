import { eventsAt, recordTimeline } from '../../src/app/timeline';
import type { Scenario, SimEvent } from '../../src/engine';
import { PRESETS } from '../../src/scenarios/presets';
import { expect, linkTo, open, test } from '../e2e/fixtures';

/**
 * The moments a teacher stops at, found in each preset's own run: the first time each kind of
 * event happens, and the end. A preset shows only the moments it has (stop-the-world has no
 * barrier, a run without a failure no restore); two moments on one tick make one picture.
 */
function moments(scenario: Scenario): { name: string; tick: number }[] {
  const timeline = recordTimeline(scenario);
  const ticks = Array.from({ length: timeline.end + 1 }, (_, t) => eventsAt(timeline, t));
  const first = (type: SimEvent['type']) =>
    ticks.findIndex((events) => events.some((e) => e.type === type));
  const found = [
    { name: 'sources-paused', tick: first('SourcesPaused') },
    { name: 'barrier-injected', tick: first('BarrierInjected') },
    { name: 'input-blocked', tick: first('ChannelBlocked') },
    { name: 'checkpoint-completed', tick: first('CheckpointCompleted') },
    { name: 'task-failed', tick: first('TaskFailed') },
    { name: 'state-restored', tick: first('StateRestored') },
    { name: 'final-result', tick: timeline.end },
  ].filter((m) => m.tick > 0);
  return found.filter((m, i) => found.findIndex((o) => o.tick === m.tick) === i);
}

// Pictures are compared pixel for pixel (maxDiffPixels 0 in the config). They are taken in the
// deterministic mode: reduced motion (set in the config) draws every element at its tick
// position, and the graph is photographed only once it stands still. One page per preset, each
// moment a fresh load of its link: a new page costs more than the load itself.
for (const preset of PRESETS) {
  const shots = moments(preset);
  test(`${preset.id}: ${shots.map((m) => `${m.name} (tick ${m.tick})`).join(', ')}`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + shots.length * 2 * 15_000);
    for (const language of ['en', 'zh'] as const) {
      for (const moment of shots) {
        await page.goto('about:blank');
        await open(page, linkTo({ scenario: { preset: preset.id }, tick: moment.tick, language }));
        await expect(page.getByTestId('tick').locator('b')).toHaveText(String(moment.tick));
        await expect.soft(page).toHaveScreenshot(`${preset.id}-${moment.name}-${language}.png`);
      }
    }
  });
}
