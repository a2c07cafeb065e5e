/**
 * Squares on a padded mailbox (番兵付きの盤).
 *
 * The 9×9 board sits inside a 10-wide, 13-tall array drawn from sente's side: row 2 is rank a
 * (gote's back rank), row 10 is rank i; column 1 is file 9 (left), column 9 is file 1 (right).
 * Column 0 is a wall shared by both edges (stepping right from file 1 lands on the next row's
 * column 0), and two wall rows above and below stop knight jumps. So every ray walk and every
 * knight or king step ends on a wall without a bounds check, as in sunfish's 10×12 board.
 */

export const BOARD_WIDTH = 10;
export const BOARD_SIZE = 130;

/** Direction offsets, seen from sente: north is towards rank a (sente's forward). */
export const N = -10;
export const S = 10;
export const E = 1; // towards file 1
export const W = -1; // towards file 9
export const NE = N + E;
export const NW = N + W;
export const SE = S + E;
export const SW = S + W;

/** Padded square of file 1..9 and rank 1..9 (rank 1 = "a", gote's back rank). */
export const square = (file: number, rank: number): number =>
  (rank + 1) * BOARD_WIDTH + (10 - file);
export const fileOf = (sq: number): number => 10 - (sq % BOARD_WIDTH);
export const rankOf = (sq: number): number => Math.floor(sq / BOARD_WIDTH) - 1;

/** The 81 board squares in reading order (rank a first, file 9 first within a rank). */
export const SQUARES: readonly number[] = (() => {
  const out: number[] = [];
  for (let rank = 1; rank <= 9; rank++)
    for (let file = 9; file >= 1; file--) out.push(square(file, rank));
  return out;
})();

/** Dense index 0..80 (reading order) of a padded square, for tables and the UI; -1 off board. */
export const SQ81 = (() => {
  const t = new Int8Array(BOARD_SIZE).fill(-1);
  SQUARES.forEach((sq, i) => (t[sq] = i));
  return t;
})();

/**
 * Occupancy bitsets (Position.occupied): the 81 squares as three words of 27 bits, dense square i
 * at bit i % 27 of word ⌊i / 27⌋, so walking a word's bits from the lowest meets the squares in
 * reading order, the order of SQUARES. `SQUARE_WORD[sq]` and `SQUARE_BIT[sq]` place a padded
 * square (off the board: word 0, no bit).
 */
export const BITS_PER_WORD = 27;
export const FULL_WORD = (1 << BITS_PER_WORD) - 1;
export const SQUARE_WORD = Uint8Array.from({ length: BOARD_SIZE }, (_, sq) =>
  SQ81[sq]! < 0 ? 0 : Math.floor(SQ81[sq]! / BITS_PER_WORD),
);
export const SQUARE_BIT = Int32Array.from({ length: BOARD_SIZE }, (_, sq) =>
  SQ81[sq]! < 0 ? 0 : 1 << (SQ81[sq]! % BITS_PER_WORD),
);

export const isOnBoard = (sq: number): boolean => sq >= 0 && sq < BOARD_SIZE && SQ81[sq]! >= 0;

/** `RELATIVE_RANKS[color * BOARD_SIZE + sq]`: the rank as `color` sees it (0 off the board). */
const RELATIVE_RANKS = Uint8Array.from({ length: 2 * BOARD_SIZE }, (_, i) => {
  const sq = i % BOARD_SIZE;
  const rank = Math.floor(sq / BOARD_WIDTH) - 1;
  if (rank < 1 || rank > 9 || sq % BOARD_WIDTH === 0) return 0;
  return i < BOARD_SIZE ? rank : 10 - rank;
});

/** Rank as seen by `color`: 1 is that side's far rank (where pieces promote last and die). */
export const relativeRank = (color: number, sq: number): number =>
  RELATIVE_RANKS[color * BOARD_SIZE + sq]!;

/**
 * The lowest relative rank each kind may stand on (index = kind): a pawn or lance on the far rank,
 * or a knight on the two far ranks, could never move again (行き所のない駒, a dead piece), so it
 * may not be dropped there and must promote when it moves there.
 */
export const FIRST_LIVE_RANK = new Uint8Array([0, 2, 2, 3, 1, 1, 1, 1, 1]);

/** The three far ranks are the promotion zone (敵陣). */
export const isInPromotionZone = (color: number, sq: number): boolean =>
  RELATIVE_RANKS[color * BOARD_SIZE + sq]! - 1 < 3;

const RANK_LETTERS = 'abcdefghi';

/** USI square name: file digit then rank letter, "7g". */
export const makeSquareName = (sq: number): string =>
  `${fileOf(sq)}${RANK_LETTERS[rankOf(sq) - 1]}`;

/** Parse "7g"; -1 if it is not a square. */
export const parseSquareName = (text: string): number => {
  if (text.length !== 2) return -1;
  const file = text.charCodeAt(0) - 48;
  const rank = RANK_LETTERS.indexOf(text[1]!) + 1;
  if (file < 1 || file > 9 || rank < 1) return -1;
  return square(file, rank);
};
