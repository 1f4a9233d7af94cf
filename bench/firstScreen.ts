import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

/** The first screen's JavaScript may weigh this much, gzipped (the project's rule). */
export const FIRST_SCREEN_LIMIT_BYTES = 150 * 1024;

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/**
 * The JavaScript a first visit downloads before anything else, in a `vite build` output built
 * with `manifest: true`: the scripts and module preloads index.html names, and everything they
 * import statically (per Vite's manifest). Lazy chunks behind a dynamic import are not part of
 * it. Each file gzipped on its own (zlib's default level), as it travels.
 */
export function eagerJavaScript(dir: string): BundleSize {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const named = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1].replace(/^.*?assets\//, 'assets/'));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const key = byFile.get(file);
    for (const imported of (key && manifest[key].imports) || []) visit(manifest[imported].file);
  };
  named.forEach(visit);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dir, file));
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes).length;
  }
  return { files: [...files], rawBytes, gzipBytes };
}
