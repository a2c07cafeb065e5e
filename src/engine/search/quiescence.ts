/**
 * Quiescence search (静止探索): past the horizon, keep reading captures and promotions until the
 * position is quiet, so the evaluation is never taken in the middle of an exchange. The option is
 * declared in option-decls.ts.
 */
import { givesCheck } from '../move-check';
import { hasLegalMove } from '../movegen';
import type { Move } from '../types';
import { MAX_SEARCH_PLY } from './search-data';
import type { SearchState } from './state';
import { clampEval, INFINITE, matedIn } from './score';

/** Quiescence stops resolving captures this many plies past the horizon… */
const MAX_QUIESCENCE_PLY = 16;
/** …and answers a check with every evasion only this close to the horizon. */
const MAX_QUIESCENCE_CHECK_PLY = 2;
/** How often (in nodes) the search looks at the clock and the stop signal. */
const CHECK_INTERVAL = 1024;

/** Every CHECK_INTERVAL nodes: should the search stop (time, node limit, a stop request)? */
export function checkStop(s: SearchState): void {
  const total = s.nodes + s.qnodes;
  if (total >= s.nextCheck) {
    s.nextCheck = total + CHECK_INTERVAL;
    if (s.shouldStop()) s.stopped = true;
  }
}

/** Returned by standPatWithoutMove when the child must be played to be known. */
export const MUST_PLAY = 2 * INFINITE;

// #region stand-pat-without-move
/**
 * A quiescence node that stands pat at once, valued without playing the move that leads to it.
 * With an evaluator whose change the move alone decides (material: what it captures and
 * promotes), the child's static value is known before the move is made, and so is whether it is
 * in check (givesCheck). A child not in check whose static value reaches its β (or that stands
 * at the quiescence or line limit) does nothing but return that value: the search does the same
 * here without the move's make and unmake, counting the child as the node it is and checking the
 * clock as the child would. The tree, the values and the node counts are those of playing it.
 * Returns the child's value from its side, or MUST_PLAY.
 */
export function standPatWithoutMove(
  s: SearchState,
  move: Move,
  childBeta: number,
  childPly: number,
  childQply: number,
): number {
  const pos = s.pos;
  const evaluator = s.evaluator;
  if (evaluator.moveGain === undefined || s.trace !== null) return MUST_PLAY;
  const standPat = clampEval(-(evaluator.evaluate(pos) + evaluator.moveGain(pos, move)));
  const stands =
    standPat >= childBeta || childQply >= MAX_QUIESCENCE_PLY || childPly >= MAX_SEARCH_PLY - 1;
  if (!stands || givesCheck(pos, move)) return MUST_PLAY;
  s.qnodes++;
  if (childPly > s.seldepth) s.seldepth = childPly;
  checkStop(s);
  return s.stopped ? 0 : standPat;
}
// #endregion

// #region quiescence
/**
 * The value of a position past the horizon, for the side to move. Not in check, the side may
 * "stand pat" — decline every capture and keep the static value — so only captures that raise it
 * are read. In check near the horizon every evasion is read; deeper, a check is answered by the
 * static value unless there is no legal move at all (mate).
 */
export function quiescence(
  s: SearchState,
  alpha: number,
  beta: number,
  ply: number,
  qply: number,
): number {
  const pos = s.pos;
  s.qnodes++;
  if (ply > s.seldepth) s.seldepth = ply;
  checkStop(s);
  if (s.stopped) return 0;
  const inCheck = pos.inCheck();
  let best = -INFINITE;
  if (!inCheck) {
    const standPat = s.evaluate();
    if (standPat >= beta || qply >= MAX_QUIESCENCE_PLY || ply >= MAX_SEARCH_PLY - 1)
      return standPat;
    best = standPat;
    if (standPat > alpha) alpha = standPat;
  } else if (qply >= MAX_QUIESCENCE_CHECK_PLY || ply >= MAX_SEARCH_PLY - 1) {
    // Blocking drops alone can number dozens at every ply: only "no legal reply" still counts.
    return hasLegalMove(pos) ? s.evaluate() : matedIn(ply);
  }
  const picker = s.pickers[ply]!;
  picker.initQuiescence(inCheck);
  let searched = 0;
  for (let move = picker.next(); move !== 0; move = picker.next()) {
    s.line[ply] = move;
    let v = s.valuesWithoutMove
      ? -standPatWithoutMove(s, move, -alpha, ply + 1, qply + 1)
      : -MUST_PLAY;
    if (v === -MUST_PLAY) {
      pos.doMove(move);
      v = -quiescence(s, -beta, -alpha, ply + 1, qply + 1);
      pos.undoMove(move);
    }
    searched++;
    if (s.stopped) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return inCheck && searched === 0 ? matedIn(ply) : best;
}
// #endregion
