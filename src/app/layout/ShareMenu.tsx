import { useState } from 'react';
import { useT, type LocalText } from '../i18n';
import { LOAD_FAILED, onDemand, useMenuLoading } from './onDemand';

/** Writing links, with the link codec: loaded when the pointer or the focus reaches Share. */
const links = () => import('../links');
const prepareLinks = () => void links().catch(() => {});

const fileMenu = onDemand(() => import('./FileMenuBody'));
const embedMenu = onDemand(() => import('./EmbedMenuBody'));

/**
 * Share the exact moment as a link or as an embed for slides; export and import the scenario as
 * a file.
 */
export function ShareMenu() {
  const t = useT();
  const [copied, setCopied] = useState<string | null>(null);
  const loading = useMenuLoading(fileMenu);
  const FileMenuBody = fileMenu.useLoaded()?.FileMenuBody;
  const embedLoading = useMenuLoading(embedMenu);
  const EmbedMenuBody = embedMenu.useLoaded()?.EmbedMenuBody;

  const share = async () => {
    let said: LocalText | string;
    try {
      said = await (await links()).copyShareLink();
    } catch {
      said = LOAD_FAILED;
    }
    setCopied(typeof said === 'string' ? said : t(said));
    window.setTimeout(() => setCopied(null), 4000);
  };

  return (
    <div className="share">
      <button
        type="button"
        className="primary"
        onPointerEnter={prepareLinks}
        onFocus={prepareLinks}
        onClick={share}
      >
        {t({ en: 'Share', zh: '分享' })}
      </button>
      {copied && (
        <output className="share-copied" role="status">
          {copied}
        </output>
      )}
      <details className="file-menu" {...embedLoading.details}>
        <summary {...embedLoading.summary}>{t({ en: 'Embed', zh: '嵌入' })}</summary>
        {EmbedMenuBody && <EmbedMenuBody />}
      </details>
      <details className="file-menu" {...loading.details}>
        <summary {...loading.summary}>{t({ en: 'File', zh: '文件' })}</summary>
        {FileMenuBody && <FileMenuBody />}
      </details>
    </div>
  );
}
