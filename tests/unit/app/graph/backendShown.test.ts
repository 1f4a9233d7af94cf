import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backendShown,
  toFlowElements,
  BACKEND_ID,
  type BackendNode,
} from '../../../../src/app/graph/toFlowElements';
import { LESSONS } from '../../../../src/scenarios/lessons/course';
import { recordTimeline, stateAt, eventsAt } from '../../../../src/session/timeline';

type Entry = { id: number; kind: 'checkpoint' | 'savepoint' };
const c = (id: number): Entry => ({ id, kind: 'checkpoint' });
const s = (id: number): Entry => ({ id, kind: 'savepoint' });
const ids = (list: Entry[]) => list.map((e) => (e.kind === 'savepoint' ? `S${e.id}` : `${e.id}`));

describe('the checkpoints the state backend shows', () => {
  it('shows them all where they fit, else the latest', () => {
    expect(ids(backendShown([c(1), c(2)], 3))).toEqual(['1', '2']);
    expect(ids(backendShown([c(1), c(2), c(3), c(4)], 3))).toEqual(['2', '3', '4']);
  });

  it('keeps a savepoint in place of an older checkpoint, as lesson 6 says it stays', () => {
    expect(ids(backendShown([c(1), s(2), c(3), c(4), s(5)], 3))).toEqual(['S2', '4', 'S5']);
    expect(ids(backendShown([s(1), s(2), s(3), c(4), c(5)], 3))).toEqual(['S2', 'S3', '5']);
  });

  it('keeps the checkpoint being restored', () => {
    expect(ids(backendShown([c(1), c(2), c(3), c(4)], 3, 1))).toEqual(['1', '3', '4']);
  });

  it('always shows the newest, as many as there is room for, oldest first', () => {
    const entry = fc.record({ kind: fc.constantFrom('checkpoint' as const, 'savepoint' as const) });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        (kinds, room) => {
          const list = kinds.map((k, i) => ({ id: i + 1, kind: k.kind }));
          const shown = backendShown(list, room);
          expect(shown).toHaveLength(Math.min(room, list.length));
          if (list.length > 0) expect(shown.at(-1)).toBe(list.at(-1));
          expect(shown.map((e) => e.id)).toEqual([...shown.map((e) => e.id)].sort((a, b) => a - b));
          // A savepoint left out only where every row but the newest is a later savepoint.
          const left = list.filter((e) => !shown.includes(e) && e.kind === 'savepoint');
          for (const out of left) {
            for (const row of shown.slice(0, -1)) {
              expect(row.kind).toBe('savepoint');
              expect(row.id).toBeGreaterThan(out.id);
            }
          }
        },
      ),
    );
  });

  it("lesson 6's last step: the backend still shows savepoint 2 beside savepoint 5", () => {
    const lesson = LESSONS.find((l) => l.id === 'savepoints')!;
    const tick = lesson.steps.at(-1)!.tick;
    const timeline = recordTimeline(lesson.scenario);
    const flow = toFlowElements(stateAt(timeline, tick), { events: eventsAt(timeline, tick) });
    const backend = flow.nodes.find((n) => n.id === BACKEND_ID) as BackendNode;
    const rows = backend.data.rows.map((r) => `${r.kind === 'savepoint' ? 'S' : ''}${r.id}`);
    expect(rows).toContain('S2');
    expect(rows).toContain('S5');
  });
});
