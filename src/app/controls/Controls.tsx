import { useT } from '../i18n';
import { Icon } from './icons';
import { SPEEDS, useStore } from '../store';

/** Play, pause, step, reset and speed; the play button shows what pressing it will do. */
export function Controls() {
  const t = useT();
  const playing = useStore((s) => s.playing);
  const cursor = useStore((s) => s.cursor);
  const end = useStore((s) => s.timeline.end);
  const tickMs = useStore((s) => s.timeline.scenario.tickMs);
  const speed = useStore((s) => s.speed);
  const { togglePlay, stepForward, stepBack, seek, setSpeed, pause } = useStore.getState();
  const atEnd = cursor >= end;
  const playLabel = playing
    ? t({ en: 'Pause', zh: '暂停' })
    : atEnd
      ? t({ en: 'Replay', zh: '重播' })
      : t({ en: 'Play', zh: '播放' });
  return (
    <div className="controls" role="toolbar" aria-label={t({ en: 'Playback', zh: '播放控制' })}>
      <button
        type="button"
        onClick={() => {
          pause();
          seek(0);
        }}
        title={t({ en: 'Back to tick 0 (Home)', zh: '回到第 0 拍 (Home)' })}
        aria-label={t({ en: 'Reset', zh: '重置' })}
      >
        <Icon name="reset" />
      </button>
      <button
        type="button"
        onClick={() => {
          pause();
          stepBack();
        }}
        disabled={cursor === 0}
        title={t({ en: 'Step back one tick (←)', zh: '后退一拍 (←)' })}
        aria-label={t({ en: 'Step back', zh: '后退一步' })}
      >
        <Icon name="back" />
      </button>
      <button
        type="button"
        className="primary play"
        onClick={togglePlay}
        aria-label={playLabel}
        title={`${playLabel} (${t({ en: 'Space', zh: '空格' })})`}
        data-state={playing ? 'playing' : atEnd ? 'ended' : 'paused'}
      >
        <Icon name={playing ? 'pause' : atEnd ? 'replay' : 'play'} /> <span>{playLabel}</span>
      </button>
      <button
        type="button"
        onClick={() => {
          pause();
          stepForward();
        }}
        disabled={atEnd}
        title={t({ en: 'Step forward one tick (→)', zh: '前进一拍 (→)' })}
        aria-label={t({ en: 'Step', zh: '单步' })}
      >
        <Icon name="step" />
      </button>
      <label className="speed">
        <span>{t({ en: 'Speed', zh: '速度' })}</span>
        {/* Named on its own too: narrow windows hide the label's text. */}
        <select
          value={speed}
          aria-label={t({ en: 'Speed', zh: '速度' })}
          onChange={(e) => setSpeed(Number(e.target.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s} {t({ en: 'ticks/s', zh: '拍/秒' })}
            </option>
          ))}
        </select>
      </label>
      {/* As wide as at the run's end, the widest it gets: a read-out that grew with its numbers
          moved the timeline beside it between the start and the end. */}
      <output
        className="tick"
        aria-live="off"
        data-testid="tick"
        data-widest={`${t({ en: 'tick', zh: '第' })} ${end} / ${end}${t({ en: '', zh: ' 拍' })} · ${end * tickMs} ms`}
      >
        <span>
          {t({ en: 'tick', zh: '第' })} <b>{cursor}</b> / {end}
          {t({ en: '', zh: ' 拍' })} · {cursor * tickMs} ms
        </span>
      </output>
    </div>
  );
}
