import { useEffect } from 'react';
import { NOT_OPENED, openDefault, refuse } from './openDefault';
import type { AddressSync } from './links';
import { useStore, type Language, type Store } from './store';

/** Reading and writing links, with the link codec: loaded when a link is first read or written. */
const links = () => import('./links');

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

/** The changes to the store that change the link of the moment on screen. */
function linkChanged(now: Store, before: Store): boolean {
  return (
    now.cursor !== before.cursor ||
    now.timeline !== before.timeline ||
    now.language !== before.language ||
    now.lesson !== before.lesson ||
    now.selectedTask !== before.selectedTask ||
    now.presenter !== before.presenter ||
    now.compare !== before.compare ||
    now.twin !== before.twin ||
    now.playing !== before.playing
  );
}

/**
 * Keeps the address bar's link in step with the screen and follows a link pasted into the
 * address bar of an open app (links.ts `syncAddress`). The code that does both comes with the
 * link codec, loaded at the first change to the screen or to the address: the plain address's
 * first screen needs neither.
 */
export function useUrlSync(): void {
  useEffect(() => {
    let stopped = false;
    let sync: AddressSync | undefined;
    let loading = false;
    // A link pasted while the code loads: opened once it is there.
    let pasted: string | null = null;
    const written = window.location.hash;
    const start = () => {
      if (loading) return;
      loading = true;
      links().then(
        (link) => {
          if (stopped) return;
          sync = link.syncAddress(written);
          if (pasted !== null) sync.pasted(pasted);
          else sync.changed();
        },
        // A codec that failed to load leaves the address as it was; the next change retries. A
        // link pasted meanwhile cannot be read: the default lesson opens, saying so.
        () => {
          loading = false;
          if (pasted !== null) void refuse(NOT_OPENED).catch(() => {});
          pasted = null;
        },
      );
    };
    const unsubscribe = useStore.subscribe((now, before) => {
      if (now.language !== before.language) rememberLanguage(now.language);
      if (!linkChanged(now, before) || now.playing) return;
      if (sync) sync.changed();
      else start();
    });
    const onHashChange = (event: HashChangeEvent) => {
      // The hash the address changed to, whatever it holds by the time this runs.
      const hash = new URL(event.newURL).hash;
      if (sync) return sync.pasted(hash);
      pasted = hash;
      start();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      stopped = true;
      unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
      sync?.stop();
    };
  }, []);
}
