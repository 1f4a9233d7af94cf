import type { Scenario, TimedEvent } from '../engine';
import { isPlainObject, parseJsonSafely } from './safeJson';
import { parseScenario } from './schema';

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
  | { ok: true; scenario: Scenario; events: TimedEvent[] | null; warnings: string[] }
  | {
      ok: false;
      /** One sentence for the user. */
      error: string;
      /** Every problem found, each as `field path: reason`. */
      problems: string[];
    };

export { isPlainObject, parseJsonSafely, type JsonParse } from './safeJson';

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

function refuse(error: string, problems: string[] = []): ScenarioImport {
  return { ok: false, error, problems };
}

/**
 * Events are what the engine recorded, kept for reading; the app re-runs the scenario for
 * anything it shows, so only their outline is checked: objects with a type and a tick.
 */
function readEvents(raw: unknown): { events: TimedEvent[] } | { problems: string[] } {
  if (!Array.isArray(raw)) return { problems: ['events: must be a list'] };
  if (raw.length > FILE_LIMITS.events) {
    return { problems: [`events: ${raw.length} events, at most ${FILE_LIMITS.events}`] };
  }
  const problems: string[] = [];
  raw.forEach((e, i) => {
    if (problems.length >= 10) return;
    if (!isPlainObject(e)) problems.push(`events[${i}]: must be an object`);
    else if (typeof e.type !== 'string' || e.type.length === 0 || e.type.length > 40)
      problems.push(`events[${i}].type: must be an event name`);
    else if (typeof e.tick !== 'number' || !Number.isInteger(e.tick) || e.tick < 0)
      problems.push(`events[${i}].tick: must be a whole number, 0 or more`);
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
    if (typeof text !== 'string') return refuse('This file could not be read as text.');
    if (text.length > FILE_LIMITS.textLength) {
      const mb = Math.round(FILE_LIMITS.textLength / 1_000_000);
      return refuse(`This file is too large: it has more than ${mb} MB of text.`);
    }
    const json = parseJsonSafely(text.replace(/^\uFEFF/, ''), FILE_LIMITS.depth);
    if (!json.ok) return refuse(`This file cannot be read: ${json.reason}.`);
    const data = json.value;
    if (!isPlainObject(data)) {
      return refuse('This file is not a Checkpoint Lab scenario: it holds no JSON object.');
    }
    const warnings: string[] = [];
    let scenarioData: unknown;
    let eventsData: unknown;
    if (data.format === undefined && 'operators' in data) {
      warnings.push('This file has no Checkpoint Lab header; it was read as a bare scenario.');
      scenarioData = data;
    } else if (data.format !== SCENARIO_FILE_FORMAT) {
      return refuse(
        `This file is not a Checkpoint Lab scenario: its "format" should be "${SCENARIO_FILE_FORMAT}".`,
        [`format: expected "${SCENARIO_FILE_FORMAT}"`],
      );
    } else if (typeof data.version !== 'number' || !Number.isInteger(data.version)) {
      return refuse('This file is damaged: its "version" is not a whole number.', [
        'version: must be a whole number',
      ]);
    } else if (data.version > SCENARIO_FILE_VERSION) {
      return refuse(
        `This file was written by a newer Checkpoint Lab (file version ${data.version}); this one reads up to version ${SCENARIO_FILE_VERSION}.`,
        [`version: at most ${SCENARIO_FILE_VERSION}`],
      );
    } else if (data.version < 1) {
      return refuse('This file is damaged: its "version" is below 1.', ['version: at least 1']);
    } else {
      scenarioData = data.scenario;
      eventsData = data.events;
      if (scenarioData === undefined) {
        return refuse('This file is damaged: it has no "scenario".', ['scenario: missing']);
      }
    }
    const parsed = parseScenario(scenarioData);
    if (!parsed.ok) {
      const prefixed =
        scenarioData === data
          ? parsed.errors
          : parsed.errors.map((e) => (e.startsWith('scenario:') ? e : `scenario.${e}`));
      return refuse(`This file's scenario cannot be used: ${prefixed[0]}.`, prefixed);
    }
    let events: TimedEvent[] | null = null;
    if (eventsData !== undefined) {
      const read = readEvents(eventsData);
      if ('problems' in read) {
        return refuse(`This file's event log is damaged: ${read.problems[0]}.`, read.problems);
      }
      events = read.events;
    }
    return { ok: true, scenario: parsed.scenario, events, warnings };
  } catch {
    return refuse('This file could not be read.');
  }
}
