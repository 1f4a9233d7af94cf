import {
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type EdgeTypes,
  type FitViewOptions,
  type NodeChange,
  type NodeTypes,
  type XYPosition,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Scenario, SimEvent, SimState } from '../../engine';
import { lessonById } from '../../scenarios/lessons';
import { useT } from '../i18n';
import { useStore } from '../store';
import { eventsAt } from '../timeline';
import { BackendEdge } from './edges/BackendEdge';
import { ChannelEdge } from './edges/ChannelEdge';
import { ControlEdge } from './edges/ControlEdge';
import './graph.css';
import { GraphLegend } from './GraphLegend';
import { INSTANT, type Timing } from './flight';
import { FlightLayer } from './flightLayer';
import { FlightCanvas, FlightLayerContext, ScaleContext, TimingContext } from './motion';
import { shareEqual } from './shareEqual';
import { BackendNode } from './nodes/BackendNode';
import { JobManagerNode } from './nodes/JobManagerNode';
import { OperatorNode } from './nodes/OperatorNode';
import { SinkNode } from './nodes/SinkNode';
import { SourceNode } from './nodes/SourceNode';
import { BACKEND_ID, JOB_MANAGER_ID, toFlowElements, type FlowNode } from './toFlowElements';

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

const FIT: FitViewOptions = { padding: 0.03, maxZoom: 1.4 };
/** Presenter mode: the legend gives way to the caption, so the graph may fill the stage. */
const FIT_PRESENTER: FitViewOptions = { padding: 0.02, maxZoom: 1.6 };
/** Presenter mode draws what nodes and edges show this much larger. */
const PRESENTER_SCALE = 1.15;
const STEP_SECONDS = 0.35;
const NO_EVENTS: readonly SimEvent[] = [];

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

const REDUCE_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(changed: () => void): () => void {
  const query = window.matchMedia(REDUCE_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** The user asked for reduced motion: elements are placed at their tick position at once. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCE_MOTION).matches,
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

const LESSON_NAMES: Record<string, string> = { jobmanager: JOB_MANAGER_ID, backend: BACKEND_ID };
const NOTHING = new Set<string>();

/** The nodes the current lesson step talks about. */
function lessonHighlight(lesson: { id: string; step: number } | null): Set<string> {
  const ids = lesson ? lessonById(lesson.id)?.steps[lesson.step]?.highlight : undefined;
  return ids ? new Set(ids.map((id) => LESSON_NAMES[id] ?? id)) : NOTHING;
}

function Graph({ state: given, events: givenEvents }: JobGraphProps) {
  const t = useT();
  const current = useStore((s) => s.current);
  const cursorEvents = useStore((s) => eventsAt(s.timeline, s.cursor));
  const selectedTask = useStore((s) => s.selectedTask);
  const select = useStore((s) => s.select);
  const playing = useStore((s) => s.playing);
  const speed = useStore((s) => s.speed);
  const presenter = useStore((s) => s.presenter);
  const lesson = useStore((s) => s.lesson);
  const highlight = useMemo(() => lessonHighlight(lesson), [lesson]);
  const scale = presenter ? PRESENTER_SCALE : 1;
  const reduced = useReducedMotion();
  const state = given ?? current;
  const events = givenEvents ?? (given ? NO_EVENTS : cursorEvents);

  const elements = useMemo(() => toFlowElements(state, { events, scale }), [state, events, scale]);
  const shape = useMemo(() => `${scale}:${shapeOf(state.scenario)}`, [state.scenario, scale]);

  // Derived during render (React's pattern for "state from the previous render"): whether the
  // cursor just moved one tick forward, so departing elements finish their trip.
  const [seen, setSeen] = useState({ tick: state.tick, forward: false });
  if (seen.tick !== state.tick)
    setSeen({ tick: state.tick, forward: state.tick === seen.tick + 1 });
  const timing = useMemo<Timing>(
    () =>
      reduced
        ? INSTANT
        : {
            instant: false,
            duration: playing ? 1 / Math.max(0.1, speed) : STEP_SECONDS,
            ease: playing ? 'linear' : 'easeOut',
            forward: seen.forward,
          },
    [reduced, playing, speed, seen.forward],
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
            ...(highlight.has(n.id) ? { className: 'g-highlight' } : {}),
          }) as FlowNode,
      ),
    [elements, own.positions, own.measured, selectedTask, highlight],
  );
  const nodes = useShared(drawn);
  const edges = useShared(elements.edges);

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

  const flow = useReactFlow();
  const fitOptions = presenter ? FIT_PRESENTER : FIT;
  const fit = useCallback(() => void flow.fitView(fitOptions), [flow, fitOptions]);
  const wrapper = useRef<HTMLDivElement>(null);
  const [flightLayer] = useState(() => new FlightLayer());

  // A new job graph, or a new size of the stage (presenter mode, a resized window): fit again.
  useEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [fit]);
  useEffect(() => {
    fit();
  }, [shape, fit]);

  return (
    <FlightLayerContext.Provider value={flightLayer}>
      <TimingContext.Provider value={timing}>
        <ScaleContext.Provider value={scale}>
          <div className={presenter ? 'g-root g-presenter' : 'g-root'}>
            <div className="g-canvas" ref={wrapper}>
              <ReactFlow
                nodes={nodes}
                edges={edges}
                nodeTypes={nodeTypes}
                edgeTypes={edgeTypes}
                onNodesChange={onNodesChange}
                onPaneClick={() => select(null)}
                fitView
                fitViewOptions={fitOptions}
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
                aria-label={t({ en: 'job graph', zh: '作业图' })}
              >
                <FlightCanvas layer={flightLayer} presenter={presenter} />
              </ReactFlow>
            </div>
            {!presenter && <GraphLegend onFit={fit} />}
          </div>
        </ScaleContext.Provider>
      </TimingContext.Provider>
    </FlightLayerContext.Provider>
  );
}
