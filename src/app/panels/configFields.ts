import {
  DEFAULT_CHANNEL_CAPACITY,
  DEFAULT_OPERATOR_RATE,
  type EdgeSpec,
  type Mode,
  type OperatorSpec,
  type RestartStrategy,
  type Scenario,
} from '../../engine';
import { parseScenario } from '../../scenarios/schema';
import { isolated } from '../../scenarios/text';
import type { LocalText } from '../i18n';

/** A numeric option: how to read it from a scenario and how to write it into a copy. */
export interface NumberField {
  /** Unique key, also the schema path its errors are reported under. */
  path: string;
  label: LocalText;
  /** The Flink name of the option, shown as code. */
  flink: string | null;
  help: LocalText;
  /** A symbol every language writes alike (`ms`, `B`, `×`), or a word in each language. */
  unit: string | LocalText | null;
  /** Empty input means "not set" (null). */
  optional?: boolean;
  get: (s: Scenario) => number | null;
  set: (s: Scenario, value: number | null) => Scenario;
}

const checkpoint =
  (key: 'timeoutMs' | 'maxConcurrent' | 'minPauseMs' | 'tolerableFailures') =>
  (s: Scenario, value: number | null): Scenario => ({
    ...s,
    checkpoint: { ...s.checkpoint, [key]: value },
  });

export const MODES: { mode: Mode; flink: string; label: LocalText; help: LocalText }[] = [
  {
    mode: 'exactly-once',
    flink: 'EXACTLY_ONCE',
    label: { en: 'Exactly once (aligned)', zh: '精确一次（对齐）' },
    help: {
      en: 'A task waits for barrier N on every input before it snapshots, so after a recovery every record counts once.',
      zh: '任务等所有输入的分界线 N 都到达（对齐）后才做快照，恢复后每条记录只计算一次。',
    },
  },
  {
    mode: 'at-least-once',
    flink: 'AT_LEAST_ONCE',
    label: { en: 'At least once', zh: '至少一次' },
    help: {
      en: 'Nothing waits for alignment, so the snapshot may include records from after the barrier, counted again on replay.',
      zh: '不等待对齐，快照可能包含分界线之后的记录，重放时会被重复计算。',
    },
  },
  {
    mode: 'stop-the-world',
    flink: '',
    label: { en: 'Stop the world', zh: '暂停应用' },
    help: {
      en: "The notes' simple idea, not a Flink mode: pause the sources, drain the channels, snapshot everything, resume.",
      zh: '笔记里“一种简单的想法”，并非 Flink 的模式：暂停数据源，排空通道，保存所有状态，再恢复运行。',
    },
  },
];

export const INTERVAL = {
  path: 'checkpoint.intervalMs',
  label: { en: 'Interval', zh: '检查点间隔' },
  flink: 'enableCheckpointing(interval)',
  help: {
    en: 'Time between the starts of two checkpoints; off means no periodic checkpoints.',
    zh: '前一次检查点开始到下一次检查点开始的时间；关闭则不做周期性检查点。',
  },
} as const;

export const PREFER_CHECKPOINT = {
  label: { en: 'Prefer checkpoint for recovery', zh: '优先用检查点恢复' },
  flink: 'setPreferCheckpointForRecovery',
  help: {
    en: 'Recover from the latest checkpoint even when a savepoint is newer.',
    zh: '即使有更新的保存点，也从最近的检查点恢复。',
  },
  deprecated: { en: 'deprecated 1.12, removed 1.14', zh: '1.12 弃用，1.14 移除' },
} as const;

export const UNALIGNED = {
  label: { en: 'Unaligned checkpoints', zh: '非对齐检查点' },
  flink: 'enableUnalignedCheckpoints',
  help: {
    en: 'Barriers overtake the records queued in the channels, which the checkpoint stores as channel state: fast under backpressure, larger snapshots. Exactly-once only; savepoints stay aligned.',
    zh: '分界线越过通道里排队的数据，检查点把这些数据作为通道状态保存：反压下也快，但快照更大。只用于精确一次；保存点仍然对齐。',
  },
} as const;

export const ALIGNED_TIMEOUT: NumberField = {
  path: 'checkpoint.alignedCheckpointTimeoutMs',
  label: { en: 'Aligned timeout', zh: '对齐超时' },
  flink: 'setAlignedCheckpointTimeout',
  help: {
    en: 'With unaligned checkpoints on: start aligned and switch a subtask to unaligned once this long passed since the trigger. Empty or 0: always unaligned.',
    zh: '启用非对齐检查点时：先按对齐方式开始，从触发起超过这段时间后，子任务改为非对齐。留空或 0：始终非对齐。',
  },
  unit: 'ms',
  optional: true,
  get: (s) => s.checkpoint.alignedCheckpointTimeoutMs ?? null,
  set: (s, value) => ({ ...s, checkpoint: { ...s.checkpoint, alignedCheckpointTimeoutMs: value } }),
};

