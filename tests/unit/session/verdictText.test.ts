import { describe, expect, it } from 'vitest';
import { judge, runScenario, type Scenario } from '../../../src/engine';
import { verdictText } from '../../../src/session/verdictText';
import { withDefaults } from '../../../src/scenarios/defaults';
import { atLeastOnceReplay } from '../../../src/scenarios/presets/atLeastOnceReplay';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import { restartFixedDelay } from '../../../src/scenarios/presets/restartFixedDelay';
import {
  twoPhaseCommit,
  twoPhaseCommitTimeout,
} from '../../../src/scenarios/presets/twoPhaseCommit';
import {
  savepointUpgrade,
  savepointUpgradeResumed,
} from '../../../src/scenarios/presets/savepointUpgrade';

/** The result strip's text at the end of a scenario's run, in both languages. */
function strip(scenario: Scenario) {
  const run = runScenario(scenario);
  const verdict = judge(run);
  const say = (language: 'en' | 'zh') => {
    const { tone, lines } = verdictText(verdict, run.state, run.state.tick, language);
    return { tone, text: lines.join(language === 'zh' ? '' : ' '), lines };
  };
  return { en: say('en'), zh: say('zh'), verdict };
}

/** Three Latin words in a row: an English sentence in the Chinese strip. */
const ENGLISH = /[a-z]{2,}(?:[ -][a-z]{2,}){2,}/i;

function chineseOnly(text: string) {
  // Names on the graph and Flink's words stay as they are.
  const rest = text.replace(/sum_by_parity|sum_even|sum_odd|total|Source \d|Sink|sink/g, '');
  expect(rest, text).not.toMatch(ENGLISH);
  // Chinese sentences end with Chinese punctuation ("应为 40." was a bug).
  expect(text, text).not.toMatch(/[.;:,]\s*$|\d\.(?!\d)|[\u4e00-\u9fff][.;:,]/);
}

