/** Where a box went: which page, and its top-left corner on it. */
export interface Spot {
  page: number;
  x: number;
  y: number;
}

/** Pixels left free between two boxes, so that no box's edge pixels touch another's. */
export const GAP = 1;

/**
 * Packs boxes onto square pages row by row, as a shelf packer does: each box goes to the right of
 * the last one in the current row, a box that does not fit starts a row below the tallest box of
 * the row, and one that does not fit below starts a new page. Boxes are never taken back: the
 * whole packing starts over (`clear`) when its owner drops everything it placed. The flight
 * layer draws each element's look once onto these pages and copies it from there in every frame.
 */
export class Shelves {
  private pages = 0;
  private rowX = 0;
  private rowY = 0;
  private rowHeight = 0;

  /** `size`: the side of a page, in pixels. */
  constructor(readonly size: number) {}

  /** Pages used so far. */
  get count(): number {
    return this.pages;
  }

  /**
   * A spot for a box `width` x `height`, or null for one larger than a page (its owner gives it
   * a page of its own).
   */
  place(width: number, height: number): Spot | null {
    if (width > this.size || height > this.size) return null;
    if (this.pages === 0) this.newPage();
    if (this.rowX + width > this.size) this.newRow();
    if (this.rowY + height > this.size) this.newPage();
    const spot = { page: this.pages - 1, x: this.rowX, y: this.rowY };
    this.rowX += width + GAP;
    this.rowHeight = Math.max(this.rowHeight, height);
    return spot;
  }

  clear(): void {
    this.pages = 0;
    this.rowX = this.rowY = this.rowHeight = 0;
  }

  private newRow(): void {
    this.rowY += this.rowHeight + GAP;
    this.rowX = 0;
    this.rowHeight = 0;
  }

  private newPage(): void {
    this.pages += 1;
    this.rowX = this.rowY = this.rowHeight = 0;
  }
}
