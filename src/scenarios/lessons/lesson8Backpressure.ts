import type { LessonBody } from '../lesson';
import { slowSinkAligned, slowSinkTimeout, slowSinkUnaligned } from '../presets/slowSink';

/** Checkpoints under backpressure, part 1: aligned barriers wait behind full channels. */
export const lesson8Backpressure: LessonBody = {
  scenario: slowSinkAligned,
  steps: [
    {
      tick: 0,
      title: { en: 'A slow sink', zh: '一个很慢的 Sink' },
      text: {
        en: 'Both sources read 2 records a tick, {sink#0} writes only 1. Every channel holds 4 records (its network buffers, Flink’s credits). Checkpoints every second, each with a 600 ms timeout; the first at 1 s (Flink draws it at random within the first second).',
        zh: '两个数据源每拍各读 2 条数据，{sink#0} 每拍只能写 1 条。每个通道最多容纳 4 条数据（网络缓冲区，即 Flink 的信用）。每秒一个检查点，超时时间 600 ms；第一个在 1 秒时（Flink 会在第一秒内随机选择它的时刻）。',
      },
      highlight: ['sink#0'],
    },
    {
      tick: 8,
      title: { en: 'Backpressure reaches the sources', zh: '反压传回数据源' },
      text: {
        en: 'The channel into {sink#0} never drains: the sink takes one record a tick and {sum#0} refills it at once, then waits for a free credit. Its inputs fill, so the sources wait too. Flink’s web UI grades the share of time a task cannot send: LOW above 10%, HIGH above 50%, ringed here in dashed orange and in red.',
        zh: '通往 {sink#0} 的通道一直排不空：{sink#0} 每拍取走一条，{sum#0} 立刻补满，然后等待空闲的信用。它的输入通道也满了，数据源也只能等待。Flink 的 Web UI 按任务无法发送的时间比例分级：超过 10% 为 LOW，超过 50% 为 HIGH，这里分别用橙色虚线框和红框标出。',
      },
      highlight: ['sum#0', 'source#0', 'source#1', 'sink#0'],
      question: {
        prompt: {
          en: 'Checkpoint 1 starts at tick 10. Its barriers join the back of the full channels. Will {sum#0} see them before the 600 ms timeout?',
          zh: '检查点 1 在第 10 拍开始，分界线排在已满的通道末尾。{sum#0} 能在 600 ms 超时之前收到它们吗？',
        },
        answer: {
          en: 'No. Each barrier waits behind 4 records drained at the sink’s pace: {sum#0} gets its first one only at tick 17, after the checkpoint expired at tick 16.',
          zh: '不能。每个分界线排在 4 条数据之后，而这些数据只能按 Sink 的速度排空：{sum#0} 直到第 17 拍才收到第一个分界线，而检查点在第 16 拍已经过期。',
        },
      },
    },
    {
      tick: 11,
      title: { en: 'Barriers queue behind the data', zh: '分界线排在数据后面' },
      text: {
        en: 'The sources snapshot their offsets and emit barrier 1 at the back of their outputs, behind every record waiting there: aligned barriers never pass data.',
        zh: '数据源保存偏移量，把分界线（barrier）1 放在输出通道的末尾，排在所有等待的数据后面：对齐的分界线从不越过数据。',
      },
      // The step is about the sources' outputs: framed with the task they lead to, whole.
      highlight: ['source#0', 'source#1', 'sum#0'],
    },
    {
      tick: 16,
      title: { en: 'Expired before it started', zh: '还没开始就过期了' },
      text: {
        en: 'Checkpoint 1 expired after 600 ms: the sum had not even received a barrier (its start delay would be longer than the timeout: the Checkpoints tab’s start delays are of the two sources only). This is the “checkpoint expired before completing” of a backpressured job. “Show beside it” opens the same job with unaligned checkpoints: it completed checkpoint 1 at tick 15.',
        zh: '检查点 1 在 600 ms 后过期：求和任务连一个分界线都还没收到（它的启动延迟会比超时时间还长：“检查点”标签页里的启动延迟只统计了两个源）。这就是反压作业中常见的检查点过期失败（失败原因 CHECKPOINT_EXPIRED）。用“在旁边显示”按钮打开使用非对齐检查点的同一作业：它的检查点 1 在第 15 拍就完成了。',
      },
      highlight: ['jobmanager', 'sum#0'],
      twin: { unaligned: true },
    },
    {
      tick: 17,
      title: { en: 'Too late', zh: '太晚了' },
      text: {
        en: 'A tick after checkpoint 1 expired, both of its barriers reach {sum#0}: it aligns and forwards barrier 1, but the checkpoint coordinator has already given it up. Under backpressure every checkpoint’s barriers take as long, so the next ones expire too. (While a task aligns, a blocked input is not read: since Flink 1.11 its records stay in the channel and add to the backpressure; Flink 1.10 copied them into an alignment buffer.)',
        zh: '检查点 1 过期后的下一拍，它的两个分界线才到达 {sum#0}：任务完成对齐并转发分界线 1，但检查点协调器早已放弃了它。在反压下每个检查点的分界线都要花这么久，后面的检查点同样会过期。（任务对齐期间不读取被阻塞的输入：Flink 1.11 起这些数据留在通道中，加重反压；Flink 1.10 会把它们复制到对齐缓存。）',
      },
      // The coordinator that gave checkpoint 1 up, and the task that forwards its barrier anyway.
      highlight: ['jobmanager', 'sum#0'],
    },
    {
      tick: 66,
      title: { en: 'No checkpoint until the end', zh: '直到结束才有检查点' },
      text: {
        en: 'Checkpoints 1 to 5 all expired; only the 10 tolerable failures kept the job alive, and a failure would have replayed everything from the start. Only once the sources ran out of input and the channels drained did a checkpoint get through in time: checkpoint 6, which the tasks wait for before they finish (Flink 1.15 and later). “Show beside it” opens the same job with unaligned checkpoints: it completed checkpoints 1 to 6, each 500 ms after it started. Next lesson part: that job, step by step.',
        zh: '检查点 1 到 5 全部过期，只是因为可容忍 10 次失败，作业才没有失败；期间若发生故障，就要从头重放所有数据。直到数据源读完输入、通道排空，才有检查点及时完成：检查点 6，任务结束前要等它完成（Flink 1.15 起）。在旁边（“在旁边显示”按钮）使用非对齐检查点的同一作业完成了检查点 1 到 6，每个都在开始后 500 ms 完成。下一部分：一步一步地看这个作业。',
      },
      highlight: ['jobmanager'],
      twin: { unaligned: true },
    },
  ],
};

