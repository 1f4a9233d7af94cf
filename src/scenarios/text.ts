/** A language the app speaks. */
export type Language = keyof LocalText;

/** A text in every language the app speaks. */
export interface LocalText {
  en: string;
  zh: string;
}

/** Right-to-left letters and the characters that steer the direction of text around them. */
const BIDI = /[\u0590-\u08FF\u200E\u200F\u202A-\u202E\u2066-\u2069\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * A name from a scenario, isolated from the text around it when it holds right-to-left letters
 * or direction controls (U+2068 ... U+2069, as `<bdi>` does): a U+202E in a name must not
 * reverse the sentence it is put in. Names without them are returned as they are.
 */
export function isolated(name: string): string {
  return BIDI.test(name) ? `\u2068${name}\u2069` : name;
}
