import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import type {
  BrowserPart,
  BrowserResult,
  FrameRuns,
  InputRuns,
  Remeasured,
  Unmeasured,
  VerdictRuns,
} from './browserFigures';
import {
  RECORDED_TICKS,
  type JudgingResult,
  type MemoryResult,
  type SeekResult,
  type ThroughputRun,
} from './engineFigures';
import { FIRST_SCREEN_LIMIT_BYTES } from './firstScreen';
import { INPUT_KINDS } from './inputKinds';
import { machine } from './machine';
import { markdownReport, textTable, type Figure, type Status } from './report';
import { runnerFigure, worstCaseRunnerFigure } from './runnerFigure';
import { LARGE_RECORDS } from './scenarios';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
/**
 * Fresh processes of the throughput figure. The reference loop's speed depends on how large the
 * garbage collector has grown the young generation by then, and varies by half from one process
 * to the next (bench/findings.md): five runs give a median that one odd process cannot move.
 */
const THROUGHPUT_RUNS = 5;
/** Fresh processes of the judging figure, each recording and judging the large scenario. */
const JUDGING_RUNS = 3;
/** The seek run weighs the heap too; these are the further runs of the memory figure. */
const EXTRA_MEMORY_RUNS = 2;

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

function child<T>(figure: string): T {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench/child.ts'), figure],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(out) as T;
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);
const millions = (n: number) => `${fixed(n / 1e6, 2)} M/s`;
const list = (values: number[], format: (n: number) => string) => values.map(format).join(', ');

function status(met: boolean): Status {
  return met ? 'MET' : 'MISSED';
}

