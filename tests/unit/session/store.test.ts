import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import type { Lesson } from '../../../src/scenarios/lesson';
import { loadLesson } from '../../../src/scenarios/lessons';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import { savepointUpgrade } from '../../../src/scenarios/presets/savepointUpgrade';
import { createSession, type Store } from '../../../src/session/store';
import { eventsAt, stateAt } from '../../../src/session/timeline';
import { firstEvent, record } from '../../helpers/sim';

/** A fresh session whose run is recorded whole: small runs are, in their first piece. */
function sessionOn(scenario = barrierAlignment, tick = 0): StoreApi<Store> {
  const session = createSession();
  session.getState().loadScenario(scenario, scenario.id, tick);
  expect(session.getState().recording).toBeNull();
  return session;
}

const failure = firstEvent(record(oddEvenSum).events, 'TaskFailed').tick;

// The app names a lesson in a session once it has loaded it, as here.
let lesson: Lesson;
beforeAll(async () => {
  lesson = (await loadLesson('barrier-alignment'))!;
});

describe('a session: one run on one clock, and the commands a user gives it', () => {
  it('opens a run at the asked tick, clamped to the run, paused and with nothing selected', () => {
    const session = sessionOn();
    const s = session.getState();
    s.select('sum_even#0');
    s.play();
    s.loadScenario(oddEvenSum, oddEvenSum.id, 1_000_000);
    const after = session.getState();
    expect(after.presetId).toBe('odd-even-sum');
    expect(after.cursor).toBe(after.timeline.end);
    expect(after.current).toBe(after.timeline.final);
    expect(after.playing).toBe(false);
    expect(after.selectedTask).toBeNull();
  });

  it('seeks to a whole tick within the run, and shows that tick’s state', () => {
    const session = sessionOn();
    const { timeline } = session.getState();
    session.getState().seek(4.6);
    expect(session.getState().cursor).toBe(5);
    expect(session.getState().current).toEqual(record(barrierAlignment).states[5]);
    session.getState().seek(-3);
    expect(session.getState().cursor).toBe(0);
    session.getState().seek(timeline.end + 10);
    expect(session.getState().cursor).toBe(timeline.end);
  });

  it('steps forward and back a tick, to the same states as the recorded run, keeping the events of the step', () => {
    const session = sessionOn();
    const run = record(barrierAlignment);
    for (let t = 1; t <= 8; t++) {
      session.getState().stepForward();
      expect(session.getState().cursor).toBe(t);
      expect(session.getState().current).toEqual(run.states[t]);
      const made = run.events.filter((e) => e.tick === t).map(({ tick: _, ...e }) => e);
      expect(eventsAt(session.getState().timeline, t)).toEqual(made);
    }
    session.getState().stepBack();
    expect(session.getState().cursor).toBe(7);
    expect(session.getState().current).toEqual(run.states[7]);
  });

  it('steps several ticks in one change, keeping the events of each, and stops where playing should', () => {
    const session = sessionOn();
    const run = record(barrierAlignment);
    const changes: number[] = [];
    const unsubscribe = session.subscribe((s) => changes.push(s.cursor));
    session.getState().stepForward(3);
    unsubscribe();
    expect(changes).toEqual([3]);
    expect(session.getState().current).toEqual(run.states[3]);
    for (let t = 1; t <= 3; t++) {
      const made = run.events.filter((e) => e.tick === t).map(({ tick: _, ...e }) => e);
      expect(eventsAt(session.getState().timeline, t)).toEqual(made);
    }
    // A stretch played between two ticks stops at its end, even in the middle of a move.
    session.getState().playBetween(4, 6);
    session.getState().stepForward(5);
    expect(session.getState().cursor).toBe(6);
    expect(session.getState().playing).toBe(false);
    // And the run's end stops it.
    const end = session.getState().timeline.end;
    session.getState().seek(end - 1);
    session.getState().stepForward(16);
    expect(session.getState().cursor).toBe(end);
  });

  it('stops playing at the end of the run, and playing from the end starts over', () => {
    const session = sessionOn();
    const end = session.getState().timeline.end;
    session.getState().seek(end);
    session.getState().play();
    expect(session.getState().cursor).toBe(0);
    expect(session.getState().playing).toBe(true);
    session.getState().seek(end);
    session.getState().stepForward();
    expect(session.getState().playing).toBe(false);
    // A looping embed starts its own moment over.
    session.getState().setLoopFrom(5);
    session.getState().play();
    expect(session.getState().cursor).toBe(5);
  });

  it('injects a failure after the cursor: the run forks there, the past stays, and undo brings the old run back', () => {
    const session = sessionOn(oddEvenSum, 5);
    const before = session.getState().timeline;
    session.getState().inject({ type: 'fail-task', task: 'sum_even#0', when: { atTick: 8 } });
    const forked = session.getState();
    expect(forked.timeline).not.toBe(before);
    expect(forked.presetId).toBeNull();
    expect(forked.cursor).toBe(5);
    // What had happened up to the cursor is what happened (the scenario now holds one more action).
    const past = (tl: typeof before, t: number) => ({
      ...stateAt(tl, t),
      scenario: null,
      fired: null,
    });
    for (const t of [0, 3, 5]) expect(past(forked.timeline, t)).toEqual(past(before, t));
    // The failure happens in the new run only, at its tick.
    const failed = (tl: typeof before) =>
      Array.from({ length: 6 }, (_, k) => eventsAt(tl, 6 + k))
        .flat()
        .some((e) => e.type === 'TaskFailed');
    expect(failed(forked.timeline)).toBe(true);
    expect(failed(before)).toBe(false);
    session.getState().undoInject();
    expect(session.getState().timeline).toBe(before);
    expect(session.getState().undoStack).toEqual([]);
  });

  it('changes the mode or the configuration at the cursor, keeping the preset it came from', () => {
    const session = sessionOn(barrierAlignment, 6);
    session.getState().setMode('at-least-once');
    expect(session.getState().timeline.scenario.checkpoint.mode).toBe('at-least-once');
    expect(session.getState().cursor).toBe(6);
    const scenario = session.getState().timeline.scenario;
    session.getState().reconfigure({
      ...scenario,
      checkpoint: { ...scenario.checkpoint, intervalMs: 300 },
    });
    const after = session.getState();
    expect(after.timeline.scenario.checkpoint.intervalMs).toBe(300);
    expect(after.presetId).toBe('barrier-alignment');
    expect(after.cursor).toBe(6);
  });

  it('starts a new job from a completed savepoint, titled in the screen’s language', () => {
    const session = sessionOn(savepointUpgrade);
    const saved = session
      .getState()
      .timeline.final.checkpoints.find((c) => c.kind === 'savepoint' && c.status === 'COMPLETED');
    expect(saved).toBeDefined();
    session.getState().setLanguage('zh');
    session.getState().resumeFromSavepoint(saved!.id);
    const after = session.getState();
    expect(after.cursor).toBe(0);
    expect(after.presetId).toBeNull();
    expect(after.timeline.scenario.restoreFrom).toMatchObject({ savepoint: saved!.id });
    expect(after.timeline.scenario.title).toContain(`从保存点恢复 ${saved!.id}`);
    expect(after.timeline.scenario.actions).toEqual([]);
  });
});

