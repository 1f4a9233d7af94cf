import type { BackendConfig, CheckpointConfig, RestartStrategy, Scenario } from '../engine';

/** Flink's CheckpointConfig defaults, except the interval, which Flink leaves off. */
export const DEFAULT_CHECKPOINT_CONFIG: CheckpointConfig = {
  mode: 'exactly-once',
  intervalMs: null,
  timeoutMs: 600_000,
  minPauseMs: 0,
  maxConcurrent: 1,
  tolerableFailures: 0,
};

/**
 * No restart strategy configured: Flink 2.3 then restarts with exponential-delay's defaults when
 * checkpointing is on and not at all when it is off (effectiveRestart).
 */
export const DEFAULT_RESTART: RestartStrategy = { type: 'default' };

/**
 * The restart of the seed's worked examples: fixed-delay, 3 attempts, 300 ms, a delay short enough
 * to watch in class. Those presets set it explicitly, so their timelines do not depend on Flink's
 * default.
 */
export const WORKED_EXAMPLE_RESTART: RestartStrategy = {
  type: 'fixed-delay',
  attempts: 3,
  delayMs: 300,
};

export const DEFAULT_BACKEND: BackendConfig = { writeLatency: 0, bandwidth: 1_000_000 };

export type ScenarioDraft = Omit<
  Scenario,
  | 'version'
  | 'tickMs'
  | 'seed'
  | 'checkpoint'
  | 'restart'
  | 'backend'
  | 'controlLatency'
  | 'actions'
> &
  Partial<Omit<Scenario, 'checkpoint'>> & { checkpoint?: Partial<CheckpointConfig> };

/** A whole scenario from the parts a preset cares about. */
export function withDefaults(draft: ScenarioDraft): Scenario {
  return {
    version: 1,
    tickMs: 100,
    seed: 1,
    controlLatency: 1,
    actions: [],
    ...draft,
    checkpoint: { ...DEFAULT_CHECKPOINT_CONFIG, ...draft.checkpoint },
    restart: draft.restart ?? DEFAULT_RESTART,
    backend: draft.backend ?? DEFAULT_BACKEND,
  };
}
