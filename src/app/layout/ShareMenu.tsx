import { useRef, useState } from 'react';
import { useT } from '../i18n';
import { useStore } from '../store';
import { allEvents } from '../timeline';
import { shareUrl } from '../urlSync';

/** Loaded on first use: reading a file validates it with the schema, which is large. */
async function scenarioFile(failed: string) {
  try {
    return await import('../../scenarios/scenarioFile');
  } catch {
    useStore.getState().notify({ kind: 'error', text: failed });
    return null;
  }
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** Share the exact moment as a link; export and import the scenario as a file. */
export function ShareMenu() {
  const t = useT();
  const [copied, setCopied] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const loadFailed = t({
    en: 'Part of the app failed to load: reload the page to try again. Nothing was changed.',
    zh: '应用的一部分未能加载：请重新加载页面再试。未做任何更改。',
  });

  const share = async () => {
    let url: string;
    try {
      url = await shareUrl();
    } catch {
      setCopied(loadFailed);
      window.setTimeout(() => setCopied(null), 4000);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t({ en: 'Link copied', zh: '链接已复制' }));
    } catch {
      setCopied(url);
    }
    window.setTimeout(() => setCopied(null), 4000);
  };

  const exportFile = async (withEvents: boolean) => {
    const files = await scenarioFile(loadFailed);
    if (!files) return;
    const { timeline } = useStore.getState();
    download(
      files.scenarioFileName(timeline.scenario),
      files.exportScenarioFile(
        timeline.scenario,
        withEvents ? { events: allEvents(timeline) } : {},
      ),
    );
  };

  const importFile = async (file: File) => {
    const files = await scenarioFile(loadFailed);
    if (!files) return;
    const s = useStore.getState();
    const result = files.importScenarioFile(await file.text());
    if (!result.ok) {
      const more = result.problems.filter((p) => !result.error.includes(p));
      const details = more.length > 0 ? ` (${more.join('; ')})` : '';
      s.notify({
        kind: 'error',
        text: `${result.error}${details} ${t({ en: 'Nothing was changed.', zh: '未做任何更改。' })}`,
      });
      return;
    }
    s.setLesson(null);
    s.loadScenario(result.scenario, null, 0);
    s.notify({
      kind: 'info',
      text: t({ en: `Opened ${file.name}.`, zh: `已打开 ${file.name}。` }),
    });
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
      <details className="file-menu">
        <summary>{t({ en: 'File', zh: '文件' })}</summary>
        <div className="file-body">
          <button type="button" onClick={() => void exportFile(false)}>
            {t({ en: 'Export scenario (JSON)', zh: '导出场景 (JSON)' })}
          </button>
          <button type="button" onClick={() => void exportFile(true)}>
            {t({ en: 'Export scenario with event log', zh: '导出场景和事件日志' })}
          </button>
          <button type="button" onClick={() => fileInput.current?.click()}>
            {t({ en: 'Import scenario…', zh: '导入场景…' })}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importFile(file);
              e.target.value = '';
            }}
          />
        </div>
      </details>
    </div>
  );
}
