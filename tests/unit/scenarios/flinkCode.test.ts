import { describe, expect, it } from 'vitest';
import { flinkCode } from '../../../src/scenarios/flinkCode';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import { slowSinkAligned } from '../../../src/scenarios/presets/slowSink';
import {
  atLeastOnceSink,
  twoPhaseCommit,
  twoPhaseCommitTimeout,
} from '../../../src/scenarios/presets/twoPhaseCommit';
import type { Scenario } from '../../../src/engine';
import { PRESETS } from '../../../src/scenarios/presets';

// Seed section 3, as written there.
const SEED: Scenario = {
  ...oddEvenSum,
  checkpoint: {
    mode: 'exactly-once',
    intervalMs: 1000,
    timeoutMs: 60000,
    maxConcurrent: 2,
    minPauseMs: 500,
    preferCheckpointForRecovery: true,
    tolerableFailures: 3,
  },
  restart: { type: 'fixed-delay', attempts: 3, delayMs: 10000 },
};

const SEED_LINES = [
  'env.enableCheckpointing(1000L)',
  'val chkpConfig = env.getCheckpointConfig',
  'chkpConfig.setCheckpointInterval(1000L)',
  'chkpConfig.setCheckpointingMode(CheckpointingMode.EXACTLY_ONCE)',
  'chkpConfig.setCheckpointTimeout(60000L)',
  'chkpConfig.setMaxConcurrentCheckpoints(2)',
  'chkpConfig.setMinPauseBetweenCheckpoints(500L)',
  'chkpConfig.setPreferCheckpointForRecovery(true)',
  'chkpConfig.setTolerableCheckpointFailureNumber(3)',
  'env.setRestartStrategy(RestartStrategies.fixedDelayRestart(3, 10000L))',
];

const lines = (code: string) => code.split('\n').map((l) => l.trim());

