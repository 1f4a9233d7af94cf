import { eventsAt, recordTimeline, stateAt } from '../../src/session/timeline';
import { topologyOf, type SimState, type Topology } from '../../src/engine';
import type { Page } from '@playwright/test';
import { expect, expectTick, linkTo, open, preset, test } from './fixtures';

/**
 * What reached a blocked input and waits there: the graph draws it in the receiver's input row,
 * not on the channel.
 */
function held(topology: Topology, state: SimState, tick: number): number {
  return topology.channels.reduce((n, c) => {
    if (state.tasks[c.to].inputs[c.input].blockedBy === null) return n;
    return n + state.channels[c.index].queue.filter((f) => f.at <= tick).length;
  }, 0);
}

/**
 * What the graph must show travelling at a tick: every element on its way along a channel, every
 * control message, every snapshot write on its way to the backend, and the state travelling back
 * to each task in the tick a job restores a checkpoint.
 */
function travelling(
  topology: Topology,
  state: SimState,
  tick: number,
  restoredNow: number,
): number {
  const onChannels =
    state.channels.reduce((n, c) => n + c.queue.length, 0) - held(topology, state, tick);
  return onChannels + state.messages.length + state.writes.length + restoredNow;
}

/** How many elements the blocked input rows show: each chip, and the count of the ones left out. */
function heldOnScreen(page: Page): Promise<number> {
  return page.locator('.g-input.g-blocked .g-chips').evaluateAll((rows) =>
    rows.reduce((n, row) => {
      for (const chip of Array.from(row.children)) {
        const more = /^\+(\d+)$/.exec(chip.textContent ?? '');
        n += more ? Number(more[1]) : 1;
      }
      return n;
    }, 0),
  );
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
    const topology = topologyOf(scenario);
    const expected = Array.from({ length: timeline.end + 1 }, (_, tick) => {
      const restored = eventsAt(timeline, tick).filter(
        (e) => e.type === 'StateRestored' && e.checkpoint !== null,
      ).length;
      return travelling(topology, stateAt(timeline, tick), tick, restored);
    });
    const waiting = Array.from({ length: timeline.end + 1 }, (_, tick) =>
      held(topology, stateAt(timeline, tick), tick),
    );
    // A run where nothing ever travels would make this test pass with a blank canvas.
    expect(Math.max(...expected)).toBeGreaterThan(3);
    // Alignment holds what reached a blocked input: the rows that show it are checked too.
    if (id === 'barrier-alignment') expect(Math.max(...waiting)).toBeGreaterThan(0);

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
      expect(await heldOnScreen(page), `elements held at blocked inputs at tick ${tick}`).toBe(
        waiting[tick],
      );
    }
  });
}
