/**
 * Search speed in nodes per CPU second, by search mode, for one engine tree: the child process of
 * `npm run bench:compare`, which runs it for two trees (an old commit checked out beside this one,
 * and this one) back to back on one machine. It bundles the engine named by `--engine` as the site
 * ships it (lib/engine-bundle.ts), so the same measuring code times both; it uses only the API
 * both sides share (Searcher, parseSfen and plain option objects).
 *
 *   node --import tsx bench/search-nps.ts --engine src/engine [--mode defaults] [--runs 3]
 *
 * Prints one JSON line: per mode, the nodes, the best CPU seconds and the nodes per CPU second.
 * Every search starts cold (tables cleared before the clock starts), so node counts repeat.
 */
import { resolve } from 'node:path';
import { bundleEngine } from './lib/engine-bundle';
import { searchBenchPositions } from './search-positions';
import { argument } from './lib/args';

/**
 * The modes the issues ask about: plain α-β at the tree's default evaluation (material before
 * the tuned table became the default, the tuned table since), plain α-β with material alone, and
 * seed 000's costly modes.
 */
export const NPS_MODES: Readonly<Record<string, Record<string, unknown>>> = {
  defaults: {},
  material: { evaluator: 'material' },
  'ordering move-evaluation': { ordering: 'move-evaluation' },
  'forward threshold': { forwardPruning: 'threshold' },
  'forward rank': { forwardPruning: 'rank' },
  // Rank pruning as it was before ties were broken (issue 9): the same tree on both sides, so
  // nodes per second compare the cost of the same work. (Breaking ties searches fewer children
  // for the same valuing of every move, so its cost per node is higher by construction.)
  'forward rank, ties kept': { forwardPruning: 'rank', forwardRankTies: 'keep' },
};

/**
 * Options a tree may predate, with the behaviour it had before: dropped when that tree's
 * Searcher does not know them (an older tree kept every move tied with the k-th).
 */
const PREDATED: Readonly<Record<string, unknown>> = { forwardRankTies: 'keep' };

/** A Searcher for `options`, leaving out an option this tree predates if it had that behaviour. */
function makeSearcher<T>(
  Make: new (options: Record<string, unknown>) => T,
  options: Record<string, unknown>,
): T {
  try {
    return new Make(options);
  } catch (error) {
    const known = Object.fromEntries(
      Object.entries(options).filter(([key, value]) => PREDATED[key] !== value),
    );
    if (Object.keys(known).length === Object.keys(options).length) throw error;
    return new Make(known);
  }
}

/** Each timed run lasts about this long (in passes over the positions). */
const MIN_RUN_SECONDS = 1;

export interface NpsRow {
  mode: string;
  nodes: number;
  cpuSeconds: number;
  nps: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const engine = resolve(argument(args, '--engine') ?? 'src/engine');
  const runs = Number(argument(args, '--runs') ?? 3);
  const only = argument(args, '--mode');
  const { Searcher, parseSfen } = await bundleEngine(engine);
  const positions = searchBenchPositions(null).positions.map((p) => {
    const parsed = parseSfen(p.sfen);
    if (!parsed.ok) throw new Error(`${p.name}: ${parsed.error}`);
    return { sfen: p.sfen, depth: p.depth };
  });
  const rows: NpsRow[] = [];
  for (const [mode, options] of Object.entries(NPS_MODES)) {
    if (only !== undefined && mode !== only) continue;
    const searcher = makeSearcher(Searcher, options);
    // Each mode at the bench depths, less one ply for the slow seed-000 modes (same for both trees).
    const slow = mode !== 'defaults' && mode !== 'material';
    const pass = (): { cpu: number; nodes: number } => {
      let cpu = 0;
      let total = 0;
      for (const p of positions) {
        const parsed = parseSfen(p.sfen);
        if (!parsed.ok) throw new Error(parsed.error);
        searcher.clear();
        const start = process.cpuUsage();
        total += searcher.search(parsed.value, {
          depth: slow ? Math.max(1, p.depth - 1) : p.depth,
        }).nodes;
        const used = process.cpuUsage(start);
        cpu += (used.user + used.system) / 1e6;
      }
      return { cpu, nodes: total };
    };
    // The warm-up pass also sizes a run: enough passes for about MIN_RUN_SECONDS of CPU, since
    // a run of a few tens of milliseconds is at the mercy of a busy machine's scheduler.
    const warm = pass();
    const passes = Math.max(1, Math.ceil(MIN_RUN_SECONDS / Math.max(warm.cpu, 1e-3)));
    const nodes = warm.nodes;
    let best = Infinity;
    for (let run = 0; run < runs; run++) {
      let cpu = 0;
      for (let i = 0; i < passes; i++) cpu += pass().cpu;
      best = Math.min(best, cpu / passes);
    }
    rows.push({ mode, nodes, cpuSeconds: best, nps: Math.round(nodes / best) });
  }
  process.stdout.write(`${JSON.stringify({ engine, rows })}\n`);
}

await main();
