import type { LessonBody } from '../lesson';
import { atLeastOnceReplay } from '../presets/atLeastOnceReplay';

/**
 * Seed sections 1 to 3: why alignment is what makes checkpoints exactly once. The run is in
 * AT_LEAST_ONCE; two steps offer the same run in EXACTLY_ONCE beside it, on one clock.
 */
export const lesson4ExactlyVsAtLeastOnce: LessonBody = {
  scenario: atLeastOnceReplay,
  steps: [
    {
      tick: 0,
      title: { en: 'The same job, at least once', zh: '同一个作业，至少一次' },
      text: {
        en: 'The two-source job of the barrier lesson, each source reading one number every other tick, now in AT_LEAST_ONCE mode (至少一次): when a barrier arrives, nothing is blocked and there is no alignment (对齐).',
        zh: '还是分界线（barrier）那一课的双数据源作业，每个数据源每两拍读一个数字，但现在是 AT_LEAST_ONCE（至少一次）模式：分界线到达时不阻塞任何输入，也没有对齐。',
      },
      highlight: ['sum_even#0', 'sum_odd#0'],
    },
    {
      tick: 7,
      title: { en: 'Barrier 1 leaves the sources', zh: '分界线 1 离开数据源' },
      text: {
        en: 'Both sources save offset 3 to checkpoint 1 and emit barrier 1: the records 1, 2 and 3 of each source belong to checkpoint 1, everything after them to the next.',
        zh: '两个数据源都把偏移量 3 保存到检查点 1，并发出分界线 1：每个数据源的 1、2、3 属于检查点 1，之后的数据属于下一个检查点。',
      },
      highlight: ['source#0', 'source#1', 'backend'],
    },
    {
      tick: 8,
      title: { en: 'No blocking', zh: '不阻塞' },
      text: {
        en: 'Barrier 1 from {source#0} reached {sum_even#0}, whose barrier from {source#1} is still on its way. Exactly-once would block this input now. At-least-once does not: {sum_even#0} goes on and adds the 4 that followed the barrier.',
        zh: '来自 {source#0} 的分界线 1 到达了 {sum_even#0}，而来自 {source#1} 的分界线还在路上。精确一次模式此时会阻塞这个输入；至少一次模式不会：{sum_even#0} 继续处理，加上了分界线之后的 4。',
      },
      highlight: ['sum_even#0'],
      twin: { mode: 'exactly-once' },
      question: {
        prompt: {
          en: 'Which record did {sum_even#0} just add that came after barrier 1?',
          zh: '{sum_even#0} 刚刚加上的哪个数据是在分界线 1 之后的？',
        },
        answer: {
          en: 'The 4 from {source#0}. It belongs to the next checkpoint, but it is already in {sum_even#0}’s state.',
          zh: '来自 {source#0} 的 4。它属于下一个检查点，却已经进入了 {sum_even#0} 的状态。',
        },
      },
    },
    {
      tick: 10,
      title: { en: 'A snapshot with one record too many', zh: '多了一个数据的快照' },
      text: {
        en: 'Barrier 1 from {source#1} arrived, so {sum_even#0} saves its state: 8 = 2 + 2 + 4. Then it adds the 4 from {source#1} that followed the barrier, and shows 12. Checkpoint 1 also says both sources are at offset 3, before that 4. The checkpoint is not consistent.',
        zh: '来自 {source#1} 的分界线 1 到达了，{sum_even#0} 保存状态：8 = 2 + 2 + 4。随后它又加上 {source#1} 在分界线之后的 4，现在显示 12。而检查点 1 同时记录了两个数据源的偏移量都是 3，也就是在这个 4 之前。这个检查点是不一致的。',
      },
      highlight: ['sum_even#0', 'backend'],
      question: {
        prompt: {
          en: 'What would an aligned {sum_even#0} have saved?',
          zh: '如果做了对齐，{sum_even#0} 会保存什么？',
        },
        answer: {
          en: '4 = 2 + 2: only the records before the barriers. The 4 from {source#0} would have waited on the blocked input.',
          zh: '4 = 2 + 2：只有分界线之前的数据。来自 {source#0} 的 4 会在被阻塞的输入上等待。',
        },
      },
    },
    {
      tick: 13,
      title: { en: 'Checkpoint 1 completes anyway', zh: '检查点 1 照样完成' },
      text: {
        en: 'Every task acknowledged, so checkpoint 1 is complete, one record too many and all.',
        zh: '所有任务都确认了，检查点 1 照样完成，尽管多了一个数据。',
      },
      highlight: ['jobmanager', 'backend'],
    },
    {
      tick: 20,
      title: { en: 'A failure', zh: '发生故障' },
      text: {
        en: '{sum_odd#0} fails just before it adds the 9 from {source#1}. The job restarts: in the next tick every task is cancelled and its state cleared.',
        zh: '{sum_odd#0} 在加上来自 {source#1} 的 9 之前挂了。作业重启：下一拍所有任务被取消，状态被清空。',
      },
      highlight: ['sum_odd#0'],
    },
    {
      tick: 23,
      title: { en: 'Restore checkpoint 1', zh: '从检查点 1 恢复' },
      text: {
        en: 'Every task restores checkpoint 1: the sources go back to offset 3 and {sum_even#0} to 8, the 4 from {source#0} included. The sources read from offset 3 again, starting with 4.',
        zh: '所有任务从检查点 1 恢复：数据源回到偏移量 3，{sum_even#0} 回到 8，其中包含来自 {source#0} 的 4。数据源从偏移量 3 重新读取，先读到的就是 4。',
      },
      highlight: ['source#0', 'source#1', 'sum_even#0', 'backend'],
    },
    {
      tick: 25,
      title: { en: 'Counted twice', zh: '算了两次' },
      text: {
        en: 'The replayed 4 from {source#0} reaches {sum_even#0}, which adds it again: 12.',
        zh: '重放的来自 {source#0} 的 4 到达 {sum_even#0}，又被加了一次：12。',
      },
      highlight: ['sum_even#0'],
      question: {
        prompt: {
          en: 'How many times does {sum_even#0}’s state now count the 4 from {source#0}?',
          zh: '现在 {sum_even#0} 的状态里，来自 {source#0} 的 4 被算了几次？',
        },
        answer: {
          en: 'Twice: once from the snapshot, once from the replay.',
          zh: '两次：一次来自快照，一次来自重放。',
        },
      },
    },
    {
      tick: 38,
      title: { en: 'At least once, not exactly once', zh: '至少一次，而不是精确一次' },
      text: {
        en: 'The job ends with {sum_even#0} = 44 instead of 40: the 4 from {source#0} was counted twice. {sum_odd#0} = 50 is right. Show the same run in EXACTLY_ONCE beside this one (“Show beside it”; the lesson stays open) and step through both on one clock: at tick 8 the input from {source#0} is blocked and the 4 waits in its channel, {sum_even#0} saves 4, and after the same failure the job ends with 40 and 50: exactly once (精确一次). Only this run counts the 4 twice.',
        zh: '作业结束时 {sum_even#0} = 44，而不是 40：来自 {source#0} 的 4 被算了两次。{sum_odd#0} = 50 是对的。在旁边打开 EXACTLY_ONCE 模式下的同一作业（“在旁边显示”按钮，课程不会关闭），在同一时钟下逐拍对比：在第 8 拍，来自 {source#0} 的输入被阻塞，4 在通道里等待，{sum_even#0} 保存的是 4；同样的故障之后，作业以 40 和 50 结束（精确一次）。只有本次运行把 4 算了两次。',
      },
      highlight: ['sum_even#0', 'sum_odd#0'],
      twin: { mode: 'exactly-once' },
    },
  ],
};
