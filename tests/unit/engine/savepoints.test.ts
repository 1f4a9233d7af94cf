import { describe, expect, it } from 'vitest';
import {
  countDefined,
  createInitialState,
  findSavepoint,
  recoveryPoint,
  restoreFromSavepoint,
  runScenario,
  type CheckpointRecord,
  type OperatorSpec,
  type Scenario,
  type SimState,
} from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import {
  savepointUpgrade,
  savepointUpgradeResumed,
  UPGRADE_SAVEPOINT,
} from '../../../src/scenarios/presets/savepointUpgrade';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import { parseScenario } from '../../../src/scenarios/schema';
import { firstEvent, offsetOf, record, snapshotOf, taskState } from '../../helpers/sim';

const NUMBERS = Array.from({ length: 30 }, (_, i) => i + 1);
const sumOfFirst = (n: number, keep: (v: number) => boolean) =>
  NUMBERS.slice(0, n)
    .filter(keep)
    .reduce((a, b) => a + b, 0);
const even = (v: number) => v % 2 === 0;
const odd = (v: number) => !even(v);

const end = (s: Scenario) => runScenario(s).state;
const savepointNamed = (state: SimState, name: string) =>
  state.checkpoints.find((c) => c.kind === 'savepoint' && c.name === name)!;

describe('a savepoint is a checkpoint with metadata, triggered only by the user', () => {
  const { states, events } = record(savepointUpgrade);
  const final = states[states.length - 1];
  const backup = savepointNamed(final, 'backup');

  it('records its name, trigger time, job version and the uid of every operator', () => {
    expect(backup.status).toBe('COMPLETED');
    expect(backup.savepoint).toEqual({
      triggerMs: 1600,
      job: { id: 'savepoint-upgrade', title: savepointUpgrade.title, version: 'v1' },
      operators: [
        { id: 'source', uid: 'numbers', kind: 'source', parallelism: 1, keyBy: null },
        { id: 'enrich', uid: 'enrich', kind: 'map', parallelism: 1, keyBy: null },
        { id: 'sum_by_parity', uid: 'sum-by-parity', kind: 'sum', parallelism: 1, keyBy: 'parity' },
        { id: 'total', uid: 'total', kind: 'sum', parallelism: 1, keyBy: null },
        { id: 'sink', uid: 'sink', kind: 'sink', parallelism: 1, keyBy: null },
      ],
    });
    expect(JSON.parse(JSON.stringify(backup))).toEqual(backup);
  });

  it('falls back to the operator id when an operator has no uid', () => {
    const noUids = withDefaults({
      ...savepointUpgrade,
      operators: savepointUpgrade.operators.map(({ uid: _uid, ...op }) => op as OperatorSpec),
    });
    const sp = savepointNamed(end(noUids), 'backup');
    expect(sp.savepoint!.operators.map((o) => o.uid)).toEqual(noUids.operators.map((op) => op.id));
  });

  it('is never taken by the job itself: periodic checkpoints carry no savepoint metadata', () => {
    const savepoints = final.checkpoints.filter((c) => c.kind === 'savepoint');
    expect(savepoints.map((c) => c.name)).toEqual(['backup', UPGRADE_SAVEPOINT]);
    for (const c of final.checkpoints.filter((c) => c.kind === 'checkpoint')) {
      expect(c.savepoint).toBeNull();
    }
    const triggered = events.filter(
      (e) => e.type === 'CheckpointTriggered' && e.kind === 'savepoint',
    );
    expect(triggered.map((e) => e.tick)).toEqual([16, 46]);
  });

  it('captures the same consistent cut as a checkpoint: the sums hold exactly the offset read', () => {
    const offset = (snapshotOf(final.scenario, backup, 'source#0') as { offset: number }).offset;
    expect(snapshotOf(final.scenario, backup, 'sum_by_parity#0')).toEqual({
      kind: 'sum',
      sum: sumOfFirst(offset, () => true),
      byKey: { even: sumOfFirst(offset, even), odd: sumOfFirst(offset, odd) },
    });
    expect(snapshotOf(final.scenario, backup, 'total#0')).toMatchObject({
      sum: sumOfFirst(offset, () => true),
    });
  });
});

