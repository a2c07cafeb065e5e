/**
 * Castling: the rights as four bits, the squares each castling uses, and the mask that takes
 * rights away when a king or rook leaves its home square or a piece lands on it.
 */
import { square } from './square';

export const CastlingRight = {
  WhiteKingside: 1,
  WhiteQueenside: 2,
  BlackKingside: 4,
  BlackQueenside: 8,
} as const;

export interface Castling {
  right: number;
  /** The FEN letter of the right: K, Q, k or q. */
  letter: string;
  kingFrom: number;
  kingTo: number;
  rookFrom: number;
  rookTo: number;
  /** Squares that must be empty. */
  between: readonly number[];
  /** Squares the king stands on, crosses or lands on: none may be attacked. */
  kingPath: readonly number[];
}

const castling = (right: number, letter: string, rank: number, kingside: boolean): Castling => {
  const at = (file: number) => square(file, rank);
  return kingside
    ? {
        right,
        letter,
        kingFrom: at(4),
        kingTo: at(6),
        rookFrom: at(7),
        rookTo: at(5),
        between: [at(5), at(6)],
        kingPath: [at(4), at(5), at(6)],
      }
    : {
        right,
        letter,
        kingFrom: at(4),
        kingTo: at(2),
        rookFrom: at(0),
        rookTo: at(3),
        between: [at(1), at(2), at(3)],
        kingPath: [at(4), at(3), at(2)],
      };
};

/** The two castlings of each colour, kingside first (FEN order: K Q k q). */
export const CASTLINGS: readonly (readonly Castling[])[] = [
  [
    castling(CastlingRight.WhiteKingside, 'K', 0, true),
    castling(CastlingRight.WhiteQueenside, 'Q', 0, false),
  ],
  [
    castling(CastlingRight.BlackKingside, 'k', 7, true),
    castling(CastlingRight.BlackQueenside, 'q', 7, false),
  ],
];

const BY_KING_TO: readonly (Castling | undefined)[] = (() => {
  const table = new Array<Castling | undefined>(120);
  for (const c of CASTLINGS.flat()) table[c.kingTo] = c;
  return table;
})();

/** The castling a castling move makes, found by the king's target square (g1, c1, g8, c8). */
export const castlingByKingTo = (to: number): Castling => BY_KING_TO[to]!;

/** Rights kept when a move starts or ends on each square: `rights &= MASK[from] & MASK[to]`. */
export const CASTLING_MASK = (() => {
  const mask = new Uint8Array(120).fill(15);
  for (const c of CASTLINGS.flat()) {
    mask[c.kingFrom]! &= ~c.right;
    mask[c.rookFrom]! &= ~c.right;
  }
  return mask;
})();
