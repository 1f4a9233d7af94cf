import type { Scenario } from '../../engine';
import { atLeastOnceReplay } from './atLeastOnceReplay';
import { barrierAlignment } from './barrierAlignment';
import { checkpointConfig } from './checkpointConfig';
import { DEFAULT_PRESET_ID } from './default';
import { oddEvenSum } from './oddEvenSum';
import { restartFailureRate } from './restartFailureRate';
import { restartFixedDelay } from './restartFixedDelay';
import { savepointUpgrade, savepointUpgradeResumed } from './savepointUpgrade';
import { slowSinkAligned, slowSinkTimeout, slowSinkUnaligned } from './slowSink';
import { barrierSnapshots, stopTheWorld } from './stopTheWorld';
import {
  atLeastOnceSink,
  twoPhaseCommit,
  twoPhaseCommitLatency,
  twoPhaseCommitTimeout,
} from './twoPhaseCommit';

/** Every built-in scenario, in the picker's order; the first is the default. */
export const PRESETS: readonly Scenario[] = [
  oddEvenSum,
  stopTheWorld,
  barrierSnapshots,
  barrierAlignment,
  atLeastOnceReplay,
  checkpointConfig,
  savepointUpgrade,
  savepointUpgradeResumed,
  restartFixedDelay,
  restartFailureRate,
  slowSinkAligned,
  slowSinkUnaligned,
  slowSinkTimeout,
  twoPhaseCommit,
  atLeastOnceSink,
  twoPhaseCommitLatency,
  twoPhaseCommitTimeout,
];

export { DEFAULT_PRESET_ID };

export function presetById(id: string): Scenario | undefined {
  return PRESETS.find((p) => p.id === id);
}
