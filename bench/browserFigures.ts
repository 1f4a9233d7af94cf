import { chromium, type Browser, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, preview, type PreviewServer } from 'vite';
import { exportScenarioFile } from '../src/scenarios/scenarioFile';
import { encodeShareState, type SharedScenario, type ShareView } from '../src/scenarios/shareLink';
import { eagerJavaScript, type BundleSize } from './firstScreen';
import type { InputKind } from './inputKinds';
import { largeScenario, stressScenario, worstCaseScenario } from './scenarios';

const ROOT = resolve(import.meta.dirname, '..');
const VIEWPORT = { width: 1440, height: 900 };
/**
 * Every page the bench opens. The app's Content-Security-Policy forbids evaluating strings, which
 * is how the bench's in-page probes are sent; bypassing it changes nothing the page runs.
 */
const CONTEXT = { viewport: VIEWPORT, bypassCSP: true };
const LOAD_RUNS = 5;
const FRAME_RUNS = 3;
const FRAME_WINDOW_MS = 4000;
/** How many times slower the CPU runs for the figures of a classroom laptop. */
const SLOWDOWN = 4;
/** Inputs of each kind per page in the input-to-paint figure. */
const INPUT_SAMPLES = 20;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A figure that could not be taken, and why. */
export interface Unmeasured {
  reason: string;
}

/**
 * How busy the machine was around a figure, and whether a first measure of it was replaced
 * because the machine was busy then (see `unhurried`).
 */
export interface Remeasured {
  /** One-minute load average of the machine when the figure started. */
  loadBefore?: number;
  /** A first measure taken while the machine was busy, replaced by this one. */
  replaced?: { load: number; summary: string };
}

export interface FrameRuns extends Remeasured {
  /** One-minute load average of the machine when the runs ended. */
  load?: number;
  fps: number[];
  /** Ticks the app advanced during each window (null for the reference page). */
  ticks: (number | null)[];
  /**
   * Times the tick read-out changed during each window: the moves of the cursor, which run
   * several ticks each where playback paces itself (src/app/controls/pace.ts).
   */
  moves?: number[];
  /** The most elements drawn in flight at one moment of each window. */
  inFlight: number[];
  /**
   * The boxes drawn for them at that moment (a run of records a channel has no room to draw one
   * by one is one "+N" chip); absent for the reference page, which draws each.
   */
  drawn?: number[];
  /** The longest time between two frames of each window, in milliseconds. */
  worstGapMs: number[];
}

/** One cold load of a page: what it downloaded and when it could be seen and used. */
export interface FirstLoad {
  /** Every JavaScript file the page fetched until it was usable and the network went quiet. */
  files: string[];
  /** Their bytes gzipped one by one (zlib's default level), as a gzip-serving host sends them. */
  jsGzipBytes: number;
  /** First contentful paint, from the start of navigation. */
  fcpMs: number;
  /** The later of first contentful paint and the first frame with the page's controls. */
  visibleMs: number;
}

/** Loads of one address, and the one-minute load average while they ran. */
export interface FirstLoads {
  runs: FirstLoad[];
  load: number;
}

/** The share of a window the page's main thread was busy, from a Chromium trace. */
export interface BusyRuns extends Remeasured {
  share: number[];
  /** Ticks played and moves of the cursor that showed them, per window (the app's only). */
  ticks?: number[];
  moves?: number[];
  load: number;
}

/** Input to the painted frame showing the new moment, in milliseconds, per interaction. */
export interface InputRuns extends Remeasured {
  ms: Record<InputKind, number[]>;
  /** The last tick of the run the page opened. */
  end: number;
  /** One-minute load average of the machine when the inputs ended. */
  load: number;
}

/** The groups of browser figures, each of which `--only` can run alone. */
export type BrowserPart =
  'startup' | 'busy' | 'frames' | 'slow' | 'input' | 'verdict' | 'worst-case';

/** What a run of the browser figures measured; a part not run leaves its fields out. */
export interface BrowserResult {
  chromium: string;
  /** How many times slower the CPU ran for the slow figures. */
  slowdown: number;
  appBundle: BundleSize;
  referenceBundle: BundleSize;
  /** Cold loads of `/`, of a share link (the alignment preset) and of the reference page. */
  rootLoads?: FirstLoads;
  linkLoads?: FirstLoads;
  referenceLoads?: FirstLoads;
  /** Main thread busy while the alignment preset plays at top speed, and the reference page. */
  appBusy?: BusyRuns | Unmeasured;
  referenceBusy?: BusyRuns;
  presetFrames?: FrameRuns | Unmeasured;
  /** The alignment preset and its at-least-once twin beside it, both playing on one clock. */
  twinFrames?: FrameRuns | Unmeasured;
  stressFrames?: FrameRuns | Unmeasured;
  reference100?: FrameRuns;
  reference400?: FrameRuns;
  /** The same, with the CPU slowed `SLOWDOWN` times. */
  slowPresetFrames?: FrameRuns | Unmeasured;
  slowStressFrames?: FrameRuns | Unmeasured;
  slowReference100?: FrameRuns;
  /** Input to painted frame on the large scenario and, as the reference, the alignment preset. */
  largeInput?: InputRuns | Unmeasured;
  referenceInput?: InputRuns | Unmeasured;
  slowLargeInput?: InputRuns | Unmeasured;
  slowReferenceInput?: InputRuns | Unmeasured;
  /** Time from End to the verdict on the large scenario, End pressed at once and after a pause. */
  verdictAtOnce?: VerdictRuns | Unmeasured;
  verdictAfterPause?: VerdictRuns | Unmeasured;
  /** The worst-case link that passes validation, opened and recorded to where it stops. */
  worstCase?: WorstCaseRuns | Unmeasured;
}

