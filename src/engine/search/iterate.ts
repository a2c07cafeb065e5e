/**
 * Iterative deepening: search depth 1, 2, 3, … until a limit is reached, reporting after each
 * completed depth. The `Searcher` owns the tables that live across searches (the TT, history)
 * and is what the worker, the USI engine and the tests drive.
 */
import { evaluatorFor, type Evaluator } from '../eval/index';
import { legalMoves } from '../movegen';
import { makeUsiMove } from '../notation';
import type { Position } from '../position';
import { ok, type Move, type Result } from '../types';
import { alphaBeta } from './alphabeta';
import { DEFAULT_OPTIONS, resolveOptions, type SearchOptions } from './options';
import { INFINITE, isMateScore, matePlies, type Score, toScore } from './score';
import { MAX_SEARCH_PLY, type SearchStats } from './search-data';
import { SearchState } from './state';
import { exportTrace, Tracer, type TraceNode } from './trace';
import { checkLimits, MAX_DEPTH, type SearchLimits } from './limits';
import { TranspositionTable } from './tt';

export { checkLimits, MAX_DEPTH, type SearchLimits };

/** What is known after a completed depth (one `info` line). */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  score: Score;
  /** Raw score, mates as ±(MATE − plies). */
  value: number;
  nodes: number;
  nps: number;
  timeMs: number;
  pv: string[];
  hashfull: number;
}

export interface SearchResult extends SearchInfo {
  /** Best move in USI, or null when the side to move has no legal move. */
  bestMove: string | null;
  ponder: string | null;
  stopped: boolean;
  stats: SearchStats;
  trace?: TraceNode[];
  /** Set by a mate search (df-pn): proven, disproven, or neither when its time ran out. */
  mateStatus?: 'mate' | 'nomate' | 'timeout';
}

export interface SearchCallbacks {
  onInfo?: (info: SearchInfo) => void;
  /** Polled every 1024 nodes; return true to stop (an external stop button, USI `stop`). */
  shouldStop?: () => boolean;
}

export class Searcher {
  options: SearchOptions;
  readonly tt: TranspositionTable;
  /**
   * An evaluator to use instead of the one the options name: a form the registry does not list
   * (a benchmark's big precomputed table, an experiment's variant). Null: the options decide.
   */
  evaluator: Evaluator | null = null;
  private state: SearchState | null = null;

  constructor(options: Partial<SearchOptions> = {}) {
    const r = resolveOptions(options);
    if (!r.ok) throw new Error(r.error);
    this.options = r.value;
    this.tt = new TranspositionTable(this.options.ttSizeMb);
  }

  /** Replace the options (already validated, e.g. by resolveOptions). */
  setOptions(options: SearchOptions): void {
    if (options.ttSizeMb !== this.options.ttSizeMb) this.tt.resize(options.ttSizeMb);
    this.options = options;
  }

  /** Forget everything learnt: a new game. */
  clear(): void {
    this.tt.clear();
    this.state?.mateProber?.table.clear();
    this.state?.history.fill(0);
    this.state?.killers.fill(0);
  }

  /**
   * Search `pos` within `limits`, or say what is wrong with the limits (checkLimits): the form for
   * limits that come from outside the program.
   */
  run(
    pos: Position,
    limits: SearchLimits = {},
    callbacks: SearchCallbacks = {},
  ): Result<SearchResult> {
    const checked = checkLimits(limits);
    return checked.ok ? ok(this.search(pos, checked.value, callbacks)) : checked;
  }

