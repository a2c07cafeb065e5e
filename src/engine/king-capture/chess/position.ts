/**
 * A chess position for chapter 8: a mutable board with doMove / undoMove and a small per-ply
 * state stack (Stockfish's `StateInfo`), built for a king-capture search (玉を取って勝ちとする探索).
 *
 * Such a search plays pseudo-legal moves, including those that leave the own king attacked, and
 * ends a line by capturing the king. So the position stays whole after a king is taken: that side
 * simply has no king (`hasKing(color)` is false, `kingSquare[color]` is 0) until undoMove puts it
 * back, and every query below answers sensibly meanwhile.
 */
import { err, ok, type Result } from '../../types';
import { isAttacked } from './attacks';
import type { ChessBoard } from './board';
import { CASTLING_MASK, castlingByKingTo } from './castling';
import {
  type Color,
  colorOf,
  EMPTY,
  Kind,
  kindOf,
  makePiece,
  PIECE_VALUE,
  pieceLetter,
  WALL,
} from './piece';
import { FenError, makeFen, parseFenSetup } from './fen';
import {
  type ChessMove,
  MOVE_CASTLE,
  MOVE_DOUBLE_PUSH,
  MOVE_EN_PASSANT,
  moveFrom,
  movePromotion,
  moveTo,
} from './move';
import { generateLegal, generatePseudoLegal, hasLegalEnPassant, kingCanMove } from './movegen';
import { makeSan, makeUci, parseUci } from './notation';
import { perft } from './perft';
import { BOARD_SIZE, N, S, SQUARES, squareName } from './square';

export const STARTING_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** How many moves a position can hold on its stack: a long game plus a deep search. */
export const MAX_CHESS_PLY = 1024;

/** A piece on the board, for drawing it: `{ square: 'e1', piece: 'K' }` (FEN letters). */
export interface PlacedPiece {
  square: string;
  piece: string;
}

export class ChessPosition implements ChessBoard {
  /** Piece on each mailbox square: 0 empty, 16 wall, else kind | colour << 3. */
  readonly board = new Uint8Array(BOARD_SIZE).fill(WALL);
  /** King squares by colour; 0 (a wall square) once that side's king has been captured. */
  readonly kingSquare = new Uint8Array(2);
  sideToMove: Color = 0;
  /** Moves made since the position was set up: the current slot of the state stack. */
  ply = 0;
  // The state stack. Slot `ply` describes the current position; doMove fills slot `ply + 1` and
  // undoMove steps back to a slot it never touched.
  private readonly castlingStack = new Uint8Array(MAX_CHESS_PLY + 1);
  private readonly epStack = new Uint8Array(MAX_CHESS_PLY + 1);
  private readonly halfmoveStack = new Uint32Array(MAX_CHESS_PLY + 1);
  private readonly fullmoveStack = new Uint32Array(MAX_CHESS_PLY + 1);
  /** The piece the move into this slot captured (0 if none). */
  private readonly capturedStack = new Uint8Array(MAX_CHESS_PLY + 1);

  private constructor() {}

  /** Set up a position from FEN; throws a `FenError` that names the bad field. */
  static fromFen(fen: string): ChessPosition {
    const setup = parseFenSetup(fen);
    const pos = new ChessPosition();
    pos.board.set(setup.board);
    for (const sq of SQUARES) {
      const piece = pos.board[sq]!;
      if (kindOf(piece) === Kind.King) pos.kingSquare[colorOf(piece)] = sq;
    }
    pos.sideToMove = setup.sideToMove;
    pos.castlingStack[0] = setup.castlingRights;
    pos.epStack[0] = setup.epSquare;
    pos.halfmoveStack[0] = setup.halfmoveClock;
    pos.fullmoveStack[0] = setup.fullmoveNumber;
    return pos;
  }

  static startpos(): ChessPosition {
    return ChessPosition.fromFen(STARTING_FEN);
  }

  /** Castling rights as bits (`CastlingRight`). */
  get castlingRights(): number {
    return this.castlingStack[this.ply]!;
  }
  /** The square a pawn has just passed over on a double step, or 0. */
  get epSquare(): number {
    return this.epStack[this.ply]!;
  }
  get halfmoveClock(): number {
    return this.halfmoveStack[this.ply]!;
  }
  get fullmoveNumber(): number {
    return this.fullmoveStack[this.ply]!;
  }

  /**
   * The position as FEN. Like chessops and Stockfish, the en passant field names the square only
   * when an en passant capture is legal, so a FEN written that way reads back unchanged.
   */
  toFen(): string {
    return makeFen({
      board: this.board,
      sideToMove: this.sideToMove,
      castlingRights: this.castlingRights,
      epSquare: hasLegalEnPassant(this) ? this.epSquare : 0,
      halfmoveClock: this.halfmoveClock,
      fullmoveNumber: this.fullmoveNumber,
    });
  }

  /** The piece on a square: 0 empty, else kind | colour << 3 (`kindOf`, `colorOf`, `pieceLetter`). */
  pieceAt(sq: number): number {
    return this.board[sq]!;
  }

  /** Every piece on the board, a1 first, for drawing it. */
  pieces(): PlacedPiece[] {
    return SQUARES.filter((sq) => this.board[sq] !== EMPTY).map((sq) => ({
      square: squareName(sq),
      piece: pieceLetter(this.board[sq]!),
    }));
  }

