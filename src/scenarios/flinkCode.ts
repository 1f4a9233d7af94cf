import {
  DEFAULT_CHANNEL_CAPACITY,
  DEFAULT_TRANSACTION_TIMEOUT_MS,
  effectiveRestart,
  UNLIMITED_ATTEMPTS,
  type RestartStrategy,
  type Scenario,
  type SinkSpec,
} from '../engine';
import { FLINK_VERSION } from './flinkVersion';
import type { Language, LocalText } from './text';

export { FLINK_VERSION };

export type CodeLanguage = 'scala' | 'java';

/** A millisecond count as Flink's `Time`, in the largest unit that divides it. */
function time(ms: number): string {
  if (ms > 0 && ms % 3_600_000 === 0) return `Time.hours(${ms / 3_600_000})`;
  if (ms > 0 && ms % 60_000 === 0) return `Time.minutes(${ms / 60_000})`;
  if (ms > 0 && ms % 1_000 === 0) return `Time.seconds(${ms / 1_000})`;
  return `Time.milliseconds(${ms})`;
}

function double(n: number): string {
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
}

function restartCall(strategy: Exclude<RestartStrategy, { type: 'default' }>): string {
  switch (strategy.type) {
    case 'none':
      return 'RestartStrategies.noRestart()';
    case 'fixed-delay':
      return `RestartStrategies.fixedDelayRestart(${strategy.attempts}, ${strategy.delayMs}L)`;
    case 'failure-rate':
      return `RestartStrategies.failureRateRestart(${strategy.maxFailures}, ${time(strategy.intervalMs)}, ${time(strategy.delayMs)})`;
    case 'exponential-delay':
      return `RestartStrategies.exponentialDelayRestart(${time(strategy.initialMs)}, ${time(strategy.maxMs)}, ${double(strategy.multiplier)}, ${time(strategy.resetThresholdMs)}, ${double(strategy.jitter)})`;
  }
}

/** The sinks Flink's code writes as a KafkaSink: those writing a topic or in transactions. */
function kafkaSinks(scenario: Scenario): SinkSpec[] {
  return scenario.operators.filter(
    (op): op is SinkSpec =>
      op.kind === 'sink' && (op.topic !== undefined || op.transactional === true),
  );
}

/**
 * A sink as Flink's KafkaSink builder configures it: EXACTLY_ONCE (two-phase commit, a
 * transactional id prefix, `transaction.timeout.ms` when the scenario sets it) for a
 * transactional sink, AT_LEAST_ONCE for one writing outside transactions.
 */
function kafkaSinkLines(sink: SinkSpec, java: boolean, words: Language): string[] {
  const id = sink.id.replace(/\W/g, '_');
  const name = /sink$/i.test(id) ? id : `${id}Sink`;
  const topic = JSON.stringify(sink.topic ?? sink.id);
  const chain = [
    '.setBootstrapServers("broker:9092")',
    java
      ? '.setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()'
      : '.setRecordSerializer(KafkaRecordSerializationSchema.builder[String]()',
    `    .setTopic(${topic})`,
    '    .setValueSerializationSchema(new SimpleStringSchema())',
    '    .build())',
  ];
  if (sink.transactional === true) {
    chain.push('.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)');
    chain.push(
      `.setTransactionalIdPrefix(${JSON.stringify(sink.transactionalIdPrefix ?? sink.id)})`,
    );
    if (sink.transactionTimeoutMs !== undefined) {
      chain.push(`.setProperty("transaction.timeout.ms", "${sink.transactionTimeoutMs}")`);
    } else {
      const hours = DEFAULT_TRANSACTION_TIMEOUT_MS / 3_600_000;
      chain.push(
        ...{
          en: [
            `// transaction.timeout.ms unset: KafkaSink sets ${hours} h, above a broker's`,
            '// transaction.max.timeout.ms (15 min by default), which then refuses the producer',
          ],
          zh: [
            `// 未设置 transaction.timeout.ms：KafkaSink 设为 ${hours} 小时，高于 Broker 的`,
            '// transaction.max.timeout.ms（默认 15 分钟），Broker 会因此拒绝这个生产者',
          ],
        }[words],
      );
    }
  } else {
    chain.push('.setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)');
  }
  chain.push(java ? '.build();' : '.build()');
  return [
    java
      ? `KafkaSink<String> ${name} = KafkaSink.<String>builder()`
      : `val ${name} = KafkaSink.builder[String]()`,
    ...chain.map((line) => `    ${line}`),
  ];
}

