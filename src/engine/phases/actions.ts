import type { TickDraft } from '../draft';
import type { Trigger } from '../types';
import { triggerCheckpoint } from './checkpointing';
import { queueRequest } from './coordinator';
import { failJob, restoreJob } from './failover';

function triggered(d: TickDraft, when: Trigger): boolean {
  if ('atTick' in when) return d.tick >= when.atTick;
  const index = d.topology.taskIndex.get(when.task);
  if (index === undefined) return false;
  const state = d.state.tasks[index].state;
  return state.kind === 'source' && state.offset >= when.offset;
}

/**
 * The action phase: scheduled checkpoints (queued for the coordinator), savepoints and task
 * failures that are due. A
 * condition reads the state the previous tick left. A failure due while the job restarts
 * waits until the job runs again.
 */
export function runActions(d: TickDraft): void {
  d.scenario.actions.forEach((action, k) => {
    if (d.state.fired[k]) return;
    const status = d.state.job.status;
    if (action.type === 'resume-from-checkpoint') {
      // Only a job that failed for good: a running job has nothing to resume, a restarting one
      // is restored by its restart strategy, and the action waits for the failure.
      if (status !== 'FAILED' || d.tick < action.when.atTick) return;
      d.markFired(k);
      restoreJob(d, true);
      return;
    }
    if (status === 'FAILED' || status === 'FINISHED') return;
    switch (action.type) {
      case 'checkpoint': {
        // Not forced: it waits in the coordinator's queue for a free slot, as in Flink.
        if (status !== 'RUNNING' || !triggered(d, action.when)) return;
        d.markFired(k);
        const pending = d.pendingCheckpoints().length;
        queueRequest(d, { periodic: false, tick: d.tick });
        if (pending >= d.scenario.checkpoint.maxConcurrent) {
          d.emit({ type: 'CheckpointRequestQueued', periodic: false, pending });
        }
        return;
      }
      case 'savepoint':
        // Forced: a savepoint starts whatever is pending.
        if (status !== 'RUNNING' || !triggered(d, action.when)) return;
        d.markFired(k);
        triggerCheckpoint(d, 'savepoint', {
          name: action.name ?? `savepoint-${k + 1}`,
          stop: action.stop === true,
          drain: action.drain === true,
        });
        return;
      case 'fail-task': {
        if (!('atTick' in action.when) || d.tick < action.when.atTick) return;
        // A task that is not running cannot fail: the failure waits for the restarted job.
        if (status !== 'RUNNING') return;
        const task = d.topology.taskIndex.get(action.task);
        d.markFired(k);
        if (task === undefined) return;
        failJob(d, {
          task,
          reason: { code: 'task-failed-at-tick', task: action.task, tick: d.tick },
        });
        return;
      }
      case 'fail-while-restarting': {
        // Only while a restart is pending: the restart strategy hears of a second failure.
        if (status !== 'RESTARTING' || d.tick < action.when.atTick) return;
        const task = d.topology.taskIndex.get(action.task);
        d.markFired(k);
        if (task === undefined) return;
        failJob(d, {
          task,
          reason: { code: 'task-failed-while-restarting', task: action.task, tick: d.tick },
        });
        return;
      }
      default:
        return;
    }
  });
}
