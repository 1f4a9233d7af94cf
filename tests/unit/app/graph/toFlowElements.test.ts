import { describe, expect, it } from 'vitest';
import { topologyOf, type SimState, type TimedEvent } from '../../../../src/engine';
import {
  markOutputsAhead,
  toFlowElements,
  type ChannelEdge,
  type ControlEdge,
  type FlowElements,
  type JobManagerNode,
  type OperatorNode,
  type SourceNode,
  type BackendNode,
  type BackendEdge,
  JOB_MANAGER_ID,
  positionAt,
  BACKEND_ID,
} from '../../../../src/app/graph/toFlowElements';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';
import { oddEvenSum } from '../../../../src/scenarios/presets/oddEvenSum';
import { withDefaults } from '../../../../src/scenarios/defaults';
import { firstEvent, record, snapshotOf, type Recording } from '../../../helpers/sim';

function at(run: Recording, tick: number): FlowElements {
  const events = run.events.filter((e) => e.tick === tick);
  return toFlowElements(run.states[tick], { events });
}

function node<T>(flow: FlowElements, id: string): T {
  const found = flow.nodes.find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found as T;
}

function edge<T>(flow: FlowElements, id: string): T {
  const found = flow.edges.find((e) => e.id === id);
  if (!found) throw new Error(`no edge ${id}`);
  return found as T;
}

const eventsOf = (run: Recording, type: TimedEvent['type']) =>
  run.events.filter((e) => e.type === type);

