import { useEffect } from 'react';
import { openDefault, refuse } from './openDefault';
import { useStore, type Language } from './store';

/** Reading and writing links, with the link codec: loaded when a link is first read or written. */
const links = () => import('./links');

/** Said when the app cannot open what its address asks for. */
const NOT_OPENED = {
  en: 'The app could not open what this address asked for. The default lesson opened instead.',
  zh: '应用无法打开此地址所要求的内容。已改为打开默认课程。',
};

const LANGUAGE_KEY = 'checkpoint-lab.language';

function storedLanguage(): Language | null {
  try {
    const v = window.localStorage.getItem(LANGUAGE_KEY);
    return v === 'en' || v === 'zh' ? v : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage; the language then lasts for this visit.
  }
}

/**
 * Startup: embed mode, the remembered language, then the link or the default lesson. Settles
 * once the screen to show is in the store, so the first render shows it rather than the
 * default lesson for a moment.
 */
export async function initialiseFromLocation(): Promise<void> {
  const s = useStore.getState();
  const params = new URLSearchParams(window.location.search);
  s.setEmbed(params.has('embed'));
  const language =
    storedLanguage() ?? (window.navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  s.setLanguage(language);
  try {
    if (window.location.hash.length > 1) await (await links()).applyHash(window.location.hash);
    else await openDefault();
    const opened = useStore.getState();
    if (params.has('embed') && params.has('loop')) opened.setLoopFrom(opened.cursor);
    if (params.has('embed') && params.has('autoplay')) opened.play();
  } catch {
    // Whatever failed (a part of the app that would not load, a run that could not be
    // recorded), the app opens on something it can show, and says so.
    await refuse(NOT_OPENED).catch(() => {});
  }
}

const WRITE_DELAY_MS = 300;

/** Runs `work` when the page is idle (or after a second at the latest), so no frame waits on it. */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(work, { timeout: 1000 });
  } else {
    window.setTimeout(work, 0);
  }
}

/**
 * Keeps the address bar's link in step with the screen (replacing, not adding, history entries)
 * and follows a link pasted into the address bar of an open app. While the run plays, the link
 * waits for the pause: encoding it a few times a second would only cost frames, and the tick
 * it named would be gone before anyone copied it.
 */
export function useUrlSync(): void {
  useEffect(() => {
    let timer: number | undefined;
    let stopped = false;
    let written = window.location.hash;
    // Links pasted into the address bar and still being opened: until they are, the screen is
    // the previous moment's, and writing its link would replace the one being opened.
    let opening = 0;
    const write = async () => {
      timer = undefined;
      if (useStore.getState().playing || opening > 0) return;
      const hash = (await (await links()).currentHash()) ?? '';
      // The address changed and its hashchange has not been handled yet (a link pasted or set
      // just now): that link is opened next, and writing this one would replace it unopened.
      if (stopped || opening > 0 || hash === written || window.location.hash !== written) return;
      written = hash;
      const { pathname, search } = window.location;
      window.history.replaceState(null, '', `${pathname}${search}${hash}`);
    };
    const schedule = () => {
      timer = window.setTimeout(() => whenIdle(() => void write().catch(() => {})), WRITE_DELAY_MS);
    };
    const unsubscribe = useStore.subscribe((now, before) => {
      if (now.language !== before.language) rememberLanguage(now.language);
      const changed =
        now.cursor !== before.cursor ||
        now.timeline !== before.timeline ||
        now.language !== before.language ||
        now.lesson !== before.lesson ||
        now.selectedTask !== before.selectedTask ||
        now.presenter !== before.presenter ||
        now.compare !== before.compare ||
        now.twin !== before.twin ||
        now.playing !== before.playing;
      // A codec that failed to load leaves the address as it was; the next change retries.
      if (changed && !now.playing && timer === undefined) schedule();
    });
    const onHashChange = (event: HashChangeEvent) => {
      // The hash the address changed to, whatever it holds by the time this runs.
      const hash = new URL(event.newURL).hash;
      if (hash === written) return;
      written = hash;
      if (timer !== undefined) {
        window.clearTimeout(timer);
        timer = undefined;
      }
      opening++;
      void links()
        .then((link) => link.applyHash(hash))
        .catch(() => refuse(NOT_OPENED))
        .catch(() => {})
        .finally(() => {
          opening--;
          // What opening it changed may have asked for a write that waited: the link of the
          // moment now on screen (the same link, unless the app corrected it).
          if (opening === 0 && timer === undefined && !stopped) schedule();
        });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      stopped = true;
      unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
}