/** Milliseconds from End to the verdict shown, per run, and the load average when measured. */
export interface VerdictRuns {
  ms: number[];
  /** How long the run stood still on screen before End. */
  pauseMs: number;
  load: number;
}

/** Opening the worst-case link, per run: what the user waits for and what the page spends. */
export interface WorstCaseRuns {
  /** From the start of navigation to the first frame with the graph, progress bar or refusal. */
  firstRenderMs: number[];
  /** The longest main-thread task from that frame until the page went quiet; 0: none over 50 ms. */
  longestTaskMs: number[];
  /** The longest task before that frame: loading, the first piece of recording, the render. */
  loadTaskMs: number[];
  /** The highest JS heap of the page and its workers together, until the page went quiet. */
  peakHeapMb: number[];
  /** The tick the recording reached, in the last run. */
  end: number;
  load: number;
}

// ---------------------------------------------------------------------------------------------
// A busy machine. The figures run on a shared machine whose other tenants come and go, and a
// figure measured while they used the cores says little about the app: each of the app's figures
// waits for a calm machine before it starts, and is measured again when the machine was busy
// around it anyway. Both measures' loads are reported.

/** A one-minute load average above one task per core: the figure shared the cores. */
const BUSY_LOAD = cpus().length;
/** The load average a figure waits for before it starts, at most CALM_WAIT_MS. */
const CALM_LOAD = BUSY_LOAD / 2;
const CALM_WAIT_MS = 60_000;
const CALM_POLL_MS = 5_000;

const unmeasured = <T extends object>(r: T | Unmeasured): r is Unmeasured => 'reason' in r;

/** Waits until the load average falls to CALM_LOAD or CALM_WAIT_MS passed; the load then. */
async function calm(): Promise<number> {
  const until = Date.now() + CALM_WAIT_MS;
  while (loadavg()[0] > CALM_LOAD && Date.now() < until) {
    await new Promise((done) => setTimeout(done, CALM_POLL_MS));
  }
  return loadavg()[0];
}

/**
 * One of the app's figures, measured on a calm machine: `measure` runs once the load average has
 * fallen (or a minute passed), and once more when the load average before or after it was above
 * one task per core. The second measure is kept, and says what the first was and at what load.
 */
async function unhurried<T extends Remeasured & { load?: number }>(
  what: string,
  log: (line: string) => void,
  measure: () => Promise<T | Unmeasured>,
  summary: (runs: T) => string,
): Promise<T | Unmeasured> {
  const before = await calm();
  const first = await measure();
  if (unmeasured(first)) return first;
  first.loadBefore = before;
  const load = Math.max(before, first.load ?? 0);
  if (load <= BUSY_LOAD) return first;
  log(`${what}: measured at a load average of ${load.toFixed(1)}, measuring again`);
  const again = await calm();
  const second = await measure();
  if (unmeasured(second)) return first;
  second.loadBefore = again;
  second.replaced = { load, summary: summary(first) };
  return second;
}

const fpsSummary = (runs: FrameRuns) => `${runs.fps.map((f) => f.toFixed(1)).join(', ')} fps`;
const busySummary = (runs: BusyRuns) =>
  runs.share.map((s) => `${(s * 100).toFixed(0)}%`).join(', ');
const inputSummary = (runs: InputRuns) =>
  Object.entries(runs.ms)
    .map(([kind, ms]) => `${kind} ${Math.max(...ms).toFixed(0)} ms at worst`)
    .join(', ');