describe('savepoint barriers align like checkpoint barriers', () => {
  const withSavepoint = (mode: 'exactly-once' | 'at-least-once') =>
    record({
      ...barrierAlignment,
      checkpoint: { ...barrierAlignment.checkpoint, mode },
      actions: [{ type: 'savepoint', when: { task: 'source#0', offset: 3 }, name: 'sp' }],
    }).events;

  it('blocks the early input in exactly-once mode', () => {
    const events = withSavepoint('exactly-once');
    expect(firstEvent(events, 'CheckpointTriggered')).toMatchObject({ kind: 'savepoint' });
    expect(events.some((e) => e.type === 'ChannelBlocked' && e.checkpoint === 1)).toBe(true);
    expect(firstEvent(events, 'CheckpointCompleted')).toMatchObject({ kind: 'savepoint' });
  });

  it("does not block in at-least-once mode, as Flink's barrier tracker handles savepoints too", () => {
    const events = withSavepoint('at-least-once');
    expect(events.some((e) => e.type === 'ChannelBlocked')).toBe(false);
    expect(firstEvent(events, 'CheckpointCompleted')).toMatchObject({ kind: 'savepoint' });
  });
});

describe('stop-with-savepoint', () => {
  const { states, events } = record(savepointUpgrade);
  const final = states[states.length - 1];
  const stop = savepointNamed(final, UPGRADE_SAVEPOINT);

  it('ends the job FINISHED, with the reason, in the tick the savepoint completes', () => {
    expect(stop.status).toBe('COMPLETED');
    expect(final.job.status).toBe('FINISHED');
    const finished = firstEvent(events, 'JobFinished');
    expect(finished.reason).toEqual({ code: 'stopped-with-savepoint', savepoint: stop.id });
    expect(finished.tick).toBe(stop.completeTick);
    expect(final.tasks.every((t) => t.status === 'FINISHED')).toBe(true);
  });

  it('reads nothing after its barrier, so the job ends exactly at the savepoint', () => {
    const saved = (snapshotOf(final.scenario, stop, 'source#0') as { offset: number }).offset;
    expect(saved).toBeLessThan(NUMBERS.length);
    expect(offsetOf(final, 'source#0')).toBe(saved);
    expect(taskState(final, 'sum_by_parity#0')).toEqual(
      snapshotOf(final.scenario, stop, 'sum_by_parity#0'),
    );
  });

  it('leaves no checkpoint pending behind it', () => {
    expect(final.checkpoints.filter((c) => c.status === 'IN_PROGRESS')).toEqual([]);
  });

  it('commits what a two-phase-commit sink holds for it', () => {
    const transactional = withDefaults({
      ...savepointUpgrade,
      operators: savepointUpgrade.operators.map((op) =>
        op.kind === 'sink' ? { ...op, transactional: true } : op,
      ),
    });
    const s = end(transactional);
    expect(s.job.status).toBe('FINISHED');
    const sink = taskState(s, 'sink#0');
    expect(sink).toMatchObject({ open: [], precommitted: [] });
    const output = s.tasks[s.tasks.length - 1].output;
    // Every record before the savepoint reached the sink and is visible; none after it.
    expect(output.length).toBeGreaterThan(0);
    const offset = (
      snapshotOf(s.scenario, savepointNamed(s, UPGRADE_SAVEPOINT), 'source#0') as {
        offset: number;
      }
    ).offset;
    expect(output.every((r) => r.origin.index < offset)).toBe(true);
  });

  it('fails the job over when a task cannot write its part of the savepoint', () => {
    const failing = withDefaults({
      ...savepointUpgrade,
      actions: [
        { type: 'savepoint', when: { atTick: 12 }, name: 'stop', stop: true },
        { type: 'fail-backend-write', checkpoint: 2, task: 'total#0' },
      ],
    });
    const run = record(failing);
    const restarting = firstEvent(run.events, 'JobRestarting');
    expect(restarting.cause).toEqual({
      code: 'stop-with-savepoint-failed',
      savepoint: 2,
      cause: { code: 'backend-write-failed', task: 'total#0' },
    });
    const s = run.states[run.states.length - 1];
    expect(s.job.status).toBe('FINISHED');
    // It finished at the end of its input, after a final checkpoint (FLIP-147).
    expect(firstEvent(run.events, 'JobFinished').reason).toMatchObject({ code: 'input-exhausted' });
    expect(firstEvent(run.events, 'JobFinished').reason).toHaveProperty('finalCheckpoint');
  });

  it('lets the job run on when the savepoint expires', () => {
    const expiring = withDefaults({
      ...savepointUpgrade,
      checkpoint: { ...savepointUpgrade.checkpoint, timeoutMs: 1000 },
      actions: [
        { type: 'savepoint', when: { atTick: 12 }, name: 'stop', stop: true },
        { type: 'lose-ack', checkpoint: 2, task: 'sink#0' },
      ],
    });
    const run = record(expiring);
    const s = run.states[run.states.length - 1];
    expect(savepointNamed(s, 'stop')).toMatchObject({ status: 'FAILED' });
    expect(s.job.status).toBe('FINISHED');
    // It finished at the end of its input, after a final checkpoint (FLIP-147).
    expect(firstEvent(run.events, 'JobFinished').reason).toMatchObject({ code: 'input-exhausted' });
    expect(firstEvent(run.events, 'JobFinished').reason).toHaveProperty('finalCheckpoint');
    expect(offsetOf(s, 'source#0')).toBe(NUMBERS.length);
  });
});

