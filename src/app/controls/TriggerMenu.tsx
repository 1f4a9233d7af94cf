import { useT } from '../i18n';
import { onDemand, useMenuLoading } from '../layout/onDemand';

const body = onDemand(() => import('./TriggerMenuBody'));

/** The menu's button; its body is loaded when the pointer or the focus comes near it. */
export function TriggerMenu() {
  const t = useT();
  const loading = useMenuLoading(body);
  const Body = body.useLoaded()?.TriggerMenuBody;
  return (
    <details className="inject trigger" {...loading.details}>
      <summary {...loading.summary}>{t({ en: 'Trigger', zh: '触发' })}</summary>
      {Body && <Body />}
    </details>
  );
}
