import { judging, memory, seekAndMemory, throughputRound } from './engineFigures';

/**
 * One engine measurement in a process of its own, so a figure never pays for the garbage or
 * the JIT state another one left. Prints its result as JSON on stdout.
 */
const figure = process.argv[2];
const figures: Record<string, () => unknown> = {
  throughput: throughputRound,
  seek: seekAndMemory,
  memory,
  judging,
};
const result = figure !== undefined && figure in figures ? figures[figure]() : null;
if (result === null) {
  process.stderr.write(`bench/child.ts: unknown figure "${figure}"\n`);
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(result)}\n`);
