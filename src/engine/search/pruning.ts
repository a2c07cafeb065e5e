/**
 * Pruning, each technique a named step the search calls and a switch can turn off.
 *
 * Forward pruning (seed 000) decides before reading a move that it is not worth reading.
 * The backward kinds — null move, futility, razoring, late-move reductions — decide from a
 * search or an evaluation that a line will not matter; they can be wrong, and each counts how
 * often it fired and, where it has one, how often its re-search corrected it.
 */
import { MAX_MOVES } from '../movegen';
import { type SearchState } from './state';
import { MATE_BOUND } from './tt';

// #region forward-pruning
/**
 * Seed 000's forward pruning: why this move should not be read at all, or null to read it.
 * The first move of a node is always read, and so are evasions; captures and checks may be kept.
 */
export function forwardPruneReason(
  s: SearchState,
  index: number,
  depth: number,
  isCapture: boolean,
  givesCheck: boolean,
  kthValue: number,
): string | null {
  const o = s.options;
  if (o.forwardPruning === 'off' || depth > o.forwardMaxDepth) return null;
  if ((isCapture && o.forwardKeepCaptures) || (givesCheck && o.forwardKeepChecks)) return null;
  const value = s.values[index]!;
  if (o.forwardPruning === 'threshold')
    return value <= o.forwardThreshold
      ? `forward pruning: value ${value} ≤ ${o.forwardThreshold}`
      : null;
  return value < kthValue
    ? `forward pruning: value ${value} ranks below the first ${o.forwardRank}`
    : null;
}

/** The value a move needs to be among the first `forwardRank` by value (ties all stay). */
export function rankCutoffValue(s: SearchState, ply: number, count: number): number {
  const k = s.options.forwardRank;
  if (s.options.forwardPruning !== 'rank' || count <= k) return -Infinity;
  const base = ply * MAX_MOVES;
  const sorted = Array.from(s.values.subarray(base, base + count)).sort((a, b) => b - a);
  return sorted[k - 1]!;
}
// #endregion

// #region null-move
/**
 * Null-move pruning: let the opponent move twice. If a reduced search still fails high, a real
 * move would too (shogi has almost no zugzwang), so cut. Returns a value ≥ β to cut with, or
 * null to search normally.
 */
export function nullMovePruning(
  s: SearchState,
  depth: number,
  beta: number,
  ply: number,
  search: (depth: number, alpha: number, beta: number, ply: number) => number,
): number | null {
  const o = s.options;
  s.count('null-move');
  const reduced = depth - 1 - o.nullMoveR;
  s.line[ply] = 0;
  s.pos.doNullMove();
  s.traceNote = `null move (R = ${o.nullMoveR})`;
  let v = -search(reduced, -beta, -beta + 1, ply + 1);
  s.pos.undoNullMove();
  if (s.stopped || v < beta) return null;
  if (v > MATE_BOUND) v = beta; // a pass proves no mate
  if (o.nullMoveVerifyDepth > 0 && depth >= o.nullMoveVerifyDepth) {
    s.nullMoveDisabled++;
    s.traceNote = 'null-move verification';
    const w = search(reduced, beta - 1, beta, ply);
    s.nullMoveDisabled--;
    if (w < beta) {
      s.count('null-move-verify-fail');
      return null;
    }
  }
  s.count('null-move-cutoff');
  return v;
}
// #endregion

// #region futility
/** Futility pruning: near the horizon, a quiet move cannot lift a hopeless static value to α. */
export const isFutile = (
  s: SearchState,
  depth: number,
  staticEval: number,
  alpha: number,
): boolean =>
  depth <= s.options.futilityMaxDepth && staticEval + s.options.futilityMargin * depth <= alpha;
// #endregion

// #region razoring
/**
 * Razoring: a node whose static value is far below α near the horizon is asked of quiescence
 * search alone; if that confirms it, the node fails low without a full search.
 */
export function razoring(
  s: SearchState,
  depth: number,
  alpha: number,
  staticEval: number,
  qsearch: (alpha: number, beta: number) => number,
): number | null {
  const o = s.options;
  if (depth > o.razorMaxDepth || staticEval + o.razorMargin * depth > alpha) return null;
  s.count('razoring');
  const v = qsearch(alpha, alpha + 1);
  if (v <= alpha) return v;
  s.count('razoring-corrected');
  return null;
}
// #endregion

// #region late-move-reductions
const LN = Array.from({ length: MAX_MOVES + 1 }, (_, i) => (i > 0 ? Math.log(i) : 0));

/** Plies to take off a late quiet move: grows with the depth left and with how late the move is. */
export function lateMoveReduction(s: SearchState, depth: number, moveNumber: number): number {
  const o = s.options;
  if (depth < o.lmrMinDepth || moveNumber <= o.lmrMinMove) return 0;
  const r = Math.floor(
    o.lmrBase / 100 + (LN[Math.min(depth, MAX_MOVES)]! * LN[moveNumber]! * 100) / o.lmrDivisor,
  );
  return Math.max(0, Math.min(r, depth - 2));
}
// #endregion
