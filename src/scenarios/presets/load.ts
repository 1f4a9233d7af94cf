import type { Scenario } from '../../engine';

const presets = () => import('./index');

/**
 * The built-in scenarios for the app, loaded when first asked for: the first screen shows one
 * lesson, and the picker lists the others by their titles (`./titles`). Node code (the CLI,
 * tests, the link reader) reads them synchronously from `./index`.
 */
export async function loadPresets(): Promise<void> {
  await presets();
}

/** A built-in scenario by id; undefined for an id that names none. */
export async function loadPreset(id: string): Promise<Scenario | undefined> {
  return (await presets()).presetById(id);
}
