import { oddEvenSum } from './oddEvenSum';

/**
 * The scenario the app opens with when nothing else can be opened. Its own module, so whatever
 * needs it at startup does not carry the other presets.
 */
export const DEFAULT_PRESET = oddEvenSum;

export const DEFAULT_PRESET_ID = DEFAULT_PRESET.id;
