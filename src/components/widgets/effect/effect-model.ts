/**
 * The effect board's model: seed 003's evaluation of one position taken apart square by square,
 * with the engine's own functions, so that the parts the widget shows add up to exactly what the
 * engine's `effectScore` returns. No DOM: the unit tests call it.
 */
import { Color, Kind, type Position, SQUARES, SQ81 } from '../../../engine/index';
import {
  boardPieceTerm,
  defendedTerm,
  EffectTables,
  effectScore,
  FIRST_TABLE,
  fullTableEntries,
  invSquare,
  KKPEE9,
  squareDistance,
  squareValue,
  type EffectParams,
} from '../../../engine/eval/effect/effect-eval';
export { formatBytes } from '../../lab/format';

/** One square's part of the evaluation, from sente's view. */
export interface SquareBreakdown {
  /** Index 0..80 in reading order (SQUARES). */
  index: number;
  piece: number;
  /** Effect counts on the square, as the position keeps them, and as the table reads them (≤ N). */
  counts: readonly [number, number];
  capped: readonly [number, number];
  /** Chebyshev distance to sente's king and to gote's king. */
  distance: readonly [number, number];
  /**
   * The four terms of the table entry, signed as they enter the sum: sente's effects near
   * sente's king (+), gote's effects near sente's king (−), gote's effects near gote's king (−),
   * sente's effects near gote's king (+). Integers for the first table, doubles for KKPEE9.
   */
  terms: readonly [number, number, number, number];
  /** The piece's tenth (taken off) and the defended-piece terms (0 without a piece). */
  tenth: number;
  defended: number;
  /** What the square adds to the sum (for KKPEE9 ×FV_SCALE and truncated, as the table stores it). */
  value: number;
}

export interface EffectBreakdown {
  squares: SquareBreakdown[];
  /** The sum of the 81 squares' values (for KKPEE9 in FV_SCALE units). */
  sum: number;
  /** The squares' part in points: the sum, for KKPEE9 divided by FV_SCALE and truncated. */
  effects: number;
  material: number;
  /** material + effects, for sente. */
  total: number;
  /** The engine's own `effectScore` for the same tables: must equal `total`. */
  engine: number;
  /** The evaluation for the side to move, as the search sees it. */
  forSideToMove: number;
}

/** The two forms the widget can show: the seed's first table and KKPEE9. */
export const FORMS = {
  first: FIRST_TABLE,
  kkpee9: KKPEE9,
} as const;
export type FormName = keyof typeof FORMS;

/** Entries and bytes of the big int16 table and of the factored form, for a parameter set. */
export interface TableSize {
  entries: number;
  bytes: number;
  factoredBytes: number;
  /** The big table's shape as the seed writes it. */
  shape: string;
}

export function tableSize(p: EffectParams): TableSize {
  const counts = p.cap + 1;
  const entries = fullTableEntries(p);
  return {
    entries,
    bytes: entries * 2,
    // Two [king][sq][m] tables of doubles (what EffectTables holds).
    factoredBytes: 2 * 81 * 81 * counts * 8,
    shape: `[81][81][81][${counts}][${counts}]${p.kkpee ? '[32]' : ''}`,
  };
}

/** Take the evaluation of `pos` apart with the tables `t`. */
export function breakDown(pos: Position, t: EffectTables): EffectBreakdown {
  const p = t.params;
  const c = t.counts;
  const kb = SQ81[pos.kingSquare[Color.Sente]!]!;
  const kw = SQ81[pos.kingSquare[Color.Gote]!]!;
  const ikw = invSquare(kw);
  const squares: SquareBreakdown[] = [];
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const piece = pos.board[sq]!;
    const counts = [pos.effectCount(Color.Sente, sq), pos.effectCount(Color.Gote, sq)] as const;
    const m1 = t.capOf[counts[0]]!;
    const m2 = t.capOf[counts[1]]!;
    const isq = invSquare(i);
    const king = (piece & 15) === Kind.King;
    // The first table takes a tenth off the kings too; the two kings' tenths cancel in every
    // position, so the widget leaves them out of both squares (the sum is the same).
    const value =
      squareValue(t, kb, kw, i, m1, m2, piece) + (king && !p.kkpee ? boardPieceTerm(piece) : 0);
    sum += value;
    squares.push({
      index: i,
      piece,
      counts,
      capped: [m1, m2],
      distance: [squareDistance(i, kb), squareDistance(i, kw)],
      terms: [
        t.our[(kb * 81 + i) * c + m1]!,
        -t.their[(kb * 81 + i) * c + m2]!,
        -t.our[(ikw * 81 + isq) * c + m2]!,
        t.their[(ikw * 81 + isq) * c + m1]!,
      ],
      tenth: piece === 0 || king ? 0 : -boardPieceTerm(piece),
      defended: defendedTerm(piece, piece & 16 ? m2 : m1, piece & 16 ? m1 : m2, p),
      value,
    });
  }
  const effects = p.kkpee ? Math.trunc(sum / p.fvScale) : sum;
  const total = pos.material + effects;
  return {
    squares,
    sum,
    effects,
    material: pos.material,
    total,
    engine: effectScore(pos, t),
    forSideToMove: pos.sideToMove === Color.Sente ? total : -total,
  };
}

/** A square's value in points (KKPEE9's entries are stored ×FV_SCALE). */
export const pointsOf = (value: number, p: EffectParams): number =>
  p.kkpee ? value / p.fvScale : value;

/** A signed number as the widget prints it: +12, −3, 0; `digits` decimals for doubles. */
export function signed(v: number, digits = 0): string {
  const text = Math.abs(v).toFixed(digits);
  if (Number(text) === 0) return digits > 0 ? (0).toFixed(digits) : '0';
  return `${v < 0 ? '−' : '+'}${text}`;
}

/** One memo of tables per parameter set: rebuilding costs a few milliseconds, not nothing. */
const cache = new Map<string, EffectTables>();
export function tablesFor(p: EffectParams): EffectTables {
  const key = JSON.stringify(p);
  let t = cache.get(key);
  if (!t) {
    if (cache.size > 16) cache.clear();
    t = new EffectTables(p);
    cache.set(key, t);
  }
  return t;
}
