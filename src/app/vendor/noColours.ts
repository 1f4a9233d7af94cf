/**
 * Stands in for d3-color in the app's build (vite.config.ts). React Flow pans and zooms through
 * d3-zoom, which brings d3-transition and d3-interpolate, and they import d3-color to tween
 * colours: a transition of an attribute or a style whose value is a colour string. React Flow's
 * transitions tween only the view (three numbers), and the app tweens nothing with d3, so no
 * colour is ever parsed; without the colour module the first screen loads 4 KB less.
 *
 * `color` finds no colour in any string: d3-interpolate then tweens strings by the numbers in
 * them, as it does for any string that is not a colour. The rest throw, should a later change
 * ever tween a colour.
 */
export function color(): null {
  return null;
}

function none(): never {
  throw new Error('The app is built without d3-color: a colour cannot be tweened.');
}

export const rgb = none;
export const hsl = none;
export const lab = none;
export const hcl = none;
export const cubehelix = none;