/** Builds the app and, under /reference/, the frame-rate reference page, into `outDir`. */
async function buildBoth(outDir: string): Promise<void> {
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  await build({
    configFile: false,
    root: join(ROOT, 'bench/reference'),
    base: '/reference/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: join(outDir, 'reference'), emptyOutDir: true, manifest: true },
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * The selector of the first frame a user can act on: the app's controls, the reference graph's
 * edges. The probe records the timestamp of the first animation frame that finds it, measured
 * from the start of navigation, and when that frame's callbacks ran (`ran`): a frame's timestamp
 * is when it began, and a frame that began while a long task held the page runs after it, so
 * its timestamp can come before the task that put the element there. In-page code is passed as
 * source text: a function would be sent as tsx compiled it, with helpers the page does not have.
 */
async function installInteractiveProbe(page: Page, selector: string): Promise<void> {
  await page.addInitScript(`(() => {
    const probe = (window.__bench = { interactive: null, ran: null });
    const check = (t) => {
      if (document.querySelector(${JSON.stringify(selector)})) {
        probe.interactive = t;
        probe.ran = performance.now();
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
}

/**
 * One cold load of `url` in a fresh context: the JavaScript it fetched until it was usable and
 * the network had been quiet for half a second (everything the first screen loads, lazy chunks
 * included), its first contentful paint, and when it was visible and interactive.
 */
async function firstLoad(browser: Browser, url: string, selector: string): Promise<FirstLoad> {
  const context = await browser.newContext(CONTEXT);
  try {
    const page = await context.newPage();
    const bodies: Promise<[string, number]>[] = [];
    page.on('response', (response) => {
      const name = new URL(response.url()).pathname;
      if (!name.endsWith('.js')) return;
      bodies.push(
        response.body().then(
          (body) => [name.replace(/^.*\//, ''), gzipSync(body).length],
          () => [name, 0],
        ),
      );
    });
    await installInteractiveProbe(page, selector);
    await page.goto(url);
    const interactive = (await (
      await page.waitForFunction('window.__bench && window.__bench.interactive', null, {
        timeout: 30_000,
      })
    ).jsonValue()) as number;
    const fcpMs = (await (
      await page.waitForFunction(
        `(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime`,
        null,
        { timeout: 30_000 },
      )
    ).jsonValue()) as number;
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(bodies);
    return {
      files: files.map(([name]) => name),
      jsGzipBytes: files.reduce((sum, [, bytes]) => sum + bytes, 0),
      fcpMs,
      visibleMs: Math.max(fcpMs, interactive),
    };
  } finally {
    await context.close();
  }
}

async function firstLoads(browser: Browser, url: string, selector: string): Promise<FirstLoads> {
  const runs: FirstLoad[] = [];
  for (let run = 0; run < LOAD_RUNS; run++) runs.push(await firstLoad(browser, url, selector));
  return { runs, load: loadavg()[0] };
}

/**
 * The share of `ms` the page's main thread spent in tasks, from a Chromium trace of that
 * window (top-level tasks of the renderer's main thread, wall time).
 */
async function busyShare(page: Page, ms: number, during: () => Promise<void>): Promise<number> {
  const browser = page.context().browser()!;
  // Top-level tasks (RunTask) are recorded only with the detailed timeline category.
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const started = Date.now();
  await during();
  const rest = ms - (Date.now() - started);
  if (rest > 0) await page.waitForTimeout(rest);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: {
      name: string;
      ph: string;
      pid: number;
      tid: number;
      ts: number;
      dur?: number;
      args?: { name?: string };
    }[];
  };
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('the trace has no renderer main thread');
  const tasks = events.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask',
  );
  if (tasks.length === 0) throw new Error('the trace has no tasks of the main thread');
  const from = Math.min(...tasks.map((e) => e.ts));
  const to = Math.max(...tasks.map((e) => e.ts + (e.dur ?? 0)));
  const busy = tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0);
  return busy / (to - from);
}

/** Frames per second the page paints during `ms`, counted with requestAnimationFrame. */
function framesPerSecond(page: Page, ms: number): Promise<{ fps: number; worstGapMs: number }> {
  return page.evaluate(`new Promise((done) => {
    let start = null;
    let last = null;
    let worst = 0;
    let frames = 0;
    const tick = (t) => {
      if (start === null) start = t;
      else {
        frames += 1;
        worst = Math.max(worst, t - last);
      }
      last = t;
      if (t - start >= ${ms}) done({ fps: (frames * 1000) / (t - start), worstGapMs: worst });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

/** Slows the page's CPU `rate` times, as DevTools' performance panel does (1: full speed). */
async function throttle(page: Page, rate: number): Promise<void> {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

async function referenceFrames(browser: Browser, base: string, count: number, slowdown = 1) {
  const runs: FrameRuns = { fps: [], ticks: [], inFlight: [], worstGapMs: [] };
  for (let run = 0; run < FRAME_RUNS; run++) {
    const context = await browser.newContext(CONTEXT);
    try {
      const page = await context.newPage();
      await page.goto(`${base}/reference/?n=${count}`);
      await page.waitForFunction(
        `document.querySelectorAll('.react-flow__edge circle').length >= ${count}`,
      );
      await page.waitForTimeout(500);
      await throttle(page, slowdown);
      const { fps, worstGapMs } = await framesPerSecond(page, FRAME_WINDOW_MS);
      runs.fps.push(fps);
      runs.worstGapMs.push(worstGapMs);
      runs.ticks.push(null);
      runs.inFlight.push(count);
    } finally {
      await context.close();
    }
  }
  runs.load = loadavg()[0];
  return runs;
}

// ---------------------------------------------------------------------------------------------
// Driving the app. Everything the bench assumes about the app's UI is in this section: the
// tick read-out, the play button's state, the keyboard (space plays, + speeds up) and the share
// link in the URL hash that opens a scenario.

const TICK = '[data-testid="tick"] b';
const PLAY = 'button[data-state]';
/** The canvas the elements in flight are drawn on; it says how many it drew last. */
const FLIGHT = 'canvas.g-flight';

/** The address of the app opened on a scenario at tick 0, through a share link. */
function shareLink(base: string, scenario: SharedScenario, view?: ShareView): string {
  return `${base}/${encodeShareState({ v: 1, scenario, tick: 0, language: 'en', ...(view ? { view } : {}) })}`;
}

interface AppReading {
  tick: number | null;
  state: string | null;
  inFlight: number;
  /** Boxes drawn for them: a run of records a channel has no room for is one "+N" chip. */
  drawn: number;
}

/** The tick read-out, the play button's state and the elements in flight, in one round trip. */
function readApp(page: Page): Promise<AppReading> {
  return page.evaluate(`(() => {
    const tick = document.querySelector(${JSON.stringify(TICK)});
    const play = document.querySelector(${JSON.stringify(PLAY)});
    return {
      tick: tick ? Number(tick.textContent) : null,
      state: play ? play.getAttribute('data-state') : null,
      inFlight: Number(document.querySelector(${JSON.stringify(FLIGHT)})?.dataset.count ?? 0),
      drawn: Number(document.querySelector(${JSON.stringify(FLIGHT)})?.dataset.drawn ?? 0),
    };
  })()`);
}

/**
 * Plays the loaded scenario at top speed for the frame window, starting it over whenever it
 * reaches its end, and counts frames meanwhile. Looks at the page four times a second, so the
 * looking costs the page little. Returns null when the app never advanced.
 */
async function playAndCount(page: Page): Promise<{
  fps: number;
  worstGapMs: number;
  ticks: number;
  moves: number;
  inFlight: number;
  drawn: number;
} | null> {
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  for (let i = 0; i < 8; i++) await page.keyboard.press('+');
  let last = (await readApp(page)).tick ?? 0;
  let ticks = 0;
  let inFlight = 0;
  let drawn = 0;
  await countMoves(page);
  await page.keyboard.press(' ');
  const counting = framesPerSecond(page, FRAME_WINDOW_MS);
  let done = false;
  counting.then(
    () => (done = true),
    () => (done = true),
  );
  try {
    while (!done) {
      await page.waitForTimeout(250);
      const now = await readApp(page);
      if (now.tick === null) continue;
      ticks += now.tick >= last ? now.tick - last : now.tick;
      last = now.tick;
      if (now.inFlight > inFlight) {
        inFlight = now.inFlight;
        drawn = now.drawn;
      }
      if (now.state === 'ended') await page.keyboard.press(' ');
    }
  } catch (e) {
    await counting.catch(() => undefined);
    throw e;
  }
  const { fps, worstGapMs } = await counting;
  const moves = await movesCounted(page);
  await page.keyboard.press(' ');
  return ticks > 0 ? { fps, worstGapMs, ticks, moves, inFlight, drawn } : null;
}

/**
 * Counts the moves of the cursor from now on: the commits that change the tick read-out, one
 * observer callback each, without looking at the page meanwhile.
 */
async function countMoves(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const tick = document.querySelector(${JSON.stringify(TICK)});
    window.__moves = 0;
    new MutationObserver(() => { window.__moves += 1; })
      .observe(tick, { childList: true, characterData: true, subtree: true });
  })()`);
}

async function movesCounted(page: Page): Promise<number> {
  return Number(await page.evaluate('window.__moves'));
}

/** The main thread's busy share while the app plays `url` at top speed, at full CPU. */
async function appBusy(browser: Browser, url: string): Promise<BusyRuns | Unmeasured> {
  const share: number[] = [];
  const ticks: number[] = [];
  const moves: number[] = [];
  for (let run = 0; run < FRAME_RUNS; run++) {
    const context = await browser.newContext(CONTEXT);
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForSelector(TICK, { timeout: 60_000 });
      await page.waitForTimeout(500);
      await page.evaluate('document.activeElement && document.activeElement.blur()');
      for (let i = 0; i < 8; i++) await page.keyboard.press('+');
      await countMoves(page);
      await page.keyboard.press(' ');
      let played = 0;
      let last = 0;
      share.push(
        await busyShare(page, FRAME_WINDOW_MS, async () => {
          const until = Date.now() + FRAME_WINDOW_MS;
          while (Date.now() < until) {
            await page.waitForTimeout(250);
            const now = await readApp(page);
            if (now.tick !== null) {
              played += now.tick >= last ? now.tick - last : now.tick;
              last = now.tick;
            }
            if (now.state === 'ended') await page.keyboard.press(' ');
          }
        }),
      );
      ticks.push(played);
      moves.push(await movesCounted(page));
    } catch (e) {
      return { reason: `the app could not be driven: ${(e as Error).message.split('\n')[0]}` };
    } finally {
      await context.close();
    }
  }
  return { share, ticks, moves, load: loadavg()[0] };
}

async function referenceBusy(browser: Browser, base: string, count: number): Promise<BusyRuns> {
  const share: number[] = [];
  for (let run = 0; run < FRAME_RUNS; run++) {
    const context = await browser.newContext(CONTEXT);
    try {
      const page = await context.newPage();
      await page.goto(`${base}/reference/?n=${count}`);
      await page.waitForFunction(
        `document.querySelectorAll('.react-flow__edge circle').length >= ${count}`,
      );
      await page.waitForTimeout(500);
      share.push(await busyShare(page, FRAME_WINDOW_MS, async () => {}));
    } finally {
      await context.close();
    }
  }
  return { share, load: loadavg()[0] };
}

async function appFrames(
  browser: Browser,
  url: string,
  slowdown = 1,
): Promise<FrameRuns | Unmeasured> {
  const runs: FrameRuns = { fps: [], ticks: [], inFlight: [], worstGapMs: [] };
  for (let run = 0; run < FRAME_RUNS; run++) {
    const context = await browser.newContext(CONTEXT);
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForSelector(TICK, { timeout: 60_000 });
      await page.waitForTimeout(500);
      await throttle(page, slowdown);
      const result = await playAndCount(page);
      if (!result) return { reason: 'pressing space did not advance the tick read-out' };
      runs.fps.push(result.fps);
      runs.worstGapMs.push(result.worstGapMs);
      runs.ticks.push(result.ticks);
      (runs.moves ??= []).push(result.moves);
      runs.inFlight.push(result.inFlight);
      (runs.drawn ??= []).push(result.drawn);
    } catch (e) {
      return { reason: `the app could not be driven: ${(e as Error).message.split('\n')[0]}` };
    } finally {
      await context.close();
    }
  }
  runs.load = loadavg()[0];
  return runs;
}

// ---------------------------------------------------------------------------------------------
// Input to paint: how long a user waits from pressing a key or clicking the timeline until the
// screen shows the moment asked for.

const SLIDER = 'input[type="range"]';
/** The longest the bench waits for one input's frame before it gives the figure up. */
const INPUT_TIMEOUT_MS = 240_000;

/**
 * Installed before the app's own script: keeps the timestamp of the latest trusted keydown or
 * pointerdown (the event's own time, when the browser received it, in the page's clock), and on
 * `arm()` makes `painted` a promise that settles after the frame that first shows a tick
 * read-out other than the one armed with. The read-out changes in the same React commit as the
 * graph, the panels and the timeline; its mutation is seen at the end of that task, and the
 * frame drawn next is the first that shows the new moment. A message posted from that frame's
 * animation-frame callback arrives once the frame's style, layout and paint are done: that
 * arrival, less the input's timestamp, is the figure.
 */
const INPUT_PROBE = `(() => {
  const probe = (window.__input = { at: null, painted: null });
  const take = (e) => {
    if (e.isTrusted) probe.at = e.timeStamp;
  };
  addEventListener('keydown', take, true);
  addEventListener('pointerdown', take, true);
  probe.arm = () => {
    const out = document.querySelector(${JSON.stringify('[data-testid="tick"]')});
    const before = out.querySelector('b').textContent;
    probe.at = null;
    probe.painted = new Promise((done) => {
      const observer = new MutationObserver(() => {
        const b = out.querySelector('b');
        if (!b || b.textContent === before) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () =>
            done({ ms: performance.now() - probe.at, tick: Number(b.textContent) });
          channel.port2.postMessage(null);
        });
      });
      observer.observe(out, { subtree: true, childList: true, characterData: true });
    });
  };
})()`;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${what} did not paint within ${ms} ms`)), ms);
    }),
  ]);
}

