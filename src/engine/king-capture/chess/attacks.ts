/** Piece geometry on the mailbox, and `isAttacked`: does any piece of one side hit a square. */
import { type Color, EMPTY, Kind, makePiece } from './piece';
import { E, N, S, W } from './square';

export const ROOK_DIRECTIONS: readonly number[] = [N, S, E, W];
export const BISHOP_DIRECTIONS: readonly number[] = [N + E, N + W, S + E, S + W];
export const KING_STEPS: readonly number[] = [...ROOK_DIRECTIONS, ...BISHOP_DIRECTIONS];
export const KNIGHT_STEPS: readonly number[] = [
  2 * N + E,
  2 * N + W,
  2 * S + E,
  2 * S + W,
  2 * E + N,
  2 * E + S,
  2 * W + N,
  2 * W + S,
];

/** Each kind's step or slide directions (pawns are handled apart), and whether it slides. */
export const PIECE_DIRECTIONS: readonly (readonly number[])[] = [
  [],
  [],
  KNIGHT_STEPS,
  BISHOP_DIRECTIONS,
  ROOK_DIRECTIONS,
  KING_STEPS,
  KING_STEPS,
];
export const SLIDES: readonly boolean[] = [false, false, false, true, true, true, false];

/** Does a piece of colour `by` attack `sq`? Looks outwards from `sq` for each kind of attacker. */
export function isAttacked(board: Uint8Array, sq: number, by: Color): boolean {
  const pawn = makePiece(by, Kind.Pawn);
  const behind = by === 0 ? S : N; // a white pawn attacks from one rank below
  if (board[sq + behind + E] === pawn || board[sq + behind + W] === pawn) return true;
  const knight = makePiece(by, Kind.Knight);
  for (const d of KNIGHT_STEPS) if (board[sq + d] === knight) return true;
  const king = makePiece(by, Kind.King);
  for (const d of KING_STEPS) if (board[sq + d] === king) return true;
  const queen = makePiece(by, Kind.Queen);
  return (
    slidesTo(board, sq, BISHOP_DIRECTIONS, makePiece(by, Kind.Bishop), queen) ||
    slidesTo(board, sq, ROOK_DIRECTIONS, makePiece(by, Kind.Rook), queen)
  );
}

/** Is the first piece along any of `directions` from `sq` one of the two sliders? */
function slidesTo(
  board: Uint8Array,
  sq: number,
  directions: readonly number[],
  slider: number,
  queen: number,
): boolean {
  for (const d of directions) {
    let to = sq + d;
    while (board[to] === EMPTY) to += d;
    if (board[to] === slider || board[to] === queen) return true;
  }
  return false;
}
