/**
 * Pseudo-legal move generation, for a king-capture search (chapter 8): the other kind of
 * generator beside the legal one (movegen.ts).
 */
import { SLIDES, SLIDE_COUNT, STEPS, STEP_COUNT } from './attacks';
import type { Position } from './position';
import { SQUARES } from './square';
import { EMPTY } from './types';
import { generateDrops } from './movegen-drops';
import { GenMode, LANDABLE, pushPieceMove } from './movegen-shared';

// #region pseudo-legal
/**
 * Every move the side to move's pieces can make by their movement and the drop rules of 二歩 and
 * dead pieces, without asking whether it leaves the own king attacked, and with pawn drops that
 * mate: the moves of a king-capture search (seed 004), which finds out by trying — the king is
 * taken on the next ply. Promotion choices are as in `generateMoves`.
 */
export function generatePseudoLegalMoves(pos: Position, out: Uint32Array, start: number): number {
  const board = pos.board;
  const us = pos.sideToMove;
  let n = start;
  for (let si = 0; si < 81; si++) {
    const from = SQUARES[si]!;
    const p = board[from]!;
    if (p === EMPTY || p >> 4 !== us) continue;
    for (let i = 0, c = STEP_COUNT[p]!; i < c; i++) {
      const to = from + STEPS[p * 8 + i]!;
      const t = board[to]!;
      if (LANDABLE[us * 128 + t]) n = pushPieceMove(out, n, p, from, to, t, us, GenMode.All);
    }
    for (let i = 0, c = SLIDE_COUNT[p]!; i < c; i++) {
      const d = SLIDES[p * 4 + i]!;
      for (let to = from + d; ; to += d) {
        const t = board[to]!;
        if (!LANDABLE[us * 128 + t]) break;
        n = pushPieceMove(out, n, p, from, to, t, us, GenMode.All);
        if (t !== EMPTY) break;
      }
    }
  }
  return generateDrops(pos, out, n, false, false);
}
// #endregion
