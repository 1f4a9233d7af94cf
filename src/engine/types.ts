/**
 * The data the engine works on. Everything here is plain, JSON-serialisable data: a state can
 * be cloned for a keyframe, hashed for a determinism check and compared in a test.
 */

export type Mode = 'exactly-once' | 'at-least-once' | 'stop-the-world';
export type Partitioning = 'forward' | 'rebalance' | 'hash' | 'broadcast';
export type Parity = 'even' | 'odd' | 'all';
export type KeySelector = 'value' | 'parity';

interface OperatorBase {
  /** Operator id, also the prefix of its task ids (`sum_even#0`). */
  id: string;
  /** Display name; defaults to the id. */
  name?: string;
  /** Stable operator uid, used to map savepoint state onto an upgraded job. */
  uid?: string;
  parallelism: number;
  /** Elements a subtask handles per tick (records read for a source). */
  rate?: number;
  /** Simulated size of one subtask's snapshot, in bytes: with the backend's bandwidth it sets how long a write takes. */
  stateBytes?: number;
}

export interface SourceSpec extends OperatorBase {
  kind: 'source';
  /** The replayable input: one list read by every subtask, or one list per subtask. */
  input: number[] | number[][];
  /** Ticks between two reads (a read takes `rate` records). */
  period?: number;
}

export interface FilterSpec extends OperatorBase {
  kind: 'filter';
  predicate: Parity;
}

export interface MapSpec extends OperatorBase {
  kind: 'map';
  multiply?: number;
  add?: number;
}

export interface SumSpec extends OperatorBase {
  kind: 'sum';
  /** Which values the sum adds; the others are dropped: no state change, nothing sent on. */
  accept: Parity;
  /** Keyed state: one sum per key. Without it the task keeps a single sum. */
  keyBy?: KeySelector;
}

export interface SinkSpec extends OperatorBase {
  kind: 'sink';
  /** Two-phase commit: output becomes visible only when the checkpoint that covers it completes. */
  transactional?: boolean;
  /**
   * A two-phase-commit sink's `transaction.timeout.ms`: the broker aborts a transaction this long
   * after its first record unless it was committed by then. 1 h when unset, as KafkaSinkBuilder
   * sets it (Kafka's producer default is 60 s).
   */
  transactionTimeoutMs?: number;
  /** KafkaSink's transactional id prefix; the sink's id when unset. */
  transactionalIdPrefix?: string;
  /** The Kafka-like topic the sink writes into, read by a read_uncommitted and a read_committed consumer. */
  topic?: string;
}

export type OperatorSpec = SourceSpec | FilterSpec | MapSpec | SumSpec | SinkSpec;
export type OperatorKind = OperatorSpec['kind'];

export interface EdgeSpec {
  from: string;
  to: string;
  partitioning: Partitioning;
  /** Ticks an element spends in the channel (at least 1); a list gives one per sending subtask. */
  latency?: number | number[];
  /** Elements a channel holds at most; a full channel stops its sender (backpressure). */
  capacity?: number | null;
  /** Key for `hash` partitioning. */
  keyBy?: KeySelector;
}

/** The options of Flink's CheckpointConfig, in Flink's units (milliseconds). */
export interface CheckpointConfig {
  mode: Mode;
  /** `enableCheckpointing(interval)`: between the starts of two periodic checkpoints; null turns periodic checkpoints off. */
  intervalMs: number | null;
  timeoutMs: number;
  minPauseMs: number;
  maxConcurrent: number;
  tolerableFailures: number;
  /**
   * Simulator only, not a Flink option: pins the delay of the first periodic trigger after the job
   * (re)starts. Flink draws it at random in [min pause, interval] (getRandomInitDelay); unset, so
   * does the simulator, from the scenario's seed. Lessons pin it to keep their timing.
   */
  initialDelayMs?: number;
  /**
   * Deprecated in Flink 1.12, removed in 1.14; read from old links and files only. false: recovery
   * takes the newest of checkpoints and savepoints, as Flink 1.14 and earlier did by default.
   * Unset or true: savepoints are never used for automatic recovery, as since Flink 1.15.
   */
  preferCheckpointForRecovery?: boolean;
  /** `web.checkpoints.history`: ended checkpoints kept for the history (default 10). */
  history?: number;
  /** `state.checkpoints.num-retained`: completed checkpoints kept for recovery (default 1). */
  retainedCheckpoints?: number;
  /**
   * `enableUnalignedCheckpoints()`: barriers overtake the in-flight records, which the snapshot
   * persists as channel state. Exactly-once only, with at most one concurrent checkpoint;
   * savepoints stay aligned.
   */
  unaligned?: boolean;
  /**
   * `setAlignedCheckpointTimeout(...)`, with unaligned checkpoints on: a checkpoint starts
   * aligned and a subtask switches to unaligned once this long passed since the checkpoint was
   * triggered. Unset (null) is Flink's default, 0: always unaligned.
   */
  alignedCheckpointTimeoutMs?: number | null;
  /**
   * `execution.checkpointing.checkpoints-after-tasks-finish` (FLIP-147, Flink 1.15 and later; on
   * by default): once every source reached the end of its input, the tasks wait for a final
   * checkpoint to complete before they finish, so that two-phase-commit sinks commit their last
   * transaction. false: tasks finish at once and what was not committed is aborted, as before 1.15.
   */
  checkpointsAfterTasksFinish?: boolean;
}

