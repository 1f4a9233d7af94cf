import { UNLIMITED_ATTEMPTS } from '../../src/engine';
/**
 * fast-check arbitraries for random valid scenarios: job graphs, checkpoint configurations,
 * restart strategies and failure schedules. Every value they produce passes `parseScenario`.
 *
 * Each arbitrary draws a plan of plain numbers and then builds the scenario from it, so that
 * shrinking a plan (fewer layers, smaller parallelism, shorter inputs, fewer failures) always
 * gives another valid scenario: references to operators and tasks are taken modulo what exists.
 */
import fc from 'fast-check';
import type {
  BackendConfig,
  CheckpointConfig,
  EdgeSpec,
  KeySelector,
  Mode,
  OperatorSpec,
  Parity,
  Partitioning,
  RestartStrategy,
  Scenario,
  ScenarioAction,
} from '../../src/engine';

export const MODES: readonly Mode[] = ['exactly-once', 'at-least-once', 'stop-the-world'];

/** A job graph: operators and the edges between them. */
export interface JobGraph {
  operators: OperatorSpec[];
  edges: EdgeSpec[];
}

export interface ScenarioOptions {
  /** The checkpointing modes to draw from (all three by default). */
  modes?: readonly Mode[];
  /** Scheduled failures: task failures, backend write failures, lost acks (on by default). */
  failures?: boolean;
  /**
   * Savepoints with `stop`, which end the job early (off by default: a stopped job cannot be
   * compared with the failure-free run of the same scenario, which stops at another point).
   */
  stopWithSavepoint?: boolean;
  /** Savepoints at all (on by default). */
  savepoints?: boolean;
  /**
   * Checkpoint timeouts short enough to expire checkpoints that are merely slow, besides timeouts
   * (2 to 6 s) that mostly only a lost ack reaches (on by default). Off: 5 to 15 s, which only a
   * lost ack or a checkpoint no task will finish reaches, and still well within a run.
   */
  shortTimeouts?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Plans: what the arbitraries draw

/** Mostly small values, so parities, keys and sums repeat; sometimes larger, so some are unique. */
const smallValue = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -3, max: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: -20, max: 60 }) },
);
/** Small parallelism most of the time, up to `max` sometimes, so runs stay short. */
const parallelismUpTo = (max: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 2 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max }) },
  );

const latencyPlan = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }) },
  {
    weight: 2,
    arbitrary: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 8 }),
  },
);

const edgePlan = fc.record({
  /** Which upstream candidate, modulo the candidates there are. */
  from: fc.nat({ max: 7 }),
  partitioning: fc.constantFrom<Partitioning>('forward', 'rebalance', 'hash', 'broadcast'),
  keyBy: fc.option(fc.constantFrom<KeySelector>('value', 'parity'), { nil: undefined }),
  latency: latencyPlan,
  capacity: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 4 }) },
  ),
});

const sourcePlan = fc.record({
  /** One list shared by every subtask (parallelism drawn apart), or one list per subtask. */
  shared: fc.boolean(),
  lists: fc.array(fc.array(smallValue, { maxLength: 8 }), { minLength: 1, maxLength: 8 }),
  parallelism: parallelismUpTo(8),
  rate: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  period: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
});

type OperatorKindPlan = 'filter' | 'map' | 'sum' | 'sink';

const operatorPlan = fc.record({
  kind: fc.oneof(
    { weight: 2, arbitrary: fc.constant<OperatorKindPlan>('filter') },
    { weight: 2, arbitrary: fc.constant<OperatorKindPlan>('map') },
    { weight: 3, arbitrary: fc.constant<OperatorKindPlan>('sum') },
    { weight: 3, arbitrary: fc.constant<OperatorKindPlan>('sink') },
  ),
  /** null: the parallelism of its first input, so forward edges are common. */
  parallelism: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  inputs: fc.array(edgePlan, { minLength: 1, maxLength: 2 }),
  rate: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
  parity: fc.constantFrom<Parity>('even', 'odd', 'all'),
  multiply: fc.option(fc.integer({ min: -2, max: 3 }), { nil: undefined }),
  add: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
  keyBy: fc.option(fc.constantFrom<KeySelector>('value', 'parity'), { nil: undefined }),
  transactional: fc.boolean(),
  stateBytes: fc.option(fc.integer({ min: 0, max: 64 }), { nil: undefined, freq: 4 }),
});

