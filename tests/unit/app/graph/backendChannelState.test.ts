import { describe, expect, it } from 'vitest';
import { recordLook } from '../../../../src/app/graph/edges/chips';
import { checkpointColor } from '../../../../src/app/graph/palette';
import {
  toFlowElements,
  type BackendNode,
  type ChannelEdge,
  type JobManagerNode,
} from '../../../../src/app/graph/toFlowElements';
import {
  slowSinkAligned,
  slowSinkTimeout,
  slowSinkUnaligned,
} from '../../../../src/scenarios/presets/slowSink';
import { modeText } from '../../../../src/app/graph/describe';
import { record } from '../../../helpers/sim';

const backendAt = (states: ReturnType<typeof record>['states'], tick: number) =>
  toFlowElements(states[tick]).nodes.find((n) => n.type === 'backend') as BackendNode;

describe('the state backend draws an unaligned checkpoint’s channel state', () => {
  const run = record(slowSinkUnaligned);

  it('each task’s cell holds the records its barrier overtook, as the engine reported them', () => {
    // Lesson 8, part 2, at tick 15: checkpoint 1 completed holding 9 in-flight records.
    const row = backendAt(run.states, 15).data.rows.find((r) => r.id === 1)!;
    expect(row.unaligned).toBe(true);
    const overtook = new Map<string, number[]>();
    for (const e of run.events) {
      if (e.type === 'BarrierOvertook' && e.checkpoint === 1)
        overtook.set(e.task, [...(overtook.get(e.task) ?? []), ...e.records]);
    }
    expect(overtook.size).toBeGreaterThan(0);
    for (const cell of row.cells) expect(cell.inFlight).toEqual(overtook.get(cell.task) ?? []);
    expect(row.cells.flatMap((c) => c.inFlight ?? [])).toHaveLength(9);
  });

  it('gives the cells a second line, so the in-flight records have room', () => {
    const aligned = backendAt(record(slowSinkAligned, 20).states, 20);
    expect(backendAt(run.states, 15).data.lineHeight).toBeGreaterThan(aligned.data.lineHeight);
  });

  it('shows no channel state for an aligned checkpoint', () => {
    const aligned = record(slowSinkAligned, 30);
    const rows = backendAt(aligned.states, 30).data.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.unaligned).toBe(false);
      for (const cell of row.cells) expect(cell.inFlight).toBeNull();
    }
  });
});

describe('records an unaligned barrier overtook are marked on their channel', () => {
  it('marks exactly the records of the checkpoint’s channel state that the channel still holds', () => {
    const run = record(slowSinkUnaligned, 12);
    const flow = toFlowElements(run.states[11]);
    const channel = flow.edges.find((e) => e.id === 'ch:source#0->sum#0') as ChannelEdge;
    const overtook = run.events.find(
      (e) => e.type === 'BarrierOvertook' && e.task === 'source#0' && e.tick === 11,
    );
    expect(overtook?.type).toBe('BarrierOvertook');
    const marked = channel.data!.elements.filter((e) => e.persistedIn === 1);
    expect(marked.map((e) => (e.kind === 'record' ? e.value : null))).toEqual(
      overtook?.type === 'BarrierOvertook' ? overtook.records : [],
    );
    // The barrier is ahead of them: first in the channel.
    expect(channel.data!.elements[0].kind).toBe('barrier');
  });

  it('draws a marked record framed in its checkpoint’s colour', () => {
    const plain = recordLook(7, false);
    const kept = recordLook(7, false, 1);
    expect(kept.className).toContain('g-chip-persisted');
    expect(kept.border).toBe(checkpointColor(1).fill);
    expect(plain.className).not.toContain('g-chip-persisted');
  });
});

describe('the job manager names the kind of exactly-once checkpoints', () => {
  it('aligned, unaligned, or aligned until the timeout switches them', () => {
    const jm = (s: typeof slowSinkAligned) =>
      toFlowElements(record(s, 0).states[0]).nodes.find((n) => n.type === 'jobManager')!
        .data as JobManagerNode['data'];
    expect(modeText('exactly-once', jm(slowSinkAligned).unaligned).en).toBe(
      'exactly-once (aligned)',
    );
    expect(modeText('exactly-once', jm(slowSinkUnaligned).unaligned).zh).toBe('精确一次（非对齐）');
    expect(modeText('exactly-once', jm(slowSinkTimeout).unaligned).en).toBe(
      'exactly-once (aligned, then unaligned)',
    );
  });
});
