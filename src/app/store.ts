import { create, type StateCreator } from 'zustand';
import { step, type Mode, type Scenario, type ScenarioAction, type SimState } from '../engine';
import { stepAt } from '../scenarios/lesson';
import { lessonById } from '../scenarios/lessons';
import { DEFAULT_PRESET, DEFAULT_PRESET_ID } from '../scenarios/presets/default';
import { estimateCost } from '../engine';
import type { Language, LocalText } from '../scenarios/text';
import type { TwinVariant } from '../scenarios/twin';
import {
  keepEvents,
  MAX_TICKS,
  recordTimeline,
  startFork,
  startRecording,
  stateAt,
  type Timeline,
  type TimelineRecorder,
} from '../session/timeline';
import type { WorkerRecording } from './workers/offThread';

export type { Language };

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
  stepForward: () => void;
  stepBack: () => void;
  setMode: (mode: Mode) => void;
  /** Adds an action that fires after the cursor: the timeline forks there. */
  inject: (action: ScenarioAction) => void;
  undoInject: () => void;
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

export type Store = SimulationSlice & PlaybackSlice & ViewSlice;

export const SPEEDS = [1, 2, 4, 8, 16, 32] as const;

/** Time one piece of recording may take before the page gets to draw: well inside a frame. */
const PIECE_MS = 12;
/** How often the screen is given what was recorded meanwhile. */
const PUBLISH_MS = 250;
/** How long a run records on the page before the rest goes on in a worker. */
const HAND_OFF_MS = 300;
/** The first piece, before the screen first shows the run: small runs are recorded whole. */
const FIRST_PIECE_MS = 30;

const now = () => performance.now();

/** What `soon` will call, in order. */
const queued: (() => void)[] = [];
/** One channel for the app's life: a channel no one holds may be collected with its message. */
let wakeUp: MessageChannel | null = null;

/** Lets the browser draw and handle input, then continues; faster than a 4 ms-clamped timeout. */
function soon(then: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(then, 0);
    return;
  }
  if (!wakeUp) {
    wakeUp = new MessageChannel();
    wakeUp.port1.onmessage = () => queued.shift()?.();
  }
  queued.push(then);
  wakeUp.port2.postMessage(null);
}

const simulationSlice: StateCreator<Store, [], [], SimulationSlice> = (set, get) => {
  // Startup loads the screen to show before the first render (urlSync's initialiseFromLocation),
  // so a recording of the default run here would be replaced unseen: the store starts on its
  // first tick only.
  const initial = recordTimeline(DEFAULT_PRESET, 0);
  /** The recording under way; a newer one replaces it, and the older stops at its next piece. */
  let active: TimelineRecorder | null = null;
  /** The worker recording `active`, if one does. */
  let offPage: WorkerRecording | null = null;

  /** How far along a recording is: by ticks, or by the estimated work when that says more. */
  const progressOf = (timeline: Timeline, estimate: number): number => {
    const byTicks = timeline.end / MAX_TICKS;
    const byWork = estimate > 0 ? timeline.final.elementSteps / estimate : 0;
    return Math.min(0.99, Math.max(byTicks, byWork));
  };

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
    const first = recorder.advance(() => now() - started < FIRST_PIECE_MS);
    apply(first);
    if (recorder.done) {
      set({ recording: null });
      tellIfHalted(first);
      return;
    }
    const estimate = estimateCost(first.scenario).elementSteps;
    set({ recording: progressOf(first, estimate) });
    let shown = get().cursor;
    let published = now();
    /** Gives the screen what is recorded: the progress, and the wanted tick once it is there. */
    const publish = (timeline: Timeline) => {
      published = now();
      const { cursor } = get();
      const follow = cursor === shown && wanted > cursor && wanted <= timeline.end;
      const tick = follow ? wanted : cursor;
      set({
        timeline,
        recording: recorder.done ? null : progressOf(timeline, estimate),
        ...(follow ? { cursor: tick, current: stateAt(timeline, tick) } : {}),
      });
      shown = get().cursor;
      if (recorder.done) {
        active = null;
        offPage = null;
        tellIfHalted(timeline);
      }
    };
    /** The worker's code, once loaded; null while loading, or where it cannot load. */
    let offThread: typeof import('./workers/offThread') | null = null;
    /** Hands the rest of the run to a worker; false where none can record it. */
    const handOff = (): boolean => {
      if (!offThread) return false;
      offPage = offThread.recordInWorker(
        recorder,
        (timeline) => {
          if (active === recorder) publish(timeline);
        },
        () => {
          if (active !== recorder) return;
          // The page goes on from what the worker sent, and tries no other worker.
          offPage = null;
          offThread = null;
          soon(onPage);
        },
      );
      return offPage !== null;
    };
    /**
     * Records on the page, a piece between frames. A run still going after HAND_OFF_MS goes on in
     * a worker, so a costly one never holds the page; a short run ends here sooner than a worker
     * would start.
     */
    const onPage = () => {
      if (active !== recorder) return;
      const began = now();
      if (began - started >= HAND_OFF_MS && offPage === null && handOff()) return;
      const timeline = recorder.advance(() => now() - began < PIECE_MS);
      // The screen takes the new part a few times a second: drawing a large graph after every
      // piece would take more of the frame than the recording.
      if (recorder.done || began - published >= PUBLISH_MS) publish(timeline);
      if (!recorder.done) soon(onPage);
    };
    // The worker's code loads when a run first needs it: most runs are recorded in the first piece.
    import('./workers/offThread').then(
      (module) => {
        offThread = module;
      },
      () => undefined,
    );
    soon(onPage);
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
    stepForward: () => {
      const { timeline, cursor, current, stopAt } = get();
      if (cursor >= timeline.end) {
        set({ playing: false, stopAt: null });
        return;
      }
      const next = cursor + 1;
      const stop = stopAt !== null && next >= stopAt;
      // The tick's events are kept for what shows them, which would otherwise replay them.
      const stepped = step(current);
      keepEvents(timeline, next, stepped.events);
      set({
        cursor: next,
        current: stepped.state,
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
          undoStack: [...undoStack, timeline.complete ? timeline : { ...timeline, complete: true }],
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
  };
};

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

export const useStore = create<Store>()((...a) => ({
  ...simulationSlice(...a),
  ...playbackSlice(...a),
  ...viewSlice(...a),
}));

/**
 * A lesson follows the cursor: however the cursor moves (playback, steps, the timeline, keys,
 * markers), the lesson shows the last step whose moment the cursor has reached. A change to the
 * run itself (its mode, its configuration, another preset, an injection) leaves the lesson,
 * whose text describes the run as the lesson set it up, and says so.
 */
useStore.subscribe((now, before) => {
  if (!now.lesson) return;
  const lesson = lessonById(now.lesson.id);
  if (!lesson) return;
  if (now.lesson === before.lesson && now.timeline.scenario !== before.timeline.scenario) {
    const order = lesson.order;
    useStore.setState({
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
    useStore.setState({ lesson: { id: lesson.id, step }, revealed: false });
  }
});
