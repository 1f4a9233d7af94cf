import type { LessonBody } from '../lesson';
import { checkpointConfig } from '../presets/checkpointConfig';

/**
 * Seed section 3: the options of CheckpointConfig, watched in time. The keyed state grows with
 * every new key, so each checkpoint takes longer than the last: 400 ms, then 600 ms (the seed's
 * two cases of the minimum pause), then longer than the timeout.
 */
export const lesson5CheckpointConfig: LessonBody = {
  scenario: checkpointConfig,
  steps: [
    {
      tick: 0,
      title: { en: 'The notes’ configuration', zh: '笔记中的配置' },
      text: {
        en: 'enableCheckpointing(1000): a checkpoint starts every 1000 ms, from the start of one to the start of the next. setMinPauseBetweenCheckpoints(500): from the end of one to the start of the next at least 500 ms. setMaxConcurrentCheckpoints(2): Flink’s documentation says it cannot be used with a minimum pause, but Flink’s scheduler only waits for fewer than 2 pending checkpoints and 500 ms since the last completed one, so two could overlap if a checkpoint outlasted the interval; here none does. The timeout is 800 ms here (the notes’ 60 s would never show), and setTolerableCheckpointFailureNumber(3). One tick is 100 ms.',
        zh: 'enableCheckpointing(1000)：每 1000 ms 开始一个检查点（前一次开始到下一次开始）。setMinPauseBetweenCheckpoints(500)：前一次结束到下一次开始至少 500 ms（最小间隔）。setMaxConcurrentCheckpoints(2)：Flink 文档说它不能与最小间隔同时使用，但 Flink 的调度器只检查进行中的检查点少于 2 个、且距上一个完成的检查点已过 500 ms，所以检查点比间隔还长时两个检查点可能同时进行；这里没有这种情况。这里的超时时间设为 800 ms（笔记里的 60 s 在演示中看不到），可容忍的检查点失败次数为 3。一拍是 100 ms。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 10,
      title: { en: 'Checkpoint 1 starts at 1000 ms', zh: '检查点 1 在 1000 ms 开始' },
      text: {
        en: 'The interval is up: the JobManager triggers checkpoint 1. (Flink draws the first trigger at random between the minimum pause and the interval, 500 to 1000 ms here; this lesson pins it at 1000 ms so that its times stay as told.) {sum#0} keeps one sum per key (keyed state); so far it has seen only the key 1, so its snapshot is small.',
        zh: '间隔时间到了：JobManager 触发检查点 1。（Flink 在最小间隔与检查点间隔之间随机选择第一次触发的时间，这里是 500 到 1000 ms；本课把它固定在 1000 ms，以便下面的时间保持不变。）{sum#0} 为每个键保存一个和（键控状态）；到目前为止它只见过键 1，所以快照很小。',
      },
      highlight: ['jobmanager', 'sum#0'],
    },
    {
      tick: 14,
      title: { en: 'Checkpoint 1 took 400 ms', zh: '检查点 1 用了 400 ms' },
      text: {
        en: 'Every task acknowledged: checkpoint 1 is complete at 1400 ms, 400 ms after it started. From now on, new numbers bring new keys and the state of {sum#0} grows with each.',
        zh: '所有任务都确认了：检查点 1 在 1400 ms 完成，用了 400 ms。从现在起，每个新数字都是一个新键，{sum#0} 的状态随之增大。',
      },
      highlight: ['jobmanager', 'backend'],
      question: {
        prompt: {
          en: 'When does checkpoint 2 start: at 1900 ms (1400 + 500) or at 2000 ms?',
          zh: '检查点 2 什么时候开始：1900 ms（1400 + 500）还是 2000 ms？',
        },
        answer: {
          en: 'At 2000 ms. 400 + 500 = 900 ms is less than the interval, and the minimum pause never makes a checkpoint start earlier: the interval still decides.',
          zh: '2000 ms。400 + 500 = 900 ms，小于间隔时间；最小间隔不会让检查点提前开始，所以仍然由间隔决定。',
        },
      },
    },
    {
      tick: 20,
      title: { en: 'Checkpoint 2 starts at 2000 ms', zh: '检查点 2 在 2000 ms 开始' },
      text: {
        en: 'Exactly 1000 ms after checkpoint 1 started: the notes’ second case, a 400 ms checkpoint leaves the schedule alone.',
        zh: '恰好在检查点 1 开始 1000 ms 之后：这是笔记中的第二种情况，用时 400 ms 的检查点不影响下一次的开始时间。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 26,
      title: { en: 'Checkpoint 2 took 600 ms', zh: '检查点 2 用了 600 ms' },
      text: {
        en: 'The snapshot that {sum#0} took for checkpoint 2 holds 11 keys (it has seen more keys since), so writing it to the state backend took longer. Checkpoint 2 completes at 2600 ms, 600 ms after it started.',
        zh: '{sum#0} 为检查点 2 保存的快照有 11 个键（之后它又见到了更多的键），所以写入状态后端用的时间更长了。检查点 2 在 2600 ms 完成，用了 600 ms。',
      },
      highlight: ['sum#0', 'backend'],
      question: {
        prompt: {
          en: 'When does checkpoint 3 start?',
          zh: '检查点 3 什么时候开始？',
        },
        answer: {
          en: 'At 3100 ms: the interval would allow 3000 ms, but only 400 ms would have passed since checkpoint 2 ended. 600 + 500 = 1100 ms after checkpoint 2 started, the notes’ first case.',
          zh: '3100 ms：按间隔本可以在 3000 ms 开始，但那时距检查点 2 结束只有 400 ms。600 + 500 = 1.1 s，即检查点 2 开始后 1100 ms，这是笔记中的第一种情况。',
        },
      },
    },
    {
      tick: 30,
      title: { en: '3000 ms: the minimum pause holds it back', zh: '3000 ms：最小间隔让它等待' },
      text: {
        en: 'The interval is up, yet nothing starts: checkpoint 2 ended only 400 ms ago. The JobManager postpones the trigger to 500 ms after that end.',
        zh: '间隔时间到了，却没有开始新的检查点：检查点 2 结束才 400 ms。JobManager 把触发推迟到它结束后 500 ms。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 31,
      title: { en: 'Checkpoint 3 starts at 3100 ms', zh: '检查点 3 在 3100 ms 开始' },
      text: {
        en: '1100 ms after checkpoint 2 started, 500 ms after it ended. The next interval is counted from here.',
        zh: '在检查点 2 开始 1100 ms、结束 500 ms 之后开始。下一个间隔从这里开始计算。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 39,
      title: { en: 'Checkpoint 3 expires', zh: '检查点 3 超时过期' },
      text: {
        en: 'The snapshot that {sum#0} took for checkpoint 3 holds 22 keys and would need 900 ms in all, but the timeout is 800 ms: at 3900 ms the JobManager declares checkpoint 3 failed (expired). One failure, and 3 are tolerated, so the job keeps running.',
        zh: '{sum#0} 为检查点 3 保存的快照有 22 个键，整个检查点需要 900 ms，但超时时间是 800 ms：在 3900 ms，JobManager 宣布检查点 3 失败（过期）。这是 1 次失败，可以容忍 3 次，所以作业继续运行。',
      },
      highlight: ['jobmanager', 'sum#0'],
    },
    {
      tick: 41,
      title: { en: 'Checkpoint 4 starts at 4100 ms', zh: '检查点 4 在 4100 ms 开始' },
      text: {
        en: '1000 ms after checkpoint 3 started. The minimum pause is measured from the last completed checkpoint (2600 ms), long enough ago.',
        zh: '在检查点 3 开始 1000 ms 之后。最小间隔从上一个完成的检查点（2600 ms）算起，已经足够久了。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 49,
      title: { en: 'A second expiry, and the end', zh: '第二次过期，作业结束' },
      text: {
        en: 'Checkpoint 4 expires too: two consecutive failures, still within the 3 tolerated. The input is read, so the job finishes at once: it turns final checkpoints off (execution.checkpointing.checkpoints-after-tasks-finish: false, in the Config tab). With them on, Flink’s default since 1.15, its tasks would wait for a final checkpoint, which the growing state would make expire as well. Had the tolerable number been 1, this second failure would have failed the job and handed it to the restart strategy.',
        zh: '检查点 4 也过期了：连续失败 2 次，仍在可容忍的 3 次以内。输入已经读完，作业随即结束：它关闭了最后的检查点（配置页中的 execution.checkpointing.checkpoints-after-tasks-finish: false）。若按 Flink 1.15 起的默认开启，任务会等待最后一个检查点，而不断增长的状态也会让它过期。如果可容忍次数是 1，这第二次失败就会让作业失败，交给重启策略处理。',
      },
      highlight: ['jobmanager'],
    },
  ],
};
