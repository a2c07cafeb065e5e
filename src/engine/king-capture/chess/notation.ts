/** Moves as text: UCI at the boundary ('e7e8q'), SAN for people ('exd8=Q+'). */
import { EMPTY, Kind, kindOf, pieceLetter } from './piece';
import {
  type ChessMove,
  MAX_CHESS_MOVES,
  MOVE_CASTLE,
  MOVE_EN_PASSANT,
  moveFrom,
  movePromotion,
  moveTo,
} from './move';
import type { ChessBoard } from './board';
import { fileOf, rankOf, squareName } from './square';

/** UCI promotion letters by kind (Knight 2 … Queen 5). */
const PROMOTION_LETTERS = ['', '', 'n', 'b', 'r', 'q'];

/** UCI: from and to squares and a lower-case promotion letter; castling is the king's move. */
export function makeUci(m: ChessMove): string {
  const promotion = movePromotion(m);
  return squareName(moveFrom(m)) + squareName(moveTo(m)) + PROMOTION_LETTERS[promotion]!;
}

/**
 * The move of `pos` a UCI string names. Any pseudo-legal move parses, so every move a
 * king-capture search plays can be written and read back; throws an Error naming the move and
 * what is wrong with it otherwise.
 */
export function parseUci(pos: ChessBoard, text: string): ChessMove {
  if (!/^[a-h][1-8][a-h][1-8][nbrq]?$/.test(text))
    throw new Error(
      `UCI move '${text.slice(0, 20)}': bad syntax, expected two squares and an optional ` +
        'promotion letter, like e2e4 or e7e8q',
    );
  const moves = new Uint32Array(MAX_CHESS_MOVES);
  const n = pos.pseudoLegalMoves(moves, 0);
  const names = Array.from(moves.subarray(0, n), makeUci);
  const found = names.indexOf(text);
  if (found >= 0) return moves[found]!;
  if (names.includes(text + 'q'))
    throw new Error(`UCI move '${text}': a pawn reaching the last rank needs a promotion letter`);
  throw new Error(`UCI move '${text}': not a move of this position (${pos.toFen()})`);
}

// #region chess-san
/** Standard algebraic notation, with `+` for check and `#` for mate (judged by legal moves). */
export function makeSan(pos: ChessBoard, m: ChessMove): string {
  const san = sanWithoutSuffix(pos, m);
  pos.doMove(m);
  const suffix = !pos.inCheck() ? '' : hasLegalMove(pos) ? '+' : '#';
  pos.undoMove(m);
  return san + suffix;
}

function sanWithoutSuffix(pos: ChessBoard, m: ChessMove): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  if (m & MOVE_CASTLE) return to > from ? 'O-O' : 'O-O-O';
  const kind = kindOf(pos.board[from]!);
  const capture = pos.board[to] !== EMPTY || (m & MOVE_EN_PASSANT) !== 0;
  const promotion = movePromotion(m);
  if (kind === Kind.Pawn)
    return (
      (capture ? squareName(from)[0] + 'x' : '') +
      squareName(to) +
      (promotion ? '=' + pieceLetter(promotion) : '')
    );
  return pieceLetter(kind) + disambiguation(pos, m) + (capture ? 'x' : '') + squareName(to);
}

/**
 * What tells the move apart from the legal moves of other pieces of the same kind to the same
 * square: the from file if that is enough, else the from rank, else both.
 */
function disambiguation(pos: ChessBoard, m: ChessMove): string {
  const from = moveFrom(m);
  const moves = new Uint32Array(MAX_CHESS_MOVES);
  const n = pos.legalMoves(moves, 0);
  let rivals = false;
  let sameFile = false;
  let sameRank = false;
  for (const other of moves.subarray(0, n)) {
    const otherFrom = moveFrom(other);
    if (moveTo(other) !== moveTo(m) || otherFrom === from) continue;
    if (pos.board[otherFrom] !== pos.board[from]) continue;
    rivals = true;
    sameFile ||= fileOf(otherFrom) === fileOf(from);
    sameRank ||= rankOf(otherFrom) === rankOf(from);
  }
  const name = squareName(from);
  if (!rivals) return '';
  if (!sameFile) return name[0]!;
  if (!sameRank) return name[1]!;
  return name;
}
// #endregion

function hasLegalMove(pos: ChessBoard): boolean {
  return pos.legalMoves(new Uint32Array(MAX_CHESS_MOVES), 0) > 0;
}
