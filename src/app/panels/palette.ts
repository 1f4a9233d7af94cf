/**
 * Checkpoint colours from the Okabe-Ito palette, distinguishable under the common colour-vision
 * deficiencies, in the order the graph uses, so checkpoint 2 looks the same in every view.
 * Every use also prints the number: colour is never the only cue.
 */
const COLORS = [
  { fill: '#0072B2', text: '#ffffff' },
  { fill: '#E69F00', text: '#000000' },
  { fill: '#009E73', text: '#ffffff' },
  { fill: '#CC79A7', text: '#000000' },
  { fill: '#56B4E9', text: '#000000' },
  { fill: '#F0E442', text: '#000000' },
  { fill: '#000000', text: '#ffffff' },
] as const;

export function checkpointColor(id: number): { fill: string; text: string } {
  const n = COLORS.length;
  return COLORS[(((id - 1) % n) + n) % n];
}
