import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RestartStrategy, Scenario, ScenarioAction, TimedEvent } from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { restartJob } from '../../../src/scenarios/presets/restartJob';
import { runSimReport } from '../../helpers/runner';

// The failure actions of Flink's CheckpointFailureManager and restart strategies, run as a
// script runs them: a scenario file through the headless runner, its JSON read back.

const SECOND = 1000;
const dir = mkdtempSync(join(tmpdir(), 'sim-actions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  job: { status: string; restarts: number; failReason?: { code: string } };
  events: TimedEvent[];
}

function job(restart: RestartStrategy, actions: ScenarioAction[], tolerableFailures = 0): Scenario {
  return withDefaults({
    id: 'failure-actions',
    title: 'failure actions',
    tickMs: SECOND,
    ...restartJob(200, 1),
    checkpoint: { intervalMs: 5 * SECOND, initialDelayMs: 5 * SECOND, tolerableFailures },
    restart,
    actions,
  });
}

let files = 0;
function sim(scenario: Scenario): Promise<Report> {
  const path = join(dir, `scenario-${files++}.json`);
  writeFileSync(path, JSON.stringify(scenario));
  return runSimReport(path, '--events', 'milestones');
}

const fixed: RestartStrategy = { type: 'fixed-delay', attempts: 3, delayMs: 10 * SECOND };
const of = (report: Report, type: string) => report.events.filter((e) => e.type === type);

describe('the runner on failure actions, by CheckpointFailureManager', () => {
  it('fail-sync-snapshot fails the task over and never counts, however many failures are tolerated', async () => {
    const report = await sim(
      job(fixed, [{ type: 'fail-sync-snapshot', checkpoint: 1, task: 'sum#0' }], 1000),
    );
    expect(of(report, 'TaskFailed')).toEqual([
      expect.objectContaining({
        task: 'sum#0',
        reason: expect.objectContaining({ code: 'task-failed-in-sync-snapshot' }),
      }),
    ]);
    expect(report.job.restarts).toBe(1);
    // A task failure, not a checkpoint failure counted against the tolerance.
    expect(JSON.stringify(of(report, 'JobRestarting'))).not.toContain(
      'tolerable-failures-exceeded',
    );
  }, 60_000);

  it('fail-checkpoint-metadata counts: with none tolerated it fails the job over, with one it does not', async () => {
    const metadata: ScenarioAction[] = [{ type: 'fail-checkpoint-metadata', checkpoint: 1 }];
    const strict = await sim(job(fixed, metadata, 0));
    expect(of(strict, 'JobRestarting')[0]).toMatchObject({
      cause: { code: 'tolerable-failures-exceeded', failures: 1, tolerable: 0 },
    });
    const tolerant = await sim(job(fixed, metadata, 1));
    expect(of(tolerant, 'CheckpointFailed')[0]).toMatchObject({ checkpoint: 1 });
    expect(tolerant.job.restarts).toBe(0);
    expect(tolerant.job.status).toBe('FINISHED');
  }, 60_000);

  it('fail-while-restarting counts for failure-rate and is merged by exponential-delay', async () => {
    const twice: ScenarioAction[] = [
      { type: 'fail-task', task: 'sum#0', when: { atTick: 12 } },
      { type: 'fail-while-restarting', task: 'source#0', when: { atTick: 15 } },
    ];
    const rate = await sim(
      job(
        { type: 'failure-rate', maxFailures: 1, intervalMs: 300_000, delayMs: 10 * SECOND },
        twice,
      ),
    );
    expect(of(rate, 'TaskFailed').map((e) => e.tick)).toEqual([12, 15]);
    expect(rate.job.status).toBe('FAILED');
    expect(rate.job.failReason).toMatchObject({ code: 'failure-rate-exceeded' });

    const exponential = await sim(
      job(
        {
          type: 'exponential-delay',
          initialMs: 10 * SECOND,
          maxMs: 80 * SECOND,
          multiplier: 2,
          resetThresholdMs: 3_600_000,
          jitter: 0,
          attempts: 2_147_483_647,
        },
        twice,
      ),
    );
    // One restart, at 12 + 10 s: the failure at 15 joined the pending one.
    expect(of(exponential, 'JobRestarted').map((e) => e.tick)).toEqual([22]);
    expect(exponential.job.status).toBe('FINISHED');
  }, 60_000);
});
