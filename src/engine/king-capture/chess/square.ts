/**
 * Chess squares on a 10×12 mailbox (sunfish's board).
 *
 * The 8×8 board fills columns 1..8 of rows 2..9; everything around it is wall. Rank 1 is row 2,
 * so a1 = 21, h1 = 28, a8 = 91, h8 = 98, and one step north (+10) is white's forward. Two wall
 * rows above and below stop knight jumps and one wall column on each side stops everything else,
 * so a ray walk or a step ends on a wall without a bounds check. Squares are these mailbox
 * indices everywhere in the chess module; 0 is a wall square and means "no square".
 */

export const BOARD_SIZE = 120;

/** Direction offsets: north is towards rank 8 (white's forward). */
export const N = 10;
export const S = -10;
export const E = 1;
export const W = -1;

/** The square of file 0..7 (a..h) and rank 0..7 (1..8). */
export const square = (file: number, rank: number): number => 21 + file + 10 * rank;
export const fileOf = (sq: number): number => (sq % 10) - 1;
export const rankOf = (sq: number): number => Math.floor(sq / 10) - 2;

/** The 64 board squares, a1, b1, …, h8. */
export const SQUARES: readonly number[] = Array.from({ length: 64 }, (_, i) =>
  square(i % 8, Math.floor(i / 8)),
);

export const isOnBoard = (sq: number): boolean =>
  Number.isInteger(sq) && sq >= 21 && sq <= 98 && sq % 10 >= 1 && sq % 10 <= 8;

const FILES = 'abcdefgh';

/** 'e4' for the square e4. */
export const squareName = (sq: number): string => `${FILES[fileOf(sq)]}${rankOf(sq) + 1}`;

/** The square named by 'e4'; -1 if the text names none. */
export const parseSquare = (text: string): number => {
  const file = FILES.indexOf(text[0] ?? '');
  const rank = (text[1] ?? '').charCodeAt(0) - 49;
  return text.length === 2 && file >= 0 && rank >= 0 && rank < 8 ? square(file, rank) : -1;
};
