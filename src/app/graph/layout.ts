import { topologyOf, type OperatorSpec, type Scenario } from '../../engine';

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
  maxColumnGap: 240,
  targetWidth: 940,
  subtaskGap: 14,
  operatorGap: 30,
  /** Vertical room between the job manager, the tasks and the state backend. */
  bandGap: 40,
  jobManagerWidth: 440,
  jobManagerHeight: 112,
  backendHeaderHeight: 34,
  backendRow: 30,
  backendCellWidth: 140,
  backendLabelWidth: 116,
  /** Room left of the first column for the control and backend lanes and their messages. */
  leftGutter: 76,
  /** Checkpoints the state backend shows, the latest ones: fewer when each takes lines. */
  backendCheckpoints: 3,
  backendCheckpointsWide: 2,
} as const;

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
}

export interface JobLayout {
  tasks: Map<string, TaskBox>;
  scale: number;
  jobManager: Box;
  backend: Box;
  /** Cells per line in the state backend's rows. */
  backendCellsPerLine: number;
  /** How many of the latest checkpoints the state backend shows. */
  backendCheckpoints: number;
  columns: number;
}

/** Width of one tape cell: wide enough for the longest value of the input. */
export function tapeCellWidth(input: readonly number[]): number {
  const digits = input.reduce((n, v) => Math.max(n, String(v).length), 1);
  return Math.max(19, 10 + 9 * digits);
}

function inputsHeight(inputs: number): number {
  if (inputs === 0) return 0;
  if (inputs <= SIZE.maxInputRows) return inputs * SIZE.inputRow;
  return Math.ceil(inputs / SIZE.gridColumns) * SIZE.inputRow;
}

function isTransactionalSink(op: OperatorSpec): boolean {
  return op.kind === 'sink' && op.transactional === true;
}

/** Height of the part above a task's inputs. */
export function inputsTop(op: OperatorSpec): number {
  switch (op.kind) {
    case 'source':
      return SIZE.header + SIZE.tapeRow + SIZE.marksRow + SIZE.footerRow;
    case 'sink':
      return (
        SIZE.header +
        2 * SIZE.outputRow +
        (isTransactionalSink(op) ? SIZE.outputRow : 0) +
        SIZE.alignmentRow
      );
    default:
      return SIZE.header + SIZE.stateRow + SIZE.alignmentRow;
  }
}

function taskHeight(op: OperatorSpec, inputs: number): number {
  return inputsTop(op) + inputsHeight(inputs) + SIZE.padding;
}

function inputYs(op: OperatorSpec, inputs: number, height: number): number[] {
  const top = inputsTop(op);
  if (inputs <= SIZE.maxInputRows) {
    return Array.from({ length: inputs }, (_, k) => top + k * SIZE.inputRow + SIZE.inputRow / 2);
  }
  // Too many inputs for a row each: their handles share the left side evenly.
  return spreadOver(SIZE.header, height - SIZE.padding, inputs);
}

/** `n` points spread evenly between `from` and `to`, none at either end. */
function spreadOver(from: number, to: number, n: number): number[] {
  return Array.from({ length: n }, (_, k) => from + ((k + 0.5) * (to - from)) / n);
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
export function layoutJob(scenario: Scenario, scale = 1): JobLayout {
  let byScale = cache.get(scenario);
  if (!byScale) cache.set(scenario, (byScale = new Map()));
  const cached = byScale.get(scale);
  if (cached) return cached;
  const layout = computeLayout(scenario, scale);
  byScale.set(scale, layout);
  return layout;
}

const cache = new WeakMap<Scenario, Map<number, JobLayout>>();

function computeLayout(scenario: Scenario, scale: number): JobLayout {
  const topology = topologyOf(scenario);
  const columnOf = columnsOf(scenario);
  const columns = Math.max(0, ...columnOf.values()) + 1;
  const taskWidth = SIZE.taskWidth * scale;

  const stacks: { id: string; op: OperatorSpec; inputs: number; height: number }[][] = Array.from(
    { length: columns },
    () => [],
  );
  for (const info of topology.tasks) {
    stacks[columnOf.get(info.operator.id) ?? 0].push({
      id: info.id,
      op: info.operator,
      inputs: info.inputs.length,
      height: taskHeight(info.operator, info.inputs.length),
    });
  }
  const gapBefore = (stack: (typeof stacks)[number], i: number) =>
    i === 0 ? 0 : stack[i].op === stack[i - 1].op ? SIZE.subtaskGap : SIZE.operatorGap;
  const stackHeight = (stack: (typeof stacks)[number]) =>
    stack.reduce((h, t, i) => h + t.height * scale + gapBefore(stack, i), 0);
  const tallest = Math.max(0, ...stacks.map(stackHeight));
  const jobManagerHeight = SIZE.jobManagerHeight * scale;
  const top = jobManagerHeight + SIZE.bandGap;

  const gap =
    columns > 1
      ? Math.max(
          SIZE.minColumnGap,
          Math.min(SIZE.maxColumnGap, (SIZE.targetWidth - columns * taskWidth) / (columns - 1)),
        )
      : 0;
  const outputsOf = new Map(
    topology.tasks.map((t) => [
      t.id,
      t.outputs.reduce((n, o) => n + o.channels.filter((c) => c !== undefined).length, 0),
    ]),
  );
  const tasks = new Map<string, TaskBox>();
  stacks.forEach((stack, column) => {
    let y = top + (tallest - stackHeight(stack)) / 2;
    const x = column * (taskWidth + gap);
    stack.forEach((t, i) => {
      y += gapBefore(stack, i);
      tasks.set(t.id, {
        x,
        y,
        width: taskWidth,
        height: t.height * scale,
        scale,
        column,
        inputYs: inputYs(t.op, t.inputs, t.height),
        outputYs: spreadOver(SIZE.header, t.height - SIZE.padding, outputsOf.get(t.id) ?? 0),
        compactInputs: t.inputs > SIZE.maxInputRows,
      });
      y += t.height * scale;
    });
  });

  const width = Math.max(SIZE.jobManagerWidth * scale, columns * taskWidth + (columns - 1) * gap);
  const backendWidth = width + SIZE.leftGutter;
  const backendCellsPerLine = Math.max(
    1,
    Math.floor(
      (backendWidth / scale - SIZE.backendLabelWidth - 2 * SIZE.padding) /
        (SIZE.backendCellWidth + 4),
    ),
  );
  const lines = Math.ceil(topology.tasks.length / backendCellsPerLine);
  const backendCheckpoints = lines > 1 ? SIZE.backendCheckpointsWide : SIZE.backendCheckpoints;
  return {
    tasks,
    scale,
    jobManager: {
      x: (width - SIZE.jobManagerWidth * scale) / 2,
      y: 0,
      width: SIZE.jobManagerWidth * scale,
      height: jobManagerHeight,
    },
    // The backend reaches under the lanes left of the first column, so fitting the nodes in
    // view also keeps the messages travelling there in view.
    backend: {
      x: -SIZE.leftGutter,
      y: top + tallest + SIZE.bandGap,
      width: backendWidth,
      height:
        scale *
        (SIZE.backendHeaderHeight +
          backendCheckpoints * lines * SIZE.backendRow +
          SIZE.padding * 2),
    },
    backendCellsPerLine,
    backendCheckpoints,
    columns,
  };
}
