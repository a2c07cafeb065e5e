/**
 * Negamax α-β with principal-variation search, a transposition table and quiescence search.
 *
 * Each step of a node is a numbered section (Stockfish's habit) so the chapters can point at
 * one; the techniques a reader can switch off are behind `s.options`.
 */
import { GenMode, generateMoves, hasLegalMove, MAX_MOVES } from '../movegen';
import { makeUsiMove } from '../notation';
import { canDeclareWin, repetition, Repetition } from '../rules';
import { isInPromotionZone } from '../square';
import { EMPTY, isDrop, isPromotion, Kind, type Move } from '../types';
import { checkExtension, wantsRecaptureResearch } from './extensions';
import { pickNext, rewardQuiet, scoreMoves } from './ordering';
import {
  forwardPruneReason,
  isFutile,
  lateMoveReduction,
  nullMovePruning,
  rankCutoffValue,
  razoring,
} from './pruning';
import { MAX_SEARCH_PLY, type SearchState } from './state';
import { type TraceKind } from './trace';
import { Bound, MATE } from './tt';

export const INFINITE = MATE + 1;
/** Quiescence stops resolving captures this many plies past the horizon. */
const MAX_QUIESCENCE_PLY = 16;
/** …and answers checks with every evasion only this close to the horizon. */
const MAX_QUIESCENCE_CHECK_PLY = 2;
/** How often (in nodes) the search looks at the clock and the stop signal. */
const CHECK_INTERVAL = 1024;

function checkStop(s: SearchState): void {
  const total = s.stats.nodes + s.stats.qnodes;
  if (total >= s.nextCheck) {
    s.nextCheck = total + CHECK_INTERVAL;
    if (s.shouldStop()) s.stopped = true;
  }
}

