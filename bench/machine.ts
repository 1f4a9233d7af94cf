import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** The packages whose versions decide the figures. */
const PACKAGES = [
  'react',
  'react-dom',
  '@xyflow/react',
  'framer-motion',
  'zustand',
  'zod',
  'vite',
  'typescript',
  'tsx',
  '@playwright/test',
];

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  date: string;
  commit: string;
  /** One-minute load average when the bench started: other work on the machine skews every figure. */
  load: number;
  packages: Record<string, string>;
}

function installedVersion(name: string): string {
  try {
    const manifest = readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8');
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return 'not installed';
  }
}

function commit(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain').length > 0 ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

export function machine(): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit: commit(),
    load: loadavg()[0],
    packages: Object.fromEntries(PACKAGES.map((name) => [name, installedVersion(name)])),
  };
}
