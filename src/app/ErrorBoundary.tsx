import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT, type LocalText } from './i18n';
import { useStore } from './store';
import { openDefault } from './openDefault';

interface Props {
  /** What this part of the screen is, as the message names it. */
  area: LocalText;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

function Failed({ area, error, retry }: { area: LocalText; error: Error; retry: () => void }) {
  const t = useT();
  const notify = useStore((s) => s.notify);
  const link = window.location.href;
  const reopen = () => {
    void openDefault().then(retry, retry);
    notify(null);
  };
  return (
    <div className="area-failed" role="alert">
      <p>
        {t({ en: `${area.en} failed: `, zh: `${area.zh}出错了：` })}
        <bdi>{error.message || error.name}</bdi>
      </p>
      <p>
        {t({
          en: 'The rest of the app still works. The link to what you were looking at:',
          zh: '应用的其他部分仍可使用。你刚才所看内容的链接：',
        })}
      </p>
      <input type="text" readOnly value={link} aria-label={t({ en: 'Link', zh: '链接' })} />
      <div className="area-failed-actions">
        <button type="button" onClick={reopen}>
          {t({ en: 'Reopen the default lesson', zh: '重新打开默认课程' })}
        </button>
        <button type="button" className="ghost" onClick={retry}>
          {t({ en: 'Try again', zh: '重试' })}
        </button>
      </div>
    </div>
  );
}

/**
 * Keeps a failure in one part of the screen (the graph, the panels, the footer) from taking the
 * whole app down with it: that part says what failed and offers a way back, the rest goes on.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // React has already reported it in the console; the screen says it in the user's language.
  }

  private retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (error) return <Failed area={this.props.area} error={error} retry={this.retry} />;
    return this.props.children;
  }
}
