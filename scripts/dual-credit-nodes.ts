/**
 * Chapter 5's node measure (seed 001, Fig. 2 and §4.3): the same positions searched to the same
 * depth with and without Dual Credit, the node increase per position as a histogram in the paper's
 * bins, and the totals of the variants: credit at every move, and one shared account at a range of
 * limits, to find the limit at which it reads as many nodes as two accounts (the paper set its
 * shared limit so that the search time was about the same).
 *   npm run dual-credit-nodes [-- --depth 4] [--positions 60] [--json]
 * Also: how often a full account meets credit in the other side's (what a shared account adds
 * up), and the matched shared limit again on the first positions one ply deeper.
 * Node counts (main + quiescence) with a fresh table per search: deterministic, no timing. Each
 * position's reference move, plain α-β's one ply deeper than the measure (depth 5 by default)
 * with today's default options, says how often each search plays what a deeper one does.
 */
import { readArgs } from './lib/cli';
import fixture from '../src/engine/eval/move-rank-positions.json' with { type: 'json' };
import { median } from '../src/engine/lab/stats';
import { parseSfen } from '../src/engine/sfen';
import { Searcher } from '../src/engine/search/index';
import type { SearchOptions } from '../src/engine/search/options';

const { values } = readArgs('dual-credit-nodes', {
  options: {
    depth: { type: 'string', default: '4' },
    positions: { type: 'string', default: '60' },
    json: { type: 'boolean', default: false },
  },
});
const depth = Number(values.depth);
const count = Number(values.positions);
if (!Number.isInteger(depth) || depth < 1 || depth > 8)
  throw new Error(`--depth must be a whole number from 1 to 8, not ${values.depth}`);
if (!Number.isInteger(count) || count < 1 || count > fixture.positions.length)
  throw new Error(
    `--positions must be from 1 to ${fixture.positions.length}, not ${values.positions}`,
  );
const positions = fixture.positions.slice(0, count);

/** The paper's bins for Fig. 2 (whole percents), with room either side for what ours does. */
export const BINS = [
  { label: 'fewer', lo: -Infinity, hi: -0.5 },
  { label: '0–5%', lo: -0.5, hi: 5.5 },
  { label: '6–10%', lo: 5.5, hi: 10.5 },
  { label: '11–15%', lo: 10.5, hi: 15.5 },
  { label: '16–20%', lo: 15.5, hi: 20.5 },
  { label: '21–50%', lo: 20.5, hi: 50.5 },
  { label: 'over 50%', lo: 50.5, hi: Infinity },
] as const;

const COMBINED_LIMITS = [2, 2.25, 2.5, 2.75, 3, 3.5, 4, 4.5];

/**
 * The deeper check of the matched limit (review D7): the first few positions at one ply more,
 * where a line holds more moves of each side, with the shared limits on a finer grid.
 */
const DEEPER_POSITIONS = 8;
const DEEPER_LIMITS = [2, 2.25, 2.5, 2.75, 3, 3.25, 3.5];

interface Run {
  nodes: number;
  move: string | null;
  extensions: number;
  researches: number;
  /** Nodes where the side that just moved had a full account, and where the other's held credit. */
  full: number;
  fullBoth: number;
}

function run(sfen: string, options: Partial<SearchOptions>, at = depth): Run {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) throw new Error(parsed.error);
  const r = new Searcher(options).search(parsed.value, { depth: at });
  return {
    nodes: r.stats.nodes + r.stats.qnodes,
    move: r.bestMove,
    extensions: r.stats.counters['dual-credit-extension'] ?? 0,
    researches: r.stats.counters['dual-credit-research'] ?? 0,
    full: r.stats.counters['dual-credit-full'] ?? 0,
    fullBoth: r.stats.counters['dual-credit-full-both'] ?? 0,
  };
}

const progress = (s: string): void => {
  if (!values.json) process.stderr.write(s);
};

/** How much deeper the reference search reads than the measure. */
const REFERENCE_PLIES = 1;

const rows = positions.map((p, i) => {
  const plain = run(p.sfen, {});
  const dc = run(p.sfen, { dualCredit: true });
  const reference = run(p.sfen, {}, depth + REFERENCE_PLIES).move;
  progress('.');
  return {
    index: i,
    sfen: p.sfen,
    plain: plain.nodes,
    dualCredit: dc.nodes,
    increasePct: (100 * (dc.nodes - plain.nodes)) / plain.nodes,
    extensions: dc.extensions,
    researches: dc.researches,
    full: dc.full,
    fullBoth: dc.fullBoth,
    sameMove: dc.move === plain.move,
    move: { plain: plain.move, dualCredit: dc.move, reference },
  };
});
progress('\n');

