import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { useStore } from '../store';
import { embedUrl } from '../links';
import { LOAD_FAILED } from './onDemand';

/** Sizes a slide usually has room for; the embed is readable at the smallest. */
export const EMBED_SIZES = [
  { width: 800, height: 500 },
  { width: 960, height: 540 },
  { width: 1280, height: 720 },
] as const;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The current moment as an iframe to paste into slides or a web page: a size, whether it plays
 * by itself and whether it loops, and the snippet to copy.
 */
export function EmbedMenuBody() {
  const t = useT();
  const [size, setSize] = useState(0);
  const [autoplay, setAutoplay] = useState(false);
  const [loop, setLoop] = useState(false);
  const [src, setSrc] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // The moment on screen when the menu opened, or when an option changed.
  const cursor = useStore((s) => s.cursor);
  const timeline = useStore((s) => s.timeline);
  useEffect(() => {
    let current = true;
    embedUrl({ autoplay, loop }).then(
      (url) => current && setSrc(url),
      () => current && setSrc(null),
    );
    return () => void (current = false);
  }, [autoplay, loop, cursor, timeline]);

  const { width, height } = EMBED_SIZES[size];
  const title = t({
    en: 'Checkpoint Lab: Flink checkpointing',
    zh: 'Checkpoint Lab：Flink 检查点',
  });
  const snippet = src
    ? `<iframe src="${escape(src)}" width="${width}" height="${height}" title="${escape(title)}" style="border:0" loading="lazy"></iframe>`
    : t(LOAD_FAILED);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 3000);
    } catch {
      // The snippet stays selectable in its box.
    }
  };

  return (
    <div className="menu-body embed-body">
      <fieldset>
        <legend>{t({ en: 'Size', zh: '尺寸' })}</legend>
        {EMBED_SIZES.map((s, k) => (
          <label key={k}>
            <input
              type="radio"
              name="embed-size"
              checked={size === k}
              onChange={() => setSize(k)}
            />
            {s.width}×{s.height}
          </label>
        ))}
      </fieldset>
      <label>
        <input type="checkbox" checked={autoplay} onChange={(e) => setAutoplay(e.target.checked)} />
        {t({ en: 'Play by itself', zh: '自动播放' })}
      </label>
      <label>
        <input type="checkbox" checked={loop} onChange={(e) => setLoop(e.target.checked)} />
        {t({
          en: 'Loop: start this moment over at the end',
          zh: '循环：播放到结尾后从此刻重新开始',
        })}
      </label>
      <label className="embed-snippet">
        {t({ en: 'Paste this into a slide or web page', zh: '将这段代码粘贴到幻灯片或网页中' })}
        <textarea readOnly rows={5} value={snippet} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button type="button" className="primary" onClick={copy} disabled={!src}>
        {copied ? t({ en: 'Copied', zh: '已复制' }) : t({ en: 'Copy snippet', zh: '复制代码' })}
      </button>
    </div>
  );
}
