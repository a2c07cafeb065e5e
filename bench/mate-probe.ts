/**
 * The mate search at the leaves, measured (chapter 8, "the horizon near the king"): the game
 * search (the default options: plain α-β with quiescence) with and without a small df-pn probe at
 * the nodes near its horizon (search/mate-probe.ts), everywhere or only near a boxed-in king.
 *
 * - Mate problems: the 5- to 13-ply problems of test/fixtures/tsume-long.json, each searched with
 *   the same node budget (the probe's nodes count in it). Solved: the search reports a mate and
 *   df-pn proves every reply to its move mated (the move may be quiet: a forced win is a win,
 *   though a mate problem asks for checks). With the nodes and CPU time at which the mate was
 *   first reported. A mate reported but not confirmed is counted apart: df-pn reads only checks
 *   after the reply, so a win that needs another quiet move, or an escape from a check, is beyond
 *   it.
 * - Ordinary positions: test/fixtures/bench-positions.json searched to a fixed depth: nodes and
 *   CPU time (the least of three runs, in this one run) against the search without the probe,
 *   and whether the best move changes.
 *
 *   npm run bench:mate-probe                        # both tables, 200,000 nodes a problem
 *   npm run bench:mate-probe -- --nodes 100000 --depth 3
 *   npm run -s bench:mate-probe -- --json > r.json  # tables on stderr, JSON on stdout
 */
import { readArgs } from '../scripts/lib/cli';
import { parseUsiMove } from '../src/engine/index';
import { median } from '../src/engine/lab/stats';
import { DfpnSearcher, forcesMate } from '../src/engine/mate/dfpn';
import { MATE_BOUND, Searcher, type SearchOptions } from '../src/engine/search/index';
import { cpuMs } from './lib/cpu';
import { mustParse, problems, readJson } from './mate';
import { formatTable } from './lib/table';

/** What is compared: the probe's budget and depth are the same; only where it runs differs. */
export const PROBE_CONFIGS: readonly {
  id: string;
  label: string;
  options: Partial<SearchOptions>;
}[] = [
  { id: 'off', label: 'no mate search', options: {} },
  {
    id: 'everywhere',
    label: 'mate search, 300 nodes, depth ≤ 1',
    options: { mateProbeNodes: 300, mateProbeDepth: 1 },
  },
  {
    id: 'flights2',
    label: '…only where the king has ≤ 2 flights',
    options: { mateProbeNodes: 300, mateProbeDepth: 1, mateProbeFlights: 2 },
  },
  {
    id: 'flights1',
    label: '…only where the king has ≤ 1 flight',
    options: { mateProbeNodes: 300, mateProbeDepth: 1, mateProbeFlights: 1 },
  },
];

interface ProblemRun {
  /** The search reported a mate (confirmed or not). */
  claimed: boolean;
  solved: boolean;
  /** Nodes and CPU ms when the mate was first reported (solved only). */
  nodes: number;
  ms: number;
}

interface ProblemRow {
  id: string;
  plies: number;
  runs: Record<string, ProblemRun>;
}

function runProblems(nodes: number, log: (s: string) => void): ProblemRow[] {
  const verifier = new DfpnSearcher(32);
  const list = problems(13).filter((p) => p.set === 'tsume-long' && p.plies >= 5);
  const rows: ProblemRow[] = [];
  for (const [i, p] of list.entries()) {
    const runs: Record<string, ProblemRun> = {};
    for (const c of PROBE_CONFIGS) {
      const searcher = new Searcher({ ...c.options, ttSizeMb: 16 });
      let firstNodes = 0;
      let firstMs = 0;
      const t0 = cpuMs();
      const r = searcher.search(
        mustParse(p.sfen),
        { nodes },
        {
          onInfo: (info) => {
            if (firstNodes === 0 && info.value > MATE_BOUND) {
              firstNodes = info.nodes;
              firstMs = cpuMs() - t0;
            }
          },
        },
      );
      const claimed = r.value > MATE_BOUND && r.bestMove !== null;
      const pos = mustParse(p.sfen);
      const move = claimed ? parseUsiMove(pos, r.bestMove!) : null;
      const solved = move !== null && move.ok && forcesMate(pos, move.value, verifier);
      if (claimed && !solved)
        log(
          `\n${p.id} (${c.id}): reported a mate with ${r.bestMove}, which df-pn does not confirm\n`,
        );
      runs[c.id] = solved
        ? { claimed, solved, nodes: firstNodes || r.nodes, ms: firstMs || cpuMs() - t0 }
        : { claimed, solved, nodes: 0, ms: 0 };
    }
    rows.push({ id: p.id, plies: p.plies, runs });
    const marks = PROBE_CONFIGS.map((c) => (runs[c.id]!.solved ? '✓' : '–')).join('');
    log(`\r${i + 1}/${list.length} ${p.id} ${marks}      `);
  }
  log('\n');
  return rows;
}

interface PositionRow {
  name: string;
  /** Per configuration: nodes, least CPU ms of three runs, best move, probes, probes proven. */
  runs: Record<
    string,
    { nodes: number; ms: number; bestMove: string | null; probes: number; proven: number }
  >;
}

