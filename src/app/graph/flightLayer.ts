import { lookStyle, type Look } from './flight';

/** Room around the paths for the largest element centred on them, in graph units. */
const MARGIN = 48;
/** The canvas never holds more pixels than this: a huge graph zoomed in is drawn less sharply. */
const MAX_PIXELS = 24_000_000;
/** Sprites kept before the cache starts over (one per look, and a record's look is its value). */
const MAX_SPRITES = 4000;

/** What an element drawn on the layer needs: where, how large, how opaque, and its look. */
export interface Drawn {
  x: number;
  y: number;
  look: Look;
  /** The look's size is multiplied by this (presenter mode draws everything larger). */
  scale: number;
  opacity: number;
}

/** Something that has elements to draw: the paths of the graph. */
export interface DrawSource {
  /** The box the path's elements stay in, in graph units, without their size. */
  bounds(): { minX: number; minY: number; maxX: number; maxY: number } | null;
  /** Calls `draw` for every element on the path, and returns how many there were. */
  drawAll(draw: (d: Drawn) => void): number;
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
 * Every element in flight of one graph, drawn on one canvas in the layer between the edges and
 * the nodes. Hundreds of moving boxes as page elements cost the browser a restyle, a relayout
 * and a repaint of each in every frame; on a canvas a frame is one clear and one copy of a
 * ready-drawn image (a sprite) per element. The looks stay in the style sheet: each class is
 * read from a hidden sample element once, and drawn from what the browser computed for it.
 */
export class FlightLayer {
  private canvas: HTMLCanvasElement | null = null;
  private readonly sources = new Set<DrawSource>();
  private readonly paints = new Map<string, Paint>();
  private readonly sprites = new Map<string, HTMLCanvasElement>();
  /** The sprite each look object was last drawn with: a frame looks up objects, not strings. */
  private readonly byLook = new WeakMap<
    Look,
    { generation: number; scale: number; sprite: HTMLCanvasElement }
  >();
  /** Counts the times the sprites were thrown away, which makes every `byLook` entry stale. */
  private generation = 0;
  /** Canvas pixels per graph unit: the zoom of the view times the device's pixel ratio. */
  private resolution = 1;
  private zoom = 1;
  private origin = { x: 0, y: 0 };
  /** The box and resolution the canvas was last sized for. */
  private box = '';
  private boundsStale = true;
  private scheduled = false;
  /** How many elements the last frame drew; also on the canvas as data-count, for tests. */
  drawn = 0;

  attach(canvas: HTMLCanvasElement): void {
    this.canvas = canvas;
    this.box = '';
    this.boundsStale = true;
    this.invalidate();
  }

  detach(): void {
    this.canvas = null;
  }

  add(source: DrawSource): void {
    this.sources.add(source);
    this.reshaped();
  }

  remove(source: DrawSource): void {
    this.sources.delete(source);
    this.reshaped();
  }

  /** A path changed its shape: the canvas may need to cover another box. */
  reshaped(): void {
    this.boundsStale = true;
    this.invalidate();
  }

  /** The view's zoom: the canvas is redrawn at a resolution that keeps the elements sharp. */
  setZoom(zoom: number): void {
    if (zoom === this.zoom) return;
    this.zoom = zoom;
    this.boundsStale = true;
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
    this.boundsStale = false;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const source of this.sources) {
      const b = source.bounds();
      if (!b) continue;
      minX = Math.min(minX, b.minX);
      minY = Math.min(minY, b.minY);
      maxX = Math.max(maxX, b.maxX);
      maxY = Math.max(maxY, b.maxY);
    }
    if (minX > maxX) {
      minX = minY = 0;
      maxX = maxY = 1;
    }
    const x = Math.floor(minX - MARGIN);
    const y = Math.floor(minY - MARGIN);
    const width = Math.ceil(maxX + MARGIN) - x;
    const height = Math.ceil(maxY + MARGIN) - y;
    // As many canvas pixels as the screen shows, rounded up to a quarter of a zoom step so that
    // a zoom gesture does not redraw at every step of it.
    const dpr = window.devicePixelRatio || 1;
    let resolution = dpr * Math.max(0.25, Math.ceil(this.zoom * 4) / 4);
    if (width * height * resolution * resolution > MAX_PIXELS) {
      resolution = Math.sqrt(MAX_PIXELS / (width * height));
    }
    if (resolution !== this.resolution) this.dropSprites();
    this.resolution = resolution;
    const box = `${x} ${y} ${width} ${height} ${resolution}`;
    // Sizing a canvas allocates its pixels again: only when the box or the resolution changed.
    if (box === this.box) return;
    this.box = box;
    this.origin = { x, y };
    canvas.style.left = `${x}px`;
    canvas.style.top = `${y}px`;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.width = Math.max(1, Math.round(width * resolution));
    canvas.height = Math.max(1, Math.round(height * resolution));
  }

  /** Clears the canvas and draws every element where its path holds it now. */
  draw(): void {
    const canvas = this.canvas;
    if (!canvas) return;
    if (this.boundsStale) this.fit(canvas);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const r = this.resolution;
    const { x: ox, y: oy } = this.origin;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    let count = 0;
    const paint = (d: Drawn) => {
      const sprite = this.sprite(d.look, d.scale);
      if (!sprite) return;
      const w = d.look.width * d.scale * r;
      const h = d.look.height * d.scale * r;
      ctx.globalAlpha = d.opacity;
      ctx.drawImage(
        sprite,
        Math.round((d.x - ox) * r - w / 2),
        Math.round((d.y - oy) * r - h / 2),
        w,
        h,
      );
    };
    for (const source of this.sources) count += source.drawAll(paint);
    if (count !== this.drawn || canvas.dataset.count === undefined) {
      this.drawn = count;
      canvas.dataset.count = String(count);
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
    this.generation += 1;
  }

  /** The look drawn once at the canvas's resolution, to be copied for every element that has it. */
  private sprite(look: Look, scale: number): HTMLCanvasElement | null {
    const cached = this.byLook.get(look);
    if (cached && cached.generation === this.generation && cached.scale === scale) {
      return cached.sprite;
    }
    const sprite = this.spriteOf(look, scale);
    if (sprite) this.byLook.set(look, { generation: this.generation, scale, sprite });
    return sprite;
  }

  private spriteOf(look: Look, scale: number): HTMLCanvasElement | null {
    const key = `${scale}|${look.className}|${look.text}|${look.width}|${look.height}|${look.background ?? ''}|${look.border ?? ''}|${look.color ?? ''}`;
    const known = this.sprites.get(key);
    if (known) return known;
    const paint = this.paintOf(look);
    if (!paint) return null;
    if (this.sprites.size >= MAX_SPRITES) this.dropSprites();
    const s = this.resolution * scale;
    const sprite = document.createElement('canvas');
    sprite.width = Math.max(1, Math.round(look.width * s));
    sprite.height = Math.max(1, Math.round(look.height * s));
    const ctx = sprite.getContext('2d');
    if (!ctx) return null;
    ctx.scale(sprite.width / look.width, sprite.height / look.height);
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
    ctx.font = paint.font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(look.text, look.width / 2, look.height / 2 + 0.5);
    this.sprites.set(key, sprite);
    return sprite;
  }
}
