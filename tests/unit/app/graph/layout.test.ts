import { describe, expect, it } from 'vitest';
import { topologyOf, type Scenario } from '../../../../src/engine';
import {
  chooseLayout,
  fitZoom,
  layoutJob,
  neededSize,
  type Arrangement,
  type Box,
  type Detail,
} from '../../../../src/app/graph/layout';
import { PRESETS } from '../../../../src/scenarios/presets';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';
import { oddEvenSum } from '../../../../src/scenarios/presets/oddEvenSum';
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

describe('a layout that fits the stage', () => {
  const projector = { width: 1280, height: 610 };

  for (const scenario of PRESETS) {
    it(`${scenario.id}: beside the tasks, the backend overlaps nothing and the lane runs under them`, () => {
      const layout = layoutJob(scenario, 1.5, 'beside');
      const boxes = [layout.jobManager, layout.backend, ...layout.tasks.values()];
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i], boxes[j])).toBe(false);
      }
      for (const box of layout.tasks.values()) {
        expect(box.x + box.width).toBeLessThan(layout.backend.x);
        expect(box.y + box.height).toBeLessThan(layout.backendLane!);
      }
      // The lane reaches the backend's side.
      expect(layout.backend.y + layout.backend.height).toBeGreaterThan(layout.backendLane!);
    });

    it(`${scenario.id}: the chosen layout meets the floors with the least enlargement, in full detail when it can`, () => {
      const floors = { title: 18, secondary: 14 };
      const fitted = chooseLayout(scenario, projector, floors, 1.4);
      const size = (scale: number, arrangement: Arrangement, detail: Detail) =>
        (scale * fitZoom(layoutJob(scenario, scale, arrangement, detail).bounds, projector, 1.4)) /
        neededSize(floors, detail);
      expect(fitted.zoom * fitted.scale).toBeCloseTo(
        size(fitted.scale, fitted.arrangement, fitted.detail) * neededSize(floors, fitted.detail),
      );
      const candidates = [1, 1.5, 2].flatMap((scale) =>
        (['stacked', 'beside'] as const).flatMap((arrangement) =>
          (['full', 'compact'] as const).map((detail) => ({
            scale,
            detail,
            size: size(scale, arrangement, detail),
          })),
        ),
      );
      const met = size(fitted.scale, fitted.arrangement, fitted.detail) >= 1 - 1e-9;
      if (met) {
        for (const c of candidates) {
          if (c.size < 1) continue;
          // Full detail meets the floors with room for the channels: it is the one chosen.
          if (c.detail === 'full') expect(fitted.detail).toBe('full');
          if (c.detail === fitted.detail) expect(fitted.scale).toBeLessThanOrEqual(c.scale);
        }
      } else {
        for (const c of candidates) expect(c.size).toBeLessThan(1);
      }
    });
  }

  it('a wide stage puts the backend beside the tasks; a tall one keeps it below', () => {
    const presenter = { title: 18, secondary: 14 };
    expect(chooseLayout(barrierAlignment, projector, presenter, 1.4).arrangement).toBe('beside');
    const desk = { title: 13.5, secondary: 11 };
    expect(chooseLayout(barrierAlignment, { width: 700, height: 900 }, desk, 1.4).arrangement).toBe(
      'stacked',
    );
  });

  it('on a desk at 1440x900 the seed jobs show every row, enlarged no more than leaves the channels room', () => {
    const desk = { title: 14, secondary: 12 };
    expect(chooseLayout(oddEvenSum, { width: 1000, height: 700 }, desk, 1.4)).toMatchObject({
      detail: 'full',
      scale: 1,
    });
    const twoSources = chooseLayout(barrierAlignment, { width: 1000, height: 700 }, desk, 1.4);
    expect(twoSources.detail).toBe('full');
    expect(twoSources.scale).toBeLessThanOrEqual(1.5);
  });

  it('a job too large for the stage at full detail is drawn compact, not under the floor', () => {
    const projector = { title: 18, secondary: 14 };
    const fitted = chooseLayout(barrierAlignment, { width: 1280, height: 525 }, projector, 1.4);
    expect(fitted.detail).toBe('compact');
    expect(fitted.zoom * fitted.scale).toBeGreaterThanOrEqual(neededSize(projector, 'compact'));
  });
});
