/**
 * What one search carries from node to node: the position, the options (and what is compiled from
 * them once per search), the tables, the per-ply move lists and slots, the counters and the stop
 * signal. Allocated once per Searcher and reused, so the search allocates nothing per node.
 *
 * The move pickers that read these lists are added above, in state.ts (SearchState): the picker
 * and the ordering scores (move-picker.ts, ordering.ts) read this class, so it imports neither
 * them nor any other technique, and no module of the search imports itself through the state.
 */
import type { Evaluator } from '../eval/evaluator';
import type { DfpnSearcher } from '../mate/dfpn';
import { MAX_MOVES } from '../movegen';
import type { Position } from '../position';
import type { Move } from '../types';
import type { SearchOptions } from './options';
import { clampEval } from './score';
import { Note, type Tracer } from './trace';
import type { TranspositionTable } from './tt';

/** Deepest ply a search line may reach (main search plus quiescence). */
export const MAX_SEARCH_PLY = 96;

/** The ordering option as the search reads it (compiled once per search, see configure). */
export const OrderMode = { Standard: 0, MoveValue: 1, None: 2, Tree: 3 } as const;
export type OrderMode = (typeof OrderMode)[keyof typeof OrderMode];

/** The forwardPruning option as the search reads it. */
export const ForwardMode = { Off: 0, Threshold: 1, Rank: 2, Tree: 3 } as const;
export type ForwardMode = (typeof ForwardMode)[keyof typeof ForwardMode];

/**
 * What the search counts besides nodes: one entry per pruning, reduction or extension, with the
 * name SearchStats.counters gives it. `Counter.X` is its index in the counters array.
 */
const COUNTERS = {
  ForwardPruning: 'forward-pruning',
  Futility: 'futility',
  NullMove: 'null-move',
  NullMoveCutoff: 'null-move-cutoff',
  NullMoveVerifyFail: 'null-move-verify-fail',
  Razoring: 'razoring',
  RazoringCorrected: 'razoring-corrected',
  Lmr: 'lmr',
  LmrResearch: 'lmr-research',
  CheckExtension: 'check-extension',
  RecaptureResearch: 'recapture-research',
  DualCreditExtension: 'dual-credit-extension',
  DualCreditResearch: 'dual-credit-research',
  DualCreditFull: 'dual-credit-full',
  DualCreditFullBoth: 'dual-credit-full-both',
  TreeMateExtension: 'tree-mate-extension',
  MateProbe: 'mate-probe',
  MateProbeProven: 'mate-probe-proven',
  MateProbeNodes: 'mate-probe-nodes',
} as const;
/** The counters' names in SearchStats.counters, by index. */
export const COUNTER_NAMES: readonly (typeof COUNTERS)[keyof typeof COUNTERS][] =
  Object.values(COUNTERS);
export const Counter = Object.fromEntries(Object.keys(COUNTERS).map((key, i) => [key, i])) as {
  readonly [K in keyof typeof COUNTERS]: number;
};

/** Counters a search returns; `counters` holds one entry per pruning or extension that fired. */
export interface SearchStats {
  nodes: number;
  qnodes: number;
  nodesPerPly: number[];
  ttProbes: number;
  ttHits: number;
  ttCutoffs: number;
  /** Nodes where a move reached β. */
  cutoffs: number;
  /** …and where it was the first move searched: the measure of move ordering. */
  firstMoveCutoffs: number;
  seldepth: number;
  counters: Record<string, number>;
  /** With Dual Credit on: its extension plies by ply, and by move class (table entry). */
  dualCredit?: { byPly: number[]; byClass: number[] };
}

export const newStats = (): SearchStats => ({
  nodes: 0,
  qnodes: 0,
  nodesPerPly: [],
  ttProbes: 0,
  ttHits: 0,
  ttCutoffs: 0,
  cutoffs: 0,
  firstMoveCutoffs: 0,
  seldepth: 0,
  counters: {},
});

/**
 * What the search knows of one move before it reads it, worked out once (alphabeta.ts, Steps 9 and
 * 10; move-record.ts): every search of the move (reduced, at full depth, with the full window, a
 * re-search) reads the same depth, extension and credit from it.
 */
export interface MoveRecord {
  move: Move;
  capture: boolean;
  /** Neither a capture nor a promotion. */
  quiet: boolean;
  /** Gives check (asked only when an option reads it: otherwise false). */
  check: boolean;
  /** Dual Credit's table entry for the move when credit goes with every move, else −1. */
  credit: number;
  /** Plies of extension (check, mate threat). */
  extension: number;
  /** The child's depth: depth − 1 + extension. */
  newDepth: number;
  /** How the child is reached, for the trace. */
  note: Note;
  /** Late-move reduction in plies (0: none). */
  reduction: number;
}

