import type { LessonBody } from '../lesson';
import { stopTheWorld } from '../presets/stopTheWorld';

/**
 * Seed section 2, the simple idea against Flink's: pause, drain, snapshot, resume; then the
 * numbers of the same job with barriers (preset barrier-snapshots), which two steps offer beside
 * it on one clock.
 */
export const lesson2StopTheWorld: LessonBody = {
  scenario: stopTheWorld,
  steps: [
    {
      tick: 0,
      title: { en: 'The job', zh: '这个作业' },
      text: {
        en: 'Two source subtasks, {source#0} and {source#1}, each read 1 to 12, one number per tick. {sum_even#0} and {sum_odd#0} add them up and send their sums to {sink#0}. Every 800 ms (8 ticks) the JobManager takes a checkpoint the simple way: pause the application, save the states, resume.',
        zh: '两个数据源子任务 {source#0} 和 {source#1} 各自读取 1 到 12，每拍读一个数字。{sum_even#0} 和 {sum_odd#0} 求和，并把结果发给 {sink#0}。每隔 800 毫秒（8 拍），JobManager 用简单的办法做一次检查点：暂停应用，保存状态，再恢复应用。',
      },
      highlight: ['source#0', 'source#1', 'jobmanager'],
    },
    {
      tick: 8,
      title: { en: 'Checkpoint 1: pause!', zh: '检查点 1：暂停！' },
      text: {
        en: 'The JobManager starts checkpoint 1 at 800 ms, one interval in (Flink draws the first trigger at random, at most one interval after the start; the lesson fixes it so that its ticks stay as told). Instead of a barrier it sends every source a pause message.',
        zh: 'JobManager 在 800 ms（一个间隔之后）开始检查点 1（Flink 随机选择第一次触发的时间，最晚在启动后一个间隔；本课把它固定下来，让下面的拍数保持不变）。它不发分界线（barrier），而是给每个数据源发一条暂停消息。',
      },
      highlight: ['jobmanager', 'source#0', 'source#1'],
    },
    {
      tick: 9,
      title: { en: 'Sources stopped, channels still busy', zh: '数据源停了，通道里还有数据' },
      text: {
        en: 'Both sources stopped at offset 8. A snapshot now would be inconsistent: records the sources already read are still travelling, so the sums do not yet include them. The job has to wait until the channels are empty.',
        zh: '两个数据源都停在偏移量 8。现在保存快照是不一致的：数据源已经读过的数据还在通道里，两个和还没有包含它们。作业必须等到通道清空。',
      },
      highlight: ['source#0', 'source#1', 'sum_even#0', 'sum_odd#0'],
      question: {
        prompt: {
          en: 'Which records are still on their way to {sum_even#0}?',
          zh: '哪些数据还在发往 {sum_even#0} 的路上？',
        },
        answer: {
          en: 'The 8 from {source#0} and the 8 from {source#1}: both sources read 8 just before they paused.',
          zh: '来自 {source#0} 的 8 和来自 {source#1} 的 8：两个数据源在暂停之前刚刚读了 8。',
        },
      },
    },
    {
      tick: 11,
      title: { en: 'Drained', zh: '通道已清空' },
      text: {
        en: 'Every channel is empty and {sink#0} has every result. Nothing moves: the whole job is waiting for the checkpoint.',
        zh: '所有通道都空了，{sink#0} 收到了所有结果。什么都不动了：整个作业都在等检查点。',
      },
      highlight: ['sum_even#0', 'sum_odd#0', 'sink#0'],
    },
    {
      tick: 12,
      title: { en: 'Snapshot everything', zh: '保存所有状态' },
      text: {
        en: 'Now every task copies its state into checkpoint 1 and writes it to the state backend (状态后端): offsets 8 and 8, {sum_even#0} 40, {sum_odd#0} 32.',
        zh: '现在每个任务把自己的状态拷贝到检查点 1，并写入状态后端：偏移量 8 和 8，{sum_even#0} 为 40，{sum_odd#0} 为 32。',
      },
      highlight: ['source#0', 'source#1', 'sum_even#0', 'sum_odd#0', 'backend'],
      question: {
        prompt: {
          en: 'Why is (8, 8, 40, 32) consistent?',
          zh: '为什么 (8, 8, 40, 32) 是一致的？',
        },
        answer: {
          en: 'Both sums have processed exactly the records 1 to 8 of both sources: 2 × (2 + 4 + 6 + 8) = 40 and 2 × (1 + 3 + 5 + 7) = 32.',
          zh: '两个和恰好处理完了两个数据源的 1 到 8：2 × (2 + 4 + 6 + 8) = 40，2 × (1 + 3 + 5 + 7) = 32。',
        },
      },
    },
    {
      tick: 15,
      title: { en: 'Resume', zh: '恢复应用' },
      text: {
        en: 'Checkpoint 1 completed at tick 14 and the sources read again, after 6 ticks standing still; they will stop like this at every checkpoint. “Show beside it” opens the same job with barriers (EXACTLY_ONCE): at this tick it has added all of its input, {sum_even#0} 84 and {sum_odd#0} 72, while this one is at 40 and 32.',
        zh: '检查点 1 在第 14 拍完成，数据源重新开始读取。它们停了 6 拍（第 9 拍到第 14 拍），而且每个检查点都要这样停一次。用“在旁边显示”按钮打开使用分界线的同一作业（EXACTLY_ONCE）：在这一拍，它已经读完并加完了全部输入，{sum_even#0} 为 84，{sum_odd#0} 为 72，而这个作业还停在 40 和 32。',
      },
      highlight: ['source#0', 'source#1', 'jobmanager'],
      twin: { mode: 'exactly-once' },
      question: {
        prompt: {
          en: 'What did the sources do while the checkpoint was taken?',
          zh: '做检查点的时候，数据源在做什么？',
        },
        answer: {
          en: 'Nothing: they read no record from tick 9 to tick 14. In a real job the input would pile up in Kafka and every result would be late.',
          zh: '什么也没做：从第 9 拍到第 14 拍没有读取任何数据。在真实的作业里，输入会在 Kafka 中积压，所有结果都会延迟。',
        },
      },
    },
    {
      tick: 31,
      title: { en: 'The price, and Flink’s answer', zh: '代价，以及 Flink 的做法' },
      text: {
        en: 'The job took 3 checkpoints and finished at tick 31, with its sources paused for 18 ticks. With barriers (“Show beside it”) the same job takes the same checkpoint 1 (8, 8, 40, 32) at the same ticks, but its sources never pause: it reads its last record at tick 12 and has processed all of its input at tick 15, where the stopped-world job needs until tick 27 (both then wait for a final checkpoint, as Flink does since 1.15). Flink separates checkpoints from processing: the next lesson shows how.',
        zh: '这个作业做了 3 个检查点，在第 31 拍才结束，数据源一共暂停了 18 拍。同样的作业使用分界线时（用“在旁边显示”按钮打开），在相同的时刻得到相同的检查点 1 (8, 8, 40, 32)，但数据源从不暂停：它在第 12 拍读完最后一个数字，在第 15 拍就处理完了全部输入，而暂停应用的作业要到第 27 拍（两者之后都要等一个最后的检查点才结束，Flink 1.15 起如此）。Flink 把检查点的保存和数据处理分离开，下一课就来看它是怎么做到的。',
      },
      highlight: ['jobmanager', 'source#0', 'source#1'],
      twin: { mode: 'exactly-once' },
    },
  ],
};
