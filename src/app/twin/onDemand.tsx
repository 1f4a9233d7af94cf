import { useEffect, useMemo } from 'react';
import type { Lesson } from '../../scenarios/lesson';
import type { TwinVariant } from '../../scenarios/twin';
import { useT } from '../i18n';
import { useStore } from '../store';
import { PICKER_TEXT } from './twinText';
import { onDemand } from '../layout/onDemand';

/**
 * The second runs a job offers and the lesson steps' offers of one: loaded when the pointer or
 * the focus reaches the picker, or when a second run is open or offered, as the menus are.
 */
const controls = onDemand(() => import('./TwinControls'));

// Where they cannot load, the picker offers no second run; the run is shown all the same.
const prepare = () => void controls.load().catch(() => {});

/**
 * "Compare with": opens a second run beside this one on the same tick, or closes it. The same
 * select before and after its choices load, so a keyboard user's focus stays on it.
 */
export function TwinPicker() {
  const t = useT();
  const loaded = controls.useLoaded();
  const scenario = useStore((s) => s.timeline.scenario);
  const twin = useStore((s) => s.twin);
  const setTwin = useStore((s) => s.setTwin);
  useEffect(() => {
    // A second run opened by a link is named by its choice at once.
    if (twin) prepare();
  }, [twin]);
  const choices = useMemo(() => loaded?.twinChoices(scenario) ?? [], [loaded, scenario]);
  const chosen = twin && loaded ? loaded.twinKey(twin) : '';
  return (
    // One control, its first choice its label, so that the result strip keeps one line at 1280 px.
    <label className="twin-picker" onPointerEnter={prepare}>
      <select
        value={chosen}
        aria-label={t(PICKER_TEXT.name)}
        data-testid="twin-picker"
        onFocus={prepare}
        onChange={(e) => {
          const choice = choices.find((c) => c.key === e.target.value);
          setTwin(choice ? choice.variant : null);
        }}
      >
        <option value="">{t(PICKER_TEXT.none)}</option>
        {choices.map((c) => (
          <option key={c.key} value={c.key}>
            {t(c.label)}
          </option>
        ))}
        {twin && chosen && !choices.some((c) => c.key === chosen) && (
          <option value={chosen}>
            {t({ en: 'the second run shown', zh: '当前的第二次运行' })}
          </option>
        )}
      </select>
    </label>
  );
}

/** The lesson step's offer of a second run beside this one, once loaded. */
export function LessonTwinButton(props: { lesson: Lesson; variant: TwinVariant; short?: boolean }) {
  const loaded = controls.useLoaded();
  useEffect(prepare, []);
  return loaded ? <loaded.TwinButton {...props} /> : null;
}
