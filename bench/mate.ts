/**
 * Mate search, measured (chapter 8): the df-pn solver and the α-β search (with every technique
 * that can skip a defence off, as for `go mate`) on the tsume problems of test/fixtures/tsume.json
 * (1 and 3 plies) and test/fixtures/tsume-long.json (5 to 69 plies, public collections).
 *
 * For each problem and solver, with the same node budget: solved or not, the length of the mate
 * found, nodes and CPU time. Node counts are deterministic; the two solvers' nodes are not the same
 * unit (a df-pn node generates every check or evasion of a position, an α-β node is one position
 * visited, quiescence included), so the time per problem, measured in the same run, is the fair
 * comparison.
 *
 *   npm run bench:mate                            # the table, budget 2,000,000 nodes
 *   npm run bench:mate -- --nodes 500000
 *   npm run bench:mate -- --max-plies 11          # only problems up to 11 plies
 *   npm run -s bench:mate -- --json > r.json      # table on stderr, JSON on stdout
 */
import { readFileSync } from 'node:fs';
import { readArgs } from '../scripts/lib/cli';
import { parseSfen } from '../src/engine/index';
import { DfpnSearcher, isMatingLine } from '../src/engine/mate/dfpn';
import { DEFAULT_OPTIONS, MATE, MATE_BOUND, Searcher } from '../src/engine/search/index';
import { mateProofOptions } from '../src/engine/usi/options';
import { formatTable } from './lib/table';
import { cpuMs } from './lib/cpu';
import { median } from '../src/engine/lab/stats';

export interface Problem {
  id: string;
  plies: number;
  sfen: string;
  set: 'tsume' | 'tsume-long';
}

export interface SolverRow {
  solved: boolean;
  /** Plies of the mate found (0 when none). */
  length: number;
  nodes: number;
  ms: number;
  /** df-pn only: proven to have no mate. */
  nomate?: boolean;
}

export interface MateBenchRow {
  id: string;
  set: string;
  plies: number;
  dfpn: SolverRow;
  alphabeta: SolverRow;
}

export const readJson = <T>(path: string): T =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;

export function problems(maxPlies: number): Problem[] {
  const short = readJson<{ problems: { name: string; plies: number; sfen: string }[] }>(
    '../test/fixtures/tsume.json',
  ).problems.map((p) => ({ id: p.name, plies: p.plies, sfen: p.sfen, set: 'tsume' as const }));
  const long = readJson<{ problems: { id: string; plies: number; sfen: string }[] }>(
    '../test/fixtures/tsume-long.json',
  ).problems.map((p) => ({ id: p.id, plies: p.plies, sfen: p.sfen, set: 'tsume-long' as const }));
  return [...short, ...long].filter((p) => p.plies <= maxPlies);
}

function runDfpn(solver: DfpnSearcher, p: Problem, nodes: number): SolverRow {
  const pos = mustParse(p.sfen);
  const t0 = cpuMs();
  const r = solver.solve(pos, { nodes });
  const ms = cpuMs() - t0;
  const solved = r.status === 'mate' && isMatingLine(pos, r.pvMoves);
  if (r.status === 'mate' && !solved) throw new Error(`${p.id}: df-pn's line is not a mate`);
  return { solved, length: r.pv.length, nodes: r.nodes, ms, nomate: r.status === 'nomate' };
}

function runAlphaBeta(searcher: Searcher, p: Problem, nodes: number): SolverRow {
  const pos = mustParse(p.sfen);
  searcher.clear();
  const t0 = cpuMs();
  const r = searcher.search(pos, { mate: Math.ceil(p.plies / 2), nodes });
  const ms = cpuMs() - t0;
  const solved = r.value > MATE_BOUND;
  return { solved, length: solved ? MATE - r.value : 0, nodes: r.nodes, ms };
}

