import type { Scenario } from '../../engine';
import type { ScenarioImport } from '../../scenarios/scenarioFile';
import type { Timeline, TimelineRecorder } from '../timeline';
import type { ImportReply, RecordReply, RecordRequest } from './messages';
import { WireDecoder } from './recordingWire';

/** A recording going on in a worker. */
export interface WorkerRecording {
  /** Ends the worker; no piece arrives after this. */
  stop: () => void;
}

/** A worker made by `make`, or null where none can be (no Worker, or the page may not make one). */
function newWorker(make: () => Worker): Worker | null {
  try {
    return typeof Worker === 'undefined' ? null : make();
  } catch {
    return null;
  }
}

/**
 * Records the rest of `recorder`'s run in a worker, from where it stands: each piece that
 * arrives is absorbed into `recorder` and its timeline handed to `onPiece`. Returns null when no
 * worker can be made (the caller records on the page, a piece between frames); `onFailure` is
 * called if the worker fails later (it cannot load, or a step throws), with `recorder` holding
 * every piece that arrived, so the page can go on from there.
 */
export function recordInWorker(
  recorder: TimelineRecorder,
  onPiece: (timeline: Timeline) => void,
  onFailure: () => void,
): WorkerRecording | null {
  const worker = newWorker(
    // Written out in full, as the bundler finds a worker by this form and builds it as a chunk.
    () => new Worker(new URL('./recording.worker.ts', import.meta.url), { type: 'module' }),
  );
  if (!worker) return null;
  const { scenario } = recorder.timeline;
  const decoder = new WireDecoder(scenario);
  let over = false;
  const stop = () => {
    over = true;
    worker.terminate();
  };
  const fail = () => {
    if (over) return;
    stop();
    onFailure();
  };
  worker.onmessage = ({ data }: MessageEvent<RecordReply>) => {
    if (over) return;
    if (data.kind === 'failed') return fail();
    const timeline = recorder.absorb(decoder.decode(data.piece));
    if (data.done || recorder.done) stop();
    onPiece(timeline);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail();
  };
  worker.onmessageerror = fail;
  const { state, limit, keep, kept } = recorder.position;
  const bare = { ...state, scenario: null as unknown as Scenario };
  const request: RecordRequest = { scenario, state: bare, limit, keep, kept };
  try {
    worker.postMessage(request);
  } catch {
    stop();
    return null;
  }
  return { stop };
}

/**
 * Reads a scenario file in a worker; null when no worker can be made or it failed, and the
 * caller reads the file itself.
 */
export function importInWorker(text: string): Promise<ScenarioImport | null> {
  const worker = newWorker(
    () => new Worker(new URL('./scenarioFile.worker.ts', import.meta.url), { type: 'module' }),
  );
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (result: ScenarioImport | null) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = ({ data }: MessageEvent<ImportReply>) =>
      done(data.kind === 'imported' ? data.result : null);
    worker.onerror = (event) => {
      event.preventDefault();
      done(null);
    };
    worker.onmessageerror = () => done(null);
    worker.postMessage(text);
  });
}
