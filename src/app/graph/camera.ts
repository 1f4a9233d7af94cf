import { getViewportForBounds, useReactFlow, type FitViewOptions, type Rect } from '@xyflow/react';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { CONTROL_LANE } from './controlPath';
import type { Stage } from './layout';
import { settle } from './settle';

/** Around the tasks a lesson step frames: room for what travels to and from them. */
const FOCUS_PADDING = '48px';
/** The least space kept between a framed task and the stage's left or right edge. */
const EDGE = 8;
/** Half the widest message on a control lane ("complete 12"), before enlargement. */
const LANE_MESSAGE_HALF = 56;
/**
 * How much farther than as close as they fit a step's tasks may be framed, to show the tasks
 * beside them whole: the zooms tried, as parts of the closest, nearest first.
 */
const ZOOM_OUT = [0.95, 0.9, 0.85, 0.8, 0.75];
/**
 * Where the farthest of those still cuts a task through its name (a state backend as wide as
 * the job, on a narrow stage), farther still, as far as the zoom that fits the whole job or the
 * one whose text is at the floors, whichever is closer.
 */
const ZOOM_OUT_FURTHER = [0.7, 0.6, 0.5, 0.4, 0.3, 0];
/** What a framing costs for a task cut through its name (see settle.ts). */
const NAME_CUT = 3;
/** How long the camera takes to move to the next step's tasks. */
export const CAMERA_MS = 600;
/** The attribute the stage carries while the camera has a framing to do or a move under way. */
export const CAMERA_MOVING = 'data-camera-moving';

export interface CameraInput {
  /** The tasks the lesson step talks about; none: the whole job. */
  focus: readonly string[];
  stage: Stage | null;
  /** The stage's element, which says while the camera is moving (CAMERA_MOVING). */
  root: RefObject<HTMLElement | null>;
  /** How the whole job is fitted: the zoom a framing tries not to go below, its padding. */
  fit: FitViewOptions;
  zoom: number;
  /** The zoom at which the nodes' text is at the floors: a framing zoomed out further stops there. */
  floorZoom: number;
  maxZoom: number;
  /** The nodes' enlargement, which widens the messages on the control lanes. */
  scale: number;
  /**
   * What is drawn and where: a new value each time it is laid out anew. `shape` names the layout
   * (the job's graph, the nodes' size and arrangement), `job` the scenario.
   */
  layout: { shape: string; job: object; stage: object | null; zoom: number };
  /** The drawn nodes' measured sizes, one string; "?" for a node not measured yet. */
  sizes: string;
  reduced: boolean;
  playing: boolean;
}

/** What the camera last did: the sizes it framed from, its move, and whether the user moved since. */
interface Framed {
  sizes: string;
  /** When the move ends (performance.now()); 0 when it was at once. */
  ends: number;
  /** Counts framings: a move that ends says so only if no other has begun since. */
  move: number;
  byHand: boolean;
}

/**
 * The camera follows the lesson: a step that points at tasks frames them and what travels
 * between them; without a lesson, or a step that points at nothing, the whole job.
 *
 * A framing is only as right as the node sizes it was computed from, and a node is measured a
 * frame after it is drawn at a new size (a new layout, or a tick whose content the layout sizes
 * anew). So the camera frames again
 * when the sizes change after it framed, unless the user has since moved it by hand: at once, or
 * as the rest of the move under way. While playing it waits for the pause, unless it framed
 * nodes not measured at all. Gives what the "fit" button and React Flow's `onMoveStart` call.
 */
