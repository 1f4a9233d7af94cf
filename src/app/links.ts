import type { Scenario } from '../engine';
import type { LocalText } from '../scenarios/text';
import { loadLesson } from '../scenarios/lessons';
import { loadPreset } from '../scenarios/presets/load';
import {
  encodeShareStateIn,
  readSharePayload,
  readShareState,
  shareNeeds,
  SHARE_LIMITS,
  SHARE_VERSION,
  type ShareCatalog,
  type ShareDecode,
  type ShareState,
} from '../scenarios/shareCodec';
import { presenterCaption } from './layout/presenterCaption';
import { preparePresetChoices } from './layout/presetChoices';
import { NOT_OPENED, refuse } from './openDefault';
import { useStore } from './store';

/*
 * Reading and writing links, loaded with the link codec when a link is first read or written:
 * the first screen of the app's plain address needs neither. Reading a link loads the one preset
 * and lesson it names, and the schema (zod) only for a scenario the link changed or holds;
 * writing one loads the preset the scenario may still be.
 */
const schema = () => import('../scenarios/schema');
/** How a link's refusal or warnings read in each language: loaded for a link that has either. */
const linkMessages = () => import('../scenarios/inputMessages');

/** What reading or writing a link about `preset` and `lesson` looks up, and nothing more. */
function catalogOf(
  preset: Scenario | undefined,
  lesson: { id: string; steps: readonly unknown[] } | undefined,
  parseScenario?: ShareCatalog['parseScenario'],
): ShareCatalog {
  return {
    presetById: (id) => (preset?.id === id ? preset : undefined),
    lessonById: (id) => (lesson?.id === id ? lesson : undefined),
    ...(parseScenario ? { parseScenario } : {}),
  };
}

/** Reads a link, loading what it names first. */
async function decodeLink(hash: string): Promise<ShareDecode> {
  const payload = readSharePayload(hash);
  if (!payload.ok) return payload;
  const needs = shareNeeds(payload.data);
  // A preset's screen (no lesson) is named in the picker by its title in the link's language.
  if (needs.preset !== null && needs.lesson === null && payload.data.language !== 'en') {
    preparePresetChoices();
  }
  const [preset, lesson, checker] = await Promise.all([
    needs.preset === null ? undefined : loadPreset(needs.preset),
    needs.lesson === null ? undefined : loadLesson(needs.lesson),
    needs.schema ? schema() : undefined,
  ]);
  try {
    return readShareState(catalogOf(preset, lesson, checker?.parseScenario), payload.data);
  } catch {
    return { ok: false, error: { code: 'damaged', damage: { kind: 'unreadable' } } };
  }
}

/** The preset a scenario still is, unchanged: the header's picker names it. */
async function presetIdOf(scenario: Scenario): Promise<string | null> {
  const preset = await loadPreset(scenario.id);
  return preset && JSON.stringify(preset) === JSON.stringify(scenario) ? preset.id : null;
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
    view: {
      selected: s.selectedTask,
      presenter: s.presenter,
      compare: s.compare,
      ...(s.twin ? { twin: s.twin } : {}),
    },
  };
}

/**
 * Scenarios whose link came out too large to open (SHARE_LIMITS): compressing one takes as long
 * as its inputs are long (100,000 values: tens of milliseconds), so it is done once, not after
 * every step, and the address bar holds no link for it.
 */
const tooLargeForLink = new WeakSet<Scenario>();