export type RestartStrategy =
  /** No restart strategy configured: Flink's default, which depends on whether checkpointing is on. */
  | { type: 'default' }
  | { type: 'none' }
  | { type: 'fixed-delay'; attempts: number; delayMs: number }
  | { type: 'failure-rate'; maxFailures: number; intervalMs: number; delayMs: number }
  | {
      type: 'exponential-delay';
      initialMs: number;
      maxMs: number;
      multiplier: number;
      resetThresholdMs: number;
      jitter: number;
      /** `attempts-before-reset-backoff`: restarts allowed until the back-off resets. */
      attempts: number;
    };

export interface BackendConfig {
  /** Fixed ticks a snapshot write takes before its bytes are counted. */
  writeLatency: number;
  /** Bytes written per tick. */
  bandwidth: number;
}

/** When a trigger fires: at a tick, or when a source subtask's offset reaches a value. */
export type Trigger = { atTick: number } | { task: string; offset: number };

export type ScenarioAction =
  | { type: 'checkpoint'; when: Trigger }
  | {
      type: 'savepoint';
      when: Trigger;
      name?: string;
      stop?: boolean;
      /** `flink stop --drain`: sources send MAX_WATERMARK and end their input before the savepoint. */
      drain?: boolean;
    }
  | {
      type: 'fail-task';
      task: string;
      /** At a tick, or just before processing a value (from one source task, after a tick). */
      when: { atTick: number } | { beforeValue: number; fromTask?: string; afterTick?: number };
    }
  | { type: 'fail-backend-write'; checkpoint: number; task?: string }
  | { type: 'lose-ack'; checkpoint: number; task: string }
  /** The notification that checkpoint N completed never reaches the sink task (or every sink task). */
  | { type: 'lose-commit-notification'; checkpoint: number; task?: string }
  /** The notification that checkpoint N completed reaches the sink task (or every one) `delayMs` late. */
  | { type: 'delay-commit-notification'; checkpoint: number; task?: string; delayMs: number }
  /** The task fails in the synchronous part of its snapshot of checkpoint N: a task failure, never a tolerable checkpoint failure. */
  | { type: 'fail-sync-snapshot'; checkpoint: number; task: string }
  /** The JobManager fails to write checkpoint N's metadata as it completes it (an I/O failure): a checkpoint failure that counts. */
  | { type: 'fail-checkpoint-metadata'; checkpoint: number }
  /** A task fails while the job is RESTARTING: at the first tick from `atTick` at which it is. */
  | { type: 'fail-while-restarting'; task: string; when: { atTick: number } }
  /**
   * A job that FAILED for good is submitted again from its latest completed checkpoint
   * (`flink run -s <checkpoint>`: Flink keeps a failed job's checkpoints), at the first tick from
   * `atTick` at which it has failed. Until then the job is down, and the broker keeps timing out
   * its sinks' transactions.
   */
  | { type: 'resume-from-checkpoint'; when: { atTick: number } };

/**
 * Start a job from a savepoint of an earlier job (`flink run -s <savepoint>`). The savepoint is
 * named, not copied: the earlier job is data and the engine is deterministic, so running it
 * again reproduces the savepoint exactly, and a link or a file carries only scenarios.
 */