function engineFigures(): Figure[] {
  const runs: ThroughputRun[] = [];
  for (let i = 0; i < THROUGHPUT_RUNS; i++) {
    log(`engine throughput, run ${i + 1} of ${THROUGHPUT_RUNS}`);
    runs.push(child<ThroughputRun>('throughput'));
  }
  // Per second of CPU time rather than of wall time: on a shared machine the process is not
  // always running, and the same share of a core spent elsewhere would count against it.
  const engineRates = runs.map((r) => r.engine.elementSteps / (r.engine.cpuMs / 1000));
  const referenceRates = runs.map((r) => r.reference.elementSteps / (r.reference.cpuMs / 1000));
  const wallRates = runs.map((r) => r.engine.elementSteps / (r.engine.ms / 1000));
  const everyEventRates = runs.map((r) => r.engine.elementSteps / (r.everyEvent.cpuMs / 1000));
  const flatRates = runs.map((r) => r.engine.elementSteps / (r.flatReference.cpuMs / 1000));
  const flatRate = median(flatRates);
  const engineRate = median(engineRates);
  const referenceRate = median(referenceRates);
  const slower = referenceRate / engineRate;
  const { engine } = runs[0];

  log(`seek and memory: recording ${RECORDED_TICKS} ticks`);
  const seek = child<SeekResult>('seek');
  const seekMs = median(seek.seekMs);
  const replayMs = median(seek.replayMs);
  const faster = replayMs / seekMs;
  const seekWallMs = median(seek.seekWallMs);
  const weighed: MemoryResult[] = [seek];
  for (let i = 0; i < EXTRA_MEMORY_RUNS; i++) {
    log(`memory: recording ${RECORDED_TICKS} ticks again (${i + 2} of ${EXTRA_MEMORY_RUNS + 1})`);
    weighed.push(child<MemoryResult>('memory'));
  }
  const heapAfter = median(weighed.map((w) => w.heapAfterMb));
  const heapBefore = median(weighed.map((w) => w.heapBeforeMb));

  return [
    {
      name: 'Engine throughput, allocation-free reference',
      value: millions(engineRate),
      runs: list(flatRates, millions),
      reference: `flat loop ${millions(flatRate)}`,
      ratio: `engine ${fixed(flatRate / engineRate)}x slower`,
      target: 'none set',
      status: 'no target',
      note:
        `the engine's rate of the figure below, against the same reference loop with its queues in ` +
        `preallocated typed-array rings (bench/referenceLoop.ts \`flatReferenceLoop\`): it allocates ` +
        `nothing per element-step, so the ratio measures the engine rather than the garbage collector ` +
        `(the reference of the figure below allocates one object per step and its speed moves with ` +
        `the young generation's size). Both sum the same values over the same ticks; timed in the same ` +
        `${THROUGHPUT_RUNS} processes, interleaved with the engine and the other reference. ` +
        `${loadText(loadavg()[0])} at the end of the engine figures.`,
    },
    {
      name: 'Engine throughput',
      value: millions(engineRate),
      runs: list(engineRates, millions),
      reference: `bare loop ${millions(referenceRate)}`,
      ratio: `engine ${fixed(slower)}x slower`,
      target: 'within 5x of the reference',
      status: status(slower <= 5),
      note:
        `element-steps (records and barriers pushed onto a channel or taken from one) per second ` +
        `of CPU time (process.cpuUsage; per second of wall time the engine made ${list(wallRates, millions)}), ` +
        `running the large scenario (64 tasks, parallelism 8, ${LARGE_RECORDS.toLocaleString('en')} ` +
        `records, a checkpoint every 10 ticks, 3 task failures; bench/scenarios.ts) from tick 0 to ` +
        `its end through \`step\` as the recorder steps (src/session/timeline.ts \`RECORDING\`: it makes only the ` +
        `events the timeline keeps for every tick, the job's milestones): ${engine.ticks.toLocaleString('en')} ticks, ` +
        `${engine.elementSteps.toLocaleString('en')} element-steps, ${engine.events.toLocaleString('en')} events. ` +
        `Making every event (${runs[0].everyEvent.events.toLocaleString('en')} of them, as the event log's replay does) ` +
        `the engine made ${list(everyEventRates, millions)}, ${fixed(referenceRate / median(everyEventRates))}x slower than the reference. ` +
        `The reference (bench/referenceLoop.ts) moves the same number of element-steps through a chain ` +
        `of as many stages (8) over as many ticks, in plain arrays of plain objects, summing them. ` +
        `${THROUGHPUT_RUNS} runs, each in a fresh process: one untimed pass of the engine (both ways) and of the reference, ` +
        `then three timed passes of each, interleaved; a run counts the median of its passes (steady state, not JIT warm-up).`,
    },
    {
      name: 'Seek',
      value: `${fixed(seekMs, 2)} ms`,
      runs: `${seek.seekMs.length} seeks, ${fixed(Math.min(...seek.seekMs), 2)}-${fixed(Math.max(...seek.seekMs), 2)} ms`,
      reference: `replay from tick 0 ${fixed(replayMs, 0)} ms`,
      ratio: `${fixed(faster, 0)}x faster`,
      target: 'under 16 ms and 50x faster than replay',
      status: status(seekMs < 16 && faster >= 50),
      note:
        `CPU time (process.cpuUsage) of \`stateAt(timeline, tick)\` (src/session/timeline.ts: nearest keyframe, then replay) at ` +
        `${seek.seekMs.length} seeded random ticks of a recorded ${seek.ticks.toLocaleString('en')}-tick run of the large ` +
        `scenario; the reference steps from tick 0 to the first ${seek.replayMs.length} of the same ticks ` +
        `(${list(seek.replayMs, (n) => fixed(n, 0))} ms). In wall-clock time the median seek took ` +
        `${fixed(seekWallMs, 2)} ms and the replays ${list(seek.replayWallMs, (n) => fixed(n, 0))} ms. ` +
        `Recording took ${fixed(seek.recordMs / 1000)} s.`,
    },
    {
      name: 'Memory',
      value: `${fixed(heapAfter)} MB`,
      runs: list(
        weighed.map((w) => w.heapAfterMb),
        (n) => `${fixed(n)} MB`,
      ),
      reference: `before recording ${fixed(heapBefore)} MB`,
      ratio: `+${fixed(heapAfter - heapBefore)} MB`,
      target: 'under 100 MB',
      status: status(heapAfter < 100),
      note:
        `\`process.memoryUsage().heapUsed\` after two forced collections (node --expose-gc), with ` +
        `the recorded ${seek.ticks.toLocaleString('en')}-tick timeline (keyframes and the milestones of every tick) alive; ` +
        `the reference is the same process's heap just before recording, scenario built. ` +
        `${weighed.length} runs, each in a fresh process.`,
    },
  ];
}

