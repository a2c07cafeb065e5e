/**
 * Drops (駒打ち), Step 5 of generateMoves (movegen.ts): a piece from the hand onto an empty
 * square, within the three drop rules. The king-capture search's generator (movegen-pseudo.ts)
 * drops with the same rules but one.
 */
import { isDropPawnMate } from './drop-pawn-mate';
import type { Position } from './position';
import { BITS_PER_WORD, BOARD_SIZE, FIRST_LIVE_RANK, FULL_WORD, fileOf, SQUARES } from './square';
import { Kind, MOVE_DROP } from './types';
import { evasionWords, RELATIVE_RANK } from './movegen-shared';

// #region drops
/**
 * Drops onto empty squares, with the three drop rules: no 二歩, no dead piece, and, when
 * `noDropPawnMate`, no 打ち歩詰め (a king-capture search leaves that one to its search).
 */
export function generateDrops(
  pos: Position,
  out: Uint32Array,
  start: number,
  inCheck: boolean,
  noDropPawnMate: boolean,
): number {
  const us = pos.sideToMove;
  const hand = pos.hand;
  const kinds = dropKinds;
  let kindCount = 0;
  for (let k = Kind.Pawn; k <= Kind.Gold; k++) if (hand[us * 8 + k]! > 0) kinds[kindCount++] = k;
  if (kindCount === 0) return start;
  const pawnFiles = pos.pawnFiles[us]!;
  const enemyKing = pos.kingSquare[us ^ 1]!;
  const forward = us === 0 ? -10 : 10;
  let n = start;
  // The empty squares in reading order: neither side's bit set; in check, only those between
  // the checker and the king.
  for (let w = 0; w < 3; w++) {
    let empty = ~(pos.occupied[w]! | pos.occupied[3 + w]!) & FULL_WORD;
    if (inCheck) empty &= evasionWords[w]!;
    for (let bits = empty; bits !== 0; bits &= bits - 1) {
      const to = SQUARES[w * BITS_PER_WORD + 31 - Math.clz32(bits & -bits)]!;
      const rank = RELATIVE_RANK[us * BOARD_SIZE + to]!;
      for (let i = 0; i < kindCount; i++) {
        const kind = kinds[i]!;
        if (rank < FIRST_LIVE_RANK[kind]!) continue;
        if (kind === Kind.Pawn) {
          if (pawnFiles & (1 << (fileOf(to) - 1))) continue;
          if (noDropPawnMate && to + forward === enemyKing && isDropPawnMate(pos, to)) continue;
        }
        out[n++] = to | (kind << 8) | MOVE_DROP;
      }
    }
  }
  return n;
}
// #endregion
/** The kinds in hand, for one drop generation (a typed array: nothing allocated per call). */
const dropKinds = new Uint8Array(8);