/** Input to the painted frame of one interaction `act`, in milliseconds. */
async function inputToPaint(page: Page, act: () => Promise<void>, what: string): Promise<number> {
  await page.evaluate('window.__input.arm()');
  await act();
  const { ms } = await withTimeout(
    page.evaluate('window.__input.painted') as Promise<{ ms: number; tick: number }>,
    INPUT_TIMEOUT_MS,
    what,
  );
  return ms;
}

/** The last tick of the recorded run, from the timeline slider. */
async function lastTick(page: Page): Promise<number> {
  return Number(await page.locator(SLIDER).getAttribute('max'));
}

/** Waits until the page has recorded its whole run: no recording in progress. */
async function recorded(page: Page): Promise<void> {
  await page.waitForSelector(TICK, { timeout: 60_000 });
  await page.waitForFunction(
    `!document.querySelector('[data-testid="recording-progress"]')`,
    null,
    { timeout: INPUT_TIMEOUT_MS, polling: 250 },
  );
}

/**
 * Opens the large scenario as a user can: the scenario file imported through File, Import. (A
 * share link of it is refused: its 100,000 input values compress to about 117,000 characters,
 * past the link's limit of 65,536.)
 */
async function openLarge(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.waitForSelector(TICK, { timeout: 60_000 });
  await page.getByText('File', { exact: true }).click();
  const scenario = largeScenario();
  await page.getByTestId('import-file').setInputFiles({
    name: 'bench-large.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exportScenarioFile(scenario)),
  });
  await page.waitForFunction(
    `Number(document.querySelector(${JSON.stringify(SLIDER)})?.max) > 1000`,
    null,
    { timeout: INPUT_TIMEOUT_MS, polling: 250 },
  );
  // Closes the menu, so it covers nothing the inputs reach.
  if (await page.locator('details.file-menu[open]').count()) {
    await page.getByText('File', { exact: true }).click();
  }
  await recorded(page);
}

