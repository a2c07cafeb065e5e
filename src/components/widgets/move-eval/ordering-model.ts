/**
 * What the ordering comparison computes from three searches, without any DOM: the options of each
 * run, the first-move cut-off rate, and whether the three agree. Shared by the OrderingCompare
 * widget (which runs the searches in the worker) and `npm run ordering-compare` (which runs them
 * in Node).
 */
import type { Ordering } from '../../../engine/search/options';
import type { SearchResult } from '../../../engine/search/iterate';

export interface OrderingRun {
  ordering: Ordering;
  label: string;
  /** One line on what decides the order. */
  detail: string;
}

/** The three orderings, worst first. */
export const ORDERING_RUNS: readonly OrderingRun[] = [
  {
    ordering: 'none',
    label: 'Generator order',
    detail: 'main-search moves in the order they were generated (quiescence still sorts captures)',
  },
  {
    ordering: 'standard',
    label: 'Standard',
    detail: 'captures by MVV-LVA, then killers and history',
  },
  {
    ordering: 'move-evaluation',
    label: 'Move evaluation',
    detail: 'seed 000’s value of each move, best first',
  },
];

/** The transposition table's size when the comparison uses one. */
export const COMPARE_TT_MB = 16;

/**
 * Search options for one run. Everything that could change the value is left at its default
 * (off): no forward pruning, null move, LMR, futility, razoring or extensions. The transposition
 * table is off unless asked for, because an entry stored by a deeper search can answer a
 * shallower question and so change the value a little; without it α-β's guarantee is exact.
 */
export function orderingOptions(ordering: Ordering, tt: boolean): Record<string, unknown> {
  return { ordering, ttSizeMb: tt ? COMPARE_TT_MB : 0 };
}

/** The numbers the comparison shows for one run. */
export interface RunSummary {
  ordering: Ordering;
  value: number;
  bestMove: string | null;
  /** Main-search nodes plus quiescence nodes. */
  nodes: number;
  mainNodes: number;
  cutoffs: number;
  firstMoveCutoffs: number;
  timeMs: number;
}

export function summarise(ordering: Ordering, result: SearchResult): RunSummary {
  return {
    ordering,
    value: result.value,
    bestMove: result.bestMove,
    nodes: result.stats.nodes + result.stats.qnodes,
    mainNodes: result.stats.nodes,
    cutoffs: result.stats.cutoffs,
    firstMoveCutoffs: result.stats.firstMoveCutoffs,
    timeMs: result.timeMs,
  };
}

/** Share of β cut-offs made by the first move tried: 1 means the ordering was always right. */
export const firstMoveRate = (run: Pick<RunSummary, 'cutoffs' | 'firstMoveCutoffs'>): number =>
  run.cutoffs === 0 ? 0 : run.firstMoveCutoffs / run.cutoffs;

/** Do the runs agree on the value? (They must, with nothing switched on that prunes.) */
export const valuesAgree = (runs: readonly Pick<RunSummary, 'value'>[]): boolean =>
  runs.length > 0 && runs.every((r) => r.value === runs[0]!.value);

/** Nodes of `run` as a share of the unordered run's. */
export const nodeShare = (run: RunSummary, none: RunSummary): number =>
  none.nodes === 0 ? 1 : run.nodes / none.nodes;
