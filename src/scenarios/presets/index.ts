import type { Scenario } from '../../engine';
import { barrierAlignment } from './barrierAlignment';
import { oddEvenSum } from './oddEvenSum';

/** Every built-in scenario, by id; the first is the default. */
export const PRESETS: readonly Scenario[] = [oddEvenSum, barrierAlignment];

export const DEFAULT_PRESET_ID = oddEvenSum.id;

export function presetById(id: string): Scenario | undefined {
  return PRESETS.find((p) => p.id === id);
}
