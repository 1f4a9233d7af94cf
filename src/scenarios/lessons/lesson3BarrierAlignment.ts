import type { LessonBody } from '../lesson';
import { barrierAlignment } from '../presets/barrierAlignment';

/** Seed section 2, the worked example: two sources, barriers, alignment, completion. */
export const lesson3BarrierAlignment: LessonBody = {
  scenario: barrierAlignment,
  steps: [
    {
      tick: 0,
      title: { en: 'Two input streams', zh: '两个输入流' },
      text: {
        en: 'Two parallel source tasks, {source#0} and {source#1}, each read 1 to 9. {sum_even#0} and {sum_odd#0} each read from both, so each has two input channels; the channels from {source#1} are slower. Every number travels to both sum tasks: {sum_even#0} ignores the odd ones and {sum_odd#0} the even ones. {sink#0} receives both sums.',
        zh: '两个并行的数据源任务 {source#0} 和 {source#1} 都读取 1 到 9。{sum_even#0} 和 {sum_odd#0} 都从两个数据源读数据，所以各有两个输入通道；来自 {source#1} 的通道更慢。每个数字都会发往两个求和任务：{sum_even#0} 忽略奇数，{sum_odd#0} 忽略偶数。{sink#0} 接收两个和。',
      },
      highlight: ['source#0', 'source#1', 'sum_even#0', 'sum_odd#0', 'sink#0'],
    },
    {
      tick: 4,
      title: { en: 'The JobManager starts checkpoint 1', zh: 'JobManager 启动检查点 1' },
      text: {
        en: 'The JobManager sends every source task a message with the new checkpoint id, 1. That is how a checkpoint starts.',
        zh: 'JobManager 向每个数据源任务发送一条带有新检查点 ID（1）的消息，以此启动检查点。',
      },
      highlight: ['jobmanager', 'source#0', 'source#1'],
    },
    {
      tick: 5,
      title: {
        en: 'Sources save their offsets and emit barriers',
        zh: '数据源保存偏移量并发出分界线',
      },
      text: {
        en: 'Each source writes its offset (4) to the checkpoint, emits barrier 1 (分界线) on every output and reads on: its offset is now 5. The barrier splits the stream: records before it belong to checkpoint 1, records after it to the next one. When the state backend confirms, the sources acknowledge to the JobManager.',
        zh: '每个数据源把自己的偏移量（4）写入检查点，在每个输出上发出分界线（barrier）1，然后继续读取：现在偏移量是 5。分界线把流分开：它之前的数据属于检查点 1，之后的数据属于下一个检查点。状态后端确认保存后，数据源向 JobManager 确认。',
      },
      highlight: ['source#0', 'source#1', 'backend'],
    },
    {
      tick: 6,
      title: { en: 'Alignment begins', zh: '开始对齐' },
      text: {
        en: 'Barrier 1 from {source#0} reached {sum_even#0} and {sum_odd#0} first. That input is now blocked and no longer read: what arrives behind the barrier waits in its channel (since Flink 1.11; the notes’ “buffered” is Flink 1.10 and earlier, which copied it into an alignment buffer). The input from {source#1}, whose barrier has not arrived, is processed as usual.',
        zh: '来自 {source#0} 的分界线 1 先到达了 {sum_even#0} 和 {sum_odd#0}。这个输入现在被阻塞，不再被读取：分界线之后到达的数据留在通道里等待（Flink 1.11 起如此；笔记中的“缓存”是 Flink 1.10 及更早版本的做法，那时数据被复制到对齐缓存）。来自 {source#1} 的输入，分界线还没到，数据照常处理。',
      },
      highlight: ['sum_even#0', 'sum_odd#0'],
    },
    {
      tick: 7,
      title: { en: 'Waiting for the slower barrier', zh: '等待较慢的分界线' },
      text: {
        en: '{sum_even#0} has barrier 1 from {source#0}, so its input from {source#0} stays blocked; it still waits for barrier 1 from {source#1}. Meanwhile it added the 4 from {source#1}, which came before that barrier and so belongs to checkpoint 1.',
        zh: '{sum_even#0} 已收到来自 {source#0} 的分界线 1，来自 {source#0} 的输入仍被阻塞；它还在等来自 {source#1} 的分界线 1。在此期间，它加上了来自 {source#1} 的 4，这个 4 在分界线之前，所以属于检查点 1。',
      },
      highlight: ['sum_even#0'],
      question: {
        prompt: {
          en: 'Which records wait on {sum_even#0}’s blocked input now?',
          zh: '现在有哪些数据在 {sum_even#0} 被阻塞的输入上等待？',
        },
        answer: {
          en: '5 and 6 from {source#0}. They came after barrier 1 on that input, so they must not change the state before the snapshot.',
          zh: '来自 {source#0} 的 5 和 6。它们在该输入的分界线 1 之后到达，所以在快照之前不能改变状态。',
        },
      },
    },
    {
      tick: 8,
      title: { en: 'Aligned: snapshot and forward', zh: '对齐完成：保存快照并向下游转发' },
      text: {
        en: 'Barrier 1 from {source#1} arrived, so both sum tasks have it on every input. Each saves its state to the checkpoint, forwards barrier 1 to {sink#0}, unblocks its input and reads the records that waited in the channel.',
        zh: '来自 {source#1} 的分界线 1 到达了，两个求和任务在所有输入上都收到了它。它们把状态保存到检查点，把分界线 1 转发给 {sink#0}，解除阻塞，再读取在通道里等待的数据。',
      },
      highlight: ['sum_even#0', 'sum_odd#0', 'backend'],
      question: {
        prompt: {
          en: 'What did {sum_even#0} and {sum_odd#0} save, and why are those numbers consistent?',
          zh: '{sum_even#0} 和 {sum_odd#0} 保存了什么？为什么这两个数是一致的？',
        },
        answer: {
          en: '{sum_even#0} saved 12 and {sum_odd#0} 8: exactly the numbers 1 to 4 of both sources (2 × (2 + 4) = 12, 2 × (1 + 3) = 8), the part of the input before offsets 4 and 4.',
          zh: '{sum_even#0} 保存了 12，{sum_odd#0} 保存了 8：恰好是两个数据源的 1 到 4（2 × (2 + 4) = 12，2 × (1 + 3) = 8），也就是偏移量 4 和 4 之前的输入。',
        },
      },
    },
    {
      tick: 9,
      title: { en: '{sink#0} snapshots', zh: '{sink#0} 保存快照' },
      text: {
        en: '{sink#0} received barrier 1 on both of its inputs, saves its state and acknowledges to the JobManager.',
        zh: '{sink#0} 在两个输入上都收到了分界线 1，保存状态，并向 JobManager 确认。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 11,
      title: { en: 'Checkpoint 1 is complete', zh: '检查点 1 完成' },
      text: {
        en: 'Every task acknowledged: checkpoint 1 is complete. The data never stopped flowing: the sources read on the whole time.',
        zh: '所有任务都确认了：检查点 1 真正完成。数据从未停止流动：数据源一直在读取。',
      },
      highlight: ['jobmanager', 'backend'],
    },
    {
      tick: 13,
      title: { en: 'The result', zh: '结果' },
      text: {
        en: 'Both sources read to the end: {sum_even#0} = 40 and {sum_odd#0} = 50, each number of both sources counted once.',
        zh: '两个数据源都读完了：{sum_even#0} = 40，{sum_odd#0} = 50，两个数据源的每个数字都只计算了一次。',
      },
      highlight: ['sum_even#0', 'sum_odd#0'],
    },
  ],
};
