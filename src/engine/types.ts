/**
 * The closed vocabulary of the engine: colours, piece kinds, pieces and packed moves.
 *
 * Everything here is a small integer so that boards, hands and move lists live in typed arrays.
 * The numbering follows YaneuraOu's: a promoted kind is the unpromoted kind + 8, and a piece is
 * its kind with the colour in bit 4.
 */

/** Side to move. Sente (先手, "b" in SFEN) moves first and sits at the bottom of the diagram. */
export const Color = { Sente: 0, Gote: 1 } as const;
export type Color = (typeof Color)[keyof typeof Color];

/** Piece kinds (駒の種類). Kinds 1..7 can be held in hand; 9..14 are the promoted kinds. */
export const Kind = {
  None: 0,
  Pawn: 1,
  Lance: 2,
  Knight: 3,
  Silver: 4,
  Bishop: 5,
  Rook: 6,
  Gold: 7,
  King: 8,
  ProPawn: 9,
  ProLance: 10,
  ProKnight: 11,
  ProSilver: 12,
  Horse: 13,
  Dragon: 14,
} as const;
export type Kind = number;

/** Added to an unpromoted kind to make its promoted kind (成り). */
export const PROMOTED = 8;
/** Bit 4 of a piece holds its colour. */
export const GOTE_BIT = 16;
/** The padding squares around the board (番兵): rays stop on them with no bounds check. */
export const WALL = 64;
export const EMPTY = 0;

/** The kinds that can be held in hand, in SFEN order of value (rook first). */
export const HAND_KINDS = [6, 5, 7, 4, 3, 2, 1] as const;
/** How many pieces of each kind exist in a set (index = kind). */
export const KIND_COUNT = [0, 18, 4, 4, 4, 2, 2, 4, 2] as const;

export const makePiece = (color: Color, kind: Kind): number => kind | (color << 4);
export const pieceKind = (piece: number): Kind => piece & 15;
export const pieceColor = (piece: number): Color => (piece >> 4) as Color;
/** The kind a piece reverts to when captured and held in hand. */
export const unpromoted = (kind: Kind): Kind => (kind > 8 ? kind - 8 : kind);
export const canPromoteKind = (kind: Kind): boolean => kind >= 1 && kind <= 6;
export const opposite = (color: Color): Color => (color ^ 1) as Color;

/**
 * A move packed in one integer:
 * bits 0–7 destination square, bits 8–15 origin square (for a drop: the dropped kind),
 * bit 16 promotion, bit 17 drop. Zero is "no move".
 */
export type Move = number;
export const MOVE_NONE = 0;
export const MOVE_PROMOTE = 1 << 16;
export const MOVE_DROP = 1 << 17;

export const makeMove = (from: number, to: number, promote: boolean): Move =>
  to | (from << 8) | (promote ? MOVE_PROMOTE : 0);
export const makeDrop = (kind: Kind, to: number): Move => to | (kind << 8) | MOVE_DROP;
export const moveTo = (m: Move): number => m & 0xff;
export const moveFrom = (m: Move): number => (m >> 8) & 0xff;
export const isDrop = (m: Move): boolean => (m & MOVE_DROP) !== 0;
export const isPromotion = (m: Move): boolean => (m & MOVE_PROMOTE) !== 0;
/** The kind a drop puts on the board. */
export const dropKind = (m: Move): Kind => (m >> 8) & 0xff;

/** A parse result: what a person typed either parses or names what is wrong with it. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(error: string): Result<T> => ({ ok: false, error });