export const CHECKPOINT_FIELDS: NumberField[] = [
  {
    path: 'checkpoint.timeoutMs',
    label: { en: 'Timeout', zh: '超时时间' },
    flink: 'setCheckpointTimeout',
    help: {
      en: 'A checkpoint not completed within this time expires and counts as a failure.',
      zh: '检查点在这段时间内没有完成就会过期，算作一次失败。',
    },
    unit: 'ms',
    get: (s) => s.checkpoint.timeoutMs,
    set: checkpoint('timeoutMs'),
  },
  {
    path: 'checkpoint.maxConcurrent',
    label: { en: 'Max concurrent', zh: '最大并发数' },
    flink: 'setMaxConcurrentCheckpoints',
    help: {
      en: 'How many checkpoints may be in progress at once; their barriers then share the channels.',
      zh: '同时进行的检查点数量上限；多个检查点的分界线会同时在通道里传递。',
    },
    unit: null,
    get: (s) => s.checkpoint.maxConcurrent,
    set: checkpoint('maxConcurrent'),
  },
  {
    path: 'checkpoint.minPauseMs',
    label: { en: 'Min pause', zh: '最小间隔' },
    flink: 'setMinPauseBetweenCheckpoints',
    help: {
      en: 'Least time from the end of one checkpoint to the start of the next.',
      zh: '前一次检查点结束到下一次检查点开始的最短时间。',
    },
    unit: 'ms',
    get: (s) => s.checkpoint.minPauseMs,
    set: checkpoint('minPauseMs'),
  },
  {
    path: 'checkpoint.tolerableFailures',
    label: { en: 'Tolerable failures', zh: '可容忍失败次数' },
    flink: 'setTolerableCheckpointFailureNumber',
    help: {
      en: 'Consecutive checkpoint failures the job tolerates; one more fails the job and the restart strategy takes over.',
      zh: '能容忍的连续检查点失败次数；再多一次作业就会失败，交给重启策略处理。',
    },
    unit: null,
    get: (s) => s.checkpoint.tolerableFailures,
    set: checkpoint('tolerableFailures'),
  },
];

export const RESTART_TYPES: {
  type: RestartStrategy['type'];
  label: LocalText;
  help: LocalText;
  initial: RestartStrategy;
}[] = [
  {
    type: 'default',
    label: { en: 'Not set (Flink’s default)', zh: '未设置（Flink 默认）' },
    help: {
      en: 'No restart strategy configured. Flink 2.3 then uses exponential-delay with its defaults when checkpointing is on, and no restart when it is off (before 1.19: fixed-delay, Integer.MAX_VALUE attempts, 1 s).',
      zh: '未配置重启策略。此时 Flink 2.3 在开启检查点时使用默认参数的指数延迟策略，未开启时不重启（1.19 之前：固定延迟，Integer.MAX_VALUE 次，1 s）。',
    },
    initial: { type: 'default' },
  },
  {
    type: 'fixed-delay',
    label: { en: 'Fixed delay', zh: '固定延迟' },
    help: {
      en: 'Restart after a fixed delay; give up after a number of attempts.',
      zh: '间隔固定的时间后重启，超过重启次数就放弃。',
    },
    initial: { type: 'fixed-delay', attempts: 3, delayMs: 10_000 },
  },
  {
    type: 'failure-rate',
    label: { en: 'Failure rate', zh: '失败率' },
    help: {
      en: 'Restart after a delay; give up when too many failures fall within an interval.',
      zh: '延迟后重启；在一个时间区间内失败次数过多就放弃。',
    },
    initial: { type: 'failure-rate', maxFailures: 5, intervalMs: 300_000, delayMs: 10_000 },
  },
  {
    type: 'exponential-delay',
    label: { en: 'Exponential delay', zh: '指数延迟' },
    help: {
      en: 'Restart with a delay that grows after each failure up to a maximum and resets after a stable run (the default since Flink 1.19).',
      zh: '每次失败后重启延迟按倍数增长直到上限，作业稳定运行一段时间后重置（Flink 1.19 起的默认策略）。',
    },
    initial: {
      type: 'exponential-delay',
      initialMs: 1_000,
      maxMs: 60_000,
      multiplier: 1.5,
      resetThresholdMs: 3_600_000,
      jitter: 0.1,
      attempts: 2_147_483_647,
    },
  },
  {
    type: 'none',
    label: { en: 'No restart', zh: '不重启' },
    help: {
      en: 'Never restart: the first failure fails the job.',
      zh: '从不重启：第一次故障作业就失败。',
    },
    initial: { type: 'none' },
  },
];

