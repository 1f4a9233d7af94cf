import type { Box } from './layout';
import { lookStyle, type Look } from './look';
import { Shelves } from './shelves';

/** Sprites kept before the cache starts over (one per look, and a record's look is its value). */
const MAX_SPRITES = 4000;

/**
 * The side of a page of sprites, in pixels: about sixty record chips fit on one. Small, because
 * a page drawn on since the last copy from it is copied whole (a snapshot) before the next: the
 * stress scenario brings new values every tick, and with pages of 1024 pixels a side it lost a
 * sixth of its frames at 4x.
 */
const PAGE = 256;

/**
 * Pages kept before the cache starts over, whatever the count of sprites: 256 KB each, and
 * large sprites (a presenter's, much zoomed) fill a page with a few.
 */
const MAX_PAGES = 192;

/** A look drawn once: where on which canvas, and its size in canvas pixels. */
interface Sprite {
  canvas: HTMLCanvasElement;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A canvas the sprites are drawn on, with the font it is set to (setting one parses it). */
interface Page {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  font: string;
}

/**
 * Draws one element: centred on (x, y) in graph units, its look's size multiplied by `scale`
 * (presenter mode draws everything larger), at `opacity`. Arguments, not an object: it is
 * called for every element in every frame.
 */
export type DrawOne = (x: number, y: number, look: Look, scale: number, opacity: number) => void;

/** Something that has elements to draw: the paths of the graph. */
export interface DrawSource {
  /** The edge the elements travel on. */
  readonly edge: string;
  /** Calls `draw` for every element on the path, and returns how many there were. */
  drawAll(draw: DrawOne): number;
}

/** An element on the screen: the edge it travels on, its text and its box. */
export interface DrawnBox {
  edge: string;
  text: string;
  /** The look's class: g-chip, g-barrier, g-pill, with their variants. */
  className: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A node on the graph, in graph units: the elements pass under it. */
export interface RoundedBox extends Box {
  radius: number;
}

/** The view: screen = graph * zoom + (x, y), as React Flow's viewport transform. */
export interface View {
  x: number;
  y: number;
  zoom: number;
}

/**
 * A coordinate on the canvas's pixel grid. The layout rounds positions to 1/64 of a pixel; so
 * does this, before rounding to whole pixels, so that the last bits of a float never decide
 * which pixel an element lands on.
 */
function pixel(v: number): number {
  return Math.round(Math.round(v * 64) / 64);
}

/** How a look's class is drawn, as the style sheet says: read once per class and colours. */
interface Paint {
  background: string;
  borderWidth: number;
  borderColor: string;
  dashed: boolean;
  radius: number;
  color: string;
  font: string;
}

function roundedRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

/**
 * Every element in flight of one graph, drawn on one canvas above the nodes, clear where they
 * are. Hundreds of moving boxes as page elements cost the browser a restyle, a relayout
 * and a repaint of each in every frame; on a canvas a frame is one clear and one copy of a
 * ready-drawn image (a sprite) per element. The looks stay in the style sheet: each class is
 * read from a hidden sample element once, and drawn from what the browser computed for it.
 *
 * The canvas covers the pane in screen pixels: placed in the zoomed and panned viewport, it is
 * given the inverse of the view's transform, so that each of its pixels is one pixel of the
 * screen and the elements are drawn sharp, where the view puts them, at any zoom.
 */
export class FlightLayer {
  private canvas: HTMLCanvasElement | null = null;
  private readonly sources = new Set<DrawSource>();
  private readonly paints = new Map<string, Paint>();
  private readonly sprites = new Map<string, Sprite>();
  /**
   * The canvases the sprites are drawn on, packed row by row: a canvas and its context for each
   * sprite cost more than drawing it, and a jump on a big job brings a hundred new values.
   */
  private readonly shelves = new Shelves(PAGE);
  private pages: Page[] = [];
  /** The sprite each look object was last drawn with: a frame looks up objects, not strings. */
  private readonly byLook = new WeakMap<
    Look,
    { generation: number; scale: number; sprite: Sprite }
  >();
  /** Counts the times the sprites were thrown away, which makes every `byLook` entry stale. */
  private generation = 0;
  private view: View = { x: 0, y: 0, zoom: 1 };
  private pane = { width: 1, height: 1 };
  /** Canvas pixels per graph unit: the view's zoom times the device's pixel ratio. */
  private resolution = 1;
  /** The canvas needs sizing or placing again before the next frame. */
  private stale = true;
  private scheduled = false;
  /**
   * How many elements the last frame showed (a "+N" chip shows N), also on the canvas as
   * data-count (tests read it).
   */
  private drawn = 0;
  /** How many boxes the last frame drew (data-drawn): a "+N" chip is one. */
  private drawnCount = -1;
  /**
   * Where the last frame drew, in canvas pixels (x, y, width, height, four numbers a sprite):
   * the next frame clears only those, not the whole canvas, whose clearing cost more than all
   * the drawing; null when the whole canvas must be cleared (it was fitted to a new view).
   */
  private painted: number[] | null = null;
  /** A frame's elements between placing and copying them: sprite, left, top, opacity. */
  private readonly queued: (Sprite | number)[] = [];
  /** The boxes of the nodes, in graph units: the elements pass under them (see clearUnder). */
  private nodes: (() => Iterable<RoundedBox>) | null = null;

