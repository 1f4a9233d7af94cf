import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSim } from '../../helpers/runner';
import type { TimedEvent } from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';

// The runner's fields for flow control and unaligned checkpoints, read as a script reads them.

const sim = runSim;

const dir = mkdtempSync(join(tmpdir(), 'sim-bp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const slowSink = withDefaults({
  id: 'slow-sink-unaligned',
  title: 'Slow sink, unaligned',
  operators: [
    {
      id: 'source',
      kind: 'source',
      parallelism: 1,
      input: [...Array(40).keys()].map((i) => i + 1),
      rate: 4,
    },
    { id: 'map', kind: 'map', parallelism: 1, add: 100 },
    { id: 'sink', kind: 'sink', parallelism: 1, rate: 1 },
  ],
  edges: [
    { from: 'source', to: 'map', partitioning: 'forward', capacity: 3 },
    { from: 'map', to: 'sink', partitioning: 'forward', capacity: 3 },
  ],
  checkpoint: { unaligned: true },
  actions: [{ type: 'checkpoint', when: { atTick: 8 } }],
});

interface Report {
  tasks: {
    id: string;
    backpressure: { busy: number; backpressured: number; idle: number; status: string };
  }[];
  channels: {
    from: string;
    to: string;
    records: number[];
    capacity: number | null;
    blocked: boolean;
  }[];
  checkpoints: {
    id: number;
    status: string;
    type: string;
    channelState: Record<string, number[]>;
    tasks: {
      id: string;
      startDelayMs: number;
      alignmentMs: number | null;
      persistedRecords: number;
      sizeBytes: number;
    }[];
  }[];
  events: TimedEvent[];
}

describe('the runner reports channels, backpressure and an unaligned checkpoint', () => {
  it(
    'prints each channel’s records against its capacity, the tasks’ backpressure, and the channel state the barriers overtook',
    { timeout: 60_000 },
    async () => {
      const path = join(dir, 'slow-sink.json');
      writeFileSync(path, JSON.stringify(slowSink));
      const out = await sim(path, '--ticks', '14');
      expect(out.stderr).toBe('');
      expect(out.status).toBe(0);
      const r = JSON.parse(out.stdout) as Report;

      expect(r.channels.map((c) => [c.from, c.to, c.capacity, c.blocked])).toEqual([
        ['source#0', 'map#0', 3, false],
        ['map#0', 'sink#0', 3, false],
      ]);
      for (const c of r.channels) expect(c.records.length).toBeLessThanOrEqual(3);
      expect(r.channels[1].records.every((v) => v > 100)).toBe(true);

      const byId = Object.fromEntries(r.tasks.map((t) => [t.id, t.backpressure]));
      expect(byId['source#0'].status).toBe('HIGH');
      expect(byId['sink#0'].status).toBe('OK');
      // Busy from the tick the first record reached it; a sink never waits for credits.
      expect(byId['sink#0'].busy).toBeGreaterThan(0.7);
      expect(byId['sink#0'].backpressured).toBe(0);

      const [c1] = r.checkpoints;
      expect(c1).toMatchObject({ id: 1, type: 'unaligned' });
      // What each task persisted is what its barriers overtook in its outputs.
      for (const task of ['source#0', 'map#0']) {
        const overtaken = r.events
          .filter((e) => e.type === 'BarrierOvertook' && e.task === task)
          .flatMap((e) => (e.type === 'BarrierOvertook' ? e.records : []));
        expect(overtaken.length).toBeGreaterThan(0);
        expect(c1.channelState[task]).toEqual(overtaken);
        expect(c1.tasks.find((t) => t.id === task)?.persistedRecords).toBe(overtaken.length);
      }
      // Unaligned: every subtask snapshots as its first barrier arrives, without alignment.
      expect(c1.tasks.map((t) => t.alignmentMs)).toEqual([0, 0, 0]);
    },
  );

  it(
    'refuses unaligned checkpoints with more than one concurrent checkpoint, as Flink does',
    { timeout: 60_000 },
    async () => {
      const path = join(dir, 'concurrent.json');
      writeFileSync(
        path,
        JSON.stringify({ ...slowSink, checkpoint: { ...slowSink.checkpoint, maxConcurrent: 2 } }),
      );
      const out = await sim(path);
      expect(out.status).toBe(2);
      expect(out.stderr).toMatch(/unaligned checkpoints need at most 1 concurrent checkpoint/);
    },
  );
});