/**
 * Twenty of each interaction, paused between them as a user would be: End and Home in turn
 * (the first End reaches the end of the run for the first time, and starts judging it), clicks
 * at scattered points of the timeline slider, and Step (→) twenty times from the middle of the
 * run. The keys are pressed with the focus on no field, as the app's shortcuts are.
 */
async function interactions(page: Page): Promise<Record<InputKind, number[]>> {
  const ms: Record<InputKind, number[]> = { End: [], Home: [], slider: [], Step: [] };
  const rest = () => page.waitForTimeout(200);
  const log = (line: string) => process.stderr.write(`bench:   ${line}\n`);
  const blur = () => page.evaluate('document.activeElement && document.activeElement.blur()');
  await blur();
  for (let i = 0; i < INPUT_SAMPLES; i++) {
    ms.End.push(await inputToPaint(page, () => page.keyboard.press('End'), 'End'));
    await rest();
    ms.Home.push(await inputToPaint(page, () => page.keyboard.press('Home'), 'Home'));
    await rest();
  }
  log(`End and Home: ${ms.End.length} each`);
  // The slider moved with its keys, as a user focused on it does: Page Up and Page Down jump a
  // tenth of the run (Chromium's range input), five up and five down in turn from tick 0, so
  // every jump changes the tick. (Clicks on the track were tried: once the run had been judged,
  // an element without a class covered the track where the bench clicked.)
  const slider = page.locator(SLIDER);
  await slider.focus();
  for (let i = 0; i < INPUT_SAMPLES; i++) {
    const key = i % 10 < 5 ? 'PageUp' : 'PageDown';
    ms.slider.push(await inputToPaint(page, () => page.keyboard.press(key), `a slider ${key}`));
    await rest();
  }
  log(`slider: ${ms.slider.length}`);
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
  await blur();
  await rest();
  const end = await lastTick(page);
  for (let i = 0; i < INPUT_SAMPLES; i++) {
    // A short run (the reference preset) reaches its end: back to the start, unmeasured.
    if ((await readApp(page)).tick === end) {
      await page.keyboard.press('Home');
      await rest();
    }
    ms.Step.push(await inputToPaint(page, () => page.keyboard.press('ArrowRight'), 'Step'));
    await rest();
  }
  return ms;
}

