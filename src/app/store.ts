import { create, type StateCreator } from 'zustand';
import { step, type Mode, type Scenario, type ScenarioAction, type SimState } from '../engine';
import { stepAt } from '../scenarios/lesson';
import { lessonById } from '../scenarios/lessons';
import { DEFAULT_PRESET, DEFAULT_PRESET_ID } from '../scenarios/presets/default';
import { forkTimeline, recordTimeline, stateAt, type Timeline } from './timeline';

export type Language = 'en' | 'zh';

export interface Notice {
  kind: 'error' | 'info';
  text: string;
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

export type PanelTab = 'lesson' | 'task' | 'log' | 'checkpoints' | 'timing' | 'config';

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
  notice: Notice | null;
  setTab: (tab: PanelTab) => void;
  setLesson: (lesson: { id: string; step: number } | null) => void;
  reveal: () => void;
  setEmbed: (embed: boolean) => void;
  select: (task: string | null) => void;
  setLanguage: (language: Language) => void;
  togglePresenter: () => void;
  toggleCompare: () => void;
  notify: (notice: Notice | null) => void;
}

export type Store = SimulationSlice & PlaybackSlice & ViewSlice;

export const SPEEDS = [1, 2, 4, 8, 16, 32] as const;

const simulationSlice: StateCreator<Store, [], [], SimulationSlice> = (set, get) => {
  // Startup loads the screen to show before the first render (urlSync's initialiseFromLocation),
  // so a recording of the default run here would be replaced unseen: the store starts on its
  // first tick only.
  const initial = recordTimeline(DEFAULT_PRESET, 0);
  return {
    presetId: DEFAULT_PRESET_ID,
    timeline: initial,
    cursor: 0,
    current: stateAt(initial, 0),
    undoStack: [],
    loadScenario: (scenario, presetId, cursor = 0) => {
      const timeline = recordTimeline(scenario);
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
      set({
        cursor: next,
        current: step(current).state,
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
      const forked = forkTimeline(timeline, cursor, scenario);
      set({
        timeline: forked,
        current: stateAt(forked, cursor),
        undoStack: [...undoStack, timeline],
        presetId: null,
      });
    },
    undoInject: () => {
      const { undoStack, cursor } = get();
      const previous = undoStack[undoStack.length - 1];
      if (!previous) return;
      const tick = Math.min(cursor, previous.end);
      set({
        timeline: previous,
        cursor: tick,
        current: stateAt(previous, tick),
        undoStack: undoStack.slice(0, -1),
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
  notice: null,
  select: (selectedTask) => set(selectedTask ? { selectedTask, tab: 'task' } : { selectedTask }),
  setLanguage: (language) => set({ language }),
  togglePresenter: () => set((s) => ({ presenter: !s.presenter })),
  toggleCompare: () => set((s) => ({ compare: !s.compare })),
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