export type SourcePlan = typeof sourcePlan extends fc.Arbitrary<infer T> ? T : never;
export type OperatorPlan = typeof operatorPlan extends fc.Arbitrary<infer T> ? T : never;

export interface GraphPlan {
  sources: SourcePlan[];
  /** 1..4 layers of operators after the sources; an operator reads from earlier layers. */
  layers: OperatorPlan[][];
}

export const graphPlanArb: fc.Arbitrary<GraphPlan> = fc.record({
  sources: fc.array(sourcePlan, { minLength: 1, maxLength: 2 }),
  layers: fc.array(fc.array(operatorPlan, { minLength: 1, maxLength: 2 }), {
    minLength: 1,
    maxLength: 4,
  }),
});

// ---------------------------------------------------------------------------------------------
// Building a job graph from its plan

interface Built {
  spec: OperatorSpec;
  /**
   * The values this operator emits depend on the order it processed records in (a running sum,
   * or a map of one). Order changes with timing, so after a replay they differ from the
   * failure-free run: only operators indifferent to the value (maps, sinks) may read them.
   */
  orderDependent: boolean;
}

/**
 * The job graph of a plan. Filters and sums only read order-independent values, so whatever a
 * sum adds or a filter lets through is a function of the source records alone, and what every
 * record contributes to every operator can be computed from the graph (see tests/property).
 */
export function buildGraph(plan: GraphPlan): JobGraph {
  const built: Built[] = [];
  const edges: EdgeSpec[] = [];
  plan.sources.forEach((s, k) => {
    const parallelism = s.shared ? s.parallelism : s.lists.length;
    built.push({
      spec: {
        id: `src${k}`,
        kind: 'source',
        parallelism,
        input: s.shared ? s.lists[0] : s.lists,
        ...(s.rate !== undefined ? { rate: s.rate } : {}),
        ...(s.period !== undefined ? { period: s.period } : {}),
      },
      orderDependent: false,
    });
  });
  let n = 0;
  for (const layer of plan.layers) {
    const upstream = built.filter((b) => b.spec.kind !== 'sink');
    for (const op of layer) {
      const readsAnything = op.kind === 'map' || op.kind === 'sink';
      const candidates = upstream.filter((b) => readsAnything || !b.orderDependent);
      const chosen = new Map<string, (typeof op.inputs)[number]>();
      for (const input of op.inputs) {
        const from = candidates[input.from % candidates.length];
        if (!chosen.has(from.spec.id)) chosen.set(from.spec.id, input);
      }
      const inputs = [...chosen.entries()].map(([id, e]) => ({
        from: built.find((b) => b.spec.id === id)!,
        edge: e,
      }));
      const parallelism = op.parallelism ?? inputs[0].from.spec.parallelism;
      const id = `${op.kind}${n++}`;
      const base = {
        id,
        parallelism,
        ...(op.rate !== undefined ? { rate: op.rate } : {}),
        ...(op.stateBytes !== undefined ? { stateBytes: op.stateBytes } : {}),
      };
      let spec: OperatorSpec;
      switch (op.kind) {
        case 'filter':
          spec = { ...base, kind: 'filter', predicate: op.parity };
          break;
        case 'map':
          spec = {
            ...base,
            kind: 'map',
            ...(op.multiply !== undefined ? { multiply: op.multiply } : {}),
            ...(op.add !== undefined ? { add: op.add } : {}),
          };
          break;
        case 'sum':
          spec = {
            ...base,
            kind: 'sum',
            accept: op.parity,
            ...(op.keyBy ? { keyBy: op.keyBy } : {}),
          };
          break;
        case 'sink':
          spec = { ...base, kind: 'sink', ...(op.transactional ? { transactional: true } : {}) };
          break;
      }
      for (const { from, edge } of inputs) {
        const forwardFits = from.spec.parallelism === parallelism;
        const partitioning =
          edge.partitioning === 'forward' && !forwardFits ? 'rebalance' : edge.partitioning;
        const latency = Array.isArray(edge.latency)
          ? edge.latency.slice(0, from.spec.parallelism)
          : edge.latency;
        edges.push({
          from: from.spec.id,
          to: id,
          partitioning,
          ...(latency !== undefined ? { latency } : {}),
          ...(edge.capacity !== undefined ? { capacity: edge.capacity } : {}),
          ...(partitioning === 'hash' && edge.keyBy ? { keyBy: edge.keyBy } : {}),
        });
      }
      const orderDependent =
        op.kind === 'sum' || (op.kind === 'map' && inputs.some((i) => i.from.orderDependent));
      built.push({ spec, orderDependent });
    }
  }
  return { operators: built.map((b) => b.spec), edges };
}

