import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/*
 * The response headers the app wants from whatever serves it: `vite preview` sends them, and a
 * static host should (README, "Deploy").
 */
/** The CSP of the built app: nothing but its own files, no WebSocket (that is the dev server's). */
const PRODUCTION_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Workers record runs and read imported files: module scripts of the app's own origin.
  "worker-src 'self'",
  // React Flow and the graph position nodes with style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/**
 * The CSP the page itself carries in a meta tag: the production policy, plus what the dev server
 * needs (its WebSocket for hot reload) when serving. A meta tag cannot set frame-ancestors (the
 * browser ignores it there, with a console error): that one only comes as a header.
 */
function metaCsp(serving: boolean): string {
  const policy = serving
    ? PRODUCTION_CSP.map((d) => (d.startsWith('connect-src') ? `${d} ws:` : d))
    : PRODUCTION_CSP;
  return policy.join('; ');
}

/** The headers of every response of the built app. */
const SECURITY_HEADERS: Record<string, string> = {
  // Any page may frame the app: embeds (`?embed`) go into slides and course pages on any host.
  'Content-Security-Policy': [...PRODUCTION_CSP, 'frame-ancestors *'].join('; '),
  'X-Content-Type-Options': 'nosniff',
  // Share links hold the scenario after the `#`, which browsers never send; the rest need not go either.
  'Referrer-Policy': 'no-referrer',
};

/** The page's CSP meta tag: the production policy in a build, the dev server's while serving. */
function contentSecurityPolicy(): Plugin {
  let serving = false;
  return {
    name: 'content-security-policy',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml: (html) => html.replace('%CONTENT_SECURITY_POLICY%', metaCsp(serving)),
  };
}

/**
 * React Flow names its components for React's developer tools (`X.displayName = 'X'`). Such a
 * write counts as a use of the component, so most of the minimap the app never renders stayed in
 * the first screen; a production build has no use for the names. Each write leaves an empty line,
 * so the lines of the source map still match.
 */
function dropReactFlowDisplayNames(): Plugin {
  return {
    name: 'drop-react-flow-display-names',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]@xyflow[\\/]react[\\/]dist[\\/]esm[\\/]index\.js$/ },
      handler: (code) => ({
        code: code.replace(/^[\w$]+\.displayName = '[^']*';$/gm, ''),
        map: null,
      }),
    },
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), dropReactFlowDisplayNames()],
  // Workers are modules, so a worker's imports are chunks like the page's.
  worker: { format: 'es' },
  resolve: {
    alias: [
      // React Flow's pan and zoom never tween a colour: d3-color stays out (src/app/vendor/noColours.ts).
      {
        find: /^d3-color$/,
        replacement: fileURLToPath(new URL('./src/app/vendor/noColours.ts', import.meta.url)),
      },
      // React 18 has useSyncExternalStore: React Flow's store needs no shim of it for React 17.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  build: {
    // Module preloading is a hint: a browser without it (Firefox before 115, Safari before 17)
    // fetches a chunk's imports when the chunk runs, a little later, rather than not at all.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The engine's modules run nothing when imported (src/engine/tsconfig.json and lint keep
        // it pure), so what only an on-demand chunk uses goes into that chunk, not into the first
        // screen.
        moduleSideEffects: (id: string) => !/[\\/]src[\\/]engine[\\/]/.test(id),
        // Wrapping a component changes nothing until it renders, so React Flow's components the
        // app never renders (minimap, controls, background, resizer) are dropped.
        manualPureFunctions: ['memo', 'forwardRef', 'createContext'],
      },
    },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true, headers: SECURITY_HEADERS },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    // A loaded machine runs a test several times slower: the timeout is there for a hang, not a
    // speed limit (property tests, CPU-bound, set their own).
    testTimeout: 60_000,
    // Vitest leaves a core to itself by default: one worker on a 2-core machine, which ran the
    // suite in 137 s where two run it in 104 (the main process mostly waits).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