export interface SavepointRestore {
  /** The job that took the savepoint, as it ran. */
  job: Scenario;
  /** Which of its savepoints: the name given to the savepoint action, or the checkpoint id. */
  savepoint: string | number;
  /** Flink's `--allowNonRestoredState`: skip savepoint state that no operator of this job takes. */
  allowNonRestoredState: boolean;
}

export interface Scenario {
  version: 1;
  id: string;
  title: string;
  /** The application's own version, recorded in the savepoints it takes (e.g. "v2"). */
  jobVersion?: string;
  /** Start from a savepoint of an earlier job instead of empty state. */
  restoreFrom?: SavepointRestore;
  /** Simulated milliseconds per tick. */
  tickMs: number;
  seed: number;
  operators: OperatorSpec[];
  edges: EdgeSpec[];
  checkpoint: CheckpointConfig;
  restart: RestartStrategy;
  backend: BackendConfig;
  /** Ticks a control message (trigger, ack, notification) travels. */
  controlLatency: number;
  actions: ScenarioAction[];
}

// ---------------------------------------------------------------------------------------------
// Elements that travel through channels

/** Where a record came from: the source subtask and the position in its input. */
export interface Origin {
  task: string;
  /** 0-based position in the source's input; the source's offset after reading it is index + 1. */
  index: number;
  value: number;
}

export interface DataRecord {
  kind: 'record';
  id: number;
  value: number;
  origin: Origin;
  /** The task that sent it. */
  from: string;
  /** Emitted again after a restore: the source had read this position before. */
  replay: boolean;
  /** Put back into its channel from an unaligned checkpoint's channel state by a restore. */
  restored?: true;
}

export interface Barrier {
  kind: 'barrier';
  checkpoint: number;
  savepoint: boolean;
  /**
   * Flink's CancelCheckpointMarker: the sender gave checkpoint N up, so a task aligning N stops
   * waiting for it on this input, declines N and passes the cancellation on.
   */
  cancel?: true;
  /** An unaligned barrier: it overtook the records queued in front of it. */
  unaligned?: true;
}

export type StreamElement = DataRecord | Barrier;

export interface InFlight {
  element: StreamElement;
  sentAt: number;
  /** First tick in which the receiver can take it. */
  at: number;
}

// ---------------------------------------------------------------------------------------------
// Simulation state

export type JobStatus = 'RUNNING' | 'RESTARTING' | 'FAILED' | 'FINISHED';
export type TaskStatus = 'RUNNING' | 'FAILED' | 'CANCELED' | 'FINISHED';

export interface SinkRecord {
  value: number;
  /** The task that produced it. */
  from: string;
  origin: Origin;
  replay: boolean;
}

export interface Transaction {
  checkpoint: number;
  records: SinkRecord[];
  /** Its index in the sink task's `transactions`, as the broker knows it. */
  txn?: number;
}

/** A transaction's state on the broker. */
export type TransactionState = 'open' | 'pre-committed' | 'committed' | 'aborted';

/**
 * Why the broker aborted a transaction: the task failed with it open (failover); a restore
 * aborted it as a lingering transaction the restored checkpoint does not hold (recovery); it
 * outlived the transaction timeout (timeout); the job ended with it uncommitted (job-end).
 */
export type TransactionAbort = 'failover' | 'recovery' | 'timeout' | 'job-end';

/** A two-phase-commit sink's transaction as the broker (Kafka's transaction coordinator) keeps it. */
export interface BrokerTransaction {
  /** KafkaSink's transactional id: `<prefix>-<subtask>-<checkpoint it is meant for>`. */
  id: string;
  state: TransactionState;
  /** The checkpoint whose snapshot pre-committed it; null while it is open. */
  checkpoint: number | null;
  /** Tick of its first record: the transaction timeout runs from here. */
  startTick: number;
  /** Tick it was committed or aborted. */
  endTick: number | null;
  abort: TransactionAbort | null;
  /** Its records, once pre-committed or ended. */
  records: SinkRecord[];
}

/** A record a sink wrote into its topic. */
export interface TopicRecord extends SinkRecord {
  /** Its transaction, an index in the sink task's `transactions`; null outside transactions. */
  txn: number | null;
  tick: number;
}

