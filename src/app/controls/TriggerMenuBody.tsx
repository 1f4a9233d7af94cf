import { useState } from 'react';
import { recoveryPoint } from '../../engine';
import { MAX_TICKS } from '../../session/timeline';
import { useT } from '../i18n';
import { useStore } from '../store';

/** The longest a failed job may stay down before it is submitted again, in seconds. */
const MAX_DOWN_S = 3600;

/**
 * The longest downtime the recording has room for at tick `cursor`: half of what is left of the
 * run's ticks, so that the new job has the other half to run in.
 */
function maxDownS(cursor: number, tickMs: number): number {
  const ticks = Math.floor(MAX_TICKS / 2) - cursor;
  return Math.max(0, Math.min(MAX_DOWN_S, Math.floor((ticks * tickMs) / 1000)));
}

/**
 * What a user (or an external scheduler) triggers by hand: a checkpoint, a savepoint, a stop
 * with savepoint; a new job started from a savepoint this run completed; and, once the job
 * failed for good, a new job from its latest checkpoint after it stayed down a while.
 */
export function TriggerMenuBody() {
  const t = useT();
  const current = useStore((s) => s.current);
  const cursor = useStore((s) => s.cursor);
  const inject = useStore((s) => s.inject);
  const running = current.job.status === 'RUNNING';
  const savepoints = current.checkpoints.filter(
    (c) => c.kind === 'savepoint' && c.status === 'COMPLETED',
  );
  const when = { atTick: cursor + 1 };

  const resumeFrom = useStore((s) => s.resumeFromSavepoint);
  const failed = current.job.status === 'FAILED';
  const retained = failed ? recoveryPoint(current) : null;
  const [down, setDown] = useState('0');
  const downS = Number(down);
  const tickMs = current.scenario.tickMs;
  const maxDown = maxDownS(cursor, tickMs);
  const downValid = /^\d+$/.test(down) && downS <= maxDown;

  return (
    <div className="menu-body inject-body">
      <button
        type="button"
        disabled={!running}
        onClick={() => inject({ type: 'checkpoint', when })}
      >
        {t({ en: 'Checkpoint now', zh: '立即触发检查点' })}
      </button>
      <button
        type="button"
        disabled={!running}
        onClick={() => inject({ type: 'savepoint', when, name: `savepoint-at-${cursor + 1}` })}
      >
        {t({ en: 'Savepoint now', zh: '立即触发保存点' })}
      </button>
      <button
        type="button"
        disabled={!running}
        onClick={() =>
          inject({ type: 'savepoint', when, name: `stop-at-${cursor + 1}`, stop: true })
        }
      >
        {t({ en: 'Stop with savepoint', zh: '停止作业并保存 (stop-with-savepoint)' })}
      </button>
      {failed && (
        <>
          <hr />
          <label>
            {t({ en: 'Down for (s)', zh: '停机时长（秒）' })}
            <input
              type="number"
              min={0}
              max={maxDown}
              value={down}
              onChange={(e) => setDown(e.target.value)}
              style={{ width: '5em' }}
            />
          </label>
          {!downValid && (
            <p className="menu-error" role="alert">
              {t({
                en: `Whole seconds from 0 to ${maxDown}.`,
                zh: `请输入 0 到 ${maxDown} 之间的整数秒。`,
              })}
            </p>
          )}
          <button
            type="button"
            disabled={!downValid}
            title={t({
              en: 'As `flink run -s <checkpoint>`: Flink keeps a failed job’s checkpoints. Meanwhile the broker keeps timing out the sinks’ transactions.',
              zh: '即 `flink run -s <检查点>`：Flink 会保留失败作业的检查点。停机期间 Broker 仍会让 Sink 的事务超时。',
            })}
            onClick={() =>
              inject({
                type: 'resume-from-checkpoint',
                when: { atTick: cursor + 1 + Math.round((downS * 1000) / tickMs) },
              })
            }
          >
            {retained
              ? retained.kind === 'savepoint'
                ? t({
                    en: `Start a new job from savepoint ${retained.id}`,
                    zh: `从保存点 ${retained.id} 启动新作业`,
                  })
                : t({
                    en: `Start a new job from checkpoint ${retained.id}`,
                    zh: `从检查点 ${retained.id} 启动新作业`,
                  })
              : t({ en: 'Start a new job from the start', zh: '从头启动新作业' })}
          </button>
        </>
      )}
      {savepoints.length > 0 && <hr />}
      {savepoints.map((sp) => (
        <button type="button" key={sp.id} onClick={() => resumeFrom(sp.id)}>
          {t({
            en: `Start a new job from savepoint ${sp.id}`,
            zh: `从保存点 ${sp.id} 启动新作业`,
          })}
        </button>
      ))}
    </div>
  );
}
