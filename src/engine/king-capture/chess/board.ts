/**
 * What move generation, notation and perft read of a chess position: the board and the state a
 * move depends on, and the moves' make and unmake. `ChessPosition` (position.ts) is the one
 * implementation; the interface keeps those modules from importing the class that imports them.
 */
import type { ChessMove } from './move';
import type { Color } from './piece';

export interface ChessBoard {
  /** Piece on each mailbox square: 0 empty, 16 wall, else kind | colour << 3. */
  readonly board: Uint8Array;
  /** King squares by colour; 0 once that side's king has been captured. */
  readonly kingSquare: Uint8Array;
  readonly sideToMove: Color;
  /** The castling rights still held, as bits. */
  readonly castlingRights: number;
  /** The square a pawn has just passed over on a double step, or 0. */
  readonly epSquare: number;
  doMove(m: ChessMove): void;
  undoMove(m: ChessMove): void;
  /** Writes the pseudo-legal moves from `start` on; returns the index past the last. */
  pseudoLegalMoves(out: Uint32Array, start: number): number;
  /** Writes the legal moves from `start` on; returns the index past the last. */
  legalMoves(out: Uint32Array, start: number): number;
  inCheck(): boolean;
  toFen(): string;
}