export type Isolation = 'read_uncommitted' | 'read_committed';

export type OperatorState =
  | { kind: 'source'; offset: number }
  | { kind: 'sum'; sum: number; byKey: Record<string, number> | null }
  | { kind: 'stateless' }
  | { kind: 'sink'; open: SinkRecord[]; precommitted: Transaction[] };

export interface InputState {
  /**
   * Checkpoint whose barrier arrived on this input and blocks it during alignment. A blocked
   * input is not read (Flink 1.11 and later, FLINK-16404): what arrives behind the barrier stays
   * in the channel, whose credits run out, so its sender stops. Flink 1.10 and earlier copied it
   * into an alignment buffer instead, which freed the channel.
   */
  blockedBy: number | null;
}

/**
 * Flink's busyTimeMsPerSecond, backPressuredTimeMsPerSecond and idleTimeMsPerSecond of a task, in
 * ticks. Only ticks in which the task did something are written, so a task with nothing to do is
 * never touched: idle is whatever time since `since` was neither busy nor backpressured.
 */
export interface TaskLoad {
  /** Tick the task started (or was restored): the time counted runs from the tick after it. */
  since: number;
  /** Ticks spent processing (a tick at full rate counts 1). */
  busy: number;
  /** Ticks spent unable to emit: an output channel had no free credit. */
  backpressured: number;
  /**
   * The last second's figures: [tick, busy, backpressured] of the ticks that had either, in a
   * ring of one second (ticksPerSecond entries, tick t's at t mod ticksPerSecond), so noting a
   * tick overwrites one entry instead of moving the others. Entries a second old or more are
   * left where they are and skipped when read (flowControl.ts), as are the zeros of slots never
   * written. Empty until the task first notes a tick; a list oldest first is read as well.
   */
  recent: number[];
}

export interface Alignment {
  checkpoint: number;
  startTick: number;
  /** Which inputs delivered the barrier. */
  arrived: boolean[];
  /**
   * At-least-once only: the checkpoint's abort reached the task. As in Flink's barrier tracker it
   * is still counted, so its barriers still to come are recognised, but it is not snapshotted.
   */
  aborted?: true;
  /**
   * Unaligned: the task snapshotted at the first barrier (or when the aligned-checkpoint timeout
   * ran out) and persists what it reads from inputs whose barrier is still to come.
   */
  unaligned?: true;
  /** Records processed since the first barrier: Flink's processed in-flight data. */
  processed: number;
}

export interface TaskState {
  status: TaskStatus;
  state: OperatorState;
  inputs: InputState[];
  /** The checkpoint whose barriers this task is aligning (exactly-once) or counting, the oldest one (at-least-once). */
  alignment: Alignment | null;
  /**
   * At-least-once only: newer checkpoints whose barriers already arrived on some inputs, oldest
   * first. Flink's CheckpointBarrierTracker counts barriers per pending checkpoint, so checkpoint
   * N still completes when its last barrier comes after N+1's first.
   */
  tracked: Alignment[];
  /** Highest checkpoint this task snapshotted or gave up: older barriers are dropped. */
  lastBarrier: number;
  /** Round-robin pointer over inputs, so no input starves. */
  nextInput: number;
  /** Round-robin pointer per output edge, for rebalance partitioning. */
  rebalance: number[];
  /** Source only: first tick of the next read. */
  nextReadTick: number;
  /** Source only: paused by a stop-the-world checkpoint, or stopped behind a stop-with-savepoint barrier. */
  paused: boolean;
  /** Source only: the furthest position ever read, so replayed records can be marked. */
  highWater: number;
  /** Sink only: what the external system received. It survives failures, as a real one would. */
  output: SinkRecord[];
  /** Sink only: checkpoints whose transaction was committed (commits are idempotent). */
  committed: number[];
  load: TaskLoad;
  /** Two-phase-commit sink only: every transaction it began, as the broker keeps them; survives failures. */
  transactions: BrokerTransaction[];
  /** Indices in `transactions` of those still open or pre-committed. */
  pendingTxns: number[];
  /** Index in `transactions` of the open transaction, null when none is open. */
  openTxn: number | null;
  /** Sink with a topic only: what it wrote into the topic; survives failures. */
  topic: TopicRecord[];
}