describe('failover never restores an intermediate savepoint (Flink 1.15 and later)', () => {
  const { events, states } = record(savepointUpgrade);
  const restarted = firstEvent(events, 'JobRestarted');
  const atFailure = states[firstEvent(events, 'TaskFailed').tick];
  const backup = savepointNamed(atFailure, 'backup');

  it('restores the latest completed checkpoint although the savepoint is newer, and says so', () => {
    const checkpoints = atFailure.checkpoints.filter(
      (c) => c.kind === 'checkpoint' && c.status === 'COMPLETED',
    );
    const latest = checkpoints[checkpoints.length - 1];
    expect(backup.status).toBe('COMPLETED');
    expect(backup.id).toBeGreaterThan(latest.id);
    expect(restarted).toMatchObject({
      checkpoint: latest.id,
      kind: 'checkpoint',
      ignoredSavepoint: backup.id,
    });
    expect(restarted.reason).toEqual({
      code: 'recovery-choice',
      restored: 'latest',
      checkpoint: latest.id,
      kind: 'checkpoint',
      ignoredSavepoint: backup.id,
    });
    const restored = events.filter((e) => e.type === 'StateRestored' && e.tick === restarted.tick);
    expect(restored).toHaveLength(latest ? countDefined(latest.snapshots) : 0);
    for (const e of restored) {
      if (e.type === 'StateRestored')
        expect(e.state).toEqual(snapshotOf(atFailure.scenario, latest, e.task));
    }
  });

  it('starts from empty state rather than from a savepoint when no checkpoint completed', () => {
    const noCheckpoints = withDefaults({
      ...savepointUpgrade,
      checkpoint: { ...savepointUpgrade.checkpoint, intervalMs: null },
    });
    const run = record(noCheckpoints);
    const first = firstEvent(run.events, 'JobRestarted');
    expect(first).toMatchObject({ checkpoint: null, kind: null, ignoredSavepoint: 1 });
    expect(first.reason).toMatchObject({ restored: 'empty', ignoredSavepoint: 1 });
  });

  it('restores the newer savepoint with preferCheckpointForRecovery off, as Flink 1.12 did', () => {
    const old = { ...atFailure, scenario: { ...atFailure.scenario } };
    old.scenario.checkpoint = { ...old.scenario.checkpoint, preferCheckpointForRecovery: false };
    expect(recoveryPoint(old)?.id).toBe(backup.id);
    expect(recoveryPoint(atFailure)?.kind).toBe('checkpoint');
  });

  it('does not let an intermediate savepoint commit transactions or subsume a checkpoint', () => {
    const transactional = withDefaults({
      ...savepointUpgrade,
      operators: savepointUpgrade.operators.map((op) =>
        op.kind === 'sink' ? { ...op, transactional: true } : op,
      ),
    });
    const run = record(transactional);
    const done = firstEvent(run.events, 'CheckpointCompleted', (e) => e.kind === 'savepoint');
    const commits = run.events.filter((e) => e.type === 'SinkCommitted');
    expect(commits.some((e) => e.checkpoint === done.checkpoint)).toBe(false);
  });
});

