import { onDemand, onFirstInput } from './onDemand';

/**
 * The built-in scenarios the header's picker offers, by title, and the loading of each. The
 * first screen shows a lesson and needs neither: they load on the page's first input (most ways
 * out of the lesson show its preset), or at once for a screen that shows a preset in Chinese. In
 * English the picker names a preset by its own title meanwhile, which is the same.
 */
export const presetChoices = onDemand(() =>
  Promise.all([
    import('../../scenarios/presets/titles'),
    import('../../scenarios/presets/load'),
  ]).then(([titles, load]) => ({ ...titles, ...load })),
);

// Where they cannot load, the picker offers the lessons; the screen is shown all the same.
export const preparePresetChoices = () => void presetChoices.load().catch(() => {});

/** Loads the choices on the page's first input of any kind; returns what stops waiting for it. */
export function preparePresetChoicesOnFirstInput(): () => void {
  return onFirstInput(preparePresetChoices);
}
