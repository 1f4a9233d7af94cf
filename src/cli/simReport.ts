import {
  arrivedOn,
  backpressureOverRun,
  channelStateByTask,
  checkpointMetrics,
  consumed,
  ISOLATIONS,
  judgeConsumers,
  intendedTruth,
  topicsOf,
  topologyOf,
  type CheckpointRecord,
  type SimState,
  type TimedEvent,
} from '../engine';

/** Where the runner's JSON goes: text in pieces, in order. */
export interface JsonSink {
  write(text: string): void | Promise<void>;
}

function checkpointEntry(c: CheckpointRecord, state: SimState) {
  const topology = topologyOf(state.scenario);
  return {
    id: c.id,
    kind: c.kind,
    status: c.status,
    triggerTick: c.triggerTick,
    completeTick: c.completeTick,
    ...(c.failReason ? { failReason: c.failReason } : {}),
    // By task id: the engine keeps them by task index.
    snapshots: Object.fromEntries(
      topology.tasks.flatMap((info) => {
        const snapshot = c.snapshots[info.index];
        if (!snapshot) return [];
        const { kind: _kind, ...s } = snapshot;
        return [[info.id, s]];
      }),
    ),
    type: c.type,
    channelState: Object.fromEntries(
      Object.entries(channelStateByTask(state.scenario, c)).map(([task, records]) => [
        task,
        records.map((r) => r.value),
      ]),
    ),
    tasks: checkpointMetrics(state.scenario, c).map((m) => ({
      id: m.id,
      startDelayMs: m.startDelayMs,
      alignmentMs: m.alignmentMs,
      syncMs: m.syncMs,
      asyncMs: m.asyncMs,
      processedRecords: m.processedRecords,
      persistedRecords: m.persistedRecords,
      sizeBytes: m.sizeBytes,
    })),
  };
}

/** The opening of the runner's JSON document, up to where the events go. */
export function reportHead(state: SimState, withEvents: boolean): string {
  const { id, checkpoint } = state.scenario;
  const head = `{\n  "scenario": ${JSON.stringify(id)},\n  "mode": ${JSON.stringify(checkpoint.mode)},\n  `;
  return withEvents ? `${head}"events": [` : head;
}

/** One event of the document's `events` list; `first` for the first one written. */
export function reportEvent(event: TimedEvent, first: boolean): string {
  return `${first ? '\n' : ',\n'}    ${JSON.stringify(event)}`;
}

/**
 * The rest of the runner's JSON document, after the events, written piece by piece: a long
 * run's sinks and checkpoints would make one string longer than the engine allows.
 */
