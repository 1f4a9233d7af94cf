import { useState } from 'react';
import { topologyOf } from '../../engine';
import { useT } from '../i18n';
import { taskName } from '../../session/narration';
import { useStore } from '../store';

/**
 * Failure injection where the teacher wants it: at the cursor, a task fails (also while the job
 * restarts), a backend write, a synchronous snapshot or the JobManager's metadata write fails, or
 * an ack is lost. The timeline forks at the cursor; undo brings the old future back.
 */
export function InjectMenuBody() {
  const t = useT();
  const current = useStore((s) => s.current);
  const cursor = useStore((s) => s.cursor);
  const inject = useStore((s) => s.inject);
  const undo = useStore((s) => s.undoInject);
  const canUndo = useStore((s) => s.undoStack.length > 0);
  const topology = topologyOf(current.scenario);
  const [task, setTask] = useState(topology.tasks[topology.tasks.length - 1]?.id ?? '');
  const [value, setValue] = useState('');
  const nextCheckpoint = current.coordinator.nextId;
  const pending = current.checkpoints.filter((c) => c.status === 'IN_PROGRESS').map((c) => c.id);
  const [checkpoint, setCheckpoint] = useState('');
  const chosenCheckpoint = Number(checkpoint || pending[0] || nextCheckpoint);
  const taskKnown = topology.taskIndex.has(task);
  const running = current.job.status === 'RUNNING' || current.job.status === 'RESTARTING';

  return (
    <div className="menu-body inject-body">
      <label>
        {t({ en: 'Task', zh: '任务' })}
        <select value={task} onChange={(e) => setTask(e.target.value)}>
          {topology.tasks.map((info) => (
            <option key={info.id} value={info.id}>
              {taskName(info.id, current.scenario)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        disabled={!taskKnown || !running}
        onClick={() => inject({ type: 'fail-task', task, when: { atTick: cursor + 1 } })}
      >
        {t({ en: 'Fail it now', zh: '立即让它失败' })}
      </button>
      <label>
        {t({ en: 'before record', zh: '在处理记录前' })}
        <input
          type="number"
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          style={{ width: '5em' }}
        />
      </label>
      <button
        type="button"
        disabled={!taskKnown || !running || !/^-?\d+$/.test(value)}
        onClick={() =>
          inject({
            type: 'fail-task',
            task,
            when: { beforeValue: Number(value), afterTick: cursor },
          })
        }
      >
        {t({ en: 'Fail before it', zh: '在它之前失败' })}
      </button>
      <button
        type="button"
        disabled={!taskKnown || current.job.status !== 'RESTARTING'}
        title={t({
          en: 'Only while the job is RESTARTING: failure-rate counts it, exponential-delay merges it into the pending restart.',
          zh: '仅在作业处于 RESTARTING 时可用：失败率策略会计入它，指数延迟策略把它并入正在等待的重启。',
        })}
        onClick={() =>
          inject({ type: 'fail-while-restarting', task, when: { atTick: cursor + 1 } })
        }
      >
        {t({ en: 'Fail it while restarting', zh: '在重启期间让它失败' })}
      </button>
      <hr />
      <label>
        {t({ en: 'Checkpoint', zh: '检查点' })}
        <input
          type="number"
          min={1}
          value={checkpoint || String(chosenCheckpoint)}
          onChange={(e) => setCheckpoint(e.target.value)}
          style={{ width: '4em' }}
        />
      </label>
      <button
        type="button"
        disabled={!running}
        onClick={() => inject({ type: 'fail-backend-write', checkpoint: chosenCheckpoint, task })}
      >
        {t({ en: "Fail this task's backend write", zh: '让此任务的状态后端写入失败' })}
      </button>
      <button
        type="button"
        disabled={!running}
        onClick={() => inject({ type: 'lose-ack', checkpoint: chosenCheckpoint, task })}
      >
        {t({ en: "Lose this task's ack", zh: '丢失此任务的确认' })}
      </button>
      <button
        type="button"
        disabled={!running || !taskKnown}
        title={t({
          en: 'The task fails in the synchronous part of its snapshot: Flink fails it over and never counts this as a tolerable checkpoint failure.',
          zh: '任务在快照的同步阶段失败：Flink 会让它故障转移，从不把它算作可容忍的检查点失败。',
        })}
        onClick={() => inject({ type: 'fail-sync-snapshot', checkpoint: chosenCheckpoint, task })}
      >
        {t({ en: "Fail this task's synchronous snapshot", zh: '让此任务的同步快照失败' })}
      </button>
      <button
        type="button"
        disabled={!running}
        title={t({
          en: 'The JobManager fails to write the checkpoint’s metadata as it completes it: a checkpoint failure that counts toward the tolerable number.',
          zh: 'JobManager 在完成检查点时写入元数据失败：这是计入可容忍次数的检查点失败。',
        })}
        onClick={() => inject({ type: 'fail-checkpoint-metadata', checkpoint: chosenCheckpoint })}
      >
        {t({ en: 'Fail the JobManager’s metadata write', zh: '让 JobManager 写入元数据失败' })}
      </button>
      <hr />
      <button type="button" disabled={!canUndo} onClick={undo}>
        {t({ en: 'Undo last injection', zh: '撤销上次注入' })}
      </button>
    </div>
  );
}
