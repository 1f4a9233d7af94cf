import type { LessonBody } from '../lesson';
import { oddEvenSum } from '../presets/oddEvenSum';

/** Seed section 1: what a consistent checkpoint is, and the three steps of recovering from it. */
export const lesson1ConsistentCheckpoint: LessonBody = {
  scenario: oddEvenSum,
  steps: [
    {
      tick: 0,
      title: { en: 'The job', zh: '这个作业' },
      text: {
        en: '{source#0} reads the numbers 1 to 9, one every three ticks, and sends each number to both sum tasks. {sum_even#0} adds the even numbers and ignores the odd ones; {sum_odd#0} adds the odd ones and ignores the even ones. Its state is all this job has: the offset of {source#0} and the two sums.',
        zh: '{source#0} 每三拍读取一个数字，从 1 读到 9，并把每个数字都发给两个求和任务。{sum_even#0} 只加偶数，忽略奇数；{sum_odd#0} 只加奇数，忽略偶数。这个作业的全部状态就是：{source#0} 的偏移量和两个和。',
      },
      highlight: ['source#0', 'sum_even#0', 'sum_odd#0'],
    },
    {
      tick: 14,
      title: { en: 'A moment worth saving', zh: '值得保存的时刻' },
      text: {
        en: '{source#0} has read 1 to 5 (offset 5), {sum_even#0} = 2 + 4 = 6 and {sum_odd#0} = 1 + 3 + 5 = 9: every task has processed exactly the same input. A copy of all states now is a consistent checkpoint. The JobManager starts checkpoint 1.',
        zh: '{source#0} 已读取 1 到 5（偏移量为 5），{sum_even#0} = 2 + 4 = 6，{sum_odd#0} = 1 + 3 + 5 = 9：所有任务恰好处理完相同的输入数据。此刻所有状态的一份拷贝，就是一个一致性检查点。JobManager 开始检查点 1。',
      },
      highlight: ['jobmanager', 'source#0', 'sum_even#0', 'sum_odd#0'],
      question: {
        prompt: {
          en: 'What should checkpoint 1 hold for the three tasks?',
          zh: '检查点 1 应当为这三个任务保存什么？',
        },
        answer: {
          en: 'Offset 5 for {source#0}, 6 for {sum_even#0} and 9 for {sum_odd#0}: (5, 6, 9).',
          zh: '{source#0} 的偏移量 5，{sum_even#0} 的 6，{sum_odd#0} 的 9：即 (5, 6, 9)。',
        },
      },
    },
    {
      tick: 16,
      title: { en: 'Each task saves its state', zh: '每个任务保存自己的状态' },
      text: {
        en: '{source#0} saved offset 5 and sent a barrier (分界线) after record 5. When the barrier reaches {sum_even#0} and {sum_odd#0}, each copies its state, 6 and 9, and writes it to the state backend (状态后端).',
        zh: '{source#0} 保存了偏移量 5，并在数字 5 之后发出一个分界线（barrier）。分界线到达 {sum_even#0} 和 {sum_odd#0} 时，它们各自拷贝自己的状态 6 和 9，写入状态后端。',
      },
      highlight: ['source#0', 'sum_even#0', 'sum_odd#0', 'backend'],
    },
    {
      tick: 18,
      title: { en: 'Checkpoint 1 is complete', zh: '检查点 1 完成' },
      text: {
        en: 'Every task acknowledged its snapshot, so the JobManager marks checkpoint 1 complete. The state backend holds (5, 6, 9) while the job reads on.',
        zh: '所有任务都确认了快照，JobManager 将检查点 1 标记为完成。状态后端保存着 (5, 6, 9)，作业继续读取数据。',
      },
      highlight: ['jobmanager', 'backend'],
    },
    {
      tick: 19,
      title: { en: 'Reading on', zh: '继续读取' },
      text: {
        en: '{source#0} has read 6 and 7. {sum_even#0} added 6 and is 12; record 7 is on its way to {sum_odd#0}, which is still 9.',
        zh: '{source#0} 已读取 6 和 7。{sum_even#0} 加上了 6，现在是 12；数字 7 正在发往 {sum_odd#0}，{sum_odd#0} 仍是 9。',
      },
      highlight: ['sum_even#0', 'sum_odd#0'],
    },
    {
      tick: 20,
      title: { en: '{sum_odd#0} fails before adding 7', zh: '{sum_odd#0} 还没加上 7 就挂了' },
      text: {
        en: '{sum_odd#0} fails just before it adds 7: its state is gone with it. The other tasks have not stopped yet: {sum_even#0} has added 6 and shows 12, and {source#0} is at offset 7.',
        zh: '{sum_odd#0} 在加上 7 之前失败了，它的状态也随之丢失。其他任务还没有停下：{sum_even#0} 已经加上 6，显示 12，{source#0} 的偏移量是 7。',
      },
      highlight: ['sum_odd#0', 'sum_even#0', 'source#0'],
    },
    {
      tick: 21,
      title: { en: 'Restart: every state is cleared', zh: '重启：所有状态被清空' },
      text: {
        en: 'Recovery step one: restart the job. Every task is cancelled and its state is cleared: {source#0}, {sum_even#0} and {sum_odd#0} all hold nothing now, while the restart strategy waits its delay.',
        zh: '恢复第一步：重启应用。所有任务被取消，状态被清空：{source#0}、{sum_even#0} 和 {sum_odd#0} 现在什么都没有，重启策略则在等待它的延迟时间。',
      },
      // The JobManager too: its “restart in 2 ticks” is the delay the text speaks of.
      highlight: ['jobmanager', 'source#0', 'sum_even#0', 'sum_odd#0'],
      question: {
        prompt: {
          en: '{sum_even#0} had already added 6 and counted 12. Is that 12 lost?',
          zh: '{sum_even#0} 已经加上 6，得到 12。这个 12 丢了吗？',
        },
        answer: {
          en: 'The 12 is gone with the cleared state, but nothing is lost: checkpoint 1 has 6 for {sum_even#0}, and {source#0} will read 6 again.',
          zh: '清空状态时 12 没有了，但并没有丢数据：检查点 1 中 {sum_even#0} 是 6，而 {source#0} 会重新读取 6。',
        },
      },
    },
    {
      tick: 23,
      title: { en: 'Restore from the checkpoint', zh: '从检查点恢复状态' },
      text: {
        en: 'Recovery step two: every task reads its state back from checkpoint 1, so the job is exactly where it was when the checkpoint was taken: {sum_even#0} 6, {sum_odd#0} 9, and {source#0} rewound to offset 5. It reads 6 again next.',
        zh: '恢复第二步：每个任务从检查点 1 读回状态，作业回到拍下检查点快照时的样子：{sum_even#0} 为 6，{sum_odd#0} 为 9，{source#0} 重置到偏移量 5，接下来重新读取 6。',
      },
      highlight: ['source#0', 'sum_even#0', 'sum_odd#0', 'backend'],
    },
    {
      tick: 28,
      title: { en: 'Replay 6 and 7', zh: '重新处理 6 和 7' },
      text: {
        en: 'Recovery step three: the records between the checkpoint and the failure, 6 and 7, are read and processed again. {sum_even#0} is 12 once more and {sum_odd#0} now adds 7: 16.',
        zh: '恢复第三步：重新消费检查点到故障之间的数据，也就是把 6 和 7 再加上。{sum_even#0} 又是 12，{sum_odd#0} 加上 7 后是 16。',
      },
      highlight: ['sum_even#0', 'sum_odd#0'],
      question: {
        prompt: {
          en: 'Was 6 counted twice by {sum_even#0}?',
          zh: '{sum_even#0} 把 6 算了两次吗？',
        },
        answer: {
          en: 'No. The 6 added before the failure was cleared with the state; the restored sum, 2 + 4 = 6, did not contain it, so it is counted once.',
          zh: '没有。故障前加上的 6 随状态一起被清空了；恢复的和是 2 + 4 = 6，里面不含这条记录，所以它只被计算一次。',
        },
      },
    },
    {
      tick: 34,
      title: { en: 'Exactly once', zh: '精确一次' },
      text: {
        en: 'The job ends with {sum_even#0} = 20 and {sum_odd#0} = 25, the same as a run without the failure: every number counted exactly once (精确一次), because every task saved and restored its state at the same point of the input.',
        zh: '作业结束时 {sum_even#0} = 20，{sum_odd#0} = 25，与没有故障时完全相同：每个数字都被精确一次地计算，因为所有任务都在输入的同一位置保存并恢复了状态。',
      },
      highlight: ['sum_even#0', 'sum_odd#0'],
    },
  ],
};