/** Runs of the verdict figure for each way of reaching the end. */
const VERDICT_RUNS = 3;

/** How long the run stands still on screen before End, where it is given time to be judged ahead. */
const VERDICT_PAUSE_MS = 6000;

/**
 * From End to the verdict on the large scenario: End pressed `pauseMs` after the run is recorded
 * (0: at once), as a keydown on the page, then the result strip watched once per frame until it
 * shows a verdict (its tone is no longer neutral). In the page's own clock.
 */
async function verdictRuns(
  browser: Browser,
  base: string,
  pauseMs: number,
): Promise<VerdictRuns | Unmeasured> {
  const ms: number[] = [];
  try {
    for (let i = 0; i < VERDICT_RUNS; i++) {
      const context = await browser.newContext(CONTEXT);
      try {
        const page = await context.newPage();
        await openLarge(page, base);
        await page.waitForTimeout(pauseMs);
        const took = (await withTimeout(
          page.evaluate(`new Promise((resolve) => {
            const start = performance.now();
            window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
            const check = () => {
              const result = document.querySelector('[data-testid="result"]');
              if (result && !result.classList.contains('result-neutral')) resolve(performance.now() - start);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          })`) as Promise<number>,
          INPUT_TIMEOUT_MS,
          'the verdict',
        )) as number;
        ms.push(took);
      } finally {
        await context.close();
      }
    }
    return { ms, pauseMs, load: loadavg()[0] };
  } catch (e) {
    return { reason: `the app could not be driven: ${(e as Error).message.split('\n')[0]}` };
  }
}

