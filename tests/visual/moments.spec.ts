import { PRESETS } from '../../src/scenarios/presets';
import { expect, goTo, linkTo, open, settledVerdict, test } from '../e2e/fixtures';
import { keyMoments } from '../e2e/keyMoments';

// Each preset's key moments (the ones the overflow walk checks too), in both languages.
// Pictures are compared pixel for pixel (maxDiffPixels 0 in the config). They are taken in the
// deterministic mode: reduced motion (set in the config) draws every element at its tick
// position, and the graph is photographed only once it stands still. One page per preset and
// language: its first moment is loaded from its link, the others are pasted into it.
for (const preset of PRESETS) {
  const shots = keyMoments(preset);
  test(`${preset.id}: ${shots.map((m) => `${m.name} (tick ${m.tick})`).join(', ')}`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + shots.length * 2 * 15_000);
    for (const language of ['en', 'zh'] as const) {
      for (const [k, moment] of shots.entries()) {
        const state = { scenario: { preset: preset.id }, tick: moment.tick, language };
        if (k === 0) {
          await page.goto('about:blank');
          await open(page, linkTo(state));
        } else await goTo(page, state);
        await expect(page.getByTestId('tick').locator('b')).toHaveText(String(moment.tick));
        await settledVerdict(page);
        await expect.soft(page).toHaveScreenshot(`${preset.id}-${moment.name}-${language}.png`);
      }
    }
  });
}
