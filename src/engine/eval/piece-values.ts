/**
 * The piece values the material evaluation counts, and the material balance from scratch. A leaf
 * module: the position keeps its balance move by move with these tables (position.ts), and the
 * evaluators read them (material.ts, the effect evaluations, exchange values).
 */
import { SQUARES } from '../square';
import { Kind } from '../types';

/** What the balance reads of a position: its padded board and its hands. */
export interface Pieces {
  readonly board: Uint8Array;
  readonly hand: Uint8Array;
}

// #region material
/**
 * Piece values in centipawn-like units, indexed by kind: the material table YaneuraOu's
 * `evaluate.h` keeps and labels as Apery's, from WCSC26 (PawnValue = 90 … DragonValue = 1395).
 * The king's value only has to exceed everything else combined.
 */
// prettier-ignore
export const PIECE_VALUE: readonly number[] = [
  0,
  90, 315, 405, 495, 855, 990, 540, // pawn lance knight silver bishop rook gold
  15000,                            // king
  540, 540, 540, 540, 945, 1395,    // promoted pawn lance knight silver, horse, dragon
];

/** A piece in hand is worth what it is worth on the board, unpromoted. */
export const HAND_VALUE: readonly number[] = PIECE_VALUE.slice(0, 8);

/**
 * What capturing a piece of this kind gains in material: the piece leaves the opponent's board
 * and joins our hand, so it counts twice (YaneuraOu's `CapturePieceValue`).
 */
export const CAPTURE_VALUE: readonly number[] = PIECE_VALUE.map((v, kind) =>
  kind === 0 || kind === Kind.King ? v : v + HAND_VALUE[kind > 8 ? kind - 8 : kind]!,
);

/** What promoting a piece of this kind gains. */
export const PROMOTION_GAIN: readonly number[] = PIECE_VALUE.map((v, kind) =>
  kind >= 1 && kind <= 6 ? PIECE_VALUE[kind + 8]! - v : 0,
);

/**
 * Material balance from scratch: sente's pieces on the board and in hand minus gote's, kings not
 * counted. The position keeps the same sum move by move (`pos.material`); this is its twin.
 */
export function computeMaterial(pos: Pieces): number {
  let score = 0;
  for (let i = 0; i < 81; i++) {
    const p = pos.board[SQUARES[i]!]!;
    if (p === 0 || (p & 15) === Kind.King) continue;
    score += p & 16 ? -PIECE_VALUE[p & 15]! : PIECE_VALUE[p & 15]!;
  }
  for (let k = Kind.Pawn; k <= Kind.Gold; k++)
    score += (pos.hand[k]! - pos.hand[8 + k]!) * HAND_VALUE[k]!;
  return score;
}
// #endregion
