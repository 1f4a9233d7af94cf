import { describe, expect, it } from 'vitest';
import { barrierLook } from '../../../../src/app/graph/edges/chips';
import { checkpointColor } from '../../../../src/app/graph/palette';

describe('barriers on the graph', () => {
  it('draw a cancellation barrier hollow, dashed and crossed out, unlike the checkpoint barrier', () => {
    const barrier = barrierLook(3, false);
    const cancel = barrierLook(3, false, true);
    expect(barrier.text).toBe('3');
    expect(cancel.text).toBe('×3');
    expect(cancel.className).toContain('g-barrier-cancel');
    expect(barrier.className).not.toContain('g-barrier-cancel');
    // The same checkpoint's colour, as an outline rather than a fill.
    expect(barrier.background).toBe(checkpointColor(3).fill);
    expect(cancel.border).toBe(checkpointColor(3).fill);
    expect(cancel.background).not.toBe(checkpointColor(3).fill);
    expect(barrierLook(3, true, true).text).toBe('×S3');
  });
});
