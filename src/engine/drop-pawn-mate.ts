/**
 * 打ち歩詰め (uchifuzume): a pawn drop that gives mate is illegal, while a pawn *move* that mates
 * is fine. So the move generator must answer "would this pawn drop be mate?" for every pawn drop
 * straight in front of the enemy king.
 */
import {
  DIRECTIONS,
  DIRECTION_TO,
  REACHES_ALONG,
  SLIDES_ALONG,
  STEPS,
  STEP_COUNT,
} from './attacks';
import type { Position } from './position';
import { BOARD_SIZE } from './square';
import { EMPTY, Kind, MOVE_DROP, WALL } from './types';

// #region drop-pawn-mate
/**
 * Would the side to move mate by dropping a pawn on `to` (the square in front of the enemy king)?
 * The pawn checks from an adjacent square, so the defender cannot block: it can only take the
 * pawn (with the king when no attacker guards it, or with an unpinned piece) or step away.
 */
export function isDropPawnMate(pos: Position, to: number): boolean {
  const us = pos.sideToMove;
  // Quick exit: an unguarded pawn is simply taken by the king.
  if (pos.effectCount(us, to) === 0) return false;
  const drop = to | (Kind.Pawn << 8) | MOVE_DROP;
  pos.doMove(drop);
  const mate = !kingCanStepAway(pos) && !canCaptureWithoutKing(pos, to);
  pos.undoMove(drop);
  return mate;
}

/** After the drop: has the checked king a square to go to? Only the pawn gives check, and it slides nowhere. */
function kingCanStepAway(pos: Position): boolean {
  const board = pos.board;
  const them = pos.sideToMove;
  const king = pos.kingSquare[them]!;
  const kp = board[king]!;
  for (let i = 0, n = STEP_COUNT[kp]!; i < n; i++) {
    const s = king + STEPS[kp * 8 + i]!;
    const t = board[s]!;
    if (t === WALL || (t !== EMPTY && t >> 4 === them)) continue;
    if (pos.effectCount((them ^ 1) as 0 | 1, s) === 0) return true;
  }
  return false;
}

/** After the drop: can a piece other than the king take the pawn without exposing its king? */
function canCaptureWithoutKing(pos: Position, to: number): boolean {
  const board = pos.board;
  const them = pos.sideToMove;
  for (let i = 0; i < 8; i++) {
    const d = DIRECTIONS[i]!;
    let s = to + d;
    while (board[s] === EMPTY) s += d;
    const p = board[s]!;
    if (p === WALL || p >> 4 !== them || (p & 15) === Kind.King) continue;
    if (!REACHES_ALONG[p * 32 - d + 16] || (s !== to + d && !SLIDES_ALONG[p * 32 - d + 16]))
      continue;
    if (!isPinned(pos, s)) return true;
  }
  const knight = Kind.Knight | (them << 4);
  for (let i = 0; i < 2; i++) {
    const s = to - STEPS[knight * 8 + i]!;
    if (board[s] === knight && !isPinned(pos, s)) return true;
  }
  return false;
}

/** Is the piece on `sq` pinned to its own king by an enemy slide? */
function isPinned(pos: Position, sq: number): boolean {
  const board = pos.board;
  const color = board[sq]! >> 4;
  const king = pos.kingSquare[color]!;
  const d = DIRECTION_TO[king * BOARD_SIZE + sq]!;
  if (d === 0) return false;
  for (let s = king + d; s !== sq; s += d) if (board[s] !== EMPTY) return false;
  let s = sq + d;
  while (board[s] === EMPTY) s += d;
  const p = board[s]!;
  return p !== WALL && p >> 4 !== color && SLIDES_ALONG[p * 32 - d + 16] === 1;
}
// #endregion
