/**
 * Seed 003's effect evaluation (利きの価値): material, plus for every square a value for each
 * side's effects on it that falls with the square's distance to each king, minus a tenth of the
 * value of every piece on the board. Three forms give the same numbers:
 *
 * - the formula, computed square by square from the two kings, the counts and the constants
 *   (`effectSquareValue`), the readable twin;
 * - the seed's precomputed table, `effect_table[kingB][kingW][sq][m1][m2]` (int16: 81·81·81·11·11
 *   entries, 128 MB uncapped) or KKPEE9 with the piece on the square (`buildFullTable`), which only
 *   Node can afford;
 * - the factored form: each entry of the big table is a sum of four terms of two small per-king
 *   tables (`[king][sq][m]`), so summing those four at evaluation time gives the same values from a
 *   few hundred kilobytes (`EffectTables`). This is what runs in a reader's tab.
 *
 * Squares are the dense 0..80 of square.ts (reading order). The seed's `Inv(sq)`, the square seen
 * from the other side, is 80 − sq in that order as in YaneuraOu's; its `dist` is the Chebyshev
 * distance, the larger of the file and rank differences.
 *
 * Where the seed computes in integers it truncates (C++ `/` on ints, and `int(...)` of a double),
 * and so do we (Math.trunc); where it computes in doubles (KKPEE9's per-king terms), so do we, in
 * the same order, so the doubles are bit for bit the seed's.
 *
 * The options that set the constants, and the evaluators the search plays with, are in
 * evaluators.ts.
 */
import type { Position } from '../../position';
import { BOARD_SIZE, fileOf, rankOf, SQ81, SQUARES } from '../../square';
import { Kind } from '../../types';
import { PIECE_VALUE } from '../material';

/** The most effects one side can have on one square: eight neighbours and two knights. */
export const MAX_EFFECTS = 10;

/** A table's constants: the two distance weights, the multi-effect decay, the count cap N. */
export interface EffectParams {
  /** Weight of the side's own effects near its king: value(d) = ours·1024/(d + 1). */
  ours: number;
  /** Weight of the opponent's effects near the king. */
  theirs: number;
  /** The multi-effect curve: 6365 − decay^(m−1)·5341 (1/1024 units) for m effects. */
  decay: number;
  /** Counts at or above N count as N (N = 10: uncapped). */
  cap: number;
  /** KKPEE9's form: per-king terms in doubles, the piece on the square in the table. */
  kkpee: boolean;
  /** Table entries are stored ×FV_SCALE and the sum divided by it (KKPEE9 only). */
  fvScale: number;
  /**
   * The ideas at the end of the seed. 将棋ベーシック's: a flat bonus for every piece its own side
   * defends (it gave 1 point with a pawn at 100); and the seed's hypothesis: a share of the piece's
   * value when its side defends it, and a share off when the opponent attacks it.
   */
  defendedBonus: number;
  defendedShare: number;
  attackedShare: number;
}

/** The seed's first table: 85 and 98, every count kept (N = 10), integer terms. */
export const FIRST_TABLE: EffectParams = {
  ours: 85,
  theirs: 98,
  decay: 0.8525,
  cap: MAX_EFFECTS,
  kkpee: false,
  fvScale: 1,
  defendedBonus: 0,
  defendedShare: 0,
  attackedShare: 0,
};

/** KKPEE9: 83 and 92, counts capped at 2, the piece on the square, FV_SCALE 32. */
export const KKPEE9: EffectParams = {
  ours: 83,
  theirs: 92,
  decay: 0.8525,
  cap: 2,
  kkpee: true,
  fvScale: 32,
  defendedBonus: 0,
  defendedShare: 0,
  attackedShare: 0,
};

/**
 * The optimiser's multi-effect factors the seed quotes (×1024, m = 0 … 10), which its formula
 * 6365 − 0.8525^(m−1)·5341 approximates.
 */
export const OPTIMISER_MULTI_EFFECT = [
  0, 1024, 1800, 2300, 2900, 3500, 3900, 4300, 4650, 5000, 5300,
] as const;

// #region effect-curves
/** The value of one effect at Chebyshev distance d from the king (d = 0 … 8), ×1024. */
export const distanceValue = (weight: number, d: number): number =>
  Math.trunc((weight * 1024) / (d + 1));

/** How many times one effect's value m effects are worth, ×1024: `int(6365 − decay^(m−1)·5341)`. */
export const multiEffectValue = (m: number, decay: number): number =>
  m === 0 ? 0 : Math.trunc(6365 - Math.pow(decay, m - 1) * 5341);
// #endregion

/** The seed's `Inv(sq)`: the same square seen from the other side of the board. */
export const invSquare = (sq81: number): number => 80 - sq81;

const FILE81 = Uint8Array.from(SQUARES, fileOf);
const RANK81 = Uint8Array.from(SQUARES, rankOf);

/** The seed's `dist`: the larger of the file and rank differences. */
export const squareDistance = (a: number, b: number): number =>
  Math.max(Math.abs(FILE81[a]! - FILE81[b]!), Math.abs(RANK81[a]! - RANK81[b]!));

