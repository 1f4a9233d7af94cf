import { describe, expect, it } from 'vitest';
import {
  restoreFromSavepoint,
  runScenario,
  topologyOf,
  type OperatorSpec,
  type Reason,
  type Scenario,
  type SimEvent,
  type SimEventType,
} from '../../../src/engine';
import { describeEvent } from '../../../src/session/describeEvent';
import { taskName } from '../../../src/session/narration';
import { reasonText } from '../../../src/session/reasons';
import { withDefaults } from '../../../src/scenarios/defaults';
import { PRESETS } from '../../../src/scenarios/presets';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import {
  savepointUpgrade,
  savepointUpgradeResumed,
} from '../../../src/scenarios/presets/savepointUpgrade';
import { record } from '../../helpers/sim';

const origin = { task: 'source#1', index: 6, value: 7 };
const sumState = { kind: 'sum' as const, sum: 9, byKey: null };

// One of every event type; the mapped type makes a new engine event a compile error here.
const SAMPLES: { [K in SimEventType]: Extract<SimEvent, { type: K }> } = {
  CheckpointTriggered: { type: 'CheckpointTriggered', checkpoint: 3, kind: 'checkpoint' },
  TriggerReceived: { type: 'TriggerReceived', task: 'source#0', checkpoint: 3 },
  BarrierInjected: { type: 'BarrierInjected', task: 'source#0', checkpoint: 3, offset: 5 },
  BarrierReceived: {
    type: 'BarrierReceived',
    task: 'sum_even#0',
    channel: 'source#1->sum_even#0',
    checkpoint: 3,
  },
  ChannelBlocked: {
    type: 'ChannelBlocked',
    task: 'sum_even#0',
    channel: 'source#1->sum_even#0',
    checkpoint: 3,
  },
  ChannelUnblocked: {
    type: 'ChannelUnblocked',
    task: 'sum_even#0',
    channel: 'source#1->sum_even#0',
    checkpoint: 3,
  },
  BarrierOvertook: {
    type: 'BarrierOvertook',
    task: 'sum_odd#0',
    channel: 'source#1->sum_odd#0',
    checkpoint: 3,
    records: [5, 7],
  },
  AlignmentTimedOut: {
    type: 'AlignmentTimedOut',
    task: 'sum_odd#0',
    checkpoint: 3,
    timeoutMs: 300,
  },
  SnapshotTaken: { type: 'SnapshotTaken', task: 'sum_odd#0', checkpoint: 3, state: sumState },
  BarrierForwarded: { type: 'BarrierForwarded', task: 'sum_odd#0', checkpoint: 3 },
  CheckpointDeclined: {
    type: 'CheckpointDeclined',
    task: 'sum_odd#0',
    checkpoint: 3,
    reason: { code: 'alignment-superseded', task: 'sum_odd#0', by: 4 },
  },
  AlignmentAborted: { type: 'AlignmentAborted', task: 'sum_odd#0', checkpoint: 3 },
  SnapshotStored: { type: 'SnapshotStored', task: 'sum_odd#0', checkpoint: 3 },
  BackendWriteFailed: { type: 'BackendWriteFailed', task: 'sum_odd#0', checkpoint: 3 },
  CheckpointAcknowledged: { type: 'CheckpointAcknowledged', task: 'sum_odd#0', checkpoint: 3 },
  AckLost: { type: 'AckLost', task: 'sum_odd#0', checkpoint: 3 },
  CheckpointCompleted: { type: 'CheckpointCompleted', checkpoint: 3, kind: 'savepoint' },
  CheckpointFailed: {
    type: 'CheckpointFailed',
    checkpoint: 3,
    kind: 'checkpoint',
    reason: { code: 'checkpoint-expired', timeoutMs: 600 },
  },
  CheckpointSkipped: {
    type: 'CheckpointSkipped',
    reason: { code: 'min-pause', minPauseMs: 2000, lastEndMs: 1200, untilMs: 3200 },
  },
  CheckpointRequestQueued: { type: 'CheckpointRequestQueued', periodic: true, pending: 1 },
  SinkCommitted: { type: 'SinkCommitted', task: 'sink#0', checkpoint: 3, records: 4 },
  SourcesPaused: { type: 'SourcesPaused', checkpoint: 3 },
  SourcesResumed: { type: 'SourcesResumed', checkpoint: 3 },
  RecordEmitted: { type: 'RecordEmitted', task: 'source#1', record: 7, offset: 7, replay: true },
  RecordProcessed: {
    type: 'RecordProcessed',
    task: 'sum_odd#0',
    record: 7,
    origin,
    applied: true,
    replay: false,
  },
  RecordOutput: { type: 'RecordOutput', task: 'sink#0', record: 7, origin, replay: false },
  TaskFailed: {
    type: 'TaskFailed',
    task: 'sum_odd#0',
    record: 7,
    origin,
    reason: { code: 'task-failed-before-record', task: 'sum_odd#0', record: 7 },
  },
  TasksCanceled: { type: 'TasksCanceled', tasks: ['source#0', 'sum_even#0', 'sum_odd#0'] },
  JobRestarting: {
    type: 'JobRestarting',
    delayTicks: 3,
    attempt: 2,
    cause: { code: 'task-failed-at-tick', task: 'sum_odd#0', tick: 20 },
  },
  StateRestored: { type: 'StateRestored', task: 'sum_odd#0', checkpoint: 3, state: sumState },
  SourceRewound: { type: 'SourceRewound', task: 'source#0', offset: 5, from: 7 },
  JobRestarted: { type: 'JobRestarted', checkpoint: 3, kind: 'checkpoint' },
  JobFailed: {
    type: 'JobFailed',
    reason: { code: 'restarts-exhausted', strategy: 'fixed-delay', attempts: 3 },
    cause: { code: 'task-failed-at-tick', task: 'sum_odd#0', tick: 20 },
  },
  InputFinished: { type: 'InputFinished', awaitingCheckpoint: true },
  TransactionBegun: { type: 'TransactionBegun', task: 'sink#0', transaction: 'sink-0-1' },
  TransactionPreCommitted: {
    type: 'TransactionPreCommitted',
    task: 'sink#0',
    transaction: 'sink-0-1',
    checkpoint: 1,
    records: 3,
  },
  TransactionAborted: {
    type: 'TransactionAborted',
    task: 'sink#0',
    transaction: 'sink-0-1',
    why: 'timeout',
    records: 3,
    completedCheckpoint: 1,
  },
  TransactionLost: {
    type: 'TransactionLost',
    task: 'sink#0',
    transaction: 'sink-0-1',
    checkpoint: 1,
    records: 3,
  },
  CommitNotificationLost: { type: 'CommitNotificationLost', task: 'sink#0', checkpoint: 1 },
  JobFinished: { type: 'JobFinished', reason: { code: 'input-exhausted' } },
  RunHalted: {
    type: 'RunHalted',
    budget: { code: 'budget-exceeded', limit: 'in-flight', used: 50_001, max: 50_000 },
  },
};

