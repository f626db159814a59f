import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No cycle between the server's modules (docs/decisions.md, Module boundaries and the composition root): the graph
 * of "a non-test file of module A imports a file of module B", read from the sources with the TypeScript
 * compiler's import scanner (type-only imports count: they couple the modules too), has no cycle. A module that
 * needs something of a module depending on it gets a port from the composition root instead (modules/index.ts).
 */

const MODULES = fileURLToPath(new URL('../src/modules/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The module of a file, or undefined outside the modules' folders (lib, db, the composition root modules/index.ts). */
const moduleOf = (file: string): string | undefined => {
  const parts = path.relative(MODULES, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
};

/** Module -> the modules its non-test files import, each with one importing file as the example. */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), fileName));
      if (to && to !== from && !edges.has(to)) edges.set(to, path.relative(MODULES, file));
    }
  }
  return graph;
}

/** Every cycle's modules in order (Tarjan's strongly connected components of more than one module). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('module graph', () => {
  it('has no cycle between modules', () => {
    const graph = moduleGraph();
    const explained = cycles(graph).map((component) =>
      component.flatMap((from) => [...(graph.get(from) ?? [])].filter(([to]) => component.includes(to)).map(([to, file]) => `${from} -> ${to} (${file})`)),
    );
    expect(explained).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['cart', new Map([['vouchers', 'cart/service.ts']])],
      ['vouchers', new Map([['cart', 'vouchers/routes.ts']])],
      ['geo', new Map()],
    ]);
    expect(cycles(graph)).toEqual([['cart', 'vouchers']]);
  });
});
