/**
 * The engine's effect table (seed 003's KKPEE9 structure with tuned parameters, params.ts) and the
 * evaluation it gives: material, plus for each of the 81 squares one entry looked up by the two
 * kings, the square, both sides' capped effect counts and the piece on it, the sum divided by
 * FV_SCALE.
 *
 * The seed's table is `KKPEE[kb][kw][sq][m1][m2][pc]`, 306 MB. Each of its entries is a sum of
 * parts that depend on fewer things, so we keep the parts, as effect-eval.ts's factored form does
 * for the seed's own constants, and add them up at evaluation time:
 *
 * | part    | indexed by          | holds                                            | size    |
 * | ------- | ------------------- | ------------------------------------------------ | ------- |
 * | `eff`   | [king][sq][a][b]    | the effects on the square, seen from one king    | 117 KB  |
 * | `place` | [king][sq][piece]   | where a piece stands from one king, its square   | 420 KB  |
 * | `piece` | [piece][m1][m2]     | a piece with the two sides' effects on it        | 0.6 KB  |
 *
 * A square's entry is `eff` and `place` from sente's king, less the same from gote's king with
 * the board turned round (square, counts and the piece's colour swapped), plus `piece`: five
 * lookups in tables that, for the two kings of a position, take 13 KB and stay in the processor's
 * fastest cache. Each part is stored ×FV_SCALE and truncated to int16 on its own, where the seed
 * truncates its whole entry once, so a square may differ from the seed's entry by a few 1/32.
 *
 * Three forms, one value: `tableScoreDirect` adds up the parameters square by square with no
 * table (the readable twin); `tableScore` looks the parts up; `TableEvaluator` (incremental.ts) keeps
 * the sum up to date move by move inside the search. The tests hold the three to each other.
 */
import type { Position } from '../../../position';
import { BOARD_SIZE, SQ81, SQUARES } from '../../../square';
import { COUNTS, effectPart, FV_SCALE, piecePart, placePart, PIECE_SLOTS } from './params';

/** `CAP[count]`: the seed's N = 2, so 0, 1, 2 or more. */
const CAP = Uint8Array.from({ length: 256 }, (_, m) => Math.min(m, COUNTS - 1));
/** `FLIP[pc]`: the piece seen from the other side (its colour bit swapped; none stays none). */
const FLIP = Uint8Array.from({ length: PIECE_SLOTS }, (_, p) => (p === 0 ? 0 : p ^ 16));
/** The two counts as one index: a × 3 + b. */
const PAIRS = COUNTS * COUNTS;

/** The table's three parts, ×FV_SCALE. */
export interface EffectTable {
  /** [king][sq][a × 3 + b]: our effects a and theirs b on the square, seen from our king. */
  eff: Int16Array;
  /** [king][sq][piece]: the piece (ours 1–14, theirs 17–30) where it stands, from our king. */
  place: Int16Array;
  /** [piece][m1 × 3 + m2]: the piece with sente's m1 and gote's m2 effects on it (sente's view). */
  piece: Int16Array;
}

const scaled = (v: number): number => {
  const x = Math.trunc(v * FV_SCALE);
  if (x < -32768 || x > 32767) throw new RangeError(`effect table part ${v} does not fit int16`);
  return x;
};

// #region build-table
/** The three parts of a parameter vector, each ×FV_SCALE and truncated to int16. */
export function buildTable(params: Float64Array): EffectTable {
  const eff = new Int16Array(81 * 81 * PAIRS);
  const place = new Int16Array(81 * 81 * PIECE_SLOTS);
  const piece = new Int16Array(PIECE_SLOTS * PAIRS);
  for (let k = 0; k < 81; k++)
    for (let s = 0; s < 81; s++) {
      for (let ab = 0; ab < PAIRS; ab++)
        eff[(k * 81 + s) * PAIRS + ab] = scaled(
          effectPart(params, k, s, Math.floor(ab / 3), ab % 3),
        );
      for (let p = 0; p < PIECE_SLOTS; p++)
        place[(k * 81 + s) * PIECE_SLOTS + p] = scaled(placePart(params, k, s, p));
    }
  for (let p = 0; p < PIECE_SLOTS; p++)
    for (let ab = 0; ab < PAIRS; ab++)
      piece[p * PAIRS + ab] = scaled(piecePart(params, p, Math.floor(ab / 3), ab % 3));
  return { eff, place, piece };
}
// #endregion

// #region table-score
/**
 * One square's entry (×FV_SCALE, sente's view): dense square i, sente's and gote's capped counts
 * m1 and m2, piece pc, the kings on dense squares kb and kw.
 */
export function squareEntry(
  t: EffectTable,
  kb: number,
  kw: number,
  i: number,
  m1: number,
  m2: number,
  pc: number,
): number {
  const b = kb * 81 + i;
  const w = (80 - kw) * 81 + 80 - i;
  return (
    t.eff[b * PAIRS + m1 * 3 + m2]! +
    t.place[b * PIECE_SLOTS + pc]! -
    t.eff[w * PAIRS + m2 * 3 + m1]! -
    t.place[w * PIECE_SLOTS + FLIP[pc]!]! +
    t.piece[pc * PAIRS + m1 * 3 + m2]!
  );
}

/**
 * The sum of the 81 squares' entries (×FV_SCALE, sente's view) for a board, the effect counts in
 * the block at `base` and the kings on dense squares `kb`, `kw`.
 */
function squaresSum(
  t: EffectTable,
  board: Uint8Array,
  effects: Uint8Array,
  base: number,
  kb: number,
  kw: number,
): number {
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = CAP[effects[base + sq]!]!;
    const m2 = CAP[effects[base + BOARD_SIZE + sq]!]!;
    sum += squareEntry(t, kb, kw, i, m1, m2, board[sq]!);
  }
  return sum;
}

/** Material plus the squares' sum divided by FV_SCALE (truncating, as C++ `/` does). */
const finish = (pos: Position, sum: number): number => pos.material + Math.trunc(sum / FV_SCALE);

/** The evaluation for sente, from scratch: material and the 81 squares looked up. */
export function tableScore(pos: Position, t: EffectTable): number {
  const kb = SQ81[pos.kingSquare[0]!]!;
  const kw = SQ81[pos.kingSquare[1]!]!;
  if (kb < 0 || kw < 0) return pos.material;
  return finish(pos, squaresSum(t, pos.board, pos.effects, pos.effectBase, kb, kw));
}
// #endregion

/**
 * The same value with no table: every square's parts added up from the parameters, each
 * truncated ×FV_SCALE as the table stores it. The readable twin the table is tested against.
 */
export function tableScoreDirect(pos: Position, params: Float64Array): number {
  const kb = SQ81[pos.kingSquare[0]!]!;
  const kw = SQ81[pos.kingSquare[1]!]!;
  const part = (v: number): number => Math.trunc(v * FV_SCALE);
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = Math.min(pos.effectCount(0, sq), COUNTS - 1);
    const m2 = Math.min(pos.effectCount(1, sq), COUNTS - 1);
    const pc = pos.board[sq]!;
    const flipped = pc === 0 ? 0 : pc ^ 16;
    sum +=
      part(effectPart(params, kb, i, m1, m2)) +
      part(placePart(params, kb, i, pc)) -
      part(effectPart(params, 80 - kw, 80 - i, m2, m1)) -
      part(placePart(params, 80 - kw, 80 - i, flipped)) +
      part(piecePart(params, pc, m1, m2));
  }
  return finish(pos, sum);
}
