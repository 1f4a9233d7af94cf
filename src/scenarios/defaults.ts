import type { BackendConfig, CheckpointConfig, RestartStrategy, Scenario } from '../engine';

/** Flink's CheckpointConfig defaults, except the interval, which Flink leaves off. */
export const DEFAULT_CHECKPOINT_CONFIG: CheckpointConfig = {
  mode: 'exactly-once',
  intervalMs: null,
  timeoutMs: 600_000,
  minPauseMs: 0,
  maxConcurrent: 1,
  tolerableFailures: 0,
  preferCheckpointForRecovery: true,
};

export const DEFAULT_RESTART: RestartStrategy = { type: 'fixed-delay', attempts: 3, delayMs: 300 };

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
