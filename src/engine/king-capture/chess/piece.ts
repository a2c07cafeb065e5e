/** Chess pieces: a kind in the low three bits and the colour above them. */

/** 0 = white, 1 = black (FEN `w` / `b`). */
export type Color = 0 | 1;

export const Kind = {
  Pawn: 1,
  Knight: 2,
  Bishop: 3,
  Rook: 4,
  Queen: 5,
  King: 6,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export const EMPTY = 0;
/** Off the board. Its "colour" (16 >> 3 = 2) is neither side's, so a walk stops on it. */
export const WALL = 16;

export const makePiece = (color: Color, kind: Kind): number => kind | (color << 3);
export const kindOf = (piece: number): number => piece & 7;
/** 0 white, 1 black, 2 for the wall; meaningless for an empty square. */
export const colorOf = (piece: number): number => piece >> 3;

/**
 * Material values by kind, in centipawns: the common textbook values with the bishop a little
 * above the knight (Chess Programming Wiki, "Simplified Evaluation Function"). A king is 0: it is
 * never traded, and a king-capture search scores its loss apart from material.
 */
export const PIECE_VALUE: readonly number[] = [0, 100, 320, 330, 500, 900, 0];

const LETTERS = ' PNBRQK';

/** FEN letter of a piece: upper case for white, 'P', 'n', … */
export const pieceLetter = (piece: number): string => {
  const letter = LETTERS[kindOf(piece)]!;
  return colorOf(piece) === 0 ? letter : letter.toLowerCase();
};

/** The piece a FEN letter names; 0 if it names none. */
export const parsePieceLetter = (letter: string): number => {
  const kind = LETTERS.indexOf(letter.toUpperCase());
  if (letter.length !== 1 || kind < 1) return 0;
  return makePiece(letter === letter.toUpperCase() ? 0 : 1, kind as Kind);
};
