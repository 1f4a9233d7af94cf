import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  DEFAULT_CHANNEL_CAPACITY,
  DEFAULT_OPERATOR_RATE,
  type Mode,
  type RestartStrategy,
  type Scenario,
} from '../../engine';
import { configWarnings, type ConfigWarning } from '../../scenarios/configWarnings';
import { flinkCode, type CodeLanguage } from '../../scenarios/flinkCode';
import { useLanguage, useT, type LocalText } from '../i18n';
import { useStore } from '../store';
import {
  BACKEND_FIELDS,
  CHECKPOINT_FIELDS,
  INTERVAL,
  MODES,
  PREFER_CHECKPOINT,
  UNALIGNED,
  ALIGNED_TIMEOUT,
  RESTART_TYPES,
  capacityField,
  rateField,
  readNumber,
  restartFields,
  stateSizeField,
  tryChange,
  type Change,
  type NumberField,
} from './configFields';
import './panels.css';

const TEXT = {
  title: { en: 'Configuration', zh: '配置' },
  intro: {
    en: 'Change an option and the run is recorded again with it; the cursor stays where it is.',
    zh: '修改选项后会用新配置重新录制运行，光标位置保持不变。',
  },
  checkpointing: { en: 'Checkpointing', zh: '检查点配置' },
  mode: { en: 'Mode', zh: '模式' },
  periodic: { en: 'periodic', zh: '周期性' },
  restart: { en: 'Restart strategy', zh: '重启策略' },
  strategy: { en: 'Strategy', zh: '策略' },
  backend: { en: 'State backend (simulated)', zh: '状态后端（模拟）' },
  stateSize: { en: 'State size per subtask', zh: '每个子任务的状态大小' },
  stateSizeHelp: {
    en: 'Bigger state takes longer to write: empty leaves the simulator’s estimate.',
    zh: '状态越大写入越久；留空则使用模拟器的估算。',
  },
  estimate: { en: 'estimate', zh: '估算' },
  flow: { en: 'Flow control (simulated)', zh: '流量控制（模拟）' },
  flowHelp: {
    en: 'Flink sends a record only when the receiver granted a credit (a free network buffer): a full channel stops its sender, and a slow operator backpressures everything upstream.',
    zh: 'Flink 只有在接收方给出信用（空闲的网络缓冲区）时才发送数据：通道满了，发送方就停下；一个很慢的算子会让它上游的所有任务都受到反压。',
  },
  capacity: { en: 'Channel capacity (records)', zh: '通道容量（条数据）' },
  rate: { en: 'Processing rate (records per tick)', zh: '处理速率（每拍条数）' },
  code: { en: 'The same in Flink', zh: '对应的 Flink 代码' },
  copy: { en: 'Copy', zh: '复制' },
  copied: { en: 'Copied', zh: '已复制' },
  notFlink: { en: 'simulator only', zh: '仅模拟器' },
  unchanged: { en: 'Not applied: ', zh: '未生效：' },
} satisfies Record<string, LocalText>;

/** Validates and, when the schema accepts it, reloads the run with the change at the cursor. */
export function applyConfigChange(change: (s: Scenario) => Scenario): Change {
  const { timeline, reconfigure } = useStore.getState();
  const result = tryChange(timeline.scenario, change);
  if (result.ok && result.scenario !== timeline.scenario) reconfigure(result.scenario);
  return result;
}

function Warnings({ warnings }: { warnings: ConfigWarning[] }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <>
      {warnings.map((w) => (
        <p key={w.en} className="cl-warn" role="note">
          <span aria-hidden="true">⚠ </span>
          {t(w)}
        </p>
      ))}
    </>
  );
}

function Errors({ errors }: { errors: LocalText[] }) {
  const t = useT();
  if (errors.length === 0) return null;
  return (
    <p className="cl-error" role="alert">
      {t(TEXT.unchanged)}
      {errors.map((e) => t(e)).join(t({ en: '; ', zh: '；' }))}
    </p>
  );
}

