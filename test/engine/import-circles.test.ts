/**
 * No import circles in the engine (src/engine), type-only imports included: a module's
 * dependencies must form a tree a reader can follow from the leaves up. Each circle is found as
 * a strongly connected component of the import graph (Tarjan); the test fails if one appears.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = 'src/engine';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The engine modules a file imports or re-exports (relative specifiers only). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gms)) {
    const base = normalize(join(dirname(file), m[1]!));
    const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p));
    if (target) found.push(target);
  }
  return found;
}

/** Strongly connected components of more than one module (Tarjan's algorithm). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
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
      if (component.length > 1) out.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('the engine’s imports', () => {
  it('form no circle', () => {
    const graph = new Map(sources(ROOT).map((file) => [file, importsOf(file)]));
    const found = circles(graph)
      .map((c) => c.map((file) => relative(ROOT, file)).sort())
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(found).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph).map((c) => c.sort())).toEqual([['a', 'b', 'c']]);
  });
});
