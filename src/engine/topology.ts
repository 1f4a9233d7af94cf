import type { EdgeSpec, KeySelector, OperatorKind, OperatorSpec, Scenario } from './types';

/**
 * The capacity of a channel whose edge sets none, in elements: Flink's network buffers bound
 * every channel, so backpressure, not memory, stops a fast sender. Far above what any lesson
 * holds in one channel (four), so no lesson's numbers depend on it.
 */
export const DEFAULT_CHANNEL_CAPACITY = 64;

export interface TaskInfo {
  index: number;
  /** `operator#subtask`. */
  id: string;
  operator: OperatorSpec;
  /**
   * The operator's kind, rate and declared snapshot size, read once per element or snapshot:
   * read here, they are loads from one shape, where the specs of the kinds have a shape each.
   */
  kind: OperatorKind;
  rate: number | null;
  stateBytes: number | null;
  subtask: number;
  /** Channel indexes feeding this task, in input order. */
  inputs: number[];
  /** Per outgoing edge: the edge and its channels, indexed by downstream subtask. */
  outputs: { edge: EdgeSpec; channels: number[] }[];
  /** Output channels with a capacity: the only ones a record can find full. */
  limited: number[];
}

export interface ChannelInfo {
  index: number;
  /** `from->to`, task ids. */
  id: string;
  edge: EdgeSpec;
  from: number;
  to: number;
  /** Position of this channel among the receiver's inputs. */
  input: number;
  latency: number;
  capacity: number | null;
}

/** The physical graph: subtasks and the channels between them. */
export interface Topology {
  tasks: TaskInfo[];
  channels: ChannelInfo[];
  taskIndex: Map<string, number>;
  sources: number[];
  /** Sink subtasks: the only ones that hold transactions. */
  sinks: number[];
}

function latencyOf(edge: EdgeSpec, sender: number): number {
  const latency = Array.isArray(edge.latency)
    ? edge.latency[Math.min(sender, edge.latency.length - 1)]
    : edge.latency;
  return Math.max(1, Math.floor(latency ?? 1));
}

const cache = new WeakMap<Scenario, Topology>();

/** How many entries of a table by task index are set: its length counts every task. */
export function countDefined(table: readonly unknown[]): number {
  let n = 0;
  for (let i = 0; i < table.length; i++) if (table[i] !== null) n++;
  return n;
}

/** The entries of a table by task index that are set, in task order. */
export function definedValues<T>(table: readonly (T | null)[]): T[] {
  const values: T[] = [];
  for (let i = 0; i < table.length; i++) {
    const v = table[i];
    if (v !== null) values.push(v);
  }
  return values;
}

export function taskId(operator: string, subtask: number): string {
  return `${operator}#${subtask}`;
}

/**
 * Expands the logical job graph into subtasks and channels. Pure; memoised per scenario object
 * because a scenario never changes once a run starts.
 */
export function topologyOf(scenario: Scenario): Topology {
  const cached = cache.get(scenario);
  if (cached) return cached;

  const tasks: TaskInfo[] = [];
  const firstTask = new Map<string, number>();
  for (const operator of scenario.operators) {
    firstTask.set(operator.id, tasks.length);
    for (let subtask = 0; subtask < operator.parallelism; subtask++) {
      tasks.push({
        index: tasks.length,
        id: taskId(operator.id, subtask),
        operator,
        kind: operator.kind,
        rate: operator.rate ?? null,
        stateBytes: operator.stateBytes ?? null,
        subtask,
        inputs: [],
        outputs: [],
        limited: [],
      });
    }
  }

  const channels: ChannelInfo[] = [];
  const byId = new Map(scenario.operators.map((op) => [op.id, op]));
  for (const edge of scenario.edges) {
    const from = byId.get(edge.from);
    const to = byId.get(edge.to);
    if (!from || !to) throw new Error(`edge ${edge.from} -> ${edge.to} names an unknown operator`);
    // Unset means Flink's bounded network buffers; only an explicit null is unbounded.
    const capacity = edge.capacity === undefined ? DEFAULT_CHANNEL_CAPACITY : edge.capacity;
    const fromBase = firstTask.get(from.id)!;
    const toBase = firstTask.get(to.id)!;
    for (let u = 0; u < from.parallelism; u++) {
      const sender = tasks[fromBase + u];
      const out: number[] = [];
      for (let d = 0; d < to.parallelism; d++) {
        // A forward edge connects subtask i to subtask i only; every other pattern is all-to-all.
        if (edge.partitioning === 'forward' && d !== u) continue;
        const receiver = tasks[toBase + d];
        const index = channels.length;
        channels.push({
          index,
          id: `${sender.id}->${receiver.id}`,
          edge,
          from: sender.index,
          to: receiver.index,
          input: receiver.inputs.length,
          latency: latencyOf(edge, u),
          capacity,
        });
        receiver.inputs.push(index);
        if (capacity !== null) sender.limited.push(index);
        out[d] = index;
      }
      sender.outputs.push({ edge, channels: out });
    }
  }

  const topology: Topology = {
    tasks,
    channels,
    taskIndex: new Map(tasks.map((t) => [t.id, t.index])),
    sources: tasks.filter((t) => t.operator.kind === 'source').map((t) => t.index),
    sinks: tasks.filter((t) => t.operator.kind === 'sink').map((t) => t.index),
  };
  cache.set(scenario, topology);
  return topology;
}

/** The input a source subtask reads. */
export function sourceInput(task: TaskInfo): number[] {
  const op = task.operator;
  if (op.kind !== 'source') return [];
  const input = op.input;
  if (input.length > 0 && Array.isArray(input[0])) {
    return (input as number[][])[task.subtask] ?? [];
  }
  return input as number[];
}

/** The key a record has under a key selector: its value, or "even" / "odd". */
export function keyOf(selector: KeySelector, value: number): string {
  if (selector === 'value') return String(value);
  return Math.abs(value) % 2 === 0 ? 'even' : 'odd';
}

/**
 * The subtask that owns a key among `parallelism` subtasks. Hash partitioning routes a record by
 * it and a rescaled restore moves keyed state by it, so a key's state lands where its records go.
 */
export function subtaskForKey(key: string, parallelism: number): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return Math.abs(h) % parallelism;
}

/**
 * `subtaskForKey(keyOf('value', value), parallelism)`, without making the key's string: hash
 * partitioning routes every record it carries by its value. The string hash is a sum of each
 * character times a power of 31 (mod 2^32), so the digits can be added from the last one up.
 * Other than safe integers (fractions, huge values) go through the string.
 */
export function subtaskForValue(value: number, parallelism: number): number {
  if (!Number.isSafeInteger(value)) return subtaskForKey(String(value), parallelism);
  let rest = value < 0 ? -value : value;
  let h = 0;
  let power = 1;
  do {
    const digit = rest % 10;
    h = (h + Math.imul(48 + digit, power)) | 0;
    power = Math.imul(power, 31);
    rest = (rest - digit) / 10;
  } while (rest > 0);
  // The minus sign comes first in the string: its power is the highest.
  if (value < 0) h = (h + Math.imul(45, power)) | 0;
  return Math.abs(h) % parallelism;
}

/** Ticks in one simulated second (at least one): the window of Flink's per-second task figures. */
export function ticksPerSecond(scenario: Scenario): number {
  return Math.max(1, Math.ceil(1000 / scenario.tickMs));
}
