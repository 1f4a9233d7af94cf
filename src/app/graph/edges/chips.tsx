import { lookStyle, type Look } from '../look';
import { checkpointColor } from '../palette';

/** Width of a text at the chips' font size, close enough to size a pill around it. */
export function textWidth(text: string): number {
  let width = 0;
  // Chinese characters are about as wide as the font is tall.
  for (const ch of text) width += ch.codePointAt(0)! >= 0x2e80 ? 15 : 8.8;
  return Math.ceil(width);
}

export const CHIP_HEIGHT = 24;

const recordLooks = new Map<string, Look>();

/**
 * A record on a channel: its value in a small chip; a replayed one dashed and tinted; one an
 * unaligned barrier overtook, which checkpoint `persisted` also holds as channel state, framed
 * twice in that checkpoint's colour. One object per value, so the flight layer finds what it
 * drew for it by identity, every frame.
 */
export function recordLook(value: number, replay: boolean, persisted: number | null = null): Look {
  const key = `${replay ? 'r' : ''}${value}${persisted === null ? '' : `@${persisted}`}`;
  const known = recordLooks.get(key);
  if (known) return known;
  const text = String(value);
  const look: Look = {
    className: [
      'g-chip',
      replay ? 'g-chip-replay' : '',
      persisted === null ? '' : 'g-chip-persisted',
    ]
      .filter(Boolean)
      .join(' '),
    text,
    width: Math.max(24, textWidth(text) + 10) + (persisted === null ? 0 : 4),
    height: CHIP_HEIGHT + (persisted === null ? 0 : 4),
    ...(persisted === null ? {} : { border: checkpointColor(persisted).fill }),
  };
  // Values are few in a lesson; a long custom run may have many: keep the recent ones.
  if (recordLooks.size >= 5000) recordLooks.clear();
  recordLooks.set(key, look);
  return look;
}

/**
 * A barrier: a tall bar in its checkpoint's colour with the checkpoint's number on it. A
 * cancellation barrier (its sender gave the checkpoint up) is the same bar hollow, dashed and
 * crossed out: it carries no snapshot, only the news that the checkpoint is abandoned.
 */
export function barrierLook(checkpoint: number, savepoint: boolean, cancel = false): Look {
  const color = checkpointColor(checkpoint);
  const text = `${cancel ? '×' : ''}${savepoint ? 'S' : ''}${checkpoint}`;
  return {
    className: cancel ? 'g-barrier g-barrier-cancel' : 'g-barrier',
    text,
    // A dashed border is thicker: the number keeps the room it has on a plain bar.
    width: Math.max(18, textWidth(text) + (cancel ? 10 : 6)),
    height: 38,
    background: cancel ? '#ffffff' : color.fill,
    color: cancel ? '#1b1f24' : color.text,
    ...(cancel ? { border: color.fill } : {}),
  };
}

/** A pill with a label, outlined in a checkpoint's colour: control messages, writes, restores. */
export function pillLook(text: string, checkpoint: number, filled = false): Look {
  const color = checkpointColor(checkpoint);
  return {
    className: 'g-pill',
    text,
    width: textWidth(text) + 14,
    height: CHIP_HEIGHT,
    background: filled ? color.fill : '#ffffff',
    border: color.fill,
    color: filled ? color.text : '#1b1f24',
  };
}

/** A look drawn by React, for the legend: the same box the graph draws in flight. */
export function Chip({ look }: { look: Look }) {
  return (
    <span className={look.className} style={lookStyle(look)}>
      {look.text}
    </span>
  );
}
