/**
 * The position in one paragraph of words, for screen readers: a board drawn as 81 squares is
 * otherwise read one square at a time. Each side's pieces by kind (most valuable first) with
 * their squares, then its hand, then who is to move:
 * "Sente: king 5i, rook 2h, … pawn 1g 2g …; in hand: pawn ×2. Gote: …. Sente to move."
 * The words are the board's own (pieceName, makeSquareName, HAND_ORDER), so the paragraph agrees
 * with each square's name.
 */
import {
  Color,
  fileOf,
  Kind,
  makeSquareName,
  type Position,
  rankOf,
  SQUARES,
} from '../../engine/index';
import { HAND_ORDER, pieceName } from './board-model';

/** The kinds on the board in the order they are listed: each promoted kind before its base. */
const BOARD_ORDER = [
  Kind.King,
  Kind.Dragon,
  Kind.Rook,
  Kind.Horse,
  Kind.Bishop,
  Kind.Gold,
  Kind.ProSilver,
  Kind.Silver,
  Kind.ProKnight,
  Kind.Knight,
  Kind.ProLance,
  Kind.Lance,
  Kind.ProPawn,
  Kind.Pawn,
] as const;

const sideName = (color: number): string => (color === Color.Sente ? 'Sente' : 'Gote');

/** One side: its pieces on the board, then its hand. */
function describeSide(pos: Position, color: number): string {
  const squares = new Map<number, number[]>();
  for (const sq of SQUARES) {
    const piece = pos.board[sq]!;
    if (piece === 0 || piece >> 4 !== color) continue;
    const list = squares.get(piece & 15) ?? [];
    list.push(sq);
    squares.set(piece & 15, list);
  }
  const onBoard = BOARD_ORDER.filter((kind) => squares.has(kind)).map((kind) => {
    // File 1 to 9, then rank a to i within a file: the order the squares' names sort in.
    const names = squares
      .get(kind)!
      .sort((a, b) => fileOf(a) - fileOf(b) || rankOf(a) - rankOf(b))
      .map(makeSquareName);
    return `${pieceName(kind)} ${names.join(' ')}`;
  });
  const held = HAND_ORDER.filter((kind) => pos.hand[color * 8 + kind]! > 0).map((kind) => {
    const count = pos.hand[color * 8 + kind]!;
    return count > 1 ? `${pieceName(kind)} ×${count}` : pieceName(kind);
  });
  const board = onBoard.length > 0 ? onBoard.join(', ') : 'no pieces on the board';
  const hand = held.length > 0 ? held.join(', ') : 'nothing';
  return `${sideName(color)}: ${board}; in hand: ${hand}.`;
}

/** The whole position in words: sente's side, gote's side, and who is to move (and if in check). */
export function describePosition(pos: Position): string {
  const us = pos.sideToMove;
  // A problem position may have no king for one side; only a king on its square can be in check.
  const king = pos.board[pos.kingSquare[us]!];
  const checked = king === (Kind.King | (us << 4)) && pos.inCheck();
  const turn = `${sideName(us)} to move${checked ? ', in check' : ''}.`;
  return `${describeSide(pos, Color.Sente)} ${describeSide(pos, Color.Gote)} ${turn}`;
}
