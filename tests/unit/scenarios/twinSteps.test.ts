import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../../src/scenarios/lessons/course';

const NAMES = { en: 'Show beside it', zh: '在旁边显示' } as const;

/**
 * A step's text may send the class to the button that opens a second run beside this one: the
 * step then offers that run, or the text points at nothing (in the lesson panel and in presenter
 * mode's caption alike, which both show the button of a step that has one).
 */
describe('steps that name the "Show beside it" button', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: offer a second run', (_, lesson) => {
    const pointing = lesson.steps.filter((s) => s.text.en.includes(NAMES.en));
    for (const step of lesson.steps) {
      expect(step.text.en.includes(NAMES.en), step.title.en).toBe(step.text.zh.includes(NAMES.zh));
    }
    for (const step of pointing) expect(step.twin, step.title.en).toBeDefined();
    // Nowhere a button "below": in presenter mode the caption's buttons are beside the text.
    for (const step of lesson.steps) {
      expect(step.text.en).not.toMatch(/button below/);
      expect(step.text.zh).not.toMatch(/下方的按钮/);
    }
  });

  it('are found at all', () => {
    const all = LESSONS.flatMap((l) => l.steps).filter((s) => s.text.en.includes(NAMES.en));
    expect(all.length).toBeGreaterThanOrEqual(5);
  });
});
