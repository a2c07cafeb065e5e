/**
 * The lab's command experiments as tables: for each measuring command, the columns a chapter
 * shows and the rows read from its data file. One builder per command, so a chapter and the Lab
 * page print the same table from the same numbers; a chapter picks the rows and columns it needs.
 */
import type { ExperimentData } from '../../engine/lab/experiment-data';
import { formatNumber } from './format';

export interface Column {
  /** The key a builder fills. */
  key: string;
  label: string;
  /** Right-aligned, for numbers. */
  num?: boolean;
}

export interface DataTableModel {
  columns: Column[];
  /** Each row: its id (for `rows`) and a cell by column key. */
  rows: { id: string; cells: Record<string, string> }[];
}

const count = (v: number): string => formatNumber(v, 'count');
const ratio = (v: number): string => formatNumber(v, 'ratio');
const percent = (v: number): string => formatNumber(v, 'percent');

// ---- bench:pruning ----

interface PruningSummary {
  name: string;
  nodes: number;
  nodesRatio: number;
  perPosition: number;
  cpuRatio: number;
  spread: number;
  agrees: number;
  positions: number;
  depthAtNodes: number | null;
  agreesAtNodes: number | null;
  depthInTimeLow: number | null;
  depthInTimeHigh: number | null;
}

/** How the chapters name bench:pruning's configurations. */
export const PRUNING_LABELS: Readonly<Record<string, string>> = {
  plain: 'plain α-β',
  'forward threshold -100': 'value > −100, captures and checks kept',
  'forward threshold -100, nothing kept': 'value > −100, nothing kept',
  'forward rank 10': 'first 10 moves, captures and checks kept',
  'forward rank 10, nothing kept': 'first 10 moves, nothing kept',
  'forward rank 10, ties kept': 'first 10 moves and all tied with the 10th',
  'forward rank 5': 'first 5 moves, captures and checks kept',
  'null move': 'null move',
  LMR: 'LMR',
  futility: 'futility',
  razoring: 'razoring',
  'null + LMR + futility': 'null + LMR + futility',
  'check extension': 'check extension',
  'recapture re-search': 'recapture re-search',
  'recapture re-search (cap only)': 'recapture re-search, cap only',
};

function pruningTable(data: ExperimentData): DataTableModel {
  const { summary, timeMs, nodeBudget } = data.results as {
    summary: PruningSummary[];
    timeMs: number;
    nodeBudget: number;
  };
  const seconds = formatNumber(timeMs / 1000, 'count');
  const budget = `${formatNumber(nodeBudget / 1000, 'count')}k nodes`;
  return {
    columns: [
      { key: 'name', label: 'configuration' },
      { key: 'nodes', label: 'nodes', num: true },
      { key: 'perPosition', label: 'per position', num: true },
      { key: 'cpu', label: 'CPU time', num: true },
      { key: 'spread', label: 'spread', num: true },
      { key: 'agrees', label: 'agrees', num: true },
      { key: 'depthAtNodes', label: `depth at ${budget}`, num: true },
      { key: 'agreesAtNodes', label: `agrees at ${budget}`, num: true },
      { key: 'depthInTime', label: `depth in ${seconds} s`, num: true },
    ],
    rows: summary.map((s) => ({
      id: s.name,
      cells: {
        name: PRUNING_LABELS[s.name] ?? s.name,
        nodes: ratio(s.nodesRatio),
        perPosition: ratio(s.perPosition),
        cpu: ratio(s.cpuRatio),
        spread: ratio(s.spread),
        agrees: `${s.agrees}/${s.positions}`,
        depthAtNodes: s.depthAtNodes === null ? '–' : formatNumber(s.depthAtNodes, 'fixed2'),
        agreesAtNodes: s.agreesAtNodes === null ? '–' : `${s.agreesAtNodes}/${s.positions}`,
        depthInTime:
          s.depthInTimeLow === null || s.depthInTimeHigh === null
            ? '–'
            : `${formatNumber(s.depthInTimeLow, 'fixed1')}–${formatNumber(s.depthInTimeHigh, 'fixed1')}`,
      },
    })),
  };
}

// ---- move-rank ----

interface RankRow {
  name: string;
  averageRank: number;
  medianRank: number;
  top1: number;
  top5: number;
  better: number;
  worse: number;
}

function moveRankTable(data: ExperimentData): DataTableModel {
  const { rows } = data.results as { rows: RankRow[] };
  return {
    columns: [
      { key: 'name', label: 'constants' },
      { key: 'rank', label: 'mean rank', num: true },
      { key: 'median', label: 'median', num: true },
      { key: 'top1', label: 'top 1', num: true },
      { key: 'top5', label: 'top 5', num: true },
      { key: 'shift', label: 'positions up / down', num: true },
    ],
    rows: rows.map((r) => ({
      id: r.name,
      cells: {
        name: r.name === 'seed 000 constants' ? 'seed 000’s' : r.name.replace('3000', '3,000'),
        rank: formatNumber(r.averageRank, 'fixed2'),
        median: formatNumber(r.medianRank, 'fixed1'),
        top1: percent(r.top1),
        top5: percent(r.top5),
        shift: r.name === 'seed 000 constants' ? '–' : `${r.better} / ${r.worse}`,
      },
    })),
  };
}

