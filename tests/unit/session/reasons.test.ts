import { describe, expect, it } from 'vitest';
import type { Reason, ReasonCode, Scenario } from '../../../src/engine';
import { humanDuration, reasonText } from '../../../src/session/reasons';
import { withDefaults } from '../../../src/scenarios/defaults';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import {
  savepointUpgrade,
  savepointUpgradeResumed,
} from '../../../src/scenarios/presets/savepointUpgrade';

// One of every reason code; the mapped type makes a new code a compile error here.
const SAMPLES: { [K in ReasonCode]: Extract<Reason, { code: K }> } = {
  'task-failed-at-tick': { code: 'task-failed-at-tick', task: 'source#1', tick: 20 },
  'task-failed-before-record': { code: 'task-failed-before-record', task: 'sum_odd#0', record: 7 },
  'task-failed-in-sync-snapshot': {
    code: 'task-failed-in-sync-snapshot',
    task: 'sum_odd#0',
    checkpoint: 2,
  },
  'task-failed-while-restarting': {
    code: 'task-failed-while-restarting',
    task: 'source#0',
    tick: 15,
  },
  'alignment-superseded': { code: 'alignment-superseded', task: 'sum_odd#0', by: 4 },
  'cancellation-barrier': { code: 'cancellation-barrier', task: 'sum_odd#0' },
  'metadata-write-failed': { code: 'metadata-write-failed' },
  'checkpoint-expired': { code: 'checkpoint-expired', timeoutMs: 600 },
  'checkpoint-subsumed': { code: 'checkpoint-subsumed', by: 4 },
  'backend-write-failed': { code: 'backend-write-failed', task: 'source#0' },
  'job-failed-over': { code: 'job-failed-over' },
  'coordinator-shutdown': { code: 'coordinator-shutdown', jobStatus: 'FINISHED' },
  'min-pause': { code: 'min-pause', minPauseMs: 500, lastEndMs: 2600, untilMs: 3100 },
  'tolerable-failures-exceeded': { code: 'tolerable-failures-exceeded', failures: 1, tolerable: 0 },
  'stop-with-savepoint-failed': {
    code: 'stop-with-savepoint-failed',
    savepoint: 2,
    cause: { code: 'backend-write-failed', task: 'sum_odd#0' },
  },
  'no-restart-strategy': { code: 'no-restart-strategy' },
  'restarts-exhausted': { code: 'restarts-exhausted', strategy: 'fixed-delay', attempts: 1 },
  'failure-rate-exceeded': {
    code: 'failure-rate-exceeded',
    strategy: 'failure-rate',
    failures: 6,
    intervalMs: 300_000,
    maxFailures: 5,
  },
  'savepoint-not-completed': { code: 'savepoint-not-completed', status: 'FAILED' },
  'savepoint-without-metadata': { code: 'savepoint-without-metadata' },
  'duplicate-uid': { code: 'duplicate-uid', uid: 'sums' },
  'operator-kind-changed': { code: 'operator-kind-changed', uid: 'total', from: 'sum', to: 'map' },
  'keyed-state-changed': {
    code: 'keyed-state-changed',
    operator: 'sum_even',
    from: 'parity',
    to: null,
  },
  'key-changed': { code: 'key-changed', operator: 'sum_even', from: 'parity', to: 'value' },
  'source-partitions-orphaned': {
    code: 'source-partitions-orphaned',
    operator: 'source',
    parallelism: 1,
    savedParallelism: 2,
    orphans: [{ task: 'source#1', offset: 4 }],
  },
  'unmapped-state': { code: 'unmapped-state', uid: 'total', kind: 'sum', operator: 'sum_odd' },
  'savepoint-not-mappable': {
    code: 'savepoint-not-mappable',
    job: 'Upgraded job',
    savepoint: 5,
    name: 'before-upgrade',
    cause: { code: 'duplicate-uid', uid: 'sums' },
  },
  'savepoint-job-not-started': {
    code: 'savepoint-job-not-started',
    job: 'Old job',
    cause: { code: 'no-restart-strategy' },
  },
  'savepoint-failed': {
    code: 'savepoint-failed',
    job: 'Old job',
    savepoint: 'nightly',
    cause: { code: 'checkpoint-expired', timeoutMs: 10_000 },
  },
  'savepoint-never-completed': { code: 'savepoint-never-completed', job: 'Old job', savepoint: 3 },
  'stopped-with-savepoint': { code: 'stopped-with-savepoint', savepoint: 5 },
  'input-exhausted': { code: 'input-exhausted' },
  'transaction-timed-out': {
    code: 'transaction-timed-out',
    task: 'sink#0',
    transaction: 'sink-0-2',
  },
  'recovery-choice': {
    code: 'recovery-choice',
    restored: 'latest',
    checkpoint: 1,
    kind: 'checkpoint',
    ignoredSavepoint: 2,
  },
};

