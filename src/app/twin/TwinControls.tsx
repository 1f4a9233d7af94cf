import { useT } from '../i18n';
import { useStore } from '../store';
import type { Lesson } from '../../scenarios/lesson';
import type { TwinVariant } from '../../scenarios/twin';
import { twinLabel } from '../../session/twin/labels';

export { twinChoices, twinKey } from '../../session/twin/labels';

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
