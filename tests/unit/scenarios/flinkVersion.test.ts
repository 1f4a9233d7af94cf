import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLINK_VERSION } from '../../../src/scenarios/flinkVersion';

const ROOT = join(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The release the app and the README call current is FLINK_VERSION, the one place it is set: a
 * text that names a later 2.x release than 2.0 (where the old APIs were removed) by hand says
 * what the simulator follows, and must move with the constant (the About said 2.3 while the
 * restart-strategy note still said 2.1, had it not).
 */
describe('the Flink release the screen names', () => {
  it('is FLINK_VERSION wherever a text names a 2.x release after 2.0', () => {
    const files = [...sources(join(ROOT, 'src')), join(ROOT, 'README.md')];
    const found: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/Flink (2\.[1-9]\d*)/g)) {
        if (match[1] !== FLINK_VERSION) found.push(`${file.slice(ROOT.length + 1)}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('is named in the README as the current stable release', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Apache Flink ${FLINK_VERSION}**, the current stable release`);
  });
});
