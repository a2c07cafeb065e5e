/** The search benchmark's records (also its JSON summary) and the tables people read. */
import { formatCount, formatRatio, formatSeconds, formatTable } from './lib/table';

/** Our default search on one position. nps is nodes per CPU second. */
export interface PositionRow {
  readonly position: string;
  readonly depth: number;
  readonly nodes: number | null;
  readonly mainNodes: number | null;
  readonly qnodes: number | null;
  /** The fixture's count for this depth and the default options, if it has one. */
  readonly expectedNodes: number | null;
  readonly bestMove: string | null;
  readonly runs: number;
  readonly wallSeconds: number | null;
  readonly cpuSeconds: number | null;
  readonly nps: number | null;
  readonly error?: string;
}

/** One option switched away from its default, summed over the positions. */
export interface SwitchRow {
  readonly name: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly nodes: number | null;
  readonly qnodes: number | null;
  readonly nodesRatio: number | null;
  readonly wallSeconds: number | null;
  readonly cpuSeconds: number | null;
  readonly cpuRatio: number | null;
  readonly nps: number | null;
  /** Positions whose best move differs from the default search's. */
  readonly bestMovesChanged: number;
  /** The search's counters (pruning and extensions that fired), summed. */
  readonly counters: Readonly<Record<string, number>>;
  readonly perPosition: readonly { position: string; nodes: number; bestMove: string | null }[];
  readonly error?: string;
}

/** Fairy-Stockfish on one position: `go depth N` for its move, `go nodes <ours>` for its speed. */
export interface FsfRow {
  readonly position: string;
  readonly depth: number;
  readonly depthNodes: number | null;
  /** Every count its `go depth N` runs gave (they differ by a node or two now and then). */
  readonly depthNodesSeen: readonly number[];
  readonly bestMove: string | null;
  readonly oursBestMove: string | null;
  /** The `go nodes` run: as many nodes as our search of this position. */
  readonly speedNodes: number | null;
  readonly wallSeconds: number | null;
  readonly cpuSeconds: number | null;
  readonly nps: number | null;
  readonly reportedNps: number | null;
  readonly oursNps: number | null;
  /** Our nps over Fairy-Stockfish's, both per CPU second. */
  readonly oursOverFsf: number | null;
  readonly error?: string;
}

/** The book's worker in Chromium against the same code (runGo) in Node. */
export interface BrowserRow {
  readonly position: string;
  readonly nodes: number | null;
  readonly nodeCpuSeconds: number | null;
  readonly nodeWallSeconds: number | null;
  readonly chromiumCpuSeconds: number | null;
  readonly chromiumWallSeconds: number | null;
  /** Node's nps over Chromium's by CPU time (above 1: Node is faster), and by wall time. */
  readonly nodeOverChromium: number | null;
  readonly nodeOverChromiumWall: number | null;
  readonly error?: string;
}

const count = (n: number | null): string => (n === null ? '—' : formatCount(n));
const seconds = (s: number | null): string => (s === null ? '—' : formatSeconds(s));
const ratio = (r: number | null): string => (r === null ? '—' : formatRatio(r));
export const rate = (nodes: number | null, secs: number | null): number | null =>
  nodes === null || secs === null || secs <= 0 ? null : nodes / secs;

/** Under a table: why each failed row failed (the table itself says only FAILED). */
export function failureNotes(
  rows: readonly { position?: string; name?: string; error?: string }[],
): string {
  return rows
    .filter((r) => r.error !== undefined)
    .map((r) => `  !! ${r.position ?? r.name ?? ''}: ${r.error!}\n`)
    .join('');
}

export function checkNodes(row: PositionRow): string {
  if (row.error !== undefined) return 'FAILED';
  if (row.expectedNodes === null) return 'no count to check';
  return row.nodes === row.expectedNodes ? 'ok' : `MISMATCH!! ${formatCount(row.expectedNodes)}`;
}

export function positionTable(rows: readonly PositionRow[], total: PositionRow): string {
  return formatTable(
    [
      { header: 'position', align: 'left' },
      { header: 'depth', align: 'right' },
      { header: 'nodes', align: 'right' },
      { header: 'main', align: 'right' },
      { header: 'quiesce', align: 'right' },
      { header: 'fixture', align: 'left' },
      { header: 'runs', align: 'right' },
      { header: 'wall s', align: 'right' },
      { header: 'cpu s', align: 'right' },
      { header: 'nps', align: 'right' },
      { header: 'best', align: 'left' },
    ],
    [...rows, total].map((r) => [
      r.position,
      r.depth === 0 ? '' : String(r.depth),
      count(r.nodes),
      count(r.mainNodes),
      count(r.qnodes),
      r === total ? '' : checkNodes(r),
      r === total ? '' : String(r.runs),
      seconds(r.wallSeconds),
      seconds(r.cpuSeconds),
      count(r.nps),
      r.bestMove ?? '',
    ]),
  );
}

function countersCell(counters: Readonly<Record<string, number>>): string {
  return Object.entries(counters)
    .map(([name, n]) => `${name} ${formatCount(n)}`)
    .join(', ');
}

