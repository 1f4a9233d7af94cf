import { z } from 'zod';
import { EXPONENTIAL_DELAY_DEFAULTS, UNLIMITED_ATTEMPTS, type Scenario } from '../engine';
import { DEFAULT_BACKEND, DEFAULT_CHECKPOINT_CONFIG, DEFAULT_RESTART } from './defaults';

/** Limits that keep a scenario from a file or a link small enough to simulate in a browser. */
export const LIMITS = {
  operators: 24,
  parallelism: 16,
  tasks: 128,
  inputValues: 200_000,
  actions: 200,
  textLength: 200,
  savepointChain: 4,
} as const;

const id = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'letters, digits, _ and - only, not starting with a digit');
const text = z.string().max(LIMITS.textLength);
const count = (min: number, max: number) => z.number().int().min(min).max(max);
const value = z.number().int().min(-1_000_000_000).max(1_000_000_000);
const ms = z.number().int().min(0).max(86_400_000);
const parity = z.enum(['even', 'odd', 'all']);
const keySelector = z.enum(['value', 'parity']);

const operatorBase = {
  id,
  name: text.optional(),
  uid: text.optional(),
  parallelism: count(1, LIMITS.parallelism),
  rate: count(1, 10_000).optional(),
  stateBytes: count(0, 1_000_000_000_000).optional(),
};

const operator = z.discriminatedUnion('kind', [
  z.object({
    ...operatorBase,
    kind: z.literal('source'),
    input: z.union([z.array(value), z.array(z.array(value))]),
    period: count(1, 10_000).optional(),
  }),
  z.object({ ...operatorBase, kind: z.literal('filter'), predicate: parity }),
  z.object({
    ...operatorBase,
    kind: z.literal('map'),
    multiply: value.optional(),
    add: value.optional(),
  }),
  z.object({
    ...operatorBase,
    kind: z.literal('sum'),
    accept: parity,
    keyBy: keySelector.optional(),
  }),
  z.object({ ...operatorBase, kind: z.literal('sink'), transactional: z.boolean().optional() }),
]);

const edge = z.object({
  from: id,
  to: id,
  partitioning: z.enum(['forward', 'rebalance', 'hash', 'broadcast']),
  latency: z
    .union([count(1, 1000), z.array(count(1, 1000)).min(1).max(LIMITS.parallelism)])
    .optional(),
  capacity: count(1, 100_000).nullable().optional(),
  keyBy: keySelector.optional(),
});

const checkpoint = z.object({
  mode: z.enum(['exactly-once', 'at-least-once', 'stop-the-world']).default('exactly-once'),
  intervalMs: z.number().int().min(10).max(86_400_000).nullable().default(null),
  timeoutMs: z.number().int().min(10).max(86_400_000).default(DEFAULT_CHECKPOINT_CONFIG.timeoutMs),
  minPauseMs: ms.default(0),
  maxConcurrent: count(1, 100).default(1),
  tolerableFailures: count(0, 1000).default(0),
  initialDelayMs: ms.optional(),
  // Removed in Flink 1.14: read from old links and files, never written by default.
  preferCheckpointForRecovery: z.boolean().optional(),
});

const restart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('default') }),
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('fixed-delay'), attempts: count(0, 10_000), delayMs: ms }),
  z.object({
    type: z.literal('failure-rate'),
    maxFailures: count(1, 10_000),
    intervalMs: z.number().int().min(1).max(86_400_000),
    delayMs: ms,
  }),
  z.object({
    type: z.literal('exponential-delay'),
    initialMs: z.number().int().min(1).max(86_400_000),
    maxMs: z.number().int().min(1).max(86_400_000),
    // Flink: "Backoff multiplier must be greater than 1".
    multiplier: z.number().gt(1).max(100),
    resetThresholdMs: z.number().int().min(1).max(86_400_000),
    jitter: z.number().min(0).max(1).default(EXPONENTIAL_DELAY_DEFAULTS.jitter),
    attempts: count(1, UNLIMITED_ATTEMPTS).default(UNLIMITED_ATTEMPTS),
  }),
]);

const trigger = z.union([
  z.object({ atTick: count(0, 1_000_000) }),
  z.object({ task: z.string().max(60), offset: count(0, 1_000_000) }),
]);

