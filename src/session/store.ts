import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';
import { step, type Mode, type Scenario, type ScenarioAction, type SimState } from '../engine';
import { stepAt } from '../scenarios/lesson';
import type { Lesson } from '../scenarios/lesson';
import { lessonById } from '../scenarios/lessons';
import { DEFAULT_PRESET, DEFAULT_PRESET_ID } from '../scenarios/presets/default';
import type { Language, LocalText } from '../scenarios/text';
import type { ShareView } from '../scenarios/shareCodec';
import type { TwinVariant } from '../scenarios/twin';
import { host } from './host';
import type { OffThread, RecordingElsewhere } from './recording';
import {
  keepEvents,
  recordTimeline,
  startFork,
  startRecording,
  stateAt,
  type Timeline,
  type TimelineRecorder,
} from './timeline';

export type { Language };

/** What a session takes from the app that runs it. */
export interface SessionServices {
  /** Loads the off-page recorder when a run first needs it; without it, runs record on the page. */
  offThread?: () => Promise<OffThread>;
}

export interface Notice {
  kind: 'error' | 'info';
  /** Text in both languages follows a change of language while it is shown. */
  text: string | LocalText;
}

export interface SimulationSlice {
  /** The preset the scenario came from, or null for a custom one. */
  presetId: string | null;
  timeline: Timeline;
  cursor: number;
  /** The state at the cursor. */
  current: SimState;
  /** Timelines replaced by an injection, newest last, for undo. */
  undoStack: Timeline[];
  /** How much of the run is recorded (0 to 1) while the recording goes on, else null. */
  recording: number | null;
  /** Stops the recording where it is; what is recorded stays explorable. */
  cancelRecording: () => void;
  loadScenario: (scenario: Scenario, presetId: string | null, cursor?: number) => void;
  seek: (tick: number) => void;
  /**
   * Moves the cursor `ticks` forward (one by default) in one change of the store, keeping each
   * tick's events; stops at the end of the run and at a `playBetween` end.
   */
  stepForward: (ticks?: number) => void;
  stepBack: () => void;
  setMode: (mode: Mode) => void;
  /** Adds an action that fires after the cursor: the timeline forks there. */
  inject: (action: ScenarioAction) => void;
  undoInject: () => void;
  /** The same run with another configuration, already validated, recorded again at the cursor. */
  reconfigure: (scenario: Scenario) => void;
  /** A new job started from a savepoint this run completed, as Flink's `run -s` does. */
  resumeFromSavepoint: (savepoint: number) => void;
}

export interface LessonSlice {
  /** Opens a lesson: its run, its step (clamped), the timeline at that step's tick. */
  openLesson: (lesson: Lesson, step?: number) => void;
  /** Moves the cursor to a step's moment, paused; the lesson follows the cursor there. */
  goToStep: (lesson: Lesson, step: number) => void;
  /** Plays the run from the previous step's moment to this step's, and pauses there. */
  replayStep: (lesson: Lesson, step: number) => void;
  /** Opens what a link holds in one step: its run at its tick, its lesson step, its view. */
  openShared: (shared: Shared) => void;
}

/** What a share link opens, once read and its lesson loaded. */
export interface Shared {
  scenario: Scenario;
  presetId: string | null;
  tick: number;
  language: Language;
  /** The lesson the link follows (loaded), and its step; null for none. */
  lesson: { id: string; step: number } | null;
  view: ShareView;
}

export interface PlaybackSlice {
  playing: boolean;
  /** Ticks per second. */
  speed: number;
  /** The tick where the playing run pauses by itself (a lesson step replayed), or null. */
  stopAt: number | null;
  play: () => void;
  /** Plays from `from` and pauses at `to`. */
  playBetween: (from: number, to: number) => void;
  pause: () => void;
  togglePlay: () => void;
  setSpeed: (speed: number) => void;
  /** An embed that loops: playback reaching the end goes on from this tick. */
  loopFrom: number | null;
  setLoopFrom: (tick: number | null) => void;
}

export type PanelTab = 'lesson' | 'task' | 'topic' | 'log' | 'checkpoints' | 'timing' | 'config';