describe('barrier-alignment on the graph', () => {
  const run = record(barrierAlignment);
  const blocked = firstEvent(run.events, 'ChannelBlocked', (e) => e.task === 'sum_even#0');

  it('shows the input whose barrier came first as blocked by 1, with the records held behind it', () => {
    const tick = blocked.tick + 1;
    const flow = at(run, tick);
    const sumEven = node<OperatorNode>(flow, 'sum_even#0');
    const [first, second] = sumEven.data.inputs;
    expect(first.from).toBe('source#0');
    expect(first.blockedBy).toBe(1);
    expect(second.blockedBy).toBe(null);
    const offset = snapshotOf(barrierAlignment, run.states[tick].checkpoints[0], 'source#0');
    expect(offset).toMatchObject({ kind: 'source' });
    const stored = (offset as { offset: number }).offset;
    // Seed: what waits in the buffer is source 1's input after the offset its snapshot stored.
    expect(first.buffer.length).toBeGreaterThan(0);
    for (const el of first.buffer) {
      expect(el.kind).toBe('record');
      if (el.kind !== 'record') continue;
      expect(el.origin.task).toBe('source#0');
      expect(el.value).toBe(el.origin.index + 1);
      expect(el.origin.index).toBeGreaterThanOrEqual(stored);
    }
    expect(sumEven.data.alignment).toEqual({ checkpoint: 1, arrived: 1, total: 2 });
    expect(edge<ChannelEdge>(flow, 'ch:source#0->sum_even#0').data!.blockedBy).toBe(1);
  });

  it('puts every element in flight on its channel, with its value and how far it travelled', () => {
    let barriers = 0;
    let records = 0;
    for (const state of run.states) {
      const flow = toFlowElements(state);
      for (const info of topologyOf(state.scenario).channels) {
        const { elements } = edge<ChannelEdge>(flow, `ch:${info.id}`).data!;
        const all = state.channels[info.index].queue;
        // What reached a blocked input is drawn once, in the receiver's input row, not on the edge.
        const blocked = state.tasks[info.to].inputs[info.input].blockedBy !== null;
        const queue = blocked ? all.filter((f) => f.at > state.tick) : all;
        const receiver = node<{ data: { inputs: { buffer: unknown[] }[] } }>(
          flow,
          topologyOf(state.scenario).tasks[info.to].id,
        );
        const held = receiver.data.inputs[info.input].buffer;
        expect(elements.length + held.length).toBe(all.length);
        expect(elements).toHaveLength(queue.length);
        queue.forEach((f, k) => {
          const shown = elements[k];
          expect(positionAt(shown, state.tick)).toBeCloseTo(
            Math.min(1, (state.tick - f.sentAt) / (f.at - f.sentAt)),
          );
          if (f.element.kind === 'record') {
            records++;
            expect(shown).toMatchObject({ kind: 'record', value: f.element.value });
          } else {
            barriers++;
            expect(shown).toMatchObject({ kind: 'barrier', checkpoint: f.element.checkpoint });
          }
        });
      }
    }
    expect(records).toBeGreaterThan(0);
    expect(barriers).toBeGreaterThan(0);
  });

  it('draws the slow channel with three records strung along it, oldest nearest the receiver', () => {
    // Channels from source#1 take 3 ticks: at tick 3 it carries 1, 2 and 3, sent one tick apart.
    const flow = at(run, 3);
    const { elements } = edge<ChannelEdge>(flow, 'ch:source#1->sum_even#0').data!;
    expect(elements.map((e) => (e.kind === 'record' ? e.value : null))).toEqual([1, 2, 3]);
    expect(elements.map((e) => positionAt(e, 3))).toEqual([2 / 3, 1 / 3, 0]);
  });

  it('keeps the key of an element while it travels, so it can move instead of reappearing', () => {
    const keysAt = (tick: number) =>
      edge<ChannelEdge>(at(run, tick), 'ch:source#1->sum_even#0').data!.elements.map((e) => e.key);
    const [, second, third] = keysAt(3);
    expect(keysAt(4).slice(0, 2)).toEqual([second, third]);
  });

  it('sends triggers from the job manager and acks back to it on control edges', () => {
    const triggered = firstEvent(run.events, 'CheckpointTriggered');
    const flow = at(run, triggered.tick);
    for (const source of ['source#0', 'source#1']) {
      const ctl = edge<ControlEdge>(flow, `ctl:${source}`);
      expect(ctl.source).toBe(JOB_MANAGER_ID);
      expect(ctl.data!.messages).toEqual([
        expect.objectContaining({ type: 'trigger', checkpoint: 1, toJobManager: false }),
      ]);
    }
    const jm = node<JobManagerNode>(flow, JOB_MANAGER_ID);
    expect(jm.data.triggeredNow).toBe(1);
    expect(jm.data.pending).toEqual([expect.objectContaining({ id: 1, acks: 0, expected: 5 })]);

    const stored = firstEvent(run.events, 'SnapshotStored', (e) => e.task === 'sum_even#0');
    const ack = edge<ControlEdge>(at(run, stored.tick), 'ctl:sum_even#0');
    expect(ack.data!.messages).toEqual([
      expect.objectContaining({ type: 'ack', checkpoint: 1, toJobManager: true }),
    ]);
  });

  it('counts acks on the coordinator until the checkpoint completes', () => {
    const completed = firstEvent(run.events, 'CheckpointCompleted');
    const before = node<JobManagerNode>(at(run, completed.tick - 1), JOB_MANAGER_ID).data;
    expect(before.pending).toHaveLength(1);
    expect(before.pending[0].acks).toBeLessThan(5);
    const after = node<JobManagerNode>(at(run, completed.tick), JOB_MANAGER_ID).data;
    expect(after.pending).toEqual([]);
    expect(after.completedNow).toBe(1);
    expect(after.recent).toContainEqual({ id: 1, kind: 'checkpoint', status: 'COMPLETED' });
  });

  it('shows snapshot writes travelling to the state backend and the stored snapshots there', () => {
    const injected = firstEvent(run.events, 'BarrierInjected');
    const writing = edge<BackendEdge>(at(run, injected.tick), `be:${injected.task}`);
    expect(writing.target).toBe(BACKEND_ID);
    expect(writing.data!.writes).toEqual([expect.objectContaining({ checkpoint: 1 })]);

    const completed = firstEvent(run.events, 'CheckpointCompleted');
    const backend = node<BackendNode>(at(run, completed.tick), BACKEND_ID).data;
    const row = backend.rows.find((r) => r.id === 1)!;
    expect(row.status).toBe('COMPLETED');
    const sums = row.cells.filter((c) => c.task.startsWith('sum_'));
    expect(sums.every((c) => c.stored)).toBe(true);
    // Together the two snapshots count each source record read before the barrier once.
    const total = sums.reduce((n, c) => n + (c.state?.kind === 'sum' ? c.state.sum : 0), 0);
    const offsets = ['source#0', 'source#1'].map(
      (s) => (row.cells.find((c) => c.task === s)!.state as { offset: number }).offset,
    );
    const read = offsets.reduce((n, o) => n + (o * (o + 1)) / 2, 0);
    expect(total).toBe(read);
  });
});