export class SearchData {
  /** One MoveRecord per ply, reused by every move of a node. */
  readonly records: readonly MoveRecord[] = Array.from({ length: MAX_SEARCH_PLY }, () => ({
    move: 0,
    capture: false,
    quiet: false,
    check: false,
    credit: -1,
    extension: 0,
    newDepth: 0,
    note: Note.None,
    reduction: 0,
  }));
  readonly moves = new Uint32Array(MAX_SEARCH_PLY * MAX_MOVES);
  readonly scores = new Int32Array(MAX_SEARCH_PLY * MAX_MOVES);
  /** Seed 000 move values beside the moves, when a list is valued as a whole. */
  readonly values = new Int32Array(MAX_SEARCH_PLY * MAX_MOVES);
  /** Triangular PV table: the line from each ply, `pvLength[ply]` moves long. */
  readonly pv = new Uint32Array(MAX_SEARCH_PLY * MAX_SEARCH_PLY);
  readonly pvLength = new Uint8Array(MAX_SEARCH_PLY + 1);
  readonly killers = new Uint32Array(MAX_SEARCH_PLY * 2);
  /** History scores by piece (0..31) and destination square. */
  readonly history = new Int32Array(32 * 130);
  /** The move played at each ply of the current line, 0 for a pass (written by searchChild). */
  readonly line = new Uint32Array(MAX_SEARCH_PLY + 1);
  /** Plies of extension the line down to each ply has collected (written by searchChild). */
  readonly extensions = new Uint8Array(MAX_SEARCH_PLY + 1);
  /**
   * Dual Credit (seed 001): at [2·ply] the credit of the side to move at that ply, at [2·ply + 1]
   * the credit of the side that just moved. Written by searchChild, converted on entry.
   */
  readonly credits = new Float64Array(2 * (MAX_SEARCH_PLY + 1));
  /** The credit-table entry the move into each ply earned (−1: none), for the statistics. */
  readonly creditEntries = new Int16Array(MAX_SEARCH_PLY + 1);
  /** Above zero while a null-move verification search runs (no passes inside it). */
  nullMoveDisabled = 0;
  /** The depth of the iteration under way: extensions never add more than this. */
  rootDepth = 0;
  /** Root moves to consider (USI `go searchmoves`), or null for all. */
  rootMoves: ReadonlySet<Move> | null = null;

  // Compiled from the options once per search (configure).
  orderMode: OrderMode = OrderMode.Standard;
  /** The staged picker runs (standard order, and no list valued as a whole). */
  stagedOrdering = true;
  /** Every move list is valued by seed 000's move evaluation when generated. */
  needsAllValues = false;
  forwardMode: ForwardMode = ForwardMode.Off;
  /** forwardRank when pruning by rank, else 0. */
  rankLimit = 0;
  /** Dual Credit (seed 001): credit at moves that raise α, with a re-search; or at every move. */
  creditImproving = false;
  creditEveryMove = false;
  dualCreditOn = false;
  /** The credit table's largest entry: the most one move can earn. */
  largestCredit = 0;
  /** Forward pruning by rank reads moves tied with the k-th only up to k moves in all. */
  rankBreakTies = true;
  seeCaptures = false;
  /** Node kinds that read the static value: null move, futility, razoring. */
  wantsStaticEval = false;
  /**
   * Some option asks whether a move gives check (futility and LMR spare checks, forward pruning
   * may keep them, the check extension extends them); with none on, the search never asks.
   */
  readsCheck = false;
  /**
   * The evaluator knows a move's change before the move is made (moveGain): a quiescence child
   * that stands pat at once can be valued without playing its move (quiescence.ts).
   */
  valuesWithoutMove = false;
  /**
   * …and so can a child at the horizon (alphabeta.ts, horizonWithoutMove): quiescence search is
   * on, and nothing else acts at the horizon first (Dual Credit's extension, the mate search at
   * the leaves).
   */
  horizonWithoutMove = false;
  /** Futility or forward pruning is on: Step 9 asks about each move. */
  prunesMoves = false;
  /** The check or the mate-threat extension is on: Step 10 asks about each move. */
  extendsMoves = false;
  /**
   * No technique is on that can skip a defence (forward pruning, null move, futility, razoring,
   * LMR): a mate the search finds is then proven, and iterative deepening may stop on it.
   */
  matesAreProofs = true;
  /** The mate search at the leaves is on (mate-probe.ts), and its searcher once made. */
  mateProbeOn = false;
  mateProber: DfpnSearcher | null = null;

  // Statistics, in plain fields and typed arrays while the search runs (see stats()).
  nodes = 0;
  qnodes = 0;
  readonly nodesPerPly = new Float64Array(MAX_SEARCH_PLY);
  ttProbes = 0;
  ttHits = 0;
  ttCutoffs = 0;
  cutoffs = 0;
  firstMoveCutoffs = 0;
  seldepth = 0;
  readonly counters = new Float64Array(COUNTER_NAMES.length);
  /** Dual Credit's extension plies by the ply where they fired, and by the class of the move. */
  readonly creditExtensionsByPly = new Float64Array(MAX_SEARCH_PLY);
  readonly creditExtensionsByClass = new Float64Array(14 * 14); // Table 1: 14 pieces × 14 meanings
  /** The move value forward pruning judged last (for the trace). */
  prunedValue = 0;

