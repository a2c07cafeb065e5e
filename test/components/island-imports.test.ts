/**
 * What the pages' islands bring onto the main thread: the search itself (`search/alphabeta.ts`,
 * and with it every technique) and the decision trees (`dtree/tree-judge.ts`, which loads
 * trees.json, about 270 KB, and flattens it) belong in the engine's worker. An island reaches a
 * module through its value imports (`import type`, and imports of types only, bring nothing), and
 * one value import of a module brings everything that module imports: so a page that needs a
 * constant of the search imports it from a small module of its own (src/engine/README.md, "What
 * imports what"). Only chapter 7's widgets, which replay the chapter's games on the page, reach
 * them.
 *
 * The islands are the components the chapters and pages use with a `client:` directive. Static
 * imports only: a dynamic `import()` loads when it runs, not with the island.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const WORKER_ONLY = ['src/engine/search/alphabeta.ts', 'src/engine/dtree/tree-judge.ts'];

/** The pages and chapters: every .astro and .mdx file under src/. */
const pages = (): string[] =>
  readdirSync('src', { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(astro|mdx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

function resolveFrom(file: string, specifier: string): string | null {
  const base = normalize(join(dirname(file), specifier));
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (p) => existsSync(p) && statSync(p).isFile(),
  );
  return found ?? null;
}

/** The modules a file imports for a value (relative specifiers; types only do not count). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(import|export)\s+([^;]*?)\s*from\s+'(\.[^']+)'/gms)) {
    const clause = m[2]!.trim();
    if (clause.startsWith('type ')) continue;
    const braces = /^\{([^}]*)\}$/s.exec(clause);
    if (braces) {
      const names = braces[1]!
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    }
    const target = resolveFrom(file, m[3]!);
    if (target) out.push(target);
  }
  for (const m of text.matchAll(/^import\s+'(\.[^']+)'/gm)) {
    const target = resolveFrom(file, m[1]!);
    if (target) out.push(target);
  }
  return out;
}

/** The path from `from` to the first of `targets` it reaches by value imports, or null. */
function reach(from: string, targets: readonly string[]): string[] | null {
  const parent = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (targets.includes(file)) {
      const path: string[] = [];
      for (let f: string | null = file; f !== null; f = parent.get(f)!) path.unshift(f);
      return path;
    }
    if (!/\.tsx?$/.test(file)) continue;
    for (const next of valueImports(file))
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
  }
  return null;
}

/** Every component a page or chapter uses as an island, by file. */
function islands(): string[] {
  const found = new Set<string>();
  for (const page of pages()) {
    const text = readFileSync(page, 'utf8');
    const hydrated = new Set(
      [...text.matchAll(/<([A-Z]\w*)\b[^>]*?\sclient:[a-z]+/gs)].map((m) => m[1]!),
    );
    for (const m of text.matchAll(/^import\s+(?:(\w+)|\{([^}]*)\})\s+from\s+'(\.[^']+)'/gm)) {
      const names = m[1]
        ? [m[1]]
        : m[2]!.split(',').map((n) =>
            n
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          );
      if (!names.some((n) => hydrated.has(n))) continue;
      const target = resolveFrom(page, m[3]!);
      if (target?.endsWith('.tsx')) found.add(target);
    }
  }
  return [...found].sort();
}

describe('the islands’ imports', () => {
  const all = islands();

  it('finds the islands of the pages', () => {
    expect(all.length).toBeGreaterThan(15);
    for (const island of [
      'src/components/play/AnalyseBoard.tsx',
      'src/components/play/PlayGame.tsx',
      'src/components/widgets/explorer/SearchExplorer.tsx',
    ])
      expect(all).toContain(island);
  });

  it('bring neither the search nor the decision trees onto the main thread, but in chapter 7', () => {
    const reaching = all
      .map((island) => ({ island, path: reach(island, WORKER_ONLY) }))
      .filter((r) => r.path !== null);
    // Chapter 7's widgets replay the chapter's games (dtree/data.ts plays them with a Searcher).
    expect(reaching.map((r) => r.island)).toEqual([
      'src/components/widgets/dtree/MatePredictor.tsx',
      'src/components/widgets/dtree/MoveVerdicts.tsx',
      'src/components/widgets/dtree/TreeTrainer.tsx',
    ]);
    for (const r of reaching) expect(r.path).toContain('src/engine/dtree/data.ts');
  });

  it('counts a value import, and not an import of types only', () => {
    const explorer = valueImports('src/components/widgets/explorer/SearchExplorer.tsx');
    expect(explorer).toContain('src/components/widgets/later.tsx');
    // protocol.ts imports iterate.ts for its types only, and limits.ts for a value.
    const protocol = valueImports('src/engine/worker/protocol.ts');
    expect(protocol).toContain('src/engine/search/limits.ts');
    expect(protocol).not.toContain('src/engine/search/iterate.ts');
    // The engine's worker does reach the search.
    expect(reach('src/engine/worker/worker.ts', WORKER_ONLY)).not.toBeNull();
  });
});
