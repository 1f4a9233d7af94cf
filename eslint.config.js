import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const engineBoundary = {
  patterns: [
    {
      group: [
        'react',
        'react-dom',
        'react/*',
        'zustand',
        'zustand/*',
        '@xyflow/*',
        'framer-motion',
      ],
      message:
        'src/engine is the pure simulation: it runs the same in Node and in the browser, so it imports no UI library.',
    },
    {
      group: ['**/app/**', '**/session/**', '**/scenarios/**', '**/cli/**', 'node:*'],
      message:
        'Imports point downwards only: the engine knows nothing of the UI, the presets or the command line.',
    },
  ],
};

const sessionBoundary = {
  paths: [
    {
      name: 'zustand',
      message:
        "zustand's entry point is its React binding: the session's stores come from zustand/vanilla.",
    },
  ],
  patterns: [
    {
      group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xyflow/*', 'framer-motion'],
      message:
        'src/session is what the app knows that is not React: it runs in Node (bench, CLI, tests) as in the browser. Components and hooks belong in src/app.',
    },
    {
      group: ['**/app', '**/app/**', '**/cli/**', 'node:*'],
      message:
        'Imports point downwards only: the session knows nothing of the React binding or the command line.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'docs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render text as text: scenario strings may come from a shared link.',
        },
        {
          selector: "AssignmentExpression[left.property.name='innerHTML']",
          message: 'Render text as text: scenario strings may come from a shared link.',
        },
      ],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', engineBoundary],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'Engine time is the integer tick; a run must replay exactly.' },
        { name: 'window', message: 'The engine runs without a DOM.' },
        { name: 'document', message: 'The engine runs without a DOM.' },
        { name: 'setTimeout', message: 'The engine has no timers: time is the tick.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Randomness only through the seeded generator in the state (prng.ts).',
        },
      ],
    },
  },
  {
    files: ['src/session/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', sessionBoundary],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'The session runs without a DOM.' },
        { name: 'document', message: 'The session runs without a DOM.' },
      ],
    },
  },
  {
    files: ['src/scenarios/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/app/**',
                '**/session/**',
                'react',
                'zustand',
                '@xyflow/*',
                'framer-motion',
              ],
              message: 'Scenarios may use engine types, never the UI.',
            },
          ],
        },
      ],
    },
  },
);
