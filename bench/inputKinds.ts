/**
 * The interactions of the input-to-paint figure. Apart from bench/browserFigures.ts, which the
 * bench imports only once lz-string's hooks are registered.
 */
export const INPUT_KINDS = ['End', 'Home', 'slider', 'Step'] as const;
export type InputKind = (typeof INPUT_KINDS)[number];