/** The input-to-paint figure of one page, opened by `open`, with the CPU slowed `slowdown` times. */
async function inputRuns(
  browser: Browser,
  open: (page: Page) => Promise<void>,
  slowdown: number,
): Promise<InputRuns | Unmeasured> {
  const context = await browser.newContext(CONTEXT);
  try {
    const page = await context.newPage();
    await page.addInitScript(INPUT_PROBE);
    await open(page);
    await recorded(page);
    const end = await lastTick(page);
    await page.waitForTimeout(500);
    await throttle(page, slowdown);
    const ms = await interactions(page);
    return { ms, end, load: loadavg()[0] };
  } catch (e) {
    return { reason: `the app could not be driven: ${(e as Error).message.split('\n')[0]}` };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The worst-case link: the costliest scenario that passes validation, opened as a user pasting
// its share link would, and recorded until it stops.

const WORST_CASE_RUNS = 3;
/** What first tells the user something about the run: the graph, the progress bar or a refusal. */
const FIRST_SIGN = '.react-flow__node, [data-testid="recording-progress"], [role="alert"]';
const HEAP_SAMPLE_MS = 100;
/** How long the page must go without a long task, once recorded, for the figure to end. */
const QUIET_MS = 1000;

/** Installed before the app's script: every main-thread task over 50 ms the browser reports. */
const LONG_TASK_PROBE = `(() => {
  const tasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
})()`;

/**
 * Samples the JS heap of `page` and of its workers (the app records a long run in one) every
 * HEAP_SAMPLE_MS; the function returned stops and gives the highest sum seen, in MB. Playwright
 * opens DevTools sessions on pages only, so workers are reached through the protocol's auto-attach
 * in its message-wrapping form; each page sample adds the workers' latest replies, a sample older.
 */
async function sampleHeap(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  const workers = new Map<string, number>();
  cdp.on('Target.attachedToTarget', ({ sessionId }) => workers.set(sessionId, 0));
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => workers.delete(sessionId));
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const used = (JSON.parse(message) as { result?: { usedSize?: number } }).result?.usedSize;
    if (used !== undefined && workers.has(sessionId)) workers.set(sessionId, used);
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  const ask = JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' });
  let peak = 0;
  let sampling = true;
  let failure: unknown = null;
  // A page that fails to load ends its context, and with it the session: the error is kept for
  // `stop`, not left unhandled.
  const sampled = (async () => {
    while (sampling) {
      for (const sessionId of workers.keys()) {
        cdp.send('Target.sendMessageToTarget', { sessionId, message: ask }).catch(() => undefined);
      }
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      peak = Math.max(
        peak,
        [...workers.values()].reduce((sum, used) => sum + used, usedSize),
      );
      await new Promise((done) => setTimeout(done, HEAP_SAMPLE_MS));
    }
  })().catch((e: unknown) => {
    failure = e;
  });
  return async () => {
    sampling = false;
    await sampled;
    if (failure) throw failure;
    await cdp.detach();
    return peak / (1024 * 1024);
  };
}

/**
 * Opens `url` in a fresh context WORST_CASE_RUNS times and waits each time for the recording to
 * end (at its budget, its job's end, or a refusal that records nothing) and then for QUIET_MS
 * without a long task: when the first sign of the run was drawn, the longest main-thread task
 * after it, and the peak heap meanwhile.
 */
async function worstCaseRuns(browser: Browser, url: string): Promise<WorstCaseRuns | Unmeasured> {
  const runs: WorstCaseRuns = {
    firstRenderMs: [],
    longestTaskMs: [],
    loadTaskMs: [],
    peakHeapMb: [],
    end: 0,
    load: 0,
  };
  for (let run = 0; run < WORST_CASE_RUNS; run++) {
    const context = await browser.newContext(CONTEXT);
    try {
      const page = await context.newPage();
      await installInteractiveProbe(page, FIRST_SIGN);
      await page.addInitScript(LONG_TASK_PROBE);
      const stopSampling = await sampleHeap(page);
      await page.goto(url);
      // When the frame showing the first sign ran: the tasks that began before it made it.
      const shown = (await (
        await page.waitForFunction('window.__bench && window.__bench.ran', null, {
          timeout: 60_000,
        })
      ).jsonValue()) as number;
      await recorded(page);
      // Drawing what was recorded (a run that stopped in its first piece is recorded before the
      // first render) still holds the page: the figure counts until it answers again.
      await page.waitForFunction(
        `performance.now() - Math.max(0, ...window.__longTasks.map((t) => t.start + t.ms)) > ${QUIET_MS}`,
        null,
        { timeout: INPUT_TIMEOUT_MS, polling: 250 },
      );
      runs.peakHeapMb.push(await stopSampling());
      const tasks = (await page.evaluate('window.__longTasks')) as { start: number; ms: number }[];
      const longest = (from: number, to: number) =>
        Math.max(0, ...tasks.filter((t) => t.start >= from && t.start < to).map((t) => t.ms));
      runs.firstRenderMs.push(shown);
      runs.longestTaskMs.push(longest(shown, Infinity));
      runs.loadTaskMs.push(longest(0, shown));
      runs.end = await lastTick(page);
    } catch (e) {
      return { reason: `the app could not be driven: ${(e as Error).message.split('\n')[0]}` };
    } finally {
      await context.close();
    }
  }
  runs.load = loadavg()[0];
  return runs;
}

/**
 * The browser figures: builds the app and the reference page, serves both with `vite preview`
 * on a free port, and measures them in headless Chromium. Stops the server and the browser
 * whatever happens.
 */
export async function browserFigures(
  log: (line: string) => void,
  parts: ReadonlySet<BrowserPart>,
): Promise<BrowserResult> {
  const outDir = mkdtempSync(join(tmpdir(), 'checkpoint-lab-bench-'));
  let server: PreviewServer | null = null;
  let browser: Browser | null = null;
  try {
    log('building the app and the reference page');
    await buildBoth(join(outDir, 'dist'));
    const result: BrowserResult = {
      chromium: '',
      slowdown: SLOWDOWN,
      appBundle: eagerJavaScript(join(outDir, 'dist')),
      referenceBundle: eagerJavaScript(join(outDir, 'dist/reference')),
    };

    const port = await freePort();
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      build: { outDir: join(outDir, 'dist') },
      preview: { host: '127.0.0.1', port, strictPort: true, open: false },
    });
    const base = `http://127.0.0.1:${port}`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    result.chromium = browser.version();
    const chrome = browser;
    const alignmentLink = shareLink(base, { preset: 'barrier-alignment' });
    const stressLink = shareLink(base, { custom: stressScenario() });
    const twinLink = shareLink(
      base,
      { preset: 'barrier-alignment' },
      { twin: { mode: 'at-least-once' } },
    );

    if (parts.has('startup')) {
      log('first load over the network: /, a share link, the reference page');
      result.rootLoads = await firstLoads(browser, `${base}/`, '#root button');
      result.linkLoads = await firstLoads(browser, alignmentLink, '#root button');
      result.referenceLoads = await firstLoads(
        browser,
        `${base}/reference/?n=100`,
        '.react-flow__edge circle',
      );
    }

    if (parts.has('busy')) {
      log('main thread busy while playing: barrier-alignment, reference page');
      result.appBusy = await unhurried(
        'main thread busy',
        log,
        () => appBusy(chrome, alignmentLink),
        busySummary,
      );
      result.referenceBusy = await referenceBusy(browser, base, 100);
    }

    if (parts.has('frames')) {
      log('frame rate: reference page, 100 and 400 moving elements');
      result.reference100 = await referenceFrames(browser, base, 100);
      result.reference400 = await referenceFrames(browser, base, 400);
      log('frame rate: barrier-alignment at top speed');
      result.presetFrames = await unhurried(
        'frame rate, barrier-alignment',
        log,
        () => appFrames(chrome, alignmentLink),
        fpsSummary,
      );
      log('frame rate: barrier-alignment beside its at-least-once twin, at top speed');
      result.twinFrames = await unhurried(
        'frame rate, twin view',
        log,
        () => appFrames(chrome, twinLink),
        fpsSummary,
      );
      log('frame rate: stress scenario, 400 elements in flight');
      result.stressFrames = await unhurried(
        'frame rate, stress',
        log,
        () => appFrames(chrome, stressLink),
        fpsSummary,
      );
    }

    if (parts.has('slow')) {
      log(`frame rate with the CPU slowed ${SLOWDOWN}x: reference page, barrier-alignment, stress`);
      result.slowReference100 = await referenceFrames(browser, base, 100, SLOWDOWN);
      result.slowPresetFrames = await unhurried(
        'frame rate at 4x, barrier-alignment',
        log,
        () => appFrames(chrome, alignmentLink, SLOWDOWN),
        fpsSummary,
      );
      result.slowStressFrames = await unhurried(
        'frame rate at 4x, stress',
        log,
        () => appFrames(chrome, stressLink, SLOWDOWN),
        fpsSummary,
      );
    }

    if (parts.has('input')) {
      const large = (page: Page) => openLarge(page, base);
      const preset = (page: Page) => page.goto(alignmentLink).then(() => undefined);
      for (const slowdown of [1, SLOWDOWN]) {
        const slow = slowdown === 1 ? '' : `, CPU slowed ${slowdown}x`;
        log(`input to paint${slow}: the barrier-alignment preset (reference)`);
        const reference = await inputRuns(browser, preset, slowdown);
        log(`input to paint${slow}: the large scenario, imported from a file`);
        const measured = await unhurried(
          `input to paint${slow}`,
          log,
          () => inputRuns(chrome, large, slowdown),
          inputSummary,
        );
        if (slowdown === 1) {
          result.referenceInput = reference;
          result.largeInput = measured;
        } else {
          result.slowReferenceInput = reference;
          result.slowLargeInput = measured;
        }
      }
    }
    if (parts.has('verdict')) {
      log('verdict after End: the large scenario, End at once and after the run stood still');
      result.verdictAtOnce = await verdictRuns(browser, base, 0);
      result.verdictAfterPause = await verdictRuns(browser, base, VERDICT_PAUSE_MS);
    }
    if (parts.has('worst-case')) {
      log('the worst-case link: first render, longest task and peak heap while it records');
      result.worstCase = await worstCaseRuns(
        browser,
        shareLink(base, { custom: worstCaseScenario() }),
      );
    }
    return result;
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