export function switchTable(rows: readonly SwitchRow[], positions: number): string {
  return formatTable(
    [
      { header: 'switch', align: 'left' },
      { header: 'nodes', align: 'right' },
      { header: '× default', align: 'right' },
      { header: 'quiesce', align: 'right' },
      { header: 'cpu s', align: 'right' },
      { header: '× default', align: 'right' },
      { header: 'wall s', align: 'right' },
      { header: 'nps', align: 'right' },
      { header: 'best moves changed', align: 'right' },
      { header: 'fired', align: 'left' },
    ],
    rows.map((r) =>
      r.error !== undefined
        ? [r.name, 'FAILED']
        : [
            r.name,
            count(r.nodes),
            ratio(r.nodesRatio),
            count(r.qnodes),
            seconds(r.cpuSeconds),
            ratio(r.cpuRatio),
            seconds(r.wallSeconds),
            count(r.nps),
            `${r.bestMovesChanged}/${positions}`,
            countersCell(r.counters),
          ],
    ),
  );
}

export function fsfTable(rows: readonly FsfRow[], total: FsfRow): string {
  return formatTable(
    [
      { header: 'position', align: 'left' },
      { header: 'depth', align: 'right' },
      { header: 'FSF nodes', align: 'right' },
      { header: 'FSF best', align: 'left' },
      { header: 'ours', align: 'left' },
      { header: 'go nodes', align: 'right' },
      { header: 'FSF cpu s', align: 'right' },
      { header: 'FSF wall s', align: 'right' },
      { header: 'FSF nps', align: 'right' },
      { header: 'FSF says', align: 'right' },
      { header: 'our nps', align: 'right' },
      { header: 'ours ÷ FSF', align: 'right' },
    ],
    [...rows, total].map((r) =>
      r.error !== undefined
        ? [r.position, String(r.depth), 'FAILED']
        : [
            r.position,
            r.depth === 0 ? '' : String(r.depth),
            r.depthNodesSeen.length > 1
              ? `${count(r.depthNodesSeen[0]!)}–${count(r.depthNodesSeen.at(-1)!)}`
              : count(r.depthNodes),
            r.bestMove ?? '',
            r.oursBestMove === null ? '' : r.oursBestMove === r.bestMove ? '=' : r.oursBestMove,
            count(r.speedNodes),
            seconds(r.cpuSeconds),
            seconds(r.wallSeconds),
            count(r.nps),
            count(r.reportedNps),
            count(r.oursNps),
            ratio(r.oursOverFsf),
          ],
    ),
  );
}

export function browserTable(rows: readonly BrowserRow[], total: BrowserRow): string {
  return formatTable(
    [
      { header: 'position', align: 'left' },
      { header: 'nodes', align: 'right' },
      { header: 'Node cpu s', align: 'right' },
      { header: 'Chromium cpu s', align: 'right' },
      { header: 'Node nps', align: 'right' },
      { header: 'Chromium nps', align: 'right' },
      { header: 'Node ÷ Chromium', align: 'right' },
      { header: 'Node wall s', align: 'right' },
      { header: 'Chromium wall s', align: 'right' },
      { header: 'by wall', align: 'right' },
    ],
    [...rows, total].map((r) =>
      r.error !== undefined
        ? [r.position, 'FAILED']
        : [
            r.position,
            count(r.nodes),
            seconds(r.nodeCpuSeconds),
            seconds(r.chromiumCpuSeconds),
            count(rate(r.nodes, r.nodeCpuSeconds)),
            count(rate(r.nodes, r.chromiumCpuSeconds)),
            ratio(r.nodeOverChromium),
            seconds(r.nodeWallSeconds),
            seconds(r.chromiumWallSeconds),
            ratio(r.nodeOverChromiumWall),
          ],
    ),
  );
}

function sumOrNull(values: readonly (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + v!, 0);
}

export function positionTotal(rows: readonly PositionRow[]): PositionRow {
  const nodes = sumOrNull(rows.map((r) => r.nodes));
  const cpuSeconds = sumOrNull(rows.map((r) => r.cpuSeconds));
  return {
    position: 'total',
    depth: 0,
    nodes,
    mainNodes: sumOrNull(rows.map((r) => r.mainNodes)),
    qnodes: sumOrNull(rows.map((r) => r.qnodes)),
    expectedNodes: null,
    bestMove: null,
    runs: 0,
    wallSeconds: sumOrNull(rows.map((r) => r.wallSeconds)),
    cpuSeconds,
    nps: rate(nodes, cpuSeconds),
  };
}

export function fsfTotal(rows: readonly FsfRow[], ours: PositionRow): FsfRow {
  const speedNodes = sumOrNull(rows.map((r) => r.speedNodes));
  const cpuSeconds = sumOrNull(rows.map((r) => r.cpuSeconds));
  const nps = rate(speedNodes, cpuSeconds);
  return {
    position: 'total',
    depth: 0,
    depthNodes: sumOrNull(rows.map((r) => r.depthNodes)),
    depthNodesSeen: [],
    bestMove: null,
    oursBestMove: null,
    speedNodes,
    wallSeconds: sumOrNull(rows.map((r) => r.wallSeconds)),
    cpuSeconds,
    nps,
    reportedNps: null,
    oursNps: ours.nps,
    oursOverFsf: nps === null || ours.nps === null ? null : ours.nps / nps,
  };
}
