import type { Mode, Scenario, ScenarioAction } from '../engine';
import { isPlainObject } from './safeJson';

/**
 * The second run of the twin view, as a change to the first run's scenario: another
 * checkpointing mode, the injected failures left out, or unaligned checkpoints turned on or off.
 * What it leaves unset is the first run's.
 */
export interface TwinVariant {
  mode?: Mode;
  /** false: the same run without its failures (failed tasks, writes, lost messages). */
  failures?: boolean;
  unaligned?: boolean;
}

const MODES: readonly Mode[] = ['exactly-once', 'at-least-once', 'stop-the-world'];

/** Whether an action injects a failure rather than asking for a checkpoint or savepoint. */
export function isFailure(action: ScenarioAction): boolean {
  return action.type !== 'checkpoint' && action.type !== 'savepoint';
}

/** The scenario of the second run: `base` changed as `variant` says. Pure. */
export function twinScenario(base: Scenario, variant: TwinVariant): Scenario {
  const checkpoint = { ...base.checkpoint };
  if (variant.mode !== undefined) checkpoint.mode = variant.mode;
  if (variant.unaligned !== undefined) checkpoint.unaligned = variant.unaligned;
  const actions =
    variant.failures === false ? base.actions.filter((a) => !isFailure(a)) : base.actions;
  return { ...base, checkpoint, actions };
}

/** Whether `variant` changes nothing in `base`: a twin of it would be the same run. */
export function sameRun(base: Scenario, variant: TwinVariant): boolean {
  const twin = twinScenario(base, variant);
  return (
    twin.checkpoint.mode === base.checkpoint.mode &&
    (twin.checkpoint.unaligned ?? false) === (base.checkpoint.unaligned ?? false) &&
    twin.actions.length === base.actions.length
  );
}

/** A twin read from a link; null when it is not one (unknown fields, wrong types, empty). */
export function readTwinVariant(raw: unknown): TwinVariant | null {
  if (!isPlainObject(raw)) return null;
  const known = new Set(['mode', 'failures', 'unaligned']);
  if (Object.keys(raw).some((k) => !known.has(k))) return null;
  const variant: TwinVariant = {};
  if (raw.mode !== undefined) {
    if (!MODES.includes(raw.mode as Mode)) return null;
    variant.mode = raw.mode as Mode;
  }
  for (const flag of ['failures', 'unaligned'] as const) {
    if (raw[flag] === undefined) continue;
    if (typeof raw[flag] !== 'boolean') return null;
    variant[flag] = raw[flag];
  }
  return Object.keys(variant).length > 0 ? variant : null;
}