/** A duration as Flink's configuration writes it. */
function duration(ms: number): string {
  if (ms > 0 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms > 0 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms > 0 && ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}

/**
 * The same configuration as the keys of the current Flink release (`execution.checkpointing.*`,
 * `restart-strategy.*`), one `key: value` line each, as in config.yaml. Pure.
 */
export function flinkConfigKeys(scenario: Scenario): string[] {
  const c = scenario.checkpoint;
  const keys: string[] = [];
  const key = (name: string, value: string | number) => keys.push(`${name}: ${value}`);
  if (c.intervalMs !== null) key('execution.checkpointing.interval', duration(c.intervalMs));
  key(
    'execution.checkpointing.mode',
    c.mode === 'at-least-once' ? 'AT_LEAST_ONCE' : 'EXACTLY_ONCE',
  );
  key('execution.checkpointing.timeout', duration(c.timeoutMs));
  key('execution.checkpointing.max-concurrent-checkpoints', c.maxConcurrent);
  key('execution.checkpointing.min-pause', duration(c.minPauseMs));
  key('execution.checkpointing.tolerable-failed-checkpoints', c.tolerableFailures);
  if (c.unaligned === true) {
    key('execution.checkpointing.unaligned.enabled', 'true');
    key(
      'execution.checkpointing.aligned-checkpoint-timeout',
      duration(c.alignedCheckpointTimeoutMs ?? 0),
    );
  }
  if (c.checkpointsAfterTasksFinish !== undefined) {
    key(
      'execution.checkpointing.checkpoints-after-tasks-finish',
      String(c.checkpointsAfterTasksFinish),
    );
  }
  const r = scenario.restart.type === 'default' ? null : effectiveRestart(scenario);
  if (r === null) return keys;
  key('restart-strategy.type', r.type);
  switch (r.type) {
    case 'fixed-delay':
      key('restart-strategy.fixed-delay.attempts', r.attempts);
      key('restart-strategy.fixed-delay.delay', duration(r.delayMs));
      break;
    case 'failure-rate':
      key('restart-strategy.failure-rate.max-failures-per-interval', r.maxFailures);
      key('restart-strategy.failure-rate.failure-rate-interval', duration(r.intervalMs));
      key('restart-strategy.failure-rate.delay', duration(r.delayMs));
      break;
    case 'exponential-delay':
      key('restart-strategy.exponential-delay.initial-backoff', duration(r.initialMs));
      key('restart-strategy.exponential-delay.max-backoff', duration(r.maxMs));
      key('restart-strategy.exponential-delay.backoff-multiplier', r.multiplier);
      key(
        'restart-strategy.exponential-delay.reset-backoff-threshold',
        duration(r.resetThresholdMs),
      );
      key('restart-strategy.exponential-delay.jitter-factor', r.jitter);
      if (r.attempts !== UNLIMITED_ATTEMPTS) {
        key('restart-strategy.exponential-delay.attempts-before-reset-backoff', r.attempts);
      }
      break;
    case 'none':
      break;
  }
  return keys;
}

/**
 * What a scenario's channel capacities and operator rates stand for in Flink, where neither is a
 * call in the job's code: the network stack's buffers, and an operator slower than its input.
 * Said only when the scenario sets them (every channel has a default capacity).
 */
function flowControlNotes(scenario: Scenario, words: Language): string[] {
  const capacities = [
    ...new Set(scenario.edges.flatMap((e) => (e.capacity != null ? [e.capacity] : []))),
  ].sort((a, b) => a - b);
  const rated = scenario.operators.filter((o) => o.kind !== 'source' && o.rate !== undefined);
  if (capacities.length === 0 && rated.length === 0) return [];
  const held = capacities.length > 0 ? capacities : [DEFAULT_CHANNEL_CAPACITY];
  if (words === 'zh') {
    return [
      `流控不在作业代码中设置。这里一个通道最多容纳 ${held.join(' 或 ')} 条记录；`,
      'Flink 按 32 KiB 的网络缓冲区计（taskmanager.memory.segment-size），每个通道 2 个独占缓冲区',
      '（taskmanager.network.memory.buffers-per-channel），每个输入门另有一个缓冲池。',
      '通道已满的发送方要等接收方给出信用：这就是反压。',
      ...rated.map(
        (o) => `${o.id} 每拍最多处理 ${o.rate} 条记录：一个慢算子，就像慢的 sink 或窗口。`,
      ),
      '缓冲区消胀（taskmanager.network.memory.buffer-debloat.enabled，默认关闭）会把缓冲区',
      '缩小到约 1 秒的处理量（buffer-debloat.target）：排在分界线前面的记录更少，',
      '对齐检查点因此更快，非对齐检查点存储的数据也更少。',
    ];
  }
  return [
    `Flow control is not set in the job's code. Here a channel holds at most ${held.join(' or ')} records;`,
    'Flink counts network buffers of 32 KiB (taskmanager.memory.segment-size), 2 exclusive ones',
    'per channel (taskmanager.network.memory.buffers-per-channel) and a pool per gate. A sender',
    'whose channel is full waits for credit: backpressure.',
    ...rated.map(
      (o) =>
        `${o.id} takes at most ${o.rate} record${o.rate === 1 ? '' : 's'} a tick: a slow operator, as a slow sink or window is.`,
    ),
    'Buffer debloating (taskmanager.network.memory.buffer-debloat.enabled, off by default) would',
    'shrink the buffers to about 1 s of processing (buffer-debloat.target): fewer records queue',
    'in front of a barrier, so aligned checkpoints are faster and unaligned ones store less.',
  ];
}

/**
 * The Flink job setup equivalent to a scenario's checkpoint configuration and restart strategy,
 * written as the seed writes it (Scala, `val chkpConfig = env.getCheckpointConfig`) or in Java.
 * Every setter is listed, defaults included, so the code reads as the whole configuration.
 * What Flink has no option for (stop-the-world, the simulated backend) is said in a comment,
 * in the language of the screen (`words`): code stays code, what it explains is read. Pure.
 */
export function flinkCode(
  scenario: Scenario,
  language: CodeLanguage,
  words: Language = 'en',
): string {
  const java = language === 'java';
  const end = java ? ';' : '';
  const c = scenario.checkpoint;
  const lines: string[] = [];
  const say = (line = '') => lines.push(line === '' ? '' : line + end);
  const comment = (text: LocalText) => lines.push(`// ${text[words]}`);
  const sinks = kafkaSinks(scenario);

  const imports = [
    ...(c.unaligned === true && (c.alignedCheckpointTimeoutMs ?? 0) > 0
      ? ['java.time.Duration']
      : []),
    'org.apache.flink.api.common.restartstrategy.RestartStrategies',
    ...(sinks.length > 0 ? ['org.apache.flink.api.common.serialization.SimpleStringSchema'] : []),
    ...(scenario.restart.type === 'failure-rate' || scenario.restart.type === 'exponential-delay'
      ? ['org.apache.flink.api.common.time.Time']
      : []),
    ...(sinks.length > 0
      ? [
          'org.apache.flink.connector.base.DeliveryGuarantee',
          'org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema',
          'org.apache.flink.connector.kafka.sink.KafkaSink',
        ]
      : []),
    'org.apache.flink.streaming.api.CheckpointingMode',
    ...(java ? ['org.apache.flink.streaming.api.environment.CheckpointConfig'] : []),
    java
      ? 'org.apache.flink.streaming.api.environment.StreamExecutionEnvironment'
      : 'org.apache.flink.streaming.api.scala.StreamExecutionEnvironment',
  ];
  for (const name of imports) say(`import ${name}`);
  say();
  say(
    java
      ? 'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment()'
      : 'val env = StreamExecutionEnvironment.getExecutionEnvironment',
  );
  say();

  const mode = c.mode === 'at-least-once' ? 'AT_LEAST_ONCE' : 'EXACTLY_ONCE';
  if (c.mode === 'stop-the-world') {
    comment({
      en: 'Stop-the-world is the simulator\'s "pause, snapshot, resume" idea, not a Flink mode;',
      zh: '暂停应用是模拟器“暂停、快照、恢复”的思路，不是 Flink 的模式；',
    });
    comment({
      en: "Flink's barriers do the same job without pausing, as EXACTLY_ONCE below.",
      zh: 'Flink 的分界线不暂停也能做到同样的事，即下面的 EXACTLY_ONCE。',
    });
  }
  if (c.intervalMs === null) {
    comment({
      en: 'Periodic checkpoints are off: without enableCheckpointing only triggered',
      zh: '周期性检查点已关闭：没有 enableCheckpointing 时，只会做手动触发的',
    });
    comment({
      en: 'savepoints are taken. The configuration below still applies to them.',
      zh: '保存点。下面的配置仍然对它们生效。',
    });
  } else {
    say(`env.enableCheckpointing(${c.intervalMs}L)`);
  }
  say();
  say(
    java
      ? 'CheckpointConfig chkpConfig = env.getCheckpointConfig()'
      : 'val chkpConfig = env.getCheckpointConfig',
  );
  if (c.intervalMs !== null) say(`chkpConfig.setCheckpointInterval(${c.intervalMs}L)`);
  say(`chkpConfig.setCheckpointingMode(CheckpointingMode.${mode})`);
  say(`chkpConfig.setCheckpointTimeout(${c.timeoutMs}L)`);
  say(`chkpConfig.setMaxConcurrentCheckpoints(${c.maxConcurrent})`);
  say(`chkpConfig.setMinPauseBetweenCheckpoints(${c.minPauseMs}L)`);
  if (c.preferCheckpointForRecovery !== undefined) {
    comment({
      en: 'Deprecated since Flink 1.12, removed in 1.14',
      zh: '自 Flink 1.12 起弃用，1.14 中移除',
    });
    say(`chkpConfig.setPreferCheckpointForRecovery(${c.preferCheckpointForRecovery})`);
  }
  say(`chkpConfig.setTolerableCheckpointFailureNumber(${c.tolerableFailures})`);
  if (c.unaligned === true) {
    comment({
      en: 'Barriers overtake the in-flight records, which the checkpoint stores; savepoints stay aligned',
      zh: '分界线越过在途记录，这些记录存入检查点；保存点仍然对齐',
    });
    say('chkpConfig.enableUnalignedCheckpoints()');
    const timeout = c.alignedCheckpointTimeoutMs ?? 0;
    if (timeout > 0) {
      comment({
        en: 'Start aligned; a subtask switches to unaligned once this long passed since the trigger',
        zh: '先对齐；从触发起超过这段时间，子任务就切换为非对齐',
      });
      say(`chkpConfig.setAlignedCheckpointTimeout(Duration.ofMillis(${timeout}))`);
    }
  }
  const flow = flowControlNotes(scenario, words);
  if (flow.length > 0) {
    say();
    for (const text of flow) lines.push(`// ${text}`);
  }
  say();
  if (scenario.restart.type === 'default') {
    const effective = effectiveRestart(scenario);
    comment(
      effective.type === 'none'
        ? {
            en: `No restart strategy set: with checkpointing off, Flink ${FLINK_VERSION} does not restart.`,
            zh: `未设置重启策略：检查点关闭时，Flink ${FLINK_VERSION} 不会重启。`,
          }
        : {
            en: `No restart strategy set: with checkpointing on, Flink ${FLINK_VERSION} uses exponential-delay`,
            zh: `未设置重启策略：检查点开启时，Flink ${FLINK_VERSION} 使用 exponential-delay`,
          },
    );
    if (effective.type !== 'none') {
      comment({
        en: 'with its defaults (1 s, max 1 min, x1.5, reset after 1 h, jitter 0.1); before 1.19',
        zh: '及其默认值（1 秒，最长 1 分钟，×1.5，1 小时后重置，抖动 0.1）；1.19 之前',
      });
      comment({
        en: 'the default was fixed-delay with Integer.MAX_VALUE attempts and a 1 s delay.',
        zh: '默认是 fixed-delay，Integer.MAX_VALUE 次尝试，间隔 1 秒。',
      });
    }
  } else {
    comment({
      en: `RestartStrategies is deprecated since 1.19 and removed in 2.0: Flink ${FLINK_VERSION} takes the keys below.`,
      zh: `RestartStrategies 自 1.19 起弃用，2.0 中移除：Flink ${FLINK_VERSION} 使用下面的配置项。`,
    });
    say(`env.setRestartStrategy(${restartCall(scenario.restart)})`);
  }

  for (const sink of sinks) {
    say();
    comment(
      sink.transactional === true
        ? {
            en: 'Two-phase commit: pre-committed in each checkpoint, committed when it completes',
            zh: '两阶段提交：每个检查点中预提交，检查点完成时提交',
          }
        : {
            en: 'No transactions: a replay after a failure writes its records again',
            zh: '没有事务：故障后的重放会把记录再写一次',
          },
    );
    lines.push(...kafkaSinkLines(sink, java, words));
  }

  const savepoints = scenario.actions.filter((a) => a.type === 'savepoint');
  if (savepoints.length > 0) {
    say();
    comment({
      en: 'Savepoints are never automatic: they are triggered from outside the job,',
      zh: '保存点从不自动生成：它们由作业外部触发，',
    });
    const drain = savepoints.some((a) => a.type === 'savepoint' && a.stop && a.drain);
    const command = savepoints.some((a) => a.type === 'savepoint' && a.stop)
      ? `bin/flink stop${drain ? ' --drain' : ''} --savepointPath <dir> <jobId>`
      : 'bin/flink savepoint <jobId> <dir>';
    comment({ en: `e.g. ${command}`, zh: `例如 ${command}` });
  }
  lines.push('');
  lines.push(
    `// ${
      {
        en: `The same settings as Flink ${FLINK_VERSION} configuration keys (config.yaml):`,
        zh: `同样的设置，写成 Flink ${FLINK_VERSION} 的配置项（config.yaml）：`,
      }[words]
    }`,
  );
  for (const line of flinkConfigKeys(scenario)) lines.push(`//   ${line}`);
  return lines.join('\n');
}