const action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('checkpoint'), when: trigger }),
  z.object({
    type: z.literal('savepoint'),
    when: trigger,
    name: text.optional(),
    stop: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('fail-task'),
    task: z.string().max(60),
    when: z.union([
      z.object({ atTick: count(0, 1_000_000) }),
      z.object({
        beforeValue: value,
        fromTask: z.string().max(60).optional(),
        afterTick: count(0, 1_000_000).optional(),
      }),
    ]),
  }),
  z.object({
    type: z.literal('fail-backend-write'),
    checkpoint: count(1, 1_000_000),
    task: z.string().max(60).optional(),
  }),
  z.object({
    type: z.literal('lose-ack'),
    checkpoint: count(1, 1_000_000),
    task: z.string().max(60),
  }),
  z.object({
    type: z.literal('fail-sync-snapshot'),
    checkpoint: count(1, 1_000_000),
    task: z.string().max(60),
  }),
  z.object({ type: z.literal('fail-checkpoint-metadata'), checkpoint: count(1, 1_000_000) }),
  z.object({
    type: z.literal('fail-while-restarting'),
    task: z.string().max(60),
    when: z.object({ atTick: count(0, 1_000_000) }),
  }),
]);

export const scenarioSchema = z.object({
  version: z.literal(1),
  id: id.default('custom'),
  title: text.default('Custom scenario'),
  tickMs: count(1, 60_000).default(100),
  seed: z.number().int().min(-2147483648).max(4294967295).default(1),
  operators: z.array(operator).min(1).max(LIMITS.operators),
  edges: z.array(edge).max(LIMITS.operators * LIMITS.operators),
  checkpoint: checkpoint.default(DEFAULT_CHECKPOINT_CONFIG),
  restart: restart.default(DEFAULT_RESTART),
  backend: z
    .object({ writeLatency: count(0, 10_000), bandwidth: count(1, 1_000_000_000_000) })
    .default(DEFAULT_BACKEND),
  controlLatency: count(1, 1000).default(1),
  actions: z.array(action).max(LIMITS.actions).default([]),
  jobVersion: text.optional(),
  // The job that took the savepoint is itself a scenario, so the schema refers to itself.
  get restoreFrom() {
    return restoreFrom.optional();
  },
});

const restoreFrom = z.object({
  job: scenarioSchema,
  savepoint: z.union([text.min(1), count(1, 1_000_000)]),
  allowNonRestoredState: z.boolean().default(false),
});

export type ScenarioParse = { ok: true; scenario: Scenario } | { ok: false; errors: string[] };

function where(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)),
    '',
  );
}