  // #region iterative-deepening
  /**
   * Search `pos` within `limits`. Limits that make no search (depth 0, mate 0, a negative or
   * non-finite number: checkLimits) throw a RangeError that names them; `run` returns it instead.
   */
  search(pos: Position, limits: SearchLimits = {}, callbacks: SearchCallbacks = {}): SearchResult {
    const checked = checkLimits(limits);
    if (!checked.ok) throw new RangeError(checked.error);
    const start = performance.now();
    const elapsed = (): number => performance.now() - start;
    const external = callbacks.shouldStop ?? (() => false);
    const s = this.prepareState(pos, limits, () => {
      if (limits.timeMs !== undefined && elapsed() >= limits.timeMs) return true;
      if (limits.nodes !== undefined && s.nodes + s.qnodes >= limits.nodes) return true;
      return external();
    });
    this.tt.newSearch();

    // A mate search needs no more than 2·mate − 1 plies.
    const maxDepth = Math.min(limits.depth ?? MAX_DEPTH, MAX_DEPTH, MAX_SEARCH_PLY - 2);
    const depthLimit =
      limits.mate !== undefined ? Math.min(maxDepth, 2 * limits.mate - 1) : maxDepth;
    let result: SearchResult | null = null;
    for (let depth = 1; depth <= depthLimit; depth++) {
      s.trace =
        this.options.traceNodes > 0 ? new Tracer(this.options.traceNodes, MAX_SEARCH_PLY) : null;
      s.rootDepth = depth;
      s.extensions[0] = 0;
      s.credits[0] = 0;
      s.credits[1] = 0;
      const value = alphaBeta(s, depth, -INFINITE, INFINITE, 0, true);
      // An interrupted iteration is thrown away, unless it is the only one there is.
      if (s.stopped && result !== null) break;
      const pv: string[] = [];
      for (let i = 0; i < s.pvLength[0]!; i++) pv.push(makeUsiMove(s.pv[i]!));
      // Stopped before the first iteration found anything: any legal move beats none.
      if (pv.length === 0 && s.stopped) {
        const first = this.firstRootMove(pos, s);
        if (first !== undefined) pv.push(makeUsiMove(first));
      }
      const info = this.makeInfo(s, depth, value, pv, elapsed());
      result = {
        ...info,
        bestMove: pv[0] ?? null,
        ponder: pv[1] ?? null,
        stopped: s.stopped,
        stats: s.stats(),
        ...(s.trace ? { trace: exportTrace(s.trace) } : {}),
      };
      if (s.stopped) break;
      callbacks.onInfo?.(info);
      if (pv.length === 0) break; // no legal move: the game is over
      // A mate is final when the full-width part of the search proved it (not only quiescence)
      // and no pruning that can skip a defence was on.
      if (isMateScore(value) && matePlies(value) <= depth && s.matesAreProofs) break;
      if (limits.softTimeMs !== undefined && elapsed() >= limits.softTimeMs) break;
    }
    // The totals cover everything searched, including an iteration that was cut short.
    const timeMs = elapsed();
    const nodes = s.nodes + s.qnodes;
    return {
      ...result!,
      nodes,
      timeMs: Math.round(timeMs),
      nps: Math.round((nodes * 1000) / Math.max(timeMs, 1)),
      stopped: s.stopped,
      stats: s.stats(),
    };
  }
  // #endregion

  /** The first legal root move (the first of `searchmoves` when given). */
  private firstRootMove(pos: Position, s: SearchState): Move | undefined {
    const moves = legalMoves(pos);
    return moves.find((m) => s.rootMoves === null || s.rootMoves.has(m)) ?? moves[0];
  }

  private makeInfo(
    s: SearchState,
    depth: number,
    value: number,
    pv: string[],
    timeMs: number,
  ): SearchInfo {
    const nodes = s.nodes + s.qnodes;
    return {
      depth,
      seldepth: s.seldepth,
      score: toScore(value),
      value,
      nodes,
      nps: Math.round((nodes * 1000) / Math.max(timeMs, 1)),
      timeMs: Math.round(timeMs),
      pv,
      hashfull: this.tt.hashfull(),
    };
  }

  private prepareState(
    pos: Position,
    limits: SearchLimits,
    shouldStop: () => boolean,
  ): SearchState {
    const evaluator =
      this.evaluator ?? evaluatorFor(this.options.evaluator, this.options.effectEval);
    this.state ??= new SearchState(pos, this.options, evaluator, this.tt, shouldStop);
    const s = this.state;
    s.pos = pos;
    s.evaluator = evaluator;
    s.shouldStop = shouldStop;
    s.configure(this.options);
    s.reset();
    const legal = legalMoves(pos);
    const wanted = (limits.searchMoves ?? []).filter((m) => legal.includes(m));
    s.rootMoves = wanted.length > 0 ? new Set(wanted) : null;
    return s;
  }
}

export { DEFAULT_OPTIONS, toScore, type Score };
