import { create, type StateCreator } from 'zustand';
import { step, type Mode, type Scenario, type ScenarioAction, type SimState } from '../engine';
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
  play: () => void;
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
      const { timeline, cursor, current } = get();
      if (cursor >= timeline.end) {
        set({ playing: false });
        return;
      }
      set({ cursor: cursor + 1, current: step(current).state });
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
  play: () => {
    // Playing from the last tick starts the run over, as a video player does; a looping embed
    // starts its own moment over.
    if (get().cursor >= get().timeline.end) get().seek(get().loopFrom ?? 0);
    set({ playing: true });
  },
  pause: () => set({ playing: false }),
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