export async function writeReportTail(
  state: SimState,
  withEvents: boolean,
  out: JsonSink,
): Promise<void> {
  const topology = topologyOf(state.scenario);
  if (withEvents) await out.write('\n  ],\n  ');
  const field = (name: string, value: unknown) => `"${name}": ${JSON.stringify(value)}`;
  await out.write(`${field('tick', state.tick)},\n  `);
  await out.write(
    `${field('job', { status: state.job.status, restarts: state.job.restarts, ...(state.job.failReason ? { failReason: state.job.failReason } : {}) })},\n  `,
  );
  if (state.halted) {
    await out.write(`${field('halted', state.halted)},\n  `);
  }
  await out.write('"tasks": [');
  for (const [k, info] of topology.tasks.entries()) {
    const { kind: _kind, ...operatorState } = state.tasks[info.index].state;
    const task = {
      id: info.id,
      operator: info.operator.id,
      subtask: info.subtask,
      status: state.tasks[info.index].status,
      state: operatorState,
      backpressure: backpressureOverRun(state, info.index),
    };
    await out.write(`${k === 0 ? '' : ','}\n    ${JSON.stringify(task)}`);
  }
  // What is still on its way: once the job finished or failed, nothing is.
  const inFlight = {
    elements: state.channels.reduce((n, c) => n + c.queue.length, 0),
    // Arrived on a blocked input and held in its channel (an alignment buffer before Flink 1.11).
    buffered: state.tasks.reduce(
      (n, t, task) =>
        n +
        t.inputs.reduce(
          (m, input, k) => m + (input.blockedBy === null ? 0 : arrivedOn(state, task, k).length),
          0,
        ),
      0,
    ),
    messages: state.messages.length,
    writes: state.writes.length,
  };
  // Flink's history: the ended checkpoints no longer kept are counted, not listed.
  const forgotten = state.coordinator.forgotten;
  await out.write(
    `\n  ],\n  ${field('inFlight', inFlight)},\n  ${field('forgottenCheckpoints', forgotten)},`,
  );
  await out.write('\n  "channels": [');
  for (const [k, info] of topology.channels.entries()) {
    const channel = {
      from: topology.tasks[info.from].id,
      to: topology.tasks[info.to].id,
      records: state.channels[info.index].queue.flatMap((q) =>
        q.element.kind === 'record' ? [q.element.value] : [],
      ),
      capacity: info.capacity,
      blocked: state.tasks[info.to].inputs[info.input].blockedBy !== null,
    };
    await out.write(`${k === 0 ? '' : ','}\n    ${JSON.stringify(channel)}`);
  }
  await out.write(`\n  ],\n  "checkpoints": [`);
  for (const [k, c] of state.checkpoints.entries()) {
    await out.write(`${k === 0 ? '' : ','}\n    ${JSON.stringify(checkpointEntry(c, state))}`);
  }
  await out.write('\n  ],\n  "sinks": {');
  const sinks = topology.tasks.filter((t) => t.operator.kind === 'sink');
  for (const [k, t] of sinks.entries()) {
    await out.write(`${k === 0 ? '' : ','}\n    ${JSON.stringify(t.id)}: [`);
    const output = state.tasks[t.index].output;
    // A few thousand values per piece: a sink of a long run holds hundreds of thousands.
    for (let i = 0; i < output.length; i += 4096) {
      const part = output.slice(i, i + 4096).map((r) => r.value);
      await out.write(`${i === 0 ? '' : ','}${part.join(',')}`);
    }
    await out.write(']');
  }
  await out.write('\n  }');
  await writeTopics(state, out);
  await out.write('\n}\n');
}

/**
 * The topics sinks write into, their consumers, and per consumer the records it read twice or
 * missed against the failure-free run, with why. Only for a scenario whose sinks write a topic.
 */
async function writeTopics(state: SimState, out: JsonSink): Promise<void> {
  const topics = topicsOf(state);
  if (topics.length === 0) return;
  const field = (name: string, value: unknown) => `"${name}": ${JSON.stringify(value)}`;
  const topicsField = topics.map((t) => ({
    name: t.name,
    sink: t.sink,
    transactional: t.transactional,
    records: t.records.map((r) => ({
      value: r.value,
      transaction: r.transaction,
      state: r.state,
      ...(r.abort ? { abort: r.abort } : {}),
      task: r.task,
      tick: r.tick,
    })),
  }));
  await out.write(`,\n  ${field('topics', topicsField)}`);
  const consumers = topics.flatMap((t) =>
    ISOLATIONS.map((isolation) => ({
      topic: t.name,
      isolation,
      values: consumed(t, isolation).map((r) => r.value),
    })),
  );
  await out.write(`,\n  ${field('consumers', consumers)}`);
  const truth = intendedTruth(state);
  const account = judgeConsumers(state, truth.state).map((a) => ({
    topic: a.topic,
    isolation: a.isolation,
    duplicates: a.duplicates.map((d) => ({
      value: d.value,
      origin: d.origin,
      seen: d.seen,
      expected: d.expected,
      cause: d.cause,
    })),
    lost: a.lost.map((d) => ({
      value: d.value,
      origin: d.origin,
      seen: d.seen,
      expected: d.expected,
      cause: d.cause,
    })),
  }));
  await out.write(`,\n  ${field('account', account)}`);
}