function judgingFigure(): Figure {
  const runs: JudgingResult[] = [];
  for (let i = 0; i < JUDGING_RUNS; i++) {
    log(`judging, run ${i + 1} of ${JUDGING_RUNS}: recording the large scenario, then judging it`);
    runs.push(child<JudgingResult>('judging'));
  }
  const ms = median(runs.map((r) => r.ms));
  const cpuMs = median(runs.map((r) => r.cpuMs));
  const peak = Math.max(...runs.map((r) => r.peakHeapMb));
  const referenceMs = median(runs.map((r) => r.referenceMs));
  const referenceCpuMs = median(runs.map((r) => r.referenceCpuMs));
  return {
    name: 'Judging the large scenario',
    value: `${fixed(ms / 1000, 2)} s, peak heap ${fixed(peak, 0)} MB`,
    runs: list(
      runs.map((r) => r.ms),
      (n) => `${fixed(n / 1000, 2)} s`,
    ),
    reference: `one bare run ${fixed(referenceMs / 1000, 2)} s`,
    ratio: `${fixed(cpuMs / referenceCpuMs, 1)}x a bare run (CPU)`,
    target: 'at most 1 s and 300 MB',
    status: status(ms <= 1000 && peak <= 300),
    note:
      `wall-clock time of judging the recorded ${runs[0].ticks.toLocaleString('en')}-tick run of the large scenario ` +
      `as the result strip does when the cursor reaches the end (src/session/verdict.ts \`judgingSteps\`, which the ` +
      `app runs in a worker, or in 8 ms slices between frames where it cannot make one): the recorded run ` +
      `replayed and the failure-free run stepped to its end from the last state the two share (src/engine/judgedRuns.ts), each feeding the per-record account without keeping an event, then compared. ` +
      `CPU time ${list(
        runs.map((r) => r.cpuMs),
        (n) => `${fixed(n, 0)} ms`,
      )}. The peak is V8's used heap (garbage included) at its highest between two slices, ` +
      `the largest of the ${JUDGING_RUNS} runs; before judging, with the recorded timeline alive, the heap held ` +
      `${list(
        runs.map((r) => r.heapBeforeMb),
        (n) => `${fixed(n, 0)} MB`,
      )}. The reference is one run of the failure-free scenario to its end making no events, ` +
      `in the same process (${list(
        runs.map((r) => r.referenceMs),
        (n) => `${fixed(n, 0)} ms`,
      )}); judging steps one such run, and the other from where the two part. ${runs[0].duplicates} duplicate outputs found, as in every run. ` +
      `${JUDGING_RUNS} runs, each in a fresh process.`,
  };
}

const isUnmeasured = <T extends object>(r: T | Unmeasured): r is Unmeasured => 'reason' in r;
const kb = (bytes: number) => `${fixed(bytes / 1024)} KB`;

function frameFigure(
  name: string,
  runs: FrameRuns | Unmeasured,
  reference: FrameRuns,
  what: string,
  goal: { fps: number; worstGapMs?: number } = { fps: 58 },
): Figure {
  const refFps = median(reference.fps);
  const referenceText = `${fixed(refFps)} fps (${list(reference.fps, (n) => fixed(n))})`;
  const target =
    goal.worstGapMs === undefined
      ? `${goal.fps} fps or more`
      : `${goal.fps} fps or more, no frame gap over ${goal.worstGapMs} ms`;
  if (isUnmeasured(runs)) {
    return {
      name,
      value: '-',
      runs: '-',
      reference: referenceText,
      ratio: '-',
      target,
      status: 'not measured yet',
      note: `not measured yet: ${runs.reason}. ${what}`,
    };
  }
  const fps = median(runs.fps);
  const worstGap = Math.max(...runs.worstGapMs);
  return {
    name,
    value: `${fixed(fps)} fps`,
    runs: list(runs.fps, (n) => fixed(n)),
    reference: referenceText,
    ratio: `${fixed(fps / refFps, 2)}x`,
    target,
    status: status(fps >= goal.fps && worstGap <= (goal.worstGapMs ?? Infinity)),
    note:
      `${what} Ticks played per window: ${runs.ticks.join(', ')}` +
      (runs.moves
        ? `, shown in ${runs.moves.join(', ')} moves of the cursor (a machine too slow to ` +
          'draw every tick at the speed draws every few: src/app/controls/pace.ts)'
        : '') +
      `; most elements drawn in flight ` +
      `at once: ${runs.inFlight.join(', ')}` +
      (runs.drawn
        ? ` (as ${runs.drawn.join(', ')} boxes: a run of records a channel has no room to draw ` +
          'one by one is one "+N" chip)'
        : '') +
      '; longest gap between two frames: ' +
      `${list(runs.worstGapMs, (n) => `${fixed(n, 0)} ms`)} (reference page ` +
      `${list(reference.worstGapMs, (n) => `${fixed(n, 0)} ms`)}).`,
  };
}

