import { eventsAt, recordTimeline, stateAt } from '../../src/app/timeline';
import type { SimState } from '../../src/engine';
import { expect, expectTick, linkTo, open, preset, test } from './fixtures';

/**
 * What the graph must show travelling at a tick: every element on a channel, every control
 * message, every snapshot write on its way to the backend, and the state travelling back to
 * each task in the tick a job restores a checkpoint.
 */
function travelling(state: SimState, restoredNow: number): number {
  const onChannels = state.channels.reduce((n, c) => n + c.queue.length, 0);
  return onChannels + state.messages.length + state.writes.length + restoredNow;
}

/**
 * The elements in flight are drawn on one canvas, not as page elements, so no locator can count
 * them: the canvas says how many it drew. Stepped tick by tick through runs with alignment, a
 * failure and a restore, it must draw exactly what the run has in flight (reduced motion, set
 * for every test, draws each tick's elements at once and drops the ones gone).
 */
for (const id of ['barrier-alignment', 'odd-even-sum']) {
  test(`${id}: every element in flight is drawn, at every tick`, async ({ page }) => {
    const scenario = preset(id);
    const timeline = recordTimeline(scenario);
    const expected = Array.from({ length: timeline.end + 1 }, (_, tick) => {
      const restored = eventsAt(timeline, tick).filter(
        (e) => e.type === 'StateRestored' && e.checkpoint !== null,
      ).length;
      return travelling(stateAt(timeline, tick), restored);
    });
    // A run where nothing ever travels would make this test pass with a blank canvas.
    expect(Math.max(...expected)).toBeGreaterThan(3);

    await open(page, linkTo({ scenario: { preset: id }, tick: 0 }));
    const flight = page.locator('canvas.g-flight');
    const step = page.getByRole('toolbar', { name: 'Playback' }).getByRole('button', {
      name: 'Step',
      exact: true,
    });
    for (let tick = 0; tick <= timeline.end; tick++) {
      if (tick > 0) await step.click();
      await expectTick(page, tick);
      await expect(flight, `elements drawn at tick ${tick}`).toHaveAttribute(
        'data-count',
        String(expected[tick]),
      );
    }
  });
}