// #region alpha-beta
/** The value of the position for the side to move, searched `depth` plies deep within (alpha, beta). */
export function alphaBeta(
  s: SearchState,
  depth: number,
  alpha: number,
  beta: number,
  ply: number,
  pvNode: boolean,
): number {
  const pos = s.pos;
  s.pvLength[ply] = 0;

  // Step 1. Positions that end the game without a search: repetition, a winning declaration.
  if (ply > 0) {
    const rep = repetition(pos, 2);
    if (rep !== Repetition.None) {
      const v = rep === Repetition.Draw ? 0 : rep === Repetition.Win ? MATE - ply : -MATE + ply;
      return traceLeaf(
        s,
        ply,
        depth,
        alpha,
        beta,
        v,
        'draw',
        rep === Repetition.Draw ? 'repetition (千日手): draw' : 'perpetual check',
      );
    }
    if (canDeclareWin(pos))
      return traceLeaf(
        s,
        ply,
        depth,
        alpha,
        beta,
        MATE - ply,
        'mate',
        'entering-king declaration wins',
      );
  }

  // Step 2. At the horizon: quiescence search, or the static evaluation when it is off.
  if (depth <= 0 || ply >= MAX_SEARCH_PLY - 1) {
    if (s.options.quiescence && ply < MAX_SEARCH_PLY - 1) {
      const tid = traceEnter(s, ply, depth, alpha, beta);
      const parent = s.traceParent;
      s.traceParent = -1; // quiescence nodes are summarised, not drawn one by one
      const v = quiescence(s, alpha, beta, ply, 0);
      s.traceParent = parent;
      return traceExit(s, tid, v, 'quiescence', 'quiescence search');
    }
    s.stats.nodes++;
    return traceLeaf(
      s,
      ply,
      depth,
      alpha,
      beta,
      s.evaluator.evaluate(pos),
      'leaf',
      'static evaluation',
    );
  }

  s.stats.nodes++;
  s.stats.nodesPerPly[ply] = (s.stats.nodesPerPly[ply] ?? 0) + 1;
  if (ply > s.stats.seldepth) s.stats.seldepth = ply;
  checkStop(s);
  if (s.stopped) return 0;
  const tid = traceEnter(s, ply, depth, alpha, beta);
  const o = s.options;

  // Step 3. Transposition table: a deep enough entry may answer the node outright.
  let ttMove: Move = 0;
  if (s.tt.enabled) {
    s.stats.ttProbes++;
    const e = s.tt.probe(pos.keyLo, pos.keyHi);
    if (e >= 0) {
      s.stats.ttHits++;
      ttMove = s.tt.move(e);
      if (!pvNode && s.tt.depth(e) >= depth) {
        const v = s.tt.score(e, ply);
        const b = s.tt.bound(e);
        if (
          b === Bound.Exact ||
          (b === Bound.Lower && v >= beta) ||
          (b === Bound.Upper && v <= alpha)
        ) {
          s.stats.ttCutoffs++;
          return traceExit(
            s,
            tid,
            v,
            'tt',
            `from the transposition table (depth ${s.tt.depth(e)})`,
          );
        }
      }
    }
  }

  // Step 4. The static value, for the pruning steps that compare it with α and β.
  const inCheck = pos.inCheck();
  const wantsStatic = !pvNode && !inCheck && (o.nullMove || o.futility || o.razoring);
  const staticEval = wantsStatic ? s.evaluator.evaluate(pos) : 0;
  const parent = s.traceParent;
  s.traceParent = tid;

  // Step 5. Razoring: hopeless near the horizon? Ask quiescence search alone.
  if (wantsStatic && o.razoring) {
    const v = razoring(s, depth, alpha, staticEval, (a, b) => quiescence(s, a, b, ply, 0));
    if (v !== null) {
      s.traceParent = parent;
      return traceExit(
        s,
        tid,
        v,
        'all',
        `razoring: static ${staticEval} far below α = ${alpha}, confirmed by quiescence`,
      );
    }
  }

  // Step 6. Null-move pruning: even passing keeps us at or above β.
  if (
    wantsStatic &&
    o.nullMove &&
    depth >= 2 &&
    staticEval >= beta &&
    s.nullMoveDisabled === 0 &&
    ply > 0 &&
    s.line[ply - 1] !== 0
  ) {
    const v = nullMovePruning(s, depth, beta, ply, (d, a, b, p) => alphaBeta(s, d, a, b, p, false));
    s.traceParent = parent;
    if (s.stopped) return 0;
    if (v !== null)
      return traceExit(
        s,
        tid,
        v,
        'null-move',
        `null-move cut-off: passing still scores ${v} ≥ β = ${beta}`,
      );
    s.traceParent = tid;
  }

  // Step 7. Generate and order the moves. No legal move: the side to move has lost.
  const base = ply * MAX_MOVES;
  const end = generateMoves(pos, s.moves, base);
  if (end === base) {
    s.traceParent = parent;
    return traceExit(s, tid, -MATE + ply, 'mate', 'no legal move: mated');
  }
  scoreMoves(s, ply, end - base, ttMove);
  const kthValue = rankCutoffValue(s, ply, end - base);
  const futile = wantsStatic && o.futility && isFutile(s, depth, staticEval, alpha);

  // Step 8. Search the moves: the first with the full window, the rest with a null window
  // that is widened only when a move proves better than the best so far (PVS).
  const alphaOrig = alpha;
  let best = -INFINITE;
  let bestMove: Move = 0;
  let searched = 0;
  for (let i = base; i < end; i++) {
    const move = pickNext(s, i, end);
    const isCapture = pos.board[move & 0xff] !== EMPTY;
    const quiet = !isCapture && !isPromotion(move);
    s.line[ply] = move;
    pos.doMove(move);
    const givesCheck = pos.inCheck();

    // Step 9. Moves not worth reading: forward pruning (seed 000) and futility pruning.
    if (searched > 0 && !inCheck) {
      const why =
        forwardPruneReason(s, i, depth, isCapture, givesCheck, kthValue) ??
        (futile && quiet && !givesCheck
          ? `futility: static ${staticEval} + ${o.futilityMargin * depth} ≤ α = ${alpha}`
          : null);
      if (why !== null) {
        pos.undoMove(move);
        s.count(why.startsWith('futility') ? 'futility' : 'forward-pruning');
        tracePruned(s, ply, depth, alpha, beta, why);
        continue;
      }
    }

    // Step 10. Extensions, and late-move reductions for quiet moves late in the order.
    const extension = checkExtension(s, ply, givesCheck);
    s.extensions[ply + 1] = s.extensions[ply]! + extension;
    const newDepth = depth - 1 + extension;
    if (extension > 0) s.traceNote = 'check extension +1';
    let v: number;
    const reduction =
      o.lmr && quiet && !givesCheck && !inCheck ? lateMoveReduction(s, depth, searched + 1) : 0;
    if (reduction > 0) {
      s.count('lmr');
      s.traceNote = `LMR −${reduction}`;
      v = -alphaBeta(s, newDepth - reduction, -alpha - 1, -alpha, ply + 1, false);
      if (v > alpha && !s.stopped) {
        s.count('lmr-research');
        s.traceNote = 'LMR re-search at full depth';
        v = -alphaBeta(s, newDepth, -alpha - 1, -alpha, ply + 1, false);
        if (v > alpha && v < beta && pvNode)
          v = -alphaBeta(s, newDepth, -beta, -alpha, ply + 1, true);
      }
    } else if (searched === 0 || !o.pvs) {
      v = -alphaBeta(s, newDepth, -beta, -alpha, ply + 1, pvNode);
    } else {
      v = -alphaBeta(s, newDepth, -alpha - 1, -alpha, ply + 1, false);
      if (v > alpha && v < beta && !s.stopped) {
        s.traceNote = 'PVS re-search, full window';
        v = -alphaBeta(s, newDepth, -beta, -alpha, ply + 1, true);
      }
    }
    pos.undoMove(move);

    // Step 11. Seed 000's horizon re-search of a recapture.
    if (!s.stopped && wantsRecaptureResearch(s, ply, move, v, beta, extension)) {
      s.extensions[ply + 1] = s.extensions[ply]! + extension + o.recapturePlies;
      pos.doMove(move);
      s.traceNote = `recapture re-search +${o.recapturePlies} (seed 000)`;
      v = -alphaBeta(s, newDepth + o.recapturePlies, -beta, -alpha, ply + 1, pvNode);
      pos.undoMove(move);
    }
    searched++;
    if (s.stopped) {
      s.traceParent = parent;
      return 0;
    }
    // #region beta-cutoff
    if (v > best) {
      best = v;
      bestMove = move;
      if (v > alpha) {
        alpha = v;
        updatePv(s, ply, move);
        if (v >= beta) {
          // Step 12. β cut-off: the opponent will not allow this line; the remaining moves are skipped.
          s.stats.cutoffs++;
          if (searched === 1) s.stats.firstMoveCutoffs++;
          if (quiet) rewardQuiet(s, move, ply, depth);
          break;
        }
      }
    }
    // #endregion
  }
  s.traceParent = parent;
  // Everything but the first move was pruned away and the first failed low: still a result.
  if (best === -INFINITE) best = alpha;

  // Step 13. Remember the result.
  const bound = best >= beta ? Bound.Lower : best > alphaOrig ? Bound.Exact : Bound.Upper;
  s.tt.store(pos.keyLo, pos.keyHi, bestMove, best, depth, bound, ply);
  if (tid < 0) return best;
  const kind: TraceKind = bound === Bound.Lower ? 'cut' : bound === Bound.Exact ? 'pv' : 'all';
  const reason =
    bound === Bound.Lower
      ? `β cut-off: ${best} ≥ ${beta} after ${searched} of ${end - base} moves`
      : bound === Bound.Exact
        ? `best ${makeUsiMove(bestMove)} = ${best}, inside the window`
        : `all ${searched} moves ≤ α = ${alphaOrig}: fail low`;
  return traceExit(s, tid, best, kind, reason);
}
// #endregion