const FRAME_RUNS_TEXT = '3 windows each in a fresh page';
/** The browser figures in groups, each of which `--only` runs alone (bench/browserFigures.ts). */
const BROWSER_PARTS: readonly BrowserPart[] = [
  'startup',
  'busy',
  'frames',
  'slow',
  'input',
  'verdict',
  'worst-case',
];
const KIB = 1024;
const loadText = (load: number) => `load average ${fixed(load)} on the machine when measured`;

/**
 * The loads around one of the app's figures: it starts once the load average is at most half
 * the cores (or a minute passed), and is measured again when the load was above one task per
 * core before or after it (bench/browserFigures.ts `unhurried`).
 */
function loadsNote(runs: Remeasured & { load?: number }): string {
  const after = runs.load === undefined ? '' : `, ${fixed(runs.load)} when it ended`;
  const around =
    runs.loadBefore === undefined
      ? `${loadText(runs.load ?? NaN)}.`
      : `Load average ${fixed(runs.loadBefore)} when it started${after}.`;
  const again = runs.replaced
    ? ` Measured again: the first measure (${runs.replaced.summary}) had a load average of ` +
      `${fixed(runs.replaced.load)}, more than one task per core.`
    : '';
  return `${around}${again}`;
}

/** Rows of the cold loads: JS over the network and visible-and-interactive, per address. */
function startupRows(b: BrowserResult): Figure[] {
  const { rootLoads, linkLoads, referenceLoads } = b;
  if (!rootLoads || !linkLoads || !referenceLoads) return [];
  const refJs = median(referenceLoads.runs.map((r) => r.jsGzipBytes));
  const refVisible = median(referenceLoads.runs.map((r) => r.visibleMs));
  const method =
    'Each run is a cold load in a fresh browser context of the production build served by `vite preview` ' +
    'on localhost (headless Chromium, 1440x900, no GPU). The reference is bench/reference/ with 100 moving ' +
    'elements, loaded the same way in the same run.';
  const rows: Figure[] = [];
  for (const [where, loads, limit, visibleLimit] of [
    ['/', rootLoads, 150, 400],
    ['a share link', linkLoads, 160, 600],
  ] as const) {
    const js = median(loads.runs.map((r) => r.jsGzipBytes));
    const visible = median(loads.runs.map((r) => r.visibleMs));
    rows.push(
      {
        name: `First-load JS over the network, ${where}`,
        value: `${fixed(js / KIB)} KiB gzip`,
        runs: list(
          loads.runs.map((r) => r.jsGzipBytes / KIB),
          (n) => fixed(n),
        ),
        reference: `plain stack ${fixed(refJs / KIB)} KiB`,
        ratio: `${fixed(js / refJs, 2)}x`,
        target: `at most ${limit} KiB`,
        status: status(js <= limit * KIB),
        note:
          `every JavaScript file the page fetched until it was visible and interactive and the network ` +
          `had been quiet for 500 ms, each gzipped (zlib default level) as a gzip-serving host sends it: ` +
          `${loads.runs[0].files.join(', ')}. ${where === '/' ? '' : 'The link opens the barrier-alignment preset. '}` +
          `${method} ${loadText(loads.load)}.`,
      },
      {
        name: `Visible and interactive, ${where}`,
        value: `${fixed(visible, 0)} ms`,
        runs: list(
          loads.runs.map((r) => r.visibleMs),
          (n) => fixed(n, 0),
        ),
        reference: `plain stack ${fixed(refVisible, 0)} ms`,
        ratio: `${fixed(visible / refVisible, 2)}x`,
        target: `at most ${visibleLimit} ms`,
        status: status(visible <= visibleLimit),
        note:
          `from the start of navigation to the later of first contentful paint ` +
          `(${list(
            loads.runs.map((r) => r.fcpMs),
            (n) => fixed(n, 0),
          )} ms) and the first animation frame with the app's controls (a button in #root) in the DOM; ` +
          `the reference page counts its first frame with its 100 edges drawn. ${method} ${loadText(loads.load)}.`,
      },
    );
  }
  return rows;
}

