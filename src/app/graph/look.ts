/** What an element in flight looks like: one box with a line of text, centred on its point. */
export interface Look {
  className: string;
  text: string;
  width: number;
  height: number;
  /** Colours that depend on the element (a checkpoint's), on top of its class. */
  background?: string;
  border?: string;
  color?: string;
  /** How many elements it shows: a run of records drawn as one "+N" chip shows N (else 1). */
  stands?: number;
}

/** The inline style of a look: sizes, its own colours, and the offset that centres it. */
export function lookStyle(look: Look): Record<string, string> {
  const style: Record<string, string> = {
    width: `${look.width}px`,
    height: `${look.height}px`,
    marginLeft: `${-look.width / 2}px`,
    marginTop: `${-look.height / 2}px`,
  };
  if (look.background) style.background = look.background;
  if (look.border) style.borderColor = look.border;
  if (look.color) style.color = look.color;
  return style;
}
