/**
 * Node-count signatures per option set: the bench positions (test/fixtures/bench-positions.json)
 * searched to their depths with each preset of the lab and a few other option sets, the tables
 * cleared before each position. The default options' total is the bench signature; the others
 * pin what the default options never reach (every pruning, extension and ordering is off by
 * default), so a refactor of the search is proven by counts under every technique.
 * `npm run signatures -- --write` remakes test/fixtures/preset-signatures.json; the test
 * test/engine/search/preset-signatures.test.ts checks it.
 */
import { readFileSync } from 'node:fs';
import { PRESETS } from '../../src/engine/lab/presets';
import { Searcher } from '../../src/engine/search/iterate';
import type { SearchOptions } from '../../src/engine/search/options';
import { parseSfen } from '../../src/engine/sfen';

export const BENCH_FILE = 'test/fixtures/bench-positions.json';
export const SIGNATURES_FILE = 'test/fixtures/preset-signatures.json';

export interface BenchPosition {
  name: string;
  sfen: string;
  depth: number;
}

export interface SignedSet {
  id: string;
  options: Partial<SearchOptions>;
  /** Added to each position's bench depth (a costly set searches shallower). */
  depthOffset?: number;
}

/** The option sets signed: every preset, and the orderings and prunings no preset names. */
export const SIGNED_OPTION_SETS: readonly SignedSet[] = [
  ...PRESETS.map((p) => ({
    id: p.id,
    options: p.options,
    // The mate search at the leaves costs a df-pn search per node near the horizon: one ply
    // less keeps it to a second or two, and still runs the probe thousands of times.
    ...(p.options.mateProbeNodes ? { depthOffset: -1 } : {}),
  })),
  // Material alone, the default evaluation before the tuned table, and the one the chapters'
  // worked examples still name.
  { id: 'material', options: { evaluator: 'material' } },
  { id: 'ordering-move-evaluation', options: { ordering: 'move-evaluation' } },
  { id: 'ordering-decision-tree', options: { ordering: 'decision-tree' } },
  { id: 'ordering-none', options: { ordering: 'none' } },
  { id: 'forward-tree', options: { forwardPruning: 'tree' } },
  { id: 'capture-order-see', options: { captureOrder: 'see' } },
  { id: 'no-table', options: { ttSizeMb: 0 } },
  // Dual Credit at every move with seed 000's recapture re-search: each search of a move carries
  // its credit, the re-search of a recapture too (it once carried none; engine-review.md N6).
  {
    id: 'dual-credit-every-recapture',
    options: { dualCredit: true, creditWhere: 'every', recaptureExtension: true },
    depthOffset: -1,
  },
];

export function benchPositions(): BenchPosition[] {
  return (JSON.parse(readFileSync(BENCH_FILE, 'utf8')) as { positions: BenchPosition[] }).positions;
}

/** Nodes (main search and quiescence) of each bench position with the set's options. */
export function signedNodes(set: SignedSet, positions: readonly BenchPosition[]): number[] {
  const searcher = new Searcher(set.options);
  return positions.map((p) => {
    const pos = parseSfen(p.sfen);
    if (!pos.ok) throw new Error(`${p.name}: ${pos.error}`);
    searcher.clear();
    const r = searcher.search(pos.value, { depth: p.depth + (set.depthOffset ?? 0) });
    return r.stats.nodes + r.stats.qnodes;
  });
}