export interface ViewSlice {
  tab: PanelTab;
  /** The lesson being followed, and its step; null in free play. */
  lesson: { id: string; step: number } | null;
  /** Answers revealed in the current lesson step. */
  revealed: boolean;
  embed: boolean;
  selectedTask: string | null;
  language: Language;
  presenter: boolean;
  compare: boolean;
  /** The second run shown beside this one on the same tick (the twin view), or null. */
  twin: TwinVariant | null;
  notice: Notice | null;
  setTab: (tab: PanelTab) => void;
  setLesson: (lesson: { id: string; step: number } | null) => void;
  reveal: () => void;
  setEmbed: (embed: boolean) => void;
  select: (task: string | null) => void;
  setLanguage: (language: Language) => void;
  togglePresenter: () => void;
  toggleCompare: () => void;
  setTwin: (twin: TwinVariant | null) => void;
  notify: (notice: Notice | null) => void;
}

export type Store = SimulationSlice & PlaybackSlice & ViewSlice & LessonSlice;

export const SPEEDS = [1, 2, 4, 8, 16, 32] as const;

/** The first piece, before the screen first shows the run: small runs are recorded whole. */
const FIRST_PIECE_MS = 30;

/**
 * A run that costs less than this so far goes on in the first piece whatever the clock says, so
 * that a slow machine, or code not yet compiled by the JIT, still records a lesson whole before
 * the first screen instead of fetching the recorder and showing its progress for a few ticks.
 * Every lesson and preset costs at most about 2,000 (restart-failure-rate, 340 ticks).
 */
const SMALL_RUN_COST = 10_000;

/** What recording a run to `state` cost: each tick visits every task and channel, and every element moved. */
const costTo = (state: SimState) =>
  state.tick * (state.tasks.length + state.channels.length) + state.elementSteps;

const now = () => host.performance.now();