describe('the result strip says what happened, never "lost" or "twice" unless it was', () => {
  it("lesson 6's version 1, stopped with savepoint 5: exactly once on what it read, the rest for the next job", () => {
    const { en, zh } = strip(savepointUpgrade);
    expect(en.tone).toBe('ok');
    expect(en.lines[0]).toBe(
      'Stopped with savepoint 5: inside Flink, every record read before it counted exactly once (sum_by_parity = 120, total = 120, as without failures).',
    );
    expect(en.lines[1]).toBe(
      'The 15 records of Source 1 after offset 15 are left for the next job.',
    );
    // Its non-transactional sink really received replayed output twice; no state lost anything.
    expect(en.text).not.toMatch(/\blost\b|not 276/);
    expect(en.text).toContain('The sink received 10 output records twice');
    expect(zh.text).toContain('作业随保存点 5 停止');
    expect(zh.text).toContain('Source 1 偏移量 15 之后的 15 条记录留给下一个作业。');
    chineseOnly(zh.text);
  });

  it('a job without state, a source straight into a sink: no empty brackets where the sums go', () => {
    const sinkOnly = withDefaults({
      id: 'sink-only',
      title: 'A source into a sink',
      operators: [
        { id: 'source', kind: 'source', parallelism: 1, input: [1, 2, 3, 4, 5] },
        { id: 'sink', kind: 'sink', parallelism: 1 },
      ],
      edges: [{ from: 'source', to: 'sink', partitioning: 'forward', latency: 1 }],
      actions: [],
    });
    const { en, zh } = strip(sinkOnly);
    expect(en.tone).toBe('ok');
    expect(en.lines[0]).toBe(
      'Exactly-once holds: every record counted once, as in the failure-free run.',
    );
    expect(zh.lines[0]).toBe('精确一次成立：每条记录只计算一次，与无故障运行相同。');
    chineseOnly(zh.text);
  });

  it('the transaction timeout trap: exactly-once inside Flink, and the read_committed consumer lost records', () => {
    const { en, zh } = strip(twoPhaseCommitTimeout);
    expect(en.tone).toBe('bad');
    // The first sentence is about the job's state, and says so: it does not say "exactly-once
    // holds" of a run whose consumer lost records.
    expect(en.lines[0]).toMatch(/^Inside Flink, exactly-once holds: every record counted once \(/);
    expect(en.text).toMatch(/read_committed consumer of \S+ (missed|lost)/);
    expect(zh.lines[0]).toMatch(/^Flink 内部精确一次成立：每条记录只计算一次（/);
    chineseOnly(zh.text);
  });

  it('odd-even-sum stopped at tick 13', () => {
    const stopped = {
      ...oddEvenSum,
      actions: [
        ...oddEvenSum.actions,
        { type: 'savepoint' as const, when: { atTick: 13 }, name: 'stop-at-13', stop: true },
      ],
    };
    const { en, zh } = strip(stopped);
    expect(en.tone).toBe('ok');
    expect(en.text).toBe(
      'Stopped with savepoint 1: every record read before it counted exactly once (sum_even = 6, sum_odd = 9, as without failures). The 4 records of Source 1 after offset 5 are left for the next job.',
    );
    chineseOnly(zh.text);
  });

  it("lesson 6's version 2 is judged together with version 1", () => {
    const { en, zh } = strip(savepointUpgradeResumed);
    expect(en.tone).toBe('ok');
    expect(en.text).toBe(
      'Exactly-once holds across both jobs: each record counted once, before savepoint 5 by the job that took it, after it by this one (sum_by_parity = 1965, as without failures).',
    );
    expect(zh.text).toContain('两个作业合起来满足精确一次');
    chineseOnly(zh.text);
  });

  it('names the record an at-least-once replay counted twice, and ends Chinese sentences in Chinese', () => {
    const { en, zh, verdict } = strip(atLeastOnceReplay);
    const d = verdict.duplicates[0];
    expect(en.tone).toBe('bad');
    expect(en.text).toContain(`sum_even counted record ${d.origin.value} from Source 1 twice.`);
    const wrong = verdict.sums.find((s) => s.actual !== s.expected)!;
    expect(en.text).toContain(`${wrong.operator} ends at ${wrong.actual}, not ${wrong.expected}.`);
    expect(zh.text).toContain(`${wrong.operator} 最终为 ${wrong.actual}，应为 ${wrong.expected}。`);
    chineseOnly(zh.text);
  });

  it('says why a job failed, with a full stop in each language', () => {
    const { en, zh } = strip(restartFixedDelay);
    expect(en.tone).toBe('bad');
    expect(en.text).toBe('The job failed: fixed-delay gave up after 3 restart attempts.');
    expect(zh.text).toBe('作业失败：固定延迟重启策略（fixed-delay）在 3 次重启尝试后放弃。');
  });
});

describe('the result strip says what each consumer of a topic read', () => {
  it('two-phase-commit: read_committed read every record once, read_uncommitted read 12 twice from the aborted transaction', () => {
    const { en, zh } = strip(twoPhaseCommit);
    expect(en.tone).toBe('ok');
    expect(en.lines).toContain(
      'The read_uncommitted consumer of sums read 12 (from sum_even) twice: one copy was in an aborted transaction.',
    );
    expect(en.lines).toContain(
      'The read_committed consumer of sums read every record exactly once.',
    );
    expect(en.text).not.toMatch(/\blost\b/);
    expect(zh.text).toContain(
      '主题 sums 的 read_uncommitted 消费者把 12（来自 sum_even）读了两次，因为其中一份在已中止的事务中。',
    );
    expect(zh.text).toContain('主题 sums 的 read_committed 消费者恰好读到每条记录一次。');
    chineseOnly(zh.text.replace(/read_(un)?committed|sums/g, ''));
  });

  it('the transaction timeout trap: read_committed lost records though the checkpoint completed, and says why', () => {
    // Checkpoint 1 completes, its commit notification is late, the sink fails before it
    // arrives and the job stays down 3 s, longer than the 2 s transaction timeout.
    const trap = withDefaults({
      id: 'timeout-trap',
      title: 'The transaction timeout trap',
      operators: [
        {
          id: 'source',
          kind: 'source',
          parallelism: 1,
          input: [1, 2, 3, 4, 5, 6, 7, 8, 9],
          period: 2,
        },
        { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
        {
          id: 'sink',
          kind: 'sink',
          parallelism: 1,
          topic: 'sums',
          transactional: true,
          transactionTimeoutMs: 2000,
        },
      ],
      edges: [
        { from: 'source', to: 'sum', partitioning: 'forward', latency: 1 },
        { from: 'sum', to: 'sink', partitioning: 'forward', latency: 1 },
      ],
      checkpoint: { intervalMs: 600, initialDelayMs: 600 },
      actions: [
        { type: 'delay-commit-notification', checkpoint: 1, delayMs: 5000 },
        { type: 'fail-task', task: 'sink#0', when: { atTick: 12 } },
      ],
      restart: { type: 'fixed-delay', attempts: 3, delayMs: 3000 },
    });
    const { en, zh, verdict } = strip(trap);
    const account = verdict.consumers.find((c) => c.isolation === 'read_committed')!;
    expect(account.lost.length).toBeGreaterThan(0);
    expect(en.tone).toBe('bad');
    const line = en.lines.find((l) => l.startsWith('The read_committed consumer'))!;
    expect(line).toContain(`lost ${account.lost[0].value} (from `);
    expect(line).toContain(
      'the broker aborted their transaction when the transaction timeout ran out, though its checkpoint had completed',
    );
    expect(zh.text).toContain(
      '所在的事务超过了事务超时时间，被 Broker 中止，尽管它的检查点已经完成',
    );
    chineseOnly(zh.text.replace(/read_(un)?committed|sums|broker/g, ''));
  });
});