function Option({
  label,
  flink,
  help,
  control,
  below,
  htmlFor,
  badge,
}: {
  label: string;
  flink: string | null;
  badge?: ReactNode;
  help: string;
  control: ReactNode;
  below?: ReactNode;
  htmlFor?: string;
}) {
  return (
    <div className="cl-opt">
      <div className="cl-opt-row">
        <label className="cl-opt-label" htmlFor={htmlFor}>
          {label}
        </label>
        <div className="cl-opt-control">{control}</div>
      </div>
      {(flink || badge) && (
        <div className="cl-opt-code">
          {flink && <code className="cl-opt-flink">{flink}</code>}
          {badge}
        </div>
      )}
      <p className="cl-opt-help">{help}</p>
      {below}
    </div>
  );
}

/**
 * A number option. What is typed is checked at once; a valid value is applied after a short
 * pause or on Enter / leaving the field, an invalid one only explains itself.
 */
function NumberOption({
  field,
  scenario,
  warnings = [],
  disabled = false,
  placeholder,
  extra,
}: {
  field: NumberField;
  scenario: Scenario;
  warnings?: ConfigWarning[];
  disabled?: boolean;
  placeholder?: string;
  /** A control before the input, such as the switch that turns the option off. */
  extra?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const value = field.get(scenario);
  // A draft belongs to the value it was typed over: once the option changes elsewhere, it goes.
  const [draft, setDraft] = useState<{ text: string; base: number | null } | null>(null);
  const [errors, setErrors] = useState<LocalText[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = draft !== null && draft.base === value;
  const text = live ? draft.text : value === null ? '' : String(value);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const check = (raw: string, commit: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    const read = readNumber(raw, field.optional);
    if (read !== null && typeof read === 'object') {
      setErrors([read]);
      return;
    }
    const latest = useStore.getState().timeline.scenario;
    if (field.get(latest) === read) {
      setErrors([]);
      return;
    }
    const change = (s: Scenario) => field.set(s, read);
    const result = tryChange(latest, change);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors([]);
    if (commit) applyConfigChange(change);
    else timer.current = setTimeout(() => applyConfigChange(change), 600);
  };

  return (
    <Option
      htmlFor={id}
      label={t(field.label)}
      flink={field.flink}
      help={t(field.help)}
      control={
        <>
          {extra}
          <input
            id={id}
            type="number"
            inputMode="decimal"
            value={text}
            disabled={disabled}
            placeholder={placeholder}
            aria-invalid={errors.length > 0 || undefined}
            onChange={(e) => {
              setDraft({ text: e.target.value, base: value });
              check(e.target.value, false);
            }}
            onBlur={(e) => check(e.target.value, true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') check(e.currentTarget.value, true);
            }}
          />
          <span className="cl-unit">
            {typeof field.unit === 'string' ? field.unit : field.unit && t(field.unit)}
          </span>
        </>
      }
      below={
        <>
          <Errors errors={live ? errors : []} />
          <Warnings warnings={warnings} />
        </>
      }
    />
  );
}

function CodeView({ scenario }: { scenario: Scenario }) {
  const t = useT();
  const [language, setLanguage] = useState<CodeLanguage>('scala');
  const [copied, setCopied] = useState(false);
  // Its comments in the screen's language: the Chinese screen explains the code in Chinese.
  const words = useLanguage();
  const code = useMemo(() => flinkCode(scenario, language, words), [scenario, language, words]);
  // Lines that differ from the code before the last change are marked, so the effect of an
  // option on the code is seen, not searched for. Another code or screen language changes
  // every line, and marks none.
  const written = `${language} ${words}`;
  const [previous, setPrevious] = useState({ written, code, before: code });
  if (previous.code !== code) {
    setPrevious({
      written,
      code,
      before: previous.written === written ? previous.code : code,
    });
  }
  const before = new Set(previous.before.split('\n'));
  return (
    <section className="cl-section">
      <div className="cl-toolbar">
        <h3>{t(TEXT.code)}</h3>
        <div className="cl-seg" role="group" aria-label={t(TEXT.code)}>
          {(['scala', 'java'] as const).map((l) => (
            <button
              type="button"
              key={l}
              className={language === l ? 'on' : ''}
              aria-pressed={language === l}
              onClick={() => setLanguage(l)}
            >
              {l === 'scala' ? 'Scala' : 'Java'}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="cl-small"
          onClick={() => {
            navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {t(copied ? TEXT.copied : TEXT.copy)}
        </button>
      </div>
      <pre className="cl-code" aria-label={t(TEXT.code)} tabIndex={0}>
        <code>
          {code.split('\n').map((line, k) => (
            <span
              key={k}
              className={`${line.trimStart().startsWith('//') ? 'cl-code-comment' : ''}${before.has(line) ? '' : ' cl-code-changed'}`}
            >
              {line}
            </span>
          ))}
        </code>
      </pre>
    </section>
  );
}

/**
 * Every option of Flink's CheckpointConfig the seed's section 3 sets, the restart strategy and
 * the simulated state backend, each explained in a sentence. A change reloads the run at the
 * cursor; an impossible value is explained beside its field and changes nothing. The
 * equivalent Flink code follows every change.
 */
export function ConfigPanel() {
  const t = useT();
  const scenario = useStore((s) => s.timeline.scenario);
  const [modeErrors, setModeErrors] = useState<LocalText[]>([]);
  const intervalId = useId();
  const restartId = useId();
  // The interval to come back to when periodic checkpoints are switched on again.
  const [lastInterval, setLastInterval] = useState(scenario.checkpoint.intervalMs ?? 1000);
  const config = scenario.checkpoint;
  const warnings = configWarnings(config, scenario.restart, scenario.operators);
  const about = (field: ConfigWarning['field']) => warnings.filter((w) => w.field === field);
  const restartType = RESTART_TYPES.find((r) => r.type === scenario.restart.type)!;

  const setMode = (mode: Mode) => {
    const result = applyConfigChange((s) => ({ ...s, checkpoint: { ...s.checkpoint, mode } }));
    setModeErrors(result.ok ? [] : result.errors);
  };

  const intervalField: NumberField = {
    path: INTERVAL.path,
    label: INTERVAL.label,
    flink: INTERVAL.flink,
    help: INTERVAL.help,
    unit: 'ms',
    get: (s) => s.checkpoint.intervalMs,
    set: (s, value) => ({ ...s, checkpoint: { ...s.checkpoint, intervalMs: value } }),
  };

  return (
    <div className="cl-panel">
      <h2 className="cl-title">{t(TEXT.title)}</h2>
      <div className="cl-scroll cl-config">
        <p className="cl-note">{t(TEXT.intro)}</p>

        <section className="cl-section">
          <h3>
            {t(TEXT.checkpointing)} <code className="cl-opt-flink">CheckpointConfig</code>
          </h3>
          <div className="cl-opt">
            <div className="cl-opt-label" id={`${intervalId}-mode`}>
              {t(TEXT.mode)} <code className="cl-opt-flink">setCheckpointingMode</code>
            </div>
            <div className="cl-modes" role="radiogroup" aria-labelledby={`${intervalId}-mode`}>
              {MODES.map((m) => (
                <label key={m.mode} className={`cl-mode${config.mode === m.mode ? ' on' : ''}`}>
                  <input
                    type="radio"
                    name={`${intervalId}-mode`}
                    checked={config.mode === m.mode}
                    onChange={() => setMode(m.mode)}
                  />
                  <span className="cl-mode-text">
                    <strong>
                      {t(m.label)}{' '}
                      {m.flink ? (
                        <code className="cl-opt-flink">{m.flink}</code>
                      ) : (
                        <span className="cl-badge">{t(TEXT.notFlink)}</span>
                      )}
                    </strong>
                    <span className="cl-opt-help">{t(m.help)}</span>
                  </span>
                </label>
              ))}
            </div>
            <Errors errors={modeErrors} />
            <Warnings warnings={about('mode')} />
          </div>

          <NumberOption
            field={intervalField}
            scenario={scenario}
            warnings={about('intervalMs')}
            disabled={config.intervalMs === null}
            placeholder={String(lastInterval)}
            extra={
              <label className="cl-check">
                <input
                  type="checkbox"
                  checked={config.intervalMs !== null}
                  onChange={(e) => {
                    const value = e.target.checked ? lastInterval : null;
                    if (config.intervalMs !== null) setLastInterval(config.intervalMs);
                    applyConfigChange((s) => ({
                      ...s,
                      checkpoint: { ...s.checkpoint, intervalMs: value },
                    }));
                  }}
                />
                {t(TEXT.periodic)}
              </label>
            }
          />
          {CHECKPOINT_FIELDS.map((field) => (
            <NumberOption
              key={field.path}
              field={field}
              scenario={scenario}
              warnings={about(field.path.replace('checkpoint.', '') as ConfigWarning['field'])}
            />
          ))}
          <Option
            label={t(UNALIGNED.label)}
            flink={UNALIGNED.flink}
            help={t(UNALIGNED.help)}
            control={
              <label className="cl-check">
                <input
                  type="checkbox"
                  aria-label={t(UNALIGNED.label)}
                  checked={config.unaligned === true}
                  onChange={(e) => {
                    const value = e.target.checked;
                    applyConfigChange((s) => ({
                      ...s,
                      checkpoint: { ...s.checkpoint, unaligned: value },
                    }));
                  }}
                />
              </label>
            }
            below={<Warnings warnings={about('unaligned')} />}
          />
          <NumberOption
            field={ALIGNED_TIMEOUT}
            scenario={scenario}
            warnings={about('alignedCheckpointTimeoutMs')}
            disabled={config.unaligned !== true}
          />
          {/* Removed in Flink 1.14: shown only for an old scenario that sets it. */}
          {config.preferCheckpointForRecovery !== undefined && (
            <Option
              label={t(PREFER_CHECKPOINT.label)}
              flink={PREFER_CHECKPOINT.flink}
              help={t(PREFER_CHECKPOINT.help)}
              control={
                <label className="cl-check">
                  <input
                    type="checkbox"
                    aria-label={t(PREFER_CHECKPOINT.label)}
                    checked={config.preferCheckpointForRecovery}
                    onChange={(e) => {
                      const value = e.target.checked;
                      applyConfigChange((s) => ({
                        ...s,
                        checkpoint: { ...s.checkpoint, preferCheckpointForRecovery: value },
                      }));
                    }}
                  />
                </label>
              }
              badge={
                <span className="cl-badge cl-badge-warn">{t(PREFER_CHECKPOINT.deprecated)}</span>
              }
              below={<Warnings warnings={about('preferCheckpointForRecovery')} />}
            />
          )}
        </section>

        <section className="cl-section">
          <h3>
            {t(TEXT.restart)} <code className="cl-opt-flink">setRestartStrategy</code>
          </h3>
          <Option
            htmlFor={restartId}
            label={t(TEXT.strategy)}
            flink={null}
            help={t(restartType.help)}
            control={
              <select
                id={restartId}
                value={scenario.restart.type}
                onChange={(e) => {
                  const next = RESTART_TYPES.find((r) => r.type === e.target.value)!;
                  applyConfigChange((s) => ({ ...s, restart: next.initial as RestartStrategy }));
                }}
              >
                {RESTART_TYPES.map((r) => (
                  <option key={r.type} value={r.type}>
                    {t(r.label)}
                  </option>
                ))}
              </select>
            }
            below={<Warnings warnings={about('restart')} />}
          />
          {restartFields(scenario.restart.type).map((field) => (
            <NumberOption key={field.path} field={field} scenario={scenario} />
          ))}
        </section>

        <section className="cl-section" data-testid="config-flow">
          <h3>{t(TEXT.flow)}</h3>
          <p className="cl-opt-help">{t(TEXT.flowHelp)}</p>
          <h4>{t(TEXT.capacity)}</h4>
          {scenario.edges.map((edge, k) => (
            <NumberOption
              key={`${edge.from}->${edge.to}`}
              field={capacityField(scenario, k)}
              scenario={scenario}
              placeholder={String(DEFAULT_CHANNEL_CAPACITY)}
            />
          ))}
          <h4>{t(TEXT.rate)}</h4>
          {scenario.operators.map((op, k) => (
            <NumberOption
              key={op.id}
              field={rateField(op, k)}
              scenario={scenario}
              placeholder={String(op.kind === 'source' ? 1 : DEFAULT_OPERATOR_RATE)}
            />
          ))}
          <Warnings warnings={about('sink')} />
        </section>

        <section className="cl-section">
          <h3>{t(TEXT.backend)}</h3>
          {BACKEND_FIELDS.map((field) => (
            <NumberOption key={field.path} field={field} scenario={scenario} />
          ))}
          <h4>{t(TEXT.stateSize)}</h4>
          <p className="cl-opt-help">{t(TEXT.stateSizeHelp)}</p>
          {scenario.operators.map((op, k) => (
            <NumberOption
              key={op.id}
              field={stateSizeField(op, k)}
              scenario={scenario}
              placeholder={t(TEXT.estimate)}
            />
          ))}
        </section>

        <CodeView scenario={scenario} />
      </div>
    </div>
  );
}