// ---- ordering-compare ----

interface OrderingTotal {
  ordering: string;
  nodes: number;
  mainNodes: number;
  firstMoveRate: number;
  timeMs: number;
}

const ORDERING_LABELS: Readonly<Record<string, string>> = {
  none: 'generator order',
  standard: 'standard',
  'move-evaluation': 'move evaluation',
};

function orderingTable(data: ExperimentData): DataTableModel {
  const { totals } = data.results as { totals: OrderingTotal[] };
  const none = totals.find((t) => t.ordering === 'none')!;
  return {
    columns: [
      { key: 'name', label: 'ordering' },
      { key: 'nodes', label: 'nodes (share of generator order)', num: true },
      { key: 'main', label: 'main search', num: true },
      { key: 'first', label: 'first-move cut', num: true },
      { key: 'time', label: 'time', num: true },
    ],
    rows: totals.map((t) => ({
      id: t.ordering,
      cells: {
        name: ORDERING_LABELS[t.ordering] ?? t.ordering,
        nodes: `${count(t.nodes)} (${percent(t.nodes / none.nodes)})`,
        main: count(t.mainNodes),
        first: percent(t.firstMoveRate),
        time: formatNumber(t.timeMs / 1000, 'seconds'),
      },
    })),
  };
}

// ---- bench:eval ----

interface EvalBenchRow {
  name: string;
  group: string;
  nodes: number;
  cpuSeconds: number;
  nps: number;
  /** The slowest run's nodes per second (absent from files made before it was kept). */
  npsWorst?: number;
  bytes: number;
}

/**
 * bench:eval: each form's nodes a second, and against the factored form of the same constants
 * (the step the seed's 20–30 % is about), with the memory its tables take.
 */
function evalBenchTable(data: ExperimentData): DataTableModel {
  const { rows } = data.results as { rows: EvalBenchRow[] };
  const factored = (group: string) =>
    rows.find((r) => r.group === group && / factored$/.test(r.name));
  return {
    columns: [
      { key: 'name', label: 'form' },
      { key: 'nodes', label: 'nodes', num: true },
      { key: 'nps', label: 'nodes/s, slowest–best run', num: true },
      { key: 'vsFactored', label: 'vs factored', num: true },
      { key: 'bytes', label: 'tables', num: true },
    ],
    rows: rows.map((r) => {
      const base = factored(r.group);
      return {
        id: r.name,
        cells: {
          name: r.name,
          nodes: count(r.nodes),
          nps: r.npsWorst === undefined ? count(r.nps) : `${count(r.npsWorst)}–${count(r.nps)}`,
          vsFactored: base ? ratio(r.nps / base.nps) : '—',
          bytes: r.bytes === 0 ? '—' : formatNumber(r.bytes, 'bytes'),
        },
      };
    }),
  };
}

/** The table builder for each command experiment, by experiment name. */
const BUILDERS: Readonly<Record<string, (data: ExperimentData) => DataTableModel>> = {
  'pruning-bench': pruningTable,
  'dtree-search': pruningTable,
  'move-rank': moveRankTable,
  'ordering-compare': orderingTable,
  'ordering-compare-depth4': orderingTable,
  'eval-bench': evalBenchTable,
};

/** Does the book know how to draw this experiment as a table? */
export const hasTable = (name: string): boolean => name in BUILDERS;

/**
 * An experiment's table, narrowed to some rows (by id, in that order) and columns (by key); an id
 * or key the data does not have fails the build, naming it.
 */
export function experimentTable(
  data: ExperimentData,
  pick: { rows?: readonly string[]; columns?: readonly string[] } = {},
): DataTableModel {
  const build = BUILDERS[data.name];
  if (!build) throw new Error(`no table for experiment "${data.name}"`);
  const table = build(data);
  const rows =
    pick.rows?.map((id) => {
      const row = table.rows.find((r) => r.id === id);
      if (!row)
        throw new Error(
          `experiment "${data.name}" has no row "${id}" (${table.rows.map((r) => r.id).join(', ')})`,
        );
      return row;
    }) ?? table.rows;
  const columns =
    pick.columns?.map((key) => {
      const column = table.columns.find((c) => c.key === key);
      if (!column)
        throw new Error(
          `experiment "${data.name}" has no column "${key}" (${table.columns.map((c) => c.key).join(', ')})`,
        );
      return column;
    }) ?? table.columns;
  return { columns, rows };
}