function updatePv(s: SearchState, ply: number, move: Move): void {
  const row = ply * MAX_SEARCH_PLY;
  const next = (ply + 1) * MAX_SEARCH_PLY;
  s.pv[row] = move;
  const n = s.pvLength[ply + 1]!;
  for (let i = 0; i < n; i++) s.pv[row + 1 + i] = s.pv[next + i]!;
  s.pvLength[ply] = n + 1;
}

// #region quiescence
/**
 * Quiescence search: past the horizon, only captures and promotions (or every evasion when in
 * check), with "stand pat" — the side to move may decline to capture and keep the static value.
 */
export function quiescence(
  s: SearchState,
  alpha: number,
  beta: number,
  ply: number,
  qply: number,
): number {
  const pos = s.pos;
  s.stats.qnodes++;
  if (ply > s.stats.seldepth) s.stats.seldepth = ply;
  checkStop(s);
  if (s.stopped) return 0;
  const inCheck = pos.inCheck();
  let best = -INFINITE;
  if (!inCheck) {
    const standPat = s.evaluator.evaluate(pos);
    if (standPat >= beta || qply >= MAX_QUIESCENCE_PLY || ply >= MAX_SEARCH_PLY - 1)
      return standPat;
    best = standPat;
    if (standPat > alpha) alpha = standPat;
  } else if (qply >= MAX_QUIESCENCE_CHECK_PLY || ply >= MAX_SEARCH_PLY - 1) {
    // Deep in quiescence a check is not answered move by move (blocking drops alone can number
    // dozens at every ply); only "no legal reply at all" still counts as mate.
    return hasLegalMove(pos) ? s.evaluator.evaluate(pos) : -MATE + ply;
  }
  const base = ply * MAX_MOVES;
  const end = generateMoves(
    pos,
    s.moves,
    base,
    inCheck ? GenMode.All : GenMode.CapturesAndPromotions,
  );
  if (end === base) return inCheck ? -MATE + ply : best;
  scoreMoves(s, ply, end - base, 0, false);
  for (let i = base; i < end; i++) {
    const move = pickNext(s, i, end);
    if (!inCheck && isPointlessInQuiescence(pos.board, move, pos.sideToMove)) continue;
    pos.doMove(move);
    const v = -quiescence(s, -beta, -alpha, ply + 1, qply + 1);
    pos.undoMove(move);
    if (s.stopped) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return best;
}
// #endregion

/**
 * Quiescence skips quiet promotions other than pawns', and captures by a pawn, bishop or rook
 * that decline a promotion they could take (they are never better).
 */
function isPointlessInQuiescence(board: Uint8Array, move: Move, us: number): boolean {
  if (isDrop(move)) return true;
  const from = (move >> 8) & 0xff;
  const to = move & 0xff;
  const kind = board[from]! & 15;
  if (isPromotion(move)) return board[to] === EMPTY && kind !== Kind.Pawn;
  return (
    (kind === Kind.Pawn || kind === Kind.Bishop || kind === Kind.Rook) &&
    (isInPromotionZone(us, from) || isInPromotionZone(us, to))
  );
}

// Tracing: cheap no-ops unless a trace is being recorded.
function traceEnter(
  s: SearchState,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  const t = s.trace;
  if (t === null || t.length >= s.traceLimit || (ply > 0 && s.traceParent < 0)) {
    s.traceNote = '';
    return -1;
  }
  t.push({
    id: t.length,
    parent: ply > 0 ? s.traceParent : -1,
    ply,
    move: ply === 0 ? '' : s.line[ply - 1] === 0 ? 'pass' : makeUsiMove(s.line[ply - 1]!),
    depth,
    alpha,
    beta,
    value: 0,
    kind: 'leaf',
    reason: '',
    note: s.traceNote,
  });
  s.traceNote = '';
  return t.length - 1;
}

/** A move skipped without being read still shows in the tree, greyed, with the reason. */
function tracePruned(
  s: SearchState,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
  reason: string,
): void {
  if (s.trace === null) return;
  const tid = traceEnter(s, ply + 1, depth - 1, -beta, -alpha);
  traceExit(s, tid, 0, 'pruned', reason);
}

function traceExit(
  s: SearchState,
  tid: number,
  value: number,
  kind: TraceKind,
  reason: string,
): number {
  if (tid >= 0 && s.trace) {
    const n = s.trace[tid]!;
    n.value = value;
    n.kind = kind;
    n.reason = reason;
  }
  return value;
}

function traceLeaf(
  s: SearchState,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
  value: number,
  kind: TraceKind,
  reason: string,
): number {
  if (s.trace === null) return value;
  return traceExit(s, traceEnter(s, ply, depth, alpha, beta), value, kind, reason);
}
