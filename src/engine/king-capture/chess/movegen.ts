/**
 * Move generation: every move by piece movement (pseudo-legal, 疑似合法手), the legal filter on
 * top of it, and the king-step test that chapter 8's stalemate check starts from.
 */
import { isAttacked, KING_STEPS, PIECE_DIRECTIONS, SLIDES } from './attacks';
import { CASTLINGS } from './castling';
import { type Color, colorOf, EMPTY, Kind, kindOf } from './piece';
import {
  type ChessMove,
  makeMove,
  MAX_CHESS_MOVES,
  MOVE_CASTLE,
  MOVE_DOUBLE_PUSH,
  MOVE_EN_PASSANT,
  moveFrom,
} from './move';
import type { ChessBoard } from './board';
import { E, N, rankOf, S, SQUARES, W } from './square';

/** Promotions in the order they are generated. */
const PROMOTIONS = [Kind.Queen, Kind.Rook, Kind.Bishop, Kind.Knight] as const;
/** A pawn captures one step ahead and one to the side. */
const PAWN_CAPTURE_SIDES = [W, E] as const;

// #region chess-pseudo-legal
/**
 * Every move the side to move's pieces can make by how they move, written into `out` from
 * `start`; returns the new end. Moves that leave or put the own king in check are included, and
 * so are moves that capture the enemy king: a king-capture search finds out what is illegal by
 * taking the king on the next ply.
 *
 * Castling is the one rule checked here. The right must exist, the squares between king and rook
 * must be empty, and the king may not be in check, pass through an attacked square or land on
 * one. A king-capture search cannot catch "castled through check" by taking the king, because
 * after castling the king no longer stands on the square it crossed.
 */
export function generatePseudoLegal(pos: ChessBoard, out: Uint32Array, start: number): number {
  const { board } = pos;
  const us = pos.sideToMove;
  let n = start;
  for (const from of SQUARES) {
    const piece = board[from]!;
    if (piece === EMPTY || colorOf(piece) !== us) continue;
    const kind = kindOf(piece);
    n = kind === Kind.Pawn ? pawnMoves(pos, from, out, n) : pieceMoves(pos, from, kind, out, n);
  }
  return castlingMoves(pos, out, n);
}

/** A knight's, bishop's, rook's, queen's or king's steps and slides, up to a piece or the wall. */
function pieceMoves(
  pos: ChessBoard,
  from: number,
  kind: number,
  out: Uint32Array,
  n: number,
): number {
  const { board } = pos;
  const them = pos.sideToMove ^ 1;
  for (const d of PIECE_DIRECTIONS[kind]!) {
    for (let to = from + d; ; to += d) {
      const target = board[to]!;
      if (target === EMPTY) out[n++] = makeMove(from, to);
      else {
        if (colorOf(target) === them) out[n++] = makeMove(from, to);
        break;
      }
      if (!SLIDES[kind]) break;
    }
  }
  return n;
}

function pawnMoves(pos: ChessBoard, from: number, out: Uint32Array, n: number): number {
  const { board } = pos;
  const us = pos.sideToMove;
  const forward = us === 0 ? N : S;
  const ahead = from + forward;
  if (board[ahead] === EMPTY) {
    n = addPawnMove(from, ahead, out, n);
    const startRank = us === 0 ? 1 : 6;
    if (rankOf(from) === startRank && board[ahead + forward] === EMPTY)
      out[n++] = makeMove(from, ahead + forward, 0, MOVE_DOUBLE_PUSH);
  }
  for (const side of PAWN_CAPTURE_SIDES) {
    const to = ahead + side;
    const target = board[to]!;
    if (target !== EMPTY && colorOf(target) === (us ^ 1)) n = addPawnMove(from, to, out, n);
    else if (to === pos.epSquare) out[n++] = makeMove(from, to, 0, MOVE_EN_PASSANT);
  }
  return n;
}

