import { useRef, useState } from 'react';
import type { TimedEvent } from '../../engine';
import {
  exportScenarioFile,
  importScenarioFile,
  scenarioFileName,
} from '../../scenarios/scenarioFile';
import { useT } from '../i18n';
import { useStore } from '../store';
import { shareUrl } from '../urlSync';

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

  const share = async () => {
    const url = shareUrl();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t({ en: 'Link copied', zh: '链接已复制' }));
    } catch {
      setCopied(url);
    }
    window.setTimeout(() => setCopied(null), 4000);
  };

  const exportFile = (withEvents: boolean) => {
    const { timeline } = useStore.getState();
    const events: TimedEvent[] = [];
    if (withEvents) {
      timeline.events.forEach((list, tick) => list.forEach((e) => events.push({ ...e, tick })));
    }
    download(
      scenarioFileName(timeline.scenario),
      exportScenarioFile(timeline.scenario, withEvents ? { events } : {}),
    );
  };

  const importFile = async (file: File) => {
    const s = useStore.getState();
    const result = importScenarioFile(await file.text());
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
          <button type="button" onClick={() => exportFile(false)}>
            {t({ en: 'Export scenario (JSON)', zh: '导出场景 (JSON)' })}
          </button>
          <button type="button" onClick={() => exportFile(true)}>
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
