import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import {
  DEFAULT_TICK_LIMIT,
  type CheckpointConfig,
  type Mode,
  type RestartStrategy,
  type Scenario,
  type ScenarioAction,
} from '../engine';
import type { LinkDamage, LinkRefusal, LinkWarning } from './inputMessages';
import { isPlainObject, parseJsonSafely } from './safeJson';
import type { LocalText } from './text';
import { readTwinVariant, type TwinVariant } from './twin';

/**
 * What reading and writing a link looks up. Node code (tests, the CLI, the bench) passes every
 * preset and lesson and the schema (`./shareLink`); the app passes only what the link names,
 * loaded on demand, so opening a link does not load the whole course.
 */
export interface ShareCatalog {
  presetById(id: string): Scenario | undefined;
  lessonById(id: string): { id: string; steps: readonly unknown[] } | undefined;
  /**
   * Validates a scenario a link changed or holds. Absent where the link names a preset without
   * changes: the built-in presets pass the schema (a unit test checks every one).
   */
  parseScenario?: (
    input: unknown,
  ) => { ok: true; scenario: Scenario } | { ok: false; problems: LocalText[] };
}

/** The newest link format this build writes. Older formats are migrated when read. */
export const SHARE_VERSION = 1;

export const SHARE_LIMITS = {
  /** Characters after `#v1=`: browsers and chat apps cope with far longer, people not. */
  compressed: 64 * 1024,
  /** Characters of JSON the link unpacks to. */
  decompressed: 1024 * 1024,
  depth: 64,
  /** The furthest tick a link may point at: where a run stops when it never ends. */
  tick: DEFAULT_TICK_LIMIT,
} as const;

export type Language = 'en' | 'zh';

/** What a link changes in a preset, so a preset plus a few clicks stays a short link. */
export interface PresetOverrides {
  mode?: Mode;
  /** Checkpoint options other than the mode. */
  checkpoint?: Partial<Omit<CheckpointConfig, 'mode'>>;
  restart?: RestartStrategy;
  seed?: number;
  /** Actions appended after the preset's own: injected failures, manual checkpoints. */
  actions?: ScenarioAction[];
}

export type SharedScenario = { preset: string; overrides?: PresetOverrides } | { custom: Scenario };

export interface ShareView {
  selected?: string | null;
  presenter?: boolean;
  compare?: boolean;
  /** The second run of the twin view, beside the first on the same tick; absent: none. */
  twin?: TwinVariant;
}

/** Everything a link reproduces: what runs, where the cursor is, and how the screen looks. */
export interface ShareState {
  v: 1;
  scenario: SharedScenario;
  tick: number;
  /** `step` is the 0-based index into the lesson's steps. */
  lesson?: { id: string; step: number };
  language: Language;
  view?: ShareView;
}

export type ShareDecode =
  | {
      ok: true;
      state: ShareState;
      /** The scenario the link runs: the preset with its overrides applied, validated. */
      scenario: Scenario;
      /** What the link asked for that was adjusted; the rest opened as asked. */
      warnings: LinkWarning[];
    }
  | { ok: false; error: LinkRefusal };

// ---------------------------------------------------------------------------------------------
// Preset + overrides

/** Deep equality of JSON data, where a key holding undefined counts as absent. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((x, i) => sameData(x, b[i]))
    );
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const ka = keys(a);
  return ka.length === keys(b).length && ka.every((k) => k in b && sameData(a[k], b[k]));
}

/**
 * The shortest faithful description of a scenario for a link: a preset id with what changed
 * (mode, checkpoint options, restart strategy, seed, appended actions), or the whole scenario
 * when it differs from every preset in anything else.
 */
