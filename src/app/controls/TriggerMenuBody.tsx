import { useT } from '../i18n';
import { useStore } from '../store';

/**
 * What a user (or an external scheduler) triggers by hand: a checkpoint, a savepoint, a stop
 * with savepoint; and a new job started from a savepoint this run completed.
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
