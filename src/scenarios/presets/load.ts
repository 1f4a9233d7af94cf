import type { Scenario } from '../../engine';
import { DEFAULT_PRESET } from './default';

const presets = () => import('./index');

/**
 * Each built-in scenario by id, in a module of its own: a link names one, and opening it loads
 * that one only. A test checks that this table and `PRESETS` list the same scenarios.
 */
const LOADERS: Record<string, () => Promise<Scenario>> = {
  // The default scenario is part of the first screen already.
  [DEFAULT_PRESET.id]: () => Promise.resolve(DEFAULT_PRESET),
  'stop-the-world': () => import('./stopTheWorld').then((m) => m.stopTheWorld),
  'barrier-snapshots': () => import('./stopTheWorld').then((m) => m.barrierSnapshots),
  'barrier-alignment': () => import('./barrierAlignment').then((m) => m.barrierAlignment),
  'at-least-once-replay': () => import('./atLeastOnceReplay').then((m) => m.atLeastOnceReplay),
  'checkpoint-config': () => import('./checkpointConfig').then((m) => m.checkpointConfig),
  'savepoint-upgrade': () => import('./savepointUpgrade').then((m) => m.savepointUpgrade),
  'savepoint-upgrade-v2': () => import('./savepointUpgrade').then((m) => m.savepointUpgradeResumed),
  'restart-fixed-delay': () => import('./restartFixedDelay').then((m) => m.restartFixedDelay),
  'restart-failure-rate': () => import('./restartFailureRate').then((m) => m.restartFailureRate),
  'slow-sink-aligned': () => import('./slowSink').then((m) => m.slowSinkAligned),
  'slow-sink-unaligned': () => import('./slowSink').then((m) => m.slowSinkUnaligned),
  'slow-sink-aligned-timeout': () => import('./slowSink').then((m) => m.slowSinkTimeout),
  'two-phase-commit': () => import('./twoPhaseCommit').then((m) => m.twoPhaseCommit),
  'at-least-once-sink': () => import('./twoPhaseCommit').then((m) => m.atLeastOnceSink),
  'two-phase-commit-latency': () => import('./twoPhaseCommit').then((m) => m.twoPhaseCommitLatency),
  'two-phase-commit-timeout': () => import('./twoPhaseCommit').then((m) => m.twoPhaseCommitTimeout),
};

/**
 * The built-in scenarios for the app, loaded when first asked for: the first screen shows one
 * lesson, and the picker lists the others by their titles (`./titles`). Node code (the CLI,
 * tests, the link reader) reads them synchronously from `./index`.
 */
export async function loadPresets(): Promise<void> {
  await presets();
}

/** A built-in scenario by id, loading only its own module; undefined for an id that names none. */
export async function loadPreset(id: string): Promise<Scenario | undefined> {
  const load = Object.hasOwn(LOADERS, id) ? LOADERS[id] : undefined;
  return load ? load() : undefined;
}

/** The ids `loadPreset` knows, for the test that keeps them in step with `PRESETS`. */
export const LOADABLE_PRESET_IDS: readonly string[] = Object.keys(LOADERS);
