/**
 * Pruning and extensions, measured: for each configuration (plain α-β, seed 000's forward pruning
 * by value and by rank, null move, LMR, futility, razoring, the three together, the check
 * extension, seed 000's recapture re-search, and seed 002's decision trees used to order, prune and
 * extend) over the positions of
 * test/fixtures/pruning-positions.json:
 *
 * - nodes and CPU time of a search to each position's test depth (the least of three runs, after a
 *   warm-up), with ratios to plain α-β, and the spread of the tree sizes among positions searched
 *   to the same depth;
 * - how often its best move agrees with a reference: plain α-β two plies deeper than the test
 *   depth, computed once and kept in the fixture; at the test depth and with a fixed number of
 *   nodes per position (deterministic: the same on every run and machine);
 * - the depth completed in a fixed amount of CPU time per position, run several times and given
 *   as the range of the runs' means (it varies from run to run).
 *
 *   npm run bench:pruning                         # the tables
 *   npm run bench:pruning -- --nodes 50000        # node budget for the fixed-nodes columns (0: skip)
 *   npm run bench:pruning -- --time-ms 500        # CPU time per position for the depth column (0: skip)
 *   npm run bench:pruning -- --time-runs 5        # how many timed runs the depth range spans
 *   npm run bench:pruning -- --only plain,null-move
 *   npm run bench:pruning -- --detail             # also nodes per position and configuration
 *   npm run bench:pruning -- --update-reference   # compute missing or stale references (slow)
 *   npm run -s bench:pruning -- --json > r.json   # tables on stderr, JSON on stdout
 *
 * Times are CPU time (user + system) of this process, which other processes on a shared machine
 * hardly disturb; the time limit is CPU time too, checked by the search's stop callback.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { readArgs } from '../scripts/lib/cli';
import { parseSfen, type Position } from '../src/engine/index';
import { Searcher, type SearchOptions, type SearchResult } from '../src/engine/search/index';
import { cpuMs } from './lib/cpu';

const KEEP_NOTHING = { forwardKeepCaptures: false, forwardKeepChecks: false } as const;

/** The configurations compared, each a difference from the default (everything off). */
const CONFIGURATIONS: readonly { name: string; options: Partial<SearchOptions> }[] = [
  { name: 'plain', options: {} },
  // The engine's defaults keep captures and checks; "nothing kept" is the seed's rule as written.
  { name: 'forward threshold -100', options: { forwardPruning: 'threshold' } },
  {
    name: 'forward threshold -100, nothing kept',
    options: { forwardPruning: 'threshold', ...KEEP_NOTHING },
  },
  { name: 'forward rank 10', options: { forwardPruning: 'rank', forwardRank: 10 } },
  {
    name: 'forward rank 10, nothing kept',
    options: { forwardPruning: 'rank', forwardRank: 10, ...KEEP_NOTHING },
  },
  {
    name: 'forward rank 10, ties kept',
    options: { forwardPruning: 'rank', forwardRank: 10, forwardRankTies: 'keep' },
  },
  { name: 'forward rank 5', options: { forwardPruning: 'rank', forwardRank: 5 } },
  { name: 'null move', options: { nullMove: true } },
  { name: 'LMR', options: { lmr: true } },
  { name: 'futility', options: { futility: true } },
  { name: 'razoring', options: { razoring: true } },
  { name: 'null + LMR + futility', options: { nullMove: true, lmr: true, futility: true } },
  { name: 'check extension', options: { checkExtension: true } },
  { name: 'recapture re-search', options: { recaptureExtension: true } },
  {
    name: 'recapture re-search (cap only)',
    options: { recaptureExtension: true, extensionDepthBound: false },
  },
  // Seed 002's future work: the engine's decision trees in the search (chapter 7).
  { name: 'decision-tree order', options: { ordering: 'decision-tree' } },
  { name: 'forward tree', options: { forwardPruning: 'tree' } },
  { name: 'forward tree (nothing kept)', options: { forwardPruning: 'tree', ...KEEP_NOTHING } },
  {
    name: 'forward tree from depth 1',
    options: { forwardPruning: 'tree', treeMinDepth: 1 },
  },
  { name: 'tree mate-threat extension', options: { treeMateExtension: true } },
];

const FIXTURE = new URL('../test/fixtures/pruning-positions.json', import.meta.url);
/** The reference reads this many plies deeper than the test depth. */
const REFERENCE_EXTRA_PLIES = 2;

interface FixturePosition {
  name: string;
  sfen: string;
  source: string;
  /** The depth every configuration is measured at. */
  depth: number;
  reference?: { depth: number; move: string; value: number; nodes: number };
}

interface Fixture {
  description: string;
  positions: FixturePosition[];
}

