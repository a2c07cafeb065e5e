/**
 * `npm run signatures`: the node-count signature of every signed option set (scripts/lib/
 * signatures.ts) on the bench positions. With `--write` it remakes
 * test/fixtures/preset-signatures.json, which test/engine/search/preset-signatures.test.ts holds
 * the search to, and the bench signature in test/fixtures/bench-positions.json (the default
 * options' counts, which signature.test.ts holds it to): a change of search, pruning, ordering or evaluation that moves a count is made
 * on purpose, and the commit that makes it says so.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  BENCH_FILE,
  benchPositions,
  SIGNATURES_FILE,
  SIGNED_OPTION_SETS,
  signedNodes,
} from './lib/signatures';

const write = process.argv.includes('--write');
const positions = benchPositions();
const sets: Record<
  string,
  { options: unknown; depthOffset: number; total: number; nodes: number[] }
> = {};
for (const set of SIGNED_OPTION_SETS) {
  const { id, options } = set;
  const started = performance.now();
  const nodes = signedNodes(set, positions);
  const total = nodes.reduce((a, b) => a + b, 0);
  sets[id] = { options, depthOffset: set.depthOffset ?? 0, total, nodes };
  const ms = (performance.now() - started).toFixed(0);
  process.stderr.write(`${id.padEnd(26)} ${String(total).padStart(10)} nodes  ${ms} ms\n`);
}
const fixture = {
  description:
    'Node counts (main search and quiescence) of each bench position of bench-positions.json, searched to its depth with each option set over the defaults, the tables cleared before each position. Made by npm run signatures -- --write.',
  comment:
    'changes only deliberately: a change to search, pruning, ordering or evaluation updates it and the commit says so',
  positions: positions.map((p) => p.name),
  sets,
};
if (write) {
  writeFileSync(SIGNATURES_FILE, `${JSON.stringify(fixture, null, 2)}\n`);
  // The default options' counts are the bench signature itself (signature.test.ts).
  const bench = JSON.parse(readFileSync(BENCH_FILE, 'utf8')) as {
    signature: number;
    positions: { nodes: number }[];
  };
  const plain = sets['plain']!;
  bench.positions.forEach((p, i) => (p.nodes = plain.nodes[i]!));
  bench.signature = plain.total;
  writeFileSync(BENCH_FILE, `${JSON.stringify(bench, null, 2)}\n`);
  spawnSync('npx', ['prettier', '--write', SIGNATURES_FILE, BENCH_FILE], { stdio: 'ignore' });
  process.stderr.write(`bench signature ${plain.total}\n`);
} else process.stdout.write(`${JSON.stringify(fixture, null, 2)}\n`);
