import type { SimEvent } from '../../engine';
import { TimelineRecorder, type Keyframe } from '../../session/timeline';
import type { RecordReply, RecordRequest, WorkerScope } from './messages';
import { WireEncoder } from './recordingWire';

/**
 * Records a run off the page's thread: however costly a step, the page goes on drawing and
 * answering. Sends a piece a few times a second; the page ends a recording by ending the worker.
 */
const scope = self as unknown as WorkerScope<RecordRequest, RecordReply>;

/** Work between two pieces sent: often enough for the progress bar, seldom enough to be cheap. */
const PIECE_MS = 150;

scope.onmessage = ({ data }) => {
  const { scenario, limit, keep, kept } = data;
  const keyframes: Keyframe[] = [];
  const milestones: SimEvent[][] = [];
  const start = { ...data.state, scenario };
  const recorder = new TimelineRecorder(scenario, start, keyframes, milestones, limit, keep, kept);
  const encoder = new WireEncoder(start.tick);
  const next = () => {
    try {
      const began = performance.now();
      const timeline = recorder.advance(() => performance.now() - began < PIECE_MS);
      const piece = encoder.encode(keyframes, milestones, timeline.final);
      scope.postMessage({ kind: 'piece', piece, done: recorder.done });
      if (!recorder.done) setTimeout(next, 0);
    } catch (error) {
      scope.postMessage({ kind: 'failed', message: String(error) });
    }
  };
  next();
};