const { values } = readArgs('bench:pruning', {
  options: {
    'time-ms': { type: 'string', default: '1000' },
    'time-runs': { type: 'string', default: '3' },
    nodes: { type: 'string', default: '100000' },
    only: { type: 'string', value: 'a,b' },
    detail: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'update-reference': { type: 'boolean', default: false },
  },
});
const timeMs = Number(values['time-ms']);
const timeRuns = Math.max(1, Number(values['time-runs']));
const nodeBudget = Number(values.nodes);
const say = (text: string): void => {
  (values.json ? process.stderr : process.stdout).write(`${text}\n`);
};
const progress = (text: string): void => {
  process.stderr.write(`\r  … ${text}`.padEnd(70));
};

function parse(sfen: string): Position {
  const r = parseSfen(sfen);
  if (!r.ok) throw new Error(`bad SFEN in the fixture: ${r.error}`);
  return r.value;
}

/** One search from a cold start (fresh tables), timed by CPU time. */
function run(
  sfen: string,
  options: Partial<SearchOptions>,
  limits: { depth?: number; cpuMs?: number; nodes?: number },
): { result: SearchResult; cpuMs: number } {
  const searcher = new Searcher(options);
  const start = cpuMs();
  const stopAt = limits.cpuMs === undefined ? Infinity : start + limits.cpuMs;
  const result = searcher.search(
    parse(sfen),
    {
      ...(limits.depth === undefined ? {} : { depth: limits.depth }),
      ...(limits.nodes === undefined ? {} : { nodes: limits.nodes }),
    },
    limits.cpuMs === undefined ? {} : { shouldStop: () => cpuMs() >= stopAt },
  );
  return { result, cpuMs: cpuMs() - start };
}

const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;
const positions = fixture.positions;