const simulationSlice =
  (services: SessionServices): StateCreator<Store, [], [], SimulationSlice> =>
  (set, get) => {
    // Startup loads the screen to show before the first render (urlSync's initialiseFromLocation),
    // so a recording of the default run here would be replaced unseen: the store starts on its
    // first tick only.
    const initial = recordTimeline(DEFAULT_PRESET, 0);
    /** The recording under way; a newer one replaces it, and the older stops at its next piece. */
    let active: TimelineRecorder | null = null;
    /** The worker recording `active`, if one does. */
    let offPage: RecordingElsewhere | null = null;

    /** Says why a run stopped early, once its recording is complete. */
    const tellIfHalted = (timeline: Timeline) => {
      const halted = timeline.final.halted;
      // The budget's sentences are loaded only for a run that stops early.
      if (!halted) return;
      import('../scenarios/budgetText').then(
        ({ describeBudget }) =>
          get().notify({ kind: 'info', text: describeBudget(halted)[get().language] }),
        // Without its sentences the notice is left out; the run is shown all the same.
        () => {},
      );
    };

    /**
     * Records with `recorder` a piece at a time: the first piece now, the rest between frames.
     * `wanted` is the tick to show once it is recorded (a link may point past the first piece),
     * unless the user moved the cursor meanwhile.
     */
    const record = (recorder: TimelineRecorder, wanted: number, apply: (t: Timeline) => void) => {
      offPage?.stop();
      offPage = null;
      active = recorder;
      const started = now();
      const first = recorder.advance(
        (recorded) => costTo(recorded) < SMALL_RUN_COST || now() - started < FIRST_PIECE_MS,
      );
      apply(first);
      if (recorder.done) {
        set({ recording: null });
        tellIfHalted(first);
        return;
      }
      // The rest is recorded by code loaded only for a run this long; its progress shows at once.
      set({ recording: 0 });
      const finish = (timeline: Timeline) => {
        active = null;
        offPage = null;
        set({ recording: null });
        tellIfHalted(timeline);
      };
      import('./recording').then(
        ({ recordTheRest }) => {
          if (active !== recorder) return;
          recordTheRest({
            recorder,
            started,
            wanted,
            isActive: () => active === recorder,
            cursor: () => get().cursor,
            show: (shown) => set(shown),
            elsewhere: (recording) => {
              offPage = recording;
            },
            isElsewhere: () => offPage !== null,
            finished: finish,
            offThread: services.offThread,
          });
        },
        // Without it the run stays as far as it was recorded, explorable.
        () => {
          if (active === recorder) get().cancelRecording();
        },
      );
    };

    return {
      presetId: DEFAULT_PRESET_ID,
      timeline: initial,
      cursor: 0,
      current: stateAt(initial, 0),
      undoStack: [],
      recording: null,
      cancelRecording: () => {
        const recorder = active;
        if (!recorder) return;
        active = null;
        offPage?.stop();
        offPage = null;
        const timeline = recorder.cancel();
        const tick = Math.min(get().cursor, timeline.end);
        set({ timeline, recording: null, cursor: tick, current: stateAt(timeline, tick) });
      },
      loadScenario: (scenario, presetId, cursor = 0) => {
        record(startRecording(scenario), cursor, (timeline) => {
          const tick = Math.max(0, Math.min(cursor, timeline.end));
          set({
            presetId,
            timeline,
            cursor: tick,
            current: stateAt(timeline, tick),
            undoStack: [],
            playing: false,
            selectedTask: null,
          });
        });
      },
      seek: (tick) => {
        const { timeline, cursor } = get();
        const t = Math.max(0, Math.min(Math.round(tick), timeline.end));
        if (t === cursor) return;
        set({ cursor: t, current: stateAt(timeline, t) });
      },
      stepForward: (ticks = 1) => {
        const { timeline, cursor, current, stopAt } = get();
        if (cursor >= timeline.end) {
          set({ playing: false, stopAt: null });
          return;
        }
        const last = Math.min(timeline.end, cursor + Math.max(1, Math.floor(ticks)));
        let tick = cursor;
        let state = current;
        let stop = false;
        while (tick < last && !stop) {
          tick += 1;
          // The tick's events are kept for what shows them, which would otherwise replay them.
          const stepped = step(state);
          keepEvents(timeline, tick, stepped.events);
          state = stepped.state;
          stop = stopAt !== null && tick >= stopAt;
        }
        set({
          cursor: tick,
          current: state,
          ...(stop ? { playing: false, stopAt: null } : {}),
        });
      },
      stepBack: () => get().seek(get().cursor - 1),
      setMode: (mode) => {
        const { timeline, cursor, presetId } = get();
        const scenario = {
          ...timeline.scenario,
          checkpoint: { ...timeline.scenario.checkpoint, mode },
        };
        get().loadScenario(scenario, presetId, cursor);
      },
      inject: (action) => {
        const { timeline, cursor, undoStack } = get();
        const scenario = { ...timeline.scenario, actions: [...timeline.scenario.actions, action] };
        record(startFork(timeline, cursor, scenario), cursor, (forked) => {
          set({
            timeline: forked,
            current: stateAt(forked, cursor),
            // Its recording stops here: the replaced timeline is whatever it had recorded.
            undoStack: [
              ...undoStack,
              timeline.complete ? timeline : { ...timeline, complete: true },
            ],
            presetId: null,
          });
        });
      },
      undoInject: () => {
        const { undoStack, cursor } = get();
        const previous = undoStack[undoStack.length - 1];
        if (!previous) return;
        // A replaced timeline is whole or was cut short: its recording is not taken up again.
        active = null;
        offPage?.stop();
        offPage = null;
        const tick = Math.min(cursor, previous.end);
        set({
          timeline: previous,
          cursor: tick,
          current: stateAt(previous, tick),
          undoStack: undoStack.slice(0, -1),
          recording: null,
        });
      },
      reconfigure: (scenario) => {
        const { presetId, cursor } = get();
        get().loadScenario(scenario, presetId, cursor);
      },
      resumeFromSavepoint: (savepoint) => {
        const scenario = get().timeline.scenario;
        const resumed = { en: 'resumed from savepoint', zh: '从保存点恢复' }[get().language];
        get().loadScenario(
          {
            ...scenario,
            id: `${scenario.id}-resumed`,
            title: `${scenario.title} (${resumed} ${savepoint})`,
            actions: [],
            restoreFrom: { job: scenario, savepoint, allowNonRestoredState: false },
          },
          null,
          0,
        );
      },
    };
  };

