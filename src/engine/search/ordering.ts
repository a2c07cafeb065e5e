/**
 * Move ordering: the order in which α-β tries moves decides how much of the tree it can skip.
 * Scores are written beside the moves and the loop picks the best remaining one each time
 * (a selection sort that stops early when a cut-off ends the node).
 */
import { CAPTURE_VALUE, PIECE_VALUE, PROMOTION_GAIN } from '../eval/material';
import { seeMove } from '../eval/exchange';
import { evaluateMove } from '../eval/move-evaluation';
import { MAX_MOVES } from '../movegen';
import { EMPTY, isDrop, isPromotion, type Move } from '../types';
import { type SearchState } from './state';

const TT_MOVE_SCORE = 1 << 30;
const GOOD_CAPTURE = 1 << 24;
const KILLER_SCORE = 1 << 22;
const BAD_CAPTURE = -(1 << 24);
/** History scores stay within ±HISTORY_MAX (scaled down when one would pass it). */
export const HISTORY_MAX = 1 << 20;

// #region score-moves
/**
 * Give each move of this ply an ordering score according to the options. Quiescence search
 * (`main` false) always uses the standard captures-first order and never needs move values.
 */
export function scoreMoves(
  s: SearchState,
  ply: number,
  count: number,
  ttMove: Move,
  main = true,
): void {
  const { moves, scores, options, pos } = s;
  const base = ply * MAX_MOVES;
  const board = pos.board;
  const useTT = options.ttMove && ttMove !== 0;
  if (!main) {
    for (let i = base; i < base + count; i++) scores[i] = standardScore(s, moves[i]!, ply, board);
    return;
  }
  if (options.ordering === 'move-evaluation' || needsMoveValues(s)) {
    const before = s.evaluator.evaluate(pos);
    for (let i = base; i < base + count; i++)
      s.values[i] = evaluateMove(pos, moves[i]!, options.moveEval, s.evaluator, before).value;
  }
  for (let i = base; i < base + count; i++) {
    const m = moves[i]!;
    if (useTT && m === ttMove) scores[i] = TT_MOVE_SCORE;
    else if (options.ordering === 'none') scores[i] = 0;
    else if (options.ordering === 'move-evaluation') scores[i] = s.values[i]!;
    else scores[i] = standardScore(s, m, ply, board);
  }
}
// #endregion

function standardScore(s: SearchState, m: Move, ply: number, board: Uint8Array): number {
  const to = m & 0xff;
  const captured = board[to]!;
  if (captured !== EMPTY || isPromotion(m)) {
    if (s.options.captureOrder === 'see') {
      const see = seeMove(board, m, s.pos.sideToMove);
      return see >= 0 ? GOOD_CAPTURE + see : BAD_CAPTURE + see;
    }
    // MVV-LVA: most valuable victim first, then least valuable attacker.
    const attacker = board[(m >> 8) & 0xff]! & 15;
    const gain =
      (captured !== EMPTY ? CAPTURE_VALUE[captured & 15]! : 0) +
      (isPromotion(m) ? PROMOTION_GAIN[attacker]! : 0);
    return GOOD_CAPTURE + gain * 16 - (PIECE_VALUE[attacker]! >> 6);
  }
  if (s.options.killers) {
    if (m === s.killers[ply * 2]) return KILLER_SCORE;
    if (m === s.killers[ply * 2 + 1]) return KILLER_SCORE - 1;
  }
  if (s.options.history) return s.history[historyIndex(s, m)]!;
  return 0;
}

export const historyIndex = (s: SearchState, m: Move): number => {
  const to = m & 0xff;
  const piece = isDrop(m)
    ? ((m >> 8) & 0xff) | (s.pos.sideToMove << 4)
    : s.pos.board[(m >> 8) & 0xff]!;
  return piece * 130 + to;
};

/** Swap the best-scored move from `i` on into place `i` and return it. */
export function pickNext(s: SearchState, i: number, end: number): Move {
  const { moves, scores, values } = s;
  let best = i;
  for (let j = i + 1; j < end; j++) if (scores[j]! > scores[best]!) best = j;
  if (best !== i) {
    const m = moves[best]!;
    moves[best] = moves[i]!;
    moves[i] = m;
    const v = scores[best]!;
    scores[best] = scores[i]!;
    scores[i] = v;
    const w = values[best]!;
    values[best] = values[i]!;
    values[i] = w;
  }
  return moves[i]!;
}

/** A quiet move caused a cut-off: remember it as a killer and raise its history. */
export function rewardQuiet(s: SearchState, m: Move, ply: number, depth: number): void {
  if (s.options.killers && s.killers[ply * 2] !== m) {
    s.killers[ply * 2 + 1] = s.killers[ply * 2]!;
    s.killers[ply * 2] = m;
  }
  if (s.options.history) {
    const i = historyIndex(s, m);
    s.history[i]! += depth * depth;
    if (s.history[i]! > HISTORY_MAX)
      for (let j = 0; j < s.history.length; j++) s.history[j] = s.history[j]! >> 1;
  }
}

/** Forward pruning judges moves by seed 000's values, so they are computed beside the scores. */
export const needsMoveValues = (s: SearchState): boolean => s.options.forwardPruning !== 'off';

export const isQuiet = (board: Uint8Array, m: Move): boolean =>
  board[m & 0xff] === EMPTY && !isPromotion(m);
