import { topologyOf, type OperatorSpec, type Scenario } from '../../engine';
import { LABEL_TEXT, TITLE_TEXT, type Floors } from './floors';

/**
 * Sizes of the graph in flow units. Node sizes are fixed by what a node shows (a tape of so
 * many cells, so many input rows), never by its current contents, so nothing jumps between
 * ticks and React Flow's measured size always equals the layout's.
 */
export const SIZE = {
  taskWidth: 200,
  header: 36,
  padding: 6,
  tapeRow: 34,
  marksRow: 24,
  footerRow: 26,
  stateRow: 32,
  alignmentRow: 26,
  inputRow: 30,
  outputRow: 28,
  /** Inputs shown as one row each up to this many; more are drawn as a compact grid. */
  maxInputRows: 4,
  gridColumns: 4,
  /**
   * Room between two columns of tasks, where the channels and what travels on them live: as
   * much as lets the graph be `targetWidth` wide, within these bounds.
   */
  minColumnGap: 110,
  /** Between two columns where channels cross, per unit of enlargement. */
  crossedColumnGap: 160,
  maxColumnGap: 240,
  targetWidth: 940,
  targetWidthBeside: 760,
  subtaskGap: 14,
  operatorGap: 30,
  /** Vertical room between the job manager, the tasks and the state backend. */
  bandGap: 40,
  jobManagerWidth: 440,
  jobManagerHeight: 112,
  backendHeaderHeight: 34,
  backendRow: 30,
  /** The second line of a backend row whose checkpoints may be unaligned: their channel state. */
  backendInFlightLine: 24,
  backendCellWidth: 140,
  backendLabelWidth: 128,
  /** Room left of the first column for the control and backend lanes and their messages. */
  leftGutter: 76,
  /**
   * A sum that adds only even or only odd values says what it ignores: on a row of its own in
   * full detail, beside its sum in compact detail.
   */
  filterRow: 26,
  /** Checkpoints the state backend shows, the latest ones: fewer when each takes lines. */
  backendCheckpoints: 3,
  backendCheckpointsWide: 2,
  /** Beside the tasks: room between the last column and the state backend. */
  besideGap: 60,
} as const;

/**
 * How much a task shows. `full`: every row. `compact`, for jobs too wide or too tall for the
 * stage: narrower tasks without the row that repeats what the input rows show (which inputs
 * barrier N reached) or describes the operator (both in the node's title and the inspector),
 * with titles and values drawn larger, and closer columns.
 */
export type Detail = 'full' | 'compact';

/** What changes between the levels of detail; everything else is in SIZE. */
export const DETAIL = {
  full: {
    taskWidth: SIZE.taskWidth,
    header: SIZE.header,
    alignmentRow: SIZE.alignmentRow,
    minColumnGap: SIZE.minColumnGap,
  },
  // Narrower, larger names: the header has room for a name on two lines ("sum_by_" over
  // "parity 1"), so no name loses the subtask number that tells it from its siblings.
  compact: { taskWidth: 172, header: 42, alignmentRow: 0, minColumnGap: 96 },
} as const satisfies Record<
  Detail,
  { taskWidth: number; header: number; alignmentRow: number; minColumnGap: number }
>;

/**
 * Where the job manager and the state backend go. `stacked`: the job manager above the tasks,
 * the backend below them, for tall stages. `beside`: the backend in a column right of the
 * tasks, for wide stages, where a band under the tasks would cost the height the text needs.
 */
export type Arrangement = 'stacked' | 'beside';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A task's place in flow units; what is inside the node is drawn `scale` times larger. */
export interface TaskBox extends Box {
  scale: number;
  column: number;
  /** Where each input channel's handle sits, from the node's top, before scaling. */
  inputYs: number[];
  /** Where each output channel's handle sits: one each, so their elements start apart. */
  outputYs: number[];
  /** Inputs drawn as a compact grid instead of one row each. */
  compactInputs: boolean;
  detail: Detail;
}

