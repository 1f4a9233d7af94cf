import {
  ReactFlow,
  ReactFlowProvider,
  type EdgeTypes,
  type FitViewOptions,
  type NodeChange,
  type NodeTypes,
  type XYPosition,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { Scenario, SimEvent, SimState } from '../../engine';
import { lessonById } from '../../scenarios/lessons';
import { useLanguage, useT } from '../i18n';
import { useStore } from '../store';
import { eventsAt } from '../../session/timeline';
import { BackendEdge } from './edges/BackendEdge';
import { ChannelEdge } from './edges/ChannelEdge';
import { ControlEdge } from './edges/ControlEdge';
import { MOST_TICKS_PER_MOVE } from '../controls/pace';
import { useCamera } from './camera';
import './graph.css';
import { GraphLegend } from './GraphLegend';
import { INSTANT, type Timing } from './timing';
import { floorsFor, type View } from './floors';
import { splitChannels } from './channelMoments';
import {
  FlightCanvas,
  FlightsContext,
  ScaleContext,
  TimingContext,
  useFlights,
  wantFlights,
} from './motion';
import { chooseLayout, FIT_PADDING, neededSize, type Fitted, type Stage } from './layout';
import { useReveal } from './reveal';
import { shareEqual } from './shareEqual';
import { BackendNode } from './nodes/BackendNode';
import { JobManagerNode } from './nodes/JobManagerNode';
import { OperatorNode } from './nodes/OperatorNode';
import { SinkNode } from './nodes/SinkNode';
import { SourceNode } from './nodes/SourceNode';
import {
  BACKEND_ID,
  JOB_MANAGER_ID,
  markOutputsAhead,
  toFlowElements,
  type EdgeLabels,
  type FlowNode,
} from './toFlowElements';

// Module scope: React Flow remounts every node and edge when these objects change identity.
const nodeTypes = {
  jobManager: JobManagerNode,
  source: SourceNode,
  operator: OperatorNode,
  sink: SinkNode,
  backend: BackendNode,
} satisfies NodeTypes;

const edgeTypes = {
  channel: ChannelEdge,
  control: ControlEdge,
  backend: BackendEdge,
} satisfies EdgeTypes;

const MAX_ZOOM = 1.4;
const px = (n: number) => `${n}px` as const;
const PADDING = {
  top: px(FIT_PADDING.top),
  right: px(FIT_PADDING.right),
  bottom: px(FIT_PADDING.bottom),
  left: px(FIT_PADDING.left),
};
/** Hidden nodes are those of a large job not drawn yet (useReveal): the job is framed whole. */
const FIT: FitViewOptions = { padding: PADDING, maxZoom: MAX_ZOOM, includeHiddenNodes: true };
const STEP_SECONDS = 0.35;
const NO_EVENTS: readonly SimEvent[] = [];
const UNSTAGED = { nodes: [], edges: [] };

/** The job graph's shape: positions a user dragged stay as long as this stays the same. */
function shapeOf(scenario: Scenario): string {
  return JSON.stringify([
    scenario.operators.map((op) => [op.id, op.kind, op.parallelism]),
    scenario.edges.map((e) => [e.from, e.to, e.partitioning]),
  ]);
}

interface Arranged {
  shape: string;
  positions: Record<string, XYPosition>;
  measured: Record<string, { width: number; height: number }>;
}

export interface JobGraphProps {
  /** A state to show instead of the store's cursor (a comparison run). */
  state?: SimState;
  /** The events of that state's tick. */
  events?: readonly SimEvent[];
  /** Tasks to mark as counting a record twice (the twin view's difference). */
  marked?: ReadonlySet<string>;
}

/**
 * The job as a graph: the job manager, every subtask, the state backend, and what travels
 * between them at the cursor's tick. Clicking a task selects it for the inspector.
 */
export function JobGraph(props: JobGraphProps) {
  return (
    <ReactFlowProvider>
      <Graph {...props} />
    </ReactFlowProvider>
  );
}

/** A slice of marking outputs ahead, and the pause between two slices, in ms. */
const AHEAD_SLICE_MS = 6;
const AHEAD_GAP_MS = 20;

/**
 * Marks the sink outputs of the recorded run's last state (see markOutputsAhead) a slice between
 * frames, as the run is recorded and while it stands still: the first jump to its end then reads
 * the marks instead of making them.
 */
function useOutputsAhead(wanted: boolean): void {
  const final = useStore((s) => (wanted ? s.timeline.final : null));
  const playing = useStore((s) => s.playing);
  useEffect(() => {
    if (!final || playing) return;
    let timer = 0;
    const slice = () => {
      const until = performance.now() + AHEAD_SLICE_MS;
      if (!markOutputsAhead(final, () => performance.now() < until))
        timer = window.setTimeout(slice, AHEAD_GAP_MS);
    };
    timer = window.setTimeout(slice, AHEAD_GAP_MS);
    return () => window.clearTimeout(timer);
  }, [final, playing]);
}

const REDUCE_MOTION = '(prefers-reduced-motion: reduce)';

/** One query for the page: `matchMedia` builds a new one per call, and the graph asks every tick. */
let reduceMotion: MediaQueryList | null = null;
const reduceMotionQuery = () => (reduceMotion ??= window.matchMedia(REDUCE_MOTION));

function subscribeReducedMotion(changed: () => void): () => void {
  const query = reduceMotionQuery();
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** The user asked for reduced motion: elements are placed at their tick position at once. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reduceMotionQuery().matches,
    () => false,
  );
}

