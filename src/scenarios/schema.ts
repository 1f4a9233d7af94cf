import { z } from 'zod';
import {
  EXPONENTIAL_DELAY_DEFAULTS,
  UNLIMITED_ATTEMPTS,
  estimateCost,
  type Scenario,
} from '../engine';
import { costProblem } from './budgetText';
import { DEFAULT_BACKEND, DEFAULT_CHECKPOINT_CONFIG, DEFAULT_RESTART } from './defaults';
import { REDUNDANT, scenarioErrorMap } from './schemaMessages';
import type { LocalText } from './text';

// zod compiles object parsers with `new Function` unless told not to, and probes for it first:
// under the app's Content-Security-Policy that probe alone is reported as a violation.
z.config({ jitless: true });

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
  .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/);
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
  z.strictObject({
    ...operatorBase,
    kind: z.literal('source'),
    input: z.union([z.array(value), z.array(z.array(value))]),
    period: count(1, 10_000).optional(),
  }),
  z.strictObject({ ...operatorBase, kind: z.literal('filter'), predicate: parity }),
  z.strictObject({
    ...operatorBase,
    kind: z.literal('map'),
    multiply: value.optional(),
    add: value.optional(),
  }),
  z.strictObject({
    ...operatorBase,
    kind: z.literal('sum'),
    accept: parity,
    keyBy: keySelector.optional(),
  }),
  z.strictObject({
    ...operatorBase,
    kind: z.literal('sink'),
    transactional: z.boolean().optional(),
    // Kafka's broker caps it at transaction.max.timeout.ms, 15 minutes by default.
    transactionTimeoutMs: z.number().int().min(100).max(900_000).optional(),
    transactionalIdPrefix: id.optional(),
    topic: id.optional(),
  }),
]);

const edge = z.strictObject({
  from: id,
  to: id,
  partitioning: z.enum(['forward', 'rebalance', 'hash', 'broadcast']),
  latency: z
    .union([count(1, 1000), z.array(count(1, 1000)).min(1).max(LIMITS.parallelism)])
    .optional(),
  capacity: count(1, 100_000).nullable().optional(),
  keyBy: keySelector.optional(),
});

const checkpoint = z.strictObject({
  mode: z.enum(['exactly-once', 'at-least-once', 'stop-the-world']).default('exactly-once'),
  intervalMs: z.number().int().min(10).max(86_400_000).nullable().default(null),
  timeoutMs: z.number().int().min(10).max(86_400_000).default(DEFAULT_CHECKPOINT_CONFIG.timeoutMs),
  minPauseMs: ms.default(0),
  maxConcurrent: count(1, 100).default(1),
  tolerableFailures: count(0, 1000).default(0),
  initialDelayMs: ms.optional(),
  // Removed in Flink 1.14: read from old links and files, never written by default.
  preferCheckpointForRecovery: z.boolean().optional(),
  history: count(1, 1000).optional(),
  retainedCheckpoints: count(1, 100).optional(),
  unaligned: z.boolean().optional(),
  alignedCheckpointTimeoutMs: ms.nullable().optional(),
  checkpointsAfterTasksFinish: z.boolean().optional(),
});

const restart = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('default') }),
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({ type: z.literal('fixed-delay'), attempts: count(0, 10_000), delayMs: ms }),
  z.strictObject({
    type: z.literal('failure-rate'),
    maxFailures: count(1, 10_000),
    intervalMs: z.number().int().min(1).max(86_400_000),
    delayMs: ms,
  }),
  z.strictObject({
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
  z.strictObject({ atTick: count(0, 1_000_000) }),
  z.strictObject({ task: z.string().max(60), offset: count(0, 1_000_000) }),
]);

const action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('checkpoint'), when: trigger }),
  z.strictObject({
    type: z.literal('savepoint'),
    when: trigger,
    name: text.optional(),
    stop: z.boolean().optional(),
    drain: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal('fail-task'),
    task: z.string().max(60),
    when: z.union([
      z.strictObject({ atTick: count(0, 1_000_000) }),
      z.strictObject({
        beforeValue: value,
        fromTask: z.string().max(60).optional(),
        afterTick: count(0, 1_000_000).optional(),
      }),
    ]),
  }),
  z.strictObject({
    type: z.literal('fail-backend-write'),
    checkpoint: count(1, 1_000_000),
    task: z.string().max(60).optional(),
  }),
  z.strictObject({
    type: z.literal('lose-ack'),
    checkpoint: count(1, 1_000_000),
    task: z.string().max(60),
  }),
  z.strictObject({
    type: z.literal('lose-commit-notification'),
    checkpoint: count(1, 1_000_000),
    task: z.string().max(60).optional(),
  }),
  z.strictObject({
    type: z.literal('delay-commit-notification'),
    checkpoint: count(1, 1_000_000),
    task: z.string().max(60).optional(),
    delayMs: ms,
  }),
  z.strictObject({
    type: z.literal('fail-sync-snapshot'),
    checkpoint: count(1, 1_000_000),
    task: z.string().max(60),
  }),
  z.strictObject({ type: z.literal('fail-checkpoint-metadata'), checkpoint: count(1, 1_000_000) }),
  z.strictObject({
    type: z.literal('fail-while-restarting'),
    task: z.string().max(60),
    when: z.strictObject({ atTick: count(0, 1_000_000) }),
  }),
  z.strictObject({
    type: z.literal('resume-from-checkpoint'),
    when: z.strictObject({ atTick: count(0, 1_000_000) }),
  }),
]);