  stopped = false;
  /** Node count at which to look at the clock and the stop signal next. */
  nextCheck = 0;
  trace: Tracer | null = null;

  constructor(
    public pos: Position,
    public options: SearchOptions,
    public evaluator: Evaluator,
    public tt: TranspositionTable,
    public shouldStop: () => boolean,
  ) {
    this.configure(options);
  }

  /** Take new options and compile what the search reads at every node. */
  configure(options: SearchOptions): void {
    const o = options;
    this.options = o;
    this.orderMode =
      o.ordering === 'move-evaluation'
        ? OrderMode.MoveValue
        : o.ordering === 'decision-tree'
          ? OrderMode.Tree
          : o.ordering === 'none'
            ? OrderMode.None
            : OrderMode.Standard;
    this.forwardMode =
      o.forwardPruning === 'threshold'
        ? ForwardMode.Threshold
        : o.forwardPruning === 'rank'
          ? ForwardMode.Rank
          : o.forwardPruning === 'tree'
            ? ForwardMode.Tree
            : ForwardMode.Off;
    this.rankLimit = this.forwardMode === ForwardMode.Rank ? o.forwardRank : 0;
    this.rankBreakTies = o.forwardRankTies === 'break';
    this.creditImproving = o.dualCredit && o.creditWhere === 'improving';
    this.creditEveryMove = o.dualCredit && o.creditWhere === 'every';
    this.dualCreditOn = o.dualCredit;
    this.largestCredit = Math.max(...o.creditTable);
    this.needsAllValues = this.orderMode === OrderMode.MoveValue || this.rankLimit > 0;
    this.stagedOrdering = this.orderMode === OrderMode.Standard && !this.needsAllValues;
    this.seeCaptures = o.captureOrder === 'see';
    this.wantsStaticEval = o.nullMove || o.futility || o.razoring;
    this.readsCheck =
      o.futility || o.lmr || o.checkExtension || this.forwardMode !== ForwardMode.Off;
    this.prunesMoves = o.futility || this.forwardMode !== ForwardMode.Off;
    this.valuesWithoutMove = this.evaluator.moveGain !== undefined;
    this.horizonWithoutMove =
      this.valuesWithoutMove && o.quiescence && !o.dualCredit && o.mateProbeNodes === 0;
    this.extendsMoves = o.checkExtension || o.treeMateExtension;
    this.mateProbeOn = o.mateProbeNodes > 0;
    this.matesAreProofs =
      this.forwardMode === ForwardMode.Off && !o.nullMove && !o.futility && !o.razoring && !o.lmr;
  }

  /** Start a search: counters to zero, killers forgotten, the stop signal down. */
  reset(): void {
    this.nodes = 0;
    this.qnodes = 0;
    this.nodesPerPly.fill(0);
    this.ttProbes = 0;
    this.ttHits = 0;
    this.ttCutoffs = 0;
    this.cutoffs = 0;
    this.firstMoveCutoffs = 0;
    this.seldepth = 0;
    this.counters.fill(0);
    this.creditExtensionsByPly.fill(0);
    this.creditExtensionsByClass.fill(0);
    this.stopped = false;
    this.nextCheck = 0;
    this.killers.fill(0);
    this.nullMoveDisabled = 0;
  }

  /** The line from `ply` becomes the move, then the child's line. */
  updatePv(ply: number, move: Move): void {
    const row = ply * MAX_SEARCH_PLY;
    const next = (ply + 1) * MAX_SEARCH_PLY;
    this.pv[row] = move;
    const n = this.pvLength[ply + 1]!;
    for (let i = 0; i < n; i++) this.pv[row + 1 + i] = this.pv[next + i]!;
    this.pvLength[ply] = n + 1;
  }

  /** The static evaluation of the current position for the side to move, kept in its band. */
  evaluate(): number {
    return clampEval(this.evaluator.evaluate(this.pos));
  }

  /** The statistics as the API hands them out. */
  stats(): SearchStats {
    const counters: Record<string, number> = {};
    this.counters.forEach((n, i) => {
      if (n > 0) counters[COUNTER_NAMES[i]!] = n;
    });
    let plies = MAX_SEARCH_PLY;
    while (plies > 0 && this.nodesPerPly[plies - 1] === 0) plies--;
    return {
      nodes: this.nodes,
      qnodes: this.qnodes,
      nodesPerPly: Array.from(this.nodesPerPly.subarray(0, plies)),
      ttProbes: this.ttProbes,
      ttHits: this.ttHits,
      ttCutoffs: this.ttCutoffs,
      cutoffs: this.cutoffs,
      firstMoveCutoffs: this.firstMoveCutoffs,
      seldepth: this.seldepth,
      counters,
      ...(this.dualCreditOn
        ? {
            dualCredit: {
              byPly: Array.from(this.creditExtensionsByPly.subarray(0, Math.max(plies, 1))),
              byClass: Array.from(this.creditExtensionsByClass),
            },
          }
        : {}),
    };
  }
}
