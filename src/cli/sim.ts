import { readFileSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import {
  createInitialState,
  DEFAULT_TICK_LIMIT,
  isTerminal,
  MILESTONE_EVENTS,
  step,
  WorkingSet,
  type Mode,
  type Scenario,
  type SimEventType,
  type StepOptions,
} from '../engine';
import { presetById, PRESETS } from '../scenarios/presets';
import {
  FILE_LIMITS,
  importScenarioFile,
  isPlainObject,
  parseJsonSafely,
  fileRefusalText,
} from '../scenarios/scenarioFile';
import { jsonText } from '../scenarios/inputMessages';
import { parseScenario } from '../scenarios/schema';
import { reportEvent, reportHead, writeReportTail, type JsonSink } from './simReport';

const USAGE =
  'usage: npm run --silent sim -- <preset-id | scenario.json> [--mode exactly-once|at-least-once|stop-the-world] [--ticks N] [--seed S] [--events all|milestones|none]';
const MODES: Mode[] = ['exactly-once', 'at-least-once', 'stop-the-world'];
const EVENT_CHOICES = ['all', 'milestones', 'none'] as const;
type EventChoice = (typeof EVENT_CHOICES)[number];

/** The runner's whole answer to a failure: one line on stderr, status 2. */
function fail(message: string): never {
  process.stderr.write(`sim: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(2);
}

function integer(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    fail(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

/**
 * A scenario file as the app reads it: the app's export format (header, scenario, events) or a
 * bare scenario, with or without a UTF-8 byte order mark, nested no deeper than the app allows.
 */
function loadScenario(arg: string): Scenario {
  const preset = presetById(arg);
  if (preset) return preset;
  if (!arg.endsWith('.json')) {
    fail(`"${arg}" is neither a preset (${PRESETS.map((p) => p.id).join(', ')}) nor a .json file`);
  }
  let text: string;
  try {
    if (statSync(arg).size > FILE_LIMITS.textLength * 4) fail(`${arg} is too large to read`);
    text = readFileSync(arg, 'utf8');
  } catch {
    fail(`cannot read ${arg}`);
  }
  const json = parseJsonSafely(text.replace(/^\uFEFF/, ''), FILE_LIMITS.depth);
  if (!json.ok) fail(`${arg} is not valid JSON (${jsonText(json.reason).en})`);
  if (!isPlainObject(json.value)) {
    const parsed = parseScenario(json.value);
    fail(
      `${arg} is not a valid scenario: ${parsed.ok ? 'not an object' : parsed.errors.join('; ')}`,
    );
  }
  const imported = importScenarioFile(text);
  if (!imported.ok) {
    fail(
      imported.error.code === 'invalidScenario'
        ? `${arg} is not a valid scenario: ${imported.problems.map((p) => p.en).join('; ')}`
        : `${arg}: ${fileRefusalText(imported.error).en}`,
    );
  }
  return imported.scenario;
}

/** stdout in pieces, waiting whenever the reader is behind, so memory holds one piece. */
function stdoutSink(): JsonSink & { flush(): Promise<void> } {
  let pending: string[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    if (!process.stdout.write(text)) await once(process.stdout, 'drain');
  };
  return {
    async write(text: string) {
      pending.push(text);
      size += text.length;
      if (size >= 1 << 16) await flush();
    },
    flush,
  };
}

async function run(
  scenario: Scenario,
  ticks: number | undefined,
  events: EventChoice,
): Promise<void> {
  const out = stdoutSink();
  const options: StepOptions = {
    events:
      events === 'all'
        ? undefined
        : events === 'milestones'
          ? MILESTONE_EVENTS
          : new Set<SimEventType>(),
  };
  const withEvents = events !== 'none';
  let state = createInitialState(scenario);
  await out.write(reportHead(state, withEvents));
  const limit = ticks ?? DEFAULT_TICK_LIMIT;
  // Only the last state is read: every step may write in place what an earlier one copied.
  const working = new WorkingSet();
  let first = true;
  while (state.tick < limit && (ticks !== undefined || !isTerminal(state))) {
    const result = step(state, working, options);
    state = result.state;
    if (!withEvents) continue;
    for (const e of result.events) {
      await out.write(reportEvent({ ...e, tick: state.tick }, first));
      first = false;
    }
  }
  await writeReportTail(state, withEvents, out);
  await out.flush();
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        mode: { type: 'string' },
        ticks: { type: 'string' },
        seed: { type: 'string' },
        events: { type: 'string' },
      },
    });
  } catch (e) {
    fail(`${(e as Error).message}; ${USAGE}`);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) fail(USAGE);
  const events = (values.events ?? 'all') as EventChoice;
  if (!EVENT_CHOICES.includes(events)) fail(`--events must be one of ${EVENT_CHOICES.join(', ')}`);
  let scenario = loadScenario(positionals[0]);
  if (values.mode !== undefined) {
    if (!MODES.includes(values.mode as Mode)) fail(`--mode must be one of ${MODES.join(', ')}`);
    scenario = { ...scenario, checkpoint: { ...scenario.checkpoint, mode: values.mode as Mode } };
  }
  const seed = integer('seed', values.seed, -2147483648, 4294967295);
  if (seed !== undefined) scenario = { ...scenario, seed };
  // A bound, so that a typo in --ticks gives an error instead of a run that never ends.
  const ticks = integer('ticks', values.ticks, 0, 1_000_000);
  await run(scenario, ticks, events);
}

// A reader that stops reading (`| head`) is not a failure of the run.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  fail(`cannot write the report: ${e.message}`);
});

main().catch((e: unknown) => fail(`the run failed: ${e instanceof Error ? e.message : String(e)}`));