export const scenarioSchema = z.strictObject({
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

const restoreFrom = z.strictObject({
  job: scenarioSchema,
  savepoint: z.union([text.min(1), count(1, 1_000_000)]),
  allowNonRestoredState: z.boolean().default(false),
});

/** Whether two types are the same type, not merely assignable one way (a type-level test). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// What the schema gives is exactly the engine's Scenario: a field added to one and not the other,
// or typed differently in each, makes this line a compile error, so a parsed scenario needs no cast.
const _schemaIsScenario: Same<z.output<typeof scenarioSchema>, Scenario> = true;

export type ScenarioParse =
  | { ok: true; scenario: Scenario }
  | {
      ok: false;
      /** Each problem as `field path: reason`, in English: for logs, the runner and tests. */
      errors: string[];
      /** The same problems in every language, each a sentence naming the field. */
      problems: LocalText[];
    };

function where(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)),
    '',
  );
}

/** A problem of the field at `path`: `path: reason` in each language. */
export function problemAt(path: string, reason: LocalText): LocalText {
  const field = path || 'scenario';
  return { en: `${field}: ${reason.en}`, zh: `${field}：${reason.zh}` };
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
function graphProblems(s: Scenario): LocalText[] {
  const problems: LocalText[] = [];
  const say = (path: string, en: string, zh: string) => problems.push(problemAt(path, { en, zh }));
  const ops = new Map(s.operators.map((op) => [op.id, op]));
  if (ops.size !== s.operators.length)
    say('operators', 'two operators share an id', '有两个算子的 id 相同');
  if (!s.operators.some((op) => op.kind === 'source'))
    say('operators', 'the job has no source', '作业没有 source');
  const tasks = s.operators.reduce((n, op) => n + op.parallelism, 0);
  if (tasks > LIMITS.tasks)
    say(
      'operators',
      `${tasks} subtasks, at most ${LIMITS.tasks}`,
      `共 ${tasks} 个子任务，上限为 ${LIMITS.tasks}`,
    );
  let values = 0;
  s.operators.forEach((op, i) => {
    if (op.kind !== 'source') return;
    const lists = op.input.length > 0 && Array.isArray(op.input[0]);
    if (lists && op.input.length !== op.parallelism) {
      say(
        `operators[${i}].input`,
        `one list per subtask (${op.parallelism}), got ${op.input.length}`,
        `每个子任务一个列表（${op.parallelism} 个），实际有 ${op.input.length} 个`,
      );
    }
    values += lists
      ? (op.input as number[][]).reduce((n, l) => n + l.length, 0)
      : op.input.length * op.parallelism;
  });
  if (values > LIMITS.inputValues)
    say(
      'operators',
      `${values} input values, at most ${LIMITS.inputValues}`,
      `共 ${values} 个输入值，上限为 ${LIMITS.inputValues}`,
    );
  const seen = new Set<string>();
  s.edges.forEach((e, i) => {
    const from = ops.get(e.from);
    const to = ops.get(e.to);
    if (!from)
      say(`edges[${i}].from`, `unknown operator "${e.from}"`, `没有名为 "${e.from}" 的算子`);
    if (!to) say(`edges[${i}].to`, `unknown operator "${e.to}"`, `没有名为 "${e.to}" 的算子`);
    if (!from || !to) return;
    if (to.kind === 'source')
      say(`edges[${i}].to`, `a source ("${e.to}") has no inputs`, `source（"${e.to}"）没有输入`);
    if (from.kind === 'sink')
      say(`edges[${i}].from`, `a sink ("${e.from}") has no outputs`, `sink（"${e.from}"）没有输出`);
    if (e.partitioning === 'forward' && from.parallelism !== to.parallelism) {
      say(
        `edges[${i}].partitioning`,
        `forward needs equal parallelism (${e.from} ${from.parallelism}, ${e.to} ${to.parallelism})`,
        `forward 要求两端并行度相同（${e.from} 为 ${from.parallelism}，${e.to} 为 ${to.parallelism}）`,
      );
    }
    const key = `${e.from}->${e.to}`;
    if (seen.has(key)) say(`edges[${i}]`, `a second edge ${key}`, `重复的边 ${key}`);
    seen.add(key);
  });
  for (const op of s.operators) {
    if (op.kind !== 'source' && !s.edges.some((e) => e.to === op.id)) {
      say('operators', `"${op.id}" has no input edge`, `"${op.id}" 没有输入边`);
    }
  }
  if (hasCycle(s)) say('edges', 'the job graph has a cycle', '作业图中有环');
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
      say(
        `actions[${i}].task`,
        `unknown task "${a.task}" (tasks are operator#subtask)`,
        `没有子任务 "${a.task}"（子任务写作 算子#序号）`,
      );
    }
    if ((a.type === 'checkpoint' || a.type === 'savepoint') && 'task' in a.when) {
      if (!sourceTasks.has(a.when.task)) {
        say(
          `actions[${i}].when.task`,
          `"${a.when.task}" is not a source subtask`,
          `"${a.when.task}" 不是 source 的子任务`,
        );
      }
    }
    if (a.type === 'fail-task' && 'fromTask' in a.when && a.when.fromTask !== undefined) {
      if (!sourceTasks.has(a.when.fromTask)) {
        say(
          `actions[${i}].when.fromTask`,
          `"${a.when.fromTask}" is not a source subtask`,
          `"${a.when.fromTask}" 不是 source 的子任务`,
        );
      }
    }
  });
  // Flink's execution.checkpointing.unaligned: "can only be enabled if ... max-concurrent-checkpoints is 1".
  if (s.checkpoint.unaligned === true && s.checkpoint.maxConcurrent > 1) {
    say(
      'checkpoint.maxConcurrent',
      `unaligned checkpoints need at most 1 concurrent checkpoint (Flink), not ${s.checkpoint.maxConcurrent}`,
      `非对齐检查点要求最大并发检查点数为 1（Flink 的规定），而不是 ${s.checkpoint.maxConcurrent}`,
    );
  }
  if (s.restart.type === 'exponential-delay' && s.restart.maxMs < s.restart.initialMs) {
    say('restart.maxMs', 'must not be below restart.initialMs', '不能小于 restart.initialMs');
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

const CHAIN_TOO_LONG = problemAt('restoreFrom', {
  en: `at most ${LIMITS.savepointChain} jobs in a chain of savepoints`,
  zh: `保存点链最多 ${LIMITS.savepointChain} 个作业`,
});

interface FoundIssue {
  path: PropertyKey[];
  message: string;
  code?: string;
  discriminator?: string;
  errors?: FoundIssue[][];
}

/**
 * The issues worth telling: a union none of whose forms matched speaks through the form that
 * came closest (the fewest issues), since "matches none of the forms" names nothing to change.
 */
function tellable(issue: FoundIssue): FoundIssue[] {
  if (issue.code !== 'invalid_union' || issue.discriminator !== undefined || !issue.errors) {
    return [issue];
  }
  const closest = issue.errors
    .filter((branch) => branch.length > 0)
    .sort((a, b) => a.length - b.length)[0];
  if (!closest) return [issue];
  return closest.flatMap((inner) => tellable({ ...inner, path: [...issue.path, ...inner.path] }));
}

function readMessage(message: string): LocalText {
  try {
    const text = JSON.parse(message) as Partial<LocalText>;
    if (typeof text.en === 'string' && typeof text.zh === 'string') {
      return { en: text.en, zh: text.zh };
    }
  } catch {
    // Not one of ours: zod's own text, kept as it is.
  }
  return { en: message, zh: message };
}

function refused(problems: LocalText[]): ScenarioParse {
  return { ok: false, errors: problems.map((p) => p.en), problems };
}

/**
 * Validates anything claiming to be a scenario (a file, a decoded link, a preset) and fills
 * in the defaults. Unknown keys are refused (a misspelt option would otherwise silently change
 * the run). Never throws: bad input gives sentences in each language that name the field, the
 * value and the limit it broke.
 */
export function parseScenario(input: unknown): ScenarioParse {
  if (savepointChainTooLong(input)) return refused([CHAIN_TOO_LONG]);
  const parsed = scenarioSchema.safeParse(input, { error: scenarioErrorMap, reportInput: false });
  if (!parsed.success) {
    // A misspelt key also leaves the key it meant missing: the misspelling is told first.
    const problems = (parsed.error.issues as FoundIssue[])
      .flatMap(tellable)
      .sort(
        (a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'),
      )
      .map((issue) => problemAt(where(issue.path), readMessage(issue.message)))
      .filter((problem) => !problem.en.endsWith(REDUNDANT))
      .slice(0, 10);
    return refused(problems);
  }
  const scenario: Scenario = parsed.data;
  const problems = graphProblems(scenario);
  let prefix = 'restoreFrom.job.';
  for (let job = scenario.restoreFrom?.job; job; job = job.restoreFrom?.job) {
    if (prefix.length > 'restoreFrom.job.'.length * LIMITS.savepointChain) {
      problems.push(CHAIN_TOO_LONG);
      break;
    }
    problems.push(...graphProblems(job).map((p) => ({ en: prefix + p.en, zh: prefix + p.zh })));
    prefix += 'restoreFrom.job.';
  }
  if (problems.length > 0) return refused(problems);
  // Only a job that can run is worth pricing; a restored job's own run is not simulated.
  const tooCostly = costProblem(estimateCost(scenario));
  return tooCostly ? refused([problemAt('scenario', tooCostly)]) : { ok: true, scenario };
}