export interface ChannelState {
  queue: InFlight[];
}

export type ControlMessage =
  | { type: 'trigger'; task: number; checkpoint: number; sentAt: number; at: number }
  | { type: 'ack'; task: number; checkpoint: number; sentAt: number; at: number }
  | {
      type: 'decline';
      task: number;
      checkpoint: number;
      reason: CheckpointFailureReason;
      /** How the coordinator counts it (CheckpointFailureManager); a plain decline when unset. */
      failure?: 'declined-subsumed' | 'cancellation-barrier';
      sentAt: number;
      at: number;
    }
  | { type: 'notify-complete'; task: number; checkpoint: number; sentAt: number; at: number }
  /** Flink's notifyCheckpointAborted: checkpoint N failed; a task still aligning it stops. */
  | { type: 'abort'; task: number; checkpoint: number; sentAt: number; at: number }
  | { type: 'pause' | 'resume'; task: number; checkpoint: number; sentAt: number; at: number };

export interface BackendWrite {
  task: number;
  checkpoint: number;
  startTick: number;
  doneAt: number;
}

export type CheckpointKind = 'checkpoint' | 'savepoint';
/** As Flink's web UI names it: aligned, unaligned, or aligned until the timeout switched it. */
export type CheckpointType = 'aligned' | 'unaligned' | 'aligned-timed-out';

/** One record of an unaligned checkpoint's channel state. */
export interface PersistedRecord {
  /** The task that persisted it: the sender for what its barrier overtook in an output, the receiver for what it read before an input's barrier. */
  task: number;
  channel: number;
  record: DataRecord;
}

/** What one subtask did for a checkpoint, the figures of Flink's checkpoint details page (in ticks). */
export interface SubtaskCheckpoint {
  /** The first barrier (or, at a source, the trigger) reached the subtask. */
  started: number;
  /** The synchronous part of the snapshot; null while aligning. */
  snapshot: number | null;
  /** This subtask's snapshot was unaligned. */
  unaligned: boolean;
  /** Records processed from the first barrier until the snapshot (aligned) or the last barrier (unaligned). */
  processed: number;
  /** Records persisted as channel state. */
  persisted: number;
  /** Bytes written: the state's plus the channel state's. */
  bytes: number;
}
export type CheckpointStatus = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** An operator as a savepoint records it: state is found again by `uid`. */
export interface SavepointOperator {
  id: string;
  /** The operator's uid, or its id when it has none (Flink then derives one from the graph). */
  uid: string;
  kind: OperatorKind;
  parallelism: number;
  /** A sum's key selector, null for non-keyed state and other operators. */
  keyBy: KeySelector | null;
}

/** What a savepoint holds beyond a checkpoint's snapshots: Flink's savepoint metadata. */
export interface SavepointMetadata {
  /** Simulated milliseconds since the job started when the user triggered it. */
  triggerMs: number;
  /** The job that took it. */
  job: { id: string; title: string; version: string | null };
  operators: SavepointOperator[];
}

export interface CheckpointRecord {
  id: number;
  kind: CheckpointKind;
  name: string | null;
  /** Stop the job once this savepoint completes. */
  stop: boolean;
  /** A stop with `--drain`: the sources ended their input (MAX_WATERMARK) ahead of the barrier. */
  drain?: true;
  status: CheckpointStatus;
  triggerTick: number;
  completeTick: number | null;
  /** Tick it completed or failed. */
  endTick: number | null;
  failReason: CheckpointFailureReason | null;
  // The four tables are by task index, as topologyOf(scenario).tasks, with null for a task that
  // has no entry yet: a state stays plain JSON (keyframes and savepoints are copied through it),
  // and an array filled at the start keeps one shape where keys added in arrival order did not.
  /** The state each task snapshotted (the synchronous phase), by task index, as topologyOf(scenario).tasks. */
  snapshots: (OperatorState | null)[];
  /** The tick each task's snapshot was stored by the backend, by task index, as topologyOf(scenario).tasks. */
  stored: (number | null)[];
  /** The tick the coordinator received each task's acknowledgement, by task index, as topologyOf(scenario).tasks. */
  acks: (number | null)[];
  /** The ticks each task's alignment started and ended, by task index, as topologyOf(scenario).tasks. */
  alignment: ({ start: number; end: number } | null)[];
  stateBytes: number;
  /** Stop-the-world only: sources paused and channels draining, or snapshotting. */
  phase: 'barriers' | 'draining' | 'snapshotting';
  /** Savepoints only (null for a checkpoint). */
  savepoint: SavepointMetadata | null;
  type: CheckpointType;
  /** By task index, as topologyOf(scenario).tasks: what each subtask did for it. */
  subtasks: (SubtaskCheckpoint | null)[];
  /** Unaligned only: the in-flight records it persisted, in the order they were persisted. */
  channelState: PersistedRecord[];
}

