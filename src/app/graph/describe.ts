import type { OperatorSpec, OperatorState, TaskStatus, JobStatus, Mode } from '../../engine';
import type { LocalText } from '../i18n';

/** A state as a node shows it: what it is called and its value. */
export interface StateText {
  label: LocalText;
  value: string;
  /** A sum by key: its `key:sum` pairs in key order, which `value` lists one space apart. */
  pairs?: string[];
  /** A sink's snapshot without an uncommitted record: the backend shows it as nothing stored. */
  storesNothing?: boolean;
}

/** How many keys a keyed state holds, said where its pairs do not all fit. */
export function keyCount(keys: number): LocalText {
  return { en: keys === 1 ? '1 key' : `${keys} keys`, zh: `${keys} 个键` };
}

/**
 * How wide a bold value's characters are, in ems, at least what they take ("1:10" is 50
 * units at 20, "even:30" 77 at 17): an estimate that errs on the side of "+N" or the count of
 * keys rather than a pair left out unsaid. Pairs are 6 units apart.
 */
const CHARACTER_EM = 0.7;
const COLON_EM = 0.42;
const PAIR_GAP = 6;

/** Layout units `text` takes as a bold value of `size` units. */
function valueWidth(text: string, size: number): number {
  let ems = 0;
  for (const c of text) ems += c === ':' ? COLON_EM : CHARACTER_EM;
  return ems * size;
}

/**
 * How many of `pairs`, from the first, fit side by side in `room` layout units, with "+N" after
 * them for the rest when some are left out: all of them, some, or none (then say the count).
 */
export function pairsShown(pairs: readonly string[], room: number, size: number): number {
  let width = -PAIR_GAP;
  let shown = 0;
  while (shown < pairs.length) {
    const next = width + PAIR_GAP + valueWidth(pairs[shown], size);
    const rest = pairs.length - shown - 1;
    if (next + (rest > 0 ? PAIR_GAP + valueWidth(`+${rest}`, size) : 0) > room) break;
    width = next;
    shown += 1;
  }
  return shown;
}

export function describeState(state: OperatorState): StateText {
  switch (state.kind) {
    case 'source':
      return { label: { en: 'offset', zh: '偏移量' }, value: String(state.offset) };
    case 'sum':
      if (state.byKey) {
        const keys = Object.keys(state.byKey).sort(
          (a, b) => Number(a) - Number(b) || a.localeCompare(b),
        );
        const pairs = keys.map((k) => `${k}:${state.byKey![k]}`);
        return {
          label: { en: 'sum by key', zh: '按键求和' },
          value: keys.length === 0 ? '–' : pairs.join(' '),
          pairs,
        };
      }
      return { label: { en: 'sum', zh: '和' }, value: String(state.sum) };
    case 'sink': {
      const pending =
        state.open.length + state.precommitted.reduce((n, t) => n + t.records.length, 0);
      return {
        label: { en: 'uncommitted', zh: '未提交' },
        value: String(pending),
        storesNothing: pending === 0,
      };
    }
    case 'stateless':
      return { label: { en: 'no state', zh: '无状态' }, value: '' };
  }
}

/** What an operator does, in a few words. */
export function describeOperator(op: OperatorSpec): LocalText {
  const parity = (p: 'even' | 'odd' | 'all'): LocalText =>
    p === 'even'
      ? { en: 'even', zh: '偶数' }
      : p === 'odd'
        ? { en: 'odd', zh: '奇数' }
        : { en: 'all', zh: '全部' };
  switch (op.kind) {
    case 'source':
      return { en: 'reads its input', zh: '读取输入' };
    case 'sum': {
      const p = parity(op.accept);
      return { en: `adds ${p.en} values`, zh: `累加${p.zh}值` };
    }
    case 'filter': {
      const p = parity(op.predicate);
      return { en: `keeps ${p.en} values`, zh: `保留${p.zh}值` };
    }
    case 'map': {
      const f = `×${op.multiply ?? 1}${op.add ? ` + ${op.add}` : ''}`;
      return { en: `maps v → v${f}`, zh: `映射 v → v${f}` };
    }
    case 'sink':
      return op.transactional
        ? { en: 'two-phase-commit sink', zh: '两阶段提交 sink' }
        : { en: 'writes output', zh: '写出结果' };
  }
}

export const TASK_STATUS: Record<TaskStatus, LocalText> = {
  RUNNING: { en: 'RUNNING', zh: '运行中' },
  FAILED: { en: 'FAILED', zh: '失败' },
  CANCELED: { en: 'CANCELED', zh: '已取消' },
  FINISHED: { en: 'FINISHED', zh: '已完成' },
};

export const JOB_STATUS: Record<JobStatus, LocalText> = {
  RUNNING: { en: 'RUNNING', zh: '运行中' },
  RESTARTING: { en: 'RESTARTING', zh: '重启中' },
  FAILED: { en: 'FAILED', zh: '失败' },
  FINISHED: { en: 'FINISHED', zh: '已完成' },
};

/** The mode in a word or two, where a row has little room. */
export const MODE_SHORT: Record<Mode, LocalText> = {
  'exactly-once': { en: 'exactly-once', zh: '精确一次' },
  'at-least-once': { en: 'at-least-once', zh: '至少一次' },
  'stop-the-world': { en: 'stop-the-world', zh: '暂停应用' },
};

export const MODE: Record<Mode, LocalText> = {
  'exactly-once': { en: 'exactly-once (aligned)', zh: '精确一次（对齐）' },
  'at-least-once': { en: 'at-least-once', zh: '至少一次' },
  'stop-the-world': { en: 'stop-the-world', zh: '暂停应用' },
};

/**
 * The mode as the job manager states it: exactly-once says whether its checkpoints are aligned,
 * unaligned, or aligned until the aligned-checkpoint timeout switches them.
 */
export function modeText(mode: Mode, unaligned: 'no' | 'always' | 'after-timeout'): LocalText {
  if (mode !== 'exactly-once' || unaligned === 'no') return MODE[mode];
  return unaligned === 'always'
    ? { en: 'exactly-once (unaligned)', zh: '精确一次（非对齐）' }
    : { en: 'exactly-once (aligned, then unaligned)', zh: '精确一次（先对齐，超时后非对齐）' };
}

/** A channel's records against its credits, as its label reads ("3/4", or "6" unbounded). */
export function fillFigure(fill: { records: number; capacity: number | null }): string {
  return fill.capacity === null ? `${fill.records}` : `${fill.records}/${fill.capacity}`;
}

/** Whether a channel has no credit left: its sender waits. */
export function fillFull(fill: { records: number; capacity: number | null }): boolean {
  return fill.capacity !== null && fill.records >= fill.capacity;
}

/** What a channel's fill means, for its label's tooltip. */
export function fillTitle(fill: { records: number; capacity: number | null }): LocalText {
  const full = fillFull(fill);
  return {
    en: `${fill.records} records in the channel${fill.capacity === null ? '' : `, capacity ${fill.capacity}`}${full ? ': no credit left, the sender waits' : ''}`,
    zh: `通道中有 ${fill.records} 条数据${fill.capacity === null ? '' : `，容量 ${fill.capacity}`}${full ? '：没有剩余信用，发送方等待' : ''}`,
  };
}
