import { beforeAll, describe, expect, it } from 'vitest';
import { runSimReport } from '../../helpers/runner';

// The runner's fields for a sink writing a topic, read as a script reads them: what each
// consumer read, and the account of what it read twice or missed.

interface Report {
  topics: { name: string; transactional: boolean }[];
  consumers: { topic: string; isolation: string; values: number[] }[];
  account: {
    isolation: string;
    duplicates: { value: number; seen: number; cause: string }[];
    lost: unknown[];
  }[];
}

const sim = (preset: string) => runSimReport<Report>(preset, '--events', 'none');

const read = (r: Report, isolation: string) =>
  r.consumers.find((c) => c.isolation === isolation)!.values;
const account = (r: Report, isolation: string) => r.account.find((a) => a.isolation === isolation)!;
const twice = (values: number[]) => values.filter((v, i) => values.indexOf(v) !== i);

let exactlyOnce: Report;
let atLeastOnce: Report;
beforeAll(async () => {
  [exactlyOnce, atLeastOnce] = await Promise.all([
    sim('two-phase-commit'),
    sim('at-least-once-sink'),
  ]);
}, 120_000);

describe('the runner on a job whose sink writes a topic', () => {
  it('with a two-phase-commit sink, read_committed reads every sum once, up to the seed’s 20 and 25', () => {
    expect(exactlyOnce.topics).toMatchObject([{ name: 'sums', transactional: true }]);
    const committed = read(exactlyOnce, 'read_committed');
    expect(twice(committed)).toEqual([]);
    expect(committed).toEqual(expect.arrayContaining([20, 25]));
    expect(account(exactlyOnce, 'read_committed')).toMatchObject({ duplicates: [], lost: [] });
  });

  it('read_uncommitted also reads the aborted transaction: the 12 written after barrier 1, written again by the replay', () => {
    expect(twice(read(exactlyOnce, 'read_uncommitted'))).toEqual([12]);
    expect(account(exactlyOnce, 'read_uncommitted').duplicates).toMatchObject([
      { value: 12, seen: 2, cause: 'aborted-transaction' },
    ]);
  });

  it('without transactions, both consumers read the replayed 12 twice', () => {
    expect(atLeastOnce.topics).toMatchObject([{ transactional: false }]);
    for (const isolation of ['read_uncommitted', 'read_committed']) {
      expect(twice(read(atLeastOnce, isolation))).toEqual([12]);
      expect(account(atLeastOnce, isolation).duplicates).toMatchObject([
        { value: 12, cause: 'replayed' },
      ]);
    }
  });
});
