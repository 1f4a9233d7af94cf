import { useRef } from 'react';
import { FLINK_VERSION, VERSION_CHANGES } from '../../scenarios/flinkVersion';
import { useT } from '../i18n';
import { useStore } from '../store';
import { allEvents } from '../../session/timeline';
import { importInWorker } from '../workers/offThread';
import { LOAD_FAILED } from './onDemand';

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

/** Export and import the scenario as a file. */
export function FileMenuBody() {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const loadFailed = t(LOAD_FAILED);

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
    const text = await file.text();
    // A worker reads the file, so a large one does not freeze the page; without one, the page.
    const result = (await importInWorker(text)) ?? files.importScenarioFile(text);
    const s = useStore.getState();
    if (!result.ok) {
      const error = files.fileRefusalText(result.error);
      const more = result.problems.filter((p) => !error.en.includes(p.en));
      s.notify({
        kind: 'error',
        text: {
          en: `${error.en}${more.length > 0 ? ` (${more.map((p) => p.en).join('; ')})` : ''} Nothing was changed.`,
          zh: `${error.zh}${more.length > 0 ? `（${more.map((p) => p.zh).join('；')}）` : ''}未做任何更改。`,
        },
      });
      return;
    }
    s.setLesson(null);
    s.loadScenario(result.scenario, null, 0);
    const warnings = result.warnings.map(files.fileWarningText);
    s.notify({
      kind: 'info',
      text: {
        en: [`Opened ${file.name}.`, ...warnings.map((w) => w.en)].join(' '),
        zh: [`已打开 ${file.name}。`, ...warnings.map((w) => w.zh)].join(''),
      },
    });
  };

  return (
    <div className="menu-body file-body">
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
      <hr />
      <section className="file-about" aria-label={t({ en: 'About', zh: '关于' })}>
        <p>
          {t({
            en: `About: Checkpoint Lab follows Apache Flink ${FLINK_VERSION}, the current stable release, for its defaults and rules. What the notes describe from older versions is labelled with the version where it changed:`,
            zh: `关于：Checkpoint Lab 的默认值和规则遵循 Apache Flink ${FLINK_VERSION}（当前稳定版）。笔记中来自旧版本的行为都标注了发生变化的版本：`,
          })}
        </p>
        <ul>
          {VERSION_CHANGES.map((change) => (
            <li key={change.en}>{t(change)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
