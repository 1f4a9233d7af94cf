import { describe, expect, it } from 'vitest';
import {
  fileRefusalText,
  fileWarningText,
  linkRefusalText,
  linkRefusedNotice,
  linkWarningText,
  type FileRefusal,
  type FileWarning,
  type LinkDamage,
  type LinkRefusal,
  type LinkWarning,
} from '../../../src/scenarios/inputMessages';
import { importScenarioFile } from '../../../src/scenarios/scenarioFile';
import { parseScenario } from '../../../src/scenarios/schema';
import type { LocalText } from '../../../src/scenarios/text';

/** Three Latin words in a row: an English phrase, where identifiers count as one word. */
const ENGLISH = /[A-Za-z][\w'.-]*(?:\s+[A-Za-z][\w'.-]*){2,}/;

/** One of each, keyed by its code, so a new kind without an example here fails to compile. */
const DAMAGES: { [K in LinkDamage['kind']]: Extract<LinkDamage, { kind: K }> } = {
  notText: { kind: 'notText' },
  noVersion: { kind: 'noVersion' },
  versionNeverExisted: { kind: 'versionNeverExisted', version: 0 },
  brokenEscape: { kind: 'brokenEscape' },
  empty: { kind: 'empty' },
  foreignCharacters: { kind: 'foreignCharacters' },
  cutOff: { kind: 'cutOff' },
  json: { kind: 'json', problem: { kind: 'notJson', at: { line: 3, column: 16 } } },
  noSettings: { kind: 'noSettings' },
  noReader: { kind: 'noReader', version: 1 },
  versionMismatch: { kind: 'versionMismatch' },
  noScenario: { kind: 'noScenario' },
  neitherPresetNorScenario: { kind: 'neitherPresetNorScenario' },
  presetNameNotText: { kind: 'presetNameNotText' },
  overridesNotFields: { kind: 'overridesNotFields' },
  overridesCheckpoint: { kind: 'overridesCheckpoint' },
  overridesActions: { kind: 'overridesActions' },
  tickNotCount: { kind: 'tickNotCount' },
  lessonNoName: { kind: 'lessonNoName' },
  twinUnreadable: { kind: 'twinUnreadable' },
  unreadable: { kind: 'unreadable' },
};

const invalid = parseScenario({ id: 'x', operators: 'none' });
const problem: LocalText = invalid.ok ? { en: '', zh: '' } : invalid.problems[0];

const REFUSALS: { [K in LinkRefusal['code']]: Extract<LinkRefusal, { code: K }> } = {
  damaged: { code: 'damaged', damage: { kind: 'cutOff' } },
  tooLarge: { code: 'tooLarge', kb: 64 },
  unpacksTooLarge: { code: 'unpacksTooLarge', mb: 1 },
  newerFormat: { code: 'newerFormat', version: 9, newest: 1 },
  unknownPreset: { code: 'unknownPreset', name: 'no-such-preset' },
  unknownLesson: { code: 'unknownLesson', name: 'lesson-99' },
  invalidScenario: { code: 'invalidScenario', problem },
};

const WARNINGS: { [K in LinkWarning['code']]: Extract<LinkWarning, { code: K }> } = {
  noTick: { code: 'noTick' },
  tickPastLimit: { code: 'tickPastLimit', limit: 100_000 },
  noLanguage: { code: 'noLanguage' },
  stepUnreadable: { code: 'stepUnreadable' },
  stepPastEnd: { code: 'stepPastEnd', step: 41, steps: 6 },
  viewUnreadable: { code: 'viewUnreadable' },
  selectionUnreadable: { code: 'selectionUnreadable' },
  flagUnreadable: { code: 'flagUnreadable', flag: 'presenter' },
};

const FILE_REFUSALS: { [K in FileRefusal['code']]: Extract<FileRefusal, { code: K }> } = {
  notText: { code: 'notText' },
  tooLarge: { code: 'tooLarge', mb: 32 },
  notJson: { code: 'notJson', problem: { kind: 'tooDeep', depth: 64 } },
  notObject: { code: 'notObject' },
  wrongFormat: { code: 'wrongFormat', format: 'checkpoint-lab-scenario' },
  versionNotWhole: { code: 'versionNotWhole' },
  newerVersion: { code: 'newerVersion', version: 3, newest: 1 },
  versionBelowOne: { code: 'versionBelowOne' },
  noScenario: { code: 'noScenario' },
  invalidScenario: { code: 'invalidScenario', problem },
  eventsDamaged: {
    code: 'eventsDamaged',
    problem: { en: 'events: must be a list', zh: 'events：必须是列表' },
  },
  unreadable: { code: 'unreadable' },
};

const FILE_WARNINGS: { [K in FileWarning['code']]: Extract<FileWarning, { code: K }> } = {
  bareScenario: { code: 'bareScenario' },
};

/** A sentence of each language: the English one ends with a full stop, the Chinese one with 。 and holds no English. */
function expectBothLanguages(text: LocalText): void {
  expect(text.en).toMatch(/^[A-Z].*\.$/);
  expect(text.zh, text.zh).toMatch(/。$/);
  expect(text.zh, text.zh).not.toMatch(ENGLISH);
  expect(text.zh, text.zh).not.toMatch(/[.,;:!?](\s|$)|\btick\b/i);
}

describe('what a link or a file was refused or adjusted for, in each language', () => {
  it.each(Object.values(DAMAGES))('a damaged link: %o', (damage) => {
    expectBothLanguages(linkRefusalText({ code: 'damaged', damage }));
  });

  it.each(Object.values(REFUSALS))('a refused link, and what opened instead: %o', (refusal) => {
    expectBothLanguages(linkRefusalText(refusal));
    const notice = linkRefusedNotice(refusal);
    expectBothLanguages(notice);
    expect(notice.zh).toMatch(/默认课程。$/);
  });

  it.each(Object.values(WARNINGS))('an adjusted link: %o', (warning) => {
    expectBothLanguages(linkWarningText(warning));
  });

  it.each([...Object.values(FILE_REFUSALS), ...Object.values(FILE_WARNINGS)])(
    'a scenario file: %o',
    (message) => {
      expectBothLanguages(
        'code' in message && message.code === 'bareScenario'
          ? fileWarningText(message as FileWarning)
          : fileRefusalText(message as FileRefusal),
      );
    },
  );

  it('a scenario that cannot run is told with the schema problem of the same language', () => {
    const file = importScenarioFile(
      JSON.stringify({ format: 'checkpoint-lab-scenario', version: 1, scenario: { id: 'x' } }),
    );
    if (file.ok) throw new Error('an empty scenario was accepted');
    const text = fileRefusalText(file.error);
    expect(text.en).toContain(file.problems[0].en);
    expect(text.zh).toContain(file.problems[0].zh);
    expect(file.problems[0].zh).toMatch(/^scenario\./);
  });
});