function runPositions(depth: number, log: (s: string) => void): PositionRow[] {
  const positions = readJson<{ positions: { name: string; sfen: string }[] }>(
    '../test/fixtures/bench-positions.json',
  ).positions;
  const rows: PositionRow[] = [];
  for (const [i, b] of positions.entries()) {
    const runs: PositionRow['runs'] = {};
    for (const c of PROBE_CONFIGS) {
      let ms = Infinity;
      let last = null as ReturnType<Searcher['search']> | null;
      for (let k = 0; k < 3; k++) {
        const searcher = new Searcher({ ...c.options, ttSizeMb: 16 });
        const pos = mustParse(b.sfen);
        const t0 = cpuMs();
        last = searcher.search(pos, { depth });
        ms = Math.min(ms, cpuMs() - t0);
      }
      runs[c.id] = {
        nodes: last!.nodes,
        ms,
        bestMove: last!.bestMove,
        probes: last!.stats.counters['mate-probe'] ?? 0,
        proven: last!.stats.counters['mate-probe-proven'] ?? 0,
      };
    }
    rows.push({ name: b.name, runs });
    log(`\r${i + 1}/${positions.length} ${b.name}      `);
  }
  log('\n');
  return rows;
}

const medianOf = (xs: number[]): number | null => (xs.length === 0 ? null : median(xs));
const round2 = (x: number | null): number | null => (x === null ? null : Math.round(x * 100) / 100);

function main(): void {
  const { values } = readArgs('bench:mate-probe', {
    options: {
      nodes: { type: 'string', default: '200000' },
      depth: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
    },
  });
  const nodes = Number(values.nodes);
  const depth = Number(values.depth);
  if (!Number.isInteger(nodes) || nodes <= 0)
    throw new Error(`--nodes must be a positive integer, got ${values.nodes}`);
  if (!Number.isInteger(depth) || depth <= 0 || depth > 8)
    throw new Error(`--depth must be an integer from 1 to 8, got ${values.depth}`);
  const log = (s: string): boolean => process.stderr.write(s);

  const problemRows = runProblems(nodes, log);
  const lengths = [...new Set(problemRows.map((r) => r.plies))].sort((a, b) => a - b);
  const tsume = PROBE_CONFIGS.map((c) => {
    const solvedRows = problemRows.filter((r) => r.runs[c.id]!.solved);
    return {
      id: c.id,
      label: c.label,
      options: c.options,
      problems: problemRows.length,
      solved: solvedRows.length,
      /** Mates reported that df-pn, reading only checks after the reply, could not confirm. */
      unconfirmed: problemRows.filter((r) => r.runs[c.id]!.claimed && !r.runs[c.id]!.solved).length,
      byLength: lengths.map((plies) => ({
        id: String(plies),
        plies,
        problems: problemRows.filter((r) => r.plies === plies).length,
        solved: solvedRows.filter((r) => r.plies === plies).length,
      })),
      medianNodes: medianOf(solvedRows.map((r) => r.runs[c.id]!.nodes)),
      medianMs: round2(medianOf(solvedRows.map((r) => r.runs[c.id]!.ms))),
    };
  });

  const positionRows = runPositions(depth, log);
  const ordinary = PROBE_CONFIGS.map((c) => {
    const nodeRatios = positionRows.map((r) => r.runs[c.id]!.nodes / r.runs.off!.nodes);
    const timeRatios = positionRows.map((r) => r.runs[c.id]!.ms / r.runs.off!.ms);
    return {
      id: c.id,
      label: c.label,
      medianNodeRatio: round2(median(nodeRatios)),
      minNodeRatio: round2(Math.min(...nodeRatios)),
      maxNodeRatio: round2(Math.max(...nodeRatios)),
      medianTimeRatio: round2(median(timeRatios)),
      minTimeRatio: round2(Math.min(...timeRatios)),
      maxTimeRatio: round2(Math.max(...timeRatios)),
      sameMove: positionRows.filter((r) => r.runs[c.id]!.bestMove === r.runs.off!.bestMove).length,
      positions: positionRows.length,
      probes: positionRows.reduce((n, r) => n + r.runs[c.id]!.probes, 0),
      proven: positionRows.reduce((n, r) => n + r.runs[c.id]!.proven, 0),
    };
  });

  const show = (x: number | null, digits = 0): string => (x === null ? '–' : x.toFixed(digits));
  log(
    `Mate problems of 5 to 13 plies, ${nodes} nodes each (probe nodes included):\n${formatTable(
      [
        { header: 'search', align: 'left' },
        ...lengths.map((l) => ({ header: `${l} plies`, align: 'right' as const })),
        { header: 'solved', align: 'right' },
        { header: 'unconfirmed', align: 'right' },
        { header: 'nodes to mate (median)', align: 'right' },
        { header: 'CPU ms (median)', align: 'right' },
      ],
      tsume.map((t) => [
        t.label,
        ...t.byLength.map((b) => `${b.solved}/${b.problems}`),
        `${t.solved}/${t.problems}`,
        String(t.unconfirmed),
        show(t.medianNodes),
        show(t.medianMs, 1),
      ]),
    )}\n`,
  );
  log(
    `Ordinary positions at depth ${depth}, against no mate search (median, min–max over ${positionRows.length} positions):\n${formatTable(
      [
        { header: 'search', align: 'left' },
        { header: 'nodes ×', align: 'right' },
        { header: 'time ×', align: 'right' },
        { header: 'same move', align: 'right' },
        { header: 'probes', align: 'right' },
        { header: 'proven', align: 'right' },
      ],
      ordinary.map((o) => [
        o.label,
        `${show(o.medianNodeRatio, 2)} (${show(o.minNodeRatio, 2)}–${show(o.maxNodeRatio, 2)})`,
        `${show(o.medianTimeRatio, 2)} (${show(o.minTimeRatio, 2)}–${show(o.maxTimeRatio, 2)})`,
        `${o.sameMove}/${o.positions}`,
        String(o.probes),
        String(o.proven),
      ]),
    )}\n`,
  );
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ nodeBudget: nodes, depth, tsume, ordinary, problems: problemRows, positions: positionRows }, null, 2)}\n`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