describe('odd-even-sum on the graph: failure and recovery', () => {
  const run = record(oddEvenSum);
  const failed = firstEvent(run.events, 'TaskFailed');
  const restoredTick = eventsOf(run, 'StateRestored')[0].tick;

  it('marks the offset checkpoint 1 stored on the source tape (seed: offset 5)', () => {
    const completed = firstEvent(run.events, 'CheckpointCompleted');
    const source = node<SourceNode>(at(run, completed.tick), 'source#0').data;
    expect(source.input).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(source.marks).toEqual([{ checkpoint: 1, offset: 5, completed: true, savepoint: false }]);
  });

  it('shows the failed task while sum_even still shows 12, as in the seed', () => {
    const flow = at(run, failed.tick);
    const sumOdd = node<OperatorNode>(flow, 'sum_odd#0').data;
    expect(sumOdd.status).toBe('FAILED');
    expect(sumOdd.failedNow).toBe(true);
    const sumEven = node<OperatorNode>(flow, 'sum_even#0').data;
    expect(sumEven.status).toBe('RUNNING');
    expect(sumEven.state).toMatchObject({ kind: 'sum', sum: 12 });
  });

  it('shows the failed task and its cancelled peers with their state cleared, a tick later', () => {
    const flow = at(run, failed.tick + 1);
    const sumOdd = node<OperatorNode>(flow, 'sum_odd#0').data;
    expect(sumOdd.status).toBe('FAILED');
    expect(sumOdd.state).toMatchObject({ kind: 'sum', sum: 0 });
    expect(node<OperatorNode>(flow, 'sum_even#0').data.status).toBe('CANCELED');
    const jm = node<JobManagerNode>(flow, JOB_MANAGER_ID).data;
    expect(jm.status).toBe('RESTARTING');
    expect(jm.restartIn).toBe(restoredTick - failed.tick - 1);
    const channels = flow.edges.filter((e): e is ChannelEdge => e.type === 'channel');
    expect(channels.every((e) => e.data!.elements.length === 0)).toBe(true);
  });

  it('brings the snapshot back at the restore: sum_even 6, sum_odd 9, the tape back at 5', () => {
    const flow = at(run, restoredTick);
    const sumEven = node<OperatorNode>(flow, 'sum_even#0').data;
    const sumOdd = node<OperatorNode>(flow, 'sum_odd#0').data;
    expect(sumEven.restored).toEqual({ checkpoint: 1 });
    expect(sumOdd.restored).toEqual({ checkpoint: 1 });
    expect(sumOdd.state).toMatchObject({ sum: 9 });
    const source = node<SourceNode>(flow, 'source#0').data;
    expect(source.rewound).toEqual({ from: 7, to: 5 });
    // Records 6 and 7 were read before the failure: they are read again, from the next tick.
    expect(source.highWater).toBe(7);
    const replayed = at(run, restoredTick + 1)
      .edges.filter((e): e is ChannelEdge => e.type === 'channel')
      .flatMap((e) => e.data!.elements)
      .filter((el) => el.kind === 'record');
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed.every((el) => el.kind === 'record' && el.replay)).toBe(true);
    const restore = edge<BackendEdge>(flow, 'be:sum_odd#0');
    expect(restore.data!.restore).toBe(1);
    expect(node<BackendNode>(flow, BACKEND_ID).data.restoringFrom).toBe(1);
  });

  it('highlights nothing as restored or failed in an ordinary tick', () => {
    const flow = at(run, restoredTick + 2);
    for (const n of flow.nodes) {
      if (!('task' in n.data)) continue;
      expect(n.data.restored).toBe(null);
      expect(n.data.failedNow).toBe(false);
    }
  });
});

describe('the task a state shows is the one the engine has', () => {
  it('names every subtask of the job once, with its status', () => {
    const run = record(barrierAlignment);
    const state: SimState = run.states[5];
    const flow = toFlowElements(state);
    const ids = flow.nodes.filter((n) => 'task' in n.data).map((n) => n.id);
    expect(ids.sort()).toEqual(
      topologyOf(state.scenario)
        .tasks.map((t) => t.id)
        .sort(),
    );
  });
});

