import type { RestartStrategy, Scenario } from '../engine';

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

function restartCall(strategy: RestartStrategy): string {
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

  const imports = [
    'org.apache.flink.api.common.restartstrategy.RestartStrategies',
    ...(scenario.restart.type === 'failure-rate' || scenario.restart.type === 'exponential-delay'
      ? ['org.apache.flink.api.common.time.Time']
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
  comment('Deprecated since Flink 1.12, removed in 1.14');
  say(`chkpConfig.setPreferCheckpointForRecovery(${c.preferCheckpointForRecovery})`);
  say(`chkpConfig.setTolerableCheckpointFailureNumber(${c.tolerableFailures})`);
  say();
  say(`env.setRestartStrategy(${restartCall(scenario.restart)})`);

  const savepoints = scenario.actions.filter((a) => a.type === 'savepoint');
  if (savepoints.length > 0) {
    say();
    comment('Savepoints are never automatic: they are triggered from outside the job,');
    comment(
      savepoints.some((a) => a.type === 'savepoint' && a.stop)
        ? 'e.g. bin/flink stop --savepointPath <dir> <jobId>'
        : 'e.g. bin/flink savepoint <jobId> <dir>',
    );
  }
  return lines.join('\n');
}
