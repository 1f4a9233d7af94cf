import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../../src/engine';
import {
  eventsAt,
  recordTimeline,
  startRecording,
  stateAt,
  TimelineRecorder,
  type Keyframe,
  type Timeline,
} from '../../../../src/session/timeline';
import { WireDecoder, WireEncoder } from '../../../../src/app/workers/recordingWire';
import { restartFixedDelay } from '../../../../src/scenarios/presets/restartFixedDelay';
import { largeScenario, stressScenario } from '../../../../bench/scenarios';
import type { Scenario } from '../../../../src/engine';

/**
 * Records `scenario` as the page does with a worker: a first piece of `first` ticks on the page,
 * the rest elsewhere in pieces of `ticks` ticks, each copied across (structuredClone, as
 * postMessage does) and absorbed by the page's recorder.
 */
function throughWorker(scenario: Scenario, first: number, ticks: number, limit?: number) {
  const page = startRecording(scenario, limit);
  let left = first;
  page.advance(() => --left > 0);
  const { state, keep, kept } = page.position;
  const sent = structuredClone({ ...state, scenario: null as unknown as Scenario });
  const keyframes: Keyframe[] = [];
  const milestones: SimEvent[][] = [];
  const worker = new TimelineRecorder(
    scenario,
    { ...sent, scenario },
    keyframes,
    milestones,
    page.position.limit,
    keep,
    kept,
  );
  const encoder = new WireEncoder(state.tick);
  const decoder = new WireDecoder(scenario);
  const pieces: Timeline[] = [];
  while (!worker.done) {
    let n = ticks;
    const timeline = worker.advance(() => --n > 0);
    const piece = structuredClone(encoder.encode(keyframes, milestones, timeline.final));
    pieces.push(page.absorb(decoder.decode(piece)));
  }
  return { page, pieces };
}

function expectSame(got: Timeline, whole: Timeline, every = 1) {
  expect(got.end).toBe(whole.end);
  expect(got.complete).toBe(true);
  expect(got.milestones).toEqual(whole.milestones);
  for (let tick = 0; tick <= whole.end; tick += every) {
    expect(stateAt(got, tick)).toEqual(stateAt(whole, tick));
    expect(eventsAt(got, tick)).toEqual(eventsAt(whole, tick));
  }
  expect(got.final).toEqual(whole.final);
}

describe('a recording made in a worker and sent to the page in pieces', () => {
  it('is the recording made on the page: every state and event, failures and restarts included', () => {
    const whole = recordTimeline(restartFixedDelay);
    const { pieces } = throughWorker(restartFixedDelay, 5, 13);
    expect(pieces.length).toBeGreaterThan(3);
    expectSame(pieces[pieces.length - 1], whole);
  });

  it('keeps sink outputs whole across pieces, with pieces ending between keyframes', () => {
    const scenario = largeScenario(2_000);
    const whole = recordTimeline(scenario);
    const { pieces } = throughWorker(scenario, 3, 45);
    expectSame(pieces[pieces.length - 1], whole, 7);
    // Each piece handed to the screen explores to its own end.
    for (const piece of pieces.slice(0, 5)) {
      expect(stateAt(piece, piece.end)).toEqual(stateAt(whole, piece.end));
    }
  }, 60_000);

  it('sends each sink record once, not once per stored state', () => {
    const scenario = largeScenario(2_000);
    const page = startRecording(scenario);
    const keyframes: Keyframe[] = [];
    const milestones: SimEvent[][] = [];
    const { state, limit, keep } = page.position;
    const worker = new TimelineRecorder(scenario, state, keyframes, milestones, limit, keep);
    const encoder = new WireEncoder(0);
    let sentRecords = 0;
    while (!worker.done) {
      let n = 10;
      const timeline = worker.advance(() => --n > 0);
      const piece = encoder.encode(keyframes, milestones, timeline.final);
      for (const [, records] of piece.appended) sentRecords += records.length;
      for (const task of piece.final.tasks) expect(task.output).toEqual([]);
    }
    const output = worker.timeline.final.tasks.reduce((n, t) => n + t.output.length, 0);
    expect(output).toBeGreaterThan(100);
    expect(sentRecords).toBe(output);
  });

  it('stops at the same tick as the page would when the recording budget runs out', () => {
    const scenario = stressScenario();
    const whole = startRecording(scenario, undefined, 1_000).advance();
    expect(whole.final.halted?.limit).toBe('recording');
    const page = startRecording(scenario, undefined, 1_000);
    let left = 40;
    page.advance(() => --left > 0);
    const keyframes: Keyframe[] = [];
    const milestones: SimEvent[][] = [];
    const { state, limit, keep, kept } = page.position;
    const worker = new TimelineRecorder(scenario, state, keyframes, milestones, limit, keep, kept);
    const encoder = new WireEncoder(state.tick);
    const decoder = new WireDecoder(scenario);
    let last = page.timeline;
    while (!worker.done) {
      const timeline = worker.advance();
      last = page.absorb(decoder.decode(encoder.encode(keyframes, milestones, timeline.final)));
    }
    expect(last.end).toBe(whole.end);
    expect(last.final.halted).toEqual(whole.final.halted);
  });
});
