import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_FIELDS,
  capacityField,
  rateField,
  readNumber,
  restartFields,
  stateSizeField,
  tryChange,
} from '../../../../src/app/panels/configFields';
import { parseScenario } from '../../../../src/scenarios/schema';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';
import { slowSinkAligned } from '../../../../src/scenarios/presets/slowSink';

const field = (path: string) => CHECKPOINT_FIELDS.find((f) => f.path === path)!;

describe('config fields', () => {
  it('change exactly one option and keep the rest', () => {
    const result = tryChange(barrierAlignment, (s) => field('checkpoint.minPauseMs').set(s, 500));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.checkpoint).toEqual({ ...barrierAlignment.checkpoint, minPauseMs: 500 });
    expect(result.scenario.operators).toBe(barrierAlignment.operators);
    expect(barrierAlignment.checkpoint.minPauseMs).toBe(0);
  });

  it('refuse an impossible value with a reason in both languages', () => {
    const timeout = tryChange(barrierAlignment, (s) => field('checkpoint.timeoutMs').set(s, 5));
    expect(timeout.ok).toBe(false);
    if (timeout.ok) return;
    expect(timeout.errors[0].en).toBe('5 is less than the minimum of 10');
    expect(timeout.errors[0].zh).toBe('5 小于下限 10');
    const concurrent = tryChange(barrierAlignment, (s) =>
      field('checkpoint.maxConcurrent').set(s, 1.5),
    );
    expect(concurrent.ok).toBe(false);
    if (!concurrent.ok) expect(concurrent.errors[0].en).toBe('1.5 is not a whole number');
    expect(readNumber('')).toEqual({ en: 'enter a number', zh: '请输入数字' });
    expect(readNumber('', true)).toBeNull();
    expect(readNumber('1e3')).toBe(1000);
  });

  it('offer the parameters of each restart strategy, and none for no restart', () => {
    expect(restartFields('fixed-delay').map((f) => f.path)).toEqual([
      'restart.attempts',
      'restart.delayMs',
    ]);
    expect(restartFields('failure-rate').map((f) => f.path)).toEqual([
      'restart.maxFailures',
      'restart.intervalMs',
      'restart.delayMs',
    ]);
    expect(restartFields('exponential-delay').map((f) => f.path)).toContain('restart.attempts');
    expect(restartFields('exponential-delay')).toHaveLength(6);
    expect(restartFields('none')).toEqual([]);
    expect(restartFields('default')).toEqual([]);
    const scenario = {
      ...barrierAlignment,
      restart: {
        type: 'exponential-delay' as const,
        initialMs: 1000,
        maxMs: 60_000,
        multiplier: 1.5,
        resetThresholdMs: 3_600_000,
        jitter: 0.1,
        attempts: 2_147_483_647,
      },
    };
    const maxMs = restartFields('exponential-delay').find((f) => f.path === 'restart.maxMs')!;
    const below = tryChange(scenario, (s) => maxMs.set(s, 500));
    expect(below.ok).toBe(false);
  });

  it('set a state size on one operator and clear it back to the estimate', () => {
    const size = stateSizeField(barrierAlignment.operators[1], 1);
    const set = tryChange(barrierAlignment, (s) => size.set(s, 4096));
    expect(set.ok).toBe(true);
    if (!set.ok) return;
    expect(set.scenario.operators[1].stateBytes).toBe(4096);
    expect(size.get(set.scenario)).toBe(4096);
    const cleared = size.set(set.scenario, null);
    expect('stateBytes' in cleared.operators[1]).toBe(false);
    expect(parseScenario(cleared).ok).toBe(true);
  });
});

describe('flow control fields', () => {
  it('set one channel’s capacity and keep every other edge', () => {
    const result = tryChange(slowSinkAligned, (s) => capacityField(s, 0).set(s, 2));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.edges[0]).toEqual({ ...slowSinkAligned.edges[0], capacity: 2 });
    expect(result.scenario.edges[1]).toBe(slowSinkAligned.edges[1]);
    expect(capacityField(result.scenario, 0).get(result.scenario)).toBe(2);
    // Empty gives the channel back its default: the key goes.
    const cleared = capacityField(result.scenario, 0).set(result.scenario, null);
    expect('capacity' in cleared.edges[0]).toBe(false);
  });

  it('refuse an impossible capacity or rate with a reason in both languages', () => {
    const none = tryChange(slowSinkAligned, (s) => capacityField(s, 1).set(s, 0));
    expect(none.ok).toBe(false);
    if (!none.ok)
      expect(none.errors[0]).toEqual({ en: '0 is less than the minimum of 1', zh: '0 小于下限 1' });
    const half = tryChange(slowSinkAligned, (s) => rateField(s.operators[2], 2).set(s, 0.5));
    expect(half.ok).toBe(false);
    if (!half.ok) expect(half.errors[0].en).toBe('0.5 is not a whole number');
  });

  it('set a sink’s rate, and name the operators as the graph does', () => {
    const sink = slowSinkAligned.operators.findIndex((op) => op.kind === 'sink');
    const result = tryChange(slowSinkAligned, (s) => rateField(s.operators[sink], sink).set(s, 3));
    expect(result.ok && result.scenario.operators[sink].rate).toBe(3);
    expect(capacityField(slowSinkAligned, 0).label.en).toBe('Source → sum');
  });
});
