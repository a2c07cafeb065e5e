/**
 * What the move generators share (movegen.ts for legal moves, movegen-drops.ts, movegen-pseudo.ts):
 * the modes and the list size, the tables of ranks, landing squares and promotion reach, the
 * squares a move may go to out of a single check, and `pushPieceMove`, which writes a board move
 * with its promotion choices.
 */
import { BITS_PER_WORD, BOARD_SIZE, FIRST_LIVE_RANK, relativeRank, SQUARES } from './square';
import { EMPTY, Kind, MOVE_PROMOTE } from './types';

/**
 * Which legal moves to generate. CapturesAndPromotions and Quiets split All in two; Quiets splits
 * again into QuietBoardMoves and Drops; Quiescence is the part of CapturesAndPromotions that
 * quiescence search reads.
 */
export const GenMode = {
  All: 0,
  /** Captures (promoting or not) and promotions that capture nothing. */
  CapturesAndPromotions: 1,
  /** Everything else: board moves that neither capture nor promote, and drops. */
  Quiets: 2,
  QuietBoardMoves: 3,
  Drops: 4,
  /**
   * What quiescence search reads, a part of CapturesAndPromotions: every capture, but a pawn,
   * bishop or rook that can promote by capturing only with the promotion (declining it is never
   * better), and of the promotions that capture nothing only the pawns'. The moves come in the
   * order CapturesAndPromotions gives them, the others left out (`isPointlessInQuiescence` in
   * search/move-picker.ts is the filter this mode is tested against).
   */
  Quiescence: 5,
} as const;
export type GenMode = (typeof GenMode)[keyof typeof GenMode];

/** More than the most legal moves any shogi position has (593). */
export const MAX_MOVES = 600;

/** `RELATIVE_RANK[color * BOARD_SIZE + sq]`: 1 = that side's far rank. */
export const RELATIVE_RANK = new Uint8Array(2 * BOARD_SIZE);
for (const sq of SQUARES) {
  RELATIVE_RANK[sq] = relativeRank(0, sq);
  RELATIVE_RANK[BOARD_SIZE + sq] = relativeRank(1, sq);
}

/** `LANDABLE[color * 128 + target]`: 1 when a piece of `color` may move onto `target` (empty or enemy). */
export const LANDABLE = new Uint8Array(256);
for (let c = 0; c < 2; c++) {
  LANDABLE[c * 128 + EMPTY] = 1;
  for (let kind = 1; kind <= 14; kind++) LANDABLE[c * 128 + (kind | ((c ^ 1) << 4))] = 1;
}

/** Kinds that gain by promoting and lose nothing by it (pawn, bishop, rook), by kind. */
export const ALWAYS_PROMOTES = new Uint8Array([0, 1, 0, 0, 0, 1, 1]);

/**
 * The farthest relative rank from which each kind can step into the promotion zone (rank 3): a
 * pawn, silver or gold-less step piece from rank 4, a knight from rank 5; sliders from anywhere.
 */
export const MAX_RANK_TO_PROMOTE = new Uint8Array([0, 4, 9, 5, 4, 9, 9]);

/**
 * `PAWN_PROMOTION_REACH[color * 3 + word]`: the squares from which a pawn of that colour can
 * promote by its next move (its relative ranks 1 to 4), as occupancy words; words 6 to 8 hold
 * every square (no limit).
 */
export const PAWN_PROMOTION_REACH = (() => {
  const reach = new Int32Array(9);
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const w = Math.floor(i / BITS_PER_WORD);
    const bit = 1 << (i % BITS_PER_WORD);
    for (let c = 0; c < 2; c++)
      if (relativeRank(c, sq) <= MAX_RANK_TO_PROMOTE[Kind.Pawn]!) reach[c * 3 + w]! |= bit;
    reach[6 + w]! |= bit;
  }
  return reach;
})();

/**
 * In single check, the squares a move other than the king's may go to: the checker's and those
 * between it and the king. Marked by generateMoves (Step 2) and cleared when it returns; the
 * drops (movegen-drops.ts) read it too.
 */
export const evasionTarget = new Uint8Array(BOARD_SIZE);
/**
 * The same squares as occupancy words (square.ts's layout), so that the drops and the pieces that
 * might answer the check are walked in reading order over those squares alone.
 */
export const evasionWords = new Int32Array(3);

// #region promotion
/** Emit a board move with its promotion choices: optional in and out of the zone, forced where the piece would be dead. */
export function pushPieceMove(
  out: Uint32Array,
  n: number,
  piece: number,
  from: number,
  to: number,
  target: number,
  us: number,
  mode: GenMode,
): number {
  const kind = piece & 15;
  const move = to | (from << 8);
  const isCapture = target !== EMPTY;
  const quietsOnly = mode === GenMode.Quiets || mode === GenMode.QuietBoardMoves;
  if (kind <= Kind.Rook) {
    const rankTo = RELATIVE_RANK[us * BOARD_SIZE + to]!;
    if (rankTo <= 3 || RELATIVE_RANK[us * BOARD_SIZE + from]! <= 3) {
      if (!quietsOnly) out[n++] = move | MOVE_PROMOTE;
      if (rankTo < FIRST_LIVE_RANK[kind]!) return n;
      // Quiescence: a pawn, bishop or rook never does better by declining the promotion.
      if (mode === GenMode.Quiescence && ALWAYS_PROMOTES[kind]) return n;
    }
  }
  if (mode === GenMode.All || quietsOnly !== isCapture) out[n++] = move;
  return n;
}
// #endregion
