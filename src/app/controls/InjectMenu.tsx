import { useT } from '../i18n';
import { onDemand, useMenuLoading } from '../layout/onDemand';

const body = onDemand(() => import('./InjectMenuBody'));

/** The menu's button; its body is loaded when the pointer or the focus comes near it. */
export function InjectMenu() {
  const t = useT();
  const loading = useMenuLoading(body);
  const Body = body.useLoaded()?.InjectMenuBody;
  return (
    <details className="inject" {...loading.details}>
      <summary {...loading.summary}>{t({ en: 'Inject failure', zh: '注入故障' })}</summary>
      {Body && <Body />}
    </details>
  );
}