export function sharedScenarioIn(catalog: ShareCatalog, scenario: Scenario): SharedScenario {
  const preset = catalog.presetById(scenario.id);
  if (!preset) return { custom: scenario };
  const { checkpoint, restart, seed, actions, ...rest } = scenario;
  const {
    checkpoint: presetCheckpoint,
    restart: presetRestart,
    seed: presetSeed,
    actions: presetActions,
    ...presetRest
  } = preset;
  const keepsPresetActions =
    actions.length >= presetActions.length &&
    sameData(actions.slice(0, presetActions.length), presetActions);
  if (!sameData(rest, presetRest) || !keepsPresetActions) return { custom: scenario };

  const overrides: PresetOverrides = {};
  if (checkpoint.mode !== presetCheckpoint.mode) overrides.mode = checkpoint.mode;
  const keys = new Set([...Object.keys(checkpoint), ...Object.keys(presetCheckpoint)]);
  const changed = ([...keys] as (keyof CheckpointConfig)[]).filter(
    (k) => k !== 'mode' && !sameData(checkpoint[k], presetCheckpoint[k]),
  );
  if (changed.length > 0) {
    // An option the preset sets and the scenario leaves unset travels as null.
    overrides.checkpoint = Object.fromEntries(changed.map((k) => [k, checkpoint[k] ?? null]));
  }
  if (!sameData(restart, presetRestart)) overrides.restart = restart;
  if (seed !== presetSeed) overrides.seed = seed;
  if (actions.length > presetActions.length) {
    overrides.actions = actions.slice(presetActions.length);
  }
  return Object.keys(overrides).length > 0
    ? { preset: preset.id, overrides }
    : { preset: preset.id };
}

type Refused = { ok: false; error: LinkRefusal };
type Resolved = { ok: true; scenario: Scenario } | Refused;

function refused(error: LinkRefusal): Refused {
  return { ok: false, error };
}

function damaged(damage: LinkDamage): Refused {
  return refused({ code: 'damaged', damage });
}

function invalidScenario(problems: LocalText[]): Refused {
  return refused({ code: 'invalidScenario', problem: problems[0] ?? null });
}

/** The schema's verdict on a scenario from a link. */
function validated(catalog: ShareCatalog, candidate: unknown): Resolved {
  if (!catalog.parseScenario) return damaged({ kind: 'unreadable' });
  const parsed = catalog.parseScenario(candidate);
  return parsed.ok ? parsed : invalidScenario(parsed.problems);
}

function resolvePreset(catalog: ShareCatalog, id: unknown, raw: unknown): Resolved {
  if (typeof id !== 'string') return damaged({ kind: 'presetNameNotText' });
  const preset = catalog.presetById(id);
  if (!preset) return refused({ code: 'unknownPreset', name: id });
  if (raw === undefined) {
    // The preset object itself, once validated, so the app can tell it is still that preset.
    if (!catalog.parseScenario) return { ok: true, scenario: preset };
    const parsed = catalog.parseScenario(preset);
    return parsed.ok ? { ok: true, scenario: preset } : invalidScenario(parsed.problems);
  }
  if (!isPlainObject(raw)) return damaged({ kind: 'overridesNotFields' });
  if (raw.checkpoint !== undefined && !isPlainObject(raw.checkpoint)) {
    return damaged({ kind: 'overridesCheckpoint' });
  }
  if (raw.actions !== undefined && !Array.isArray(raw.actions)) {
    return damaged({ kind: 'overridesActions' });
  }
  const checkpoint: Record<string, unknown> = {
    ...preset.checkpoint,
    ...(raw.checkpoint as object | undefined),
    ...(raw.mode !== undefined ? { mode: raw.mode } : {}),
  };
  // null: an option the preset sets, left unset (sharedScenario).
  for (const key of Object.keys(checkpoint)) if (checkpoint[key] === null) delete checkpoint[key];
  const candidate = {
    ...preset,
    checkpoint,
    restart: raw.restart !== undefined ? raw.restart : preset.restart,
    seed: raw.seed !== undefined ? raw.seed : preset.seed,
    actions: [...preset.actions, ...((raw.actions as unknown[] | undefined) ?? [])],
  };
  return validated(catalog, candidate);
}

