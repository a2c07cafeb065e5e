/**
 * Backward pruning of the bold kind (seed 000's postscript: what replaced forward pruning): null
 * move, late-move reductions, futility pruning and razoring. Each decides from a search or an
 * evaluation that a line will not matter; each can be wrong, and each counts how often it fired.
 *
 * Every function here only decides — whether to try a pass, how many plies to take off, how much a
 * quiet move could still gain — and the search (alphabeta.ts) acts on the answer, so each step can
 * be shown alone and switched off alone. Their options are declared in option-decls.ts.
 */
import { MAX_MOVES } from '../movegen';
import { INFINITE } from './score';
import type { SearchState } from './state';

// #region null-move
/**
 * Null-move pruning: let the opponent move twice. If a reduced search of the position after a
 * pass still fails high, a real move would too (shogi has almost no zugzwang), so the node is cut.
 * Returns R, the plies the pass search is reduced by, or 0 when this node may not pass: passing
 * needs some depth, a static value already at β, and no pass just before (nor inside a
 * verification search).
 */
export function nullMoveReduction(
  s: SearchState,
  depth: number,
  staticEval: number,
  beta: number,
  ply: number,
): number {
  const o = s.options;
  if (!o.nullMove || depth < 2 || staticEval < beta || s.nullMoveDisabled > 0) return 0;
  return ply > 0 && s.line[ply - 1] !== 0 ? o.nullMoveR : 0;
}

/** Deep null-move cut-offs are checked by a search of the node itself, with no pass allowed. */
export const verifiesNullMove = (s: SearchState, depth: number): boolean =>
  s.options.nullMoveVerifyDepth > 0 && depth >= s.options.nullMoveVerifyDepth;
// #endregion

// #region futility
/**
 * Futility pruning: near the horizon, a quiet move is unlikely to gain more than a margin per
 * ply of depth left. The returned value is the most such a move could bring the static value to;
 * a quiet move that gives no check is skipped when that is at or below α. (No futility here:
 * INFINITE, which never is.)
 */
export function futilityValue(s: SearchState, depth: number, staticEval: number): number {
  const o = s.options;
  return o.futility && depth <= o.futilityMaxDepth
    ? staticEval + o.futilityMargin * depth
    : INFINITE;
}
// #endregion

// #region razoring
/**
 * Razoring: a node whose static value lies far below α near the horizon is asked of quiescence
 * search alone; if that confirms the node is hopeless, it fails low without a full search.
 */
export function wantsRazoring(
  s: SearchState,
  depth: number,
  staticEval: number,
  alpha: number,
): boolean {
  const o = s.options;
  return o.razoring && depth <= o.razorMaxDepth && staticEval + o.razorMargin * depth <= alpha;
}
// #endregion

// #region late-move-reductions
const LN = Array.from({ length: MAX_MOVES + 1 }, (_, i) => (i > 0 ? Math.log(i) : 0));

/** Plies to take off a late quiet move: grows with the depth left and with how late the move is. */
export function lateMoveReduction(s: SearchState, depth: number, moveNumber: number): number {
  const o = s.options;
  if (!o.lmr || depth < o.lmrMinDepth || moveNumber <= o.lmrMinMove) return 0;
  const r = Math.floor(
    o.lmrBase / 100 +
      (LN[Math.min(depth, MAX_MOVES)]! * LN[Math.min(moveNumber, MAX_MOVES)]! * 100) / o.lmrDivisor,
  );
  return Math.max(0, Math.min(r, depth - 2));
}
// #endregion
