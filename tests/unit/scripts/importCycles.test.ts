import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, importGraphOf, type ImportGraph } from '../../../scripts/importCycles';

const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('the import-cycle check', () => {
  it('passes a graph whose imports only point one way', () => {
    expect(
      findCycles(graph({ app: ['session', 'engine'], session: ['engine'], engine: [] })),
    ).toEqual([]);
  });

  it('names the two modules that import each other', () => {
    expect(findCycles(graph({ checkpointing: ['failover'], failover: ['checkpointing'] }))).toEqual(
      [['checkpointing', 'failover', 'checkpointing']],
    );
  });

  it('finds a cycle that goes round three modules, and only that one', () => {
    const cycles = findCycles(
      graph({ budget: ['draft'], draft: ['topology'], topology: ['budget'], step: ['draft'] }),
    );
    expect(cycles).toEqual([['budget', 'draft', 'topology', 'budget']]);
  });

  it('finds a module that imports itself', () => {
    expect(findCycles(graph({ reasons: ['reasons'] }))).toEqual([['reasons', 'reasons']]);
  });

  it('reports each tangle once, however many ways round it has', () => {
    const cycles = findCycles(
      graph({ a: ['b', 'c'], b: ['a', 'c'], c: ['a'], d: ['e'], e: ['d'] }),
    );
    expect(cycles).toHaveLength(2);
  });
});

describe('the import graph of a folder', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('follows type-only imports, re-exports, index files and dynamic imports, not packages', () => {
    dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    mkdirSync(join(dir, 'graph'));
    writeFileSync(
      join(dir, 'flight.ts'),
      "import type { Layer } from './graph';\nimport 'react';\n",
    );
    writeFileSync(join(dir, 'graph', 'index.ts'), "export { look } from './look';\n");
    writeFileSync(join(dir, 'graph', 'look.tsx'), "const m = () => import('../flight');\n");
    const found = importGraphOf(dir, dir);
    expect(Object.fromEntries(found)).toEqual({
      'flight.ts': ['graph/index.ts'],
      'graph/index.ts': ['graph/look.tsx'],
      'graph/look.tsx': ['flight.ts'],
    });
    expect(findCycles(found)).toEqual([
      ['flight.ts', 'graph/index.ts', 'graph/look.tsx', 'flight.ts'],
    ]);
  });
});
