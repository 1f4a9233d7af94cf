/**
 * Fails when the modules of src/ import each other in a circle. A cycle means two modules are one
 * module split in two files: neither can be read, tested or moved to another layer alone, and at
 * run time one of them sees the other half-initialised. Type-only imports count too: they tie the
 * files together just the same.
 *
 * Run by `npm run lint`: `tsx scripts/importCycles.ts [root]` (root defaults to src).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Each module (a path) and the modules it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * Every cycle of the graph, one per strongly connected component that has more than one module
 * (or a module importing itself), as the path that goes round it: `[a, b, a]` for a ↔ b. Pure.
 */
export function findCycles(graph: ImportGraph): string[][] {
  // Tarjan's strongly connected components, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const targets = (m: string) => graph.get(m) ?? [];

  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const out = targets(frame.node);
      if (frame.edge < out.length) {
        const to = out[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let m: string;
        do {
          m = stack.pop()!;
          onStack.delete(m);
          component.push(m);
        } while (m !== frame.node);
        const selfImport = targets(frame.node).includes(frame.node);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  }
  return components.map((c) => cycleWithin(graph, new Set(c)));
}

/** A shortest way round from the component's first module (by name) back to itself. */
function cycleWithin(graph: ImportGraph, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i];
    for (const to of graph.get(at) ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const way: string[] = [];
        for (let m = at; m !== start; m = cameFrom.get(m)!) way.unshift(m);
        return [start, ...way, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, at);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it; undefined for packages. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, 'index' + e)),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** The module specifiers of a file: imports, re-exports and dynamic `import()`. */
export function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The import graph of the TypeScript files under root, keyed by path relative to `cwd`. */
export function importGraphOf(root: string, cwd = process.cwd()): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const targets = importedSpecifiers(file, readFileSync(file, 'utf8'))
      .map((s) => resolveSpecifier(file, s))
      .filter((t): t is string => t !== undefined)
      .map((t) => relative(cwd, t));
    graph.set(relative(cwd, file), [...new Set(targets)]);
  }
  return graph;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? 'src';
  const cycles = findCycles(importGraphOf(root));
  if (cycles.length > 0) {
    for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' → ')}`);
    console.error(
      `${cycles.length} import cycle(s) in ${root}/: move what both modules share to where it belongs.`,
    );
    process.exit(1);
  }
}
