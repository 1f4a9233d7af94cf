import { describe, expect, it } from 'vitest';
import { topicsOf } from '../../../../src/engine';
import { consumerViews, type ConsumerView } from '../../../../src/app/panels/topicView';
import { twoPhaseCommit } from '../../../../src/scenarios/presets/twoPhaseCommit';
import { record } from '../../../helpers/sim';

const run = record(twoPhaseCommit);
const at = (tick: number) => consumerViews(topicsOf(run.states[tick])[0]);
const reads = (view: ConsumerView) => view.records.map((r) => `${r.value}:${r.mark}`);

describe('what the consumers of a topic read', () => {
  it('read_uncommitted reads uncommitted records at once; read_committed waits at the first one', () => {
    const [uncommitted, committed] = at(19);
    expect(uncommitted.isolation).toBe('read_uncommitted');
    expect(reads(uncommitted)).toEqual([
      '1:uncommitted',
      '2:uncommitted',
      '4:uncommitted',
      '6:uncommitted',
      '9:uncommitted',
      '12:uncommitted',
    ]);
    expect(committed.records).toEqual([]);
    expect(committed.waitsFor).toEqual({
      transaction: 'sink-0-1',
      state: 'pre-committed',
      records: 5,
    });
  });

  it('read_uncommitted keeps what it read of an aborted transaction; read_committed never reads it', () => {
    const [uncommitted, committed] = at(24);
    expect(reads(uncommitted)).toContain('12:aborted');
    expect(committed.records.map((r) => r.value)).toEqual([1, 2, 4, 6, 9]);
    expect(committed.records.every((r) => r.mark === 'committed')).toBe(true);
    expect(committed.waitsFor).toBeNull();
  });

  it('at the end read_committed has read every sum once, read_uncommitted 12 twice', () => {
    const [uncommitted, committed] = at(run.states.length - 1);
    expect(committed.records.map((r) => r.value)).toEqual([1, 2, 4, 6, 9, 12, 16, 20, 25]);
    expect(uncommitted.records.filter((r) => r.value === 12).map((r) => r.mark)).toEqual([
      'aborted',
      'committed',
    ]);
  });
});
