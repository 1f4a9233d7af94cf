import type {
  BudgetExceeded,
  CheckpointFailureReason,
  CheckpointKind,
  CheckpointSkipReason,
  FailoverCause,
  FinishReason,
  OperatorState,
  Origin,
  RecoveryChoice,
  RestartRefusal,
  TaskFailure,
  TransactionAbort,
} from './types';

/**
 * What happened in one tick. Events drive narration, animation cues and assertions; the state
 * stays the truth, so nothing is ever rebuilt from them. Task ids are `operator#subtask`;
 * channel ids are `from->to`.
 */
export type SimEvent =
  | { type: 'CheckpointTriggered'; checkpoint: number; kind: CheckpointKind }
  | { type: 'TriggerReceived'; task: string; checkpoint: number }
  | { type: 'BarrierInjected'; task: string; checkpoint: number; offset: number }
  | {
      type: 'BarrierReceived';
      task: string;
      channel: string;
      checkpoint: number;
      /** A cancellation barrier: the sender gave the checkpoint up. */
      cancel?: true;
    }
  | { type: 'ChannelBlocked'; task: string; channel: string; checkpoint: number }
  | { type: 'ChannelUnblocked'; task: string; channel: string; checkpoint: number }
  | { type: 'SnapshotTaken'; task: string; checkpoint: number; state: OperatorState }
  /**
   * An unaligned barrier overtook the records queued in front of it in a channel: the sender put
   * it at the head of an output, or the receiver took it out of an input when the aligned
   * checkpoint timed out. The records overtaken are persisted as channel state.
   */
  | {
      type: 'BarrierOvertook';
      task: string;
      channel: string;
      checkpoint: number;
      /** The values overtaken, head first. */
      records: number[];
    }
  /** The aligned-checkpoint timeout ran out while the task aligned: it goes on unaligned. */
  | { type: 'AlignmentTimedOut'; task: string; checkpoint: number; timeoutMs: number }
  | { type: 'BarrierForwarded'; task: string; checkpoint: number }
  /** A task gave a checkpoint up and sent a cancellation barrier downstream. */
  | {
      type: 'CheckpointDeclined';
      task: string;
      checkpoint: number;
      reason: CheckpointFailureReason;
    }
  /** The coordinator's notice that a checkpoint failed reached a task that was still aligning it. */
  | { type: 'AlignmentAborted'; task: string; checkpoint: number }
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
  /**
   * A checkpoint request found max concurrent checkpoints pending and waits in the coordinator's
   * queue: the periodic timer's, or a user's.
   */
  | { type: 'CheckpointRequestQueued'; periodic: boolean; pending: number }
  | { type: 'SinkCommitted'; task: string; checkpoint: number | null; records: number }
  /** A two-phase-commit sink began a transaction with its first record since the last pre-commit. */
  | { type: 'TransactionBegun'; task: string; transaction: string }
  /** A transaction was pre-committed (flushed) as part of the sink's snapshot of a checkpoint. */
  | {
      type: 'TransactionPreCommitted';
      task: string;
      transaction: string;
      checkpoint: number;
      records: number;
    }
  /** The broker aborted a transaction; its records are never visible to a read_committed reader. */
  | {
      type: 'TransactionAborted';
      task: string;
      transaction: string;
      why: TransactionAbort;
      records: number;
      /** Pre-committed in this checkpoint, which completed: its records are lost. */
      completedCheckpoint: number | null;
    }
  /** A commit found its transaction aborted by the broker (timed out): its records are lost. */
  | {
      type: 'TransactionLost';
      task: string;
      transaction: string;
      checkpoint: number;
      records: number;
    }
  /** A commit notification that never arrives (a scenario action). */
  | { type: 'CommitNotificationLost'; task: string; checkpoint: number }
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
      /**
       * A new job submitted from the failed job's checkpoint (resume-from-checkpoint), not a
       * restart by the restart strategy: its restart count starts again.
       */
      newJob?: true;
    }
  | {
      type: 'JobFailed';
      /** Why the job stays failed: the restart strategy's verdict. */
      reason: RestartRefusal;
      /** What failed the job in the first place. */
      cause: FailoverCause;
    }
  /**
   * Every task processed all of its input. `awaitingCheckpoint`: the tasks wait for a final
   * checkpoint before they finish (FLIP-147), so that two-phase-commit sinks commit.
   */
  | { type: 'InputFinished'; awaitingCheckpoint: boolean }
  | { type: 'JobFinished'; reason: FinishReason }
  /** The run stopped at a limit of its budget; the job did not end, the simulation did. */
  | { type: 'RunHalted'; budget: BudgetExceeded };

export type SimEventType = SimEvent['type'];

/** An event with the tick it happened in. */
export type TimedEvent = SimEvent & { tick: number };

/**
 * The events that mark a run's course (checkpoints, failures, restarts, the end): what a
 * timeline keeps for every tick and the runner prints with `--events milestones`. The others
 * come about once per element moved.
 */
export const MILESTONE_EVENTS: ReadonlySet<SimEventType> = new Set<SimEventType>([
  'CheckpointTriggered',
  'CheckpointCompleted',
  'CheckpointFailed',
  'CheckpointSkipped',
  'TaskFailed',
  'TasksCanceled',
  'JobRestarting',
  'JobRestarted',
  'JobFailed',
  'InputFinished',
  'TransactionAborted',
  'TransactionLost',
  'JobFinished',
  'RunHalted',
]);