  attach(canvas: HTMLCanvasElement, nodes?: () => Iterable<RoundedBox>): void {
    this.canvas = canvas;
    this.nodes = nodes ?? null;
    this.stale = true;
    // What the canvas shows, as boxes a test can read: no locator reaches into a canvas.
    Object.defineProperty(canvas, 'drawnBoxes', { configurable: true, value: () => this.boxes() });
    this.invalidate();
  }

  /**
   * Every element drawn now, as its edge and its box in CSS pixels of the page: computed when
   * asked, never in a frame.
   */
  boxes(): DrawnBox[] {
    const pane = this.canvas?.closest('.react-flow')?.getBoundingClientRect();
    if (!pane) return [];
    const { x: vx, y: vy, zoom } = this.view;
    const found: DrawnBox[] = [];
    for (const source of this.sources) {
      source.drawAll((x, y, look, scale, opacity) => {
        if (opacity === 0) return;
        const width = look.width * scale * zoom;
        const height = look.height * scale * zoom;
        found.push({
          edge: source.edge,
          text: look.text,
          className: look.className,
          left: pane.left + vx + x * zoom - width / 2,
          top: pane.top + vy + y * zoom - height / 2,
          width,
          height,
        });
      });
    }
    return found;
  }

  detach(): void {
    this.canvas = null;
    this.nodes = null;
  }

  add(source: DrawSource): void {
    this.sources.add(source);
    this.invalidate();
  }

  remove(source: DrawSource): void {
    this.sources.delete(source);
    this.invalidate();
  }

  /** The view moved or zoomed: the canvas follows it, and is drawn again. */
  setView(view: View): void {
    const { x, y, zoom } = this.view;
    if (view.x === x && view.y === y && view.zoom === zoom) return;
    this.view = view;
    this.stale = true;
    this.invalidate();
  }

  /** The size of the pane on the screen, in CSS pixels. */
  setPane(width: number, height: number): void {
    if (width === this.pane.width && height === this.pane.height) return;
    this.pane = { width: Math.max(1, width), height: Math.max(1, height) };
    this.stale = true;
    this.invalidate();
  }

  /** The look of the page changed (presenter mode): read the classes again. */
  restyled(): void {
    this.paints.clear();
    this.dropSprites();
    this.invalidate();
  }

  /**
   * Draws once after the current task: every path of a render hands over its elements in the
   * same commit, and the frame shows them all. The animation loop calls `draw` itself.
   */
  invalidate(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.draw();
    });
  }