/** The scenario a shared description stands for, validated by the one scenario schema. */
export function resolveSharedScenarioIn(catalog: ShareCatalog, shared: unknown): Resolved {
  if (!isPlainObject(shared)) return damaged({ kind: 'noScenario' });
  if ('preset' in shared) return resolvePreset(catalog, shared.preset, shared.overrides);
  if ('custom' in shared) return validated(catalog, shared.custom);
  return damaged({ kind: 'neitherPresetNorScenario' });
}

// ---------------------------------------------------------------------------------------------
// Compression

const PREFIX = /^v(\d{1,4})=/;
const URI_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const SIX_BITS = new Map([...URI_ALPHABET].map((c, i) => [c, i]));

/**
 * How many characters lz-string's URI-safe decompression would produce, found by walking the
 * same codes while keeping only the length of each dictionary entry. A few kilobytes of link can
 * describe hundreds of megabytes (every code may add an entry one longer than the last), so the
 * text is never built before its length is known to be within `cap`.
 */
function unpackedLength(payload: string, cap: number): number | 'too-large' | 'damaged' {
  const n = payload.length;
  const values = Array.from(payload, (c) => SIX_BITS.get(c) ?? 0);
  let value = values[0] ?? 0;
  let position = 32;
  let index = 1;
  const read = (bits: number): number => {
    let result = 0;
    for (let i = 0; i < bits; i++) {
      const bit = value & position;
      position >>= 1;
      if (position === 0) {
        position = 32;
        value = index < n ? values[index] : 0;
        index++;
      }
      if (bit) result |= 1 << i;
    }
    return result;
  };

  const first = read(2);
  if (first > 1) return 'damaged';
  read(first === 0 ? 8 : 16);
  const lengths: number[] = [0, 0, 0, 1];
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  let previous = 1;
  let total = 1;
  const grow = () => {
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };
  for (;;) {
    if (index > n) return 'damaged';
    let code = read(numBits);
    if (code === 2) return total;
    if (code < 2) {
      read(code === 0 ? 8 : 16);
      lengths[dictSize] = 1;
      code = dictSize++;
      enlargeIn--;
    }
    grow();
    let entry: number;
    if (code < dictSize && lengths[code] > 0) entry = lengths[code];
    else if (code === dictSize) entry = previous + 1;
    else return 'damaged';
    total += entry;
    if (total > cap) return 'too-large';
    lengths[dictSize++] = previous + 1;
    enlargeIn--;
    previous = entry;
    grow();
  }
}

/** A link's hash for this state: `#v1=` and the state as compressed, URI-safe JSON. */
export function encodeShareStateIn(catalog: ShareCatalog, s: ShareState): string {
  const scenario =
    'custom' in s.scenario ? sharedScenarioIn(catalog, s.scenario.custom) : s.scenario;
  const payload: ShareState = { ...s, v: 1, scenario };
  return `#v${SHARE_VERSION}=${compressToEncodedURIComponent(JSON.stringify(payload))}`;
}

/**
 * Readers that turn a link payload of version N into version N + 1, so a link made by any
 * earlier build still opens. When the format changes, bump SHARE_VERSION and add the reader of
 * the previous version here; the decoder then runs them in order.
 */
const MIGRATIONS: Record<number, (payload: Record<string, unknown>) => Record<string, unknown>> =
  {};

function migrate(
  version: number,
  payload: Record<string, unknown>,
): Record<string, unknown> | null {
  let current = payload;
  for (let v = version; v < SHARE_VERSION; v++) {
    const next = MIGRATIONS[v];
    if (!next) return null;
    current = next(current);
  }
  return current;
}

// ---------------------------------------------------------------------------------------------
// Decoding

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

