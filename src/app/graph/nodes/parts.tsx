import { Handle, Position } from '@xyflow/react';
import { Fragment, memo, type CSSProperties, type ReactNode } from 'react';
import type { TaskStatus } from '../../../engine';
import { useT, type LocalText } from '../../i18n';
import { fillFigure, fillFull, fillTitle, TASK_STATUS } from '../describe';
import { DETAIL, SIZE, type TaskBox } from '../layout';
import { checkpointColor } from '../palette';
import type {
  ChannelFill,
  ElementView,
  InputView,
  OperatorData,
  SinkData,
  TaskNode,
} from '../toFlowElements';

/** Two bars: an input on hold. Drawn, since the usual glyph is missing from common fonts. */
export function PauseIcon() {
  return (
    <svg className="g-icon" viewBox="0 0 8 12" width="8" height="12" aria-hidden="true">
      <rect x="0" y="0" width="3" height="12" />
      <rect x="5" y="0" width="3" height="12" />
    </svg>
  );
}

/**
 * A node's contents are laid out at their normal size and drawn `scale` times larger, so the
 * sizes in the CSS and in the layout stay the same numbers in presenter mode.
 */
export function scaledStyle(width: number, height: number, scale: number): CSSProperties {
  if (scale === 1) return {};
  return {
    width: width / scale,
    height: height / scale,
    transform: `scale(${scale})`,
    transformOrigin: '0 0',
  };
}

/** A checkpoint's number on its colour. */
export function CheckpointTag({
  id,
  prefix = null,
  title,
}: {
  id: number;
  prefix?: ReactNode;
  title?: string;
}) {
  const color = checkpointColor(id);
  return (
    <span className="g-tag" style={{ background: color.fill, color: color.text }} title={title}>
      {prefix}
      {id}
    </span>
  );
}

/**
 * The status in a node's header, small enough to leave the name room: a dot while running, a
 * cross when failed or cancelled, a tick when finished. The state row spells a failure out.
 */
const StatusMark = memo(function StatusMark({ status }: { status: TaskStatus }) {
  const t = useT();
  const label = t(TASK_STATUS[status]);
  const glyph = status === 'RUNNING' ? '' : status === 'FINISHED' ? '✓' : '✕';
  return (
    <span
      className={`g-mark-status g-mark-${status.toLowerCase()}`}
      title={label}
      role="img"
      aria-label={label}
    >
      {glyph}
    </span>
  );
});

const CLEARED: LocalText = { en: 'state cleared', zh: '状态已清空' };

/** The row of a full node whose task failed or was cancelled: how it ended, and its state gone. */
const ENDED_CLEARED: Partial<Record<TaskStatus, LocalText>> = {
  FAILED: { en: 'failed, state cleared', zh: '失败，状态已清空' },
  CANCELED: { en: 'cancelled, state cleared', zh: '已取消，状态已清空' },
};

/**
 * A failed or cancelled task lost its state: say so where the state was, and how the task ended,
 * in words rather than a status pill: in a full node's 200 units the pill "CANCELED" and "state
 * cleared" need 200 pixels where the row has 180, and the words the pill cut short were the ones
 * the moment is about. A compact node has room for the state only: its header's mark and colour
 * say how the task ended.
 */
export function Cleared({ status, compact = false }: { status: TaskStatus; compact?: boolean }) {
  const t = useT();
  const words = (!compact && ENDED_CLEARED[status]) || CLEARED;
  return (
    <span className="g-cleared" title={`${t(TASK_STATUS[status])} ${t(CLEARED)}`}>
      <span className="g-cleared-text">{t(words)}</span>
    </span>
  );
}

export function isCleared(status: TaskStatus): boolean {
  return status === 'FAILED' || status === 'CANCELED';
}

/** A record or barrier inside a node (held at a blocked input), drawn as on the channels. */
export function ElementChip({ element }: { element: ElementView }) {
  if (element.kind === 'barrier') return <CheckpointTag id={element.checkpoint} />;
  return <span className={element.replay ? 'g-rec g-rec-replay' : 'g-rec'}>{element.value}</span>;
}

/** At most `max` chips and a count of the rest: a node's size never depends on its contents. */
export function Chips({ elements, max }: { elements: ElementView[]; max: number }) {
  const shown = elements.length > max ? elements.slice(0, max - 1) : elements;
  const rest = elements.length - shown.length;
  return (
    <span className="g-chips">
      {shown.map((el) => (
        <ElementChip key={el.key} element={el} />
      ))}
      {rest > 0 && <span className="g-more">+{rest}</span>}
    </span>
  );
}

/**
 * A task's display name where its box may be too narrow for it: the operator's name is
 * shortened with an ellipsis, the subtask number after it never, so "sum_by_parity 1" and
 * "sum_by_parity 2" stay told apart. The box's title has the name whole.
 */
export const TaskName = memo(function TaskName({ label }: { label: string }) {
  const parts = /^(.*\S)( \d+)$/.exec(label);
  if (!parts) return <span className="g-name-head">{label}</span>;
  return (
    <>
      <span className="g-name-head">{parts[1]}</span>
      <span className="g-name-tail">{parts[2]}</span>
    </>
  );
});