describe('a session following a lesson', () => {
  const second = () => lesson.steps[1];
  const third = () => lesson.steps[2];

  it('opens a lesson at a step (clamped), at that step’s tick, on the lesson tab', () => {
    const session = createSession();
    session.getState().setTab('log');
    session.getState().openLesson(lesson, 99);
    const s = session.getState();
    const last = lesson.steps.length - 1;
    expect(s.lesson).toEqual({ id: lesson.id, step: last });
    expect(s.cursor).toBe(lesson.steps[last].tick);
    expect(s.tab).toBe('lesson');
    expect(s.notice).toBeNull();
  });

  it('shows the last step whose moment the cursor has reached, however the cursor moves', () => {
    const session = createSession();
    session.getState().openLesson(lesson, 0);
    session.getState().reveal();
    session.getState().seek(second().tick);
    expect(session.getState().lesson?.step).toBe(1);
    expect(session.getState().revealed).toBe(false);
    if (third().tick > second().tick + 1) {
      session.getState().seek(third().tick - 1);
      expect(session.getState().lesson?.step).toBe(1);
    }
    session.getState().seek(0);
    expect(session.getState().lesson?.step).toBe(0);
  });

  it('goes to a step paused at its moment, and replays a step from the previous one’s moment to its own', () => {
    const session = createSession();
    session.getState().openLesson(lesson, 0);
    session.getState().play();
    session.getState().goToStep(lesson, 2);
    expect(session.getState().playing).toBe(false);
    expect(session.getState().cursor).toBe(third().tick);
    session.getState().replayStep(lesson, 2);
    expect(session.getState().cursor).toBe(second().tick);
    expect(session.getState().playing).toBe(true);
    while (session.getState().playing) session.getState().stepForward();
    expect(session.getState().cursor).toBe(third().tick);
    expect(session.getState().lesson?.step).toBe(2);
  });

  it('leaves the lesson, saying so in the screen’s language, when the run itself changes', () => {
    const session = createSession();
    session.getState().openLesson(lesson, 1);
    session.getState().setLanguage('zh');
    session.getState().setMode('at-least-once');
    expect(session.getState().lesson).toBeNull();
    expect(session.getState().notice?.text).toContain(`第 ${lesson.order} 课`);
  });
});