function readLesson(
  catalog: ShareCatalog,
  raw: unknown,
  warnings: LinkWarning[],
): { ok: true; lesson?: ShareState['lesson'] } | Refused {
  if (raw === undefined || raw === null) return { ok: true };
  if (!isPlainObject(raw) || typeof raw.id !== 'string') return damaged({ kind: 'lessonNoName' });
  const lesson = catalog.lessonById(raw.id);
  if (!lesson) return refused({ code: 'unknownLesson', name: raw.id });
  let step = 0;
  if (isCount(raw.step)) step = raw.step;
  else if (raw.step !== undefined) warnings.push({ code: 'stepUnreadable' });
  if (step >= lesson.steps.length) {
    warnings.push({ code: 'stepPastEnd', step, steps: lesson.steps.length });
    step = lesson.steps.length - 1;
  }
  return { ok: true, lesson: { id: lesson.id, step } };
}

function readView(raw: unknown, warnings: LinkWarning[]): ShareView | undefined {
  if (raw === undefined) return undefined;
  if (!isPlainObject(raw)) {
    warnings.push({ code: 'viewUnreadable' });
    return undefined;
  }
  const view: ShareView = {};
  if (raw.selected === null || (typeof raw.selected === 'string' && raw.selected.length <= 100)) {
    view.selected = raw.selected;
  } else if (raw.selected !== undefined) {
    warnings.push({ code: 'selectionUnreadable' });
  }
  for (const flag of ['presenter', 'compare'] as const) {
    if (typeof raw[flag] === 'boolean') view[flag] = raw[flag];
    else if (raw[flag] !== undefined) warnings.push({ code: 'flagUnreadable', flag });
  }
  const twin = readTwinVariant(raw.twin);
  if (twin) view.twin = twin;
  return view;
}

/** A link's twin is all or nothing: half a comparison would compare something else. */
function twinDamaged(view: unknown): boolean {
  return isPlainObject(view) && view.twin !== undefined && readTwinVariant(view.twin) === null;
}

/**
 * The second half of reading a link: the payload `readSharePayload` unpacked, resolved against
 * the catalog (`shareNeeds` says what it must hold).
 */
export function readShareState(catalog: ShareCatalog, data: Record<string, unknown>): ShareDecode {
  if (data.v !== SHARE_VERSION) return damaged({ kind: 'versionMismatch' });
  const resolved = resolveSharedScenarioIn(catalog, data.scenario);
  if (!resolved.ok) return resolved;
  const warnings: LinkWarning[] = [];

  let tick = 0;
  if (data.tick === undefined) {
    warnings.push({ code: 'noTick' });
  } else if (!isCount(data.tick)) {
    return damaged({ kind: 'tickNotCount' });
  } else if (data.tick > SHARE_LIMITS.tick) {
    warnings.push({ code: 'tickPastLimit', limit: SHARE_LIMITS.tick });
    tick = SHARE_LIMITS.tick;
  } else {
    tick = data.tick;
  }

  let language: Language = 'en';
  if (data.language === 'en' || data.language === 'zh') language = data.language;
  else warnings.push({ code: 'noLanguage' });

  const lesson = readLesson(catalog, data.lesson, warnings);
  if (!lesson.ok) return lesson;
  if (twinDamaged(data.view)) return damaged({ kind: 'twinUnreadable' });
  const view = readView(data.view, warnings);

  const shared = sharedScenarioIn(catalog, resolved.scenario);
  const state: ShareState = {
    v: 1,
    scenario: shared,
    tick,
    language,
    ...(lesson.lesson ? { lesson: lesson.lesson } : {}),
    ...(view ? { view } : {}),
  };
  return { ok: true, state, scenario: resolved.scenario, warnings };
}

export type SharePayload = { ok: true; data: Record<string, unknown> } | Refused;

/**
 * The first half of reading a link's hash (with or without `#`, or a whole URL): its payload,
 * unpacked and migrated to the current format, not yet checked against presets, lessons or the
 * schema. Refuses anything too large, damaged or hostile with one sentence a teacher
 * understands; never throws, and builds no large text or deep object on the way.
 */