function restartField(
  key: string,
  label: LocalText,
  help: LocalText,
  unit: string | null,
): NumberField {
  return {
    path: `restart.${key}`,
    label,
    flink: null,
    help,
    unit,
    get: (s) => (s.restart as unknown as Record<string, number>)[key] ?? null,
    set: (s, value) => ({ ...s, restart: { ...s.restart, [key]: value } as RestartStrategy }),
  };
}

const DELAY = restartField(
  'delayMs',
  { en: 'Delay', zh: '重启延迟' },
  {
    en: 'Time the job stays RESTARTING before it restores and runs again.',
    zh: '作业处于 RESTARTING 状态、恢复并重新运行之前等待的时间。',
  },
  'ms',
);

/** The parameters of a restart strategy, in the order Flink's factory methods take them. */
export function restartFields(type: RestartStrategy['type']): NumberField[] {
  switch (type) {
    case 'default':
    case 'none':
      return [];
    case 'fixed-delay':
      return [
        restartField(
          'attempts',
          { en: 'Attempts', zh: '重启次数' },
          {
            en: 'Restarts allowed before the job fails for good.',
            zh: '作业彻底失败之前允许的重启次数。',
          },
          null,
        ),
        DELAY,
      ];
    case 'failure-rate':
      return [
        restartField(
          'maxFailures',
          { en: 'Max failures', zh: '最大失败次数' },
          { en: 'Failures allowed within the interval.', zh: '时间区间内允许的失败次数。' },
          null,
        ),
        restartField(
          'intervalMs',
          { en: 'Interval', zh: '统计区间' },
          {
            en: 'The window in which failures are counted.',
            zh: '统计失败次数的时间窗口。',
          },
          'ms',
        ),
        DELAY,
      ];
    case 'exponential-delay':
      return [
        restartField(
          'initialMs',
          { en: 'Initial backoff', zh: '初始延迟' },
          { en: 'Delay before the first restart.', zh: '第一次重启前的延迟。' },
          'ms',
        ),
        restartField(
          'maxMs',
          { en: 'Max backoff', zh: '最大延迟' },
          { en: 'The delay never grows beyond this.', zh: '延迟不会超过这个上限。' },
          'ms',
        ),
        restartField(
          'multiplier',
          { en: 'Multiplier', zh: '倍数' },
          {
            en: 'Each failure multiplies the delay by this.',
            zh: '每次失败后延迟乘以这个倍数。',
          },
          '×',
        ),
        restartField(
          'resetThresholdMs',
          { en: 'Reset threshold', zh: '重置阈值' },
          {
            en: 'After running this long without a failure, the delay falls back to the initial one.',
            zh: '无故障运行这么久之后，延迟恢复为初始值。',
          },
          'ms',
        ),
        restartField(
          'jitter',
          { en: 'Jitter', zh: '抖动系数' },
          {
            en: 'Spreads each delay at random by up to this fraction.',
            zh: '按这个比例随机扰动每次的延迟。',
          },
          null,
        ),
        restartField(
          'attempts',
          { en: 'Attempts before reset', zh: '重置前的重启次数' },
          {
            en: 'attempts-before-reset-backoff: restarts allowed until the back-off resets; one more fails the job (Flink’s default 2147483647 is "infinite").',
            zh: 'attempts-before-reset-backoff：退避重置之前允许的重启次数，再多一次作业就失败（Flink 默认 2147483647，即“无限”）。',
          },
          null,
        ),
      ];
  }
}

export const BACKEND_FIELDS: NumberField[] = [
  {
    path: 'backend.bandwidth',
    label: { en: 'Write bandwidth', zh: '写入带宽' },
    flink: null,
    help: {
      en: 'Bytes the state backend writes per tick: bigger state or less bandwidth makes every checkpoint slower.',
      zh: '状态后端每拍写入的字节数：状态越大、带宽越低，检查点越慢。',
    },
    unit: { en: 'B/tick', zh: 'B/拍' },
    get: (s) => s.backend.bandwidth,
    set: (s, value) => ({ ...s, backend: { ...s.backend, bandwidth: value as number } }),
  },
  {
    path: 'backend.writeLatency',
    label: { en: 'Write latency', zh: '写入延迟' },
    flink: null,
    help: {
      en: 'Fixed ticks every snapshot write takes on top of its bytes.',
      zh: '每次写入快照除了按字节计算的时间外，额外固定耗费的拍数。',
    },
    unit: { en: 'ticks', zh: '拍' },
    get: (s) => s.backend.writeLatency,
    set: (s, value) => ({ ...s, backend: { ...s.backend, writeLatency: value as number } }),
  },
];

