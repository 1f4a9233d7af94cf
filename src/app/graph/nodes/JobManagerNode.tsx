import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, useEffect } from 'react';
import { useLanguage, useT } from '../../i18n';
import { onDemand } from '../../layout/onDemand';
import { useStore } from '../../store';
import { JOB_STATUS, MODE_SHORT, modeText } from '../describe';
import { SIZE } from '../layout';
import { checkpointColor } from '../palette';
import type { JobManagerNode as JobManagerNodeType } from '../toFlowElements';
import { CheckpointTag, scaledStyle } from './parts';

/**
 * The sentences of engine reasons, wanted here only once a job has failed: loaded as soon as the
 * recorded run shows the job failing, usually long before the cursor gets there.
 */
const reasons = onDemand(() => import('../../../session/reasons'));

/**
 * The job manager's checkpoint coordinator: the job's status, the checkpoints in progress with
 * the acknowledgements it collected, and the latest checkpoints that ended.
 */
function JobManagerNodeView({ data, width, height }: NodeProps<JobManagerNodeType>) {
  const t = useT();
  const language = useLanguage();
  const scenario = useStore((s) => s.timeline.scenario);
  const status = data.status.toLowerCase();
  const runFails = useStore((s) => s.timeline.final.job.status === 'FAILED');
  const reasonText = reasons.useLoaded()?.reasonText;
  const failed = data.status === 'FAILED' && data.failReason ? data.failReason : null;
  useEffect(() => {
    if ((runFails || failed) && !reasonText) reasons.load().catch(() => {});
  }, [runFails, failed, reasonText]);
  const failReason = failed ? (reasonText?.(failed, language, scenario) ?? '…') : null;
  // A restart's countdown is the row's longest text: beside it, one checkpoint fewer leaves the
  // mode room on the line ("exactly-once" was pushed off it in English).
  const recent = data.restartIn !== null ? data.recent.slice(-3) : data.recent;
  return (
    <div
      className={`g-node g-jm g-jm-${status}`}
      style={scaledStyle(width ?? 0, height ?? 0, data.scale)}
    >
      <Handle type="source" id="ctl" position={Position.Bottom} isConnectable={false} />
      <div className="g-header" style={{ height: SIZE.header }}>
        <span className="g-name">
          JobManager{' '}
          <span className="g-sub">{t({ en: 'checkpoint coordinator', zh: '检查点协调器' })}</span>
        </span>
        <span className={`g-status g-status-${status}`}>{t(JOB_STATUS[data.status])}</span>
      </div>
      <div className="g-jm-row">
        <span className="g-label" title={t(modeText(data.mode, data.unaligned))}>
          {t(
            data.recent.length > 2 || data.restarts > 0
              ? MODE_SHORT[data.mode]
              : modeText(data.mode, data.unaligned),
          )}
        </span>
        {data.restartIn !== null ? (
          <b className="g-restart">
            {t({
              en: `restart in ${data.restartIn} ${data.restartIn === 1 ? 'tick' : 'ticks'}`,
              zh: `${data.restartIn} 拍后重启`,
            })}
          </b>
        ) : (
          data.restarts > 0 && (
            <span className="g-label g-restarts">
              {t({ en: `restarts ${data.restarts}`, zh: `重启 ${data.restarts} 次` })}
            </span>
          )
        )}
        <span className="g-recent">
          {recent.map((c) => (
            <span
              key={c.id}
              className={`g-ended g-ended-${c.status.toLowerCase()}${c.id === data.completedNow ? ' g-now' : ''}`}
            >
              <CheckpointTag id={c.id} prefix={c.kind === 'savepoint' ? 'S' : null} />
              {c.status === 'COMPLETED' ? '✓' : '✗'}
            </span>
          ))}
        </span>
      </div>
      <div className="g-jm-pending">
        {data.pending.length === 0 && (
          <span className="g-label g-jm-reason" title={failReason ?? undefined}>
            {failReason ?? t({ en: 'no checkpoint in progress', zh: '没有进行中的检查点' })}
          </span>
        )}
        {data.pending.slice(-2).map((c) => (
          <div key={c.id} className={c.id === data.triggeredNow ? 'g-pending g-now' : 'g-pending'}>
            <CheckpointTag id={c.id} prefix={c.kind === 'savepoint' ? 'S' : null} />
            <span className="g-acks">
              {t({ en: 'acks', zh: '确认' })} <b>{c.acks}</b>/{c.expected}
            </span>
            <span className="g-bar" aria-hidden="true">
              <span
                style={{
                  width: `${(100 * c.acks) / c.expected}%`,
                  background: checkpointColor(c.id).fill,
                }}
              />
            </span>
            <span className="g-label">
              {c.phase === 'draining'
                ? t({ en: 'draining', zh: '排空中' })
                : t({ en: `stored ${c.stored}`, zh: `已存 ${c.stored}` })}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

export const JobManagerNode = memo(JobManagerNodeView);
