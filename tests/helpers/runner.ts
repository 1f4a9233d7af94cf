import { execFile } from 'node:child_process';

export interface RunnerOutcome {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the headless runner (`npm run sim`) with these arguments, as a script would. */
export function runSim(...args: string[]): Promise<RunnerOutcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/sim.ts', ...args],
      { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

/** The runner's report for these arguments, parsed; rejects with its stderr when it fails. */
export async function runSimReport<T>(...args: string[]): Promise<T> {
  const { status, stdout, stderr } = await runSim(...args);
  if (status !== 0) throw new Error(stderr);
  return JSON.parse(stdout) as T;
}
