/**
 * A restore commits what the checkpoint it restores pre-committed, as Flink's
 * TwoPhaseCommitSinkFunction and KafkaSink recover: the transactions that checkpoint's snapshot
 * pre-committed are committed, whether or not its commit notification arrived before the failure,
 * and stay committed however the job ends. Checked against the graph (GraphModel), not against
 * what the engine says it committed.
 */
import fc from 'fast-check';
import {
  topicsOf,
  topologyOf,
  type JobStatus,
  type OperatorSpec,
  type Scenario,
  type ScenarioAction,
  type SimState,
} from '../../../src/engine';
import { scenarioArb, taskIdsOf } from '../../helpers/arbitraries';
import { GraphModel, originKey, type Ledger } from './graphModel';
import { alignedMode } from './invariants';
import { InvariantViolation, observedRun } from './observedRun';
import { validated } from './properties';

/**
 * Commit notifications that never arrive or arrive late, for a run of consecutive checkpoints:
 * the window a restore must close, while pre-committed transactions wait for their commit.
 */
const noticePlan = fc.record({
  first: fc.integer({ min: 1, max: 4 }),
  checkpoints: fc.integer({ min: 1, max: 6 }),
  lost: fc.boolean(),
  delayMs: fc.integer({ min: 1, max: 30 }).map((n) => n * 100),
  /** Which sink subtask, modulo the sink subtasks there are; every one when unset. */
  task: fc.option(fc.nat(), { nil: undefined }),
});

/** Every sink of the graph two-phase-committing into its own topic; one is added if there is none. */
function transactionalSinks(scenario: Scenario): Pick<Scenario, 'operators' | 'edges'> {
  const operators: OperatorSpec[] = scenario.operators.map((op) =>
    op.kind === 'sink' ? { ...op, transactional: true, topic: `${op.id}-topic` } : op,
  );
  if (operators.some((op) => op.kind === 'sink')) return { operators, edges: scenario.edges };
  const last = operators[operators.length - 1];
  return {
    operators: [
      ...operators,
      {
        id: 'out',
        kind: 'sink',
        parallelism: last.parallelism,
        transactional: true,
        topic: 'out-topic',
      },
    ],
    edges: [...scenario.edges, { from: last.id, to: 'out', partitioning: 'forward' }],
  };
}

/**
 * Random jobs (tests/helpers/arbitraries) whose sinks all two-phase-commit into a topic, with
 * their task failures, commit notifications lost or late, and mostly a restart strategy of one
 * or two attempts, so that many jobs restart and then fail for good.
 */
export const restoredTransactionsArb: fc.Arbitrary<Scenario> = fc
  .record({
    scenario: scenarioArb({ shortTimeouts: false }),
    attempts: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null, freq: 3 }),
    restartDelayMs: fc.integer({ min: 0, max: 600 }),
    notices: fc.array(noticePlan, { minLength: 1, maxLength: 2 }),
    failures: fc.array(
      fc.record({ tick: fc.noBias(fc.integer({ min: 12, max: 70 })), task: fc.nat() }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ scenario, attempts, restartDelayMs, notices, failures }): Scenario => {
    const graph = transactionalSinks(scenario);
    const tasks = graph.operators.flatMap(taskIdsOf);
    const sinkTasks = graph.operators.filter((op) => op.kind === 'sink').flatMap(taskIdsOf);
    const failActions = failures.map((f): ScenarioAction => ({
      type: 'fail-task',
      task: tasks[f.task % tasks.length],
      when: { atTick: f.tick },
    }));
    const noticeActions = notices.flatMap((n) =>
      Array.from({ length: n.checkpoints }, (_, k): ScenarioAction => {
        const checkpoint = n.first + k;
        const task = n.task === undefined ? {} : { task: sinkTasks[n.task % sinkTasks.length] };
        return n.lost
          ? { type: 'lose-commit-notification', checkpoint, ...task }
          : { type: 'delay-commit-notification', checkpoint, delayMs: n.delayMs, ...task };
      }),
    );
    return {
      ...scenario,
      ...graph,
      restart:
        attempts === null
          ? scenario.restart
          : { type: 'fixed-delay', attempts, delayMs: restartDelayMs },
      actions: [...scenario.actions, ...noticeActions, ...failActions],
    };
  });

