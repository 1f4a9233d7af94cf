import { useEffect } from 'react';
import type { Lesson } from '../../scenarios/lesson';
import type { TwinVariant } from '../../scenarios/twin';
import { useT } from '../i18n';
import { PICKER_TEXT } from './twinText';
import { onDemand } from '../layout/onDemand';

/**
 * The controls that open a second run beside this one, and the labels of every second run a job
 * offers: loaded as the first screen shows, not with it.
 */
const controls = onDemand(() => import('./TwinControls'));

function useControls() {
  useEffect(() => {
    // Where they cannot load, the picker stays empty and disabled; the run is shown all the same.
    controls.load().catch(() => {});
  }, []);
  return controls.useLoaded();
}

/** "Compare with", once loaded; until then an empty picker of its size, so nothing moves. */
export function TwinPicker() {
  const t = useT();
  const loaded = useControls();
  if (loaded) return <loaded.TwinPicker />;
  return (
    <label className="twin-picker">
      <select disabled aria-label={t(PICKER_TEXT.name)}>
        <option>{t(PICKER_TEXT.none)}</option>
      </select>
    </label>
  );
}

/** The lesson step's offer of a second run beside this one, once loaded. */
export function LessonTwinButton(props: { lesson: Lesson; variant: TwinVariant }) {
  const loaded = useControls();
  return loaded ? <loaded.TwinButton {...props} /> : null;
}
