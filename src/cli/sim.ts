import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runScenario, type Mode, type Scenario } from '../engine';
import { presetById, PRESETS } from '../scenarios/presets';
import { parseScenario } from '../scenarios/schema';
import { simReport } from './simReport';

const USAGE =
  'usage: npm run --silent sim -- <preset-id | scenario.json> [--mode exactly-once|at-least-once|stop-the-world] [--ticks N] [--seed S]';
const MODES: Mode[] = ['exactly-once', 'at-least-once', 'stop-the-world'];

function fail(message: string): never {
  process.stderr.write(`sim: ${message}\n`);
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

function loadScenario(arg: string): Scenario {
  const preset = presetById(arg);
  if (preset) return preset;
  if (!arg.endsWith('.json')) {
    fail(`"${arg}" is neither a preset (${PRESETS.map((p) => p.id).join(', ')}) nor a .json file`);
  }
  let text: string;
  try {
    text = readFileSync(arg, 'utf8');
  } catch {
    fail(`cannot read ${arg}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    fail(`${arg} is not valid JSON (${(e as Error).message})`);
  }
  const parsed = parseScenario(data);
  if (!parsed.ok) fail(`${arg} is not a valid scenario: ${parsed.errors.join('; ')}`);
  return parsed.scenario;
}

function main(): void {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { mode: { type: 'string' }, ticks: { type: 'string' }, seed: { type: 'string' } },
    });
  } catch (e) {
    // Node's messages can span lines; the runner's errors are one line each.
    fail(`${(e as Error).message.replace(/\s*\n\s*/g, ' ')}; ${USAGE}`);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) fail(USAGE);
  let scenario = loadScenario(positionals[0]);
  if (values.mode !== undefined) {
    if (!MODES.includes(values.mode as Mode)) fail(`--mode must be one of ${MODES.join(', ')}`);
    scenario = { ...scenario, checkpoint: { ...scenario.checkpoint, mode: values.mode as Mode } };
  }
  const seed = integer('seed', values.seed, -2147483648, 4294967295);
  if (seed !== undefined) scenario = { ...scenario, seed };
  // A bound, so that a typo in --ticks gives an error instead of a run that never ends.
  const ticks = integer('ticks', values.ticks, 0, 1_000_000);
  const result = runScenario(scenario, ticks);
  process.stdout.write(`${JSON.stringify(simReport(result), null, 2)}\n`);
}

main();