describe('flinkCode', () => {
  it("writes the seed's own configuration as the seed's Scala lines", () => {
    const code = lines(flinkCode(SEED, 'scala'));
    for (const line of SEED_LINES) expect(code).toContain(line);
  });

  it("writes the seed's failure-rate strategy in Flink's Time units", () => {
    const scenario: Scenario = {
      ...SEED,
      restart: { type: 'failure-rate', maxFailures: 5, intervalMs: 300_000, delayMs: 10_000 },
    };
    expect(lines(flinkCode(scenario, 'scala'))).toContain(
      'env.setRestartStrategy(RestartStrategies.failureRateRestart(5, Time.minutes(5), Time.seconds(10)))',
    );
  });

  it('writes Java with types and semicolons', () => {
    const code = lines(flinkCode(SEED, 'java'));
    expect(code).toContain('env.enableCheckpointing(1000L);');
    expect(code).toContain('CheckpointConfig chkpConfig = env.getCheckpointConfig();');
    expect(code).toContain('chkpConfig.setMinPauseBetweenCheckpoints(500L);');
    expect(code).toContain(
      'env.setRestartStrategy(RestartStrategies.fixedDelayRestart(3, 10000L));',
    );
    expect(code.filter((l) => l.startsWith('val '))).toEqual([]);
  });

  it('follows every option as it changes', () => {
    const scenario: Scenario = {
      ...SEED,
      checkpoint: { ...SEED.checkpoint, mode: 'at-least-once', intervalMs: 2500, timeoutMs: 800 },
      restart: {
        type: 'exponential-delay',
        initialMs: 1000,
        maxMs: 60_000,
        multiplier: 1.5,
        resetThresholdMs: 3_600_000,
        jitter: 0.1,
        attempts: 2_147_483_647,
      },
    };
    const code = lines(flinkCode(scenario, 'java'));
    expect(code).toContain('env.enableCheckpointing(2500L);');
    expect(code).toContain('chkpConfig.setCheckpointingMode(CheckpointingMode.AT_LEAST_ONCE);');
    expect(code).toContain('chkpConfig.setCheckpointTimeout(800L);');
    expect(code).toContain(
      'env.setRestartStrategy(RestartStrategies.exponentialDelayRestart(Time.seconds(1), Time.minutes(1), 1.5, Time.hours(1), 0.1));',
    );
    const none: Scenario = { ...SEED, restart: { type: 'none' } };
    expect(lines(flinkCode(none, 'scala'))).toContain(
      'env.setRestartStrategy(RestartStrategies.noRestart())',
    );
  });

  it('leaves checkpointing off without an interval, and never claims stop-the-world is a Flink mode', () => {
    const off: Scenario = { ...SEED, checkpoint: { ...SEED.checkpoint, intervalMs: null } };
    const code = flinkCode(off, 'scala');
    expect(code).not.toMatch(/^env\.enableCheckpointing/m);
    const stw: Scenario = { ...SEED, checkpoint: { ...SEED.checkpoint, mode: 'stop-the-world' } };
    const stwCode = lines(flinkCode(stw, 'scala'));
    expect(stwCode.filter((l) => !l.startsWith('//')).join('\n')).not.toMatch(/STOP|WORLD/i);
  });

  it("adds the same settings as Flink 2.3's configuration keys", () => {
    const code = lines(flinkCode(SEED, 'java'));
    for (const key of [
      '//   execution.checkpointing.interval: 1 s',
      '//   execution.checkpointing.mode: EXACTLY_ONCE',
      '//   execution.checkpointing.timeout: 1 min',
      '//   execution.checkpointing.max-concurrent-checkpoints: 2',
      '//   execution.checkpointing.min-pause: 500 ms',
      '//   execution.checkpointing.tolerable-failed-checkpoints: 3',
      '//   restart-strategy.type: fixed-delay',
      '//   restart-strategy.fixed-delay.attempts: 3',
      '//   restart-strategy.fixed-delay.delay: 10 s',
    ]) {
      expect(code).toContain(key);
    }
    const unset: Scenario = { ...SEED, restart: { type: 'default' } };
    const text = flinkCode(unset, 'java');
    expect(text).not.toContain('setRestartStrategy');
    expect(text).toMatch(
      /No restart strategy set: with checkpointing on, Flink 2\.3 uses exponential-delay/,
    );
    expect(text).not.toContain('restart-strategy.type');
  });

  it('turns unaligned checkpoints on, with the aligned timeout only where one is set, and never for an aligned job', () => {
    const unaligned = (timeout?: number): Scenario => ({
      ...SEED,
      checkpoint: { ...SEED.checkpoint, unaligned: true, alignedCheckpointTimeoutMs: timeout },
    });
    const withTimeout = lines(flinkCode(unaligned(300), 'java'));
    expect(withTimeout).toContain('chkpConfig.enableUnalignedCheckpoints();');
    expect(withTimeout).toContain(
      'chkpConfig.setAlignedCheckpointTimeout(Duration.ofMillis(300));',
    );
    expect(withTimeout).toContain('//   execution.checkpointing.unaligned.enabled: true');
    // Flink's default timeout, 0: unaligned from the start, and no line says otherwise.
    const always = flinkCode(unaligned(0), 'scala');
    expect(lines(always)).toContain('chkpConfig.enableUnalignedCheckpoints()');
    expect(always).not.toContain('setAlignedCheckpointTimeout');
    const aligned = flinkCode(SEED, 'java');
    expect(aligned).not.toContain('Unaligned');
    expect(aligned).not.toContain('unaligned.enabled');
  });

  it("says what a scenario's channel capacity and operator rates stand for in Flink, only when it sets them", () => {
    const slow = flinkCode(slowSinkAligned, 'java');
    const capacity = slowSinkAligned.edges.find((e) => e.capacity != null)!.capacity!;
    const sink = slowSinkAligned.operators.find((o) => o.kind === 'sink')!;
    expect(slow).toContain(`a channel holds at most ${capacity} records`);
    expect(slow).toContain('taskmanager.network.memory.buffers-per-channel');
    expect(slow).toContain(`${sink.id} takes at most ${sink.rate} record`);
    expect(slow).toContain('taskmanager.network.memory.buffer-debloat.enabled');
    // Every channel has a default capacity; a job that sets none has nothing to explain.
    expect(flinkCode(SEED, 'java')).not.toContain('buffers-per-channel');
  });
});

