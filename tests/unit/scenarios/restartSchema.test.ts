import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenarios/schema';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';

const exponential = {
  type: 'exponential-delay',
  initialMs: 1000,
  maxMs: 60_000,
  multiplier: 1.5,
  resetThresholdMs: 3_600_000,
};

describe('the restart strategy of a scenario file, as Flink 2.3 reads its options', () => {
  it('rejects a backoff multiplier of 1: Flink requires it to be greater than 1', () => {
    const parsed = parseScenario({ ...oddEvenSum, restart: { ...exponential, multiplier: 1 } });
    expect(parsed.ok).toBe(false);
    expect(parseScenario({ ...oddEvenSum, restart: { ...exponential, multiplier: 1.1 } }).ok).toBe(
      true,
    );
  });

  it('fills in jitter-factor 0.1 and an unlimited attempts-before-reset-backoff', () => {
    const parsed = parseScenario({ ...oddEvenSum, restart: exponential });
    expect(parsed.ok && parsed.scenario.restart).toMatchObject({
      jitter: 0.1,
      attempts: 2_147_483_647,
    });
  });

  it('leaves the restart strategy unset when a file has none: Flink then chooses', () => {
    const { restart: _, ...noRestart } = oddEvenSum;
    const parsed = parseScenario(noRestart);
    expect(parsed.ok && parsed.scenario.restart).toEqual({ type: 'default' });
  });

  it('still reads preferCheckpointForRecovery from old files, and writes nothing for it otherwise', () => {
    const old = parseScenario({
      ...oddEvenSum,
      checkpoint: { ...oddEvenSum.checkpoint, preferCheckpointForRecovery: true },
    });
    expect(old.ok && old.scenario.checkpoint.preferCheckpointForRecovery).toBe(true);
    const fresh = parseScenario(oddEvenSum);
    expect(fresh.ok && 'preferCheckpointForRecovery' in fresh.scenario.checkpoint).toBe(false);
  });
});
