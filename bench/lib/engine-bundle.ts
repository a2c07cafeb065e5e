/**
 * The engine as the site ships it: one ES module bundled by esbuild (Vite builds the book's Web
 * Worker the same way). The benchmarks time this bundle rather than the TypeScript sources run
 * through tsx: tsx turns every module into CommonJS whose imports are property getters, so each
 * read of a shared constant (EMPTY, WALL, a table) becomes a call, which costs our engine 10–20 %
 * against peers that ship plain ES modules. The bundle is what a reader's browser runs.
 *
 * `bundleEngine(root)` bundles the engine of any checkout (an old commit beside this one, for
 * bench:compare), exporting only names both old and new trees have.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { perft } from '../../src/engine/perft';
import type { Searcher } from '../../src/engine/search/index';
import type { parseSfen } from '../../src/engine/sfen';

/**
 * What the benchmarks call on a bundled engine, typed as this tree's (an older tree bundled for
 * bench:compare is only asked for what both have).
 */
export interface BundledEngine {
  readonly Searcher: typeof Searcher;
  readonly parseSfen: typeof parseSfen;
  readonly perft: typeof perft;
}

/** Write the engine under `engineDir` (a checkout's src/engine), bundled, to `file`. */
export async function writeEngineBundle(engineDir: string, file: string): Promise<void> {
  const root = resolve(engineDir);
  await build({
    stdin: {
      contents: [
        `export { Searcher } from ${JSON.stringify(join(root, 'search/index.ts'))};`,
        `export { parseSfen } from ${JSON.stringify(join(root, 'sfen.ts'))};`,
        `export { perft } from ${JSON.stringify(join(root, 'perft.ts'))};`,
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    outfile: file,
    logLevel: 'silent',
  });
}

/** Bundle the engine under `engineDir` (a checkout's src/engine) and import it. */
export async function bundleEngine(engineDir = 'src/engine'): Promise<BundledEngine> {
  const dir = await mkdtemp(join(tmpdir(), 'yomi-engine-bundle-'));
  const file = join(dir, 'engine.mjs');
  try {
    await writeEngineBundle(engineDir, file);
    return (await import(pathToFileURL(file).href)) as BundledEngine;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
