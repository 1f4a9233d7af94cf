import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, type CSSProperties } from 'react';
import type { CheckpointStatus } from '../../../engine';
import { useT, type LocalText } from '../../i18n';
import { describeState, keyCount, pairsShown, type StateText } from '../describe';
import { SIZE } from '../layout';
import type { BackendCell, BackendNode as BackendNodeType } from '../toFlowElements';
import { CheckpointTag, scaledStyle, TaskName } from './parts';

const STATUS: Record<CheckpointStatus, LocalText> = {
  IN_PROGRESS: { en: 'in progress', zh: '进行中' },
  COMPLETED: { en: 'completed', zh: '已完成' },
  FAILED: { en: 'failed', zh: '失败' },
};

const SUBTITLE: LocalText = { en: 'snapshots per checkpoint', zh: '每个检查点的快照' };

const RESTORING = (checkpoint: number): LocalText => ({
  en: `restoring from checkpoint ${checkpoint}`,
  zh: `正在从检查点 ${checkpoint} 恢复`,
});

const IN_FLIGHT: LocalText = { en: 'in flight', zh: '在途数据' };

/** An unaligned snapshot's channel state as its cell shows it: the count, then the values. */
export function inFlightShort(values: readonly number[]): LocalText {
  const list = values.join(' ');
  return values.length === 0
    ? { en: '+0', zh: '+0' }
    : { en: `+${values.length}: ${list}`, zh: `+${values.length}：${list}` };
}

/** Room in a backend cell for its value, after its padding, borders and the least of its name. */
const CELL_VALUE_ROOM = SIZE.backendCellWidth - 15 - 45;
/** A cell's value is 15 units, 17 in a compact graph: estimated at the larger. */
const CELL_VALUE_SIZE = 17;
/** The widest a cell grows to where its row has room: a long name and a value. */
const CELL_MOST_WIDTH = 240;

/**
 * A row's grid of cells: as many columns as it has cells, at most `perLine`, each at least the
 * width the layout planned and wider where the row has room, so that a task's name is not cut
 * short for nothing.
 */
function cellsStyle(perLine: number, cells: number): CSSProperties {
  const columns = Math.max(1, Math.min(perLine, cells));
  return {
    gridTemplateColumns: `repeat(${columns}, minmax(${SIZE.backendCellWidth}px, 1fr))`,
    maxWidth: columns * (CELL_MOST_WIDTH + 4),
  };
}

/**
 * A stored state as its cell shows it: a sum by key's pairs where they all fit, else how many
 * keys it holds. A pair is never cut; the cell's title has them all.
 */
function cellValue(state: StateText, t: (text: LocalText) => string): string {
  // A sink stores the records of its uncommitted transactions: none, it stores nothing, which
  // "0" beside a sink that received 17 would not say.
  if (state.storesNothing) return '–';
  const pairs = state.pairs;
  if (
    pairs &&
    pairs.length > 0 &&
    pairsShown(pairs, CELL_VALUE_ROOM, CELL_VALUE_SIZE) < pairs.length
  )
    return t(keyCount(pairs.length));
  return state.value || '–';
}

/**
 * One task's cell in a checkpoint's row: its name and the state it stored. Memoised: structural
 * sharing keeps a cell that a tick did not change the same object, and most ticks change few of
 * a row's cells (64 in the large scenario, in up to three rows).
 */
const StoreCell = memo(function StoreCell({
  checkpoint,
  cell,
  unaligned,
}: {
  checkpoint: number;
  cell: BackendCell;
  unaligned: boolean;
}) {
  const t = useT();
  const state = cell.state ? describeState(cell.state) : null;
  const held = state ? `${cell.label}: ${t(state.label)} ${state.value}` : cell.label;
  const inFlight = cell.inFlight && t(inFlightShort(cell.inFlight));
  return (
    <span
      className={[
        'g-store-cell',
        cell.stored ? '' : cell.state ? 'g-writing' : 'g-missing',
        unaligned ? 'g-store-cell-2' : '',
      ].join(' ')}
      data-testid={`backend-${checkpoint}-${cell.task}`}
      title={inFlight ? `${held}\n${t(IN_FLIGHT)} ${inFlight}` : held}
    >
      <span className="g-store-line">
        <span className="g-store-task">
          <TaskName label={cell.label} />
        </span>
        {state && <b>{cellValue(state, t)}</b>}
      </span>
      {cell.inFlight && (
        <span
          className={`g-store-line g-store-inflight${cell.inFlight.length === 0 ? ' g-none' : ''}`}
        >
          {inFlight}
        </span>
      )}
    </span>
  );
});

/** The state backend: the snapshot every task stored for the latest checkpoints. */
function BackendNodeView({ data, width, height }: NodeProps<BackendNodeType>) {
  const t = useT();
  return (
    <div className="g-node g-store" style={scaledStyle(width ?? 0, height ?? 0, data.scale)}>
      <Handle type="target" id="store" position={Position.Top} isConnectable={false} />
      <div className="g-header" style={{ height: SIZE.backendHeaderHeight }}>
        <span
          className="g-name"
          // As the header reads, for a header cut short.
          title={`${t({ en: 'State backend', zh: '状态后端' })} ${t(SUBTITLE)}`}
        >
          {t({ en: 'State backend', zh: '状态后端' })}{' '}
          {/* One cell wide, the column has room for the name only; the title says the rest. */}
          {data.cellsPerLine > 1 && <span className="g-sub">{t(SUBTITLE)}</span>}
        </span>
        {data.restoringFrom !== null && (
          <span
            className="g-badge g-badge-restore"
            title={t(RESTORING(data.restoringFrom))}
            aria-label={t(RESTORING(data.restoringFrom))}
          >
            {/* One cell wide, the word left the name no room ("State backe…"): the sign the
                restored tasks show, named in the title. */}
            ↺ {data.cellsPerLine > 1 && t({ en: 'restoring', zh: '恢复中' })}{' '}
            <CheckpointTag id={data.restoringFrom} />
          </span>
        )}
      </div>
      {data.rows.length === 0 && (
        <div className="g-store-empty g-label">
          {t({ en: 'no snapshot stored yet', zh: '还没有保存快照' })}
        </div>
      )}
      {data.rows.map((row, line) => (
        <div
          // By line, not by checkpoint: a jump on a large job brings rows of other checkpoints,
          // and each row is a cell per task (64 in the large scenario, three rows). Keyed by
          // checkpoint, each jump removed and built them all; by line, their text changes.
          key={line}
          className={[
            'g-store-row',
            `g-store-${row.status.toLowerCase()}`,
            row.id === data.restoringFrom ? 'g-now' : '',
          ].join(' ')}
          style={{ minHeight: data.lineHeight }}
        >
          <span className="g-store-label" style={{ width: SIZE.backendLabelWidth }}>
            <span className="g-store-line">
              <CheckpointTag id={row.id} prefix={row.kind === 'savepoint' ? 'S' : null} />
              <span className="g-label">{t(STATUS[row.status])}</span>
            </span>
            {row.unaligned && (
              <span className="g-store-line g-label g-store-inflight-label">{t(IN_FLIGHT)}</span>
            )}
          </span>
          <span className="g-store-cells" style={cellsStyle(data.cellsPerLine, row.cells.length)}>
            {row.cells.map((cell) => (
              <StoreCell
                key={cell.task}
                checkpoint={row.id}
                cell={cell}
                unaligned={row.unaligned}
              />
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}

export const BackendNode = memo(BackendNodeView);
