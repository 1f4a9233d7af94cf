import { LESSONS } from '../../src/scenarios/lessons/course';
import { expect, linkTo, open, test, type LinkState } from '../e2e/fixtures';

const alignment = LESSONS.find((l) => l.scenario.id === 'barrier-alignment')!;

/**
 * The screens a classroom projects or a slide embeds, pixel for pixel (see moments.spec.ts for
 * how pictures are made deterministic): presenter mode with a lesson step framed by the camera
 * and in free play, a 1024x768 projector, an embed at the smallest size the Share menu offers.
 */
const SCREENS: {
  name: string;
  width: number;
  height: number;
  state: LinkState;
  embed?: boolean;
}[] = [
  ...[
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ].flatMap(({ width, height }) => [
    {
      name: `presenter-lesson-${width}x${height}`,
      width,
      height,
      state: {
        scenario: { preset: alignment.scenario.id },
        tick: alignment.steps[2].tick,
        lesson: { id: alignment.id, step: 2 },
        view: { presenter: true },
      },
    },
    {
      name: `presenter-free-${width}x${height}`,
      width,
      height,
      state: { scenario: { preset: 'barrier-alignment' }, tick: 7, view: { presenter: true } },
    },
  ]),
  {
    name: 'normal-1024x768',
    width: 1024,
    height: 768,
    state: { scenario: { preset: 'barrier-alignment' }, tick: 7 },
  },
  {
    name: 'embed-800x500',
    width: 800,
    height: 500,
    state: { scenario: { preset: 'odd-even-sum' }, tick: 20 },
    embed: true,
  },
];

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });
    for (const language of ['en', 'zh'] as const) {
      test(language, async ({ page }) => {
        await open(page, linkTo({ ...screen.state, language }, { embed: screen.embed }));
        await expect(page.getByTestId('tick').locator('b')).toHaveText(String(screen.state.tick));
        await expect(page).toHaveScreenshot(`${screen.name}-${language}.png`);
      });
    }
  });
}
