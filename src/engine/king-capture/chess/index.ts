/**
 * A compact chess module for chapter 8 (seed 004): how an engine that wins by capturing the king
 * must be taught stalemate. `ChessPosition` generates pseudo-legal moves for a king-capture
 * search and legal ones for everything else. Beside the shogi engine's `Result` type it
 * shares no code with it.
 */
export { ChessPosition, MAX_CHESS_PLY, parseFen, STARTING_FEN, type PlacedPiece } from './position';
export { FenError, makeFen, parseFenSetup, type FenSetup } from './fen';
export {
  type ChessMove,
  makeMove,
  MAX_CHESS_MOVES,
  MOVE_CASTLE,
  MOVE_DOUBLE_PUSH,
  MOVE_EN_PASSANT,
  MOVE_NONE,
  moveFrom,
  movePromotion,
  moveTo,
} from './move';
export {
  type Color,
  colorOf,
  EMPTY,
  Kind,
  kindOf,
  makePiece,
  PIECE_VALUE,
  pieceLetter,
} from './piece';
export { fileOf, parseSquare, rankOf, square, SQUARES, squareName } from './square';
export { CastlingRight } from './castling';
export { kingCanMoveNaive } from './movegen';
export { divide, perft } from './perft';