/** The state size of one operator's subtasks; empty leaves it to the simulator's estimate. */
export function stateSizeField(operator: OperatorSpec, index: number): NumberField {
  const subtasks = operator.parallelism;
  return {
    path: `operators[${index}].stateBytes`,
    label: { en: operator.name ?? operator.id, zh: operator.name ?? operator.id },
    flink: null,
    help: {
      en: `${operator.kind}, ${subtasks} ${subtasks === 1 ? 'subtask' : 'subtasks'}`,
      zh: `${operator.kind}，${subtasks} 个子任务`,
    },
    unit: 'B',
    optional: true,
    get: (s) => s.operators[index]?.stateBytes ?? null,
    set: (s, value) => ({
      ...s,
      operators: s.operators.map((op, k) => {
        if (k !== index) return op;
        const { stateBytes: _, ...rest } = op;
        return value === null ? rest : { ...rest, stateBytes: value };
      }) as Scenario['operators'],
    }),
  };
}

/** An operator as the graph names its subtasks, without their index ("Source", "sum"). */
function operatorName(s: Scenario, id: string): string {
  return isolated(
    s.operators.find((op) => op.id === id)?.name ?? (id === 'source' ? 'Source' : id),
  );
}

/**
 * The capacity of one channel of the job graph (its network buffers, Flink's credits), in
 * records; empty keeps the simulator's default. A full channel stops its sender: backpressure.
 */
export function capacityField(scenario: Scenario, index: number): NumberField {
  const edge = scenario.edges[index];
  const name = `${operatorName(scenario, edge.from)} → ${operatorName(scenario, edge.to)}`;
  return {
    path: `edges[${index}].capacity`,
    label: { en: name, zh: name },
    flink: null,
    help: {
      en: `Records each of its channels holds; empty: ${DEFAULT_CHANNEL_CAPACITY}.`,
      zh: `它的每个通道最多容纳的数据条数；留空：${DEFAULT_CHANNEL_CAPACITY}。`,
    },
    unit: null,
    optional: true,
    // An unbounded channel (null, from a file) shows empty like the default, as both mean no set limit.
    get: (s) => s.edges[index]?.capacity ?? null,
    set: (s, value) => ({
      ...s,
      edges: s.edges.map((e, k) => {
        if (k !== index) return e;
        const { capacity: _, ...rest } = e;
        return (value === null ? rest : { ...rest, capacity: value }) as EdgeSpec;
      }),
    }),
  };
}

/** What an operator's subtask handles per tick: records read for a source, processed otherwise. */
export function rateField(operator: OperatorSpec, index: number): NumberField {
  const source = operator.kind === 'source';
  const fallback = source ? 1 : DEFAULT_OPERATOR_RATE;
  const name = isolated(operator.name ?? (operator.id === 'source' ? 'Source' : operator.id));
  return {
    path: `operators[${index}].rate`,
    label: { en: name, zh: name },
    flink: null,
    help: source
      ? {
          en: `Records each subtask reads per read; empty: ${fallback}.`,
          zh: `每个子任务每次读取的数据条数；留空：${fallback}。`,
        }
      : {
          en: `Records each subtask processes per tick; fewer makes it the job's bottleneck. Empty: ${fallback}.`,
          zh: `每个子任务每拍处理的数据条数；越少越会成为作业的瓶颈。留空：${fallback}。`,
        },
    unit: null,
    optional: true,
    get: (s) => s.operators[index]?.rate ?? null,
    set: (s, value) => ({
      ...s,
      operators: s.operators.map((op, k) => {
        if (k !== index) return op;
        const { rate: _, ...rest } = op;
        return value === null ? rest : { ...rest, rate: value };
      }) as Scenario['operators'],
    }),
  };
}

export type Change = { ok: true; scenario: Scenario } | { ok: false; errors: LocalText[] };

/** A schema problem as the sentence shown beside its field: the field's path left out. */
export function besideField(problem: LocalText): LocalText {
  return { en: problem.en.replace(/^[^:]*: /, ''), zh: problem.zh.replace(/^[^：]*：/, '') };
}

/**
 * The scenario with one option changed, if the schema accepts it. The scenario itself (not the
 * parsed copy) is returned, so nothing the schema does not know of is dropped.
 */
export function tryChange(scenario: Scenario, change: (s: Scenario) => Scenario): Change {
  const next = change(scenario);
  const parsed = parseScenario(next);
  if (parsed.ok) return { ok: true, scenario: next };
  return { ok: false, errors: parsed.problems.map(besideField) };
}

/** What the user typed, as a number, null for an empty optional field, or an error. */
export function readNumber(raw: string, optional = false): number | null | LocalText {
  const text = raw.trim();
  if (text === '') {
    return optional ? null : { en: 'enter a number', zh: '请输入数字' };
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return { en: 'enter a number', zh: '请输入数字' };
  return value;
}
