import type { Scenario, TimedEvent } from '../engine';
import type { FileRefusal, FileWarning, JsonProblem } from './inputMessages';
import { parseScenario } from './schema';
import type { LocalText } from './text';

export { fileRefusalText, fileWarningText } from './inputMessages';

/** What a scenario file says it is, so any other JSON is told apart from ours. */
export const SCENARIO_FILE_FORMAT = 'checkpoint-lab-scenario';
/** The newest file version this build writes; older ones are migrated on import. */
export const SCENARIO_FILE_VERSION = 1;

export const FILE_LIMITS = {
  /** Characters of file text: a scenario at the schema's limits plus a long event log. */
  textLength: 32_000_000,
  /** Nesting of arrays and objects: a scenario needs fewer than ten levels. */
  depth: 64,
  events: 1_000_000,
} as const;

/** The JSON written to disk. */
export interface ScenarioFile {
  format: typeof SCENARIO_FILE_FORMAT;
  version: typeof SCENARIO_FILE_VERSION;
  scenario: Scenario;
  /** The recorded run, if it was exported with the scenario. */
  events?: TimedEvent[];
}

export type ScenarioImport =
  | { ok: true; scenario: Scenario; events: TimedEvent[] | null; warnings: FileWarning[] }
  | {
      ok: false;
      /** Why, as data: `fileRefusalText` words it in each language. */
      error: FileRefusal;
      /** Every problem found, each as `field path: reason`. */
      problems: LocalText[];
    };

export type JsonParse = { ok: true; value: unknown } | { ok: false; reason: JsonProblem };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function dropDangerousKeys(key: string, value: unknown): unknown {
  return FORBIDDEN_KEYS.has(key) ? undefined : value;
}

/** The deepest nesting of arrays and objects in JSON text, or -1 once it passes `limit`. */
function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limit) return -1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * JSON.parse for text from outside (a link, a file): refuses nesting deeper than `maxDepth`
 * before parsing, since a reviver recurses and deep input would exhaust the stack, and drops
 * `__proto__`, `constructor` and `prototype` keys wherever they occur. Never throws.
 */
