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
 * table (the readable twin); `tableScore` looks the parts up; `TableEvaluator` keeps the sum up to
 * date move by move inside the search. The tests hold the three to each other.
 */
import { EFFECT_STRIDE, MAX_TOUCHED } from '../../effect';
import { MAX_PLY, type Position } from '../../position';
import { BOARD_SIZE, SQ81, SQUARES } from '../../square';
import { Kind, MOVE_DROP, MOVE_PROMOTE, PROMOTED } from '../../types';
import type { Evaluator } from '../evaluator';
import { COUNTS, effectPart, FV_SCALE, piecePart, placePart, PIECE_SLOTS } from './params';

/** `CAP[count]`: the seed's N = 2, so 0, 1, 2 or more. */
const CAP = Uint8Array.from({ length: 256 }, (_, m) => Math.min(m, COUNTS - 1));
/** `FLIP[pc]`: the piece seen from the other side (its colour bit swapped; none stays none). */
const FLIP = Uint8Array.from({ length: PIECE_SLOTS }, (_, p) => (p === 0 ? 0 : p ^ 16));
/** The two counts as one index: a × 3 + b. */
const PAIRS = COUNTS * COUNTS;
/**
 * How many plies back an evaluation goes for a kept sum: each ply back costs an update of the
 * squares one move changed (about ten), a sum from scratch 81 squares.
 */
const MAX_CHAIN = 6;

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

/**
 * One king's half of the sum over the 81 squares: `eff` and `place` seen from sente's king
 * (`color` 0, king on kb) or from gote's (`color` 1, the board turned round), not yet subtracted.
 */
function halfSum(
  t: EffectTable,
  board: Uint8Array,
  effects: Uint8Array,
  base: number,
  king: number,
  color: number,
): number {
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = CAP[effects[base + sq]!]!;
    const m2 = CAP[effects[base + BOARD_SIZE + sq]!]!;
    const pc = board[sq]!;
    const at = color === 0 ? king * 81 + i : (80 - king) * 81 + 80 - i;
    sum +=
      color === 0
        ? t.eff[at * PAIRS + m1 * 3 + m2]! + t.place[at * PIECE_SLOTS + pc]!
        : t.eff[at * PAIRS + m2 * 3 + m1]! + t.place[at * PIECE_SLOTS + FLIP[pc]!]!;
  }
  return sum;
}