const histogram = BINS.map((b) => {
  const n = rows.filter((r) => r.increasePct > b.lo && r.increasePct <= b.hi).length;
  return { bin: b.label, positions: n, share: n / rows.length };
});

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const totalOf = (
  options: Partial<SearchOptions>,
  at = depth,
  over: readonly { sfen: string }[] = positions,
): { nodes: number; extensions: number } => {
  let nodes = 0;
  let extensions = 0;
  for (const p of over) {
    const r = run(p.sfen, options, at);
    nodes += r.nodes;
    extensions += r.extensions;
  }
  progress('+');
  return { nodes, extensions };
};
const plainTotal = sum(rows.map((r) => r.plain));
const separate = {
  nodes: sum(rows.map((r) => r.dualCredit)),
  extensions: sum(rows.map((r) => r.extensions)),
};
const every = totalOf({ dualCredit: true, creditWhere: 'every' });
const combined = COMBINED_LIMITS.map((limit) => ({
  limit,
  ...totalOf({ dualCredit: true, creditPool: 'combined', combinedCreditLimit: limit }),
}));
progress('\n');
// The shared limit that reads closest to the separate accounts' nodes.
const matched = combined.reduce((a, b) =>
  Math.abs(b.nodes - separate.nodes) < Math.abs(a.nodes - separate.nodes) ? b : a,
);

// The same match of one shared account against two, on fewer positions at this depth and one
// ply deeper: does the matched limit climb with depth, as the paper's "a little more than twice"
// would need?
const deeper = [depth, depth + 1].map((at) => {
  const few = positions.slice(0, DEEPER_POSITIONS);
  const two = totalOf({ dualCredit: true }, at, few);
  const shared = DEEPER_LIMITS.map((limit) => ({
    limit,
    ...totalOf({ dualCredit: true, creditPool: 'combined', combinedCreditLimit: limit }, at, few),
  }));
  const closest = shared.reduce((a, b) =>
    Math.abs(b.nodes - two.nodes) < Math.abs(a.nodes - two.nodes) ? b : a,
  );
  return {
    depth: at,
    positions: few.length,
    separate: two,
    combined: shared,
    matched: closest.limit,
  };
});
progress('\n');

const increases = rows.map((r) => r.increasePct);
const summary = {
  depth,
  positions: rows.length,
  plainNodes: plainTotal,
  separate,
  every,
  combined,
  matchedCombinedLimit: matched.limit,
  /**
   * With two accounts: nodes where the side that just moved had a full account, and how many of
   * those found credit in the other side's account too (a shared account adds the two).
   */
  full: sum(rows.map((r) => r.full)),
  fullBoth: sum(rows.map((r) => r.fullBoth)),
  fullBothShare: sum(rows.map((r) => r.fullBoth)) / Math.max(1, sum(rows.map((r) => r.full))),
  deeper,
  totalIncreasePct: (100 * (separate.nodes - plainTotal)) / plainTotal,
  medianIncreasePct: median(increases),
  maxIncreasePct: Math.max(...increases),
  minIncreasePct: Math.min(...increases),
  positionsExtended: rows.filter((r) => r.extensions > 0).length,
  /** Where no credit became depth, the increase is the re-searches' alone. */
  notExtended: (() => {
    const xs = rows.filter((r) => r.extensions === 0).map((r) => r.increasePct);
    return {
      positions: xs.length,
      medianIncreasePct: xs.length ? median(xs) : 0,
      maxIncreasePct: xs.length ? Math.max(...xs) : 0,
    };
  })(),
  sameMove: rows.filter((r) => r.sameMove).length,
  /** How often each plays the reference move (plain α-β one ply deeper). */
  referenceDepth: depth + REFERENCE_PLIES,
  referencePlain: rows.filter((r) => r.move.plain === r.move.reference).length,
  referenceDualCredit: rows.filter((r) => r.move.dualCredit === r.move.reference).length,
};

if (values.json) {
  console.log(JSON.stringify({ summary, histogram, rows }));
} else {
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
  console.log(
    `depth ${depth}, ${rows.length} positions (the rank fixture), nodes = main + quiescence\n`,
  );
  console.log('node increase with Dual Credit, by position (the paper’s Fig. 2 bins):');
  for (const h of histogram)
    console.log(
      `  ${h.bin.padEnd(9)} ${String(h.positions).padStart(3)}  ${(100 * h.share).toFixed(0)}%`,
    );
  console.log(
    `\nplain ${plainTotal.toLocaleString('en')} nodes; Dual Credit ${separate.nodes.toLocaleString('en')} (${pct(summary.totalIncreasePct)}), median ${pct(summary.medianIncreasePct)}, ${summary.minIncreasePct.toFixed(1)} to ${summary.maxIncreasePct.toFixed(1)}; extended in ${summary.positionsExtended} positions; same move in ${summary.sameMove}; the depth-${summary.referenceDepth} move: plain ${summary.referencePlain}, Dual Credit ${summary.referenceDualCredit}`,
  );
  console.log(
    `credit at every move: ${every.nodes.toLocaleString('en')} nodes, ${every.extensions} extension plies`,
  );
  console.log('one shared account, by limit:');
  for (const c of combined)
    console.log(
      `  ${String(c.limit).padEnd(5)} ${c.nodes.toLocaleString('en').padStart(12)} nodes  ${String(c.extensions).padStart(6)} extension plies`,
    );
  console.log(`closest to two accounts at limit 2: ${matched.limit}`);
  console.log(
    `a full account met credit on the other side at ${summary.fullBoth} of ${summary.full} nodes (${(100 * summary.fullBothShare).toFixed(0)}%)`,
  );
  for (const d of deeper)
    console.log(
      `first ${d.positions} positions at depth ${d.depth}: two accounts ${d.separate.nodes.toLocaleString('en')} nodes; shared ${d.combined.map((c) => `${c.limit}: ${c.nodes.toLocaleString('en')}`).join(', ')}; closest ${d.matched}`,
    );
}