export interface JobLayout {
  tasks: Map<string, TaskBox>;
  scale: number;
  detail: Detail;
  arrangement: Arrangement;
  /** Everything drawn, lanes and their messages included: what fitting the whole job frames. */
  bounds: Box;
  /**
   * Beside: the height of the lane under the tasks along which snapshots travel to the backend;
   * null when the backend is below the tasks and they go straight down.
   */
  backendLane: number | null;
  jobManager: Box;
  backend: Box;
  /** Cells per line in the state backend's rows. */
  backendCellsPerLine: number;
  /** How many of the latest checkpoints the state backend shows. */
  backendCheckpoints: number;
  /** Height of one line of backend cells: two lines of text when snapshots may hold channel state. */
  backendRow: number;
  columns: number;
}

const cellWidths = new WeakMap<readonly number[], number>();

/**
 * Width of one tape cell: wide enough for the longest value of the input. Memoised per input:
 * a tick draws every source again, and a source of 12,500 values took a millisecond each time.
 */
export function tapeCellWidth(input: readonly number[]): number {
  const known = cellWidths.get(input);
  if (known !== undefined) return known;
  let digits = 1;
  for (const v of input) digits = Math.max(digits, String(v).length);
  const width = Math.max(19, 10 + 9 * digits);
  cellWidths.set(input, width);
  return width;
}

function inputsHeight(inputs: number): number {
  if (inputs === 0) return 0;
  if (inputs <= SIZE.maxInputRows) return inputs * SIZE.inputRow;
  return Math.ceil(inputs / SIZE.gridColumns) * SIZE.inputRow;
}

function isTransactionalSink(op: OperatorSpec): boolean {
  return op.kind === 'sink' && op.transactional === true;
}

/** A sum that adds only some values: its node says which it ignores. */
export function ignoresSome(op: OperatorSpec): boolean {
  return op.kind === 'sum' && op.accept !== 'all';
}

/** Height of the part above a task's inputs. */
export function inputsTop(op: OperatorSpec, detail: Detail = 'full'): number {
  const { alignmentRow: alignment, header } = DETAIL[detail];
  switch (op.kind) {
    case 'source':
      return header + SIZE.tapeRow + SIZE.marksRow + SIZE.footerRow;
    case 'sink':
      return (
        header + 2 * SIZE.outputRow + (isTransactionalSink(op) ? 3 * SIZE.outputRow : 0) + alignment
      );
    default:
      return (
        header +
        SIZE.stateRow +
        (ignoresSome(op) && detail === 'full' ? SIZE.filterRow : 0) +
        alignment
      );
  }
}

function taskHeight(op: OperatorSpec, inputs: number, detail: Detail): number {
  return inputsTop(op, detail) + inputsHeight(inputs) + SIZE.padding;
}

function inputYs(op: OperatorSpec, inputs: number, height: number, detail: Detail): number[] {
  const top = inputsTop(op, detail);
  if (inputs <= SIZE.maxInputRows) {
    return Array.from({ length: inputs }, (_, k) => top + k * SIZE.inputRow + SIZE.inputRow / 2);
  }
  // Too many inputs for a row each: their handles share the left side evenly.
  return spreadOver(DETAIL[detail].header, height - SIZE.padding, inputs);
}

/** `n` points spread evenly between `from` and `to`, none at either end. */
function spreadOver(from: number, to: number, n: number): number[] {
  return Array.from({ length: n }, (_, k) => from + ((k + 0.5) * (to - from)) / n);
}

/** Jobs with more channels than this are not searched for crossings. */
export const MAX_CROSSING_CHANNELS = 16;

/**
 * The gaps (by the column left of them) where two channels cross: one leaves above the other
 * and arrives below it, counted by the order of the tasks in their columns, of the outputs of a
 * task and of the inputs of a task.
 */
