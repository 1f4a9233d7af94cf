import { describe, expect, it } from 'vitest';
import { topologyOf } from '../../../../src/engine';
import { sinkTransactions } from '../../../../src/app/graph/transactionView';
import { twoPhaseCommit } from '../../../../src/scenarios/presets/twoPhaseCommit';
import { record } from '../../../helpers/sim';

// The two-phase-commit preset: checkpoint 1 pre-commits sink-0-1 (1, 2, 4, 6, 9) at tick 17;
// sink-0-2 opens with 12; sum_odd fails at tick 20, the open transaction is aborted and the
// restore at tick 23 commits sink-0-1.
const run = record(twoPhaseCommit);
const sink = topologyOf(twoPhaseCommit).taskIndex.get('sink#0')!;
const at = (tick: number) => sinkTransactions(run.states[tick].tasks[sink]);

describe('a transactional sink node', () => {
  it('shows the open transaction with the records written into it so far', () => {
    expect(at(15).current).toMatchObject({ id: 'sink-0-1', state: 'open', records: 5 });
    expect(at(15).committed).toBe(0);
  });

  it('shows the open transaction first, and the pre-committed one waiting for its commit beside it', () => {
    const view = at(19);
    expect(view.current).toMatchObject({ id: 'sink-0-2', state: 'open', records: 1 });
    expect(view.waiting).toMatchObject([
      { id: 'sink-0-1', state: 'pre-committed', records: 5, checkpoint: 1 },
    ]);
  });

  it('shows a pre-committed transaction as the current one when none is open', () => {
    expect(at(17).current).toMatchObject({ id: 'sink-0-1', state: 'pre-committed', records: 5 });
    expect(at(17).waiting).toEqual([]);
  });

  it('counts the committed ones, and lists the aborted one with why', () => {
    const view = at(24);
    expect(view.current).toBeNull();
    expect(view.committed).toBe(1);
    expect(view.all).toMatchObject([
      { id: 'sink-0-1', state: 'committed', records: 5 },
      { id: 'sink-0-2', state: 'aborted', abort: 'failover', records: 1 },
    ]);
  });
});