function busyRow(b: BrowserResult): Figure[] {
  const { appBusy, referenceBusy } = b;
  if (!appBusy || !referenceBusy) return [];
  const ref = median(referenceBusy.share);
  const pct = (n: number) => `${fixed(n * 100, 0)}%`;
  const what =
    "the share of a 4 s window the renderer's main thread spent in tasks (the top-level tasks of a " +
    'Chromium trace, wall time) while the app plays the barrier-alignment preset at top speed (opened ' +
    'from a share link, + pressed until the fastest speed, space to play, started over when it ends), ' +
    `at full CPU, ${FRAME_RUNS_TEXT}; the reference page moves 100 elements, traced the same way.`;
  if (isUnmeasured(appBusy)) {
    return [
      {
        name: 'Main thread busy while playing',
        value: '-',
        runs: '-',
        reference: pct(ref),
        ratio: '-',
        target: 'at most 25%',
        status: 'not measured yet',
        note: `not measured yet: ${appBusy.reason}. ${what}`,
      },
    ];
  }
  const share = median(appBusy.share);
  return [
    {
      name: 'Main thread busy while playing',
      value: pct(share),
      runs: list(appBusy.share, pct),
      reference: `plain stack ${pct(ref)} (${list(referenceBusy.share, pct)})`,
      ratio: `${fixed(share / ref, 2)}x`,
      target: 'at most 25%',
      status: status(share <= 0.25),
      note:
        `${what} ${loadsNote(appBusy)}` +
        (appBusy.ticks && appBusy.moves
          ? ` Ticks played per window: ${appBusy.ticks.join(', ')}, shown in ` +
            `${appBusy.moves.join(', ')} moves of the cursor (moves that cost much are paced: ` +
            'src/app/controls/pace.ts).'
          : ''),
    },
  ];
}

/** Each interaction's median and worst, `End 31/64 ms, Home ...`. */
function perKind(runs: InputRuns): string {
  return INPUT_KINDS.map(
    (k) => `${k} ${fixed(median(runs.ms[k]), 0)}/${fixed(Math.max(...runs.ms[k]), 0)}`,
  ).join(', ');
}

/** The largest median and the largest worst over the interactions. */
function largest(runs: InputRuns): { median: number; worst: number } {
  return {
    median: Math.max(...INPUT_KINDS.map((k) => median(runs.ms[k]))),
    worst: Math.max(...INPUT_KINDS.map((k) => Math.max(...runs.ms[k]))),
  };
}

/** Rows of input to painted frame on the large scenario, at full CPU and slowed. */
function inputRows(b: BrowserResult): Figure[] {
  const rows: Figure[] = [];
  const method =
    'From the input event (its own timestamp: when the browser received the key or the pointer) to the end ' +
    'of the first frame that shows the new moment: the tick read-out, changed in the same React commit as the ' +
    'graph, panels and timeline, is watched with a MutationObserver; after the change the probe waits for the ' +
    'next animation frame and a message posted from it, which arrives once that frame is laid out and painted. ' +
    'So it counts what a user waits for, the handlers, the seek, the render and the paint, and errs by at most ' +
    'a frame when the commit itself ran inside a frame. Inputs, in one page, 200 ms apart: End and Home in turn ' +
    '(20 each; the first End reaches the end of the run first and starts judging it), 20 jumps of the ' +
    'focused timeline slider (Page Up five times, Page Down five times, twice: a tenth of the run each), then Step (→) 20 times from the ' +
    'middle of the run (the short preset goes back to tick 0, unmeasured, when it reaches its end); keys with ' +
    'the focus on no field. The large scenario (bench/scenarios.ts: 64 tasks, 100,000 records) is opened as a user can, ' +
    'imported through File (its share link is refused: it compresses to about 117,000 characters, past the ' +
    "link's 65,536), and recorded to its end before the first input. The reference is the same inputs on the " +
    'barrier-alignment preset opened from a share link, in the same run at the same CPU speed. Headless ' +
    'Chromium, 1440x900, no GPU. Each cell is median/worst in ms.';
  for (const [slowdown, measured, reference] of [
    [1, b.largeInput, b.referenceInput],
    [b.slowdown, b.slowLargeInput, b.slowReferenceInput],
  ] as const) {
    if (!measured || !reference) continue;
    const slow = slowdown === 1 ? 'full CPU' : `CPU ${slowdown}x slower`;
    const target =
      slowdown === 1 ? 'median at most 50 ms, worst at most 100 ms' : 'median at most 200 ms';
    const how =
      slowdown === 1
        ? ''
        : ` The page's CPU is slowed ${slowdown} times (Emulation.setCPUThrottlingRate) once the run is recorded.`;
    const name = `Input to paint, large scenario, ${slow}`;
    if (isUnmeasured(measured) || isUnmeasured(reference)) {
      const why = isUnmeasured(measured) ? measured.reason : (reference as Unmeasured).reason;
      rows.push({
        name,
        value: '-',
        runs: '-',
        reference: '-',
        ratio: '-',
        target,
        status: 'not measured yet',
        note: `not measured yet: ${why}. ${method}${how}`,
      });
      continue;
    }
    const got = largest(measured);
    const ref = largest(reference);
    const met = slowdown === 1 ? got.median <= 50 && got.worst <= 100 : got.median <= 200;
    rows.push({
      name,
      value: `${fixed(got.median, 0)} ms, worst ${fixed(got.worst, 0)} ms`,
      runs: perKind(measured),
      reference: `preset ${fixed(ref.median, 0)} ms, worst ${fixed(ref.worst, 0)} ms`,
      ratio: `${fixed(got.median / ref.median, 1)}x`,
      target,
      status: status(met),
      note:
        `the slowest interaction's median and the worst of all ${INPUT_KINDS.length * 20} inputs; ` +
        `per interaction (median/worst ms) on the large scenario (${measured.end.toLocaleString('en')} ticks): ` +
        `${perKind(measured)}; on the preset (${reference.end} ticks): ${perKind(reference)}. ` +
        `The first End took ${fixed(measured.ms.End[0], 0)} ms (preset ${fixed(reference.ms.End[0], 0)} ms). ` +
        `${method}${how} ${loadsNote(measured)}`,
    });
  }
  return rows;
}

