import type { LessonInfo } from '../lesson';

/**
 * What the course says about each lesson before the lesson itself is loaded: the header's picker
 * and the lesson list show it. Each lesson module adds its scenario and steps to its entry here.
 */
export const LESSON_INFO = {
  'consistent-checkpoint': {
    id: 'consistent-checkpoint',
    order: 1,
    title: {
      en: 'A consistent checkpoint, and recovery from it',
      zh: '一致性检查点，以及从检查点恢复',
    },
    summary: {
      en: 'The odd/even sum: checkpoint (5, 6, 9), a failure just before 7, and the three steps of recovery that make the result exactly once.',
      zh: '奇偶求和：检查点 (5, 6, 9)，在加上 7 之前发生故障，再用三步恢复，得到精确一次的结果。',
    },
  },
  'stop-the-world-vs-barriers': {
    id: 'stop-the-world-vs-barriers',
    order: 2,
    title: {
      en: 'The simple idea: stop the world, or send barriers',
      zh: '简单的想法：暂停整个应用，还是发送分界线',
    },
    summary: {
      en: 'Pause the sources, let the channels drain, snapshot, resume: it gives a consistent checkpoint but stops the job each time. Flink’s barriers give the same checkpoint without pausing.',
      zh: '暂停数据源，等通道里的数据处理完，保存快照，再恢复：这样能得到一致的检查点，但每次都要让作业停下来。Flink 的分界线得到同样的检查点，却不用暂停。',
    },
  },
  'barrier-alignment': {
    id: 'barrier-alignment',
    order: 3,
    title: {
      en: 'Barriers and alignment with two sources',
      zh: '两个数据源下的分界线与对齐',
    },
    summary: {
      en: 'Flink’s checkpoint algorithm step by step: the JobManager triggers, the sources inject barriers, sum tasks align their inputs, and the checkpoint completes when every task acknowledged.',
      zh: '一步一步看 Flink 的检查点算法：JobManager 触发，source 插入分界线，sum 任务对齐各个输入，所有任务确认后检查点完成。',
    },
  },
  'exactly-once-vs-at-least-once': {
    id: 'exactly-once-vs-at-least-once',
    order: 4,
    title: {
      en: 'Exactly-once or at-least-once after a failure',
      zh: '故障之后：精确一次还是至少一次',
    },
    summary: {
      en: 'Without alignment a task keeps processing the input whose barrier already arrived. Its snapshot then contains a record the sources will replay after a failure, and that record is counted twice.',
      zh: '不做对齐时，任务会继续处理分界线已经到达的输入。它的快照于是包含了一个故障后 source 会重放的数据，这个数据就被计算了两次。',
    },
  },
  'checkpoint-config': {
    id: 'checkpoint-config',
    order: 5,
    title: {
      en: 'Configuring checkpoints: interval, minimum pause, timeout',
      zh: '在代码中配置检查点：间隔、最小间隔、超时',
    },
    summary: {
      en: 'The seed’s CheckpointConfig, played out: checkpoints start every 1000 ms, but never sooner than 500 ms after the previous one ended; one that runs past the timeout expires, and the job tolerates a few such failures.',
      zh: '把种子文本里的 CheckpointConfig 演示出来：检查点每 1000 ms 开始一次，但必须在上一次结束至少 500 ms 之后；超过超时时间的检查点会过期失败，作业可以容忍一定次数的失败。',
    },
  },
  savepoints: {
    id: 'savepoints',
    order: 6,
    title: {
      en: 'Savepoints: back up, stop, upgrade',
      zh: '保存点：备份、停止、升级',
    },
    summary: {
      en: 'A savepoint is taken with the same barriers as a checkpoint, plus metadata, and only when the user asks. Failover ignores it; stop-with-savepoint ends the job exactly at it, so an upgraded job can resume from there.',
      zh: '保存点与检查点用的是同一种分界线算法，只是多了一些元数据，而且只有用户明确触发时才会创建。故障恢复不会用它；带保存点停止作业则让作业恰好停在保存点，升级后的作业可以从这里继续。',
    },
  },
  'savepoint-upgrade-v2': {
    id: 'savepoint-upgrade-v2',
    order: 6,
    title: {
      en: 'Savepoints: the upgraded job resumes',
      zh: '保存点：升级后的作业从保存点继续',
    },
    summary: {
      en: 'Version 2 starts from the savepoint of version 1: state is found by operator uid, rescaled where the parallelism changed, and dropped only with allowNonRestoredState.',
      zh: '第 2 版从第 1 版的保存点启动：状态按算子 uid 找回，并行度变化时重新分配，删除的算子的状态只有在 allowNonRestoredState 时才会被丢弃。',
    },
  },
  'restart-strategies': {
    id: 'restart-strategies',
    order: 7,
    title: {
      en: 'Restart strategies: how often, how soon',
      zh: '重启策略：重启几次，隔多久',
    },
    summary: {
      en: 'After a failure the restart strategy decides whether the job restarts and after how long: RUNNING, RESTARTING for the delay, RUNNING again, or FAILED when it gives up.',
      zh: '作业发生故障后，由重启策略决定是否重启、隔多久重启：RUNNING，延迟期间为 RESTARTING，然后再次 RUNNING；重启策略放弃时作业变为 FAILED。',
    },
  },
  'restart-failure-rate': {
    id: 'restart-failure-rate',
    order: 7,
    title: {
      en: 'Restart strategies: the failure rate',
      zh: '重启策略：失败率',
    },
    summary: {
      en: 'failureRateRestart(5, 5 min, 10 s) tolerates any number of failures, as long as no more than 5 fall within any 5 minutes.',
      zh: 'failureRateRestart(5, 5 分钟, 10 s) 可以容忍任意多次失败，只要任意 5 分钟内不超过 5 次。',
    },
  },
} satisfies Record<string, LessonInfo>;

/** The course in the order it is taken (a section taught in two parts has two entries). */
export const COURSE: readonly LessonInfo[] = Object.values(LESSON_INFO).sort(
  (a, b) => a.order - b.order,
);