/**
 * One piece's reduction on the board: `PieceValue[pc] * 104 / 1024` in C++ ints, with gote's
 * values negative as in YaneuraOu, so gote's pieces add what sente's subtract. Kings included: the
 * two kings' terms cancel in every position.
 */
export function boardPieceTerm(piece: number): number {
  const v = PIECE_VALUE[piece & 15] ?? 0;
  return Math.trunc(((piece & 16 ? -v : v) * 104) / 1024);
}

// #region defended-pieces
/**
 * The defended-piece ideas for one piece (sente's view: gote's count against sente): `own` and
 * `enemy` are the effect counts of the piece's side and of the opponent on its square. Kings are
 * left out: a king is never taken, so defending it or attacking it is not this term's business.
 */
export function defendedTerm(piece: number, own: number, enemy: number, p: EffectParams): number {
  if (piece === 0 || (piece & 15) === Kind.King) return 0;
  const value = PIECE_VALUE[piece & 15] ?? 0;
  let v = 0;
  if (own > 0) v += p.defendedBonus + Math.trunc(value * p.defendedShare);
  if (enemy > 0) v -= Math.trunc(value * p.attackedShare);
  return piece & 16 ? -v : v;
}
// #endregion

/**
 * What a piece adds to sente's score where it stands, with m1 sente's and m2 gote's effects on
 * its square: its defended-piece terms, less its tenth.
 */
export function pieceTerms(piece: number, m1: number, m2: number, p: EffectParams): number {
  if (piece === 0) return 0;
  const own = piece & 16 ? m2 : m1;
  const enemy = piece & 16 ? m1 : m2;
  return defendedTerm(piece, own, enemy, p) - boardPieceTerm(piece);
}

// #region factored-tables
/**
 * The two per-king tables of a parameter set, `[king][sq][m]` for m = 0 … N: the value of m of the
 * king's side's effects (`our`) and of the opponent's (`their`) on `sq`, as the seed's init computes
 * them (ints truncated for the first table, doubles for KKPEE9). Every entry of the seed's big table
 * is four of these added up: see `combine`.
 */
export class EffectTables {
  readonly params: EffectParams;
  readonly counts: number;
  readonly our: Float64Array;
  readonly their: Float64Array;
  /** `CAP[m]` = min(m, N), for m = 0 … 10. */
  readonly capOf: Uint8Array;

  constructor(params: EffectParams) {
    this.params = params;
    this.counts = params.cap + 1;
    this.our = new Float64Array(81 * 81 * this.counts);
    this.their = new Float64Array(81 * 81 * this.counts);
    this.capOf = Uint8Array.from({ length: MAX_EFFECTS + 1 }, (_, m) => Math.min(m, params.cap));
    for (let king = 0; king < 81; king++)
      for (let sq = 0; sq < 81; sq++)
        for (let m = 0; m < this.counts; m++) {
          const d = squareDistance(sq, king);
          const multi = multiEffectValue(m, params.decay);
          const our = multi * distanceValue(params.ours, d);
          const their = multi * distanceValue(params.theirs, d);
          const at = (king * 81 + sq) * this.counts + m;
          this.our[at] = params.kkpee ? our / (1024 * 1024) : Math.trunc(our / (1024 * 1024));
          this.their[at] = params.kkpee ? their / (1024 * 1024) : Math.trunc(their / (1024 * 1024));
        }
  }

  /**
   * One entry of the seed's big table: sente's king on `kb`, gote's on `kw`, square `sq` with
   * capped counts m1 (sente) and m2 (gote) and `piece` on it (KKPEE9; 0 for none), in the order the
   * seed adds the terms. For the first table the integer sum; for KKPEE9 the double, scaled by
   * FV_SCALE and truncated to an integer as the seed's `int16_t(…)` does.
   */
  combine(kb: number, kw: number, sq: number, m1: number, m2: number, piece: number): number {
    const c = this.counts;
    const ikw = invSquare(kw);
    const isq = invSquare(sq);
    let score = 0;
    score += this.our[(kb * 81 + sq) * c + m1]!;
    score -= this.their[(kb * 81 + sq) * c + m2]!;
    score -= this.our[(ikw * 81 + isq) * c + m2]!;
    score += this.their[(ikw * 81 + isq) * c + m1]!;
    if (!this.params.kkpee) return score;
    if ((piece & 15) !== Kind.King) score += pieceTerms(piece, m1, m2, this.params);
    return Math.trunc(score * this.params.fvScale);
  }
}
// #endregion

/**
 * One square's part of the evaluation: its table entry and, for the first table (whose entries
 * know no piece), the piece's terms.
 */
export function squareValue(
  t: EffectTables,
  kb: number,
  kw: number,
  i: number,
  m1: number,
  m2: number,
  piece: number,
): number {
  const entry = t.combine(kb, kw, i, m1, m2, piece);
  return t.params.kkpee ? entry : entry + pieceTerms(piece, m1, m2, t.params);
}

