import type { Scenario } from '../engine';
import { LESSONS } from './lessons/course';
import { presetById } from './presets';
import { parseScenario } from './schema';
import {
  decodeShareStateIn,
  encodeShareStateIn,
  resolveSharedScenarioIn,
  sharedScenarioIn,
  type ShareCatalog,
  type ShareDecode,
  type ShareState,
  type SharedScenario,
} from './shareCodec';

export * from './shareCodec';
export {
  joined,
  linkRefusalText,
  linkRefusedNotice,
  linkWarningText,
  type LinkRefusal,
  type LinkWarning,
} from './inputMessages';

/** Every preset and lesson, and the schema: how Node code (tests, CLI, bench) reads links. */
const EVERYTHING: ShareCatalog = {
  presetById,
  lessonById: (id) => LESSONS.find((l) => l.id === id),
  parseScenario,
};

/**
 * The shortest faithful description of a scenario for a link: a preset id with what changed
 * (mode, checkpoint options, restart strategy, seed, appended actions), or the whole scenario
 * when it differs from every preset in anything else.
 */
export function sharedScenario(scenario: Scenario): SharedScenario {
  return sharedScenarioIn(EVERYTHING, scenario);
}

/** The scenario a shared description stands for, validated by the one scenario schema. */
export function resolveSharedScenario(shared: unknown) {
  return resolveSharedScenarioIn(EVERYTHING, shared);
}

/** A link's hash for this state: `#v1=` and the state as compressed, URI-safe JSON. */
export function encodeShareState(s: ShareState): string {
  return encodeShareStateIn(EVERYTHING, s);
}

/**
 * Reads a link's hash (with or without `#`, or a whole URL) back into the state it was made
 * from. Refuses anything too large, damaged, hostile or impossible with one sentence a teacher
 * understands; never throws, and builds no large text or deep object on the way.
 */
export function decodeShareState(hash: string): ShareDecode {
  return decodeShareStateIn(EVERYTHING, hash);
}
