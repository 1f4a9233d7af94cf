import { useT } from '../i18n';
import { useStore } from '../store';
import type { Lesson } from '../../scenarios/lesson';
import type { TwinVariant } from '../../scenarios/twin';
import { twinLabel } from '../../session/twin/labels';

export { twinChoices, twinKey } from '../../session/twin/labels';

/**
 * Opens the second run a lesson step offers beside this one; says when it is open. `short`, for
 * presenter mode's caption: the button's name only ("Show beside it", which the step's text
 * names), what it opens in its title, so that the caption keeps its height.
 */
export function TwinButton({
  lesson,
  variant,
  short = false,
}: {
  lesson: Lesson;
  variant: TwinVariant;
  short?: boolean;
}) {
  const t = useT();
  const twin = useStore((s) => s.twin);
  const setTwin = useStore((s) => s.setTwin);
  const label = t(twinLabel(lesson.scenario, variant));
  if (twin && JSON.stringify(twin) === JSON.stringify(variant)) {
    const open = t({ en: `Beside it: ${label}.`, zh: `旁边是：${label}。` });
    return short ? (
      <span className="muted" data-testid="lesson-twin-open" title={open}>
        {t({ en: 'Shown beside', zh: '已在旁边显示' })}
      </span>
    ) : (
      <p className="muted" data-testid="lesson-twin-open">
        {open}
      </p>
    );
  }
  const whole = t({ en: `Show beside it: ${label}`, zh: `在旁边显示：${label}` });
  return (
    <button
      type="button"
      data-testid="lesson-twin"
      onClick={() => setTwin(variant)}
      {...(short ? { title: whole, 'aria-label': whole } : {})}
    >
      {short ? t({ en: 'Show beside it', zh: '在旁边显示' }) : whole}
    </button>
  );
}