/** Whether an input's row says how full its channel is: a fill worth a label, and records in it. */
function filled(input: InputView): input is InputView & { fill: ChannelFill } {
  return input.fill !== null && input.fill.records > 0;
}

/**
 * The records in an input's channel against its credits ("3/4"), in red when no credit is left:
 * in the receiver's row for that input, where it cannot be taken for another channel's or lie
 * under the elements in flight.
 */
function InputFill({ fill }: { fill: ChannelFill }) {
  const t = useT();
  return (
    <span
      className={fillFull(fill) ? 'g-input-fill g-fill-full' : 'g-input-fill'}
      title={t(fillTitle(fill))}
    >
      {fillFigure(fill)}
    </span>
  );
}

/**
 * What an input that holds nothing says: it flows while its task runs; a failed or cancelled
 * task reads nothing from it, and a finished one read it to its end.
 */
const IDLE_INPUT: Record<TaskStatus, LocalText> = {
  RUNNING: { en: 'flowing', zh: '流动' },
  FAILED: { en: 'stopped', zh: '已停止' },
  CANCELED: { en: 'stopped', zh: '已停止' },
  FINISHED: { en: 'ended', zh: '已结束' },
};

/**
 * At-least-once: barrier N arrived on this input and was counted; the input goes on flowing
 * (exactly-once would hold it, drawn with the pause bars).
 */
function CountedBarrier({ checkpoint }: { checkpoint: number }) {
  const t = useT();
  return (
    <CheckpointTag
      id={checkpoint}
      prefix="✓"
      title={t({
        en: `barrier ${checkpoint} arrived and was counted; at-least-once does not block the input`,
        zh: `分界线 ${checkpoint} 已到达并已计数；至少一次模式不阻塞这个输入`,
      })}
    />
  );
}

/**
 * One row per input channel: flowing, or blocked by barrier N with the records held behind it,
 * and how full the channel is where that is worth saying. Cells where the inputs are many.
 */
export function InputRows({
  inputs,
  box,
  status,
}: {
  inputs: InputView[];
  box: TaskBox;
  status: TaskStatus;
}) {
  if (box.compactInputs) {
    return (
      <div className="g-input-grid">
        {inputs.map((input, k) => (
          <span
            key={input.channel}
            className={input.blockedBy === null ? 'g-input-cell' : 'g-input-cell g-blocked'}
            style={
              input.blockedBy === null
                ? undefined
                : { borderColor: checkpointColor(input.blockedBy).fill }
            }
            title={input.fromLabel}
          >
            {k + 1}
            {input.blockedBy !== null && (
              <CheckpointTag id={input.blockedBy} prefix={<PauseIcon />} />
            )}
            {input.counted !== null && <CountedBarrier checkpoint={input.counted} />}
            {input.buffer.length > 0 && <b>{input.buffer.length}</b>}
          </span>
        ))}
      </div>
    );
  }
  const compact = box.detail === 'compact';
  return (
    <div className="g-inputs">
      {inputs.map((input) => (
        <InputRow key={input.channel} input={input} compact={compact} status={status} />
      ))}
    </div>
  );
}

/**
 * An input's row in a full list: memoised, since structural sharing keeps an input that did not
 * change in a tick the same object, and on a large job most of a task's inputs do not.
 */
const InputRow = memo(function InputRow({
  input,
  compact,
  status,
}: {
  input: InputView;
  compact: boolean;
  status: TaskStatus;
}) {
  const t = useT();
  return (
    <div
      className={input.blockedBy === null ? 'g-input' : 'g-input g-blocked'}
      style={{ height: SIZE.inputRow }}
    >
      <span className="g-from" title={input.fromLabel}>
        <TaskName label={input.fromLabel} />
      </span>
      {filled(input) && <InputFill fill={input.fill} />}
      {input.counted !== null && <CountedBarrier checkpoint={input.counted} />}
      {input.blockedBy === null ? (
        input.buffer.length === 0 ? (
          // A compact row has no room for the sender's name, the fill and "flowing": the
          // fill of a running task's input says it holds records, which it reads.
          filled(input) && compact && status === 'RUNNING' ? null : (
            <span className={status === 'RUNNING' ? 'g-flowing' : 'g-input-idle'}>
              {t(IDLE_INPUT[status])}
            </span>
          )
        ) : (
          <Chips elements={input.buffer} max={3} />
        )
      ) : (
        <>
          <CheckpointTag
            id={input.blockedBy}
            prefix={<PauseIcon />}
            title={t({
              en: `blocked by barrier ${input.blockedBy}`,
              zh: `被分界线 ${input.blockedBy} 阻塞`,
            })}
          />
          <Chips elements={input.buffer} max={3} />
        </>
      )}
    </div>
  );
});

/**
 * The handles every task has: control from the job manager, and its way to the backend.
 * Memoised: a task's contents change every tick, its box (shared by identity) only with the
 * layout, and each handle reads React Flow's store when it renders.
 */