/** How one operator's savepoint state was mapped onto the job that restored it. */
export interface OperatorRestore {
  /** The uid (or id) the two jobs were matched by. */
  uid: string;
  /** Operator id in the savepoint's job; null for an operator the savepoint does not know. */
  from: string | null;
  /** Operator id in this job; null for savepoint state no operator takes. */
  to: string | null;
  fromParallelism: number;
  toParallelism: number;
  /**
   * restored: one subtask's state to the same subtask; rescaled: redistributed over a new
   * parallelism; new: no state in the savepoint, starts empty; skipped: dropped under
   * allowNonRestoredState; empty: the savepoint held no state for it.
   */
  outcome: 'restored' | 'rescaled' | 'new' | 'skipped' | 'empty';
}

/** The savepoint a job was started from. */
export interface RestoredSavepoint {
  /** The savepoint, its snapshots keyed by this job's task ids; its ticks are the old job's. */
  savepoint: CheckpointRecord;
  operators: OperatorRestore[];
}

/**
 * A checkpoint request waiting in Flink's CheckpointRequestDecider: the periodic timer's, or a
 * user's (not forced, so it waits for a free slot too). Savepoints are forced and never wait.
 */
export interface CheckpointRequest {
  periodic: boolean;
  /** The tick it was made. */
  tick: number;
}

export interface CoordinatorState {
  nextId: number;
  /** The periodic timer's next firing; it keeps a fixed rate from its first one. */
  nextPeriodicTick: number | null;
  /** Requests that found max concurrent checkpoints pending: user requests first, then by age. */
  queued: CheckpointRequest[];
  lastCompleteTick: number | null;
  consecutiveFailures: number;
  /** Ended checkpoints no longer kept (see forgetOldCheckpoints), counted by how they ended. */
  forgotten: { completed: number; failed: number };
}

export interface JobState {
  status: JobStatus;
  restarts: number;
  /** Tick at which a RESTARTING job restores and runs again. */
  restartAt: number | null;
  /** Failure ticks the restart strategy remembers (exponential-delay: since its last reset). */
  failureTicks: number[];
  /** The exponential-delay back-off of the last failure before jitter, in ms. */
  backoffMs: number | null;
  /** Tick the job last (re)started running, for the exponential strategy's reset threshold. */
  runningSince: number;
  failReason: JobFailReason | null;
  /**
   * The tick every task had processed all of its input since the job last (re)started, null
   * before: from then on the tasks wait for the final checkpoint (FLIP-147).
   */
  endOfInputTick: number | null;
}

/** A limit of the engine's run budget (RUN_BUDGET). */
export type BudgetLimit = 'in-flight' | 'element-steps' | 'recording';

/** Why a run stopped before its job ended: it would have cost more than the budget allows. */
export interface BudgetExceeded {
  code: 'budget-exceeded';
  limit: BudgetLimit;
  /** What the run had reached when it stopped. */
  used: number;
  max: number;
}

export interface SimState {
  scenario: Scenario;
  tick: number;
  rng: number;
  job: JobState;
  tasks: TaskState[];
  channels: ChannelState[];
  coordinator: CoordinatorState;
  checkpoints: CheckpointRecord[];
  messages: ControlMessage[];
  writes: BackendWrite[];
  /** One flag per scenario action: each fires once. */
  fired: boolean[];
  nextRecordId: number;
  /** Records and barriers moved or processed so far: the engine's unit of work. */
  elementSteps: number;
  /** The savepoint this job started from; recovery falls back to it until a checkpoint completes. */
  restoredFrom: RestoredSavepoint | null;
  /** Set when the run stopped at a limit of its budget: no tick after this one is simulated. */
  halted: BudgetExceeded | null;
}

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