/** From End to the verdict on the large scenario, with the run judged ahead or not. */
function verdictRow(b: BrowserResult): Figure[] {
  const { verdictAtOnce: atOnce, verdictAfterPause: paused } = b;
  if (!atOnce || !paused) return [];
  const name = 'Verdict after End, large scenario';
  const target = 'at most 1 s';
  const pause = isUnmeasured(paused) ? '' : `${fixed(paused.pauseMs / 1000, 0)} s`;
  const method =
    `From End (a keydown dispatched on the page) to the first frame whose result strip shows the verdict, ` +
    `in the page's clock, on the large scenario imported through File and recorded to its end; ` +
    `${pause} after the recording, as when a user looks at the run before going to its ` +
    `end (the app judges a run that stands still ahead, in a worker), against End pressed at once (the ` +
    `judging starts then, in a worker). Each run in a fresh page, full CPU, headless Chromium, 1440x900.`;
  if (isUnmeasured(atOnce) || isUnmeasured(paused)) {
    const why = isUnmeasured(paused) ? paused.reason : (atOnce as Unmeasured).reason;
    return [
      {
        name,
        value: '-',
        runs: '-',
        reference: '-',
        ratio: '-',
        target,
        status: 'not measured yet',
        note: `not measured yet: ${why}. ${method}`,
      },
    ];
  }
  const list = (r: VerdictRuns) => r.ms.map((ms) => fixed(ms, 0)).join(', ');
  const got = median(paused.ms);
  const ref = median(atOnce.ms);
  return [
    {
      name,
      value: `${fixed(got, 0)} ms`,
      runs: `${list(paused)} ms`,
      reference: `End at once ${fixed(ref, 0)} ms`,
      ratio: `${fixed(got / ref, 2)}x`,
      target,
      status: status(got <= 1000),
      note:
        `${method} End at once: ${list(atOnce)} ms. ${loadText(paused.load)}. ` +
        'The judging itself is the "Judging the large scenario" figure.',
    },
  ];
}

