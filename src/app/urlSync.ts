import { useEffect } from 'react';
import type { Scenario } from '../engine';
import { LESSONS, loadLesson } from '../scenarios/lessons';
import { DEFAULT_PRESET } from '../scenarios/presets/default';
import { loadPreset } from '../scenarios/presets/load';
import type { ShareState } from '../scenarios/shareLink';
import type { LocalText } from '../scenarios/text';
import { presenterCaption } from './layout/presenterCaption';
import { useStore, type Language } from './store';

/**
 * The link codec, loaded when a link is first read or written: reading one validates the
 * scenario with the schema (zod), which the first screen of a plain visit does not need.
 */
const shareLink = () => import('../scenarios/shareLink');

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

/** The preset a scenario still is, unchanged: the header's picker names it. */
async function presetIdOf(scenario: Scenario): Promise<string | null> {
  const preset = await loadPreset(scenario.id);
  return preset && JSON.stringify(preset) === JSON.stringify(scenario) ? preset.id : null;
}

/** Opens the first lesson, or the default preset when there are no lessons (or it fails to load). */
export async function openDefault(): Promise<void> {
  const first = LESSONS[0] && (await loadLesson(LESSONS[0].id).catch(() => undefined));
  const s = useStore.getState();
  s.setLesson(null);
  if (first) {
    // A lesson's scenario is the preset of its id, as when a lesson is opened from the picker.
    s.loadScenario(first.scenario, first.scenario.id, first.steps[0]?.tick ?? 0);
    s.setLesson({ id: first.id, step: 0 });
  } else {
    s.loadScenario(DEFAULT_PRESET, DEFAULT_PRESET.id, 0);
  }
}

/** Everything on screen that a link reproduces. */
export function currentShareState(): ShareState {
  const s = useStore.getState();
  return {
    v: 1,
    scenario: { custom: s.timeline.scenario },
    tick: s.cursor,
    ...(s.lesson ? { lesson: s.lesson } : {}),
    language: s.language,
    view: { selected: s.selectedTask, presenter: s.presenter, compare: s.compare },
  };
}

/**
 * Scenarios whose link came out too large to open (SHARE_LIMITS): compressing one takes as long
 * as its inputs are long (100,000 values: tens of milliseconds), so it is done once, not after
 * every step, and the address bar holds no link for it.
 */
const tooLargeForLink = new WeakSet<Scenario>();

/** The link's hash of the moment on screen; null when its scenario is too large for a link. */
async function currentHash(): Promise<string | null> {
  const scenario = useStore.getState().timeline.scenario;
  if (tooLargeForLink.has(scenario)) return null;
  const { encodeShareState, SHARE_LIMITS, SHARE_VERSION } = await shareLink();
  const hash = encodeShareState(currentShareState());
  if (hash.length - `#v${SHARE_VERSION}=`.length <= SHARE_LIMITS.compressed) return hash;
  tooLargeForLink.add(scenario);
  return null;
}

/** The address of the moment on screen; null when its scenario is too large for a link. */
export async function shareUrl(): Promise<string | null> {
  const hash = await currentHash();
  const { origin, pathname, search } = window.location;
  return hash === null ? null : `${origin}${pathname}${search}${hash}`;
}

export interface EmbedOptions {
  /** Plays from the moment as soon as it is shown. */
  autoplay: boolean;
  /** Goes back to the moment when playback reaches the end. */
  loop: boolean;
}

/**
 * The address of the current moment as an embed: graph and controls only, the way the embed
 * options ask it to play. The presenter view is left out: an embed has its own.
 */
export async function embedUrl(options: EmbedOptions): Promise<string> {
  const { encodeShareState } = await shareLink();
  const { origin, pathname } = window.location;
  const state = currentShareState();
  const flags = ['embed', options.autoplay && 'autoplay', options.loop && 'loop'].filter(Boolean);
  const view = { ...state.view, presenter: false };
  return `${origin}${pathname}?${flags.join('&')}${encodeShareState({ ...state, view })}`;
}

/** Opens the default lesson with a notice saying why (the link codec words a link's refusal). */
async function refuse(notice: LocalText): Promise<void> {
  await openDefault();
  useStore.getState().notify({ kind: 'error', text: notice });
}

/**
 * Applies a link's hash to the app. A link that cannot be opened leaves a message saying why
 * and what opened instead; it never breaks the app.
 */
export async function applyHash(hash: string): Promise<void> {
  let codec: Awaited<ReturnType<typeof shareLink>>;
  try {
    codec = await shareLink();
  } catch {
    await refuse({
      en: 'This link could not be read: part of the app failed to load. The default lesson opened instead.',
      zh: '无法读取此链接：应用的一部分加载失败。已改为打开默认课程。',
    });
    return;
  }
  const decoded = codec.decodeShareState(hash);
  if (!decoded.ok) {
    await refuse(codec.linkRefusedNotice(decoded.error));
    return;
  }
  const { state, scenario, warnings } = decoded;
  // Loaded before anything changes, so the screen switches to the link in one step.
  const lesson = state.lesson && (await loadLesson(state.lesson.id).catch(() => undefined));
  const presetId = await presetIdOf(scenario).catch(() => null);
  // Without its caption, presenter mode would open and then grow one under the graph.
  if (state.view?.presenter) await presenterCaption.load().catch(() => {});
  const s = useStore.getState();
  s.setLanguage(state.language);
  s.setLesson(null);
  s.loadScenario(scenario, presetId, state.tick);
  s.setLesson(lesson ? { id: lesson.id, step: state.lesson!.step } : null);
  const view = state.view ?? {};
  if (view.selected && scenario.operators.some((op) => view.selected!.startsWith(`${op.id}#`))) {
    s.select(view.selected);
  } else if (lesson) {
    s.setTab('lesson');
  }
  if (Boolean(view.presenter) !== useStore.getState().presenter) s.togglePresenter();
  if (Boolean(view.compare) !== useStore.getState().compare) s.toggleCompare();
  if (warnings.length > 0) {
    s.notify({ kind: 'info', text: codec.joined(warnings.map(codec.linkWarningText)) });
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
    if (window.location.hash.length > 1) await applyHash(window.location.hash);
    else await openDefault();
    const opened = useStore.getState();
    if (params.has('embed') && params.has('loop')) opened.setLoopFrom(opened.cursor);
    if (params.has('embed') && params.has('autoplay')) opened.play();
  } catch {
    // Whatever failed (a part of the app that would not load, a run that could not be
    // recorded), the app opens on something it can show, and says so.
    await refuse({
      en: 'The app could not open what this address asked for. The default lesson opened instead.',
      zh: '应用无法打开此地址所要求的内容。已改为打开默认课程。',
    }).catch(() => {});
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
    const write = async () => {
      timer = undefined;
      if (useStore.getState().playing) return;
      const hash = (await currentHash()) ?? '';
      if (stopped || hash === written) return;
      written = hash;
      const { pathname, search } = window.location;
      window.history.replaceState(null, '', `${pathname}${search}${hash}`);
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
        now.playing !== before.playing;
      if (changed && !now.playing && timer === undefined) {
        // A codec that failed to load leaves the address as it was; the next change retries.
        timer = window.setTimeout(
          () => whenIdle(() => void write().catch(() => {})),
          WRITE_DELAY_MS,
        );
      }
    });
    const onHashChange = () => {
      if (window.location.hash === written) return;
      written = window.location.hash;
      void applyHash(window.location.hash);
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
