/**
 * Move ordering: the order in which α-β tries moves decides how much of the tree it can skip.
 * This module holds the scores (the options are declared in option-decls.ts); the move picker
 * (move-picker.ts) hands the moves out in that order, stage by stage.
 *
 * The standard order: the transposition table's move, then captures (most valuable victim first,
 * or by static exchange), then the killer moves of this ply, then the other moves by their history
 * score, drops after board moves, and captures that lose material last.
 */
import { seeMove } from '../eval/exchange';
import { CAPTURE_VALUE, PIECE_VALUE, PROMOTION_GAIN } from '../eval/material';
import { dropKind, EMPTY, isDrop, isPromotion, type Move, moveFrom, moveTo } from '../types';
import type { SearchData } from './search-data';

/** Score bands: every capture above every quiet move, bad captures below them all. */
export const TT_MOVE_SCORE = 1 << 30;
export const GOOD_CAPTURE = 1 << 24;
export const KILLER_SCORE = 1 << 22;
export const BAD_CAPTURE = -(1 << 24);
/** History scores stay within ±HISTORY_MAX (all halved when one would pass it). */
export const HISTORY_MAX = 1 << 20;

// #region capture-score
/**
 * A capture's (or promotion's) ordering score. MVV-LVA: the most valuable victim first, and of
 * two captures of the same victim, the one by the less valuable piece. SEE: what the exchange on
 * the square wins; a capture that loses material falls into the bad-capture band.
 */
export function captureScore(s: SearchData, m: Move): number {
  const board = s.pos.board;
  if (s.seeCaptures) {
    const see = seeMove(board, m, s.pos.sideToMove);
    return see >= 0 ? GOOD_CAPTURE + see : BAD_CAPTURE + see;
  }
  const attacker = board[moveFrom(m)]! & 15;
  const captured = board[moveTo(m)]!;
  const gain =
    (captured !== EMPTY ? CAPTURE_VALUE[captured & 15]! : 0) +
    (isPromotion(m) ? PROMOTION_GAIN[attacker]! : 0);
  return GOOD_CAPTURE + gain * 16 - (PIECE_VALUE[attacker]! >> 6);
}
// #endregion

/** History table index: the moving piece (a dropped one too) and its destination. */
export function historyIndex(s: SearchData, m: Move): number {
  const piece = isDrop(m) ? dropKind(m) | (s.pos.sideToMove << 4) : s.pos.board[moveFrom(m)]!;
  return piece * 130 + moveTo(m);
}

/** A quiet move's ordering score: its killer rank at this ply, else its history. */
export function quietScore(s: SearchData, m: Move, ply: number): number {
  if (s.options.killers) {
    if (m === s.killers[ply * 2]) return KILLER_SCORE;
    if (m === s.killers[ply * 2 + 1]) return KILLER_SCORE - 1;
  }
  return s.options.history ? s.history[historyIndex(s, m)]! : 0;
}

/** The standard order as one number, for lists scored all at once (evasions, rank pruning). */
export function standardScore(s: SearchData, m: Move, ply: number, ttMove: Move): number {
  if (m === ttMove) return TT_MOVE_SCORE;
  if (s.pos.board[moveTo(m)] !== EMPTY || isPromotion(m)) return captureScore(s, m);
  return quietScore(s, m, ply);
}

// #region reward-quiet
/** A quiet move caused a cut-off: remember it as a killer and raise its history. */
export function rewardQuiet(s: SearchData, m: Move, ply: number, depth: number): void {
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
// #endregion
