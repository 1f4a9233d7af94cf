import type { LocalText } from '../text';
import type { LessonId } from './registry';

/**
 * A sentence or two on what each lesson shows, for the list of lessons. Apart from `./registry`,
 * which the first screen needs for the picker's titles, and from the lessons, which the first
 * screen needs one of: the list loads when it is shown, and brings these with it.
 */
export const LESSON_SUMMARIES: Record<LessonId, LocalText> = {
  'consistent-checkpoint': {
    en: 'The odd/even sum: checkpoint (5, 6, 9), a failure just before 7, and the three steps of recovery that make the result exactly once.',
    zh: '奇偶求和：检查点 (5, 6, 9)，在加上 7 之前发生故障，再用三步恢复，得到精确一次的结果。',
  },
  'stop-the-world-vs-barriers': {
    en: 'Pause the sources, let the channels drain, snapshot, resume: it gives a consistent checkpoint but stops the job each time. Flink’s barriers give the same checkpoint without pausing.',
    zh: '暂停数据源，等通道里的数据处理完，保存快照，再恢复：这样能得到一致的检查点，但每次都要让作业停下来。Flink 的分界线得到同样的检查点，却不用暂停。',
  },
  'barrier-alignment': {
    en: 'Flink’s checkpoint algorithm step by step: the JobManager triggers, the sources inject barriers, sum tasks align their inputs, and the checkpoint completes when every task acknowledged.',
    zh: '一步一步看 Flink 的检查点算法：JobManager 触发，数据源插入分界线（barrier），求和任务对齐各个输入，所有任务确认后检查点完成。',
  },
  'exactly-once-vs-at-least-once': {
    en: 'Without alignment a task keeps processing the input whose barrier already arrived. Its snapshot then contains a record the sources will replay after a failure, and that record is counted twice.',
    zh: '不做对齐时，任务会继续处理分界线已经到达的输入。它的快照于是包含了一个故障后数据源会重放的数据，这个数据就被计算了两次。',
  },
  'checkpoint-config': {
    en: 'The notes’ CheckpointConfig, played out: checkpoints start every 1000 ms, but never sooner than 500 ms after the previous one ended; one that runs past the timeout expires, and the job tolerates a few such failures.',
    zh: '把笔记里的 CheckpointConfig 演示出来：检查点每 1000 ms 开始一次，但必须在上一次结束至少 500 ms 之后；超过超时时间的检查点会过期失败，作业可以容忍一定次数的失败。',
  },
  savepoints: {
    en: 'A savepoint is taken with the same barriers as a checkpoint, plus metadata, and only when the user asks. Failover ignores it; stop-with-savepoint ends the job exactly at it, so an upgraded job can resume from there.',
    zh: '保存点与检查点用的是同一种分界线算法，只是多了一些元数据，而且只有用户明确触发时才会创建。故障恢复不会用它；带保存点停止作业则让作业恰好停在保存点，升级后的作业可以从这里继续。',
  },
  'savepoint-upgrade-v2': {
    en: 'Version 2 starts from the savepoint of version 1: state is found by operator uid, rescaled where the parallelism changed, and dropped only with allowNonRestoredState.',
    zh: '第 2 版从第 1 版的保存点启动：状态按算子 uid 找回，并行度变化时重新分配，删除的算子的状态只有在 allowNonRestoredState 时才会被丢弃。',
  },
  'restart-strategies': {
    en: 'After a failure the restart strategy decides whether the job restarts and after how long: RUNNING, RESTARTING for the delay, RUNNING again, or FAILED when it gives up.',
    zh: '作业发生故障后，由重启策略决定是否重启、隔多久重启：运行中（RUNNING），延迟期间为重启中（RESTARTING），然后再次运行中；重启策略放弃时作业变为失败（FAILED）。',
  },
  'restart-failure-rate': {
    en: 'failureRateRestart(5, 5 min, 10 s) tolerates any number of failures, as long as no more than 5 fall within any 5 minutes.',
    zh: 'failureRateRestart(5, 5 分钟, 10 s) 可以容忍任意多次失败，只要任意 5 分钟内不超过 5 次。',
  },
  'backpressure-aligned': {
    en: 'A slow sink fills the channels and backpressure travels back to the sources; aligned barriers queue behind the data, start late and expire.',
    zh: '很慢的 Sink 填满了通道，反压一直传回 Source；对齐的分界线排在数据后面，开始得晚，最终过期。',
  },
  'backpressure-unaligned': {
    en: 'Unaligned barriers overtake the queued records, which the checkpoint stores as channel state; a restore puts them back, and every record still counts once.',
    zh: '非对齐的分界线越过排队的数据，检查点把这些数据作为通道状态保存；恢复时把它们放回通道，每条数据仍只计算一次。',
  },
  'backpressure-aligned-timeout': {
    en: 'The aligned-checkpoint timeout starts every checkpoint aligned and switches a subtask to unaligned only when it has waited too long.',
    zh: '对齐检查点超时让每个检查点先对齐，只有子任务等得太久时才改为非对齐。',
  },
  'end-to-end-exactly-once': {
    en: 'The sums go to a topic through a sink that writes in transactions, pre-commits them at the barrier and commits them when the checkpoint completes. After a failure, read_uncommitted reads a sum twice; read_committed reads each once.',
    zh: '求和结果经由 Sink 写入主题：Sink 在事务中写入，分界线到达时预提交，检查点完成后提交。故障之后，read_uncommitted 把一个结果读了两次；read_committed 每个结果只读一次。',
  },
  'end-to-end-latency': {
    en: 'read_committed reads the output in one batch per completed checkpoint: the checkpoint interval sets its latency.',
    zh: 'read_committed 每完成一个检查点读到一批输出：检查点间隔决定了它的延迟。',
  },
  'transaction-timeout': {
    en: 'A job down longer than the transaction timeout finds its pre-committed transaction aborted by the broker: the records are lost although their checkpoint completed.',
    zh: '作业停止的时间超过事务超时，Broker 就会中止预提交的事务：尽管检查点已经完成，数据还是丢了。',
  },
};

/** The summary of a lesson of the course, undefined for an id the course does not have. */
export function lessonSummary(id: string): LocalText | undefined {
  return Object.hasOwn(LESSON_SUMMARIES, id) ? LESSON_SUMMARIES[id as LessonId] : undefined;
}