export const jobGraphArb: fc.Arbitrary<JobGraph> = graphPlanArb.map(buildGraph);

/** Task ids of an operator: `operator#subtask`. */
export function taskIdsOf(op: OperatorSpec): string[] {
  return Array.from({ length: op.parallelism }, (_, k) => `${op.id}#${k}`);
}

/**
 * The values an operator may receive, as far as they follow from the inputs (for failures);
 * `late`: only from the second half of each source's input, so a failure strikes late in a run.
 */
function valuesSeenBy(graph: JobGraph, late: boolean): Map<string, number[]> {
  const out = new Map<string, Set<number>>();
  const seen = new Map<string, number[]>();
  for (const op of graph.operators) {
    const received = new Set<number>();
    if (op.kind === 'source') {
      const lists = op.input.length > 0 && Array.isArray(op.input[0]) ? op.input : [op.input];
      for (const list of lists as number[][]) {
        for (const v of late ? list.slice(Math.floor(list.length / 2)) : list) received.add(v);
      }
    } else {
      for (const e of graph.edges.filter((x) => x.to === op.id)) {
        for (const v of out.get(e.from) ?? []) received.add(v);
      }
    }
    seen.set(
      op.id,
      [...received].sort((a, b) => a - b),
    );
    const emitted = new Set<number>();
    for (const v of received) {
      if (op.kind === 'filter') {
        if (op.predicate === 'all' || (op.predicate === 'even') === (v % 2 === 0)) emitted.add(v);
      } else if (op.kind === 'map') emitted.add(v * (op.multiply ?? 1) + (op.add ?? 0));
      else if (op.kind === 'source') emitted.add(v);
    }
    out.set(op.id, emitted);
  }
  return seen;
}

// ---------------------------------------------------------------------------------------------
// Configuration

export function checkpointConfigArb(
  modes: readonly Mode[] = MODES,
  shortTimeouts = true,
): fc.Arbitrary<CheckpointConfig> {
  return checkpointFields(modes, shortTimeouts);
}

function checkpointFields(modes: readonly Mode[], shortTimeouts: boolean) {
  return fc.record({
    mode: fc.constantFrom(...modes),
    intervalMs: fc.option(
      fc
        .oneof(
          { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 12 }) },
        )
        .map((t) => t * 100),
      { nil: null, freq: 8 },
    ),
    timeoutMs: shortTimeouts
      ? fc.oneof(
          { weight: 7, arbitrary: fc.integer({ min: 2_000, max: 6_000 }) },
          { weight: 1, arbitrary: fc.integer({ min: 100, max: 1_000 }) },
        )
      : fc.integer({ min: 5_000, max: 15_000 }),
    minPauseMs: fc.oneof(
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 600 }) },
    ),
    maxConcurrent: fc.integer({ min: 1, max: 3 }),
    tolerableFailures: fc.integer({ min: 0, max: 3 }),
    preferCheckpointForRecovery: fc.boolean(),
  });
}

