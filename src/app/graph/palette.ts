/**
 * Checkpoint colours from the Okabe-Ito palette, which stays distinguishable under the common
 * colour-vision deficiencies. Vermillion is left out: red means a failure here. Every use also
 * prints the checkpoint's number, so colour is never the only cue.
 */
const CHECKPOINT_COLORS = [
  { fill: '#0072B2', text: '#ffffff' },
  { fill: '#E69F00', text: '#000000' },
  { fill: '#009E73', text: '#ffffff' },
  { fill: '#CC79A7', text: '#000000' },
  { fill: '#56B4E9', text: '#000000' },
  { fill: '#F0E442', text: '#000000' },
  { fill: '#000000', text: '#ffffff' },
] as const;

export interface CheckpointColor {
  fill: string;
  text: string;
}

/** The colour of checkpoint `id` (ids start at 1). */
export function checkpointColor(id: number): CheckpointColor {
  const n = CHECKPOINT_COLORS.length;
  return CHECKPOINT_COLORS[(((id - 1) % n) + n) % n];
}