function hasCycle(scenario: Scenario): boolean {
  const next = new Map<string, string[]>();
  for (const e of scenario.edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (node: string): boolean => {
    const s = state.get(node);
    if (s === 'visiting') return true;
    if (s === 'done') return false;
    state.set(node, 'visiting');
    const cyclic = (next.get(node) ?? []).some(visit);
    state.set(node, 'done');
    return cyclic;
  };
  return scenario.operators.some((op) => visit(op.id));
}

/** What a well-typed scenario asks for that a job graph cannot be. */
function graphProblems(s: Scenario): string[] {
  const problems: string[] = [];
  const ops = new Map(s.operators.map((op) => [op.id, op]));
  if (ops.size !== s.operators.length) problems.push('operators: two operators share an id');
  if (!s.operators.some((op) => op.kind === 'source'))
    problems.push('operators: the job has no source');
  const tasks = s.operators.reduce((n, op) => n + op.parallelism, 0);
  if (tasks > LIMITS.tasks) problems.push(`operators: ${tasks} subtasks, at most ${LIMITS.tasks}`);
  let values = 0;
  s.operators.forEach((op, i) => {
    if (op.kind !== 'source') return;
    const lists = op.input.length > 0 && Array.isArray(op.input[0]);
    if (lists && op.input.length !== op.parallelism) {
      problems.push(
        `operators[${i}].input: one list per subtask (${op.parallelism}), got ${op.input.length}`,
      );
    }
    values += lists
      ? (op.input as number[][]).reduce((n, l) => n + l.length, 0)
      : op.input.length * op.parallelism;
  });
  if (values > LIMITS.inputValues)
    problems.push(`operators: ${values} input values, at most ${LIMITS.inputValues}`);
  const seen = new Set<string>();
  s.edges.forEach((e, i) => {
    const from = ops.get(e.from);
    const to = ops.get(e.to);
    if (!from) problems.push(`edges[${i}].from: unknown operator "${e.from}"`);
    if (!to) problems.push(`edges[${i}].to: unknown operator "${e.to}"`);
    if (!from || !to) return;
    if (to.kind === 'source') problems.push(`edges[${i}].to: a source ("${e.to}") has no inputs`);
    if (from.kind === 'sink')
      problems.push(`edges[${i}].from: a sink ("${e.from}") has no outputs`);
    if (e.partitioning === 'forward' && from.parallelism !== to.parallelism) {
      problems.push(
        `edges[${i}].partitioning: forward needs equal parallelism (${e.from} ${from.parallelism}, ${e.to} ${to.parallelism})`,
      );
    }
    const key = `${e.from}->${e.to}`;
    if (seen.has(key)) problems.push(`edges[${i}]: a second edge ${key}`);
    seen.add(key);
  });
  for (const op of s.operators) {
    if (op.kind !== 'source' && !s.edges.some((e) => e.to === op.id)) {
      problems.push(`operators: "${op.id}" has no input edge`);
    }
  }
  if (hasCycle(s)) problems.push('edges: the job graph has a cycle');
  const taskIds = new Set(
    s.operators.flatMap((op) => Array.from({ length: op.parallelism }, (_, k) => `${op.id}#${k}`)),
  );
  const sourceTasks = new Set(
    s.operators
      .filter((op) => op.kind === 'source')
      .flatMap((op) => Array.from({ length: op.parallelism }, (_, k) => `${op.id}#${k}`)),
  );
  s.actions.forEach((a, i) => {
    if ('task' in a && a.task !== undefined && !taskIds.has(a.task)) {
      problems.push(`actions[${i}].task: unknown task "${a.task}" (tasks are operator#subtask)`);
    }
    if ((a.type === 'checkpoint' || a.type === 'savepoint') && 'task' in a.when) {
      if (!sourceTasks.has(a.when.task)) {
        problems.push(`actions[${i}].when.task: "${a.when.task}" is not a source subtask`);
      }
    }
    if (a.type === 'fail-task' && 'fromTask' in a.when && a.when.fromTask !== undefined) {
      if (!sourceTasks.has(a.when.fromTask)) {
        problems.push(`actions[${i}].when.fromTask: "${a.when.fromTask}" is not a source subtask`);
      }
    }
  });
  if (s.restart.type === 'exponential-delay' && s.restart.maxMs < s.restart.initialMs) {
    problems.push('restart.maxMs: must not be below restart.initialMs');
  }
  return problems;
}

/**
 * Whether raw input chains more savepoint restores than allowed, counted without recursion and
 * before the schema sees it: the schema refers to itself there, so a chain thousands deep would
 * overflow the stack first (and a cyclic object would never end).
 */
function savepointChainTooLong(input: unknown): boolean {
  const next = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return undefined;
    const restore = (value as { restoreFrom?: unknown }).restoreFrom;
    if (typeof restore !== 'object' || restore === null) return undefined;
    return (restore as { job?: unknown }).job ?? undefined;
  };
  let links = 0;
  for (let job = next(input); job !== undefined; job = next(job)) {
    if (++links > LIMITS.savepointChain) return true;
  }
  return false;
}

/**
 * Validates anything claiming to be a scenario (a file, a decoded link, a preset) and fills
 * in the defaults. Never throws: bad input gives messages that name the field and the reason.
 */
export function parseScenario(input: unknown): ScenarioParse {
  if (savepointChainTooLong(input)) {
    return {
      ok: false,
      errors: [`restoreFrom: at most ${LIMITS.savepointChain} jobs in a chain of savepoints`],
    };
  }
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues
        .slice(0, 10)
        .map((issue) => `${where(issue.path) || 'scenario'}: ${issue.message}`),
    };
  }
  const scenario = parsed.data as Scenario;
  const problems = graphProblems(scenario);
  let prefix = 'restoreFrom.job.';
  for (let job = scenario.restoreFrom?.job; job; job = job.restoreFrom?.job) {
    if (prefix.length > 'restoreFrom.job.'.length * LIMITS.savepointChain) {
      problems.push(`restoreFrom: at most ${LIMITS.savepointChain} jobs in a chain of savepoints`);
      break;
    }
    problems.push(...graphProblems(job).map((p) => prefix + p));
    prefix += 'restoreFrom.job.';
  }
  return problems.length > 0 ? { ok: false, errors: problems } : { ok: true, scenario };
}