/** The worst-case link opened in the page: first render, longest task while recording, peak heap. */
function worstCaseRow(b: BrowserResult): Figure[] {
  const { worstCase: runs } = b;
  if (!runs) return [];
  const name = 'Worst-case link, browser';
  const target = 'first render under 500 ms, no task over 50 ms after it, heap under 300 MB';
  const method =
    'The costliest scenario that passes validation (bench/scenarios.ts `worstCaseScenario`: 16 sources, ' +
    'three levels of broadcast to 16 subtasks each) opened from its share link in a fresh page, as a user ' +
    'pasting it would, and left until its recording ended (no progress bar) and then 1 s passed without ' +
    'a long task. First render: from the start of navigation to when the first animation frame with a ' +
    'graph node, the progress bar or a refusal in the DOM ran (performance.now() in its callback, not the ' +
    "frame's timestamp, which is when the frame began: one that began while the task putting the node " +
    "there held the page has a timestamp before that task). Longest task: the longest of the main thread's " +
    "tasks over 50 ms (PerformanceObserver 'longtask', installed before the app's script) that began from " +
    'that moment on, so it counts the drawing of what was recorded as well as the recording. Peak heap: ' +
    "V8's used heap (garbage included) of the page plus its workers, where the app records a long run " +
    '(DevTools protocol Runtime.getHeapUsage), sampled every 100 ms from navigation to the end. The first ' +
    'render is the median of the runs, each in a fresh context; the task and the heap are the worst of ' +
    'them, as their targets are ceilings. Headless Chromium, 1440x900, full CPU.';
  if (isUnmeasured(runs)) {
    return [
      {
        name,
        value: '-',
        runs: '-',
        reference: '-',
        ratio: '-',
        target,
        status: 'not measured yet',
        note: `not measured yet: ${runs.reason}. ${method}`,
      },
    ];
  }
  const first = median(runs.firstRenderMs);
  const task = Math.max(...runs.longestTaskMs);
  const heap = Math.max(...runs.peakHeapMb);
  const longestTask = task === 0 ? 'no task over 50 ms' : `longest task ${fixed(task, 0)} ms`;
  const each = runs.firstRenderMs
    .map(
      (ms, i) =>
        `${fixed(ms, 0)}/${fixed(runs.longestTaskMs[i], 0)} ms/${fixed(runs.peakHeapMb[i], 0)} MB`,
    )
    .join(', ');
  return [
    {
      name,
      value: `${fixed(first, 0)} ms, ${longestTask}, heap ${fixed(heap, 0)} MB`,
      runs: each,
      reference: `recorded to tick ${runs.end.toLocaleString('en')}`,
      ratio: '-',
      target,
      status: status(first < 500 && task <= 50 && heap < 300),
      note:
        `${method} Per run (first render/longest task, 0 for none, peak heap): ${each}; the longest task before the ` +
        `first render (loading, the first piece of recording, the render): ` +
        `${list(runs.loadTaskMs, (n) => `${fixed(n, 0)} ms`)}. ${loadText(runs.load)}.`,
    },
  ];
}

