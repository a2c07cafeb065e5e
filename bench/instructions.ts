/**
 * Old against new in instructions: how many machine instructions one pass of the search
 * benchmark's positions costs each tree, counted by valgrind (cachegrind, no cache simulation).
 * A deterministic measure where nodes per second on a shared two-core machine move by several per
 * cent from run to run: a change that saves 1 % shows as 1 %, run after run, and one that costs
 * shows too. It counts work, not time: memory stalls (a cache miss in the transposition table)
 * are not in it, so `npm run bench:compare` still has the last word on speed.
 *
 *   apt-get install valgrind
 *   git worktree add /tmp/old <commit> && ln -s "$PWD/node_modules" /tmp/old/node_modules
 *   npm run bench:instructions -- --base /tmp/old [--mode material]
 *
 * For each tree and mode (by default the two the speed targets name: defaults and material), the
 * engine is bundled as bench:compare bundles it and bench/instructions-child.mjs runs under
 * valgrind twice, with one and with three search passes (the same number of table clearings in
 * both); the difference, halved, is one steady-state pass. Node runs with --single-threaded so
 * that code is optimised at the same point in every run. About a minute per run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeEngineBundle } from './lib/engine-bundle';
import { argument } from './lib/args';
import { formatCount, formatRatio, formatTable } from './lib/table';
import { NPS_MODES } from './search-nps';
import { searchBenchPositions } from './search-positions';

const args = process.argv.slice(2);
const base = argument(args, '--base');
const only = argument(args, '--mode');
if (base === undefined) {
  console.error('usage: npm run bench:instructions -- --base <old tree> [--mode <mode>]');
  process.exit(2);
}
if (only !== undefined && !(only in NPS_MODES)) {
  console.error(`no mode "${only}" (there are: ${Object.keys(NPS_MODES).join(', ')})`);
  process.exit(2);
}
const valgrind = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
if (valgrind.error !== undefined || valgrind.status !== 0) {
  console.error('bench:instructions needs valgrind (Debian: apt-get install valgrind)');
  process.exit(2);
}

const CHILD = resolve('bench/instructions-child.mjs');
const positions = JSON.stringify(
  searchBenchPositions(null).positions.map(({ sfen, depth }) => ({ sfen, depth })),
);

/** Instructions and nodes of one run of the child under valgrind. */
function count(bundle: string, options: object, searches: number): [number, number] {
  const run = spawnSync(
    'valgrind',
    [
      '--tool=cachegrind',
      '--cache-sim=no',
      '--cachegrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      CHILD,
      bundle,
      JSON.stringify(options),
      positions,
      String(searches),
      String(3 - searches),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr);
  if (run.status !== 0 || refs === null)
    throw new Error(`valgrind run failed (status ${run.status}):\n${run.stderr.slice(-2000)}`);
  const nodes = (JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { nodes: number }).nodes;
  return [Number(refs[1]!.replaceAll(',', '')), nodes];
}

/** One steady-state pass: instructions and nodes. */
function perPass(bundle: string, options: object): { instructions: number; nodes: number } {
  const [one, nodesOne] = count(bundle, options, 1);
  const [three, nodesThree] = count(bundle, options, 3);
  return { instructions: (three - one) / 2, nodes: (nodesThree - nodesOne) / 2 };
}

const dir = mkdtempSync(join(tmpdir(), 'yomi-instructions-'));
try {
  const trees = [
    { name: 'old', file: join(dir, 'old.mjs'), root: resolve(base, 'src/engine') },
    { name: 'new', file: join(dir, 'new.mjs'), root: resolve('src/engine') },
  ];
  for (const tree of trees) await writeEngineBundle(tree.root, tree.file);
  const lines: string[][] = [];
  for (const [mode, options] of Object.entries(NPS_MODES)) {
    if (only !== undefined ? mode !== only : mode !== 'defaults' && mode !== 'material') continue;
    process.stderr.write(`  … ${mode}\n`);
    const [old, now] = trees.map((tree) => perPass(tree.file, options));
    const perNode = (r: { instructions: number; nodes: number }): number =>
      r.instructions / r.nodes;
    lines.push([
      mode,
      formatCount(old!.nodes),
      formatCount(Math.round(old!.instructions / 1e6)),
      formatCount(Math.round(perNode(old!))),
      formatCount(now!.nodes),
      formatCount(Math.round(now!.instructions / 1e6)),
      formatCount(Math.round(perNode(now!))),
      formatRatio(perNode(old!) / perNode(now!)),
    ]);
  }
  const columns = [
    { header: 'mode', align: 'left' },
    { header: 'old nodes', align: 'right' },
    { header: 'old M instr.', align: 'right' },
    { header: 'old per node', align: 'right' },
    { header: 'new nodes', align: 'right' },
    { header: 'new M instr.', align: 'right' },
    { header: 'new per node', align: 'right' },
    { header: 'old ÷ new per node', align: 'right' },
  ] as const;
  console.log(
    `old: ${trees[0]!.root}\nnew: ${trees[1]!.root}\ninstructions of one pass over the bench positions (valgrind)\n`,
  );
  console.log(formatTable(columns, lines));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