  // #region chess-do-move
  /** Play a pseudo-legal move, a king capture included. */
  doMove(m: ChessMove): void {
    const { board } = this;
    const us = this.sideToMove;
    const from = moveFrom(m);
    const to = moveTo(m);
    const piece = board[from]!;
    const capturedAt = m & MOVE_EN_PASSANT ? to + (us === 0 ? S : N) : to;
    const captured = board[capturedAt]!;
    board[capturedAt] = EMPTY;
    board[from] = EMPTY;
    const promotion = movePromotion(m);
    board[to] = promotion ? makePiece(us, promotion as Kind) : piece;
    if (m & MOVE_CASTLE) {
      const c = castlingByKingTo(to);
      board[c.rookTo] = board[c.rookFrom]!;
      board[c.rookFrom] = EMPTY;
    }
    if (kindOf(piece) === Kind.King) this.kingSquare[us] = to;
    if (kindOf(captured) === Kind.King) this.kingSquare[us ^ 1] = 0;

    const prev = this.ply;
    const next = prev + 1;
    this.capturedStack[next] = captured;
    this.castlingStack[next] =
      this.castlingStack[prev]! & CASTLING_MASK[from]! & CASTLING_MASK[to]!;
    this.epStack[next] = m & MOVE_DOUBLE_PUSH ? (from + to) / 2 : 0;
    const reset = kindOf(piece) === Kind.Pawn || captured !== EMPTY;
    this.halfmoveStack[next] = reset ? 0 : this.halfmoveStack[prev]! + 1;
    this.fullmoveStack[next] = this.fullmoveStack[prev]! + us;
    this.ply = next;
    this.sideToMove = (us ^ 1) as Color;
  }

  /** Take back `m`, the last move played: board, kings and state return exactly. */
  undoMove(m: ChessMove): void {
    const { board } = this;
    const us = (this.sideToMove ^ 1) as Color;
    const from = moveFrom(m);
    const to = moveTo(m);
    const piece = movePromotion(m) ? makePiece(us, Kind.Pawn) : board[to]!;
    const captured = this.capturedStack[this.ply]!;
    board[from] = piece;
    board[to] = EMPTY;
    board[m & MOVE_EN_PASSANT ? to + (us === 0 ? S : N) : to] = captured;
    if (m & MOVE_CASTLE) {
      const c = castlingByKingTo(to);
      board[c.rookFrom] = board[c.rookTo]!;
      board[c.rookTo] = EMPTY;
    }
    if (kindOf(piece) === Kind.King) this.kingSquare[us] = from;
    if (kindOf(captured) === Kind.King) this.kingSquare[us ^ 1] = to;
    this.ply--;
    this.sideToMove = us;
  }
  // #endregion

  /** Pseudo-legal moves into `out` from `start`; returns the new end. See `generatePseudoLegal`. */
  pseudoLegalMoves(out: Uint32Array, start: number): number {
    return generatePseudoLegal(this, out, start);
  }

  /** The pseudo-legal moves that do not leave the own king attacked; returns the new end. */
  legalMoves(out: Uint32Array, start: number): number {
    return generateLegal(this, out, start);
  }

  /** Does the move land on the enemy king? */
  capturesKing(m: ChessMove): boolean {
    return kindOf(this.board[moveTo(m)]!) === Kind.King;
  }

  hasKing(color: Color): boolean {
    return this.kingSquare[color] !== 0;
  }

  isAttacked(sq: number, by: Color): boolean {
    return isAttacked(this.board, sq, by);
  }

  /** Is the side to move's king attacked? False when it has no king. */
  inCheck(): boolean {
    const king = this.kingSquare[this.sideToMove]!;
    return king !== 0 && isAttacked(this.board, king, (this.sideToMove ^ 1) as Color);
  }

  /** Can the side to move's king step (not castle) to a square that is not attacked? */
  kingCanMove(): boolean {
    return kingCanMove(this);
  }

  /** Material balance in centipawns from the side to move's point of view (kings count 0). */
  material(): number {
    let balance = 0;
    for (const sq of SQUARES) {
      const piece = this.board[sq]!;
      if (piece === EMPTY) continue;
      balance += (colorOf(piece) === this.sideToMove ? 1 : -1) * PIECE_VALUE[kindOf(piece)]!;
    }
    return balance;
  }

  /** 'e2e4', 'e7e8q', 'e1g1' (castling as the king's move). */
  moveToUci(m: ChessMove): string {
    return makeUci(m);
  }

  /** The pseudo-legal move a UCI string names; throws an Error saying why if there is none. */
  parseUci(text: string): ChessMove {
    return parseUci(this, text);
  }

  /** Standard algebraic notation: 'Nbd7', 'exd6', 'c8=B', 'O-O', 'Qb7#'. */
  moveToSan(m: ChessMove): string {
    return makeSan(this, m);
  }

  /** Leaf nodes of the legal move tree `depth` plies deep. */
  perft(depth: number): number {
    return perft(this, depth);
  }
}

/** `ChessPosition.fromFen` as a result, for text a person typed (the engine's parse convention). */
export function parseFen(fen: string): Result<ChessPosition> {
  try {
    return ok(ChessPosition.fromFen(fen));
  } catch (e) {
    if (e instanceof FenError) return err(e.message);
    throw e;
  }
}
