/**
 * The slow, obviously right twins of the fast rules: generate every pseudo-legal move, play it,
 * recount effects from scratch and keep it if the king is safe; for a pawn drop in front of the
 * enemy king, play it and ask whether the defender has any move at all. Tests compare the fast
 * generator and `isDropPawnMate` with these on random positions.
 */
import { attacks } from './attacks';
import { computeEffects } from './effect';
import type { Position } from './position';
import { BOARD_SIZE, isInPromotionZone, relativeRank, SQUARES, fileOf } from './square';
import { dropKind, EMPTY, isDrop, Kind, makeDrop, makeMove, type Move } from './types';

/** Its own copy of the dead-piece ranks, on purpose: a twin shares no rule data with what it checks. */
const FIRST_LIVE_RANK = [0, 2, 2, 3, 1, 1, 1, 1, 1];

function pseudoLegalMoves(pos: Position): Move[] {
  const us = pos.sideToMove;
  const moves: Move[] = [];
  for (const from of SQUARES) {
    const p = pos.board[from]!;
    if (p === EMPTY || p >> 4 !== us) continue;
    const kind = p & 15;
    for (const to of attacks(pos.board, p, from)) {
      const t = pos.board[to]!;
      if (t !== EMPTY && t >> 4 === us) continue;
      const canPromote =
        kind <= Kind.Rook && (isInPromotionZone(us, from) || isInPromotionZone(us, to));
      if (canPromote) moves.push(makeMove(from, to, true));
      if (kind > Kind.Rook || relativeRank(us, to) >= FIRST_LIVE_RANK[kind]!)
        moves.push(makeMove(from, to, false));
    }
  }
  for (let kind = Kind.Pawn; kind <= Kind.Gold; kind++) {
    if (pos.hand[us * 8 + kind] === 0) continue;
    for (const to of SQUARES) {
      if (pos.board[to] !== EMPTY || relativeRank(us, to) < FIRST_LIVE_RANK[kind]!) continue;
      if (
        kind === Kind.Pawn &&
        SQUARES.some((s) => pos.board[s] === (Kind.Pawn | (us << 4)) && fileOf(s) === fileOf(to))
      )
        continue;
      moves.push(makeDrop(kind, to));
    }
  }
  return moves;
}

/** Is `color`'s king attacked, counting effects from scratch? */
function kingAttackedNaive(pos: Position, color: number): boolean {
  const king = SQUARES.find((s) => pos.board[s] === (Kind.King | (color << 4)));
  if (king === undefined) return false;
  return computeEffects(pos.board)[(color ^ 1) * BOARD_SIZE + king]! > 0;
}

// #region drop-pawn-mate-naive
/** Legal moves by play-and-check; drop-pawn mate by playing the drop and looking for any reply. */
export function legalMovesNaive(pos: Position): Move[] {
  const us = pos.sideToMove;
  return pseudoLegalMoves(pos).filter((move) => {
    pos.doMove(move);
    let legal = !kingAttackedNaive(pos, us);
    if (legal && isDrop(move) && dropKind(move) === Kind.Pawn && kingAttackedNaive(pos, us ^ 1))
      legal = legalMovesNaive(pos).length > 0;
    pos.undoMove(move);
    return legal;
  });
}
// #endregion