/** The material, plus the squares' sum (for KKPEE9 divided by FV_SCALE once it is complete). */
const total = (pos: Position, p: EffectParams, sum: number): number =>
  pos.material + (p.kkpee ? Math.trunc(sum / p.fvScale) : sum);

// #region evaluate-factored
/**
 * The effect evaluation from the factored tables, for sente: material, plus each square's entry
 * (four small-table terms), minus the board pieces' tenth. For KKPEE9 the sum of the 81 entries is
 * divided by FV_SCALE (truncating, as C++ `/` does) after it is complete.
 */
export function effectScore(pos: Position, t: EffectTables): number {
  const base = pos.effectBase;
  const effects = pos.effects;
  const kb = SQ81[pos.kingSquare[0]!]!;
  const kw = SQ81[pos.kingSquare[1]!]!;
  const cap = t.capOf;
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = cap[effects[base + sq]!]!;
    const m2 = cap[effects[base + BOARD_SIZE + sq]!]!;
    sum += squareValue(t, kb, kw, i, m1, m2, pos.board[sq]!);
  }
  return total(pos, t.params, sum);
}
// #endregion

/**
 * The same value straight from the seed's formula, square by square, with no table: the readable
 * twin the tables are tested against. It recomputes every term from the constants.
 */
export function effectScoreDirect(pos: Position, p: EffectParams): number {
  const kb = SQ81[pos.kingSquare[0]!]!;
  const kw = SQ81[pos.kingSquare[1]!]!;
  const term = (weight: number, king: number, sq: number, m: number): number => {
    const product = multiEffectValue(m, p.decay) * distanceValue(weight, squareDistance(sq, king));
    return p.kkpee ? product / (1024 * 1024) : Math.trunc(product / (1024 * 1024));
  };
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = Math.min(pos.effectCount(0, sq), p.cap);
    const m2 = Math.min(pos.effectCount(1, sq), p.cap);
    const piece = pos.board[sq]!;
    let score = 0;
    score += term(p.ours, kb, i, m1);
    score -= term(p.theirs, kb, i, m2);
    score -= term(p.ours, invSquare(kw), invSquare(i), m2);
    score += term(p.theirs, invSquare(kw), invSquare(i), m1);
    if (p.kkpee) {
      if ((piece & 15) !== Kind.King) score += pieceTerms(piece, m1, m2, p);
      sum += Math.trunc(score * p.fvScale);
    } else sum += score + pieceTerms(piece, m1, m2, p);
  }
  return total(pos, p, sum);
}

/** Piece codes a KKPEE table has a slot for (YaneuraOu's 32, some unused). */
export const PIECE_SLOTS = 32;

/** Entries of the seed's big table for a parameter set. */
export const fullTableEntries = (p: EffectParams): number =>
  81 * 81 * 81 * (p.cap + 1) * (p.cap + 1) * (p.kkpee ? PIECE_SLOTS : 1);

// #region full-table
/**
 * The seed's precomputed table itself: every combination of the two kings, the square, both capped
 * counts (and for KKPEE9 the piece), as int16. 128 MB for the first table uncapped, 306 MB for
 * KKPEE9: for Node, not for a browser tab. Built from the factored terms, entry by entry.
 */
export function buildFullTable(t: EffectTables): Int16Array {
  const p = t.params;
  const c = t.counts;
  const slots = p.kkpee ? PIECE_SLOTS : 1;
  const table = new Int16Array(fullTableEntries(p));
  let at = 0;
  for (let kb = 0; kb < 81; kb++)
    for (let kw = 0; kw < 81; kw++)
      for (let sq = 0; sq < 81; sq++)
        for (let m1 = 0; m1 < c; m1++)
          for (let m2 = 0; m2 < c; m2++)
            for (let piece = 0; piece < slots; piece++) {
              const v = t.combine(kb, kw, sq, m1, m2, piece);
              if (v < -32768 || v > 32767) throw new RangeError(`entry ${v} does not fit int16`);
              table[at++] = v;
            }
  return table;
}

/** The evaluation by looking the 81 squares up in the big table (the seed's compute_eval). */
export function effectScoreFull(pos: Position, t: EffectTables, table: Int16Array): number {
  const p = t.params;
  const c = t.counts;
  const base = pos.effectBase;
  const kb = SQ81[pos.kingSquare[0]!]!;
  const kw = SQ81[pos.kingSquare[1]!]!;
  const cap = t.capOf;
  const row = (kb * 81 + kw) * 81;
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = cap[pos.effects[base + sq]!]!;
    const m2 = cap[pos.effects[base + BOARD_SIZE + sq]!]!;
    const piece = pos.board[sq]!;
    sum += p.kkpee
      ? table[(((row + i) * c + m1) * c + m2) * PIECE_SLOTS + piece]!
      : table[((row + i) * c + m1) * c + m2]! + pieceTerms(piece, m1, m2, p);
  }
  return total(pos, p, sum);
}
// #endregion