/** `value`, keeping the identity of every part equal to the last render's (see shareEqual). */
function useShared<T>(value: T): T {
  const last = useRef(value);
  const shared = useMemo(() => shareEqual(last.current, value), [value]);
  useEffect(() => {
    last.current = shared;
  }, [shared]);
  return shared;
}

/** What a screen reader says of each edge. */
const EDGE_LABELS: Record<'en' | 'zh', EdgeLabels> = {
  en: {
    channel: (from, to) => `Channel from ${from} to ${to}`,
    control: (task) => `Control messages between the JobManager and ${task}`,
    backend: (task) => `Snapshots between ${task} and the state backend`,
  },
  zh: {
    channel: (from, to) => `从 ${from} 到 ${to} 的通道`,
    control: (task) => `JobManager 与 ${task} 之间的控制消息`,
    backend: (task) => `${task} 与状态后端之间的快照`,
  },
};

const ATTRIBUTION = { en: 'React Flow attribution', zh: 'React Flow 署名' };

const LESSON_NAMES: Record<string, string> = { jobmanager: JOB_MANAGER_ID, backend: BACKEND_ID };
const NOTHING = new Set<string>();

/** The nodes the current lesson step talks about. */
function lessonHighlight(lesson: { id: string; step: number } | null): Set<string> {
  const ids = lesson ? lessonById(lesson.id)?.steps[lesson.step]?.highlight : undefined;
  return ids ? new Set(ids.map((id) => LESSON_NAMES[id] ?? id)) : NOTHING;
}

