import { useMemo } from 'react';
import { useT } from '../i18n';
import { PICKER_TEXT } from './twinText';
import { useStore } from '../store';
import type { Lesson } from '../../scenarios/lesson';
import type { TwinVariant } from '../../scenarios/twin';
import { twinChoices, twinKey, twinLabel } from '../../session/twin/labels';

/** "Compare with": opens a second run beside this one on the same tick, or closes it. */
export function TwinPicker() {
  const t = useT();
  const scenario = useStore((s) => s.timeline.scenario);
  const twin = useStore((s) => s.twin);
  const setTwin = useStore((s) => s.setTwin);
  const choices = useMemo(() => twinChoices(scenario), [scenario]);
  const chosen = twin ? twinKey(twin) : '';
  return (
    // One control, its first choice its label, so that the result strip keeps one line at 1280 px.
    <label className="twin-picker">
      <select
        value={chosen}
        aria-label={t(PICKER_TEXT.name)}
        data-testid="twin-picker"
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
        {twin && !choices.some((c) => c.key === chosen) && (
          <option value={chosen}>
            {t({ en: 'the second run shown', zh: '当前的第二次运行' })}
          </option>
        )}
      </select>
    </label>
  );
}

/** Opens the second run a lesson step offers beside this one; says when it is open. */
export function TwinButton({ lesson, variant }: { lesson: Lesson; variant: TwinVariant }) {
  const t = useT();
  const twin = useStore((s) => s.twin);
  const setTwin = useStore((s) => s.setTwin);
  const label = t(twinLabel(lesson.scenario, variant));
  if (twin && JSON.stringify(twin) === JSON.stringify(variant)) {
    return (
      <p className="muted" data-testid="lesson-twin-open">
        {t({ en: `Beside it: ${label}.`, zh: `旁边是：${label}。` })}
      </p>
    );
  }
  return (
    <button type="button" data-testid="lesson-twin" onClick={() => setTwin(variant)}>
      {t({ en: `Show beside it: ${label}`, zh: `在旁边显示：${label}` })}
    </button>
  );
}