/** A restart of the job from a checkpoint or savepoint, with the source offsets it rewound to. */
interface Restore {
  tick: number;
  checkpoint: number;
  cut: Map<string, number>;
  /** Whether a sink committed a transaction as the job restored (the restore's own commit). */
  committed: boolean;
}

/** Where a user reads what a sink committed: its output, and its topic as a reader of it sees it. */
type CommittedView = readonly [where: string, copies: Ledger];

/** Per sink operator: the copies of each source record its committed output and its topic hold. */
function committedViews(state: SimState): Map<string, CommittedView[]> {
  const topology = topologyOf(state.scenario);
  const copies = new Map<string, { output: Ledger; topic: Ledger }>();
  const count = (ledger: Ledger, key: string) => ledger.set(key, (ledger.get(key) ?? 0) + 1);
  for (const info of topology.tasks) {
    if (info.operator.kind !== 'sink') continue;
    const sink = copies.get(info.operator.id) ?? { output: new Map(), topic: new Map() };
    for (const r of state.tasks[info.index].output) count(sink.output, originKey(r.origin));
    copies.set(info.operator.id, sink);
  }
  for (const topic of topicsOf(state)) {
    const sink = copies.get(topic.sink)!;
    for (const r of topic.records)
      if (r.state === 'committed') count(sink.topic, originKey(r.origin));
  }
  const views = new Map<string, CommittedView[]>();
  for (const [sink, { output, topic }] of copies) {
    views.set(sink, [
      [`the output of ${sink}`, output],
      [`topic ${sink}-topic`, topic],
    ]);
  }
  return views;
}

export interface RestoredCommitsRun {
  status: JobStatus;
  /** Restores at which a sink committed what the restored checkpoint had pre-committed. */
  commitsOnRestore: number;
}

/**
 * However the job ends (FINISHED, FAILED after its restarts ran out, or still going at the tick
 * limit), each record before the cut of every checkpoint it restored from is committed in each
 * sink's output and topic as often as the graph delivers it to that sink; with aligned
 * checkpoints never more often.
 */
export function restoredPreCommitsCommitted(generated: Scenario): RestoredCommitsRun {
  const scenario = validated(generated);
  const model = new GraphModel(scenario);
  const restores: Restore[] = [];
  const run = observedRun(scenario, [
    {
      tick(_prev, next, events) {
        const restarted = events.find((e) => e.type === 'JobRestarted');
        if (restarted?.type !== 'JobRestarted' || restarted.checkpoint === null) return;
        const cut = new Map<string, number>();
        for (const e of events) {
          if (e.type === 'StateRestored' && e.state.kind === 'source')
            cut.set(e.task, e.state.offset);
        }
        restores.push({
          tick: next.tick,
          checkpoint: restarted.checkpoint,
          cut,
          committed: events.some((e) => e.type === 'SinkCommitted'),
        });
      },
    },
  ]);
  const { state } = run;
  const summary: RestoredCommitsRun = {
    status: state.job.status,
    commitsOnRestore: restores.filter((r) => r.committed).length,
  };
  const views = committedViews(state);
  const sinks = scenario.operators.filter((op) => op.kind === 'sink');
  for (const restore of restores) {
    const before = model.ledgers(restore.cut);
    for (const sink of sinks) {
      for (const [key, n] of before.get(sink.id)!) {
        for (const [where, copies] of views.get(sink.id)!) {
          const got = copies.get(key) ?? 0;
          if (got < n) {
            throw new InvariantViolation(
              state.tick,
              `the job is ${state.job.status}: record ${key}, before the cut of checkpoint ${restore.checkpoint} it restored at tick ${restore.tick}, is committed ${got} times in ${where}, where the graph delivers ${n}`,
            );
          }
        }
      }
    }
  }
  if (!alignedMode(scenario)) return summary;
  const all = model.ledgers();
  for (const sink of sinks) {
    for (const [where, copies] of views.get(sink.id)!) {
      for (const [key, got] of copies) {
        const n = all.get(sink.id)!.get(key) ?? 0;
        if (got > n) {
          throw new InvariantViolation(
            state.tick,
            `record ${key} is committed ${got} times in ${where}, where the graph delivers ${n}`,
          );
        }
      }
    }
  }
  return summary;
}

export const restoredPreCommits = fc.property(restoredTransactionsArb, (scenario) => {
  restoredPreCommitsCommitted(scenario);
});
