import { useSyncExternalStore, type SyntheticEvent } from 'react';
import { useT, type LocalText } from '../i18n';
import { useStore } from '../store';

export interface OnDemand<T> {
  /**
   * Starts loading (once; again after a failure). Called when the user is about to want the part,
   * on hover or focus of what opens it, so it is there by the time it opens.
   */
  load: () => Promise<T>;
  /** The loaded module, or undefined until it is there; the component re-renders when it is. */
  useLoaded: () => T | undefined;
}

/**
 * A part of the screen the first screen does not show (a menu's body, a mode's caption), loaded
 * when it is first wanted. Unlike `React.lazy` it never suspends: what renders it shows nothing
 * of it until it is there, then renders it in place.
 */
export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (changed: () => void) => {
    listeners.add(changed);
    return () => void listeners.delete(changed);
  };
  const get = () => loaded;
  const load = () =>
    (pending ??= importer().then(
      (module) => {
        loaded = module;
        listeners.forEach((changed) => changed());
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return { load, useLoaded: () => useSyncExternalStore(subscribe, get, get) };
}

const FIRST_INPUT = ['pointermove', 'pointerdown', 'keydown', 'focusin'] as const;

/** Calls `then` on the page's first input of any kind; returns what stops waiting for it. */
export function onFirstInput(then: () => void): () => void {
  const stop = () => FIRST_INPUT.forEach((type) => window.removeEventListener(type, first, true));
  const first = () => {
    stop();
    then();
  };
  FIRST_INPUT.forEach((type) => window.addEventListener(type, first, true));
  return stop;
}

export const LOAD_FAILED: LocalText = {
  en: 'Part of the app failed to load: reload the page to try again. Nothing was changed.',
  zh: '应用的一部分未能加载：请重新加载页面再试。未做任何更改。',
};

/** The listeners an open menu set on the document, to take away when it closes. */
const openMenus = new WeakMap<HTMLDetailsElement, () => void>();

/**
 * While a `<details>` menu is open, Escape and a press outside it close it, as menus do. Escape
 * gives the focus back to the menu's button; so does a press outside on anything but a control.
 */
function closeOnEscapeAndOutside(menu: HTMLDetailsElement): void {
  const button = () => menu.querySelector('summary');
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    menu.open = false;
    button()?.focus();
  };
  const onPress = (e: PointerEvent) => {
    const target = e.target instanceof Element ? e.target : null;
    if (target && menu.contains(target)) return;
    menu.open = false;
    // After the press has moved the focus where the browser puts it.
    if (!target?.closest('button, a, input, select, textarea, summary')) {
      window.setTimeout(() => button()?.focus());
    }
  };
  document.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', onPress, true);
  openMenus.set(menu, () => {
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('pointerdown', onPress, true);
  });
}

/**
 * The props of a `<details>` menu whose body is loaded on demand: the body starts loading when
 * the pointer or the focus reaches the menu's summary, and a body that cannot be loaded when the
 * menu opens says so. Open, it closes on Escape and on a press outside it.
 */
export function useMenuLoading(body: OnDemand<unknown>): {
  details: { onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => void };
  summary: { onPointerEnter: () => void; onFocus: () => void };
} {
  const t = useT();
  const notify = useStore((s) => s.notify);
  const prepare = () => void body.load().catch(() => {});
  return {
    details: {
      onToggle: (e) => {
        const menu = e.currentTarget;
        openMenus.get(menu)?.();
        openMenus.delete(menu);
        if (!menu.open) return;
        closeOnEscapeAndOutside(menu);
        body.load().catch(() => notify({ kind: 'error', text: t(LOAD_FAILED) }));
      },
    },
    summary: { onPointerEnter: prepare, onFocus: prepare },
  };
}