export function useCamera(input: CameraInput) {
  const flow = useReactFlow();
  const { focus, stage, root, fit, zoom, floorZoom, maxZoom, scale, sizes, reduced, playing } =
    input;

  const framed = useRef<Framed>({ sizes: '', ends: 0, move: 0, byHand: false });
  const sizesNow = useRef(sizes);
  useEffect(() => {
    sizesNow.current = sizes;
  }, [sizes]);

  // Framings asked for and not yet done, and the move under way: the stage says so.
  const pending = useRef(0);
  const moving = useRef(false);
  const show = useCallback(() => {
    root.current?.toggleAttribute(CAMERA_MOVING, pending.current > 0 || moving.current);
  }, [root]);

  const frame = useCallback(
    (duration: number) => {
      const move = framed.current.move + 1;
      const ends = duration > 0 ? performance.now() + duration : 0;
      framed.current = { sizes: sizesNow.current, ends, move, byHand: false };
      moving.current = duration > 0;
      const done = () => {
        if (framed.current.move !== move) return;
        moving.current = false;
        show();
      };
      if (focus.length === 0 || !stage) return void flow.fitView({ ...fit, duration }).then(done);
      const tasks = flow.getNodesBounds([...focus]);
      // The lanes left of the tasks, and the messages on them, are part of what a step is about.
      const room = CONTROL_LANE + LANE_MESSAGE_HALF * scale;
      const bounds = { ...tasks, x: tasks.x - room, width: tasks.width + room };
      const focused = new Set(focus);
      const othersBounds = flow
        .getNodes()
        .filter((n) => !focused.has(n.id))
        .map((n) => flow.getNodesBounds([n.id]));
      // Tasks too far apart to frame at a readable size: centred on them, readable.
      const closest = getViewportForBounds(
        bounds,
        stage.width,
        stage.height,
        zoom,
        maxZoom,
        FOCUS_PADDING,
      );
      // The tasks framed at zoom `at`, moved to cut the fewest other tasks at the stage's edges
      // (see `settle`), and what it still costs.
      const framing = (at: number) => {
        const viewport =
          at === closest.zoom
            ? closest
            : getViewportForBounds(bounds, stage.width, stage.height, at, at, FOCUS_PADDING);
        const onStage = (b: Rect): Rect => ({
          x: b.x * viewport.zoom + viewport.x,
          y: b.y * viewport.zoom + viewport.y,
          width: b.width * viewport.zoom,
          height: b.height * viewport.zoom,
        });
        // The tasks stay framed, and the room left of them too while it fits: wider than the
        // stage at that zoom, the room gives way before the tasks do (a state backend on the
        // right was cut at its edge).
        const framedTasks = onStage(tasks);
        const withRoom = onStage(bounds);
        const keep =
          withRoom.width <= stage.width - 2 * EDGE
            ? { ...framedTasks, x: withRoom.x, width: withRoom.width }
            : framedTasks;
        const others = othersBounds.map(onStage).filter((b) => b.width > 0 && b.height > 0);
        const { dx, dy, cost } = settle(stage, keep, others, EDGE);
        return { viewport: { ...viewport, x: viewport.x + dx, y: viewport.y + dy }, cost };
      };
      // As close as the tasks fit, or somewhat farther where that cuts fewer of the others; never
      // farther than the zoom that fits the whole job, whose text is at the floors.
      let best = framing(closest.zoom);
      let tried = closest.zoom;
      const zoomOut = (parts: readonly number[], least: number) => {
        for (const part of parts) {
          const at = Math.max(least, closest.zoom * part);
          if (best.cost === 0 || at >= tried) continue;
          tried = at;
          const farther = framing(at);
          if (farther.cost < best.cost) best = farther;
        }
      };
      zoomOut(ZOOM_OUT, zoom);
      // Not below the floors: in a pane too narrow for the whole job at them, a task cut at the
      // edge is better than every task too small to read.
      if (best.cost >= NAME_CUT) zoomOut(ZOOM_OUT_FURTHER, Math.max(zoom, floorZoom));
      const viewport = best.viewport;
      void flow.setViewport(viewport, { duration }).then(done);
    },
    [flow, focus, fit, zoom, floorZoom, maxZoom, stage, scale, show],
  );

  // Framings run in the next animation frame, after React Flow has drawn what they frame.
  const frameNow = useRef(frame);
  useEffect(() => {
    frameNow.current = frame;
  }, [frame]);
  const later = useCallback(
    (duration: () => number) => {
      pending.current += 1;
      show();
      let ran = false;
      const id = requestAnimationFrame(() => {
        ran = true;
        pending.current -= 1;
        frameNow.current(duration());
        show();
      });
      return () => {
        if (ran) return;
        cancelAnimationFrame(id);
        pending.current -= 1;
        show();
      };
    },
    [show],
  );

  // A new layout or job (a job upgraded from a savepoint): at once. A stage of another size with
  // the same layout (the presenter caption grew a line) leaves a camera the user moved alone.
  const laidOut = useRef(input.layout);
  useEffect(() => {
    const before = laidOut.current;
    laidOut.current = input.layout;
    const sameLayout =
      before !== input.layout &&
      before.shape === input.layout.shape &&
      before.job === input.layout.job;
    if (sameLayout && framed.current.byHand) return;
    return later(() => 0);
  }, [input.layout, later]);

  // A new lesson step: move there, as smoothly as the user lets things move.
  const stepped = useRef(focus);
  useEffect(() => {
    if (stepped.current === focus) return;
    stepped.current = focus;
    return later(() => (reduced ? 0 : CAMERA_MS));
  }, [focus, reduced, later]);

  // Sizes other than the framing read: frame again, within the move under way if there is one.
  const wasPlaying = useRef(playing);
  useEffect(() => {
    const paused = wasPlaying.current && !playing;
    wasPlaying.current = playing;
    const last = framed.current;
    if (last.byHand || sizes === last.sizes) return;
    if (playing && !last.sizes.includes('?')) return;
    return later(() => {
      const rest = framed.current.ends - performance.now();
      if (rest > 16) return rest;
      return paused && !reduced ? CAMERA_MS : 0;
    });
  }, [sizes, playing, reduced, later]);

  const onMoveStart = useCallback(
    (event: MouseEvent | TouchEvent | null) => {
      // React Flow's own moves (ours) come without the event that started them.
      if (!event) return;
      framed.current.byHand = true;
      framed.current.move += 1;
      moving.current = false;
      show();
    },
    [show],
  );
  // The whole job, asked for: it stays framed until the next step or layout.
  const fitAll = useCallback(() => {
    framed.current = { ...framed.current, sizes: sizesNow.current, byHand: true };
    void flow.fitView(fit);
  }, [flow, fit]);
  return { onMoveStart, fit: fitAll };
}
