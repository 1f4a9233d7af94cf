import { useT } from '../i18n';
import { useStore } from '../store';

/** A message about bad input (a broken link, an invalid file): it says what is wrong, and the app goes on. */
export function Notice() {
  const t = useT();
  const notice = useStore((s) => s.notice);
  const notify = useStore((s) => s.notify);
  if (!notice) return null;
  return (
    <div
      className={`notice notice-${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <span>{typeof notice.text === 'string' ? notice.text : t(notice.text)}</span>
      <button type="button" className="ghost" onClick={() => notify(null)}>
        {t({ en: 'Dismiss', zh: '关闭' })}
      </button>
    </div>
  );
}
