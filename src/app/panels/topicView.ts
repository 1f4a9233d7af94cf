import { consumed, type Isolation, type TopicEntry, type TopicView } from '../../engine';

/**
 * How a record a consumer read is marked: committed (or written outside transactions), still in a
 * transaction not committed yet, or in one the broker aborted: read_uncommitted read it, and
 * read_committed never will.
 */
export type ReadMark = 'committed' | 'uncommitted' | 'aborted';

export interface ReadRecord {
  key: string;
  value: number;
  mark: ReadMark;
  /** Its transactional id; null for a write outside transactions. */
  transaction: string | null;
}

export interface ConsumerView {
  isolation: Isolation;
  records: ReadRecord[];
  /**
   * read_committed only: the transaction not committed yet at which it stops reading (the last
   * stable offset), with how many records it holds; null when it reads to the end.
   */
  waitsFor: { transaction: string; state: 'open' | 'pre-committed'; records: number } | null;
}

function markOf(entry: TopicEntry): ReadMark {
  if (entry.state === 'aborted') return 'aborted';
  if (entry.state === 'open' || entry.state === 'pre-committed') return 'uncommitted';
  return 'committed';
}

/**
 * What each consumer of a topic has read by now (read_uncommitted first, then read_committed), as
 * the topic panel lists it: the engine's `consumed`, each record marked. Pure.
 */
export function consumerViews(topic: TopicView): ConsumerView[] {
  const keys = new Map<TopicEntry, string>(topic.records.map((r, k) => [r, `${k}`]));
  const view = (isolation: Isolation): ConsumerView => {
    const read = consumed(topic, isolation);
    let waitsFor: ConsumerView['waitsFor'] = null;
    if (isolation === 'read_committed') {
      const at = topic.records.findIndex((r) => r.state === 'open' || r.state === 'pre-committed');
      if (at >= 0) {
        const first = topic.records[at];
        const transaction = first.transaction ?? '';
        waitsFor = {
          transaction,
          state: first.state as 'open' | 'pre-committed',
          records: topic.records.filter(
            (r) => r.transaction === transaction && r.state === first.state,
          ).length,
        };
      }
    }
    return {
      isolation,
      records: read.map((r) => ({
        key: keys.get(r) ?? '',
        value: r.value,
        mark: markOf(r),
        transaction: r.transaction,
      })),
      waitsFor,
    };
  };
  return [view('read_uncommitted'), view('read_committed')];
}