const TaskHandles = memo(function TaskHandles({ box, output }: { box: TaskBox; output: boolean }) {
  return (
    <>
      <Handle
        type="target"
        id="ctl"
        position={Position.Left}
        isConnectable={false}
        style={{ top: DETAIL[box.detail].header / 2 }}
      />
      <Handle
        type="source"
        id="store"
        position={Position.Left}
        isConnectable={false}
        style={{ top: box.height - 10 }}
      />
      {box.inputYs.map((y, k) => (
        <Handle
          key={k}
          type="target"
          id={`in-${k}`}
          position={Position.Left}
          isConnectable={false}
          style={{ top: y }}
        />
      ))}
      {output &&
        box.outputYs.map((y, k) => (
          <Handle
            key={k}
            type="source"
            id={`out-${k}`}
            position={Position.Right}
            isConnectable={false}
            style={{ top: y }}
          />
        ))}
    </>
  );
});

/**
 * A name that may wrap after its underscores as well as at its spaces, so that a long name on
 * two lines breaks between its words ("sum_by_" over "parity 1"), never inside one.
 */
const Breakable = memo(function Breakable({ name }: { name: string }) {
  const parts = name.split(/(?<=_)/);
  return (
    <>
      {parts.map((part, k) => (
        <Fragment key={k}>
          {k > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
});

/** A task's header: its name, and its status as a mark. Memoised: a tick seldom changes either. */
const TaskHeader = memo(function TaskHeader({
  label,
  detail,
  status,
}: {
  label: string;
  detail: TaskBox['detail'];
  status: TaskStatus;
}) {
  return (
    <div className="g-header" style={{ height: DETAIL[detail].header }}>
      <span className="g-name" title={label}>
        {detail === 'compact' ? <Breakable name={label} /> : label}
      </span>
      <StatusMark status={status} />
    </div>
  );
});

/**
 * The frame of a task node: header with its name and status, and the failure and restore
 * highlights, which come from this tick's events.
 */
export function TaskFrame({
  data,
  selected,
  output,
  children,
}: {
  data: TaskNode['data'];
  selected: boolean;
  output: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const classes = ['g-node', 'g-task', `g-task-${data.status.toLowerCase()}`];
  if (data.failedNow) classes.push('g-failed-now');
  if (data.restored?.checkpoint != null) classes.push('g-restored');
  if (selected) classes.push('g-selected');
  const bp = data.backpressure;
  if (data.status === 'RUNNING' && bp.status !== 'OK')
    classes.push(`g-bp-${bp.status.toLowerCase()}`);
  const style = {
    ...scaledStyle(data.box.width, data.box.height, data.box.scale),
    ...(data.restored?.checkpoint != null
      ? { '--restore': checkpointColor(data.restored.checkpoint).fill }
      : {}),
  } as CSSProperties;
  return (
    <div
      className={classes.join(' ')}
      style={style}
      aria-label={`${data.label}: ${t(TASK_STATUS[data.status])}`}
      title={
        data.status === 'RUNNING' && bp.status !== 'OK'
          ? t({
              en: `backpressure ${bp.status}: ${Math.round(bp.ratio * 100)}% of the last second unable to send`,
              zh: `反压 ${bp.status}：最近一秒中 ${Math.round(bp.ratio * 100)}% 的时间无法发送`,
            })
          : undefined
      }
    >
      <TaskHandles box={data.box} output={output} />
      <TaskHeader label={data.label} detail={data.box.detail} status={data.status} />
      {children}
    </div>
  );
}

/**
 * What happened to a task this tick, as badges: a snapshot taken for checkpoint `snapshot`, state
 * restored from checkpoint `restored`. Memoised on the two numbers: most ticks change neither.
 */
export const TickBadges = memo(function TickBadges({
  snapshot,
  restored,
}: {
  snapshot: number | null;
  restored: number | null;
}) {
  const t = useT();
  return (
    <>
      {snapshot !== null && (
        <CheckpointTag
          id={snapshot}
          prefix="◉ "
          title={t({
            en: `took its snapshot for checkpoint ${snapshot}`,
            zh: `为检查点 ${snapshot} 做了快照`,
          })}
        />
      )}
      {restored !== null && (
        <CheckpointTag
          id={restored}
          prefix="↺ "
          title={t({
            en: `state restored from checkpoint ${restored}`,
            zh: `状态从检查点 ${restored} 恢复`,
          })}
        />
      )}
    </>
  );
});

/** Which inputs barrier N reached so far; what the operator does while no barrier is pending. */
export function AlignmentLine({
  data,
  fallback,
}: {
  data: OperatorData | SinkData;
  fallback: string;
}) {
  const t = useT();
  const a = data.alignment;
  // Compact: the input rows show which inputs the barrier blocks; the rest is in the inspector.
  if (data.box.detail === 'compact') return null;
  return (
    <div className="g-align" style={{ height: SIZE.alignmentRow }}>
      {a ? (
        <>
          <CheckpointTag id={a.checkpoint} />
          <span>
            {t({
              en: `barrier at ${a.arrived}/${a.total} inputs`,
              zh: `分界线已到 ${a.arrived}/${a.total} 个输入`,
            })}
          </span>
        </>
      ) : (
        <span className="g-label">{fallback}</span>
      )}
    </div>
  );
}