function browserFigureRows(b: BrowserResult): Figure[] {
  const appGzip = b.appBundle.gzipBytes;
  const refGzip = b.referenceBundle.gzipBytes;
  const frameMethod =
    'requestAnimationFrame callbacks per second over 4 s windows in headless Chromium ' +
    `(1440x900, no GPU), ${FRAME_RUNS_TEXT}; the reference is bench/reference/: ` +
    'React Flow with one framer-motion element moving along each of N edges, all imported eagerly.';
  const rows: Figure[] = [
    {
      name: 'First-screen JS',
      value: `${kb(appGzip)} gzip`,
      runs: `${kb(b.appBundle.rawBytes)} raw, ${b.appBundle.files.length} file(s)`,
      reference: `plain stack ${kb(refGzip)}`,
      ratio: `${fixed(appGzip / refGzip, 2)}x`,
      target: 'at most 150 KB',
      status: status(appGzip <= FIRST_SCREEN_LIMIT_BYTES),
      note:
        `\`vite build\` output: the scripts and module preloads dist/index.html names plus their static ` +
        `imports (Vite manifest), each gzipped (zlib default level) and summed: ${b.appBundle.files.join(', ')}. ` +
        `The reference is the same measure of bench/reference/ (React, React Flow and framer-motion, ` +
        `everything eager). What a visit downloads in all is the figure over the network below.`,
    },
    ...startupRows(b),
    ...busyRow(b),
    ...inputRows(b),
    ...verdictRow(b),
    ...worstCaseRow(b),
  ];
  const withLoad = (runs: FrameRuns | Unmeasured) =>
    isUnmeasured(runs) ? '' : ` ${loadsNote(runs)}`;
  if (b.presetFrames && b.stressFrames && b.reference100 && b.reference400) {
    rows.push(
      frameFigure(
        'Frame rate, barrier-alignment',
        b.presetFrames,
        b.reference100,
        `${frameMethod} The app plays the barrier-alignment preset (opened from a share link) ` +
          'at top speed (+ pressed until the fastest speed, space to play), started over whenever ' +
          `it ends; the reference has 100 moving elements.${withLoad(b.presetFrames)}`,
      ),
      ...(b.twinFrames
        ? [
            frameFigure(
              'Frame rate, twin view, barrier-alignment',
              b.twinFrames,
              b.reference100,
              `${frameMethod} As the barrier-alignment figure, with the same job in at-least-once ` +
                'mode beside it (the twin view, opened from a share link that names it): two ' +
                'graphs on one clock; the reference has 100 moving elements.' +
                withLoad(b.twinFrames),
            ),
          ]
        : []),
      frameFigure(
        'Frame rate, 400 in flight',
        b.stressFrames,
        b.reference400,
        `${frameMethod} The app plays the stress scenario of bench/scenarios.ts (8 sources, 5 records ` +
          'per tick each, 10 ticks per channel: about 400 records in flight) opened from a share ' +
          `link; the reference has 400 moving elements.${withLoad(b.stressFrames)}`,
      ),
    );
  }
  if (b.slowPresetFrames && b.slowStressFrames && b.slowReference100) {
    rows.push(
      frameFigure(
        `Frame rate, barrier-alignment, CPU ${b.slowdown}x slower`,
        b.slowPresetFrames,
        b.slowReference100,
        `${frameMethod} As the barrier-alignment figure, with the page's CPU slowed ${b.slowdown} times ` +
          "(the DevTools protocol's Emulation.setCPUThrottlingRate), as on a classroom laptop; the " +
          `reference has 100 moving elements and is slowed as much.${withLoad(b.slowPresetFrames)}`,
        { fps: 55 },
      ),
      frameFigure(
        `Frame rate, 400 in flight, CPU ${b.slowdown}x slower`,
        b.slowStressFrames,
        b.slowReference100,
        `${frameMethod} As the 400-in-flight figure, with the page's CPU slowed ${b.slowdown} times; the ` +
          `reference has 100 moving elements and is slowed as much.${withLoad(b.slowStressFrames)}`,
        { fps: 30, worstGapMs: 100 },
      ),
    );
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const only = values.only;
  const parts = BROWSER_PARTS.filter((p) => only === undefined || only === 'browser' || only === p);
  if (only !== undefined && !['engine', 'browser', 'runner', ...BROWSER_PARTS].includes(only)) {
    throw new Error(
      `--only takes engine, runner, browser or one part of it: ${BROWSER_PARTS.join(', ')}`,
    );
  }
  const started = performance.now();
  const host = machine();
  const figures: Figure[] = [];
  if (only === undefined || only === 'engine') figures.push(...engineFigures(), judgingFigure());
  if (only === undefined || only === 'runner') {
    figures.push(runnerFigure(log), worstCaseRunnerFigure(log));
  }
  let chromium = 'not run';
  if (parts.length > 0) {
    // The browser figures open the app through its share-link codec, which imports lz-string.
    register('./lzStringHooks.mjs', import.meta.url);
    const { browserFigures } = await import('./browserFigures');
    const browser = await browserFigures(log, new Set(parts));
    chromium = browser.chromium;
    figures.push(...browserFigureRows(browser));
  }
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = loadavg()[0];
  process.stdout.write(
    `\n${host.cpu}, ${host.cores} cores, ${host.memoryGb} GB, Node ${host.node}, Chromium ${chromium}, ${host.date}, ` +
      `load average ${fixed(host.load)} at the start, ${fixed(loadAfter)} at the end\n\n`,
  );
  process.stdout.write(`${textTable(figures)}\n\n`);
  for (const f of figures) process.stdout.write(`- ${f.name}: ${f.note}\n`);
  process.stdout.write('\n');
  if (only !== undefined) {
    log(`partial run (${only}): docs/benchmarks.md left alone`);
    return;
  }
  const findingsPath = join(ROOT, 'bench/findings.md');
  const findings = existsSync(findingsPath) ? readFileSync(findingsPath, 'utf8') : 'None yet.';
  // Formatted as the repository formats markdown, so the format check passes on the result.
  const docs = join(ROOT, 'docs/benchmarks.md');
  const report = markdownReport({ machine: host, chromium, figures, seconds, findings, loadAfter });
  const options = (await prettier.resolveConfig(docs)) ?? {};
  writeFileSync(docs, await prettier.format(report, { ...options, filepath: docs }));
  log(`wrote docs/benchmarks.md (${Math.round(seconds)} s)`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