function Graph({ state: given, events: givenEvents, marked = NOTHING }: JobGraphProps) {
  const t = useT();
  const current = useStore((s) => s.current);
  const cursorEvents = useStore((s) => eventsAt(s.timeline, s.cursor));
  useOutputsAhead(given === undefined);
  const selectedTask = useStore((s) => s.selectedTask);
  const select = useStore((s) => s.select);
  const playing = useStore((s) => s.playing);
  const speed = useStore((s) => s.speed);
  const presenter = useStore((s) => s.presenter);
  const embed = useStore((s) => s.embed);
  const lesson = useStore((s) => s.lesson);
  const highlight = useMemo(() => lessonHighlight(lesson), [lesson]);
  const scenario = (given ?? current).scenario;
  const unaligned = scenario.checkpoint.unaligned === true;
  const backpressure =
    scenario.edges.some((e) => e.capacity != null) ||
    scenario.operators.some((o) => o.kind !== 'source' && o.rate !== undefined);
  const lessonShown = highlight.size > 0;
  const marks = useMemo(
    () => ({ unaligned, backpressure, lesson: lessonShown }),
    [unaligned, backpressure, lessonShown],
  );
  const reduced = useReducedMotion();
  const state = given ?? current;
  const events = givenEvents ?? (given ? NO_EVENTS : cursorEvents);

  // The stage's size chooses how large nodes draw and where the job manager and the backend
  // go, so that the whole job, fitted, is drawn no smaller than the floors for this view.
  const [stage, setStage] = useState<(Stage & { window: Stage }) | null>(null);
  const view: View = embed ? 'embed' : presenter ? 'presenter' : 'normal';
  const floors = useMemo(
    () => (stage ? floorsFor(view, stage.window.width, stage.window.height) : null),
    [stage, view],
  );
  const fitted = useMemo<Fitted>(() => {
    if (!stage || !floors) return { scale: 1, arrangement: 'stacked', detail: 'full', zoom: 1 };
    return chooseLayout(state.scenario, stage, floors, MAX_ZOOM);
  }, [stage, floors, state.scenario]);
  const { scale, arrangement, detail } = fitted;
  // The zoom at which what the nodes show is at the floors: a pane too narrow for the whole job
  // at them (the twin view's) fits it smaller, and a lesson's framing stays at least this close.
  const floorZoom = floors ? neededSize(floors, detail) / scale : 0;

  const language = useLanguage();
  const edgeLabels = EDGE_LABELS[language];
  // Nothing is laid out before the stage's size is known (see below): the job laid out for no
  // stage was laid out again at once, twice the work of a large job's first screen.
  const staged = stage !== null;
  const elements = useMemo(
    () =>
      staged ? toFlowElements(state, { events, scale, arrangement, detail, edgeLabels }) : UNSTAGED,
    [staged, state, events, scale, arrangement, detail, edgeLabels],
  );
  const shape = useMemo(
    () => `${scale}:${arrangement}:${detail}:${shapeOf(state.scenario)}`,
    [state.scenario, scale, arrangement, detail],
  );

  // Derived during render (React's pattern for "state from the previous render"): whether the
  // cursor just moved forward by one tick, or by the few of one move of paced playback
  // (controls/pace.ts), so departing elements finish their trip, over the ticks moved.
  const [seen, setSeen] = useState({ tick: state.tick, forward: false, ticks: 1 });
  if (seen.tick !== state.tick) {
    const moved = state.tick - seen.tick;
    const forward = moved === 1 || (playing && moved > 1 && moved <= MOST_TICKS_PER_MOVE);
    setSeen({ tick: state.tick, forward, ticks: forward ? moved : 1 });
  }
  const timing = useMemo<Timing>(
    () =>
      reduced
        ? INSTANT
        : {
            instant: false,
            duration: playing ? seen.ticks / Math.max(0.1, speed) : STEP_SECONDS,
            ease: playing ? 'linear' : 'easeOut',
            forward: seen.forward,
          },
    [reduced, playing, speed, seen.forward, seen.ticks],
  );

  const [arranged, setArranged] = useState<Arranged>({ shape, positions: {}, measured: {} });
  const own = arranged.shape === shape ? arranged : { shape, positions: {}, measured: {} };

  const drawn = useMemo(
    () =>
      elements.nodes.map(
        (n) =>
          ({
            ...n,
            position: own.positions[n.id] ?? n.position,
            ...(own.measured[n.id] ? { measured: own.measured[n.id] } : {}),
            selected: 'task' in n.data && n.data.task === selectedTask,
            ...(highlight.has(n.id) || marked.has(n.id)
              ? {
                  className: [highlight.has(n.id) && 'g-highlight', marked.has(n.id) && 'g-twice']
                    .filter(Boolean)
                    .join(' '),
                }
              : {}),
          }) as FlowNode,
      ),
    [elements, own.positions, own.measured, selectedTask, highlight, marked],
  );
  const allNodes = useShared(drawn);
  // The channels' elements in flight go to the flight layer's feed, not to React Flow
  // (channelFeed.ts); the first that travels asks for the layer's code.
  const sharedEdges = useShared(elements.edges);
  const channels = useMemo(() => splitChannels(sharedEdges), [sharedEdges]);
  const allEdges = useShared(channels.drawn);
  // A large job newly laid out is drawn over a few frames, so that the page keeps answering.
  const reveal = useReveal(shape, allNodes.length, allEdges.length);
  // The nodes not drawn yet are there, hidden: React Flow draws nothing for them, and fits the
  // view to the whole job (FIT), which holds still while the rest appears.
  const nodes = useMemo(
    () =>
      reveal.nodes < allNodes.length
        ? allNodes.map((n, k) => (k < reveal.nodes ? n : { ...n, hidden: true }))
        : allNodes,
    [allNodes, reveal.nodes],
  );
  const edges = useMemo(
    () => (reveal.edges < allEdges.length ? allEdges.slice(0, reveal.edges) : allEdges),
    [allEdges, reveal.edges],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      for (const c of changes) {
        if (c.type === 'select' && c.selected && c.id.includes('#')) select(c.id);
      }
      const moves = changes.filter(
        (c) => (c.type === 'position' && c.position) || (c.type === 'dimensions' && c.dimensions),
      );
      if (moves.length === 0) return;
      setArranged((prev) => {
        const base = prev.shape === shape ? prev : { shape, positions: {}, measured: {} };
        const positions = { ...base.positions };
        const measured = { ...base.measured };
        for (const c of moves) {
          if (c.type === 'position' && c.position) positions[c.id] = c.position;
          if (c.type === 'dimensions' && c.dimensions) measured[c.id] = c.dimensions;
        }
        return { shape, positions, measured };
      });
    },
    [shape, select],
  );

  // Stable, like every prop of React Flow: a new function each tick re-renders its whole pane.
  const unselect = useCallback(() => select(null), [select]);

  const focus = useMemo(() => [...highlight], [highlight]);
  const layout = useMemo(
    () => ({ shape, stage, zoom: fitted.zoom, job: state.scenario }),
    [shape, stage, fitted.zoom, state.scenario],
  );
  const sizes = useMemo(
    () =>
      drawn
        .map((n) => {
          const m = own.measured[n.id];
          return m ? `${Math.round(m.width)}x${Math.round(m.height)}` : '?';
        })
        .join(),
    [drawn, own.measured],
  );
  const wrapper = useRef<HTMLDivElement>(null);
  const camera = useCamera({
    focus,
    stage,
    root: wrapper,
    fit: FIT,
    zoom: fitted.zoom,
    floorZoom,
    maxZoom: MAX_ZOOM,
    scale,
    layout,
    sizes,
    reduced,
    playing,
  });
  const flights = useFlights();
  useLayoutEffect(() => {
    if (flights) flights.feed.publish(channels.moments, timing);
    else if ([...channels.moments.values()].some((m) => m.elements.length > 0)) wantFlights();
  }, [flights, channels, timing]);

  // React Flow's attribution link names itself in English only; a screen reader on the Chinese
  // screen hears it in Chinese. (Its text, the library's name, stays.)
  const attribution = t(ATTRIBUTION);
  useEffect(() => {
    wrapper.current
      ?.querySelector('.react-flow__attribution a')
      ?.setAttribute('aria-label', attribution);
  }, [attribution, staged]);

  // The stage's size, read before the first paint (a stage not shown yet, of no size, waits for
  // its first), and again whenever it changes (presenter mode, a resized window): it chooses
  // the layout.
  useLayoutEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    const measure = () => {
      const width = Math.round(el.clientWidth);
      const height = Math.round(el.clientHeight);
      setStage((prev) =>
        prev &&
        prev.width === width &&
        prev.height === height &&
        prev.window.width === window.innerWidth
          ? prev
          : { width, height, window: { width: window.innerWidth, height: window.innerHeight } },
      );
    };
    if (el.clientWidth > 0 && el.clientHeight > 0) measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <FlightsContext.Provider value={flights}>
      <TimingContext.Provider value={timing}>
        <ScaleContext.Provider value={scale}>
          <div
            className={['g-root', presenter ? 'g-presenter' : '', `g-${detail}`]
              .filter(Boolean)
              .join(' ')}
            data-scale={scale}
            data-arrangement={arrangement}
            data-detail={detail}
          >
            <div className="g-canvas" ref={wrapper}>
              {staged && (
                <ReactFlow
                  nodes={nodes}
                  edges={edges}
                  nodeTypes={nodeTypes}
                  edgeTypes={edgeTypes}
                  onNodesChange={onNodesChange}
                  onPaneClick={unselect}
                  onMoveStart={camera.onMoveStart}
                  fitView
                  fitViewOptions={FIT}
                  minZoom={0.15}
                  maxZoom={2.5}
                  nodesConnectable={false}
                  edgesFocusable={false}
                  edgesReconnectable={false}
                  zoomOnDoubleClick={false}
                  deleteKeyCode={null}
                  selectionKeyCode={null}
                  multiSelectionKeyCode={null}
                  panActivationKeyCode={null}
                  // The stage's corner a framed task covers least often: of the 103 lesson steps
                  // at 1280x720, the top right meets a node in 2 and the bottom right in 20.
                  attributionPosition="top-right"
                  aria-label={t({ en: 'job graph', zh: '作业图' })}
                >
                  <FlightCanvas flights={flights} presenter={presenter} />
                </ReactFlow>
              )}
            </div>
            {!reveal.done && (
              <DrawingProgress
                drawn={reveal.nodes + reveal.edges}
                of={allNodes.length + allEdges.length}
              />
            )}
            {!presenter && <GraphLegend onFit={camera.fit} marks={marks} />}
          </div>
        </ScaleContext.Provider>
      </TimingContext.Provider>
    </FlightsContext.Provider>
  );
}

/** Says how much of a large job is drawn while it is drawn over a few frames. */
function DrawingProgress({ drawn, of }: { drawn: number; of: number }) {
  const t = useT();
  const percent = Math.floor((drawn / of) * 100);
  const label = t({ en: 'Drawing the job', zh: '正在绘制作业' });
  return (
    <div className="g-drawing" role="status" data-testid="drawing-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span>
        {label} {percent}%
      </span>
    </div>
  );
}
