import { onFrames } from '../frameClock';
import type { DrawOne, DrawSource, FlightLayer } from './flightLayer';
import { pointAt, type PathGeometry } from './geometry';
import type { Look } from './look';
import type { FlightItem, Timing, Warp } from './timing';

const FADE_SECONDS = 0.2;

/** One drawn element and the move it is making. */
interface Flyer {
  key: string;
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
  opacity: number;
  /** Where it goes when it leaves the path. */
  exitTo: number;
  /** Taken off the path: forgotten when its move ends. */
  leaving: boolean;
  path: FlightPath;
}

const moving = new Set<Flyer>();

function eased(ease: Timing['ease'], f: number): number {
  return ease === 'linear' ? f : f * (2 - f);
}

/**
 * Every element in flight, moved on the app's frame clock: each frame advances every move, then
 * each layer with something moving draws its frame. A frame between ticks runs no React render
 * and touches no page element. It asks for no frame when nothing moves.
 */
function step(now: number): boolean {
  const layers = new Set<FlightLayer>();
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
        f.opacity = 1;
      } else f.opacity = shown;
    }
    if (f.path.layer) layers.add(f.path.layer);
    if (done && f.fade === 0) {
      moving.delete(f);
      if (f.leaving) f.path.drop(f);
    }
  }
  for (const layer of layers) layer.draw();
  return moving.size > 0;
}

function keepMoving(f: Flyer): void {
  moving.add(f);
  onFrames(step);
}

/**
 * The elements in flight on one path (an edge), drawn by the graph's flight layer. `update` is
 * called with the elements of each tick: new ones appear (fading in where they are, or arriving
 * from `from`), the ones still there move along the path from where they are drawn to their new
 * distance, and the ones gone finish their trip to `exitTo` when the cursor moved one tick
 * forward, or vanish at once otherwise.
 */
export class FlightPath implements DrawSource {
  layer: FlightLayer | null = null;

  constructor(readonly edge: string) {}

  private geometry: PathGeometry | null = null;
  private warp: Warp | null = null;
  private scale = 1;
  private readonly flyers = new Map<string, Flyer>();

  attach(layer: FlightLayer): void {
    this.layer = layer;
    layer.add(this);
  }

  /** Forgets every element, for an edge that goes away. */
  detach(): void {
    for (const f of this.flyers.values()) moving.delete(f);
    this.flyers.clear();
    this.layer?.remove(this);
    this.layer = null;
    this.geometry = null;
    this.warp = null;
    this.scale = 1;
  }

  drawAll(draw: DrawOne): number {
    const g = this.geometry;
    if (!g) return 0;
    const warp = this.warp;
    let shown = 0;
    for (const f of this.flyers.values()) {
      const p = pointAt(g, warp ? warp(f.along) : f.along);
      draw(p.x, p.y, f.look, this.scale, f.opacity);
      shown += f.look.stands ?? 1;
    }
    return shown;
  }

  update(
    geometry: PathGeometry,
    items: readonly FlightItem[],
    timing: Timing,
    scale: number,
    warp: Warp | null = null,
  ) {
    const layer = this.layer;
    if (!layer) return;
    this.geometry = geometry;
    this.warp = warp;
    this.scale = scale;
    const now = performance.now();
    const duration = timing.instant ? 0 : timing.duration * 1000;
    const present = new Set<string>();
    for (const item of items) {
      present.add(item.key);
      let f = this.flyers.get(item.key);
      if (!f) {
        const start = timing.instant ? item.distance : (item.from ?? item.distance);
        const fade = timing.instant ? 0 : Math.min(FADE_SECONDS * 1000, duration);
        f = {
          key: item.key,
          look: item.look,
          along: start,
          fromAlong: start,
          toAlong: item.distance,
          start: now,
          duration,
          ease: timing.ease,
          fadeFrom: now,
          fade,
          opacity: fade > 0 ? 0 : 1,
          exitTo: item.exitTo,
          leaving: false,
          path: this,
        };
        this.flyers.set(item.key, f);
      } else {
        f.look = item.look;
        f.exitTo = item.exitTo;
        f.leaving = false;
        if (f.toAlong === item.distance) continue;
        f.fromAlong = f.along;
        f.toAlong = item.distance;
        f.start = now;
        f.duration = duration;
        f.ease = timing.ease;
      }
      if (f.duration > 0 || f.fade > 0) keepMoving(f);
      else f.along = f.toAlong;
    }
    for (const f of this.flyers.values()) {
      if (present.has(f.key)) continue;
      if (timing.instant || !timing.forward) {
        this.drop(f);
        continue;
      }
      if (f.leaving) continue;
      f.leaving = true;
      f.fromAlong = f.along;
      f.toAlong = f.exitTo;
      f.start = now;
      f.duration = duration;
      f.ease = timing.ease;
      keepMoving(f);
    }
    layer.invalidate();
  }

  drop(f: Flyer): void {
    moving.delete(f);
    if (this.flyers.get(f.key) === f) this.flyers.delete(f.key);
  }
}
