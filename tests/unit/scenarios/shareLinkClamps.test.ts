import lz from 'lz-string';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../../src/scenarios/lessons/course';
import { SHARE_LIMITS } from '../../../src/scenarios/shareLink';
import { decodeInEnglish } from './inEnglish';

const lesson = LESSONS[0];
const hash = (state: Record<string, unknown>) =>
  `#v1=${lz.compressToEncodedURIComponent(
    JSON.stringify({ v: 1, language: 'en', scenario: { preset: lesson.scenario.id }, ...state }),
  )}`;

function opened(state: Record<string, unknown>) {
  const decoded = decodeInEnglish(hash(state));
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded;
}

describe('share link clamps at their exact boundaries', () => {
  it('opens the furthest tick as asked, and one past it at the furthest tick with a warning', () => {
    const at = opened({ tick: SHARE_LIMITS.tick });
    expect(at.state.tick).toBe(SHARE_LIMITS.tick);
    expect(at.warnings).toEqual([]);
    const past = opened({ tick: SHARE_LIMITS.tick + 1 });
    expect(past.state.tick).toBe(SHARE_LIMITS.tick);
    expect(past.warnings).toEqual([
      `This link points past tick ${SHARE_LIMITS.tick}; it opens there instead.`,
    ]);
  });

  it("opens a lesson's last step as asked, and one past it at the last step with a warning", () => {
    const last = lesson.steps.length - 1;
    const at = opened({ tick: 0, lesson: { id: lesson.id, step: last } });
    expect(at.state.lesson).toEqual({ id: lesson.id, step: last });
    expect(at.warnings).toEqual([]);
    const past = opened({ tick: 0, lesson: { id: lesson.id, step: last + 1 } });
    expect(past.state.lesson).toEqual({ id: lesson.id, step: last });
    expect(past.warnings).toEqual([
      `This link asks for step ${last + 2} of a lesson with ${lesson.steps.length} steps; it opens the last step.`,
    ]);
  });

  it("opens a lesson's first step as asked, and one before it at the first step with a warning", () => {
    const first = opened({ tick: 0, lesson: { id: lesson.id, step: 0 } });
    expect(first.state.lesson).toEqual({ id: lesson.id, step: 0 });
    expect(first.warnings).toEqual([]);
    const before = opened({ tick: 0, lesson: { id: lesson.id, step: -1 } });
    expect(before.state.lesson).toEqual({ id: lesson.id, step: 0 });
    expect(before.warnings).toEqual([
      'The lesson step in this link was unreadable; it opens at the first step.',
    ]);
  });

  it('opens tick 0 as asked, and refuses tick -1 with a sentence', () => {
    const start = opened({ tick: 0 });
    expect(start.state.tick).toBe(0);
    expect(start.warnings).toEqual([]);
    const before = decodeInEnglish(hash({ tick: -1 }));
    expect(before.ok).toBe(false);
    if (!before.ok) expect(before.error).toMatch(/^[A-Z].*tick.*\.$/);
  });
});
