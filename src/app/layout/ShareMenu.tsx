import { useState } from 'react';
import { useT } from '../i18n';
import { LOAD_FAILED, onDemand, useMenuLoading } from './onDemand';

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
    const say = (text: string) => {
      setCopied(text);
      window.setTimeout(() => setCopied(null), 4000);
    };
    let url: string | null;
    try {
      url = await (await import('../links')).shareUrl();
    } catch {
      say(t(LOAD_FAILED));
      return;
    }
    if (url === null) {
      say(
        t({
          en: 'This scenario is too large for a link: export it as a file (File).',
          zh: '这个场景太大，放不进链接：请用“文件”导出。',
        }),
      );
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      say(t({ en: 'Link copied', zh: '链接已复制' }));
    } catch {
      say(url);
    }
  };

  return (
    <div className="share">
      <button type="button" className="primary" onClick={share}>
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
