import { useMemo } from 'react';
import { useT } from '../i18n';
import { useStore } from '../store';
import { twinChoices, twinKey } from '../../session/twin/labels';

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
        aria-label={t({ en: 'A second run beside this one', zh: '在旁边并排显示第二次运行' })}
        data-testid="twin-picker"
        onChange={(e) => {
          const choice = choices.find((c) => c.key === e.target.value);
          setTwin(choice ? choice.variant : null);
        }}
      >
        <option value="">{t({ en: 'Beside it…', zh: '并排对比…' })}</option>
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