if (values['update-reference']) {
  for (const p of positions) {
    const depth = p.depth + REFERENCE_EXTRA_PLIES;
    if (p.reference?.depth === depth) continue;
    progress(`reference ${p.name} at depth ${depth}`);
    const { result } = run(p.sfen, {}, { depth });
    p.reference = { depth, move: result.bestMove ?? '', value: result.value, nodes: result.nodes };
  }
  writeFileSync(FIXTURE, JSON.stringify(fixture, null, 2) + '\n');
  process.stderr.write('\n');
  say(`wrote the references to ${FIXTURE.pathname}`);
}
for (const p of positions) {
  if (p.reference?.depth !== p.depth + REFERENCE_EXTRA_PLIES)
    throw new Error(`${p.name} has no reference at depth ${p.depth + 2}: run --update-reference`);
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const only = values.only?.split(',');
const configurations = CONFIGURATIONS.filter(
  (c) => only === undefined || c.name === 'plain' || only.includes(c.name.replace(/ /g, '-')),
);

interface Row {
  name: string;
  nodes: number[];
  cpuMs: number[];
  agrees: boolean[];
  /** Depth completed and agreement with the reference within the node budget, per position. */
  depthAtNodes: number[];
  agreesAtNodes: boolean[];
  /** Depth completed in the CPU time, per timed run, per position. */
  depthInTime: number[][];
  counters: Record<string, number>;
}

/**
 * The CPU time of a fixed-depth search is the least of REPEATS runs, after one untimed pass of every
 * configuration over every position: the first searches of a process run before the JIT has
 * compiled the search, and without the warm-up whichever configuration came first (plain α-β, the
 * one every ratio divides by) looked slower than it is.
 */
const REPEATS = 3;
for (const c of configurations)
  for (const p of positions) {
    progress(`warm-up: ${c.name}: ${p.name}`);
    run(p.sfen, c.options, { depth: p.depth });
  }

const rows: Row[] = [];
for (const c of configurations) {
  const row: Row = {
    name: c.name,
    nodes: [],
    cpuMs: [],
    agrees: [],
    depthAtNodes: [],
    agreesAtNodes: [],
    depthInTime: Array.from({ length: timeRuns }, () => []),
    counters: {},
  };
  for (const p of positions) {
    progress(`${c.name}: ${p.name} to depth ${p.depth}`);
    const fixed = run(p.sfen, c.options, { depth: p.depth });
    let best = fixed.cpuMs;
    for (let i = 1; i < REPEATS; i++)
      best = Math.min(best, run(p.sfen, c.options, { depth: p.depth }).cpuMs);
    row.nodes.push(fixed.result.nodes);
    row.cpuMs.push(best);
    row.agrees.push(fixed.result.bestMove === p.reference!.move);
    for (const [k, v] of Object.entries(fixed.result.stats.counters))
      row.counters[k] = (row.counters[k] ?? 0) + v;
    if (nodeBudget > 0) {
      progress(`${c.name}: ${p.name} for ${count(nodeBudget)} nodes`);
      const budget = run(p.sfen, c.options, { nodes: nodeBudget }).result;
      row.depthAtNodes.push(budget.depth);
      row.agreesAtNodes.push(budget.bestMove === p.reference!.move);
    }
    for (let t = 0; timeMs > 0 && t < timeRuns; t++) {
      progress(`${c.name}: ${p.name} for ${timeMs} ms (run ${t + 1})`);
      row.depthInTime[t]!.push(run(p.sfen, c.options, { cpuMs: timeMs }).result.depth);
    }
  }
  rows.push(row);
}
process.stderr.write('\r'.padEnd(72) + '\r');

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const ratio = (r: number): string => `${r >= 1 ? r.toFixed(2) : r.toPrecision(2)}×`;
/** Geometric mean of the per-position ratios: every position counts alike, big or small. */
const geomean = (xs: readonly number[]): number =>
  Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

function table(header: string[], right: boolean[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

const plain = rows[0]!;
const depths = positions.map((p) => p.depth);
const mean = (xs: readonly number[]): number => sum(xs) / xs.length;

/**
 * Largest tree over smallest among the positions searched to the same depth, for each depth: a
 * spread across depths would mostly measure the extra ply.
 */
function spreads(nodes: readonly number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const d of new Set(depths)) {
    const at = nodes.filter((_, i) => depths[i] === d);
    out[d] = Math.max(...at) / Math.min(...at);
  }
  return out;
}

/** A configuration's figures as the table prints them, also written to the JSON for the book. */
function summarise(r: (typeof rows)[number]) {
  return {
    name: r.name,
    nodes: sum(r.nodes),
    nodesRatio: sum(r.nodes) / sum(plain.nodes),
    perPosition: geomean(r.nodes.map((n, i) => n / plain.nodes[i]!)),
    cpuSeconds: sum(r.cpuMs) / 1000,
    cpuRatio: sum(r.cpuMs) / sum(plain.cpuMs),
    spread: Math.max(...Object.values(spreads(r.nodes))),
    spreadByDepth: spreads(r.nodes),
    agrees: r.agrees.filter(Boolean).length,
    positions: positions.length,
    depthAtNodes: nodeBudget > 0 ? mean(r.depthAtNodes) : null,
    agreesAtNodes: nodeBudget > 0 ? r.agreesAtNodes.filter(Boolean).length : null,
    depthInTime: timeMs > 0 ? mean(r.depthInTime.map(mean)) : null,
    depthInTimeLow: timeMs > 0 ? Math.min(...r.depthInTime.map(mean)) : null,
    depthInTimeHigh: timeMs > 0 ? Math.max(...r.depthInTime.map(mean)) : null,
    counters: r.counters,
  };
}
const summaries = rows.map(summarise);
say(
  `${positions.length} positions (test depth ${Math.min(...depths)}–${Math.max(...depths)}, reference +${REFERENCE_EXTRA_PLIES} plies); ` +
    `plain α-β agrees with the reference on ${plain.agrees.filter(Boolean).length}. Load average ${loadavg()[0]!.toFixed(1)}.`,
);
say('');
say(
  table(
    [
      'configuration',
      'nodes',
      '× plain',
      'per position',
      'CPU s',
      '× plain',
      'nodes max/min',
      'agrees',
      ...(nodeBudget > 0 ? [`depth at ${count(nodeBudget)} nodes`, 'agrees'] : []),
      ...(timeMs > 0 ? [`depth in ${timeMs} ms`] : []),
    ],
    [false, true, true, true, true, true, true, true, true, true, true],
    summaries.map((r) => [
      r.name,
      count(r.nodes),
      ratio(r.nodesRatio),
      ratio(r.perPosition),
      r.cpuSeconds.toFixed(2),
      ratio(r.cpuRatio),
      ratio(r.spread),
      `${r.agrees}/${r.positions}`,
      ...(r.depthAtNodes !== null
        ? [r.depthAtNodes.toFixed(2), `${r.agreesAtNodes}/${r.positions}`]
        : []),
      ...(r.depthInTime !== null
        ? [`${r.depthInTimeLow!.toFixed(2)}–${r.depthInTimeHigh!.toFixed(2)}`]
        : []),
    ]),
  ),
);
say('');
say(
  '"per position" is the geometric mean of the per-position node ratios; "nodes max/min" the largest tree over the smallest among positions of the same test depth (the larger of the depths);',
);
say(
  `"agrees": best move at the test depth, then with ${count(nodeBudget)} nodes per position, equals the reference's; "depth in ${timeMs} ms": the lowest and highest, over ${timeRuns} runs, of the mean depth completed in that much CPU time per position.`,
);
say('');
say('What fired (summed over the positions, fixed depth):');
for (const r of rows.slice(1)) {
  const fired = Object.entries(r.counters)
    .map(([k, v]) => `${k} ${count(v)}`)
    .join(', ');
  say(`  ${r.name}: ${fired || 'nothing'}`);
}

if (values.detail) {
  say('');
  say('Nodes per position (fixed depth); * marks a best move that differs from the reference:');
  say(
    table(
      ['position', 'depth', ...rows.map((r) => r.name)],
      [false, true, ...rows.map(() => true)],
      positions.map((p, i) => [
        p.name,
        String(p.depth),
        ...rows.map((r) => `${count(r.nodes[i]!)}${r.agrees[i] ? '' : '*'}`),
      ]),
    ),
  );
}

if (values.json)
  console.log(
    JSON.stringify({
      timeMs,
      timeRuns,
      nodeBudget,
      positions: positions.map((p) => ({ name: p.name, depth: p.depth, reference: p.reference })),
      summary: summaries,
      rows,
    }),
  );
