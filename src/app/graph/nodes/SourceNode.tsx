import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useT, type LocalText } from '../../i18n';
import { spread } from '../geometry';
import { SIZE } from '../layout';
import { useTiming } from '../motion';
import { checkpointColor } from '../palette';
import type { SourceNode as SourceNodeType } from '../toFlowElements';
import { CheckpointTag, Cleared, isCleared, PauseIcon, TaskFrame, TickBadges } from './parts';

/**
 * A source subtask: its replayable input as a tape, what it read, the read position, and the
 * offsets the checkpoints stored marked on the tape, where a restore rewinds it to.
 */
const PAUSED: LocalText = { en: 'paused', zh: '已暂停' };

/** Half a checkpoint tag's width under the tape, the prefixed kind included. */
const TAG_HALF = 16;

/** Room a checkpoint tag under the tape takes beside the next. */
const TAG_STEP = 22;

/**
 * Where each checkpoint tag sits under the tape, from where its mark is (`wanted`, in the tape's
 * pixels): each under its mark where it can be, tags of checkpoints that stored the same or
 * nearby offsets side by side in checkpoint order, all inside the node (a mark after the last
 * cell would stick out of it).
 */
export function tagPlaces(wanted: readonly number[], inner: number): number[] {
  const room = Math.max(0, inner - 2 * TAG_HALF);
  // spread() takes its elements from the far end first.
  const order = wanted.map((_, k) => k).sort((a, b) => wanted[b] - wanted[a] || b - a);
  const placed = spread(
    order.map((k) => wanted[k] - TAG_HALF),
    room,
    TAG_STEP,
  );
  const out = new Array<number>(wanted.length);
  order.forEach((k, i) => (out[k] = TAG_HALF + placed[i]));
  return out;
}

function SourceNodeView({ data, selected }: NodeProps<SourceNodeType>) {
  const t = useT();
  const timing = useTiming();
  const { input, offset, highWater, cellWidth } = data;
  const inner = data.box.width / data.box.scale - 2 * SIZE.padding;
  const visible = Math.max(1, Math.floor(inner / cellWidth));
  const first = Math.max(0, Math.min(offset - Math.floor(visible / 2), input.length - visible));
  const cells = input.slice(first, first + visible);
  const inView = (position: number) => position >= first && position <= first + cells.length;
  const marks = data.marks.filter((mark) => inView(mark.offset));
  const tagAt = tagPlaces(
    marks.map((mark) => {
      // Checkpoints that stored the same offset line up beside each other under it.
      const same = marks.filter((o) => o.offset === mark.offset);
      const k = same.indexOf(mark);
      return (mark.offset - first) * cellWidth + (k - (same.length - 1) / 2) * TAG_STEP;
    }),
    inner,
  );
  const cleared = isCleared(data.status);
  const compact = data.box.detail === 'compact';
  // A CSS transition: the caret moves once a tick, which the compositor can do on its own.
  const move = timing.instant
    ? 'none'
    : `transform ${timing.duration}s ${timing.ease === 'linear' ? 'linear' : 'ease-out'}`;
  return (
    <TaskFrame data={data} selected={selected} output={data.hasOutput}>
      <div className="g-tape" style={{ height: SIZE.tapeRow }}>
        <div className="g-tape-cells" style={{ width: cells.length * cellWidth }}>
          {cells.map((value, k) => {
            const i = first + k;
            const classes = ['g-cell'];
            classes.push(i < offset ? 'g-cell-read' : 'g-cell-unread');
            // A cancelled source has no position: what it will replay depends on the restore.
            if (!cleared && i >= offset && i < highWater) classes.push('g-cell-replay');
            if (i === offset) classes.push('g-cell-next');
            return (
              // Keyed by slot: as the tape scrolls, a cell takes the next value rather than
              // being replaced.
              <span key={k} className={classes.join(' ')} style={{ width: cellWidth }}>
                {value}
              </span>
            );
          })}
          {marks.map((mark) => (
            <span
              key={mark.checkpoint}
              className={mark.completed ? 'g-mark' : 'g-mark g-mark-pending'}
              style={{
                left: (mark.offset - first) * cellWidth - 2,
                borderColor: checkpointColor(mark.checkpoint).fill,
              }}
            />
          ))}
          <span
            className="g-caret"
            style={{ transform: `translateX(${(offset - first) * cellWidth}px)`, transition: move }}
          />
        </div>
      </div>
      <div className="g-marks" style={{ height: SIZE.marksRow, width: cells.length * cellWidth }}>
        {marks.map((mark, k) => (
          <span key={mark.checkpoint} className="g-mark-tag" style={{ left: tagAt[k] }}>
            <CheckpointTag
              id={mark.checkpoint}
              prefix={mark.savepoint ? 'S' : null}
              title={t({
                en: `checkpoint ${mark.checkpoint} stored offset ${mark.offset}`,
                zh: `检查点 ${mark.checkpoint} 保存了偏移量 ${mark.offset}`,
              })}
            />
          </span>
        ))}
      </div>
      <div className="g-footer g-source-footer" style={{ height: SIZE.footerRow }}>
        {cleared ? (
          <Cleared status={data.status} compact={compact} />
        ) : (
          <span>
            <span className="g-label">{t({ en: 'offset', zh: '偏移量' })}</span>{' '}
            <b className="g-value-small">{offset}</b>
          </span>
        )}
        {data.rewound && (
          <span
            className="g-badge g-badge-rewind"
            title={t({
              en: `rewound from ${data.rewound.from} to ${data.rewound.to}`,
              zh: `从 ${data.rewound.from} 回退到 ${data.rewound.to}`,
            })}
          >
            ↺ {data.rewound.from}→{data.rewound.to}
          </span>
        )}
        {data.paused &&
          (compact ? (
            // A compact footer has no room for the word beside the offset and a snapshot's
            // badge, which wrapped away at the moment the lesson is about: the sign, named.
            <span className="g-badge g-badge-paused" title={t(PAUSED)} aria-label={t(PAUSED)}>
              <PauseIcon />
            </span>
          ) : (
            <span className="g-badge">{t(PAUSED)}</span>
          ))}
        {data.status === 'FINISHED' && (
          <span className="g-badge">{t({ en: 'finished', zh: '已完成' })}</span>
        )}
        <TickBadges snapshot={data.snapshotNow} restored={data.restored?.checkpoint ?? null} />
      </div>
    </TaskFrame>
  );
}

export const SourceNode = memo(SourceNodeView);
