import { describe, expect, it } from 'vitest';
import { topologyOf, type Scenario } from '../../../../src/engine';
import { layoutJob, type Box } from '../../../../src/app/graph/layout';
import { PRESETS } from '../../../../src/scenarios/presets';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';
import { withDefaults } from '../../../../src/scenarios/defaults';

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A wide job: every operator at parallelism 8, all-to-all between them. */
const wide: Scenario = withDefaults({
  id: 'wide',
  title: 'parallelism 8',
  operators: [
    { id: 'source', kind: 'source', parallelism: 8, input: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { id: 'double', kind: 'map', parallelism: 8, multiply: 2 },
    { id: 'sum', kind: 'sum', parallelism: 8, accept: 'all', keyBy: 'value' },
    { id: 'sink', kind: 'sink', parallelism: 8 },
  ],
  edges: [
    { from: 'source', to: 'double', partitioning: 'forward' },
    { from: 'double', to: 'sum', partitioning: 'hash' },
    { from: 'sum', to: 'sink', partitioning: 'rebalance' },
  ],
});

describe('layered layout', () => {
  for (const scenario of [...PRESETS, wide]) {
    it(`${scenario.id}: no two nodes overlap, at normal size or enlarged for presenting`, () => {
      for (const scale of [1, 1.15]) {
        const layout = layoutJob(scenario, scale);
        const boxes = [layout.jobManager, layout.backend, ...layout.tasks.values()];
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            expect(overlap(boxes[i], boxes[j])).toBe(false);
          }
        }
      }
    });

    it(`${scenario.id}: every channel points right, the job manager is above and the backend below`, () => {
      const layout = layoutJob(scenario);
      const topology = topologyOf(scenario);
      for (const c of topology.channels) {
        const from = layout.tasks.get(topology.tasks[c.from].id)!;
        const to = layout.tasks.get(topology.tasks[c.to].id)!;
        expect(from.x + from.width).toBeLessThan(to.x);
      }
      for (const box of layout.tasks.values()) {
        expect(layout.jobManager.y + layout.jobManager.height).toBeLessThan(box.y);
        expect(box.y + box.height).toBeLessThan(layout.backend.y);
      }
    });

    it(`${scenario.id}: every input handle lies on its node's side, in input order`, () => {
      const layout = layoutJob(scenario);
      for (const box of layout.tasks.values()) {
        box.inputYs.forEach((y, k) => {
          expect(y).toBeGreaterThan(0);
          expect(y).toBeLessThan(box.height);
          if (k > 0) expect(y).toBeGreaterThan(box.inputYs[k - 1]);
        });
      }
    });
  }

  it('stacks the subtasks of one operator in one column, in subtask order', () => {
    const layout = layoutJob(wide);
    const column = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => layout.tasks.get(`sum#${s}`)!);
    expect(new Set(column.map((b) => b.x)).size).toBe(1);
    column.forEach((b, k) => k > 0 && expect(b.y).toBeGreaterThan(column[k - 1].y));
  });
});

describe('presenter mode', () => {
  it('draws every node larger by the same factor, with the same space between columns', () => {
    const normal = layoutJob(barrierAlignment);
    const large = layoutJob(barrierAlignment, 1.15);
    for (const [id, box] of normal.tasks) {
      const big = large.tasks.get(id)!;
      expect(big.width).toBeCloseTo(box.width * 1.15);
      expect(big.height).toBeCloseTo(box.height * 1.15);
      // Handles are placed inside the node before it is scaled: the same numbers.
      expect(big.inputYs).toEqual(box.inputYs);
    }
    const gap = (l: typeof normal) => {
      const [a, b] = [l.tasks.get('source#0')!, l.tasks.get('sum_even#0')!];
      return b.x - (a.x + a.width);
    };
    expect(gap(large)).toBeGreaterThanOrEqual(110);
    expect(large.jobManager.height).toBeCloseTo(normal.jobManager.height * 1.15);
  });
});
