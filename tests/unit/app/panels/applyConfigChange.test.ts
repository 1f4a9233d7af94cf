import { beforeEach, describe, expect, it } from 'vitest';
import { applyConfigChange } from '../../../../src/app/panels/ConfigPanel';
import { useStore } from '../../../../src/app/store';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';
import { firstEvent, record } from '../../../helpers/sim';

const completed = firstEvent(record(barrierAlignment).events, 'CheckpointCompleted').tick;

describe('changing an option in the config panel', () => {
  beforeEach(() => {
    useStore.getState().loadScenario(barrierAlignment, 'barrier-alignment', completed);
  });

  it('changes nothing when the value is impossible', () => {
    const before = useStore.getState().timeline;
    const result = applyConfigChange((s) => ({
      ...s,
      checkpoint: { ...s.checkpoint, timeoutMs: 5 },
    }));
    expect(result.ok).toBe(false);
    expect(useStore.getState().timeline).toBe(before);
    expect(useStore.getState().cursor).toBe(completed);
  });

  it('records the run again with the new option and keeps the cursor', () => {
    const before = useStore.getState().timeline;
    const result = applyConfigChange((s) => ({
      ...s,
      checkpoint: { ...s.checkpoint, intervalMs: 300, maxConcurrent: 2 },
    }));
    expect(result.ok).toBe(true);
    const after = useStore.getState();
    expect(after.timeline).not.toBe(before);
    expect(after.cursor).toBe(completed);
    expect(after.current.tick).toBe(completed);
    expect(after.timeline.scenario.checkpoint).toMatchObject({ intervalMs: 300, maxConcurrent: 2 });
    // The new interval shows in the run: periodic checkpoints follow the scheduled one.
    const ids = after.timeline.final.checkpoints.map((c) => c.id);
    expect(ids.length).toBeGreaterThan(before.final.checkpoints.length);
  });
});
