/**
 * Old against new: search speed of an earlier commit and of this tree, measured back to back on
 * one machine (a speed claim in a commit message quotes this table).
 *
 *   git worktree add /tmp/old <commit> && ln -s "$PWD/node_modules" /tmp/old/node_modules
 *   npm run bench:compare -- --base /tmp/old [--rounds 3]
 *
 * Each round runs bench/search-nps.ts once for the base tree and once for this one, each in a
 * fresh process, the old tree first in odd rounds and the new one first in even rounds. The table
 * gives the best nodes per CPU second of each side and their ratio, and the round-by-round ratio:
 * its mean with a 95 % interval (lib/paired.ts). On a shared machine the best of each side can
 * come from different moments of the machine's load, so the paired figure is the one to quote;
 * use ten rounds or more for an interval worth reading. Node counts are printed too: where they
 * differ, the two searches did different work (a changed ordering or pruning), and nps compares
 * the cost per node, not the time to a given depth.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { formatCount, formatRatio, formatTable } from './lib/table';
import { type NpsRow } from './search-nps';
import { argument } from './lib/args';
import { formatPaired } from './lib/paired';

const args = process.argv.slice(2);
const base = argument(args, '--base');
if (base === undefined) {
  console.error('usage: npm run bench:compare -- --base <old tree> [--rounds N]');
  process.exit(2);
}
const rounds = Number(argument(args, '--rounds') ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`--rounds must be a whole number of at least 1, not ${argument(args, '--rounds')}`);
  process.exit(2);
}
const here = resolve('src/engine');
const there = resolve(base, 'src/engine');

function measure(engine: string): NpsRow[] {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/search-nps.ts', '--engine', engine, '--runs', '2'],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`search-nps for ${engine} failed:\n${run.stderr}`);
  return (JSON.parse(run.stdout) as { rows: NpsRow[] }).rows;
}

const best = new Map<string, { old?: NpsRow; now?: NpsRow; ratios: number[] }>();
const keep = (side: 'old' | 'now', rows: readonly NpsRow[]): void => {
  for (const row of rows) {
    const entry = best.get(row.mode) ?? { ratios: [] };
    if ((entry[side]?.nps ?? 0) < row.nps) entry[side] = row;
    best.set(row.mode, entry);
  }
};
for (let round = 1; round <= rounds; round++) {
  process.stderr.write(`  … round ${round} of ${rounds}\n`);
  let old: NpsRow[];
  let now: NpsRow[];
  if (round % 2 === 1) {
    old = measure(there);
    now = measure(here);
  } else {
    now = measure(here);
    old = measure(there);
  }
  keep('old', old);
  keep('now', now);
  for (const row of now) {
    const before = old.find((r) => r.mode === row.mode);
    if (before !== undefined) best.get(row.mode)!.ratios.push(row.nps / before.nps);
  }
}

const columns = [
  { header: 'mode', align: 'left' },
  { header: 'old nodes', align: 'right' },
  { header: 'old nodes/s', align: 'right' },
  { header: 'new nodes', align: 'right' },
  { header: 'new nodes/s', align: 'right' },
  { header: 'best ÷ best', align: 'right' },
  { header: 'paired new ÷ old [95 %]', align: 'right' },
] as const;
const lines = [...best].map(([mode, { old, now, ratios }]) => [
  mode,
  formatCount(old?.nodes ?? 0),
  formatCount(old?.nps ?? 0),
  formatCount(now?.nodes ?? 0),
  formatCount(now?.nps ?? 0),
  old && now ? formatRatio(now.nps / old.nps) : '—',
  formatPaired(ratios),
]);
console.log(
  `old: ${there}\nnew: ${here}\n${rounds} rounds, nodes per CPU second (best of each side, and round by round)\n`,
);
console.log(formatTable(columns, lines));
