import { pointAt, type PathGeometry } from './geometry';

/** How elements move when the tick changes; one value for the whole graph. */
export interface Timing {
  /** Place everything at its tick position at once: reduced motion, and screenshots. */
  instant: boolean;
  /** Seconds a move takes: one tick's worth while playing, a short tween when stepping. */
  duration: number;
  ease: 'linear' | 'easeOut';
  /** The cursor moved one tick forward, so departing elements finish their trip first. */
  forward: boolean;
}

export const INSTANT: Timing = { instant: true, duration: 0, ease: 'linear', forward: false };

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
}

/** An element on a path at the current tick. */
export interface FlightItem {
  /** Stable across ticks, so an element keeps its identity while it travels. */
  key: string;
  /** Where the element is at this tick, as a distance along the path. */
  distance: number;
  /** Where it goes when it leaves the path: the end it travels towards. */
  exitTo: number;
  /** Where a new element comes from, when it should be seen arriving rather than appear. */
  from?: number;
  look: Look;
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

const FADE_SECONDS = 0.2;

/** One drawn element and the move it is making. */
interface Flyer {
  key: string;
  el: HTMLElement;
  look: Look;
  /** Distance along the path drawn last. */
  along: number;
  fromAlong: number;
  toAlong: number;
  /** performance.now() when the move started, and its length in ms (0: already there). */
  start: number;
  duration: number;
  ease: Timing['ease'];
  /** When it fades in (ms since `fadeFrom`), or 0 once it is fully shown. */
  fadeFrom: number;
  fade: number;
  /** Where it goes when it leaves the path. */
  exitTo: number;
  /** Taken off the path: removed from the page when its move ends. */
  leaving: boolean;
  path: FlightPath;
}

const moving = new Set<Flyer>();
let frame = 0;

function eased(ease: Timing['ease'], f: number): number {
  return ease === 'linear' ? f : f * (2 - f);
}

/**
 * The single animation loop for every element in flight: one requestAnimationFrame callback
 * moves them all by writing their positions, so a frame between ticks runs no React render and
 * no per-element animation object. It stops when nothing moves. Positions are left and top, not
 * transforms: a moved box is a cheap relayout of one contained box, where hundreds of
 * transforms cost the browser more in building its layers every frame.
 */
function step(now: number): void {
  frame = 0;
  for (const f of moving) {
    const t = Math.max(0, now - f.start);
    const done = t >= f.duration;
    f.along = done
      ? f.toAlong
      : f.fromAlong + (f.toAlong - f.fromAlong) * eased(f.ease, t / f.duration);
    if (f.fade > 0) {
      const shown = Math.max(0, now - f.fadeFrom) / f.fade;
      if (shown >= 1) {
        f.fade = 0;
        f.el.style.opacity = '';
      } else f.el.style.opacity = String(shown);
    }
    f.path.place(f);
    if (done && f.fade === 0) {
      moving.delete(f);
      if (f.leaving) f.path.drop(f);
    }
  }
  if (moving.size > 0) frame = requestAnimationFrame(step);
}

function keepMoving(f: Flyer): void {
  moving.add(f);
  if (frame === 0) frame = requestAnimationFrame(step);
}

function applyLook(el: HTMLElement, look: Look): void {
  el.className = look.className;
  el.textContent = look.text;
  el.removeAttribute('style');
  Object.assign(el.style, lookStyle(look));
}

function sameLook(a: Look, b: Look): boolean {
  return (
    a.className === b.className &&
    a.text === b.text &&
    a.width === b.width &&
    a.height === b.height &&
    a.background === b.background &&
    a.border === b.border &&
    a.color === b.color
  );
}

/**
 * The elements in flight on one path (an edge), drawn into one container. `update` is called
 * with the elements of each tick: new ones appear (fading in where they are, or arriving from
 * `from`), the ones still there move along the path from where they are drawn to their new
 * distance, and the ones gone finish their trip to `exitTo` when the cursor moved one tick
 * forward, or vanish at once otherwise.
 */
export class FlightPath {
  private container: HTMLElement | null = null;
  private geometry: PathGeometry | null = null;
  private scale = 1;
  private readonly flyers = new Map<string, Flyer>();

  attach(container: HTMLElement): void {
    this.container = container;
  }

  /** Removes every element from the page, for an edge that goes away. */
  detach(): void {
    for (const f of this.flyers.values()) {
      moving.delete(f);
      f.el.remove();
    }
    this.flyers.clear();
    this.container = null;
    this.geometry = null;
    this.scale = 1;
  }

  update(geometry: PathGeometry, items: readonly FlightItem[], timing: Timing, scale: number) {
    const container = this.container;
    if (!container) return;
    const reshaped = geometry !== this.geometry || scale !== this.scale;
    this.geometry = geometry;
    if (scale !== this.scale) container.style.zoom = scale === 1 ? '' : String(scale);
    this.scale = scale;
    const now = performance.now();
    const duration = timing.instant ? 0 : timing.duration * 1000;
    const present = new Set<string>();
    for (const item of items) {
      present.add(item.key);
      let f = this.flyers.get(item.key);
      if (!f) {
        const el = document.createElement('div');
        applyLook(el, item.look);
        const start = timing.instant ? item.distance : (item.from ?? item.distance);
        f = {
          key: item.key,
          el,
          look: item.look,
          along: start,
          fromAlong: start,
          toAlong: item.distance,
          start: now,
          duration,
          ease: timing.ease,
          fadeFrom: now,
          fade: timing.instant ? 0 : Math.min(FADE_SECONDS * 1000, duration),
          exitTo: item.exitTo,
          leaving: false,
          path: this,
        };
        if (f.fade > 0) el.style.opacity = '0';
        this.flyers.set(item.key, f);
        this.place(f);
        container.appendChild(el);
      } else {
        if (!sameLook(f.look, item.look)) {
          applyLook(f.el, item.look);
          f.look = item.look;
          if (f.fade > 0) f.el.style.opacity = '0';
          this.place(f);
        }
        f.exitTo = item.exitTo;
        f.leaving = false;
        // A dragged node reshapes the path: keep the element on it.
        if (reshaped) this.place(f);
        if (f.toAlong === item.distance) continue;
        f.fromAlong = f.along;
        f.toAlong = item.distance;
        f.start = now;
        f.duration = duration;
        f.ease = timing.ease;
      }
      if (f.duration > 0 || f.fade > 0) keepMoving(f);
      else {
        f.along = f.toAlong;
        this.place(f);
      }
    }
    for (const f of this.flyers.values()) {
      if (present.has(f.key)) continue;
      if (timing.instant || !timing.forward) {
        this.drop(f);
        continue;
      }
      if (f.leaving) {
        if (reshaped) this.place(f);
        continue;
      }
      f.leaving = true;
      f.fromAlong = f.along;
      f.toAlong = f.exitTo;
      f.start = now;
      f.duration = duration;
      f.ease = timing.ease;
      keepMoving(f);
    }
  }

  /** Draws an element at its distance along the path. */
  place(f: Flyer): void {
    if (!this.geometry) return;
    const p = pointAt(this.geometry, f.along);
    // The container is zoomed in presenter mode, so positions are given in its units.
    f.el.style.left = `${p.x / this.scale}px`;
    f.el.style.top = `${p.y / this.scale}px`;
  }

  drop(f: Flyer): void {
    moving.delete(f);
    f.el.remove();
    if (this.flyers.get(f.key) === f) this.flyers.delete(f.key);
  }
}
