import { describe, expect, it } from 'vitest';
import { configWarnings } from '../../../src/scenarios/configWarnings';
import { DEFAULT_CHECKPOINT_CONFIG } from '../../../src/scenarios/defaults';
import type { CheckpointConfig, OperatorSpec } from '../../../src/engine';

// Seed section 3.
const SEED: CheckpointConfig = {
  mode: 'exactly-once',
  intervalMs: 1000,
  timeoutMs: 60000,
  maxConcurrent: 2,
  minPauseMs: 500,
  preferCheckpointForRecovery: true,
  tolerableFailures: 3,
};

const fields = (config: CheckpointConfig) => configWarnings(config).map((w) => w.field);

describe('configWarnings', () => {
  it("warns of the seed's own conflict: max concurrent 2 with min pause 500", () => {
    const conflict = configWarnings(SEED).find((w) => w.field === 'maxConcurrent');
    expect(conflict).toBeDefined();
    expect(conflict!.en).toContain('2');
    expect(conflict!.en).toContain('500 ms');
    expect(conflict!.zh).toContain('500 ms');
    expect(conflict!.zh).toMatch(/冲突/);
    // What the docs claim, and what the scheduler does.
    expect(conflict!.en).toMatch(/cannot be used.*CheckpointRequestDecider.*overlap/);
    expect(conflict!.zh).toMatch(/不能使用.*CheckpointRequestDecider.*同时进行/);
  });

  it('has no conflict once either side gives way', () => {
    expect(fields({ ...SEED, maxConcurrent: 1 })).not.toContain('maxConcurrent');
    expect(fields({ ...SEED, minPauseMs: 0 })).not.toContain('maxConcurrent');
  });

  it('warns when the timeout is shorter than the interval, and only then', () => {
    expect(fields({ ...SEED, timeoutMs: 800 })).toContain('timeoutMs');
    expect(fields({ ...SEED, timeoutMs: 1000 })).not.toContain('timeoutMs');
    expect(fields(SEED)).not.toContain('timeoutMs');
  });

  it('warns when the min pause makes the interval meaningless', () => {
    expect(fields({ ...SEED, minPauseMs: 1000 })).toContain('minPauseMs');
    expect(fields({ ...SEED, minPauseMs: 999 })).not.toContain('minPauseMs');
  });

  it('labels preferCheckpointForRecovery as deprecated in 1.12 and removed in 1.14', () => {
    const w = configWarnings(SEED).find((x) => x.field === 'preferCheckpointForRecovery');
    expect(w?.en).toMatch(/1\.12.*1\.14/);
    expect(w?.zh).toMatch(/1\.12.*1\.14/);
    // Removed from the defaults: a scenario that does not set it hears nothing of it.
    const { preferCheckpointForRecovery: _, ...unset } = SEED;
    expect(fields(unset)).not.toContain('preferCheckpointForRecovery');
    // An old file's false is Flink 1.14's recovery from a newer savepoint, labelled as such.
    const legacy = configWarnings({ ...SEED, preferCheckpointForRecovery: false }).find(
      (x) => x.field === 'preferCheckpointForRecovery',
    );
    expect(legacy?.en).toMatch(/1\.14 and earlier.*1\.15/);
    expect(legacy?.zh).toMatch(/1\.14.*1\.15/);
  });

  it('says every warning in both languages', () => {
    const all = [
      ...configWarnings({ ...SEED, timeoutMs: 800, minPauseMs: 1000, mode: 'at-least-once' }),
      ...configWarnings(DEFAULT_CHECKPOINT_CONFIG, {
        type: 'fixed-delay',
        attempts: 0,
        delayMs: 0,
      }),
    ];
    expect(all.length).toBeGreaterThanOrEqual(6);
    for (const w of all) {
      expect(w.en).not.toMatch(/[\u4e00-\u9fff]/);
      expect(w.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('a sink’s transaction timeout', () => {
  const sink = (options: Record<string, unknown>): OperatorSpec[] => [
    { id: 'sink', kind: 'sink', parallelism: 1, topic: 'sums', ...options } as OperatorSpec,
  ];
  const sinkWarnings = (options: Record<string, unknown>) =>
    configWarnings(DEFAULT_CHECKPOINT_CONFIG, undefined, sink(options)).filter(
      (w) => w.field === 'sink',
    );

  it('warns that it does nothing on a sink that writes outside transactions, in both languages', () => {
    const [w, ...more] = sinkWarnings({ transactionTimeoutMs: 3000 });
    expect(more).toEqual([]);
    expect(w.en).toMatch(/sink.*3000 ms.*not write in transactions.*does nothing/);
    expect(w.zh).toMatch(/sink.*3000 ms.*不在事务中写入.*不起作用/);
    expect(w.en).not.toMatch(/[\u4e00-\u9fff]/);
    expect(sinkWarnings({ transactional: false, transactionTimeoutMs: 3000 })).toHaveLength(1);
  });

  it('says nothing of a transactional sink’s timeout, nor of a sink without one', () => {
    expect(sinkWarnings({ transactional: true, transactionTimeoutMs: 3000 })).toEqual([]);
    expect(sinkWarnings({})).toEqual([]);
    expect(sinkWarnings({ transactional: true })).toEqual([]);
  });
});
