/** The Flink release whose defaults and rules the simulator follows. */
export const FLINK_VERSION = '2.3';

/**
 * What the seed describes from older Flink versions, each with the version where it changed: the
 * simulator shows it labelled as such, and follows FLINK_VERSION otherwise.
 */
export const VERSION_CHANGES = [
  {
    en: 'before 1.11, aligned checkpoints copied a blocked input’s data into an alignment buffer; since then it waits in the network buffers',
    zh: '1.11 之前，对齐的检查点把被阻塞输入的数据复制到对齐缓冲区；之后数据留在网络缓冲区中等待',
  },
  {
    en: 'preferCheckpointForRecovery was deprecated in 1.12 and removed in 1.14',
    zh: 'preferCheckpointForRecovery 在 1.12 中弃用，1.14 中移除',
  },
  {
    en: 'before 1.15, automatic recovery could restore a savepoint newer than the latest checkpoint',
    zh: '1.15 之前，自动恢复可能使用比最新检查点更新的保存点',
  },
  {
    en: 'before 1.19, the default restart strategy with checkpointing was fixed-delay (Integer.MAX_VALUE attempts, 1 s); since then it is exponential-delay',
    zh: '1.19 之前，开启检查点时的默认重启策略是固定延迟（Integer.MAX_VALUE 次，1 s）；之后是指数延迟',
  },
] as const;