export function mustParse(sfen: string) {
  const r = parseSfen(sfen);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export function runMateBench(
  nodes: number,
  maxPlies: number,
  log: (s: string) => void,
): MateBenchRow[] {
  const solver = new DfpnSearcher(64);
  const searcher = new Searcher({ ...mateProofOptions(DEFAULT_OPTIONS), ttSizeMb: 64 });
  const rows: MateBenchRow[] = [];
  const list = problems(maxPlies);
  for (const [i, p] of list.entries()) {
    const dfpn = runDfpn(solver, p, nodes);
    const alphabeta = runAlphaBeta(searcher, p, nodes);
    rows.push({ id: p.id, set: p.set, plies: p.plies, dfpn, alphabeta });
    log(
      `\r${i + 1}/${list.length} ${p.id}: df-pn ${dfpn.solved ? dfpn.length : '–'}, α-β ${alphabeta.solved ? alphabeta.length : '–'}      `,
    );
  }
  log('\n');
  return rows;
}

/** The median over the problems solved; NaN (null in the JSON, '–' in the table) when none was. */
const medianOf = (xs: number[]): number => (xs.length === 0 ? NaN : median(xs));

export interface MateBenchSummary {
  /** The length as text, so the chapter can name a row: `summary.7.dfpnSolved`. */
  id: string;
  plies: number;
  problems: number;
  dfpnSolved: number;
  alphabetaSolved: number;
  /** Medians over the problems each solved. */
  dfpnMedianNodes: number;
  dfpnMedianMs: number;
  alphabetaMedianNodes: number;
  alphabetaMedianMs: number;
  /** Problems where df-pn's mate is longer than the length the source states. */
  dfpnLonger: number;
}

export function summarise(rows: readonly MateBenchRow[]): MateBenchSummary[] {
  const lengths = [...new Set(rows.map((r) => r.plies))].sort((a, b) => a - b);
  return lengths.map((plies) => {
    const group = rows.filter((r) => r.plies === plies);
    const d = group.filter((r) => r.dfpn.solved);
    const a = group.filter((r) => r.alphabeta.solved);
    return {
      id: String(plies),
      plies,
      problems: group.length,
      dfpnSolved: d.length,
      alphabetaSolved: a.length,
      dfpnMedianNodes: medianOf(d.map((r) => r.dfpn.nodes)),
      dfpnMedianMs: medianOf(d.map((r) => r.dfpn.ms)),
      alphabetaMedianNodes: medianOf(a.map((r) => r.alphabeta.nodes)),
      alphabetaMedianMs: medianOf(a.map((r) => r.alphabeta.ms)),
      dfpnLonger: d.filter((r) => r.dfpn.length > plies).length,
    };
  });
}

function main(): void {
  const { values } = readArgs('bench:mate', {
    options: {
      nodes: { type: 'string', default: '2000000' },
      'max-plies': { type: 'string', default: '1000' },
      json: { type: 'boolean', default: false },
    },
  });
  const nodes = Number(values.nodes);
  const maxPlies = Number(values['max-plies']);
  if (!Number.isInteger(nodes) || nodes <= 0)
    throw new Error(`--nodes must be a positive integer, got ${values.nodes}`);
  if (!Number.isInteger(maxPlies) || maxPlies <= 0)
    throw new Error(`--max-plies must be a positive integer, got ${values['max-plies']}`);
  const log = (s: string): boolean => process.stderr.write(s);
  const rows = runMateBench(nodes, maxPlies, log);
  const summary = summarise(rows);
  const table = formatTable(
    [
      { header: 'plies', align: 'right' },
      { header: 'problems', align: 'right' },
      { header: 'df-pn solved', align: 'right' },
      { header: 'α-β solved', align: 'right' },
      { header: 'df-pn nodes (median)', align: 'right' },
      { header: 'df-pn ms', align: 'right' },
      { header: 'α-β nodes (median)', align: 'right' },
      { header: 'α-β ms', align: 'right' },
      { header: 'df-pn longer', align: 'right' },
    ],
    summary.map((s) => [
      String(s.plies),
      String(s.problems),
      String(s.dfpnSolved),
      String(s.alphabetaSolved),
      Number.isNaN(s.dfpnMedianNodes) ? '–' : String(Math.round(s.dfpnMedianNodes)),
      Number.isNaN(s.dfpnMedianMs) ? '–' : s.dfpnMedianMs.toFixed(1),
      Number.isNaN(s.alphabetaMedianNodes) ? '–' : String(Math.round(s.alphabetaMedianNodes)),
      Number.isNaN(s.alphabetaMedianMs) ? '–' : s.alphabetaMedianMs.toFixed(1),
      String(s.dfpnLonger),
    ]),
  );
  log(`${table}\n`);
  if (values.json) {
    const total = {
      problems: rows.length,
      dfpnSolved: rows.filter((r) => r.dfpn.solved).length,
      alphabetaSolved: rows.filter((r) => r.alphabeta.solved).length,
      dfpnNomate: rows.filter((r) => r.dfpn.nomate).length,
    };
    process.stdout.write(
      `${JSON.stringify({ nodeBudget: nodes, total, summary, rows }, null, 2)}\n`,
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
