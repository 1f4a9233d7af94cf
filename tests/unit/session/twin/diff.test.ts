import { describe, expect, it } from 'vitest';
import { atLeastOnceReplay } from '../../../../src/scenarios/presets/atLeastOnceReplay';
import { twinScenario } from '../../../../src/scenarios/twin';
import { recordTimeline, stateAt } from '../../../../src/session/timeline';
import { twinDiff } from '../../../../src/session/twin/diff';

const atLeastOnce = recordTimeline(atLeastOnceReplay);
const exactlyOnce = recordTimeline(twinScenario(atLeastOnceReplay, { mode: 'exactly-once' }));
const sumOf = (s: ReturnType<typeof stateAt>, id: string) => {
  const task = s.tasks.find((_, i) => i === indexOf(id));
  return task?.state.kind === 'sum' ? task.state.sum : null;
};
const indexOf = (id: string) => {
  const ids = atLeastOnceReplay.operators.flatMap((op) =>
    Array.from({ length: op.parallelism }, (_, k) => `${op.id}#${k}`),
  );
  return ids.indexOf(id);
};

describe('the difference between lesson 4’s run and its exactly-once twin', () => {
  it('is nothing at the start', () => {
    const d = twinDiff(stateAt(atLeastOnce, 0), stateAt(exactlyOnce, 0));
    expect(d.states).toEqual([]);
    expect(d.onlyA).toEqual([]);
    expect(d.onlyB).toEqual([]);
    expect(d.status).toEqual({ a: 'RUNNING', b: 'RUNNING' });
  });

  it('names the sum that took the 4 behind barrier 1 as soon as it differs', () => {
    // At tick 8 the at-least-once sum_even adds the 4 that an aligned one leaves waiting.
    const tick = 8;
    const a = stateAt(atLeastOnce, tick);
    const b = stateAt(exactlyOnce, tick);
    const d = twinDiff(a, b);
    const even = d.states.find((s) => s.task === 'sum_even#0');
    expect(even).toEqual({
      task: 'sum_even#0',
      a: sumOf(a, 'sum_even#0'),
      b: sumOf(b, 'sum_even#0'),
    });
    expect(even!.a - even!.b).toBe(4);
  });

  it('ends with sum_even 44 against 40 and the 4 from source 1 received twice in the at-least-once run only', () => {
    const end = Math.max(atLeastOnce.end, exactlyOnce.end);
    const a = stateAt(atLeastOnce, end);
    const b = stateAt(exactlyOnce, end);
    expect(sumOf(a, 'sum_even#0')).toBe(44);
    expect(sumOf(b, 'sum_even#0')).toBe(40);
    const d = twinDiff(a, b);
    expect(d.states).toContainEqual({ task: 'sum_even#0', a: 44, b: 40 });
    expect(d.states.some((s) => s.task === 'sum_odd#0')).toBe(false);
    // Both sinks are non-transactional: the replay after the restore reaches them in both runs.
    expect(d.onlyA).toEqual([]);
    expect(d.onlyB).toEqual([]);
    expect(d.status).toEqual({ a: a.job.status, b: b.job.status });
    expect(d.completed.a).toBe(a.checkpoints.filter((c) => c.status === 'COMPLETED').length);
  });

  it('sees no difference between a run and itself at any tick', () => {
    for (const tick of [0, 10, 20, 30, atLeastOnce.end]) {
      const s = stateAt(atLeastOnce, tick);
      const d = twinDiff(s, s);
      expect(d.states.length + d.onlyA.length + d.onlyB.length).toBe(0);
    }
  });
});

describe('the difference between a run and its twin without failures', () => {
  it('lists the replayed outputs the failure-free run never received', () => {
    const failureFree = recordTimeline(twinScenario(atLeastOnceReplay, { failures: false }));
    const end = Math.max(atLeastOnce.end, failureFree.end);
    const d = twinDiff(stateAt(atLeastOnce, end), stateAt(failureFree, end));
    // A replayed output the sink had received before the failure: sum_odd failed before the 9
    // from source 2, so that one reached the sink only once.
    const output = stateAt(atLeastOnce, end).tasks.flatMap((t) => t.output);
    const key = (r: (typeof output)[number]) => `${r.from}|${r.origin.task}@${r.origin.index}`;
    const before = new Set(output.filter((r) => !r.replay).map(key));
    const again = output.filter((r) => r.replay && before.has(key(r)));
    expect(again.length).toBeGreaterThan(0);
    expect(d.onlyA.reduce((n, o) => n + o.extra, 0)).toBe(again.length);
    expect(d.onlyA.every((o) => o.sink === 'sink#0')).toBe(true);
    expect(d.onlyB).toEqual([]);
    expect(d.status).toEqual({ a: 'FINISHED', b: 'FINISHED' });
  });
});

describe('records counted twice so far, per run', () => {
  it('finds the 4 from source 1 counted twice in sum_even once it is replayed, in the at-least-once run only', async () => {
    const { countedTwiceAt } = await import('../../../../src/session/twin/counted');
    expect(countedTwiceAt(atLeastOnce.scenario, 20)).toEqual([]);
    const end = atLeastOnce.end;
    expect(countedTwiceAt(atLeastOnce.scenario, end)).toEqual([
      {
        task: 'sum_even#0',
        origin: expect.objectContaining({ task: 'source#0', value: 4 }),
        count: 2,
      },
    ]);
    expect(countedTwiceAt(exactlyOnce.scenario, end)).toEqual([]);
    // Seeking back starts the account over: nothing is counted twice before the replay.
    expect(countedTwiceAt(atLeastOnce.scenario, 21)).toEqual([]);
  });
});
