/**
 * Bundle a worker-thread entry with esbuild into a temporary directory: the engine as the site
 * ships it (plain ES modules, not tsx's CommonJS, which costs 10–20 % in the search). The match
 * runner and the decision-tree data generator start their workers from it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

/** Bundle `entry` (a path); returns the bundle's path and a cleanup. */
export async function bundleWorker(
  entry: string,
): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'yomi-worker-'));
  const file = join(dir, `${basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: file,
    logLevel: 'silent',
  });
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}
