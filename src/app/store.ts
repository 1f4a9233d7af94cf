import { useStore as useSession } from 'zustand';
import { createSession, type Store } from '../session/store';

export {
  SPEEDS,
  type Language,
  type Notice,
  type PanelTab,
  type PlaybackSlice,
  type SimulationSlice,
  type Store,
  type ViewSlice,
} from '../session/store';

/** The page's session: its runs record the rest in a worker once they take long. */
export const session = createSession({ offThread: () => import('./workers/offThread') });

/** Reads the page's session in a component, re-rendering when the selected part changes. */
function useSelected<T>(selector: (s: Store) => T): T {
  return useSession(session, selector);
}

/** The page's session as a hook (`useStore(selector)`) and as its store (`useStore.getState()`). */
export const useStore = Object.assign(useSelected, session);