describe('flinkCode for a sink writing a topic', () => {
  it('writes a transactional sink as KafkaSink with EXACTLY_ONCE, its transactional id prefix and transaction.timeout.ms', () => {
    for (const language of ['java', 'scala'] as const) {
      const code = lines(flinkCode(twoPhaseCommitTimeout, language));
      expect(code).toContain(
        language === 'java'
          ? 'KafkaSink<String> sink = KafkaSink.<String>builder()'
          : 'val sink = KafkaSink.builder[String]()',
      );
      expect(code).toContain('.setTopic("sums")');
      expect(code).toContain('.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)');
      expect(code).toContain('.setTransactionalIdPrefix("sink")');
      expect(code).toContain('.setProperty("transaction.timeout.ms", "3000")');
      expect(code).toContain(
        `import org.apache.flink.connector.kafka.sink.KafkaSink${language === 'java' ? ';' : ''}`,
      );
      expect(code).toContain(
        `import org.apache.flink.connector.base.DeliveryGuarantee${language === 'java' ? ';' : ''}`,
      );
    }
  });

  it('names the prefix the scenario sets, and says what KafkaSink does when transaction.timeout.ms is unset', () => {
    const prefixed: Scenario = {
      ...twoPhaseCommit,
      operators: twoPhaseCommit.operators.map((op) =>
        op.kind === 'sink' ? { ...op, transactionalIdPrefix: 'sums-v2' } : op,
      ),
    };
    const code = lines(flinkCode(prefixed, 'java'));
    expect(code).toContain('.setTransactionalIdPrefix("sums-v2")');
    expect(code.join('\n')).not.toContain('setProperty("transaction.timeout.ms"');
    // KafkaSinkBuilder's DEFAULT_KAFKA_TRANSACTION_TIMEOUT, which the engine uses too.
    expect(code.join('\n')).toMatch(/transaction\.timeout\.ms unset: KafkaSink sets 1 h/);
  });

  it('writes a sink outside transactions as AT_LEAST_ONCE, without a prefix or a timeout', () => {
    const code = lines(flinkCode(atLeastOnceSink, 'java'));
    expect(code).toContain('.setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)');
    expect(code.join('\n')).not.toMatch(
      /DeliveryGuarantee\.EXACTLY_ONCE|setTransactionalIdPrefix|transaction\.timeout/,
    );
  });

  it('says nothing of Kafka for a job without a topic or a transactional sink', () => {
    expect(flinkCode(oddEvenSum, 'java')).not.toMatch(/KafkaSink|DeliveryGuarantee/);
  });
});

describe('flinkCode on the Chinese screen', () => {
  /** Three Latin words in a row: an English sentence, where names and keys are one word each. */
  const LATIN_RUN = /[A-Za-z][\w'’.-]*(?:[ \t]+[A-Za-z][\w'’.-]*){2,}/;
  const comment = (line: string) => line.trimStart().startsWith('//');
  /** A `key: value` line of the configuration keys: data, in any language. */
  const configKey = (line: string) => /^\/\/\s{3}[\w.-]+: /.test(line.trim());

  // Every comment the code can carry: stop-the-world, checkpointing off, a deprecated option,
  // unaligned with its timeout, flow control, the default strategy with checkpointing on and
  // off, transactional sinks with and without a timeout, a sink outside transactions, and the
  // presets (savepoints stopping and draining among them).
  const scenarios: Scenario[] = [
    SEED,
    { ...SEED, checkpoint: { ...SEED.checkpoint, mode: 'stop-the-world' } },
    { ...SEED, checkpoint: { ...SEED.checkpoint, intervalMs: null }, restart: { type: 'default' } },
    { ...SEED, restart: { type: 'default' } },
    {
      ...SEED,
      checkpoint: { ...SEED.checkpoint, unaligned: true, alignedCheckpointTimeoutMs: 300 },
    },
    slowSinkAligned,
    twoPhaseCommit,
    twoPhaseCommitTimeout,
    atLeastOnceSink,
    ...PRESETS,
  ];

  it('explains the same code in Chinese: every line of code as in English, no English sentence in a comment', () => {
    let explained = 0;
    for (const scenario of scenarios) {
      for (const language of ['scala', 'java'] as const) {
        const en = flinkCode(scenario, language, 'en').split('\n');
        const zh = flinkCode(scenario, language, 'zh').split('\n');
        expect(zh.length, scenario.id).toBe(en.length);
        for (const [k, line] of zh.entries()) {
          // Comments where English has them, and the code itself the same.
          expect(comment(line), `${scenario.id} line ${k + 1}: ${line}`).toBe(comment(en[k]));
          if (!comment(line) || configKey(line)) {
            expect(line).toBe(en[k]);
            continue;
          }
          expect(line, `${scenario.id} line ${k + 1}`).not.toMatch(LATIN_RUN);
          expect(line, `${scenario.id} line ${k + 1}`).toMatch(/[\u4e00-\u9fff]/);
          explained += 1;
        }
      }
    }
    expect(explained).toBeGreaterThan(scenarios.length);
  });

  it('keeps the numbers a comment states', () => {
    const code = flinkCode(twoPhaseCommit, 'java', 'zh');
    expect(code).toContain('KafkaSink 设为 1 小时');
    const slow = flinkCode(slowSinkAligned, 'java', 'zh');
    const capacity = slowSinkAligned.edges.find((e) => e.capacity != null)!.capacity!;
    const sink = slowSinkAligned.operators.find((o) => o.kind === 'sink')!;
    expect(slow).toContain(`一个通道最多容纳 ${capacity} 条记录`);
    expect(slow).toContain(`${sink.id} 每拍最多处理 ${sink.rate} 条记录`);
  });
});