/** Part 2: unaligned checkpoints overtake the data, and a restore puts the channel state back. */
export const lesson8Unaligned: LessonBody = {
  scenario: slowSinkUnaligned,
  steps: [
    {
      tick: 0,
      title: { en: 'enableUnalignedCheckpoints()', zh: 'enableUnalignedCheckpoints()' },
      text: {
        en: 'The same slow job, with unaligned checkpoints: a barrier overtakes the records queued in front of it, and the checkpoint stores those records as channel state. Exactly-once only; savepoints stay aligned.',
        zh: '同一个很慢的作业，改用非对齐检查点：分界线（barrier）越过排在它前面的数据，检查点把这些数据作为通道状态保存。只用于精确一次；保存点仍然对齐。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 11,
      title: { en: 'The barrier overtakes', zh: '分界线越过数据' },
      text: {
        en: 'Each source puts barrier 1 at the head of its full output, ahead of the records there, and persists those records with its offset.',
        zh: '每个数据源把分界线 1 放到已满输出通道的最前面，越过其中的数据，并把这些数据连同偏移量一起保存。',
      },
      // The step is about the sources' outputs: framed with the task they lead to, whole.
      highlight: ['source#0', 'source#1', 'sum#0'],
      question: {
        prompt: {
          en: 'When will {sink#0} get barrier 1 now?',
          zh: '现在 {sink#0} 什么时候收到分界线 1？',
        },
        answer: {
          en: 'At tick 13, 300 ms after the trigger: the barrier takes one hop a tick, whatever is queued. Aligned, it never got there before the timeout.',
          zh: '第 13 拍，触发后 300 ms：无论通道里排着多少数据，分界线每拍前进一跳。对齐时，它在超时前根本到不了。',
        },
      },
    },
    {
      tick: 15,
      title: { en: 'Completed in 500 ms, with in-flight data', zh: '500 ms 完成，带着在途数据' },
      text: {
        en: 'Checkpoint 1 completed. Besides the offsets and the sum it holds 9 in-flight records (see the checkpoint history): the price of not waiting is a larger snapshot.',
        zh: '检查点 1 完成了。除了偏移量和求和结果，它还保存了 9 条在途数据（见检查点历史）：不等待的代价是快照更大。',
      },
      highlight: ['backend'],
    },
    {
      tick: 26,
      title: { en: 'A failure', zh: '发生故障' },
      text: {
        en: '{sum#0} fails. The job restarts from checkpoint 2, which also holds records that were in the channels.',
        zh: '{sum#0} 发生故障。作业将从检查点 2 恢复，它也保存了当时在通道里的数据。',
      },
      highlight: ['sum#0'],
      question: {
        prompt: {
          en: 'After the restore, will any record be counted twice, or lost?',
          zh: '恢复之后，会有数据被重复计算或丢失吗？',
        },
        answer: {
          en: 'Neither: the restore puts the channel state back into its channels before the sources read on, so the records between the cut and the barriers are processed exactly once.',
          zh: '都不会：恢复时先把通道状态放回通道，数据源才继续读取，所以在切面和分界线之间的数据恰好被处理一次。',
        },
      },
    },
    {
      tick: 29,
      title: { en: 'Channel state back in the channels', zh: '通道状态放回通道' },
      text: {
        en: 'Every task restored its state from checkpoint 2, and the records it persisted are back in their channels, ahead of anything new.',
        zh: '每个任务都从检查点 2 恢复了状态，检查点保存的数据也回到了各自的通道，排在所有新数据前面。',
      },
      highlight: ['sum#0', 'sink#0', 'backend'],
    },
    {
      tick: 84,
      title: { en: 'Exactly once', zh: '精确一次' },
      text: {
        en: 'The job finished with the sum of the failure-free run: 930. Unaligned checkpoints keep exactly-once; they only move the alignment’s wait into the snapshot’s size.',
        zh: '作业结束，求和结果与无故障运行相同：930。非对齐检查点保持精确一次，只是把对齐的等待换成了更大的快照。',
      },
      highlight: ['sum#0'],
    },
  ],
};

/** Part 3: the aligned-checkpoint timeout, the compromise. */
export const lesson8Timeout: LessonBody = {
  scenario: slowSinkTimeout,
  steps: [
    {
      tick: 0,
      title: {
        en: 'setAlignedCheckpointTimeout(300 ms)',
        zh: 'setAlignedCheckpointTimeout(300 ms)',
      },
      text: {
        en: 'Checkpoints start aligned; a subtask still aligning 300 ms after the trigger switches to unaligned. Without backpressure they stay aligned and carry no in-flight data.',
        zh: '检查点先按对齐方式开始；触发 300 ms 后仍在对齐的子任务改为非对齐。没有反压时它们保持对齐，不带在途数据。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 11,
      title: { en: 'Aligned first', zh: '先对齐' },
      text: {
        en: 'The sources emit barrier 1 at the back of their outputs, as an aligned checkpoint does.',
        zh: '数据源像对齐检查点一样，把分界线（barrier）1 放在输出通道的末尾。',
      },
      // The step is about the sources' outputs: framed with the task they lead to, whole.
      highlight: ['source#0', 'source#1', 'sum#0'],
      question: {
        prompt: {
          en: 'The barriers are still queued when the 300 ms run out at tick 13. What does {sum#0} do?',
          zh: '第 13 拍 300 ms 到时，分界线仍在排队。{sum#0} 会怎么做？',
        },
        answer: {
          en: 'It switches to unaligned: it pulls the barriers past the records in front of them, persists those records, snapshots at once and sends its barrier ahead of its own output.',
          zh: '它改为非对齐：让分界线越过前面的数据，保存这些数据，立即做快照，并把自己的分界线放到输出通道最前面。',
        },
      },
    },
    {
      tick: 13,
      title: { en: 'Timed out: unaligned', zh: '超时：改为非对齐' },
      text: {
        en: '{sum#0} switched to unaligned. The checkpoint’s type becomes “aligned, timed out to unaligned”.',
        zh: '{sum#0} 改为非对齐。检查点的类型变为“对齐超时，转为非对齐”。',
      },
      highlight: ['sum#0'],
    },
    {
      tick: 16,
      title: { en: 'Completed in 600 ms', zh: '600 ms 完成' },
      text: {
        en: 'Checkpoint 1 completed with 8 in-flight records. Flink’s buffer debloating (1.14 and later, not simulated here) would also shrink the channels to about 1 s of data, so fewer records wait in front of a barrier.',
        zh: '检查点 1 完成，带有 8 条在途数据。Flink 的缓冲区自动调整（buffer debloating，1.14 起，这里没有模拟）还会把通道缩小到约 1 秒的数据量，排在分界线前面的数据就更少。',
      },
      highlight: ['backend'],
    },
  ],
};
