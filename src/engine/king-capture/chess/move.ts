/**
 * A chess move packed in one unsigned 32-bit number, so move lists are `Uint32Array`s.
 *
 * | bits  | field                                                   |
 * | ----- | ------------------------------------------------------- |
 * | 0–6   | from square (mailbox index, 21..98)                     |
 * | 7–13  | to square                                               |
 * | 14–16 | promotion kind (0 none, else Knight 2 … Queen 5)        |
 * | 17    | en passant capture (the captured pawn is beside `to`)   |
 * | 18    | castling (the king's two-square move; the rook follows) |
 * | 19    | double pawn push (leaves an en passant square)          |
 *
 * The captured piece is not in the move: doMove keeps it on the state stack.
 */
export type ChessMove = number;

export const MOVE_NONE = 0;
export const MOVE_EN_PASSANT = 1 << 17;
export const MOVE_CASTLE = 1 << 18;
export const MOVE_DOUBLE_PUSH = 1 << 19;

/**
 * Room for one position's moves: the most known in a legal position is 218 (Chess Programming
 * Wiki, "Chess Position"), and Stockfish's move lists use the same bound of 256.
 */
export const MAX_CHESS_MOVES = 256;

export const makeMove = (from: number, to: number, promotion = 0, flags = 0): ChessMove =>
  from | (to << 7) | (promotion << 14) | flags;
export const moveFrom = (m: ChessMove): number => m & 0x7f;
export const moveTo = (m: ChessMove): number => (m >> 7) & 0x7f;
export const movePromotion = (m: ChessMove): number => (m >> 14) & 7;