/** The link's hash of the moment on screen; null when its scenario is too large for a link. */
export async function currentHash(): Promise<string | null> {
  const scenario = useStore.getState().timeline.scenario;
  if (tooLargeForLink.has(scenario)) return null;
  const preset = await loadPreset(scenario.id);
  const hash = encodeShareStateIn(catalogOf(preset, undefined), currentShareState());
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

/**
 * Copies the address of the moment on screen, and says what happened: copied, too large for a
 * link, or (where the clipboard is refused) the address itself, to copy by hand.
 */
export async function copyShareLink(): Promise<LocalText | string> {
  const url = await shareUrl();
  if (url === null) {
    return {
      en: 'This scenario is too large for a link: export it as a file (File).',
      zh: '这个场景太大，放不进链接：请用“文件”导出。',
    };
  }
  try {
    await navigator.clipboard.writeText(url);
    return { en: 'Link copied', zh: '链接已复制' };
  } catch {
    return url;
  }
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
  const state = currentShareState();
  const preset = await loadPreset(useStore.getState().timeline.scenario.id);
  const { origin, pathname } = window.location;
  const flags = ['embed', options.autoplay && 'autoplay', options.loop && 'loop'].filter(Boolean);
  const view = { ...state.view, presenter: false };
  const hash = encodeShareStateIn(catalogOf(preset, undefined), { ...state, view });
  return `${origin}${pathname}?${flags.join('&')}${hash}`;
}

/** Said when a part of the app that reading the link needs would not load. */
const NOT_LOADED: LocalText = {
  en: 'This link could not be read: part of the app failed to load. The default lesson opened instead.',
  zh: '无法读取此链接：应用的一部分加载失败。已改为打开默认课程。',
};

/**
 * Applies a link's hash to the app. A link that cannot be opened leaves a message saying why
 * and what opened instead; it never breaks the app.
 */
export async function applyHash(hash: string): Promise<void> {
  let decoded: ShareDecode;
  /** Why the link was refused, or what of it was adjusted: its sentences load only for these. */
  let told: LocalText | null = null;
  try {
    decoded = await decodeLink(hash);
    if (!decoded.ok || decoded.warnings.length > 0) {
      const say = await linkMessages();
      told = decoded.ok
        ? say.joined(decoded.warnings.map(say.linkWarningText))
        : say.linkRefusedNotice(decoded.error);
    }
  } catch {
    await refuse(NOT_LOADED);
    return;
  }
  if (!decoded.ok) {
    await refuse(told ?? NOT_LOADED);
    return;
  }
  const { state, scenario } = decoded;
  // Loaded before anything changes, so the screen switches to the link in one step.
  const lesson = state.lesson && (await loadLesson(state.lesson.id).catch(() => undefined));
  const presetId = await presetIdOf(scenario).catch(() => null);
  // Without its caption, presenter mode would open and then grow one under the graph.
  if (state.view?.presenter) await presenterCaption.load().catch(() => {});
  const s = useStore.getState();
  s.openShared({
    scenario,
    presetId,
    tick: state.tick,
    language: state.language,
    lesson: lesson ? { id: lesson.id, step: state.lesson!.step } : null,
    view: state.view ?? {},
  });
  if (told) s.notify({ kind: 'info', text: told });
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

/** The address bar kept in step with the screen (see syncAddress). */
export interface AddressSync {
  /** The moment on screen changed, and the run does not play: its link is written soon. */
  changed(): void;
  /** The address changed to `hash` (a link pasted into the address bar): it is opened. */
  pasted(hash: string): void;
  stop(): void;
}

/**
 * Keeps the address bar's link in step with the screen (replacing, not adding, history entries)
 * and opens a link pasted into the address bar, from an address that holds `written`. While the
 * run plays, the link waits for the pause (src/app/urlSync.ts says when the moment changed):
 * encoding it a few times a second would only cost frames, and the tick it named would be gone
 * before anyone copied it.
 */
export function syncAddress(written: string): AddressSync {
  let timer: number | undefined;
  let stopped = false;
  // Links pasted into the address bar and still being opened: until they are, the screen is
  // the previous moment's, and writing its link would replace the one being opened.
  let opening = 0;
  const write = async () => {
    timer = undefined;
    if (useStore.getState().playing || opening > 0) return;
    const hash = (await currentHash()) ?? '';
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
  return {
    changed: () => {
      if (timer === undefined && !stopped) schedule();
    },
    pasted: (hash) => {
      if (hash === written) return;
      written = hash;
      if (timer !== undefined) {
        window.clearTimeout(timer);
        timer = undefined;
      }
      opening++;
      void applyHash(hash)
        .catch(() => refuse(NOT_OPENED))
        .catch(() => {})
        .finally(() => {
          opening--;
          // What opening it changed may have asked for a write that waited: the link of the
          // moment now on screen (the same link, unless the app corrected it).
          if (opening === 0 && timer === undefined && !stopped) schedule();
        });
    },
    stop: () => {
      stopped = true;
      if (timer !== undefined) window.clearTimeout(timer);
    },
  };
}