const lessonSlice: StateCreator<Store, [], [], LessonSlice> = (_set, get) => ({
  openLesson: (lesson, step = 0) => {
    const s = get();
    const at = Math.max(0, Math.min(step, lesson.steps.length - 1));
    // Closed first: a lesson open while the run changes is left with a notice.
    s.setLesson(null);
    s.loadScenario(lesson.scenario, lesson.scenario.id, lesson.steps[at]?.tick ?? 0);
    s.setLesson({ id: lesson.id, step: at });
    s.setTab('lesson');
  },
  goToStep: (lesson, step) => {
    const at = Math.max(0, Math.min(step, lesson.steps.length - 1));
    get().pause();
    get().seek(lesson.steps[at].tick);
  },
  replayStep: (lesson, step) => {
    const from = step > 0 ? lesson.steps[step - 1].tick : 0;
    get().playBetween(from, lesson.steps[step].tick);
  },
  openShared: ({ scenario, presetId, tick, language, lesson, view }) => {
    const s = get();
    s.setLanguage(language);
    s.setLesson(null);
    s.loadScenario(scenario, presetId, tick);
    s.setLesson(lesson);
    if (view.selected && scenario.operators.some((op) => view.selected!.startsWith(`${op.id}#`))) {
      s.select(view.selected);
    } else if (lesson) {
      s.setTab('lesson');
    }
    if (Boolean(view.presenter) !== get().presenter) s.togglePresenter();
    if (Boolean(view.compare) !== get().compare) s.toggleCompare();
    s.setTwin(view.twin ?? null);
  },
});

const playbackSlice: StateCreator<Store, [], [], PlaybackSlice> = (set, get) => ({
  playing: false,
  speed: 2,
  stopAt: null,
  play: () => {
    // Playing from the last tick starts the run over, as a video player does; a looping embed
    // starts its own moment over.
    if (get().cursor >= get().timeline.end) get().seek(get().loopFrom ?? 0);
    set({ playing: true, stopAt: null });
  },
  playBetween: (from, to) => {
    get().seek(from);
    if (get().cursor < to) set({ playing: true, stopAt: to });
  },
  pause: () => set({ playing: false, stopAt: null }),
  togglePlay: () => (get().playing ? get().pause() : get().play()),
  setSpeed: (speed) => set({ speed }),
  loopFrom: null,
  setLoopFrom: (loopFrom) => set({ loopFrom }),
});

const viewSlice: StateCreator<Store, [], [], ViewSlice> = (set) => ({
  tab: 'lesson',
  lesson: null,
  revealed: false,
  embed: false,
  setTab: (tab) => set({ tab }),
  setLesson: (lesson) => set({ lesson, revealed: false }),
  reveal: () => set({ revealed: true }),
  setEmbed: (embed) => set({ embed }),
  selectedTask: null,
  language: 'en',
  presenter: false,
  compare: false,
  twin: null,
  notice: null,
  select: (selectedTask) => set(selectedTask ? { selectedTask, tab: 'task' } : { selectedTask }),
  setLanguage: (language) => set({ language }),
  togglePresenter: () => set((s) => ({ presenter: !s.presenter })),
  toggleCompare: () => set((s) => ({ compare: !s.compare })),
  setTwin: (twin) => set({ twin }),
  notify: (notice) => set({ notice }),
});

/**
 * A session: one run on one clock, and every command a user gives it, with no React in sight.
 * The app binds one to its components (src/app/store.ts); tests, the bench and a twin make their
 * own. A lesson follows the cursor: however the cursor moves (playback, steps, the timeline,
 * keys, markers), the lesson shows the last step whose moment the cursor has reached. A change
 * to the run itself (its mode, its configuration, another preset, an injection) leaves the
 * lesson, whose text describes the run as the lesson set it up, and says so.
 */
export function createSession(services: SessionServices = {}): StoreApi<Store> {
  const session = createStore<Store>()((...a) => ({
    ...simulationSlice(services)(...a),
    ...playbackSlice(...a),
    ...viewSlice(...a),
    ...lessonSlice(...a),
  }));
  session.subscribe((now, before) => {
    if (!now.lesson) return;
    const lesson = lessonById(now.lesson.id);
    if (!lesson) return;
    if (now.lesson === before.lesson && now.timeline.scenario !== before.timeline.scenario) {
      const order = lesson.order;
      session.setState({
        lesson: null,
        revealed: false,
        notice: {
          kind: 'info',
          text: {
            en: `You left lesson ${order}: the run changed, and the lesson describes the run it set up. Pick the lesson again to go back to it.`,
            zh: `已离开第 ${order} 课：运行已改变，而课程讲的是它自己设定的那次运行。在课程列表中重新选择这一课即可回到课程。`,
          }[now.language],
        },
      });
      return;
    }
    if (now.cursor === before.cursor && now.lesson === before.lesson) return;
    const step = stepAt(lesson.steps, now.cursor);
    if (step !== now.lesson.step) {
      session.setState({ lesson: { id: lesson.id, step }, revealed: false });
    }
  });
  return session;
}
