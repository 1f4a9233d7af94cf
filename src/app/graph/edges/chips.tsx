import { checkpointColor } from '../palette';

/** Width of a text at the chips' font size, close enough to size a pill around it. */
export function textWidth(text: string): number {
  return Math.ceil(text.length * 8.8);
}

export const CHIP_HEIGHT = 24;

/** A record on a channel: its value in a small chip; a replayed one dashed and tinted. */
export function RecordChip({ value, replay }: { value: number; replay: boolean }) {
  const text = String(value);
  const width = Math.max(24, textWidth(text) + 10);
  return (
    <g className={replay ? 'g-chip g-chip-replay' : 'g-chip'}>
      <rect x={-width / 2} y={-CHIP_HEIGHT / 2} width={width} height={CHIP_HEIGHT} rx={5} />
      <text textAnchor="middle" dominantBaseline="central">
        {text}
      </text>
    </g>
  );
}

/** A barrier: a tall bar in its checkpoint's colour with the checkpoint's number on it. */
export function BarrierMark({ checkpoint, savepoint }: { checkpoint: number; savepoint: boolean }) {
  const color = checkpointColor(checkpoint);
  const text = `${savepoint ? 'S' : ''}${checkpoint}`;
  const width = Math.max(18, textWidth(text) + 6);
  return (
    <g className="g-barrier">
      <rect
        x={-width / 2}
        y={-19}
        width={width}
        height={38}
        rx={3}
        style={{ fill: color.fill, stroke: '#1b1f24' }}
      />
      <text textAnchor="middle" dominantBaseline="central" style={{ fill: color.text }}>
        {text}
      </text>
    </g>
  );
}

/** A pill with a label, outlined in a checkpoint's colour: control messages, writes, restores. */
export function Pill({
  text,
  checkpoint,
  filled = false,
}: {
  text: string;
  checkpoint: number;
  filled?: boolean;
}) {
  const color = checkpointColor(checkpoint);
  const width = textWidth(text) + 14;
  return (
    <g className="g-pill">
      <rect
        x={-width / 2}
        y={-CHIP_HEIGHT / 2}
        width={width}
        height={CHIP_HEIGHT}
        rx={CHIP_HEIGHT / 2}
        style={{ fill: filled ? color.fill : '#ffffff', stroke: color.fill }}
      />
      <text
        textAnchor="middle"
        dominantBaseline="central"
        style={{ fill: filled ? color.text : '#1b1f24' }}
      >
        {text}
      </text>
    </g>
  );
}
