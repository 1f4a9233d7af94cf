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
function kafkaSinkLines(sink: SinkSpec, java: boolean): string[] {
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
      chain.push(
        `// transaction.timeout.ms unset: KafkaSink sets ${DEFAULT_TRANSACTION_TIMEOUT_MS / 3_600_000} h, above a broker's`,
        '// transaction.max.timeout.ms (15 min by default), which then refuses the producer',
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
function flowControlNotes(scenario: Scenario): string[] {
  const capacities = [
    ...new Set(scenario.edges.flatMap((e) => (e.capacity != null ? [e.capacity] : []))),
  ].sort((a, b) => a - b);
  const rated = scenario.operators.filter((o) => o.kind !== 'source' && o.rate !== undefined);
  if (capacities.length === 0 && rated.length === 0) return [];
  return [
    `Flow control is not set in the job's code. Here a channel holds at most ${capacities.length > 0 ? capacities.join(' or ') : DEFAULT_CHANNEL_CAPACITY} records;`,
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
 * What Flink has no option for (stop-the-world, the simulated backend) is said in a comment.
 * Pure.
 */
export function flinkCode(scenario: Scenario, language: CodeLanguage): string {
  const java = language === 'java';
  const end = java ? ';' : '';
  const c = scenario.checkpoint;
  const lines: string[] = [];
  const say = (line = '') => lines.push(line === '' ? '' : line + end);
  const comment = (text: string) => lines.push(`// ${text}`);
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
    comment('Stop-the-world is the simulator\'s "pause, snapshot, resume" idea, not a Flink mode;');
    comment("Flink's barriers do the same job without pausing, as EXACTLY_ONCE below.");
  }
  if (c.intervalMs === null) {
    comment('Periodic checkpoints are off: without enableCheckpointing only triggered');
    comment('savepoints are taken. The configuration below still applies to them.');
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
    comment('Deprecated since Flink 1.12, removed in 1.14');
    say(`chkpConfig.setPreferCheckpointForRecovery(${c.preferCheckpointForRecovery})`);
  }
  say(`chkpConfig.setTolerableCheckpointFailureNumber(${c.tolerableFailures})`);
  if (c.unaligned === true) {
    comment(
      'Barriers overtake the in-flight records, which the checkpoint stores; savepoints stay aligned',
    );
    say('chkpConfig.enableUnalignedCheckpoints()');
    const timeout = c.alignedCheckpointTimeoutMs ?? 0;
    if (timeout > 0) {
      comment(
        'Start aligned; a subtask switches to unaligned once this long passed since the trigger',
      );
      say(`chkpConfig.setAlignedCheckpointTimeout(Duration.ofMillis(${timeout}))`);
    }
  }
  const flow = flowControlNotes(scenario);
  if (flow.length > 0) {
    say();
    for (const text of flow) comment(text);
  }
  say();
  if (scenario.restart.type === 'default') {
    const effective = effectiveRestart(scenario);
    comment(
      effective.type === 'none'
        ? `No restart strategy set: with checkpointing off, Flink ${FLINK_VERSION} does not restart.`
        : `No restart strategy set: with checkpointing on, Flink ${FLINK_VERSION} uses exponential-delay`,
    );
    if (effective.type !== 'none') {
      comment('with its defaults (1 s, max 1 min, x1.5, reset after 1 h, jitter 0.1); before 1.19');
      comment('the default was fixed-delay with Integer.MAX_VALUE attempts and a 1 s delay.');
    }
  } else {
    comment(
      `RestartStrategies is deprecated since 1.19 and removed in 2.0: Flink ${FLINK_VERSION} takes the keys below.`,
    );
    say(`env.setRestartStrategy(${restartCall(scenario.restart)})`);
  }

  for (const sink of sinks) {
    say();
    comment(
      sink.transactional === true
        ? 'Two-phase commit: pre-committed in each checkpoint, committed when it completes'
        : 'No transactions: a replay after a failure writes its records again',
    );
    lines.push(...kafkaSinkLines(sink, java));
  }

  const savepoints = scenario.actions.filter((a) => a.type === 'savepoint');
  if (savepoints.length > 0) {
    say();
    comment('Savepoints are never automatic: they are triggered from outside the job,');
    comment(
      savepoints.some((a) => a.type === 'savepoint' && a.stop)
        ? `e.g. bin/flink stop${savepoints.some((a) => a.type === 'savepoint' && a.stop && a.drain) ? ' --drain' : ''} --savepointPath <dir> <jobId>`
        : 'e.g. bin/flink savepoint <jobId> <dir>',
    );
  }
  lines.push('');
  lines.push(`// The same settings as Flink ${FLINK_VERSION} configuration keys (config.yaml):`);
  for (const line of flinkConfigKeys(scenario)) lines.push(`//   ${line}`);
  return lines.join('\n');
}