/** The `piece` part over the 81 squares. */
function pieceSum(t: EffectTable, board: Uint8Array, effects: Uint8Array, base: number): number {
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = CAP[effects[base + sq]!]!;
    const m2 = CAP[effects[base + BOARD_SIZE + sq]!]!;
    sum += t.piece[board[sq]! * PAIRS + m1 * 3 + m2]!;
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

/** What the kept-up-to-date evaluation did, for the benchmark and the tests. */
export interface TableStats {
  /** Positions summed from scratch (a king moved, no usable ancestor, the first position). */
  full: number;
  /** Positions evaluated by an update of the position before, square by square. */
  incremental: number;
  /** Positions before them, never evaluated, summed by an update on the way (and kept). */
  chained: number;
  /** Positions met again (the sum kept for their ply was theirs). */
  again: number;
  /** Squares updated by incremental evaluations. */
  squares: number;
}

// #region table-incremental
/**
 * The effect table kept up to date inside the search. Each ply keeps its position's key and three
 * sums: sente's half (the `eff` and `place` parts from sente's king), gote's half, and the
 * `piece` part. A position is summed from the position a ply before: only the squares whose
 * piece or capped counts changed are looked up again (doMove lists the squares whose counts it
 * touched, and keeps every ply's counts, so the old ones are still there); a king move changes
 * every square's entry in that king's half, which alone is summed again, over the 81 squares. If
 * the position before was never evaluated (the main search evaluates few of its nodes), its sums
 * are made the same way from the one before it, with the board taken back a move on two squares,
 * and kept for the siblings that follow; at most MAX_CHAIN plies back, past which a sum from
 * scratch is cheaper.
 */
export class TableEvaluator implements Evaluator {
  readonly stats: TableStats = { full: 0, incremental: 0, chained: 0, again: 0, squares: 0 };
  /** Per ply: sente's half, gote's half, the piece part (×FV_SCALE). */
  private readonly sums = new Int32Array(3 * (MAX_PLY + 1));
  private readonly keys = new Uint32Array(2 * (MAX_PLY + 1));
  private readonly valid = new Uint8Array(MAX_PLY + 1);
  /** Squares met by one update: a stamp per square. */
  private readonly stamp = new Uint32Array(BOARD_SIZE);
  private stampNow = 0;
  /** The three sums of the ply last asked for (sumAt's result). */
  private half0 = 0;
  private half1 = 0;
  private pieces = 0;

  constructor(
    readonly name: string,
    readonly description: string,
    readonly table: EffectTable,
  ) {}

  evaluate(pos: Position): number {
    const v = finish(pos, this.sum(pos));
    return pos.sideToMove === 0 ? v : -v;
  }

  /** The squares' sum (×FV_SCALE, sente's view) of the position, kept for its ply. */
  sum(pos: Position): number {
    const kb = SQ81[pos.kingSquare[0]!]!;
    const kw = SQ81[pos.kingSquare[1]!]!;
    // A king-capture search (chapter 8) may have taken a king: the table has no row for none.
    if (kb < 0 || kw < 0) return 0;
    this.sumAt(pos, pos.ply, kb, kw, 0);
    return this.half0 - this.half1 + this.pieces;
  }

  /**
   * The sums at ply q of the current line, the board standing as it was at ply q (the callers
   * take moves back on the board's squares only) and the kings on kb and kw, `chain` plies below
   * the position evaluated; into half0, half1 and pieces, and kept for the ply.
   */
  private sumAt(pos: Position, q: number, kb: number, kw: number, chain: number): void {
    const lo = pos.keyLoStack[q]!;
    const hi = pos.keyHiStack[q]!;
    const sums = this.sums;
    if (this.valid[q] === 1 && this.keys[2 * q] === lo && this.keys[2 * q + 1] === hi) {
      if (chain === 0) this.stats.again++;
      this.half0 = sums[3 * q]!;
      this.half1 = sums[3 * q + 1]!;
      this.pieces = sums[3 * q + 2]!;
      return;
    }
    const { board, effects } = pos;
    const base = q * EFFECT_STRIDE;
    if (q === 0 || chain >= MAX_CHAIN) {
      this.half0 = halfSum(this.table, board, effects, base, kb, 0);
      this.half1 = halfSum(this.table, board, effects, base, kw, 1);
      this.pieces = pieceSum(this.table, board, effects, base);
      this.stats.full++;
    } else {
      const move = pos.moveStack[q - 1]!;
      const to = move & 0xff;
      const from = (move >> 8) & 0xff;
      const drop = (move & MOVE_DROP) !== 0;
      const captured = pos.capturedAt(q - 1);
      const moved = board[to]!;
      const before = move & MOVE_PROMOTE ? moved - PROMOTED : moved;
      // A king that moved: its half is summed again; the position before had it on `from`.
      const king = move !== 0 && !drop && (moved & 15) === Kind.King ? moved >> 4 : -1;
      // The board a move back, on the move's two squares, then as it was.
      if (move !== 0) {
        board[to] = captured;
        if (!drop) board[from] = before;
      }
      const kingFrom = SQ81[from]!;
      this.sumAt(pos, q - 1, king === 0 ? kingFrom : kb, king === 1 ? kingFrom : kw, chain + 1);
      if (move !== 0) {
        if (!drop) board[from] = 0;
        board[to] = moved;
      }
      this.update(pos, q, move, captured, before, kb, kw, king);
      if (king === 0) this.half0 = halfSum(this.table, board, effects, base, kb, 0);
      if (king === 1) this.half1 = halfSum(this.table, board, effects, base, kw, 1);
      if (chain === 0) this.stats.incremental++;
      else this.stats.chained++;
    }
    this.valid[q] = 1;
    this.keys[2 * q] = lo;
    this.keys[2 * q + 1] = hi;
    sums[3 * q] = this.half0;
    sums[3 * q + 1] = this.half1;
    sums[3 * q + 2] = this.pieces;
  }

  /**
   * Adds to half0, half1 and pieces what the move from ply q − 1 changed, square by square: the
   * squares whose counts it touched (doMove lists them) and its own two squares, where the pieces
   * changed (`captured` stood on its destination, `before` on its origin). The half of a king
   * that moved (`king`, else −1) is left to be summed again.
   */
  private update(
    pos: Position,
    q: number,
    move: number,
    captured: number,
    before: number,
    kb: number,
    kw: number,
    king: number,
  ): void {
    const { board, effects, touched } = pos;
    const { eff, place, piece } = this.table;
    const base = q * EFFECT_STRIDE;
    const prev = base - EFFECT_STRIDE;
    const stamp = ++this.stampNow;
    const stamps = this.stamp;
    // A moved king's half gets nothing here: rows of −1 stand for "not this half".
    const rowB = king === 0 ? -1 : kb * 81;
    const rowW = king === 1 ? -1 : (80 - kw) * 81 + 80;
    let dB = 0;
    let dW = 0;
    let dP = 0;
    let n = 0;
    // The move's squares first, where the piece changed as well as perhaps the counts.
    const to = move & 0xff;
    const from = (move >> 8) & 0xff;
    const drop = (move & MOVE_DROP) !== 0;
    for (let k = 0; k < (move === 0 ? 0 : drop ? 1 : 2); k++) {
      const sq = k === 0 ? to : from;
      const pc = k === 0 ? board[to]! : 0;
      const old = k === 0 ? captured : before;
      stamps[sq] = stamp;
      const i = SQ81[sq]!;
      const m1 = CAP[effects[base + sq]!]!;
      const m2 = CAP[effects[base + BOARD_SIZE + sq]!]!;
      const o1 = CAP[effects[prev + sq]!]!;
      const o2 = CAP[effects[prev + BOARD_SIZE + sq]!]!;
      if (rowB >= 0) {
        const b = rowB + i;
        dB +=
          eff[b * PAIRS + m1 * 3 + m2]! +
          place[b * PIECE_SLOTS + pc]! -
          eff[b * PAIRS + o1 * 3 + o2]! -
          place[b * PIECE_SLOTS + old]!;
      }
      if (rowW >= 0) {
        const w = rowW - i;
        dW +=
          eff[w * PAIRS + m2 * 3 + m1]! +
          place[w * PIECE_SLOTS + FLIP[pc]!]! -
          eff[w * PAIRS + o2 * 3 + o1]! -
          place[w * PIECE_SLOTS + FLIP[old]!]!;
      }
      dP += piece[pc * PAIRS + m1 * 3 + m2]! - piece[old * PAIRS + o1 * 3 + o2]!;
      n++;
    }
    // The other squares keep their piece: its place cancels out, only the counts matter.
    for (let j = (q - 1) * MAX_TOUCHED, end = j + pos.touchedCount[q - 1]!; j < end; j++) {
      const sq = touched[j]!;
      if (stamps[sq] === stamp) continue;
      stamps[sq] = stamp;
      const m1 = CAP[effects[base + sq]!]!;
      const m2 = CAP[effects[base + BOARD_SIZE + sq]!]!;
      const o1 = CAP[effects[prev + sq]!]!;
      const o2 = CAP[effects[prev + BOARD_SIZE + sq]!]!;
      // Counts that changed only above the cap change nothing.
      if (m1 === o1 && m2 === o2) continue;
      const i = SQ81[sq]!;
      if (rowB >= 0)
        dB += eff[(rowB + i) * PAIRS + m1 * 3 + m2]! - eff[(rowB + i) * PAIRS + o1 * 3 + o2]!;
      if (rowW >= 0)
        dW += eff[(rowW - i) * PAIRS + m2 * 3 + m1]! - eff[(rowW - i) * PAIRS + o2 * 3 + o1]!;
      const pc = board[sq]! * PAIRS;
      dP += piece[pc + m1 * 3 + m2]! - piece[pc + o1 * 3 + o2]!;
      n++;
    }
    this.stats.squares += n;
    this.half0 += dB;
    this.half1 += dW;
    this.pieces += dP;
  }
}
// #endregion
