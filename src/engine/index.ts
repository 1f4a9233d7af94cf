export * from './types';
export type * from './events';
export { MILESTONE_EVENTS } from './events';
export { step, isTerminal, type StepOptions, type StepResult } from './step';
export { WorkingSet } from './draft';
export { emptyOperatorState, periodicIntervalTicks } from './init';
export { createInitialState, findSavepoint, type SavepointLookup } from './start';
export { restoreFromSavepoint, type RestoreOptions, type RestoreResult } from './savepoint';
export { runScenario, DEFAULT_TICK_LIMIT, type RunResult } from './run';
export {
  topologyOf,
  taskId,
  countDefined,
  definedValues,
  sourceInput,
  keyOf,
  subtaskForKey,
  DEFAULT_CHANNEL_CAPACITY,
  type Topology,
  type TaskInfo,
  type ChannelInfo,
} from './topology';
export { recoveryPoint } from './phases/failover';
export { CHECKPOINT_HISTORY, RETAINED_CHECKPOINTS } from './phases/history';
export {
  decideRestart,
  effectiveRestart,
  EXPONENTIAL_DELAY_DEFAULTS,
  UNLIMITED_ATTEMPTS,
} from './restartStrategy';
export {
  judge,
  judging,
  groundTruth,
  groundTruthSteps,
  accountedRun,
  drain,
  failureFree,
  intendedScenario,
  intendedTruth,
  stateLedgers,
  snapshotLedgers,
  intendedTruthSteps,
  StateAccount,
  ACCOUNT_EVENTS,
  ACCOUNTING,
  type JudgedRun,
  type Verdict,
  type RecordCount,
  type SinkCount,
  type GroundTruth,
} from './account';
export {
  topicsOf,
  consumed,
  judgeConsumers,
  ISOLATIONS,
  type TopicView,
  type TopicEntry,
  type ConsumerAccount,
  type ConsumerRecord,
  type MissedCause,
  type TwiceCause,
} from './topic';
export { DEFAULT_TRANSACTION_TIMEOUT_MS } from './phases/transactions';
export { RUN_BUDGET, estimateCost, type CostEstimate } from './budget';
export { DEFAULT_OPERATOR_RATE } from './phases/tasks';
export {
  arrivedOn,
  recordsIn,
  backpressureOf,
  backpressureOverRun,
  backpressureStatus,
  type Backpressure,
  type BackpressureStatus,
} from './flowControl';
export {
  checkpointMetrics,
  summarize,
  type SubtaskCheckpointMetrics,
  type MetricSummary,
} from './checkpointMetrics';
export { channelStateByTask } from './channelState';