const CJK = /[\u4e00-\u9fff]/;

describe('narration', () => {
  it.each(Object.values(SAMPLES))('says $type in English and in Chinese', (event) => {
    const en = describeEvent(event, 'en');
    const zh = describeEvent(event, 'zh');
    for (const sentence of [en, zh]) {
      expect(sentence.length).toBeGreaterThan(8);
      expect(sentence).not.toMatch(/undefined|NaN|null|\[object|#\d/);
    }
    expect(en).not.toMatch(CJK);
    expect(zh).toMatch(CJK);
  });

  it('names subtasks 1-based, as the web UI counts them', () => {
    expect(taskName('source#0', barrierAlignment)).toBe('Source 1');
    expect(taskName('source#1', barrierAlignment)).toBe('Source 2');
    expect(taskName('sum_even#0', barrierAlignment)).toBe('sum_even');
    expect(describeEvent(SAMPLES.BarrierReceived, 'en')).toContain('from Source 2');
  });

  it('carries the numbers of a checkpoint that failed, and translates the reason', () => {
    expect(describeEvent(SAMPLES.CheckpointFailed, 'en')).toBe(
      'Checkpoint 3 failed: expired before completing (timeout 600 ms)',
    );
    const zh = describeEvent(SAMPLES.CheckpointFailed, 'zh');
    expect(zh).toContain('检查点 3');
    expect(zh).toContain('600 毫秒');
    expect(zh).not.toContain('expired');
    expect(describeEvent(SAMPLES.JobRestarting, 'en', oddEvenSum)).toContain('restarts in 300 ms');
    const slow = { ...oddEvenSum, tickMs: 5000 };
    expect(describeEvent(SAMPLES.JobRestarting, 'en', slow)).toContain('restarts in 15 s');
    const atTick = {
      type: 'TaskFailed' as const,
      task: 'sum_even#0',
      reason: { code: 'task-failed-at-tick' as const, task: 'sum_even#0', tick: 30 },
    };
    expect(describeEvent(atTick, 'en')).toBe('sum_even failed at tick 30');
    expect(describeEvent(atTick, 'zh')).toBe('sum_even 在第 30 拍失败');
    expect(describeEvent(SAMPLES.CheckpointCompleted, 'zh')).toContain('保存点 3');
    const stopTheWorld = {
      ...oddEvenSum,
      checkpoint: { ...oddEvenSum.checkpoint, mode: 'stop-the-world' as const },
    };
    expect(describeEvent(SAMPLES.CheckpointTriggered, 'en', stopTheWorld)).toContain('pause');
    expect(describeEvent(SAMPLES.CheckpointTriggered, 'en', oddEvenSum)).toContain('trigger');
  });

  it("tells the seed's first example with its numbers", () => {
    const { events } = record(oddEvenSum);
    const en = events.map((e) => describeEvent(e, 'en', oddEvenSum));
    const zh = events.map((e) => describeEvent(e, 'zh', oddEvenSum));
    expect(en).toContain('Source 1 stored offset 5 and emitted barrier 1');
    expect(zh).toContain('Source 1 保存偏移量 5 并发出分界线 1');
    expect(en).toContain('sum_even took its snapshot for checkpoint 1 (sum = 6)');
    expect(en).toContain('sum_odd took its snapshot for checkpoint 1 (sum = 9)');
    expect(en).toContain('sum_odd failed just before processing record 7');
    expect(zh).toContain('sum_odd 在处理记录 7 之前失败');
    expect(en).toContain('sum_odd restored its state from checkpoint 1 (sum = 9)');
    expect(en).toContain('Source 1 rewound from offset 7 to offset 5 and will replay from there');
  });

  it("tells the seed's alignment example: the early input blocks until the late barrier", () => {
    const { events } = record(barrierAlignment);
    const en = events.map((e) => describeEvent(e, 'en', barrierAlignment));
    const zh = events.map((e) => describeEvent(e, 'zh', barrierAlignment));
    expect(en).toContain(
      'sum_even blocked its input from Source 1 until barrier 1 arrives on every input',
    );
    expect(
      zh.some((s) => s.startsWith('sum_even 阻塞来自 Source 1 的输入') && s.includes('对齐')),
    ).toBe(true);
    expect(en).toContain('Checkpoint 1 completed: every task acknowledged it');
  });

  it('gives every reason the engine gives in Chinese, not in English, in the Chinese UI', () => {
    // Three English words in a row, once the job's own names are taken out, is an untranslated
    // sentence: what a reader of the Chinese UI must never meet.
    const english = /[a-z]{2,}(?:[ -][a-z]{2,}){2,}/i;
    const seen: { scenario: Scenario; reason: Reason }[] = [];
    const reasonsOf = (scenario: Scenario) => {
      const { state, events } = runScenario(scenario);
      for (const e of events) {
        if ('reason' in e && e.reason) seen.push({ scenario, reason: e.reason });
        if ('cause' in e && e.cause) seen.push({ scenario, reason: e.cause });
      }
      for (const c of state.checkpoints) {
        if (c.failReason) seen.push({ scenario, reason: c.failReason });
      }
      if (state.job.failReason) seen.push({ scenario, reason: state.job.failReason });
    };
    PRESETS.forEach(reasonsOf);
    // A minimum pause that holds the periodic trigger back.
    reasonsOf({ ...oddEvenSum, checkpoint: { ...oddEvenSum.checkpoint, minPauseMs: 2_000 } });
    // A stop-with-savepoint whose write fails.
    const stop: Scenario = {
      ...barrierAlignment,
      checkpoint: { ...barrierAlignment.checkpoint, intervalMs: null },
      actions: [
        { type: 'savepoint', when: { atTick: 2 }, stop: true },
        { type: 'fail-backend-write', checkpoint: 1 },
      ],
    };
    reasonsOf(stop);
    // Savepoints a job cannot start from.
    const savepoint = runScenario(savepointUpgrade).state.checkpoints.find(
      (c) => c.kind === 'savepoint' && c.status === 'COMPLETED',
    )!;
    const swap = (change: (op: OperatorSpec) => OperatorSpec) =>
      withDefaults({ ...savepointUpgrade, operators: savepointUpgrade.operators.map(change) });
    const refusing = [
      savepointUpgradeResumed,
      swap((op) => (op.id === 'total' ? { id: 'total', kind: 'map', parallelism: 1 } : op)),
      swap((op) => (op.kind === 'sum' && op.keyBy ? { ...op, keyBy: undefined } : op)),
    ];
    for (const scenario of refusing) {
      const r = restoreFromSavepoint(scenario, savepoint);
      expect(r.ok).toBe(false);
      if (!r.ok) seen.push({ scenario, reason: r.error });
    }

    const codes = new Set(seen.map((s) => s.reason.code));
    for (const expected of ['min-pause', 'stop-with-savepoint-failed', 'savepoint-not-mappable']) {
      expect(codes).toContain(expected);
    }
    for (const { scenario, reason } of seen) {
      let zh = reasonText(reason, 'zh', scenario);
      for (const task of topologyOf(scenario).tasks)
        zh = zh.split(taskName(task.id, scenario)).join('');
      zh = zh.replaceAll(scenario.title, '');
      expect(zh, JSON.stringify(reason)).not.toMatch(english);
    }
  });
});