describe('a session opening what a link holds', () => {
  it('opens the run at its tick, in its language and view, with its lesson step', () => {
    const session = createSession();
    session.getState().openShared({
      scenario: lesson.scenario,
      presetId: lesson.scenario.id,
      tick: lesson.steps[1].tick,
      language: 'zh',
      lesson: { id: lesson.id, step: 1 },
      view: { presenter: true, selected: 'no_such_task#0' },
    });
    const s = session.getState();
    expect(s.language).toBe('zh');
    expect(s.cursor).toBe(lesson.steps[1].tick);
    expect(s.lesson).toEqual({ id: lesson.id, step: 1 });
    expect(s.presenter).toBe(true);
    // A task the job does not have is not selected; the lesson shows instead.
    expect(s.selectedTask).toBeNull();
    expect(s.tab).toBe('lesson');
    expect(s.notice).toBeNull();
  });

  it('selects a task the job has, and leaves presenter mode when the link is not in it', () => {
    const session = createSession();
    session.getState().togglePresenter();
    session.getState().openShared({
      scenario: oddEvenSum,
      presetId: oddEvenSum.id,
      tick: failure,
      language: 'en',
      lesson: null,
      view: { selected: 'sum_odd#0' },
    });
    const s = session.getState();
    expect(s.selectedTask).toBe('sum_odd#0');
    expect(s.tab).toBe('task');
    expect(s.presenter).toBe(false);
    expect(s.cursor).toBe(failure);
  });
});

describe('sessions side by side', () => {
  it('are independent: a command to one leaves the other as it was', () => {
    const [a, b] = [sessionOn(barrierAlignment, 3), sessionOn(barrierAlignment, 3)];
    a.getState().inject({ type: 'fail-task', task: 'sum_even#0', when: { atTick: 5 } });
    a.getState().seek(9);
    expect(b.getState().cursor).toBe(3);
    expect(b.getState().timeline.scenario.actions).toEqual(barrierAlignment.actions);
    expect(b.getState().undoStack).toEqual([]);
  });
});
