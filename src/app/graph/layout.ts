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

export interface TaskBox extends Box {
  column: number;
  /** Where each input channel's handle sits, from the node's top. */
  inputYs: number[];
  /** Where each output channel's handle sits: one each, so their elements start apart. */
  outputYs: number[];
  /** Inputs drawn as a compact grid instead of one row each. */
  compactInputs: boolean;
}

export interface JobLayout {
  tasks: Map<string, TaskBox>;
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
 * backend below. Pure and memoised per scenario object.
 */
export function layoutJob(scenario: Scenario): JobLayout {
  const cached = cache.get(scenario);
  if (cached) return cached;
  const topology = topologyOf(scenario);
  const columnOf = columnsOf(scenario);
  const columns = Math.max(0, ...columnOf.values()) + 1;

  const stacks: { id: string; op: OperatorSpec; inputs: number; height: number }[][] = Array.from(
    { length: columns },
    () => [],
  );
  for (const info of topology.tasks) {
    const height = taskHeight(info.operator, info.inputs.length);
    stacks[columnOf.get(info.operator.id) ?? 0].push({
      id: info.id,
      op: info.operator,
      inputs: info.inputs.length,
      height,
    });
  }
  const stackHeight = (stack: (typeof stacks)[number]) =>
    stack.reduce(
      (h, t, i) =>
        h +
        t.height +
        (i === 0 ? 0 : t.op === stack[i - 1].op ? SIZE.subtaskGap : SIZE.operatorGap),
      0,
    );
  const tallest = Math.max(0, ...stacks.map(stackHeight));
  const top = SIZE.jobManagerHeight + SIZE.bandGap;

  const gap =
    columns > 1
      ? Math.max(
          SIZE.minColumnGap,
          Math.min(
            SIZE.maxColumnGap,
            (SIZE.targetWidth - columns * SIZE.taskWidth) / (columns - 1),
          ),
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
    const x = column * (SIZE.taskWidth + gap);
    stack.forEach((t, i) => {
      if (i > 0) y += t.op === stack[i - 1].op ? SIZE.subtaskGap : SIZE.operatorGap;
      tasks.set(t.id, {
        x,
        y,
        width: SIZE.taskWidth,
        height: t.height,
        column,
        inputYs: inputYs(t.op, t.inputs, t.height),
        outputYs: spreadOver(SIZE.header, t.height - SIZE.padding, outputsOf.get(t.id) ?? 0),
        compactInputs: t.inputs > SIZE.maxInputRows,
      });
      y += t.height;
    });
  });

  const width = Math.max(SIZE.jobManagerWidth, columns * SIZE.taskWidth + (columns - 1) * gap);
  const backendCellsPerLine = Math.max(
    1,
    Math.floor(
      (width + SIZE.leftGutter - SIZE.backendLabelWidth - 2 * SIZE.padding) /
        (SIZE.backendCellWidth + 4),
    ),
  );
  const lines = Math.ceil(topology.tasks.length / backendCellsPerLine);
  const backendCheckpoints = lines > 1 ? SIZE.backendCheckpointsWide : SIZE.backendCheckpoints;
  const layout: JobLayout = {
    tasks,
    jobManager: {
      x: (width - SIZE.jobManagerWidth) / 2,
      y: 0,
      width: SIZE.jobManagerWidth,
      height: SIZE.jobManagerHeight,
    },
    // The backend reaches under the lanes left of the first column, so fitting the nodes in
    // view also keeps the messages travelling there in view.
    backend: {
      x: -SIZE.leftGutter,
      y: top + tallest + SIZE.bandGap,
      width: width + SIZE.leftGutter,
      height:
        SIZE.backendHeaderHeight + backendCheckpoints * lines * SIZE.backendRow + SIZE.padding * 2,
    },
    backendCellsPerLine,
    backendCheckpoints,
    columns,
  };
  cache.set(scenario, layout);
  return layout;
}

const cache = new WeakMap<Scenario, JobLayout>();
