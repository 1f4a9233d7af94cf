import {
  fileRefusalText,
  fileWarningText,
  importScenarioFile,
} from '../../../src/scenarios/scenarioFile';
import {
  decodeShareState,
  linkRefusalText,
  linkWarningText,
  type ShareDecode,
} from '../../../src/scenarios/shareLink';

/**
 * A link read as the English screen words it: refusals and warnings are data, and these tests
 * check the sentences a teacher reads.
 */
export function decodeInEnglish(hash: string) {
  return linkInEnglish(decodeShareState(hash));
}

/** A decoded link's refusal and warnings as the English screen words them. */
export function linkInEnglish(decoded: ShareDecode) {
  return decoded.ok
    ? { ...decoded, warnings: decoded.warnings.map((w) => linkWarningText(w).en) }
    : { ok: false as const, error: linkRefusalText(decoded.error).en };
}

/** A scenario file read as the English screen words it. */
export function importInEnglish(text: string) {
  const result = importScenarioFile(text);
  return result.ok
    ? { ...result, warnings: result.warnings.map((w) => fileWarningText(w).en) }
    : {
        ok: false as const,
        error: fileRefusalText(result.error).en,
        problems: result.problems.map((p) => p.en),
      };
}

export type EnglishDecode = ReturnType<typeof decodeInEnglish>;
