import type { ConsumerAccount, MissedCause, Scenario, TwiceCause } from '../engine';
import type { LocalText } from '../scenarios/text';

const TWICE_CAUSE: Record<TwiceCause, LocalText> = {
  'aborted-transaction': {
    en: 'one copy was in an aborted transaction',
    zh: '其中一份在已中止的事务中',
  },
  replayed: {
    en: 'the sink wrote them again after the replay, outside transactions',
    zh: '重放后 Sink 在事务之外又写入了一次',
  },
};

const MISSED_CAUSE: Record<MissedCause, LocalText> = {
  'transaction-timeout': {
    en: 'the broker aborted their transaction when the transaction timeout ran out, though its checkpoint had completed',
    zh: '所在的事务超过了事务超时时间，被 Broker 中止，尽管它的检查点已经完成',
  },
  'not-committed': {
    en: 'their transaction was never committed',
    zh: '所在的事务一直没有提交',
  },
  aborted: {
    en: 'their transaction was aborted and the sink never wrote them again',
    zh: '所在的事务被中止，Sink 之后再也没有写入',
  },
  'not-written': { en: 'the sink never wrote them', zh: 'Sink 从未写入' },
};

/** At most this many records named per cause; the count says how many there are. */
const NAMED = 3;

function grouped<C extends string, R extends { cause: C }>(records: readonly R[]): [C, R[]][] {
  const by = new Map<C, R[]>();
  for (const r of records) by.set(r.cause, [...(by.get(r.cause) ?? []), r]);
  return [...by];
}

/**
 * The result strip's sentences on what each consumer of each topic read, against the
 * failure-free run: exactly once, or which records it read twice or missed and the cause the
 * engine gives. "twice" and "lost" only for records the account names. Pure.
 */
export function consumerLines(
  consumers: readonly ConsumerAccount[],
  zh: boolean,
  scenario: Scenario,
): string[] {
  const operator = (id: string) => scenario.operators.find((o) => o.id === id)?.name ?? id;
  const label = (r: { value: number; from: string }) =>
    zh ? `${r.value}（来自 ${operator(r.from)}）` : `${r.value} (from ${operator(r.from)})`;
  const named = (records: readonly { value: number; from: string }[]) => {
    const each = records.slice(0, NAMED).map(label);
    const more = records.length - each.length;
    if (zh) return each.join('、') + (more > 0 ? ` 等 ${records.length} 条` : '');
    return each.join(', ') + (more > 0 ? ` and ${more} more` : '');
  };
  return consumers.map((c) => {
    const who = zh
      ? `主题 ${c.topic} 的 ${c.isolation} 消费者`
      : `The ${c.isolation} consumer of ${c.topic}`;
    if (c.duplicates.length === 0 && c.lost.length === 0) {
      return zh ? `${who}恰好读到每条记录一次。` : `${who} read every record exactly once.`;
    }
    const parts: string[] = [];
    for (const [cause, records] of grouped<TwiceCause, (typeof c.duplicates)[number]>(
      c.duplicates,
    )) {
      const often = records.every((r) => r.seen === 2)
        ? zh
          ? '两次'
          : 'twice'
        : zh
          ? '不止一次'
          : 'more than once';
      parts.push(
        zh
          ? `把 ${named(records)}读了${often}，因为${TWICE_CAUSE[cause].zh}`
          : `read ${named(records)} ${often}: ${TWICE_CAUSE[cause].en}`,
      );
    }
    for (const [cause, records] of grouped<MissedCause, (typeof c.lost)[number]>(c.lost)) {
      parts.push(
        zh
          ? `丢失了 ${named(records)}，因为${MISSED_CAUSE[cause].zh}`
          : `lost ${named(records)}: ${MISSED_CAUSE[cause].en}`,
      );
    }
    return zh ? `${who}${parts.join('；')}。` : `${who} ${parts.join('; ')}.`;
  });
}

/** Whether a consumer missed a record: the run is then not exactly-once end to end. */
export function consumerLost(consumers: readonly ConsumerAccount[]): boolean {
  return consumers.some((c) => c.lost.length > 0);
}