export const restartStrategyArb: fc.Arbitrary<RestartStrategy> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<RestartStrategy>({ type: 'none' }) },
  { weight: 1, arbitrary: fc.constant<RestartStrategy>({ type: 'default' }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('fixed-delay' as const),
      attempts: fc.integer({ min: 0, max: 5 }),
      delayMs: fc.integer({ min: 0, max: 600 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('failure-rate' as const),
      maxFailures: fc.integer({ min: 1, max: 4 }),
      intervalMs: fc.integer({ min: 100, max: 5_000 }),
      delayMs: fc.integer({ min: 0, max: 600 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        initialMs: fc.integer({ min: 50, max: 400 }),
        extraMs: fc.integer({ min: 0, max: 600 }),
        // Flink: greater than 1.
        multiplier: fc.constantFrom(1.1, 1.5, 2, 3),
        resetThresholdMs: fc.integer({ min: 100, max: 5_000 }),
        jitter: fc.constantFrom(0, 0.1, 0.5),
        attempts: fc.constantFrom(UNLIMITED_ATTEMPTS, 1, 3),
      })
      .map(({ initialMs, extraMs, ...rest }): RestartStrategy => ({
        type: 'exponential-delay',
        initialMs,
        maxMs: initialMs + extraMs,
        ...rest,
      })),
  },
);

export const backendArb: fc.Arbitrary<BackendConfig> = fc.record({
  writeLatency: fc.integer({ min: 0, max: 3 }),
  bandwidth: fc.constantFrom(16, 64, 1_000_000),
});

// ---------------------------------------------------------------------------------------------
// Failure schedules and scheduled checkpoints

const failurePlan = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('fail-at-tick' as const),
      // Unbiased: fast-check favours the bounds, which would put most failures at tick 6 or 1.
      tick: fc.oneof(
        { weight: 3, arbitrary: fc.noBias(fc.integer({ min: 10, max: 35 })) },
        { weight: 1, arbitrary: fc.noBias(fc.integer({ min: 1, max: 60 })) },
      ),
      task: fc.nat(),
    }),
  },
  {
    // Around the k-th periodic trigger: the trigger, the barriers and the writes are under way.
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('fail-while-snapshotting' as const),
      k: fc.noBias(fc.integer({ min: 1, max: 3 })),
      delta: fc.noBias(fc.integer({ min: 0, max: 8 })),
      task: fc.nat(),
    }),
  },
  {
    // Shortly after the previous failure: while the job is RESTARTING, or just restored.
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('fail-while-restarting' as const),
      delta: fc.noBias(fc.integer({ min: 1, max: 6 })),
      task: fc.nat(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('fail-before-value' as const),
      value: fc.nat(),
      task: fc.nat(),
      fromTask: fc.option(fc.nat(), { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('fail-backend-write' as const),
      checkpoint: fc.integer({ min: 1, max: 3 }),
      task: fc.option(fc.nat(), { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('lose-ack' as const),
      checkpoint: fc.integer({ min: 1, max: 3 }),
      task: fc.nat(),
    }),
  },
);

export type FailurePlan = typeof failurePlan extends fc.Arbitrary<infer T> ? T : never;

const triggerPlan = fc.record({
  savepoint: fc.boolean(),
  stop: fc.boolean(),
  byOffset: fc.boolean(),
  tick: fc.integer({ min: 1, max: 12 }),
  task: fc.nat(),
  offset: fc.integer({ min: 0, max: 3 }),
});

export type TriggerPlan = typeof triggerPlan extends fc.Arbitrary<infer T> ? T : never;

export const failurePlansArb = fc.array(failurePlan, { maxLength: 4 });
export const triggerPlansArb = fc.array(triggerPlan, { maxLength: 2 });

/** The scenario actions of failure plans, against the tasks of a graph. */
export function buildFailures(
  plans: readonly FailurePlan[],
  graph: JobGraph,
  config: { intervalMs: number | null; tickMs: number },
): ScenarioAction[] {
  const tasks = graph.operators.flatMap(taskIdsOf);
  const operatorTasks = graph.operators.filter((o) => o.kind !== 'source').flatMap(taskIdsOf);
  const sourceTasks = graph.operators.filter((o) => o.kind === 'source').flatMap(taskIdsOf);
  const seen = valuesSeenBy(graph, false);
  const seenLate = valuesSeenBy(graph, true);
  const intervalTicks = Math.ceil((config.intervalMs ?? 500) / config.tickMs);
  const actions: ScenarioAction[] = [];
  let lastTick = 0;
  for (const p of plans) {
    switch (p.type) {
      case 'fail-at-tick':
      case 'fail-while-snapshotting':
      case 'fail-while-restarting': {
        const tick =
          p.type === 'fail-at-tick'
            ? p.tick
            : p.type === 'fail-while-snapshotting'
              ? p.k * intervalTicks + p.delta
              : lastTick > 0
                ? lastTick + p.delta
                : 10 + 3 * p.delta;
        lastTick = tick;
        actions.push({
          type: 'fail-task',
          task: tasks[p.task % tasks.length],
          when: { atTick: tick },
        });
        break;
      }
      case 'fail-before-value': {
        const task = operatorTasks[p.task % operatorTasks.length];
        const late = seenLate.get(task.split('#')[0]) ?? [];
        const values = late.length > 0 ? late : (seen.get(task.split('#')[0]) ?? []);
        const value = values.length > 0 ? values[p.value % values.length] : p.value % 10;
        const fromTask =
          p.fromTask === undefined ? undefined : sourceTasks[p.fromTask % sourceTasks.length];
        actions.push({
          type: 'fail-task',
          task,
          when: fromTask === undefined ? { beforeValue: value } : { beforeValue: value, fromTask },
        });
        break;
      }
      case 'fail-backend-write':
        actions.push({
          type: 'fail-backend-write',
          checkpoint: p.checkpoint,
          ...(p.task !== undefined ? { task: tasks[p.task % tasks.length] } : {}),
        });
        break;
      case 'lose-ack':
        actions.push({
          type: 'lose-ack',
          checkpoint: p.checkpoint,
          task: tasks[p.task % tasks.length],
        });
        break;
    }
  }
  return actions;
}

/** Scheduled checkpoints and savepoints, by tick or by a source subtask's offset. */
export function buildTriggers(
  plans: readonly TriggerPlan[],
  graph: JobGraph,
  options: { savepoints: boolean; stopWithSavepoint: boolean },
): ScenarioAction[] {
  const sourceTasks = graph.operators.filter((o) => o.kind === 'source').flatMap(taskIdsOf);
  return plans.map((p): ScenarioAction => {
    const when = p.byOffset
      ? { task: sourceTasks[p.task % sourceTasks.length], offset: p.offset }
      : { atTick: p.tick };
    if (!options.savepoints || !p.savepoint) return { type: 'checkpoint', when };
    return options.stopWithSavepoint && p.stop
      ? { type: 'savepoint', when, stop: true }
      : { type: 'savepoint', when };
  });
}

// ---------------------------------------------------------------------------------------------
// Whole scenarios

/** A random valid scenario: job graph, configuration, scheduled checkpoints and failures. */
export function scenarioArb(options: ScenarioOptions = {}): fc.Arbitrary<Scenario> {
  const {
    modes = MODES,
    failures = true,
    stopWithSavepoint = false,
    savepoints = true,
    shortTimeouts = true,
  } = options;
  return fc
    .record({
      graph: graphPlanArb,
      tickMs: fc.constantFrom(100, 100, 50, 200),
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      checkpoint: checkpointConfigArb(modes, shortTimeouts),
      restart: restartStrategyArb,
      backend: backendArb,
      controlLatency: fc.integer({ min: 1, max: 3 }),
      triggers: triggerPlansArb,
      failures: failures ? failurePlansArb : fc.constant([]),
    })
    .map((p): Scenario => {
      const graph = buildGraph(p.graph);
      // Times are drawn for 100 ms ticks and scaled, so that runs take as many ticks whatever
      // the tick length; restart delays are not, so that they still vary in ticks.
      const scale = (ms: number) => Math.round((ms * p.tickMs) / 100);
      const checkpoint = {
        ...p.checkpoint,
        intervalMs: p.checkpoint.intervalMs === null ? null : scale(p.checkpoint.intervalMs),
        timeoutMs: scale(p.checkpoint.timeoutMs),
        minPauseMs: scale(p.checkpoint.minPauseMs),
      };
      return {
        version: 1,
        id: 'random',
        title: 'Random scenario',
        tickMs: p.tickMs,
        seed: p.seed,
        operators: graph.operators,
        edges: graph.edges,
        checkpoint,
        restart: p.restart,
        backend: p.backend,
        controlLatency: p.controlLatency,
        actions: [
          ...buildTriggers(p.triggers, graph, { savepoints, stopWithSavepoint }),
          ...buildFailures(p.failures, graph, {
            intervalMs: checkpoint.intervalMs,
            tickMs: p.tickMs,
          }),
        ],
      };
    });
}
