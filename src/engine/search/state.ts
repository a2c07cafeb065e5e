/**
 * What one search carries from node to node: the position, options, tables, move stacks,
 * statistics and the stop signal. Allocated once per Searcher and reused.
 */
import { type Evaluator } from '../eval/evaluator';
import { MAX_MOVES } from '../movegen';
import { type Position } from '../position';
import { type Move } from '../types';
import { type SearchOptions } from './options';
import { type TraceNode } from './trace';
import { type TranspositionTable } from './tt';

/** Deepest ply a search line may reach (main search plus quiescence). */
export const MAX_SEARCH_PLY = 96;

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

export class SearchState {
  readonly moves = new Uint32Array(MAX_SEARCH_PLY * MAX_MOVES);
  readonly scores = new Int32Array(MAX_SEARCH_PLY * MAX_MOVES);
  /** Seed 000 move values beside the moves, when forward pruning needs them. */
  readonly values = new Int32Array(MAX_SEARCH_PLY * MAX_MOVES);
  /** Triangular PV table: the line from each ply, `pvLength[ply]` moves long. */
  readonly pv = new Uint32Array(MAX_SEARCH_PLY * MAX_SEARCH_PLY);
  readonly pvLength = new Uint8Array(MAX_SEARCH_PLY + 1);
  readonly killers = new Uint32Array(MAX_SEARCH_PLY * 2);
  /** History scores by piece (0..31) and destination square. */
  readonly history = new Int32Array(32 * 130);
  /** The move played at each ply of the current line (for extensions that look back). */
  readonly line = new Uint32Array(MAX_SEARCH_PLY + 1);
  /** Plies of extension collected by the line down to each ply. */
  readonly extensions = new Uint8Array(MAX_SEARCH_PLY + 1);
  /** Above zero while a null-move verification search runs (no null moves inside it). */
  nullMoveDisabled = 0;

  stats: SearchStats = newStats();
  stopped = false;
  /** Node count at which to look at the clock and the stop signal next. */
  nextCheck = 0;
  trace: TraceNode[] | null = null;
  traceLimit = 0;
  traceParent = -1;
  /** Note for the next trace node (how the child about to be searched was reached). */
  traceNote = '';

  constructor(
    public pos: Position,
    public options: SearchOptions,
    public evaluator: Evaluator,
    public tt: TranspositionTable,
    public shouldStop: () => boolean,
  ) {}

  count(name: string, by = 1): void {
    this.stats.counters[name] = (this.stats.counters[name] ?? 0) + by;
  }
}

export type { Move };
