import type {
  CheckpointFailureReason,
  CheckpointSkipReason,
  FailoverCause,
  FinishReason,
  RecoveryChoice,
  RestartRefusal,
  TaskFailure,
} from './reasons';
import type { CheckpointKind, OperatorState, Origin } from './types';

/**
 * What happened in one tick. Events drive narration, animation cues and assertions; the state
 * stays the truth, so nothing is ever rebuilt from them. Task ids are `operator#subtask`;
 * channel ids are `from->to`.
 */
export type SimEvent =
  | { type: 'CheckpointTriggered'; checkpoint: number; kind: CheckpointKind }
  | { type: 'TriggerReceived'; task: string; checkpoint: number }
  | { type: 'BarrierInjected'; task: string; checkpoint: number; offset: number }
  | { type: 'BarrierReceived'; task: string; channel: string; checkpoint: number }
  | { type: 'ChannelBlocked'; task: string; channel: string; checkpoint: number }
  | { type: 'ChannelUnblocked'; task: string; channel: string; checkpoint: number }
  | { type: 'RecordBuffered'; task: string; channel: string; record: number; origin: Origin }
  | { type: 'SnapshotTaken'; task: string; checkpoint: number; state: OperatorState }
  | { type: 'BarrierForwarded'; task: string; checkpoint: number }
  | { type: 'SnapshotStored'; task: string; checkpoint: number }
  | { type: 'BackendWriteFailed'; task: string; checkpoint: number }
  | { type: 'CheckpointAcknowledged'; task: string; checkpoint: number }
  | { type: 'AckLost'; task: string; checkpoint: number }
  | { type: 'CheckpointCompleted'; checkpoint: number; kind: CheckpointKind }
  | {
      type: 'CheckpointFailed';
      checkpoint: number;
      kind: CheckpointKind;
      reason: CheckpointFailureReason;
    }
  | { type: 'CheckpointSkipped'; reason: CheckpointSkipReason }
  | { type: 'SinkCommitted'; task: string; checkpoint: number | null; records: number }
  | { type: 'SourcesPaused'; checkpoint: number }
  | { type: 'SourcesResumed'; checkpoint: number }
  | {
      type: 'RecordEmitted';
      task: string;
      record: number;
      offset: number;
      replay: boolean;
    }
  | {
      type: 'RecordProcessed';
      task: string;
      record: number;
      origin: Origin;
      /** The record changed this task's state (a sum added it). */
      applied: boolean;
      replay: boolean;
    }
  | { type: 'RecordOutput'; task: string; record: number; origin: Origin; replay: boolean }
  | { type: 'TaskFailed'; task: string; record?: number; origin?: Origin; reason: TaskFailure }
  | { type: 'TasksCanceled'; tasks: string[] }
  | {
      type: 'JobRestarting';
      delayTicks: number;
      attempt: number;
      /** What failed the job: a task's failure, or too many checkpoint failures. */
      cause: FailoverCause;
    }
  | { type: 'StateRestored'; task: string; checkpoint: number | null; state: OperatorState }
  | { type: 'SourceRewound'; task: string; offset: number; from: number }
  | {
      type: 'JobRestarted';
      checkpoint: number | null;
      kind: CheckpointKind | null;
      /** A newer completed savepoint that recovery did not use (Flink 1.15 and later). */
      ignoredSavepoint?: number;
      /** Why recovery chose this point, when that is worth saying. */
      reason?: RecoveryChoice;
    }
  | {
      type: 'JobFailed';
      /** Why the job stays failed: the restart strategy's verdict. */
      reason: RestartRefusal;
      /** What failed the job in the first place. */
      cause: FailoverCause;
    }
  | { type: 'JobFinished'; reason: FinishReason };

export type SimEventType = SimEvent['type'];

/** An event with the tick it happened in. */
export type TimedEvent = SimEvent & { tick: number };
