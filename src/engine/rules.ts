/**
 * The rules that are more than piece movement: mate, 二歩 and dead pieces for drops (the move
 * generator applies them; here they are spelled out for explanations), 千日手 and the
 * entering-king declaration.
 */
import { isDropPawnMate } from './drop-pawn-mate';
import { hasLegalMove, legalMoves } from './movegen';
import type { Position } from './position';
import { FIRST_LIVE_RANK, fileOf, isInPromotionZone, relativeRank, SQUARES } from './square';
import { Color, EMPTY, Kind, makeDrop, type Move } from './types';

/** Mate (詰み): in check with no legal move. (Shogi has no stalemate draw: no move at all loses too.) */
export const isMate = (pos: Position): boolean => pos.inCheck() && !hasLegalMove(pos);

/** 二歩: would a pawn of `color` dropped on `file` stand on a file that already has one of its unpromoted pawns? */
export const isDoublePawn = (pos: Position, color: Color, file: number): boolean =>
  (pos.pawnFiles[color]! & (1 << (file - 1))) !== 0;

export const IllegalDropReason = {
  DoublePawn: 'double-pawn',
  DeadPiece: 'dead-piece',
  DropPawnMate: 'drop-pawn-mate',
} as const;
export type IllegalDropReason = (typeof IllegalDropReason)[keyof typeof IllegalDropReason];

/**
 * The drops onto empty squares that the rules forbid, each with its reason (for the chapter's
 * move list). Drops that fail only because of a check to answer are not listed.
 */
export function illegalDrops(pos: Position): { move: Move; reason: IllegalDropReason }[] {
  const us = pos.sideToMove;
  const out: { move: Move; reason: IllegalDropReason }[] = [];
  const forward = us === 0 ? -10 : 10;
  for (let kind = Kind.Pawn; kind <= Kind.Gold; kind++) {
    if (pos.hand[us * 8 + kind] === 0) continue;
    for (const to of SQUARES) {
      if (pos.board[to] !== EMPTY) continue;
      const move = makeDrop(kind, to);
      if (relativeRank(us, to) < FIRST_LIVE_RANK[kind]!)
        out.push({ move, reason: IllegalDropReason.DeadPiece });
      else if (kind === Kind.Pawn && isDoublePawn(pos, us, fileOf(to)))
        out.push({ move, reason: IllegalDropReason.DoublePawn });
      else if (
        kind === Kind.Pawn &&
        to + forward === pos.kingSquare[us ^ 1] &&
        !pos.inCheck() &&
        isDropPawnMate(pos, to)
      )
        out.push({ move, reason: IllegalDropReason.DropPawnMate });
    }
  }
  return out;
}

/** Has the side to move a move that gives check? A mate problem (詰将棋) needs one to start. */
export function hasCheckingMove(pos: Position): boolean {
  for (const move of legalMoves(pos)) {
    pos.doMove(move);
    const check = pos.inCheck();
    pos.undoMove(move);
    if (check) return true;
  }
  return false;
}

// #region repetition
/** What a repeated position means for the side to move. */
export const Repetition = { None: 0, Draw: 1, Win: 2, Loss: 3 } as const;
export type Repetition = (typeof Repetition)[keyof typeof Repetition];

/**
 * 千日手: the same position (board, hands and side to move) for the fourth time is a draw, unless
 * one side gave check with every one of its moves since the first time, in which case that side
 * loses. `occurrences` lowers the count for searches, which treat the first repetition as final,
 * and `maxPlies` bounds how far back they look. Only positions reached by moves count: the scan
 * stops at the set-up position and at a null move (a search's pass), so a position before a pass
 * is never taken for a repetition.
 */
export function repetition(pos: Position, occurrences = 4, maxPlies = Infinity): Repetition {
  const ply = pos.ply;
  const last = ply - Math.min(pos.pliesFromNullStack[ply]!, maxPlies);
  let seen = 1;
  let first = -1;
  for (let i = ply - 4; i >= last; i -= 2) {
    if (pos.keyLoStack[i] === pos.keyLo && pos.keyHiStack[i] === pos.keyHi) {
      seen++;
      first = i;
      if (seen >= occurrences) break;
    }
  }
  if (seen < occurrences) return Repetition.None;
  // checkStack[k] = 1 when the side to move at ply k was in check, i.e. the move into ply k checked.
  let moverChecked = true; // the side that just moved (not to move now)
  let otherChecked = true;
  for (let k = ply; k > first; k--) {
    if ((ply - k) % 2 === 0) moverChecked &&= pos.checkStack[k] === 1;
    else otherChecked &&= pos.checkStack[k] === 1;
  }
  if (moverChecked) return Repetition.Win;
  if (otherChecked) return Repetition.Loss;
  return Repetition.Draw;
}

/**
 * Might the position after a move (its key from `pos.keyAfter`) repeat one within `maxPlies`?
 * The scan `repetition` makes at that position, without playing the move: true whenever it would
 * find an earlier occurrence, whatever the rules then make of it.
 */
export function repeatsAfterMove(pos: Position, maxPlies: number): boolean {
  const ply = pos.ply + 1;
  const last = ply - Math.min(pos.pliesFromNullStack[pos.ply]! + 1, maxPlies);
  for (let i = ply - 4; i >= last; i -= 2)
    if (pos.keyLoStack[i] === pos.nextKeyLo && pos.keyHiStack[i] === pos.nextKeyHi) return true;
  return false;
}
// #endregion

// #region declaration
/** Points per kind for the declaration rule: rooks and bishops (promoted or not) 5, the rest 1. */
const DECLARATION_POINTS = [0, 1, 1, 1, 1, 5, 5, 1, 0, 1, 1, 1, 1, 5, 5];
/** CSA's 27-point rule: sente needs 28 points, gote 27 (gote moves second). */
export const DECLARATION_POINTS_NEEDED = [28, 27] as const;

/**
 * 入玉宣言 (entering-king declaration, CSA rule): the side to move wins by declaring when its
 * king stands in the enemy camp and is not in check, at least ten of its other pieces stand
 * there too, and those pieces plus its pieces in hand are worth enough points.
 */
export function canDeclareWin(pos: Position): boolean {
  const us = pos.sideToMove;
  const king = pos.kingSquare[us]!;
  if (king === 0 || !isInPromotionZone(us, king) || pos.inCheck()) return false;
  let pieces = 0;
  let points = 0;
  for (const sq of SQUARES) {
    const p = pos.board[sq]!;
    if (p === EMPTY || p >> 4 !== us || (p & 15) === Kind.King || !isInPromotionZone(us, sq))
      continue;
    pieces++;
    points += DECLARATION_POINTS[p & 15]!;
  }
  for (let k = Kind.Pawn; k <= Kind.Gold; k++)
    points += pos.hand[us * 8 + k]! * DECLARATION_POINTS[k]!;
  return pieces >= 10 && points >= DECLARATION_POINTS_NEEDED[us];
}
// #endregion
