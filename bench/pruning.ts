/**
 * Pruning and extensions, measured: for each configuration (plain α-β, seed 000's forward pruning
 * by value and by rank, null move, LMR, futility, razoring, the three together, the check
 * extension and seed 000's recapture re-search) over the positions of
 * test/fixtures/pruning-positions.json:
 *
 * - nodes and CPU time of a search to each position's test depth (the least of three runs, after a
 *   warm-up), with ratios to plain α-β;
 * - the depth completed in a fixed amount of CPU time per position;
 * - how often its best move agrees with a reference: plain α-β two plies deeper than the test
 *   depth, computed once and kept in the fixture.
 *
 *   npm run bench:pruning                         # the tables
 *   npm run bench:pruning -- --time-ms 500        # CPU time per position for the depth column (0: skip)
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
import { parseArgs } from 'node:util';
import { parseSfen, type Position } from '../src/engine/index';
import { Searcher, type SearchOptions, type SearchResult } from '../src/engine/search/index';

/** The configurations compared, each a difference from the default (everything off). */
const CONFIGURATIONS: readonly { name: string; options: Partial<SearchOptions> }[] = [
  { name: 'plain', options: {} },
  { name: 'forward threshold -100', options: { forwardPruning: 'threshold' } },
  { name: 'forward rank 10', options: { forwardPruning: 'rank', forwardRank: 10 } },
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

const { values } = parseArgs({
  options: {
    'time-ms': { type: 'string', default: '1000' },
    only: { type: 'string' },
    detail: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'update-reference': { type: 'boolean', default: false },
  },
});
const timeMs = Number(values['time-ms']);
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

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One search from a cold start (fresh tables), timed by CPU time. */
function run(
  sfen: string,
  options: Partial<SearchOptions>,
  limits: { depth?: number; cpuMs?: number },
): { result: SearchResult; cpuMs: number } {
  const searcher = new Searcher(options);
  const start = cpuMs();
  const stopAt = limits.cpuMs === undefined ? Infinity : start + limits.cpuMs;
  const result = searcher.search(
    parse(sfen),
    limits.depth === undefined ? {} : { depth: limits.depth },
    { shouldStop: () => cpuMs() >= stopAt },
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

const only = values.only?.split(',');
const configurations = CONFIGURATIONS.filter(
  (c) => only === undefined || c.name === 'plain' || only.includes(c.name.replace(/ /g, '-')),
);

interface Row {
  name: string;
  nodes: number[];
  cpuMs: number[];
  agrees: boolean[];
  depthInTime: number[];
  agreesInTime: boolean[];
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
    depthInTime: [],
    agreesInTime: [],
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
    if (timeMs > 0) {
      progress(`${c.name}: ${p.name} for ${timeMs} ms`);
      const timed = run(p.sfen, c.options, { cpuMs: timeMs }).result;
      row.depthInTime.push(timed.depth);
      row.agreesInTime.push(timed.bestMove === p.reference!.move);
    }
  }
  rows.push(row);
}
process.stderr.write('\r'.padEnd(72) + '\r');

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const count = (n: number): string => Math.round(n).toLocaleString('en-US');
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

/** A configuration's figures as the table prints them, also written to the JSON for the book. */
function summarise(r: (typeof rows)[number]) {
  return {
    name: r.name,
    nodes: sum(r.nodes),
    nodesRatio: sum(r.nodes) / sum(plain.nodes),
    perPosition: geomean(r.nodes.map((n, i) => n / plain.nodes[i]!)),
    cpuSeconds: sum(r.cpuMs) / 1000,
    cpuRatio: sum(r.cpuMs) / sum(plain.cpuMs),
    spread: Math.max(...r.nodes) / Math.min(...r.nodes),
    agrees: r.agrees.filter(Boolean).length,
    positions: positions.length,
    depthInTime: timeMs > 0 ? sum(r.depthInTime) / r.depthInTime.length : null,
    agreesInTime: timeMs > 0 ? r.agreesInTime.filter(Boolean).length : null,
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
      ...(timeMs > 0 ? [`depth in ${timeMs} ms`, 'agrees in time'] : []),
    ],
    [false, true, true, true, true, true, true, true, true, true],
    summaries.map((r) => [
      r.name,
      count(r.nodes),
      ratio(r.nodesRatio),
      ratio(r.perPosition),
      r.cpuSeconds.toFixed(2),
      ratio(r.cpuRatio),
      ratio(r.spread),
      `${r.agrees}/${r.positions}`,
      ...(r.depthInTime !== null
        ? [r.depthInTime.toFixed(2), `${r.agreesInTime}/${r.positions}`]
        : []),
    ]),
  ),
);
say('');
say(
  '"per position" is the geometric mean of the per-position node ratios; "nodes max/min" the spread of one configuration\'s node counts over the positions;',
);
say(
  `"agrees": best move at the test depth equals the reference's; "depth in ${timeMs} ms": mean depth completed in that much CPU time per position, and "agrees in time" its best move.`,
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
      positions: positions.map((p) => ({ name: p.name, depth: p.depth, reference: p.reference })),
      summary: summaries,
      rows,
    }),
  );