describe('restoring an upgraded job from a savepoint', () => {
  const v1End = end(savepointUpgrade);
  const savepoint = savepointNamed(v1End, UPGRADE_SAVEPOINT);
  const offset = (snapshotOf(v1End.scenario, savepoint, 'source#0') as { offset: number }).offset;
  const start = createInitialState(savepointUpgradeResumed);

  it('maps the state by uid onto the new job, the keyed sum split by key over 2 subtasks', () => {
    expect(start.job.status).toBe('RUNNING');
    expect(offsetOf(start, 'source#0')).toBe(offset);
    const evenSum = sumOfFirst(offset, even);
    const oddSum = sumOfFirst(offset, odd);
    const subtasks = [taskState(start, 'sum_by_parity#0'), taskState(start, 'sum_by_parity#1')];
    expect(subtasks).toContainEqual({ kind: 'sum', sum: evenSum, byKey: { even: evenSum } });
    expect(subtasks).toContainEqual({ kind: 'sum', sum: oddSum, byKey: { odd: oddSum } });
    const outcome = Object.fromEntries(
      start.restoredFrom!.operators.map((o) => [o.uid, o.outcome]),
    );
    expect(outcome).toEqual({
      numbers: 'restored',
      enrich: 'empty',
      'sum-by-parity': 'rescaled',
      sink: 'empty',
      total: 'skipped',
    });
  });

  it('continues the checkpoint ids after the savepoint', () => {
    const after = end(savepointUpgradeResumed);
    expect(after.checkpoints[0].id).toBe(savepoint.id + 1);
  });

  it('sends every key to the subtask that holds its state, so the totals come out exactly once', () => {
    const after = end(savepointUpgradeResumed);
    expect(after.job.status).toBe('FINISHED');
    const rest = NUMBERS.slice(offset);
    const plus100 = (keep: (v: number) => boolean) =>
      sumOfFirst(offset, keep) + rest.filter(keep).reduce((a, v) => a + v + 100, 0);
    const byKey = [0, 1].map((k) => taskState(after, `sum_by_parity#${k}`));
    const keyed = Object.assign(
      {},
      ...byKey.map((s) => (s.kind === 'sum' ? s.byKey : {})),
    ) as Record<string, number>;
    expect(keyed).toEqual({ even: plus100(even), odd: plus100(odd) });
  });

  it('refuses to start when a stateful operator was dropped, unless allowNonRestoredState', () => {
    const strict = restoreFromSavepoint(savepointUpgradeResumed, savepoint);
    expect(strict.ok).toBe(false);
    if (!strict.ok) {
      expect(strict.error).toMatchObject({
        code: 'savepoint-not-mappable',
        cause: { code: 'unmapped-state', uid: 'total', operator: 'total' },
      });
    }
    const viaScenario = createInitialState({
      ...savepointUpgradeResumed,
      restoreFrom: { ...savepointUpgradeResumed.restoreFrom!, allowNonRestoredState: false },
    });
    expect(viaScenario.job.status).toBe('FAILED');
    expect(viaScenario.job.failReason).toEqual(strict.ok ? null : strict.error);
    expect(
      restoreFromSavepoint(savepointUpgradeResumed, savepoint, { allowNonRestoredState: true }).ok,
    ).toBe(true);
  });

  it('drops a stateless operator without complaint', () => {
    const noMap = withDefaults({
      ...savepointUpgradeResumed,
      operators: savepointUpgradeResumed.operators.filter((op) => op.id !== 'enrich'),
      edges: [
        { from: 'source', to: 'sum_by_parity', partitioning: 'hash', keyBy: 'parity' },
        { from: 'sum_by_parity', to: 'sink', partitioning: 'rebalance' },
      ],
    });
    const result = restoreFromSavepoint(noMap, savepoint, { allowNonRestoredState: true });
    expect(result.ok).toBe(true);
    if (result.ok) {
      const enrich = result.state.restoredFrom!.operators.find((o) => o.uid === 'enrich');
      expect(enrich).toMatchObject({ to: null, outcome: 'empty' });
    }
  });

  it('finds state by uid when the operator id changed, and loses it when the uid changed', () => {
    const renamed = (op: OperatorSpec, id: string, uid?: string): OperatorSpec => ({
      ...op,
      id,
      uid,
    });
    const rename = (uid: string | undefined) =>
      withDefaults({
        ...savepointUpgradeResumed,
        operators: savepointUpgradeResumed.operators.map((op) =>
          op.id === 'sum_by_parity' ? renamed(op, 'sums', uid) : op,
        ),
        edges: savepointUpgradeResumed.edges.map((e) => ({
          ...e,
          from: e.from === 'sum_by_parity' ? 'sums' : e.from,
          to: e.to === 'sum_by_parity' ? 'sums' : e.to,
        })),
      });
    const kept = restoreFromSavepoint(rename('sum-by-parity'), savepoint, {
      allowNonRestoredState: true,
    });
    expect(kept.ok && taskState(kept.state, 'sums#0')).toMatchObject({
      sum: sumOfFirst(offset, even),
    });
    const lost = restoreFromSavepoint(rename('sums-v2'), savepoint);
    expect(lost.ok).toBe(false);
    if (!lost.ok) {
      expect(lost.error).toMatchObject({ cause: { code: 'unmapped-state', uid: 'sum-by-parity' } });
    }
  });

  it('keeps the state when only the logic changed', () => {
    const sameShape = withDefaults({ ...savepointUpgrade, id: 'v1-again', restoreFrom: undefined });
    const stricter = withDefaults({
      ...sameShape,
      operators: sameShape.operators.map((op) =>
        op.id === 'total' ? { ...op, accept: 'even' as const } : op,
      ),
    });
    const result = restoreFromSavepoint(stricter, savepoint);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(taskState(result.state, 'total#0')).toMatchObject({
        sum: sumOfFirst(offset, () => true),
      });
      expect(result.state.restoredFrom!.operators.every((o) => o.outcome !== 'rescaled')).toBe(
        true,
      );
    }
  });

  it('refuses state of another kind under the same uid, and a change between keyed and non-keyed', () => {
    const swap = (change: (op: OperatorSpec) => OperatorSpec) =>
      withDefaults({ ...savepointUpgrade, operators: savepointUpgrade.operators.map(change) });
    const sumBecomesMap = restoreFromSavepoint(
      swap((op) =>
        op.id === 'total' ? { id: 'total', uid: 'total', kind: 'map', parallelism: 1 } : op,
      ),
      savepoint,
    );
    expect(sumBecomesMap.ok).toBe(false);
    if (!sumBecomesMap.ok) {
      expect(sumBecomesMap.error).toMatchObject({
        cause: { code: 'operator-kind-changed', from: 'sum', to: 'map' },
      });
    }
    const unkeyed = restoreFromSavepoint(
      swap((op) =>
        op.id === 'sum_by_parity' && op.kind === 'sum' ? { ...op, keyBy: undefined } : op,
      ),
      savepoint,
    );
    expect(unkeyed.ok).toBe(false);
    if (!unkeyed.ok) {
      expect(unkeyed.error).toMatchObject({
        cause: { code: 'keyed-state-changed', from: 'parity', to: null },
      });
    }
  });

  it('falls back to the savepoint when the new job fails before its first checkpoint', () => {
    const early = withDefaults({
      ...savepointUpgradeResumed,
      actions: [{ type: 'fail-task', task: 'sum_by_parity#1', when: { atTick: 3 } }],
    });
    const run = record(early);
    const restarted = firstEvent(run.events, 'JobRestarted');
    expect(restarted).toMatchObject({ checkpoint: savepoint.id, kind: 'savepoint' });
    const source = firstEvent(
      run.events,
      'StateRestored',
      (e) => e.task === 'source#0' && e.tick === restarted.tick,
    );
    expect(source.state).toEqual({ kind: 'source', offset });
  });

  it('travels in a share link: the scenario parses back and starts from the same state', () => {
    const parsed = parseScenario(JSON.parse(JSON.stringify(savepointUpgradeResumed)));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.scenario.restoreFrom?.savepoint).toBe(UPGRADE_SAVEPOINT);
      expect(createInitialState(parsed.scenario).tasks).toEqual(start.tasks);
    }
  });
});

