import type { LessonBody } from '../lesson';
import { savepointUpgrade, savepointUpgradeResumed } from '../presets/savepointUpgrade';

/**
 * Seed section 4 on version 1 of the job: a savepoint is the checkpoint algorithm plus metadata,
 * taken only when the user asks; failover does not use it; stop-with-savepoint ends the job where
 * its next version resumes.
 */
export const lesson6Savepoints: LessonBody = {
  scenario: savepointUpgrade,
  steps: [
    {
      tick: 0,
      title: { en: 'Version 1 of the job', zh: '作业的第 1 版' },
      text: {
        en: '{source#0} reads 1 to 30, {enrich#0} passes the numbers on, {sum_by_parity#0} keeps one sum per key (even, odd) and {total#0} sums everything. Every operator has a uid, a stable name under which savepoints keep its state. Checkpoints are periodic; savepoints (保存点) are never created by Flink itself.',
        zh: '{source#0} 读取 1 到 30，{enrich#0} 原样传递，{sum_by_parity#0} 按键（偶数、奇数）分别求和，{total#0} 对所有数字求和。每个算子都有一个 uid，保存点用这个稳定的名字保存它的状态。检查点是周期性的；保存点 Flink 从不自动创建。',
      },
      highlight: ['source#0', 'enrich#0', 'sum_by_parity#0', 'total#0'],
    },
    {
      tick: 16,
      title: { en: 'The user takes savepoint "backup"', zh: '用户创建保存点“backup”' },
      text: {
        en: 'Checkpoint 1 just completed. Now the user (or an external scheduler) triggers a savepoint named "backup": the JobManager sends {source#0} the same kind of trigger, with id 2. The algorithm is exactly the checkpoint algorithm.',
        zh: '检查点 1 刚刚完成。现在用户（或外部调度程序）触发一个名为“backup”的保存点：JobManager 向数据源发送同样的触发消息，ID 为 2。算法与检查点完全相同。',
      },
      highlight: ['jobmanager', 'source#0'],
    },
    {
      tick: 22,
      title: { en: 'Savepoint 2 is complete', zh: '保存点 2 完成' },
      text: {
        en: 'Every task acknowledged. Besides the snapshots, the savepoint records its name, the time it was triggered (1.6 s), the job’s version (v1) and every operator’s uid: a checkpoint with some extra metadata.',
        zh: '所有任务都确认了。除了快照，保存点还记录了名字、触发时间（1.6 s）、作业版本（v1）以及每个算子的 uid：可以认为就是具有一些额外元数据的检查点。',
      },
      highlight: ['jobmanager', 'backend'],
    },
    {
      tick: 24,
      title: { en: 'A failure', zh: '发生故障' },
      text: {
        en: '{sum_by_parity#0} fails. The restart strategy restarts the job after 300 ms.',
        zh: '{sum_by_parity#0} 发生故障。重启策略在 300 ms 后重启作业。',
      },
      highlight: ['sum_by_parity#0'],
      question: {
        prompt: {
          en: 'The job will restore its state. From checkpoint 1 or from the newer savepoint 2?',
          zh: '作业要恢复状态：从检查点 1 恢复，还是从更新的保存点 2 恢复？',
        },
        answer: {
          en: 'From checkpoint 1. Since Flink 1.15 a savepoint taken along the way is never used for automatic recovery; in Flink 1.12 setPreferCheckpointForRecovery(true) asked for the same.',
          zh: '从检查点 1。从 Flink 1.15 起，运行中创建的保存点不会用于自动故障恢复；在 Flink 1.12 中，setPreferCheckpointForRecovery(true) 要求的也是这一点。',
        },
      },
    },
    {
      tick: 27,
      title: { en: 'Restored from checkpoint 1', zh: '从检查点 1 恢复' },
      text: {
        en: 'Every task restored checkpoint 1: {source#0} rewound to offset 5 and will read 6 onwards again. Savepoint 2 stays in the state backend for the user.',
        zh: '所有任务都恢复了检查点 1：{source#0} 回到偏移量 5，从 6 开始重新读取。保存点 2 留在状态后端，供用户使用。',
      },
      highlight: ['source#0', 'backend'],
    },
    {
      tick: 46,
      title: { en: 'Stop with savepoint', zh: '带保存点停止作业' },
      text: {
        en: 'Time for an upgrade. The user stops the job with a savepoint named "before-upgrade". {source#0} emits the barrier and then stops reading, so nothing comes after the savepoint; the periodic checkpoints stop too.',
        zh: '准备升级了。用户带一个名为“before-upgrade”的保存点停止作业。{source#0} 发出分界线（barrier）后就停止读取，所以保存点之后不会再有数据；周期性的检查点也停止了。',
      },
      highlight: ['jobmanager', 'source#0'],
    },
    {
      tick: 52,
      title: { en: 'Stopped at the savepoint', zh: '作业停在保存点' },
      text: {
        en: 'Savepoint 5 is complete and the job is FINISHED, its state exactly the savepoint’s. Version 2 changes the job: enrich adds 100, sum_by_parity runs with parallelism 2, total is gone. The next lesson starts version 2 from this savepoint: state is matched by uid, the per-key sums are split between the two subtasks, and total’s state is skipped only because allowNonRestoredState is set.',
        zh: '保存点 5 完成，作业状态为已完成（FINISHED），状态恰好就是保存点里的状态。第 2 版修改了作业：enrich 加 100，sum_by_parity 的并行度改为 2，total 被删除。下一课从这个保存点启动新版本：状态按 uid 对应，按键的和被分到两个子任务上，total 的状态只有在设置了 allowNonRestoredState 时才会被跳过。',
      },
      highlight: ['jobmanager', 'backend'],
    },
  ],
};

