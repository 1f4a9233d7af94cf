import type { TickDraft } from '../draft';
import { failJob } from './failover';
import { expireTransactions as expire } from './transactions';

/**
 * The broker phase: transactions older than their sink's transaction timeout are aborted, while
 * the job runs and while it is down (restarting, or failed until it is submitted again). A sink
 * whose open transaction was aborted is fenced: its next write fails, and so does the task.
 */
export function expireTransactions(d: TickDraft): void {
  if (d.state.job.status === 'FINISHED') return;
  const fenced = expire(d);
  if (!fenced || d.state.job.status !== 'RUNNING') return;
  const task = d.topology.tasks[fenced.task].id;
  failJob(d, {
    task: fenced.task,
    reason: { code: 'transaction-timed-out', task, transaction: fenced.transaction },
  });
}