export function readSharePayload(hash: string): SharePayload {
  try {
    if (typeof hash !== 'string') return damaged({ kind: 'notText' });
    const tooLarge = refused({ code: 'tooLarge', kb: SHARE_LIMITS.compressed / 1024 });
    // Percent-escapes take three characters for one, so nothing longer can fit once unescaped.
    if (hash.length > 3 * SHARE_LIMITS.compressed) return tooLarge;
    const text = (hash.includes('#') ? hash.slice(hash.indexOf('#') + 1) : hash).trim();
    const prefix = PREFIX.exec(text);
    if (!prefix) return damaged({ kind: 'noVersion' });
    const version = Number(prefix[1]);
    if (version > SHARE_VERSION) {
      return refused({ code: 'newerFormat', version, newest: SHARE_VERSION });
    }
    if (version < 1) return damaged({ kind: 'versionNeverExisted', version });

    let payload = text.slice(prefix[0].length);
    if (payload.includes('%')) {
      try {
        payload = decodeURIComponent(payload);
      } catch {
        return damaged({ kind: 'brokenEscape' });
      }
    }
    // Some mail and chat programs turn '+' into a space; lz-string itself undoes the same.
    payload = payload.replace(/ /g, '+');
    if (payload.length > SHARE_LIMITS.compressed) return tooLarge;
    if (payload.length === 0) return damaged({ kind: 'empty' });
    if ([...payload].some((c) => !SIX_BITS.has(c))) return damaged({ kind: 'foreignCharacters' });

    const length = unpackedLength(payload, SHARE_LIMITS.decompressed);
    if (length === 'too-large') {
      return refused({ code: 'unpacksTooLarge', mb: SHARE_LIMITS.decompressed / (1024 * 1024) });
    }
    if (length === 'damaged') return damaged({ kind: 'cutOff' });
    const json = decompressFromEncodedURIComponent(payload);
    if (!json) return damaged({ kind: 'cutOff' });

    const parsed = parseJsonSafely(json, SHARE_LIMITS.depth);
    if (!parsed.ok) return damaged({ kind: 'json', problem: parsed.reason });
    if (!isPlainObject(parsed.value)) return damaged({ kind: 'noSettings' });
    const migrated = migrate(version, parsed.value);
    if (!migrated) return damaged({ kind: 'noReader', version });
    return { ok: true, data: migrated };
  } catch {
    return damaged({ kind: 'unreadable' });
  }
}

/**
 * What a link's payload names, for a reader that loads presets, lessons and the schema on
 * demand: the preset it is (or was changed from), its lesson, and whether it holds anything the
 * schema must check (changes to a preset, or a whole scenario).
 */
export function shareNeeds(data: Record<string, unknown>): {
  preset: string | null;
  lesson: string | null;
  schema: boolean;
} {
  const shared = isPlainObject(data.scenario) ? data.scenario : {};
  const custom = isPlainObject(shared.custom) ? shared.custom : null;
  const id = 'preset' in shared ? shared.preset : custom?.id;
  const lesson = isPlainObject(data.lesson) ? data.lesson.id : undefined;
  return {
    preset: typeof id === 'string' ? id : null,
    lesson: typeof lesson === 'string' ? lesson : null,
    schema: !('preset' in shared) || shared.overrides !== undefined,
  };
}

/**
 * Reads a link's hash back into the state it was made from, against `catalog`. Refuses anything
 * too large, damaged, hostile or impossible with one sentence a teacher understands; never throws.
 */
export function decodeShareStateIn(catalog: ShareCatalog, hash: string): ShareDecode {
  const payload = readSharePayload(hash);
  if (!payload.ok) return payload;
  try {
    return readShareState(catalog, payload.data);
  } catch {
    return damaged({ kind: 'unreadable' });
  }
}