/** Seed section 4, continued on version 2: the upgraded job resumes from "before-upgrade". */
export const lesson6Upgrade: LessonBody = {
  scenario: savepointUpgradeResumed,
  steps: [
    {
      tick: 0,
      title: { en: 'Started from "before-upgrade"', zh: '从“before-upgrade”启动' },
      text: {
        en: '{source#0} resumes at offset 15. sum_by_parity now has two subtasks, {sum_by_parity#0} and {sum_by_parity#1}: the even sum (56) went to one, the odd sum (64) to the other, each where its key’s records will now go. enrich has new logic and no state. total no longer exists; its state was skipped with allowNonRestoredState, without which the job would not start.',
        zh: '{source#0} 从偏移量 15 继续。sum_by_parity 现在有两个子任务 {sum_by_parity#0} 和 {sum_by_parity#1}：偶数的和（56）分到一个，奇数的和（64）分到另一个，正是各自键的数据今后会去的地方。enrich 有了新的逻辑，没有状态。total 不存在了，它的状态因为 allowNonRestoredState 被跳过；没有这个选项，作业无法启动。',
      },
      highlight: ['source#0', 'sum_by_parity#0', 'sum_by_parity#1'],
    },
    {
      tick: 10,
      title: { en: 'Checkpoint ids continue', zh: '检查点 ID 接着编号' },
      text: {
        en: 'The first checkpoint of version 2 has id 6, after the savepoint’s 5. Until it completes, a failure would restore the savepoint the job started from.',
        zh: '第 2 版的第一个检查点 ID 是 6，接在保存点的 5 之后。在它完成之前，如果发生故障，作业会从启动时使用的保存点恢复。',
      },
      highlight: ['jobmanager'],
    },
    {
      tick: 36,
      title: { en: 'Nothing lost, nothing twice', zh: '不丢失，不重复' },
      text: {
        en: 'The job finished once its final checkpoint 8 completed (since Flink 1.15 the tasks wait for one at the end of input): even = 1040 and odd = 925. Each sum holds the numbers up to 15 once, as version 1 counted them, and the numbers from 16 on once, plus 100 each, as version 2 counts them.',
        zh: '最后的检查点 8 完成后作业结束（Flink 1.15 起，输入结束后任务要等一个最后的检查点）：偶数和 = 1040，奇数和 = 925。每个和都恰好包含一次第 1 版计算的 1 到 15，以及一次第 2 版计算的 16 以后的数字（每个加 100）。',
      },
      highlight: ['sum_by_parity#0', 'sum_by_parity#1'],
    },
  ],
};