/** Display names that differ from the ids, so a leaked id shows. */
const named: Scenario = withDefaults({
  ...barrierAlignment,
  operators: barrierAlignment.operators.map((op) => ({ ...op, name: `${op.id} (named)` })),
});
const NAMES = named.operators.map((op) => op.name!);
/** Three Latin words in a row: an English sentence, once names and titles are taken out. */
const ENGLISH = /[a-z]{2,}(?:[ -][a-z]{2,}){2,}/i;
const CJK = /[\u4e00-\u9fff]/;

function withoutNames(text: string): string {
  let rest = text;
  for (const name of NAMES) rest = rest.split(name).join('');
  for (const title of ['Upgraded job', 'Old job']) rest = rest.split(title).join('');
  return rest;
}

describe('reason texts', () => {
  it.each(Object.values(SAMPLES))(
    'says $code in both languages, naming tasks as the graph does',
    (reason) => {
      const en = reasonText(reason, 'en', named);
      const zh = reasonText(reason, 'zh', named);
      for (const text of [en, zh]) {
        expect(text.length).toBeGreaterThan(4);
        expect(text).not.toMatch(/undefined|NaN|null|\[object|[a-z_]+#\d/);
      }
      expect(en).not.toMatch(CJK);
      expect(zh).toMatch(CJK);
      expect(withoutNames(zh)).not.toMatch(ENGLISH);
      // A Chinese sentence takes Chinese punctuation: no ASCII full stop, comma or colon between words.
      expect(zh).not.toMatch(/[\u4e00-\u9fff][.,:;]|[.,:;]$/);
    },
  );

  it('names the tasks of a reason by their display names', () => {
    expect(reasonText(SAMPLES['task-failed-at-tick'], 'en', named)).toBe(
      'source (named) 2 failed at tick 20',
    );
    expect(reasonText(SAMPLES['task-failed-before-record'], 'zh', named)).toBe(
      'sum_odd (named) 在处理记录 7 之前失败',
    );
    expect(reasonText(SAMPLES['stop-with-savepoint-failed'], 'en', named)).toBe(
      'stop-with-savepoint 2 failed: the state backend failed to write the snapshot of sum_odd (named)',
    );
    expect(reasonText(SAMPLES['source-partitions-orphaned'], 'en', named)).toContain(
      'source (named) 2 at offset 4',
    );
  });

  it('counts in the singular and the plural', () => {
    expect(reasonText(SAMPLES['restarts-exhausted'], 'en')).toBe(
      'fixed-delay gave up after 1 restart attempt',
    );
    expect(reasonText({ ...SAMPLES['restarts-exhausted'], attempts: 3 }, 'en')).toBe(
      'fixed-delay gave up after 3 restart attempts',
    );
    expect(reasonText(SAMPLES['tolerable-failures-exceeded'], 'en')).toBe(
      '1 checkpoint failure in a row, more than the 0 tolerated',
    );
    expect(reasonText(SAMPLES['source-partitions-orphaned'], 'en', named)).toContain(
      'now has 1 subtask but',
    );
  });

  it('says durations as people do', () => {
    expect(reasonText(SAMPLES['failure-rate-exceeded'], 'en')).toBe(
      'failure-rate gave up: 6 failures within 5 min (at most 5)',
    );
    expect(reasonText(SAMPLES['failure-rate-exceeded'], 'zh')).toContain('5 分钟内失败 6 次');
    expect(reasonText(SAMPLES['checkpoint-expired'], 'zh')).toContain('600 毫秒');
    expect(reasonText(SAMPLES['min-pause'], 'en')).toBe(
      'the minimum pause (500 ms) since the last checkpoint ended at 2.6 s holds the next one until 3.1 s',
    );
    expect(humanDuration(300_000, 'en')).toBe('5 min');
    expect(humanDuration(10_000, 'en')).toBe('10 s');
    expect(humanDuration(300, 'en')).toBe('300 ms');
    expect(humanDuration(1500, 'en')).toBe('1.5 s');
    expect(humanDuration(7_200_000, 'en')).toBe('2 h');
    expect(humanDuration(1250, 'en')).toBe('1250 ms');
    expect(humanDuration(300_000, 'zh')).toBe('5 分钟');
    expect(humanDuration(10_000, 'zh')).toBe('10 秒');
    expect(humanDuration(300, 'zh')).toBe('300 毫秒');
  });

  it("names a savepoint's operators with the names of the job that took it", () => {
    const renamed: Scenario = {
      ...savepointUpgradeResumed,
      restoreFrom: {
        ...savepointUpgradeResumed.restoreFrom!,
        job: {
          ...savepointUpgrade,
          operators: savepointUpgrade.operators.map((op) =>
            op.id === 'total' ? { ...op, name: 'Total' } : op,
          ),
        },
      },
    };
    const reason: Reason = { code: 'unmapped-state', uid: 'total', kind: 'sum', operator: 'total' };
    expect(reasonText(reason, 'en', renamed)).toContain('of sum Total,');
  });
});
