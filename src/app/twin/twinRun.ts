import { useStore as useSession } from 'zustand';
import type { Scenario } from '../../engine';
import { twinScenario, type TwinVariant } from '../../scenarios/twin';
import { createSession, type Store } from '../../session/store';
import { useStore } from '../store';

/**
 * The second run of the twin view: a session of its own, holding the first run's scenario
 * changed by the variant, recorded as the page's session records (a long run in a worker). Only
 * its run is read: the first session's cursor drives both (TwinStage follows it a step a tick).
 */
export const twinSession = createSession({ offThread: () => import('../workers/offThread') });

/** Reads the second run's session in a component, as `useStore` reads the first. */
export function useTwinRun<T>(selector: (s: Store) => T): T {
  return useSession(twinSession, selector);
}

/** The first run's scenario and the variant the second session holds the twin of, if any. */
let held: { base: Scenario; variant: TwinVariant } | null = null;

/** Keeps the second session in step with the first run's scenario and the variant asked for. */
function follow(): void {
  const { timeline, twin } = useStore.getState();
  if (!twin) {
    if (held) twinSession.getState().cancelRecording();
    held = null;
    return;
  }
  if (held?.base === timeline.scenario && held.variant === twin) return;
  held = { base: timeline.scenario, variant: twin };
  twinSession.getState().loadScenario(twinScenario(timeline.scenario, twin), null);
}

useStore.subscribe((now, before) => {
  if (now.twin !== before.twin || now.timeline.scenario !== before.timeline.scenario) follow();
});
follow();