  private fit(canvas: HTMLCanvasElement): void {
    this.stale = false;
    const { x, y, zoom } = this.view;
    const dpr = window.devicePixelRatio || 1;
    const resolution = zoom * dpr;
    if (resolution !== this.resolution) this.dropSprites();
    this.resolution = resolution;
    const { width, height } = this.pane;
    const pixelsWide = Math.round(width * dpr);
    const pixelsHigh = Math.round(height * dpr);
    // Sizing a canvas allocates its pixels again: only when the pane's size changed.
    if (canvas.width !== pixelsWide || canvas.height !== pixelsHigh) {
      canvas.width = pixelsWide;
      canvas.height = pixelsHigh;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    canvas.style.transform = `scale(${1 / zoom}) translate(${-x}px, ${-y}px)`;
  }

  /** Clears the canvas and draws every element where its path holds it now. */
  draw(): void {
    const canvas = this.canvas;
    if (!canvas) return;
    if (this.stale) {
      this.fit(canvas);
      this.painted = null;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const { x: vx, y: vy } = this.view;
    const r = this.resolution;
    ctx.globalAlpha = 1;
    const last = this.painted;
    if (last === null) ctx.clearRect(0, 0, canvas.width, canvas.height);
    else
      for (let i = 0; i < last.length; i += 4)
        ctx.clearRect(last[i], last[i + 1], last[i + 2], last[i + 3]);
    const painted: number[] = [];
    this.painted = painted;
    let count = 0;
    // First every element's sprite and place, then the copies: copying from a page of sprites
    // that was drawn on since the last copy takes a snapshot of the whole page, so new sprites
    // drawn between copies would cost a snapshot each.
    const queued = this.queued;
    queued.length = 0;
    const queue: DrawOne = (x, y, look, scale, opacity) => {
      const sprite = this.sprite(look, scale);
      if (!sprite) return;
      // Pixel for pixel: the sprite was drawn at this resolution, so the copy is a plain blit.
      const left = pixel(x * r + vx * dpr - sprite.width / 2);
      const top = pixel(y * r + vy * dpr - sprite.height / 2);
      queued.push(sprite, left, top, opacity);
    };
    for (const source of this.sources) count += source.drawAll(queue);
    const drawnNow = queued.length / 4;
    let alpha = 1;
    for (let i = 0; i < queued.length; i += 4) {
      const sprite = queued[i] as Sprite;
      const left = queued[i + 1] as number;
      const top = queued[i + 2] as number;
      const opacity = queued[i + 3] as number;
      if (opacity !== alpha) ctx.globalAlpha = alpha = opacity;
      const { width, height } = sprite;
      ctx.drawImage(sprite.canvas, sprite.x, sprite.y, width, height, left, top, width, height);
      painted.push(left, top, width, height);
    }
    queued.length = 0;
    if (painted.length > 0) this.clearUnder(ctx, painted, dpr);
    if (count !== this.drawn || canvas.dataset.count === undefined) {
      this.drawn = count;
      canvas.dataset.count = String(count);
    }
    if (drawnNow !== this.drawnCount) {
      this.drawnCount = drawnNow;
      canvas.dataset.drawn = String(drawnNow);
    }
  }

  /**
   * Clears what this frame drew over a node, so that an element reaching a task's edge passes
   * under it as a page element would. Only where a drawn box meets a node: clearing every node's
   * whole box on a canvas drawn without a GPU cost more than the drawing.
   */
  private clearUnder(ctx: CanvasRenderingContext2D, painted: readonly number[], dpr: number) {
    if (!this.nodes) return;
    const { x: vx, y: vy } = this.view;
    const r = this.resolution;
    for (const node of this.nodes()) {
      const left = node.x * r + vx * dpr;
      const top = node.y * r + vy * dpr;
      const width = node.width * r;
      const height = node.height * r;
      let clipped = false;
      for (let i = 0; i < painted.length; i += 4) {
        const x0 = Math.max(left, painted[i]);
        const y0 = Math.max(top, painted[i + 1]);
        const x1 = Math.min(left + width, painted[i] + painted[i + 2]);
        const y1 = Math.min(top + height, painted[i + 1] + painted[i + 3]);
        if (x1 <= x0 || y1 <= y0) continue;
        // Within the node's rounded outline: what shows past its corners stays.
        if (!clipped) {
          ctx.save();
          roundedRect(ctx, left, top, width, height, node.radius * r);
          ctx.clip();
          clipped = true;
        }
        ctx.clearRect(x0, y0, x1 - x0, y1 - y0);
      }
      if (clipped) ctx.restore();
    }
  }

  private paintOf(look: Look): Paint | null {
    const key = `${look.className}|${look.background ?? ''}|${look.border ?? ''}|${look.color ?? ''}`;
    const known = this.paints.get(key);
    if (known) return known;
    const host = this.canvas?.parentElement;
    if (!host) return null;
    const sample = document.createElement('span');
    sample.className = look.className;
    Object.assign(sample.style, lookStyle(look), { position: 'absolute', visibility: 'hidden' });
    sample.textContent = look.text;
    host.appendChild(sample);
    const css = getComputedStyle(sample);
    const paint: Paint = {
      background: css.backgroundColor,
      borderWidth: parseFloat(css.borderTopWidth) || 0,
      borderColor: css.borderTopColor,
      dashed: css.borderTopStyle === 'dashed',
      radius: parseFloat(css.borderTopLeftRadius) || 0,
      color: css.color,
      font: `${css.fontStyle} ${css.fontWeight} ${css.fontSize} ${css.fontFamily}`,
    };
    sample.remove();
    this.paints.set(key, paint);
    return paint;
  }

  private dropSprites(): void {
    this.sprites.clear();
    this.shelves.clear();
    this.pages = [];
    this.generation += 1;
  }

  /** The look drawn once at the canvas's resolution, to be copied for every element that has it. */
  private sprite(look: Look, scale: number): Sprite | null {
    const cached = this.byLook.get(look);
    if (cached && cached.generation === this.generation && cached.scale === scale) {
      return cached.sprite;
    }
    const sprite = this.spriteOf(look, scale);
    if (sprite) this.byLook.set(look, { generation: this.generation, scale, sprite });
    return sprite;
  }

  private spriteOf(look: Look, scale: number): Sprite | null {
    const key = `${scale}|${look.className}|${look.text}|${look.width}|${look.height}|${look.background ?? ''}|${look.border ?? ''}|${look.color ?? ''}`;
    const known = this.sprites.get(key);
    if (known) return known;
    const paint = this.paintOf(look);
    if (!paint) return null;
    if (this.sprites.size >= MAX_SPRITES) this.dropSprites();
    const s = this.resolution * scale;
    const width = Math.max(1, Math.round(look.width * s));
    const height = Math.max(1, Math.round(look.height * s));
    let spot = this.shelves.place(width, height);
    if (spot && spot.page >= MAX_PAGES) {
      this.dropSprites();
      spot = this.shelves.place(width, height);
    }
    // A look larger than a page (a long label, much enlarged) gets a canvas of its own.
    const page = spot ? this.page(spot.page) : newPage(width, height);
    if (!page) return null;
    const { ctx } = page;
    const sprite: Sprite = { canvas: page.canvas, x: spot?.x ?? 0, y: spot?.y ?? 0, width, height };
    if (page.font !== paint.font) {
      ctx.font = page.font = paint.font;
    }
    ctx.save();
    // Its own box only: a glyph past the box's edge would mark the sprite beside it.
    ctx.beginPath();
    ctx.rect(sprite.x, sprite.y, width, height);
    ctx.clip();
    ctx.setTransform(width / look.width, 0, 0, height / look.height, sprite.x, sprite.y);
    const b = paint.borderWidth;
    // The border is inside the box (border-box), as the page draws it.
    roundedRect(ctx, b / 2, b / 2, look.width - b, look.height - b, paint.radius - b / 2);
    ctx.fillStyle = paint.background;
    ctx.fill();
    if (b > 0) {
      ctx.lineWidth = b;
      ctx.strokeStyle = paint.borderColor;
      ctx.setLineDash(paint.dashed ? [3 * b, 2 * b] : []);
      ctx.stroke();
    }
    ctx.fillStyle = paint.color;
    ctx.fillText(look.text, look.width / 2, look.height / 2 + 0.5);
    ctx.restore();
    this.sprites.set(key, sprite);
    return sprite;
  }

  /** Page `index` of the sprites, made when first asked for. */
  private page(index: number): Page | null {
    const known = this.pages[index];
    if (known) return known;
    const page = newPage(PAGE, PAGE);
    if (page) this.pages[index] = page;
    return page;
  }
}

/** A canvas to draw sprites on, its text centred on the point it is drawn at. */
function newPage(width: number, height: number): Page | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  return { canvas, ctx, font: '' };
}
