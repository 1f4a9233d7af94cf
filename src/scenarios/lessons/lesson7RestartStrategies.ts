import type { LessonBody } from '../lesson';
import { restartFailureRate } from '../presets/restartFailureRate';
import { restartFixedDelay } from '../presets/restartFixedDelay';

/** Seed section 5, first example: fixedDelayRestart(3, 10000L), broken four times. */
export const lesson7RestartStrategies: LessonBody = {
  scenario: restartFixedDelay,
  steps: [
    {
      tick: 0,
      title: {
        en: 'fixedDelayRestart(3, 10000L)',
        zh: '固定延迟重启：fixedDelayRestart(3, 10000L)',
      },
      text: {
        en: 'The fixed-delay restart strategy: at most 3 restarts, each 10 s after the failure. The job sets it explicitly, as the notes do: fixed-delay was Flink’s default only before 1.19, and Flink 2.0 replaced RestartStrategies with restart-strategy.type: fixed-delay. One tick is one second here; a checkpoint is taken every 5 s (Flink draws the first one after each start at random within the interval; this lesson pins it at 5 s), so a restart only replays a few records.',
        zh: '固定延迟重启策略：最多重启 3 次，每次在故障后 10 s 重启。这个作业像笔记一样显式设置它：固定延迟只是 Flink 1.19 之前的默认策略，Flink 2.0 用 restart-strategy.type: fixed-delay 取代了 RestartStrategies。这里一拍是 1 秒；每 5 s 做一次检查点（每次启动后的第一个检查点 Flink 在间隔内随机选择时间，本课固定为 5 s），所以重启后只需重放少量数据。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 12,
      title: { en: 'First failure: RESTARTING', zh: '第一次故障：重启中' },
      text: {
        en: '{sum#0} fails and the job is RESTARTING: the next tick cancels every task, and the job waits the 10 s delay before it restores the latest checkpoint. Attempt 1 of 3.',
        zh: '{sum#0} 发生故障，作业进入重启中（RESTARTING）状态：下一拍所有任务被取消，作业先等待 10 s 的延迟，再从最近的检查点恢复。这是 3 次中的第 1 次重启。',
      },
      highlight: ['sum#0', 'jobmanager'],
    },
    {
      tick: 22,
      title: { en: 'RUNNING again after 10 s', zh: '10 s 后再次运行中' },
      text: {
        en: 'Exactly 10 s later the job restores checkpoint 1 and runs again.',
        zh: '恰好 10 s 之后，作业从检查点 1 恢复，再次运行。',
      },
      highlight: ['source#0', 'sum#0'],
    },
    {
      tick: 35,
      title: { en: 'Second failure', zh: '第二次故障' },
      text: {
        en: 'Attempt 2 of 3: another 10 s in RESTARTING.',
        zh: '3 次中的第 2 次重启：又是 10 s 的重启中。',
      },
      highlight: ['sum#0', 'jobmanager'],
    },
    {
      tick: 58,
      title: { en: 'Third failure: the last attempt', zh: '第三次故障：最后一次重启' },
      text: {
        en: 'Attempt 3 of 3. The strategy has no attempts left after this one.',
        zh: '3 次中的第 3 次重启。这之后重启策略就没有剩余的次数了。',
      },
      highlight: ['sum#0', 'jobmanager'],
      question: {
        prompt: {
          en: 'What happens at the next failure?',
          zh: '下一次故障时会发生什么？',
        },
        answer: {
          en: 'Nothing restarts it: the 4th failure exceeds the 3 attempts and the job is FAILED.',
          zh: '不会再重启：第 4 次故障超过了 3 次的限制，作业变为失败（FAILED）。',
        },
      },
    },
    {
      tick: 81,
      title: { en: 'Fourth failure: FAILED', zh: '第四次故障：失败' },
      text: {
        en: 'The fixed-delay strategy gives up after 3 restart attempts: the job is FAILED. Other strategies: failureRateRestart counts failures within a time window (the next lesson), exponential delay (Flink’s default with checkpointing since 1.19; in Flink 2.3 it starts at 1 s and grows ×1.5 up to 1 min, with jitter 0.1) waits longer after each failure, and none (no restart) fails at once.',
        zh: '固定延迟重启策略在 3 次重启后放弃：作业变为失败（FAILED）。其他重启策略：失败率重启（failureRateRestart）统计一段时间内的失败次数（见下一课）；指数延迟重启（自 Flink 1.19 起开启检查点时的默认策略；Flink 2.3 中从 1 秒开始，每次 ×1.5，最多 1 分钟，抖动系数 0.1）每次失败后等待更久；不重启（none）则立即失败。',
      },
      highlight: ['jobmanager'],
    },
  ],
};

/** Seed section 5, second example: failureRateRestart(5, Time.minutes(5), Time.seconds(10)). */
export const lesson7FailureRate: LessonBody = {
  scenario: restartFailureRate,
  steps: [
    {
      tick: 0,
      title: {
        en: 'failureRateRestart(5, Time.minutes(5), Time.seconds(10))',
        zh: '失败率重启：failureRateRestart(5, Time.minutes(5), Time.seconds(10))',
      },
      text: {
        en: 'The failure-rate restart strategy restarts 10 s after a failure, unless the failures within the last 5 minutes, this one included, are more than 5. It also counts a failure that strikes while the job is RESTARTING. One tick is one second.',
        zh: '失败率重启策略在故障后 10 s 重启，除非最近 5 分钟内（包括这一次）的失败超过 5 次。作业处于重启中（RESTARTING）时发生的故障也计入。一拍是 1 秒。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 12,
      title: { en: 'First failure at 12 s', zh: '12 s：第一次故障' },
      text: {
        en: 'One failure within the last 5 minutes: the job restarts after 10 s.',
        zh: '最近 5 分钟内有 1 次失败：作业在 10 s 后重启。',
      },
      highlight: ['sum#0', 'jobmanager'],
    },
    {
      tick: 250,
      title: { en: 'Fifth failure at 250 s', zh: '250 s：第五次故障' },
      text: {
        en: 'Failures at 12, 100, 150, 200 and 250 s: 5 within 5 minutes, the most allowed. The job restarts.',
        zh: '在 12、100、150、200、250 s 发生了故障：5 分钟内 5 次，正好是允许的上限。作业重启。',
      },
      highlight: ['sum#0', 'jobmanager'],
      question: {
        prompt: {
          en: 'The next failure comes at 320 s. Does the job restart?',
          zh: '下一次故障发生在 320 s。作业会重启吗？',
        },
        answer: {
          en: 'Yes. The failure at 12 s is more than 5 minutes before 320 s, so only 100, 150, 200, 250 and 320 count: 5, not more than 5.',
          zh: '会。12 s 的那次失败距 320 s 已超过 5 分钟，只算 100、150、200、250、320 这 5 次，没有超过 5 次。',
        },
      },
    },
    {
      tick: 320,
      title: { en: 'Sixth failure, still restarted', zh: '第六次故障，仍然重启' },
      text: {
        en: 'The sixth failure of the run, but only the fifth within the last 5 minutes: RESTARTING for 10 s.',
        zh: '这是整个运行中的第六次故障，却只是最近 5 分钟内的第五次：重启中，等待 10 s。',
      },
      highlight: ['sum#0', 'jobmanager'],
    },
    {
      tick: 340,
      title: { en: 'Seventh failure: FAILED', zh: '第七次故障：失败' },
      text: {
        en: '100, 150, 200, 250, 320 and 340 s: 6 failures within 5 minutes, more than 5. The strategy gives up and the job is FAILED.',
        zh: '100、150、200、250、320、340 s：5 分钟内 6 次失败，超过了 5 次。重启策略放弃，作业变为失败（FAILED）。',
      },
      highlight: ['jobmanager'],
    },
  ],
};