export function parseJsonSafely(text: string, maxDepth: number): JsonParse {
  if (nestingDepth(text, maxDepth) < 0) {
    return { ok: false, reason: { kind: 'tooDeep', depth: maxDepth } };
  }
  try {
    return { ok: true, value: JSON.parse(text, dropDangerousKeys) };
  } catch (e) {
    // The engine's message quotes the text itself, which may be anything: only its position
    // is passed on.
    const position = /at position (\d+)/.exec(e instanceof Error ? e.message : '');
    if (!position) return { ok: false, reason: { kind: 'notJson' } };
    const before = text.slice(0, Number(position[1])).split('\n');
    const at = { line: before.length, column: before[before.length - 1].length + 1 };
    return { ok: false, reason: { kind: 'notJson', at } };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The scenario, and optionally its recorded events, as the pretty JSON of a scenario file. */
export function exportScenarioFile(
  scenario: Scenario,
  options: { events?: readonly TimedEvent[] } = {},
): string {
  const file: ScenarioFile = {
    format: SCENARIO_FILE_FORMAT,
    version: SCENARIO_FILE_VERSION,
    scenario,
    ...(options.events ? { events: [...options.events] } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A file name that says what is inside: `odd-even-sum.checkpoint-lab.json`. */
export function scenarioFileName(scenario: Scenario): string {
  return `${scenario.id}.checkpoint-lab.json`;
}

function refuse(error: FileRefusal, problems: LocalText[] = []): ScenarioImport {
  return { ok: false, error, problems };
}

/**
 * Events are what the engine recorded, kept for reading; the app re-runs the scenario for
 * anything it shows, so only their outline is checked: objects with a type and a tick.
 */
function readEvents(raw: unknown): { events: TimedEvent[] } | { problems: LocalText[] } {
  if (!Array.isArray(raw))
    return { problems: [{ en: 'events: must be a list', zh: 'events：必须是列表' }] };
  if (raw.length > FILE_LIMITS.events) {
    return {
      problems: [
        {
          en: `events: ${raw.length} events, at most ${FILE_LIMITS.events}`,
          zh: `events：有 ${raw.length} 个事件，最多 ${FILE_LIMITS.events} 个`,
        },
      ],
    };
  }
  const problems: LocalText[] = [];
  raw.forEach((e, i) => {
    if (problems.length >= 10) return;
    if (!isPlainObject(e)) {
      problems.push({ en: `events[${i}]: must be an object`, zh: `events[${i}]：必须是对象` });
    } else if (typeof e.type !== 'string' || e.type.length === 0 || e.type.length > 40) {
      problems.push({
        en: `events[${i}].type: must be an event name`,
        zh: `events[${i}].type：必须是事件名`,
      });
    } else if (typeof e.tick !== 'number' || !Number.isInteger(e.tick) || e.tick < 0) {
      problems.push({
        en: `events[${i}].tick: must be a whole number, 0 or more`,
        zh: `events[${i}].tick：必须是 0 或更大的整数`,
      });
    }
  });
  return problems.length > 0 ? { problems } : { events: raw as TimedEvent[] };
}

/**
 * Reads a scenario file: checks size, JSON, header and version, then validates the scenario with
 * the one schema every scenario goes through. Never throws; a refusal names each field and why,
 * and changes nothing, so the caller keeps what the user had.
 */
export function importScenarioFile(text: string): ScenarioImport {
  try {
    if (typeof text !== 'string') return refuse({ code: 'notText' });
    if (text.length > FILE_LIMITS.textLength) {
      return refuse({ code: 'tooLarge', mb: Math.round(FILE_LIMITS.textLength / 1_000_000) });
    }
    const json = parseJsonSafely(text.replace(/^\uFEFF/, ''), FILE_LIMITS.depth);
    if (!json.ok) return refuse({ code: 'notJson', problem: json.reason });
    const data = json.value;
    if (!isPlainObject(data)) return refuse({ code: 'notObject' });
    const warnings: FileWarning[] = [];
    let scenarioData: unknown;
    let eventsData: unknown;
    if (data.format === undefined && 'operators' in data) {
      warnings.push({ code: 'bareScenario' });
      scenarioData = data;
    } else if (data.format !== SCENARIO_FILE_FORMAT) {
      return refuse({ code: 'wrongFormat', format: SCENARIO_FILE_FORMAT }, [
        {
          en: `format: expected "${SCENARIO_FILE_FORMAT}"`,
          zh: `format：应为 "${SCENARIO_FILE_FORMAT}"`,
        },
      ]);
    } else if (typeof data.version !== 'number' || !Number.isInteger(data.version)) {
      return refuse({ code: 'versionNotWhole' }, [
        { en: 'version: must be a whole number', zh: 'version：必须是整数' },
      ]);
    } else if (data.version > SCENARIO_FILE_VERSION) {
      return refuse(
        { code: 'newerVersion', version: data.version, newest: SCENARIO_FILE_VERSION },
        [
          {
            en: `version: at most ${SCENARIO_FILE_VERSION}`,
            zh: `version：最大为 ${SCENARIO_FILE_VERSION}`,
          },
        ],
      );
    } else if (data.version < 1) {
      return refuse({ code: 'versionBelowOne' }, [
        { en: 'version: at least 1', zh: 'version：最小为 1' },
      ]);
    } else {
      scenarioData = data.scenario;
      eventsData = data.events;
      if (scenarioData === undefined) {
        return refuse({ code: 'noScenario' }, [{ en: 'scenario: missing', zh: 'scenario：缺失' }]);
      }
    }
    const parsed = parseScenario(scenarioData);
    if (!parsed.ok) {
      // A problem with the whole scenario is named `scenario` already; a field gets the prefix.
      const inFile = (p: string) => (/^scenario[:：]/.test(p) ? p : `scenario.${p}`);
      const prefixed =
        scenarioData === data
          ? parsed.problems
          : parsed.problems.map((p) => ({ en: inFile(p.en), zh: inFile(p.zh) }));
      return refuse({ code: 'invalidScenario', problem: prefixed[0] }, prefixed);
    }
    let events: TimedEvent[] | null = null;
    if (eventsData !== undefined) {
      const read = readEvents(eventsData);
      if ('problems' in read) {
        return refuse({ code: 'eventsDamaged', problem: read.problems[0] }, read.problems);
      }
      events = read.events;
    }
    return { ok: true, scenario: parsed.scenario, events, warnings };
  } catch {
    return refuse({ code: 'unreadable' });
  }
}
