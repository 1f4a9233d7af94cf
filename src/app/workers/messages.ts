import type { Scenario, SimState, Verdict } from '../../engine';
import type { ScenarioImport } from '../../scenarios/scenarioFile';
import type { WirePiece } from './recordingWire';

/** Starts recording `scenario` from `state` (sent without its scenario), as far as `limit`. */
export interface RecordRequest {
  scenario: Scenario;
  state: SimState;
  limit: number;
  /** Elements in flight the keyframes of this recording may hold together, */
  keep: number;
  /** of which the keyframes the page already holds take this many. */
  kept: number;
}

export type RecordReply =
  { kind: 'piece'; piece: WirePiece; done: boolean } | { kind: 'failed'; message: string };

/** Judges the run of `scenario` from `start` (sent without its scenario) to tick `end`. */
export interface JudgeRequest {
  scenario: Scenario;
  start: SimState;
  end: number;
}

export type JudgeReply = { kind: 'judged'; verdict: Verdict } | { kind: 'failed'; message: string };

export type ImportReply = { kind: 'imported'; result: ScenarioImport } | { kind: 'failed' };

/** A worker's global scope, as far as these workers use it. */
export interface WorkerScope<In, Out> {
  onmessage: ((event: MessageEvent<In>) => void) | null;
  postMessage(message: Out): void;
}