/** A pawn move, or its four promotions when it reaches the last rank. */
function addPawnMove(from: number, to: number, out: Uint32Array, n: number): number {
  const rank = rankOf(to);
  if (rank !== 0 && rank !== 7) out[n++] = makeMove(from, to);
  else for (const kind of PROMOTIONS) out[n++] = makeMove(from, to, kind);
  return n;
}

function castlingMoves(pos: ChessBoard, out: Uint32Array, n: number): number {
  const { board } = pos;
  const us = pos.sideToMove;
  for (const c of CASTLINGS[us]!) {
    if (!(pos.castlingRights & c.right)) continue;
    if (anyOccupied(board, c.between) || anyAttacked(board, c.kingPath, (us ^ 1) as Color))
      continue;
    out[n++] = makeMove(c.kingFrom, c.kingTo, 0, MOVE_CASTLE);
  }
  return n;
}

function anyOccupied(board: Uint8Array, squares: readonly number[]): boolean {
  for (const sq of squares) if (board[sq] !== EMPTY) return true;
  return false;
}

function anyAttacked(board: Uint8Array, squares: readonly number[], by: Color): boolean {
  for (const sq of squares) if (isAttacked(board, sq, by)) return true;
  return false;
}
// #endregion

/** Does the move leave the mover's own king attacked? (Plays it and takes it back.) */
export function leavesKingAttacked(pos: ChessBoard, m: ChessMove): boolean {
  const us = pos.sideToMove;
  pos.doMove(m);
  const king = pos.kingSquare[us]!;
  const attacked = king !== 0 && isAttacked(pos.board, king, (us ^ 1) as Color);
  pos.undoMove(m);
  return attacked;
}

/** The pseudo-legal moves that do not leave the own king attacked; returns the new end. */
export function generateLegal(pos: ChessBoard, out: Uint32Array, start: number): number {
  const end = generatePseudoLegal(pos, out, start);
  let n = start;
  for (let i = start; i < end; i++) if (!leavesKingAttacked(pos, out[i]!)) out[n++] = out[i]!;
  return n;
}

/** Is there a legal en passant capture? (Decides whether FEN names the en passant square.) */
export function hasLegalEnPassant(pos: ChessBoard): boolean {
  if (!pos.epSquare) return false;
  const moves = new Uint32Array(MAX_CHESS_MOVES);
  const n = generateLegal(pos, moves, 0);
  return moves.subarray(0, n).some((m) => (m & MOVE_EN_PASSANT) !== 0);
}

// #region chess-king-can-move
/**
 * Can the side to move's king step (castling aside) to a square no enemy piece attacks? The
 * king is lifted off its square first: a rook checking along a rank still attacks the square
 * behind the king, which the king's own body would otherwise seem to shield.
 */
export function kingCanMove(pos: ChessBoard): boolean {
  const { board } = pos;
  const us = pos.sideToMove;
  const them = (us ^ 1) as Color;
  const from = pos.kingSquare[us]!;
  if (from === 0) return false;
  const king = board[from]!;
  board[from] = EMPTY;
  let canMove = false;
  for (const d of KING_STEPS) {
    const target = board[from + d]!;
    const open = target === EMPTY || colorOf(target) === them;
    if (open && !isAttacked(board, from + d, them)) {
      canMove = true;
      break;
    }
  }
  board[from] = king;
  return canMove;
}
// #endregion

/** `kingCanMove` the slow, obvious way: play each king step and see if the king is attacked. */
export function kingCanMoveNaive(pos: ChessBoard): boolean {
  const king = pos.kingSquare[pos.sideToMove]!;
  const moves = new Uint32Array(MAX_CHESS_MOVES);
  const n = generatePseudoLegal(pos, moves, 0);
  for (const m of moves.subarray(0, n))
    if (moveFrom(m) === king && !(m & MOVE_CASTLE) && !leavesKingAttacked(pos, m)) return true;
  return false;
}
