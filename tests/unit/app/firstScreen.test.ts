import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { eagerJavaScript, FIRST_SCREEN_LIMIT_BYTES } from '../../../bench/firstScreen';

const ROOT = resolve(import.meta.dirname, '../../..');
const outDir = mkdtempSync(join(tmpdir(), 'first-screen-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the first screen', () => {
  it('downloads at most 150 KB of gzipped JavaScript before it can show anything', async () => {
    // Vitest sets NODE_ENV to "test", which would build React's development bundle.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        root: ROOT,
        mode: 'production',
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true, manifest: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const eager = eagerJavaScript(outDir);
    const kb = (eager.gzipBytes / 1024).toFixed(1);
    expect(eager.gzipBytes, `${kb} KB gzip in ${eager.files.join(', ')}`).toBeLessThanOrEqual(
      FIRST_SCREEN_LIMIT_BYTES,
    );
  }, 120_000);
});