describe('rescaling on restore', () => {
  const scenario = (sourceParallelism: number, sumParallelism: number): Scenario =>
    withDefaults({
      id: `rescale-${sourceParallelism}-${sumParallelism}`,
      title: 'rescale',
      operators: [
        { id: 'source', kind: 'source', parallelism: sourceParallelism, input: NUMBERS },
        { id: 'by_value', kind: 'sum', parallelism: sumParallelism, accept: 'all', keyBy: 'value' },
        { id: 'plain', kind: 'sum', parallelism: sumParallelism, accept: 'all' },
      ],
      edges: [
        { from: 'source', to: 'by_value', partitioning: 'hash', keyBy: 'value' },
        { from: 'source', to: 'plain', partitioning: 'rebalance' },
      ],
      actions: [{ type: 'savepoint', when: { atTick: 8 }, name: 'sp' }],
    });
  const lookup = findSavepoint(scenario(2, 2), 'sp');
  const sp = (lookup.ok ? lookup.savepoint : null) as CheckpointRecord;
  const offsets = [0, 1].map(
    (k) => (snapshotOf(scenario(2, 2), sp, `source#${k}`) as { offset: number }).offset,
  );
  const total = (state: SimState, prefix: string, n: number) =>
    Array.from({ length: n }, (_, k) => taskState(state, `${prefix}#${k}`)).reduce(
      (a, s) => a + (s.kind === 'sum' ? s.sum : 0),
      0,
    );
  const keys = (state: SimState, n: number) =>
    Array.from({ length: n }, (_, k) => taskState(state, `by_value#${k}`)).map((s) =>
      Object.keys(s.kind === 'sum' ? (s.byKey ?? {}) : {}),
    );

  it('gives new source subtasks a new partition from its start and keeps the old offsets', () => {
    expect(lookup.ok).toBe(true);
    const up = restoreFromSavepoint(scenario(3, 2), sp);
    expect(up.ok).toBe(true);
    if (!up.ok) return;
    expect([0, 1, 2].map((k) => offsetOf(up.state, `source#${k}`))).toEqual([...offsets, 0]);
  });

  it('refuses to scale a source down over read offsets, unless allowNonRestoredState', () => {
    const down = restoreFromSavepoint(scenario(1, 2), sp);
    expect(down.ok).toBe(false);
    if (!down.ok) {
      expect(down.error).toMatchObject({
        cause: { code: 'source-partitions-orphaned', orphans: [{ task: 'source#1' }] },
      });
    }
    const allowed = restoreFromSavepoint(scenario(1, 2), sp, { allowNonRestoredState: true });
    expect(allowed.ok && offsetOf(allowed.state, 'source#0')).toBe(offsets[0]);
  });

  it('moves keyed state by key and keeps every non-keyed sum, in whatever direction', () => {
    const savedTotal =
      (snapshotOf(scenario(2, 2), sp, 'plain#0') as { sum: number }).sum +
      (snapshotOf(scenario(2, 2), sp, 'plain#1') as { sum: number }).sum;
    for (const n of [1, 3, 4]) {
      const result = restoreFromSavepoint(scenario(2, n), sp);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(total(result.state, 'by_value', n)).toBe(savedTotal);
      expect(total(result.state, 'plain', n)).toBe(savedTotal);
      // No key is held twice.
      const all = keys(result.state, n).flat();
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('finishes with the same keyed sums as a run that was never rescaled', () => {
    const unscaled = end(scenario(2, 2));
    const rescaled = end({
      ...scenario(2, 3),
      actions: [],
      restoreFrom: { job: scenario(2, 2), savepoint: 'sp', allowNonRestoredState: false },
    });
    expect(rescaled.job.status).toBe('FINISHED');
    const merged = (state: SimState, n: number) =>
      Object.assign(
        {},
        ...Array.from({ length: n }, (_, k) => taskState(state, `by_value#${k}`)).map((s) =>
          s.kind === 'sum' ? s.byKey : {},
        ),
      );
    expect(merged(rescaled, 3)).toEqual(merged(unscaled, 2));
  });

  it('says clearly when the savepoint does not exist', () => {
    const missing = findSavepoint(scenario(2, 2), 'nope');
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.error).toMatchObject({ code: 'savepoint-never-completed', savepoint: 'nope' });
    }
    const s = createInitialState({
      ...scenario(2, 2),
      restoreFrom: { job: scenario(2, 2), savepoint: 'nope', allowNonRestoredState: false },
    });
    expect(s.job.status).toBe('FAILED');
  });
});
