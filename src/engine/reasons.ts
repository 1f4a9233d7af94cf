import type { CheckpointKind, CheckpointStatus, KeySelector, OperatorKind } from './types';

// Why things happen, as data: a code and its parameters, never a sentence. Each language renders
// them (the app's reason texts); the headless runner prints them as they are. Task ids are
// `operator#subtask`, operator ids are the scenario's; whoever renders a reason names them.

/** A task failure, scheduled at a tick or just before a record (injected or from the scenario). */
export type TaskFailure =
  | { code: 'task-failed-at-tick'; task: string; tick: number }
  | { code: 'task-failed-before-record'; task: string; record: number }
  /** In the synchronous part of its snapshot of a checkpoint: Flink fails the task over. */
  | { code: 'task-failed-in-sync-snapshot'; task: string; checkpoint: number }
  /** While the job was RESTARTING: the restart strategy hears of it as of any failure. */
  | { code: 'task-failed-while-restarting'; task: string; tick: number }
  /** The broker aborted a sink's open transaction (transaction timeout): its producer is fenced. */
  | { code: 'transaction-timed-out'; task: string; transaction: string };

/**
 * Why a checkpoint ended without completing, after Flink's CheckpointFailureReason:
 * CHECKPOINT_EXPIRED, CHECKPOINT_SUBSUMED, a declined checkpoint whose asynchronous part failed,
 * JOB_FAILOVER_REGION while the job fails over, CHECKPOINT_COORDINATOR_SHUTDOWN when it ends.
 */
export type CheckpointFailureReason =
  | { code: 'checkpoint-expired'; timeoutMs: number }
  | { code: 'checkpoint-subsumed'; by: number }
  | { code: 'backend-write-failed'; task: string }
  /** CHECKPOINT_DECLINED_SUBSUMED: the task was aligning it when a newer barrier came. */
  | { code: 'alignment-superseded'; task: string; by: number }
  /** CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER: an upstream task gave it up. */
  | { code: 'cancellation-barrier'; task: string }
  /** The JobManager failed to write its metadata as it completed it (an I/O failure). */
  | { code: 'metadata-write-failed' }
  | { code: 'job-failed-over' }
  | { code: 'coordinator-shutdown'; jobStatus: 'FINISHED' | 'FAILED' };

/** Why the periodic trigger did not start a checkpoint (Flink's MINIMUM_TIME_BETWEEN_CHECKPOINTS). */
export type CheckpointSkipReason = {
  code: 'min-pause';
  minPauseMs: number;
  /** When the previous checkpoint ended, and when the next one may start, in simulated ms. */
  lastEndMs: number;
  untilMs: number;
};

/** What made a running job fail over. */
export type FailoverCause =
  | TaskFailure
  | { code: 'tolerable-failures-exceeded'; failures: number; tolerable: number }
  | { code: 'stop-with-savepoint-failed'; savepoint: number; cause: CheckpointFailureReason };

/** Why the restart strategy let a job fail instead of restarting it. */
export type RestartRefusal =
  | { code: 'no-restart-strategy' }
  | { code: 'restarts-exhausted'; strategy: 'fixed-delay'; attempts: number }
  /** attempts-before-reset-backoff ran out before the back-off reset. */
  | { code: 'restarts-exhausted'; strategy: 'exponential-delay'; attempts: number }
  | {
      code: 'failure-rate-exceeded';
      strategy: 'failure-rate';
      failures: number;
      intervalMs: number;
      maxFailures: number;
    };

/** Why savepoint state cannot be mapped onto the job that should start from it. */
export type SavepointMappingError =
  | { code: 'savepoint-not-completed'; status: CheckpointStatus }
  | { code: 'savepoint-without-metadata' }
  | { code: 'duplicate-uid'; uid: string }
  | { code: 'operator-kind-changed'; uid: string; from: OperatorKind; to: OperatorKind }
  | {
      code: 'keyed-state-changed';
      operator: string;
      from: KeySelector | null;
      to: KeySelector | null;
    }
  | { code: 'key-changed'; operator: string; from: KeySelector; to: KeySelector }
  | {
      code: 'source-partitions-orphaned';
      operator: string;
      parallelism: number;
      savedParallelism: number;
      /** The saved subtasks that would have no reader, and their offsets. */
      orphans: { task: string; offset: number }[];
    }
  | { code: 'unmapped-state'; uid: string; kind: OperatorKind; operator: string };

/** Why a job that should start from a savepoint of an earlier job cannot start. */
export type StartFailure =
  | {
      code: 'savepoint-not-mappable';
      /** The title of the job that cannot start. */
      job: string;
      savepoint: number;
      name: string | null;
      cause: SavepointMappingError;
    }
  | { code: 'savepoint-job-not-started'; job: string; cause: JobFailReason }
  | {
      code: 'savepoint-failed';
      job: string;
      savepoint: string | number;
      cause: CheckpointFailureReason;
    }
  | { code: 'savepoint-never-completed'; job: string; savepoint: string | number };

/** Why a job is FAILED: its restart strategy gave up, or it could not start at all. */
export type JobFailReason = RestartRefusal | StartFailure;

/** Why a job reached FINISHED. */
export type FinishReason =
  /** `drain`: stopped with `--drain`, the sources having ended their input first. */
  | { code: 'stopped-with-savepoint'; savepoint: number; drain?: true }
  /** `finalCheckpoint`: the checkpoint the tasks waited for before they finished (FLIP-147). */
  | { code: 'input-exhausted'; finalCheckpoint?: number };

/** What a restart restored and why, when a teacher would want it said. */
export interface RecoveryChoice {
  code: 'recovery-choice';
  /** Nothing (empty state), the savepoint the job started from, or its latest completed checkpoint. */
  restored: 'empty' | 'start-savepoint' | 'latest';
  checkpoint: number | null;
  kind: CheckpointKind | null;
  /** A newer completed savepoint that recovery did not use (Flink 1.15 and later). */
  ignoredSavepoint: number | null;
}

/** Every reason the engine gives, one discriminated union on `code`. */
export type Reason =
  | TaskFailure
  | CheckpointFailureReason
  | CheckpointSkipReason
  | FailoverCause
  | RestartRefusal
  | SavepointMappingError
  | StartFailure
  | FinishReason
  | RecoveryChoice;

export type ReasonCode = Reason['code'];
