/** How the app is being looked at: on a desk, projected, or inside someone's slide. */
export type View = 'normal' | 'presenter' | 'embed';

/** The smallest size, in screen pixels, text on the graph may be drawn at. */
export interface Floors {
  /** Node titles and the values a node shows. */
  title: number;
  /** Labels that explain a value. */
  secondary: number;
}

/**
 * The smallest font size of the titles and values nodes show, in flow units, before zoom and
 * enlargement, at each level of detail: compact nodes show fewer things, larger.
 */
export const TITLE_TEXT = { full: 15, compact: 17 } as const;

/** The smallest font size of the labels nodes show, in flow units. */
export const LABEL_TEXT = 15;

const between = (from: number, to: number, f: number) =>
  from + (to - from) * Math.max(0, Math.min(1, f));

/**
 * The floors for a view on a window of this size: read from the back of a classroom, projected
 * text must be larger the larger the projected screen (at 1280x720 titles of 18 px, at
 * 1920x1080 of 24), a desk at 1440x900 or more reads 14 px, smaller desks 13, an embed 12.
 */
export function floorsFor(view: View, width: number, height: number): Floors {
  switch (view) {
    case 'presenter': {
      const f = Math.min((width - 1280) / 640, (height - 720) / 360);
      return { title: between(18, 24, f), secondary: between(14, 18, f) };
    }
    case 'embed':
      return { title: 12, secondary: 10 };
    default:
      return width >= 1440 && height >= 900
        ? { title: 14, secondary: 12 }
        : { title: 13, secondary: 11 };
  }
}