describe('sink outputs', () => {
  // What a sink node shows, computed from the state alone: every output marked when the sink
  // already received the same operator's result for the same source record.
  function expectedSink(state: SimState, index: number, limit: number) {
    const seen = new Set<string>();
    const views = state.tasks[index].output.map((r, k) => {
      const key = `${r.from.split('#')[0]}|${r.origin.task}@${r.origin.index}`;
      const duplicate = seen.has(key);
      seen.add(key);
      return { key: `o${k}`, value: r.value, replay: r.replay, duplicate };
    });
    return {
      output: views.slice(-limit),
      outputCount: views.length,
      duplicates: views.filter((v) => v.duplicate).length,
    };
  }

  /** Checks the last 4 outputs a sink's node shows at `state`; how many duplicates it holds. */
  function expectSinkShown(state: SimState, sink: { id: string; index: number }): number {
    const flow = toFlowElements(state, { outputLimit: 4 });
    const data = flow.nodes.find((n) => n.id === sink.id)!.data as {
      output: unknown;
      outputCount: number;
      duplicates: number;
    };
    const want = expectedSink(state, sink.index, 4);
    expect({
      output: data.output,
      outputCount: data.outputCount,
      duplicates: data.duplicates,
    }).toEqual(want);
    return want.duplicates;
  }

  it('shows the same outputs and duplicates whichever order the ticks are visited in', () => {
    const scenario = {
      ...barrierAlignment,
      checkpoint: { ...barrierAlignment.checkpoint, mode: 'at-least-once' as const },
      actions: [
        { type: 'checkpoint' as const, when: { task: 'source#0', offset: 3 } },
        {
          type: 'fail-task' as const,
          task: 'sum_odd#0',
          when: { beforeValue: 9, fromTask: 'source#1' },
        },
      ],
    };
    const run = record(scenario);
    const sinks = topologyOf(scenario).tasks.filter((info) => info.operator.kind === 'sink');
    const last = run.states.length - 1;
    const ticks = [
      ...run.states.map((_, t) => t),
      ...run.states.map((_, t) => last - t),
      ...run.states.map((_, t) => (t * 7) % run.states.length),
    ];
    let duplicatesSeen = 0;
    for (const tick of ticks) {
      for (const info of sinks) duplicatesSeen += expectSinkShown(run.states[tick], info);
    }
    expect(duplicatesSeen).toBeGreaterThan(0);
  });

  it("marks a long run's outputs ahead in slices, and shows the same marks after", () => {
    // 6,000 records through a map that fails once: at-least-once replays some to the sink.
    const values = Array.from({ length: 6000 }, (_, k) => k + 1);
    const scenario = withDefaults({
      id: 'long-outputs',
      title: 'long outputs',
      operators: [
        { id: 'source', kind: 'source', parallelism: 1, input: values, rate: 60 },
        { id: 'double', kind: 'map', parallelism: 1, multiply: 2, rate: 60 },
        { id: 'sink', kind: 'sink', parallelism: 1, rate: 60 },
      ],
      edges: [
        { from: 'source', to: 'double', partitioning: 'forward', latency: 1 },
        { from: 'double', to: 'sink', partitioning: 'forward', latency: 1 },
      ],
      checkpoint: { mode: 'at-least-once', intervalMs: 1000 },
      actions: [{ type: 'fail-task', task: 'double#0', when: { atTick: 60 } }],
    });
    const run = record(scenario);
    const final = run.states[run.states.length - 1];
    const sink = topologyOf(scenario).tasks.find((info) => info.operator.kind === 'sink')!;
    expect(final.tasks[sink.index].output.length).toBeGreaterThan(6000);
    // Given no time at all, each call still marks one slice: the marking goes forward and ends.
    let calls = 1;
    while (!markOutputsAhead(final, () => false)) calls++;
    expect(calls).toBeGreaterThan(2);
    expect(markOutputsAhead(final, () => false)).toBe(true);
    const last = run.states.length - 1;
    let duplicatesSeen = 0;
    for (const tick of [last, Math.floor(last / 2), 1, last - 1]) {
      duplicatesSeen += expectSinkShown(run.states[tick], sink);
    }
    expect(duplicatesSeen).toBeGreaterThan(0);
  });
});
