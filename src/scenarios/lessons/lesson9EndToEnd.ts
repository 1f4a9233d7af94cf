import type { LessonBody } from '../lesson';
import {
  twoPhaseCommit,
  twoPhaseCommitLatency,
  twoPhaseCommitTimeout,
} from '../presets/twoPhaseCommit';

/**
 * End-to-end exactly-once, part 1: the seed's sums written to a topic through a two-phase-commit
 * sink, a failure, and what each consumer of the topic read.
 */
export const lesson9TwoPhaseCommit: LessonBody = {
  scenario: twoPhaseCommit,
  steps: [
    {
      tick: 0,
      title: { en: 'The sums leave the job', zh: '求和结果离开作业' },
      text: {
        en: 'The odd/even job of lesson 1, with a sink that writes every new sum into the topic sums, as a KafkaSink with EXACTLY_ONCE does: inside a transaction, one per checkpoint. Two consumers read the topic: read_uncommitted and read_committed (the Topic tab).',
        zh: '第 1 课的奇偶求和作业，加上一个 Sink：它像 EXACTLY_ONCE 的 KafkaSink 一样，把每个新的求和结果写进主题 sums，写在事务里，每个检查点一个事务。两个消费者读这个主题：read_uncommitted 和 read_committed（见“主题”标签页）。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 15,
      title: { en: 'Written, not yet committed', zh: '已写入，尚未提交' },
      text: {
        en: 'Since tick 3 {sink#0} has written 1, 2, 4, 6 and 9 into its open transaction sink-0-1. read_uncommitted has read all five already; read_committed has read nothing.',
        zh: '从第 3 拍起，{sink#0} 已把 1、2、4、6、9 写进它的进行中事务 sink-0-1。read_uncommitted 已经读到这五条；read_committed 一条也没有读到。',
      },
      highlight: ['sink#0'],
      question: {
        prompt: {
          en: 'When can read_committed read them?',
          zh: 'read_committed 什么时候能读到它们？',
        },
        answer: {
          en: 'Only once sink-0-1 is committed, and that waits for the checkpoint that covers these records to complete.',
          zh: '只有 sink-0-1 提交之后才行，而提交要等包含这些数据的检查点完成。',
        },
      },
    },
    {
      tick: 17,
      title: { en: 'Pre-commit at the barrier', zh: '分界线到达时预提交' },
      text: {
        en: 'Barrier 1 reached {sink#0}: as part of its snapshot it flushes sink-0-1 and pre-commits it. Checkpoint 1 holds the transaction with its 5 records; the next records go into a new one.',
        zh: '分界线（barrier）1 到达 {sink#0}：作为快照的一部分，它刷写 sink-0-1 并把它预提交。检查点 1 保存了这个事务和其中的 5 条数据；之后的数据写进新的事务。',
      },
      highlight: ['sink#0', 'backend'],
    },
    {
      tick: 19,
      title: { en: 'Complete, but not committed', zh: '检查点完成，事务未提交' },
      text: {
        en: 'Checkpoint 1 completed, but the notification that tells {sink#0} so is 2 s late. sink-0-1 stays pre-committed (on {sink#0}, the tag 1 with its 5 records, beside the open transaction), and read_committed still reads nothing. Since tick 18 the open transaction sink-0-2 holds 12.',
        zh: '检查点 1 完成了，但通知 {sink#0} 的消息晚到了 2 秒。sink-0-1 仍是预提交状态（{sink#0} 上进行中事务旁的标签 1，带着 5 条数据），read_committed 仍然什么也读不到。从第 18 拍起，进行中的事务 sink-0-2 里有 12。',
      },
      highlight: ['jobmanager', 'sink#0'],
    },
    {
      tick: 20,
      title: { en: 'A failure', zh: '发生故障' },
      text: {
        en: '{sum_odd#0} fails just before it adds 7, as in lesson 1. The job restarts from checkpoint 1.',
        zh: '和第 1 课一样，{sum_odd#0} 在加上 7 之前发生故障。作业从检查点 1 重启。',
      },
      highlight: ['sum_odd#0', 'sink#0'],
      question: {
        prompt: {
          en: 'What becomes of sink-0-1, pre-committed, and of sink-0-2, open with 12?',
          zh: '预提交的 sink-0-1 和进行中、装着 12 的 sink-0-2 会怎样？',
        },
        answer: {
          en: 'sink-0-2 is aborted: its 12 came after barrier 1, and the replay writes it again. sink-0-1 is in checkpoint 1, so the restore commits it.',
          zh: 'sink-0-2 被中止：它的 12 在分界线 1 之后，重放时会再写一次。sink-0-1 在检查点 1 里，所以恢复时会提交它。',
        },
      },
    },
    {
      tick: 21,
      title: { en: 'The open transaction is aborted', zh: '进行中的事务被中止' },
      text: {
        en: 'The tasks are cancelled and sink-0-2 is aborted with its 12. read_committed never sees it; read_uncommitted has read it already.',
        zh: '所有任务被取消，sink-0-2 连同其中的 12 被中止。read_committed 永远看不到它；read_uncommitted 却已经读到了。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 23,
      title: { en: 'The restore commits', zh: '恢复时提交' },
      text: {
        en: 'Every task restores checkpoint 1. {sink#0} finds sink-0-1 pre-committed in it and commits it: read_committed now reads 1, 2, 4, 6 and 9.',
        zh: '所有任务从检查点 1 恢复。{sink#0} 发现其中有预提交的 sink-0-1，就提交它：read_committed 现在读到 1、2、4、6、9。',
      },
      highlight: ['sink#0', 'backend'],
    },
    {
      tick: 26,
      title: { en: '12 again', zh: '又一个 12' },
      text: {
        en: 'The source replays from offset 5, and {sink#0} writes 12 again, into a new sink-0-2.',
        zh: '数据源从偏移量 5 重放，{sink#0} 把 12 再写一次，写进新的 sink-0-2。',
      },
      highlight: ['sink#0'],
      question: {
        prompt: {
          en: 'How many times has each consumer read 12 now?',
          zh: '现在每个消费者各读到了几次 12？',
        },
        answer: {
          en: 'read_uncommitted twice: the aborted copy and the new one. read_committed not yet: the new sink-0-2 is still open.',
          zh: 'read_uncommitted 两次：被中止的那份和新的那份。read_committed 还没有读到：新的 sink-0-2 还在进行中。',
        },
      },
    },
    {
      tick: 35,
      title: { en: 'Exactly once, for read_committed', zh: '对 read_committed 是精确一次' },
      text: {
        en: 'The input ends. With no checkpoint interval set, no final checkpoint comes, and Flink’s sink committer commits what is left at the end of input: {sink#0} commits its last transaction (part 2, with an interval, waits for a final checkpoint). read_committed read 1, 2, 4, 6, 9, 12, 16, 20, 25: each sum once. read_uncommitted read 12 twice. The preset “End-to-end: an at-least-once sink after the same failure” writes outside transactions: there both consumers read 12 twice.',
        zh: '输入结束。没有设置检查点间隔，就不会有最后的检查点，Flink 的 Sink 提交器在输入结束时提交剩下的事务：{sink#0} 提交最后一个事务（第 2 部分设置了间隔，要等最后的检查点）。read_committed 读到 1、2、4、6、9、12、16、20、25：每个结果一次。read_uncommitted 读到两次 12。预设“端到端：同样的故障之后，至少一次的 Sink”不用事务写入：在那里两个消费者都读到两次 12。',
      },
      highlight: ['sink#0'],
    },
  ],
};

/** Part 2: read_committed sees the output one checkpoint late. */
export const lesson9Latency: LessonBody = {
  scenario: twoPhaseCommitLatency,
  steps: [
    {
      tick: 0,
      title: { en: 'A checkpoint every second', zh: '每秒一个检查点' },
      text: {
        en: 'The same job without a failure, with a checkpoint every 1000 ms. Each checkpoint pre-commits the transaction of the records written before its barrier.',
        zh: '同一个作业，没有故障，每 1000 ms 一个检查点。每个检查点预提交它的分界线（barrier）之前写入的数据所在的事务。',
      },
      highlight: ['jobmanager', 'sink#0'],
    },
    {
      tick: 12,
      title: { en: 'Four sums waiting', zh: '四个结果在等待' },
      text: {
        en: 'read_uncommitted has read 1, 2, 4 and 6; read_committed nothing. Checkpoint 1 was triggered at tick 10, one interval in (Flink draws the first trigger at random, at most one interval after the start).',
        zh: 'read_uncommitted 已读到 1、2、4、6；read_committed 什么也没有。检查点 1 在第 10 拍触发，即一个间隔之后（Flink 随机选择第一次触发的时间，最晚在启动后一个间隔）。',
      },
      highlight: ['sink#0'],
      question: {
        prompt: {
          en: 'When will read_committed read the 1 written at tick 3?',
          zh: 'read_committed 什么时候能读到第 3 拍写入的 1？',
        },
        answer: {
          en: 'At tick 16, 1.3 s after it was written: the barrier pre-commits sink-0-1 at tick 13, checkpoint 1 completes at tick 15, and its notification commits the transaction a tick later.',
          zh: '第 16 拍，写入 1.3 秒之后：分界线在第 13 拍预提交 sink-0-1，检查点 1 在第 15 拍完成，完成通知在下一拍提交这个事务。',
        },
      },
    },
    {
      tick: 13,
      title: { en: 'Pre-committed', zh: '已预提交' },
      text: {
        en: 'Barrier 1 reached {sink#0}, which pre-commits sink-0-1 with 4 records. The 9 will go into the next transaction.',
        zh: '分界线 1 到达 {sink#0}，它预提交了装有 4 条数据的 sink-0-1。9 会进入下一个事务。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 16,
      title: { en: 'The first batch', zh: '第一批' },
      text: {
        en: 'Checkpoint 1 completed at tick 15; its notification commits sink-0-1, and read_committed reads 1, 2, 4 and 6 at once.',
        zh: '检查点 1 在第 15 拍完成；完成通知提交了 sink-0-1，read_committed 一下子读到 1、2、4、6。',
      },
      highlight: ['sink#0', 'jobmanager'],
    },
    {
      tick: 26,
      title: { en: 'One batch per checkpoint', zh: '每个检查点一批' },
      text: {
        en: 'Ten ticks later, one checkpoint interval, checkpoint 2 commits 9, 12 and 16. read_committed reads in batches, one per completed checkpoint: its output latency is up to a checkpoint interval plus the checkpoint’s own duration.',
        zh: '十拍之后，也就是一个检查点间隔之后，检查点 2 提交了 9、12、16。read_committed 按批读取，每完成一个检查点一批：它的输出延迟最长是一个检查点间隔再加上检查点本身的耗时。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 36,
      title: { en: 'The final checkpoint', zh: '最后的检查点' },
      text: {
        en: 'The input ended at tick 27. The tasks waited for checkpoint 3, the final one (Flink 1.15 and later), which commits 20 and 25; only then does the job finish. A shorter interval means a lower latency, and more checkpoints.',
        zh: '输入在第 27 拍结束。任务等待最后一个检查点 3（Flink 1.15 起），它提交了 20 和 25，作业这才结束。间隔越短，延迟越低，检查点也越多。',
      },
      highlight: ['jobmanager', 'sink#0'],
    },
  ],
};

/** Part 3: a job down longer than the transaction timeout loses a completed checkpoint's output. */
export const lesson9Timeout: LessonBody = {
  scenario: twoPhaseCommitTimeout,
  steps: [
    {
      tick: 0,
      title: { en: 'transaction.timeout.ms: 3 s', zh: 'transaction.timeout.ms：3 秒' },
      text: {
        en: 'The job and the failure of part 1, with two changes: the sink’s transaction timeout is 3 s, and the job restarts 3 s after a failure. The broker aborts a transaction that is not committed 3 s after its first record.',
        zh: '第 1 部分的作业和故障，改了两处：Sink 的事务超时为 3 秒，作业在故障 3 秒后重启。事务的第一条数据写入 3 秒后仍未提交，Broker 就会中止它。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 17,
      title: { en: 'Pre-committed, as before', zh: '和之前一样预提交' },
      text: {
        en: 'Barrier 1 pre-commits sink-0-1 with 1, 2, 4, 6 and 9. Its first record was written at tick 3.',
        zh: '分界线（barrier）1 预提交了装有 1、2、4、6、9 的 sink-0-1。它的第一条数据是在第 3 拍写入的。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 20,
      title: { en: 'A failure, and a long wait', zh: '发生故障，等待很久' },
      text: {
        en: 'Checkpoint 1 completed at tick 19 and its notification is late again. {sum_odd#0} fails; the job restarts in 3 s, at tick 50.',
        zh: '检查点 1 在第 19 拍完成，完成通知又晚到了。{sum_odd#0} 发生故障；作业 3 秒后，也就是第 50 拍重启。',
      },
      highlight: ['sum_odd#0', 'jobmanager'],
      question: {
        prompt: {
          en: 'sink-0-1 began at tick 3 and times out after 3 s. Will the restore at tick 50 commit it?',
          zh: 'sink-0-1 在第 3 拍开始，3 秒后超时。第 50 拍的恢复能提交它吗？',
        },
        answer: {
          en: 'No. The broker aborts it at tick 33 while the job is down, and an aborted transaction cannot be committed.',
          zh: '不能。Broker 在第 33 拍、作业停止期间就中止了它，已中止的事务无法再提交。',
        },
      },
    },
    {
      tick: 33,
      title: { en: 'The broker aborts', zh: 'Broker 中止事务' },
      text: {
        en: '3 s after its first record the broker aborts sink-0-1, although checkpoint 1, which pre-committed it, completed. The Topic tab marks its 5 records aborted.',
        zh: '第一条数据写入 3 秒后，Broker 中止了 sink-0-1，尽管预提交它的检查点 1 已经完成。“主题”标签页把它的 5 条数据标为已中止。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 50,
      title: { en: 'Nothing to commit', zh: '没有可提交的事务' },
      text: {
        en: 'Every task restores checkpoint 1. {sink#0} finds sink-0-1 aborted: 1, 2, 4, 6 and 9 are lost. The source goes on from offset 5, after them, so nothing writes them again.',
        zh: '所有任务从检查点 1 恢复。{sink#0} 发现 sink-0-1 已被中止：1、2、4、6、9 丢失了。数据源从偏移量 5 继续，在它们之后，所以不会再有人写入它们。',
      },
      highlight: ['sink#0', 'backend'],
    },
    {
      tick: 62,
      title: { en: 'Lost, though the checkpoint completed', zh: '检查点完成了，数据却丢了' },
      text: {
        en: 'The input ends and, as in part 1, {sink#0} commits its last transaction. read_committed read only 12, 16, 20 and 25: 1, 2, 4, 6 and 9 are lost: the broker aborted their transaction when the transaction timeout ran out, although their checkpoint had completed. Set the timeout above the longest time the job may stay down; the broker caps it at transaction.max.timeout.ms (15 minutes by default). A job that fails for good and is started again by hand from its checkpoint falls into the same trap: try it without a restart strategy, then Trigger → Start a new job.',
        zh: '输入结束，和第 1 部分一样，{sink#0} 提交最后一个事务。read_committed 只读到 12、16、20、25：1、2、4、6、9 丢失了：事务超时时间一到，Broker 就中止了它们所在的事务，尽管它们的检查点已经完成。事务超时要大于作业可能停止的最长时间；Broker 用 transaction.max.timeout.ms 限制它的上限（默认 15 分钟）。作业彻底失败后再手动从检查点启动新作业，也会落入同样的陷阱：在没有重启策略时试试“触发 → 启动新作业”。',
      },
      highlight: ['sink#0'],
    },
  ],
};