function crossedGaps(
  topology: ReturnType<typeof topologyOf>,
  stacks: { id: string }[][],
  columnOf: Map<string, number>,
): Set<number> {
  // A fan-out of dozens of channels crosses everywhere: no gap could keep its crossings clear,
  // and comparing every pair of its channels costs more than the layout.
  if (topology.channels.length > MAX_CROSSING_CHANNELS) return new Set();
  const row = new Map<string, number>();
  for (const stack of stacks) stack.forEach((t, i) => row.set(t.id, i));
  const outputOrder = new Map<number, number>();
  for (const task of topology.tasks) {
    let k = 0;
    for (const output of task.outputs)
      for (const channel of output.channels)
        if (channel !== undefined) outputOrder.set(channel, k++);
  }
  const ends = topology.channels.map((c) => {
    const from = topology.tasks[c.from];
    const to = topology.tasks[c.to];
    return {
      column: columnOf.get(from.operator.id) ?? 0,
      next: columnOf.get(to.operator.id) ?? 0,
      from: [row.get(from.id) ?? 0, outputOrder.get(c.index) ?? 0],
      to: [row.get(to.id) ?? 0, c.input],
    };
  });
  const before = (a: number[], b: number[]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  const found = new Set<number>();
  for (const a of ends) {
    for (const b of ends) {
      if (a.next !== a.column + 1 || b.column !== a.column || b.next !== a.next) continue;
      if (before(a.from, b.from) && before(b.to, a.to)) found.add(a.column);
    }
  }
  return found;
}

/** Column of every operator: the longest path from a source, so every edge points right. */
function columnsOf(scenario: Scenario): Map<string, number> {
  const column = new Map<string, number>(scenario.operators.map((op) => [op.id, 0]));
  // Relaxing every edge once per operator settles the longest paths of a DAG.
  for (let round = 0; round < scenario.operators.length; round++) {
    let changed = false;
    for (const edge of scenario.edges) {
      const next = (column.get(edge.from) ?? 0) + 1;
      if (next > (column.get(edge.to) ?? 0)) {
        column.set(edge.to, next);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return column;
}

/**
 * A layered layout of the physical graph: sources left, sinks right, the subtasks of an
 * operator stacked, every column centred on the tallest; the job manager above, the state
 * backend below. `scale` enlarges what nodes and chips show (presenter mode) while the gaps
 * between them stay, so on a given screen the text comes out larger. Pure and memoised.
 */
export function layoutJob(
  scenario: Scenario,
  scale = 1,
  arrangement: Arrangement = 'stacked',
  detail: Detail = 'full',
): JobLayout {
  let byScale = cache.get(scenario);
  if (!byScale) cache.set(scenario, (byScale = new Map()));
  const key = `${arrangement}:${scale}:${detail}`;
  const cached = byScale.get(key);
  if (cached) return cached;
  const layout = computeLayout(planOf(scenario, detail), scale, arrangement);
  byScale.set(key, layout);
  return layout;
}

const cache = new WeakMap<Scenario, Map<string, JobLayout>>();

/** A task as the layout stacks it, before any enlargement. */
interface Stacked {
  id: string;
  op: OperatorSpec;
  inputs: number;
  height: number;
}

/**
 * What every enlargement and arrangement of a job at one level of detail share: its columns,
 * their tasks, and each column's height as `nodes * scale + gaps`. Choosing a layout tries
 * hundreds of enlargements of a large job: from the plan each costs a few sums per column.
 */
interface Plan {
  scenario: Scenario;
  detail: Detail;
  columns: number;
  stacks: Stacked[][];
  /** Per column: the tasks' heights summed, and the gaps between them. */
  nodesHeight: number[];
  gapsHeight: number[];
  /** Columns (by the column left of them) where channels cross. */
  crossed: Set<number>;
  outputsOf: Map<string, number>;
  taskCount: number;
}

const plans = new WeakMap<Scenario, Partial<Record<Detail, Plan>>>();

function gapBefore(stack: readonly Stacked[], i: number): number {
  return i === 0 ? 0 : stack[i].op === stack[i - 1].op ? SIZE.subtaskGap : SIZE.operatorGap;
}

function planOf(scenario: Scenario, detail: Detail): Plan {
  let byDetail = plans.get(scenario);
  if (!byDetail) plans.set(scenario, (byDetail = {}));
  const known = byDetail[detail];
  if (known) return known;
  const topology = topologyOf(scenario);
  const columnOf = columnsOf(scenario);
  const columns = Math.max(0, ...columnOf.values()) + 1;
  const stacks: Stacked[][] = Array.from({ length: columns }, () => []);
  for (const info of topology.tasks) {
    stacks[columnOf.get(info.operator.id) ?? 0].push({
      id: info.id,
      op: info.operator,
      inputs: info.inputs.length,
      height: taskHeight(info.operator, info.inputs.length, detail),
    });
  }
  const plan: Plan = {
    scenario,
    detail,
    columns,
    stacks,
    nodesHeight: stacks.map((stack) => stack.reduce((h, t) => h + t.height, 0)),
    gapsHeight: stacks.map((stack) => stack.reduce((h, _, i) => h + gapBefore(stack, i), 0)),
    // Where channels cross between two columns, their elements keep clear of the crossing: the
    // gap is wider, so that what travels on them still has room.
    crossed: crossedGaps(topology, stacks, columnOf),
    outputsOf: new Map(
      topology.tasks.map((t) => [
        t.id,
        t.outputs.reduce((n, o) => n + o.channels.filter((c) => c !== undefined).length, 0),
      ]),
    ),
    taskCount: topology.tasks.length,
  };
  byDetail[detail] = plan;
  return plan;
}

/** Where the columns, the job manager and the backend go at one enlargement and arrangement. */
type Frame = Omit<JobLayout, 'tasks' | 'scale' | 'detail' | 'arrangement'> & {
  taskWidth: number;
  top: number;
  tallest: number;
  stackHeights: number[];
  columnXs: number[];
};

function frameOf(plan: Plan, scale: number, arrangement: Arrangement): Frame {
  const { columns, detail, taskCount } = plan;
  const taskWidth = DETAIL[detail].taskWidth * scale;
  const stackHeights = plan.nodesHeight.map((h, c) => h * scale + plan.gapsHeight[c]);
  const tallest = Math.max(0, ...stackHeights);
  const jobManagerHeight = SIZE.jobManagerHeight * scale;
  const top = jobManagerHeight + SIZE.bandGap;

  // Beside the backend, the columns come closer: the width is what a wide stage runs out of.
  const target = arrangement === 'beside' ? SIZE.targetWidthBeside : SIZE.targetWidth;
  const gap =
    columns > 1
      ? Math.max(
          DETAIL[detail].minColumnGap,
          Math.min(SIZE.maxColumnGap, (target - columns * taskWidth) / (columns - 1)),
        )
      : 0;
  const columnXs: number[] = [];
  let x = 0;
  for (let c = 0; c < columns; c++) {
    columnXs.push(x);
    x += taskWidth + (plan.crossed.has(c) ? Math.max(gap, SIZE.crossedColumnGap * scale) : gap);
  }
  const tasksWidth = columns > 0 ? columnXs[columns - 1] + taskWidth : 0;
  const width = Math.max(SIZE.jobManagerWidth * scale, tasksWidth);
  const jobManager = {
    x: (width - SIZE.jobManagerWidth * scale) / 2,
    y: 0,
    width: SIZE.jobManagerWidth * scale,
    height: jobManagerHeight,
  };
  // Only unaligned checkpoints persist in-flight records: their cells take a second line.
  const backendRow =
    SIZE.backendRow + (plan.scenario.checkpoint.unaligned === true ? SIZE.backendInFlightLine : 0);
  const backendHeight = (cellsPerLine: number, checkpoints?: number) => {
    const lines = Math.ceil(taskCount / cellsPerLine);
    const shown =
      checkpoints ?? (lines > 1 ? SIZE.backendCheckpointsWide : SIZE.backendCheckpoints);
    return {
      shown,
      height: scale * (SIZE.backendHeaderHeight + shown * lines * backendRow + SIZE.padding * 2),
    };
  };
  const widthFor = (cellsPerLine: number) =>
    scale *
    (SIZE.backendLabelWidth + 2 * SIZE.padding + cellsPerLine * (SIZE.backendCellWidth + 4) + 4);
  const shared = {
    taskWidth,
    top,
    tallest,
    stackHeights,
    columnXs,
    jobManager,
    backendRow,
    columns,
  };

  if (arrangement === 'beside') {
    // The backend's column is as tall as the job manager and the tasks; it takes as many cells
    // per line as that height allows, so it is no wider than it must be.
    const tasksBottom = top + tallest;
    const lane = tasksBottom + SIZE.bandGap / 2;
    const room = lane + SIZE.bandGap / 2;
    let cellsPerLine = Math.max(1, taskCount);
    for (let n = 1; n <= taskCount; n++) {
      if (backendHeight(n, SIZE.backendCheckpointsWide).height <= room) {
        cellsPerLine = n;
        break;
      }
    }
    const lines = Math.ceil(taskCount / cellsPerLine);
    const shown = lines > 1 ? SIZE.backendCheckpointsWide : SIZE.backendCheckpoints;
    const height = Math.max(room, backendHeight(cellsPerLine, shown).height);
    const backend = { x: width + SIZE.besideGap, y: 0, width: widthFor(cellsPerLine), height };
    return {
      ...shared,
      bounds: {
        x: -SIZE.leftGutter,
        y: 0,
        width: backend.x + backend.width + SIZE.leftGutter,
        height: Math.max(height, room),
      },
      backendLane: lane,
      backend,
      backendCellsPerLine: cellsPerLine,
      backendCheckpoints: shown,
    };
  }

  const backendWidth = width + SIZE.leftGutter;
  const backendCellsPerLine = Math.max(
    1,
    Math.floor(
      (backendWidth / scale - SIZE.backendLabelWidth - 2 * SIZE.padding) /
        (SIZE.backendCellWidth + 4),
    ),
  );
  const { shown, height } = backendHeight(backendCellsPerLine);
  // The backend reaches under the lanes left of the first column, so fitting the nodes in
  // view also keeps the messages travelling there in view.
  const backend = {
    x: -SIZE.leftGutter,
    y: top + tallest + SIZE.bandGap,
    width: backendWidth,
    height,
  };
  return {
    ...shared,
    bounds: { x: backend.x, y: 0, width: backendWidth, height: backend.y + height },
    backendLane: null,
    backend,
    backendCellsPerLine,
    backendCheckpoints: shown,
  };
}

function computeLayout(plan: Plan, scale: number, arrangement: Arrangement): JobLayout {
  const { detail } = plan;
  const frame = frameOf(plan, scale, arrangement);
  const { taskWidth, top, tallest, stackHeights, columnXs } = frame;
  const tasks = new Map<string, TaskBox>();
  plan.stacks.forEach((stack, column) => {
    let y = top + (tallest - stackHeights[column]) / 2;
    stack.forEach((t, i) => {
      y += gapBefore(stack, i);
      tasks.set(t.id, {
        x: columnXs[column],
        y,
        width: taskWidth,
        height: t.height * scale,
        scale,
        column,
        inputYs: inputYs(t.op, t.inputs, t.height, detail),
        outputYs: spreadOver(
          DETAIL[detail].header,
          t.height - SIZE.padding,
          plan.outputsOf.get(t.id) ?? 0,
        ),
        compactInputs: t.inputs > SIZE.maxInputRows,
        detail,
      });
      y += t.height * scale;
    });
  });
  return {
    tasks,
    scale,
    detail,
    arrangement,
    bounds: frame.bounds,
    backendLane: frame.backendLane,
    jobManager: frame.jobManager,
    backend: frame.backend,
    backendCellsPerLine: frame.backendCellsPerLine,
    backendCheckpoints: frame.backendCheckpoints,
    backendRow: frame.backendRow,
    columns: frame.columns,
  };
}

export interface Stage {
  width: number;
  height: number;
}

/**
 * Screen pixels kept free around the fitted job. The top strip is React Flow's attribution's (in
 * the top right corner, see JobGraph), so it never covers a node of the whole job.
 */
export const FIT_PADDING = { top: 26, right: 10, bottom: 10, left: 10 } as const;

/** The zoom at which `bounds` fills the stage, within the padding, as React Flow fits it. */
export function fitZoom(bounds: Box, stage: Stage, maxZoom: number): number {
  const width = stage.width - FIT_PADDING.left - FIT_PADDING.right;
  const height = stage.height - FIT_PADDING.top - FIT_PADDING.bottom;
  if (width <= 0 || height <= 0 || bounds.width <= 0 || bounds.height <= 0) return 0;
  return Math.min(width / bounds.width, height / bounds.height, maxZoom);
}

export interface Fitted {
  scale: number;
  arrangement: Arrangement;
  detail: Detail;
  /** The zoom that fits the whole job on the stage. */
  zoom: number;
}

const ARRANGEMENTS: readonly Arrangement[] = ['stacked', 'beside'];
const SCALES = Array.from({ length: 61 }, (_, k) => Math.round((1 + k * 0.05) * 100) / 100);
/**
 * Enlarging a task's contents while the gaps between columns stay leaves the channels less room
 * for what travels on them, drawn as large as the nodes: above this, fewer rows come first.
 */
const ROOMY_SCALE = 1.5;

/** How many times its size, at the least, what nodes show must be drawn to meet the floors. */
export function neededSize(floors: Floors, detail: Detail): number {
  return Math.max(floors.title / TITLE_TEXT[detail], floors.secondary / LABEL_TEXT);
}

/** The levels of detail tried in turn, each up to an enlargement. */
const TRIES: readonly { detail: Detail; upTo: number }[] = [
  { detail: 'full', upTo: ROOMY_SCALE },
  { detail: 'compact', upTo: Infinity },
  { detail: 'full', upTo: Infinity },
];

/**
 * How to lay out the job so that, fitted whole on this stage, every text nodes show is drawn at
 * or above the floors (zoom times scale times its font size): in full detail if an enlargement
 * that leaves the channels room does it, else in compact detail, else in full detail at any
 * enlargement, else whichever level, enlargement and arrangement draws text largest against its
 * floor. At a level, the smallest enlargement that does it, in whichever arrangement needs
 * less, the one with the larger zoom when both need the same. Pure; layouts are memoised.
 */
export function chooseLayout(
  scenario: Scenario,
  stage: Stage,
  floors: Floors,
  maxZoom: number,
): Fitted {
  let largest: { fitted: Fitted; ratio: number } | null = null;
  for (const { detail, upTo } of TRIES) {
    const needed = neededSize(floors, detail);
    let best: Fitted | null = null;
    for (const arrangement of ARRANGEMENTS) {
      for (const scale of SCALES) {
        if (scale > upTo) break;
        // Only the bounds matter here: placing every task waits for the layout chosen.
        const { bounds } = frameOf(planOf(scenario, detail), scale, arrangement);
        const zoom = fitZoom(bounds, stage, maxZoom);
        const fitted = { scale, arrangement, detail, zoom };
        const ratio = (zoom * scale) / needed;
        if (!largest || ratio > largest.ratio + 1e-9) largest = { fitted, ratio };
        if (ratio >= 1) {
          if (!best || scale < best.scale || (scale === best.scale && zoom > best.zoom)) {
            best = fitted;
          }
          break;
        }
      }
    }
    if (best) return best;
  }
  return largest!.fitted;
}
