import type { Scenario } from '../../engine';
import type { ScenarioImport } from '../../scenarios/scenarioFile';
import { stateAt, type Timeline, type TimelineRecorder } from '../../session/timeline';
import type { JudgingElsewhere } from '../../session/verdict';
import type { ImportReply, JudgeReply, JudgeRequest, RecordReply, RecordRequest } from './messages';
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
 * Judges a recorded run in a worker (see judgingFrom): null when no worker can be made; its
 * verdict is null if the worker fails (it cannot load, or a step throws), and the caller judges
 * on the page.
 */
export function judgeInWorker(timeline: Timeline): JudgingElsewhere | null {
  const worker = newWorker(
    () => new Worker(new URL('./judging.worker.ts', import.meta.url), { type: 'module' }),
  );
  if (!worker) return null;
  const start = { ...stateAt(timeline, 0), scenario: null as unknown as Scenario };
  const request: JudgeRequest = { scenario: timeline.scenario, start, end: timeline.end };
  const done = askOnce(worker, request, (reply: JudgeReply) =>
    reply.kind === 'judged' ? reply.verdict : null,
  );
  return done && { done, stop: () => worker.terminate() };
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
  const done = askOnce(worker, text, (reply: ImportReply) =>
    reply.kind === 'imported' ? reply.result : null,
  );
  return done ?? Promise.resolve(null);
}

/**
 * Sends `request` to a worker that answers once, and ends the worker when it has: the answer
 * `read` takes from its reply, or null if the worker fails first. Null when the request could
 * not be sent (the worker is ended).
 */
function askOnce<Request, Reply, Answer>(
  worker: Worker,
  request: Request,
  read: (reply: Reply) => Answer | null,
): Promise<Answer | null> | null {
  let settle: (answer: Answer | null) => void = () => {};
  const done = new Promise<Answer | null>((resolve) => (settle = resolve));
  const finish = (answer: Answer | null) => {
    worker.terminate();
    settle(answer);
  };
  worker.onmessage = ({ data }: MessageEvent<Reply>) => finish(read(data));
  worker.onerror = (event) => {
    event.preventDefault();
    finish(null);
  };
  worker.onmessageerror = () => finish(null);
  try {
    worker.postMessage(request);
  } catch {
    worker.terminate();
    return null;
  }
  return done;
}
