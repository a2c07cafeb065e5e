/**
 * The engine's effect table (seed 003's KKPEE9 structure with tuned parameters, params.ts) and the
 * evaluation it gives: material, plus for each of the 81 squares one entry looked up by the two
 * kings, the square, both sides' capped effect counts and the piece on it, the sum divided by
 * FV_SCALE.
 *
 * The seed's table is `KKPEE[kb][kw][sq][m1][m2][pc]`, 306 MB. Every entry is a sum of what the
 * square means to sente's king and what it means to gote's, so we keep one half-table indexed by
 * one king, `[k][sq][a][b][pc]` (81·81·9·32 int16, 3.8 MB), and read it twice per square: once
 * from sente's king, once from gote's with the board turned round (the square, the counts and the
 * piece's colour swapped), subtracting. Each half is truncated to an integer ×FV_SCALE on its own,
 * where the seed truncates the whole entry once, so a square can differ from the seed's entry by
 * one unit of 1/32 (an evaluation by at most 81/32, about 2.5 of a pawn's 90).
 *
 * Three forms, one value: `tableScoreDirect` adds up the parameters square by square with no
 * table (the readable twin); `tableScore` looks the half-table up; `TableEvaluator` keeps the sum
 * up to date move by move inside the search. The tests hold the three to each other.
 */
import { EFFECT_STRIDE, MAX_TOUCHED } from '../../effect';
import { MAX_PLY, type Position } from '../../position';
import { BOARD_SIZE, SQ81, SQUARES } from '../../square';
import { Kind, MOVE_DROP, MOVE_PROMOTE, PROMOTED } from '../../types';
import type { Evaluator } from '../evaluator';
import { COUNTS, FV_SCALE, halfValue, PIECE_SLOTS } from './params';

/** `CAP[count]`: the seed's N = 2, so 0, 1, 2 or more. */
const CAP = Uint8Array.from({ length: 256 }, (_, m) => Math.min(m, COUNTS - 1));
/** `FLIP[pc]`: the piece seen from the other side (its colour bit swapped; none stays none). */
const FLIP = Uint8Array.from({ length: PIECE_SLOTS }, (_, p) => (p === 0 ? 0 : p ^ 16));
/**
 * How many plies back an evaluation goes for a kept sum: each ply back costs an update of the
 * squares one move changed (about ten), a sum from scratch 81 squares.
 */
const MAX_CHAIN = 6;
/** Entries per king: 81 squares × 9 count pairs × 32 pieces. */
const PER_KING = 81 * COUNTS * COUNTS * PIECE_SLOTS;

/** The entry's place in the half-table. */
const at = (k: number, s: number, a: number, b: number, p: number): number =>
  ((k * 81 + s) * COUNTS * COUNTS + a * COUNTS + b) * PIECE_SLOTS + p;

// #region half-table
/** Every half-entry of a parameter vector, ×FV_SCALE and truncated to int16 as the seed stores it. */
export function buildHalfTable(params: Float64Array): Int16Array {
  const table = new Int16Array(81 * PER_KING);
  const scratch = new Int32Array(8);
  for (let k = 0; k < 81; k++)
    for (let s = 0; s < 81; s++)
      for (let a = 0; a < COUNTS; a++)
        for (let b = 0; b < COUNTS; b++)
          for (let p = 0; p < PIECE_SLOTS; p++) {
            const kind = p & 15;
            // Unused codes (15, 31, 16) and our king anywhere but on k hold nothing.
            if (kind === 15 || p === 16 || (p === Kind.King && s !== k)) continue;
            const v = Math.trunc(halfValue(params, k, s, a, b, p, scratch) * FV_SCALE);
            if (v < -32768 || v > 32767)
              throw new RangeError(`effect table entry ${v / FV_SCALE} does not fit int16`);
            table[at(k, s, a, b, p)] = v;
          }
  return table;
}
// #endregion

// #region table-score
/**
 * The sum of the 81 squares' entries (×FV_SCALE, sente's view) for a board, the effect counts in
 * the block at `base` and the kings on dense squares `kb`, `kw`.
 */
function squaresSum(
  half: Int16Array,
  board: Uint8Array,
  effects: Uint8Array,
  base: number,
  kb: number,
  kw: number,
): number {
  const rowB = kb * 81;
  const rowW = (80 - kw) * 81;
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = CAP[effects[base + sq]!]!;
    const m2 = CAP[effects[base + BOARD_SIZE + sq]!]!;
    const pc = board[sq]!;
    sum +=
      half[((rowB + i) * 9 + m1 * 3 + m2) * 32 + pc]! -
      half[((rowW + 80 - i) * 9 + m2 * 3 + m1) * 32 + FLIP[pc]!]!;
  }
  return sum;
}

/** Material plus the squares' sum divided by FV_SCALE (truncating, as C++ `/` does). */
const finish = (pos: Position, sum: number): number => pos.material + Math.trunc(sum / FV_SCALE);

/** The evaluation for sente, from scratch: material and the 81 squares looked up. */
export function tableScore(pos: Position, half: Int16Array): number {
  const kb = SQ81[pos.kingSquare[0]!]!;
  const kw = SQ81[pos.kingSquare[1]!]!;
  if (kb < 0 || kw < 0) return pos.material;
  return finish(pos, squaresSum(half, pos.board, pos.effects, pos.effectBase, kb, kw));
}
// #endregion

/**
 * The same value with no table: every square's two halves added up from the parameters, each
 * truncated ×FV_SCALE as the table stores it. The readable twin the table is tested against.
 */
export function tableScoreDirect(pos: Position, params: Float64Array): number {
  const kb = SQ81[pos.kingSquare[0]!]!;
  const kw = SQ81[pos.kingSquare[1]!]!;
  const scratch = new Int32Array(8);
  const half = (k: number, s: number, a: number, b: number, p: number): number =>
    Math.trunc(halfValue(params, k, s, a, b, p, scratch) * FV_SCALE);
  let sum = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = Math.min(pos.effectCount(0, sq), COUNTS - 1);
    const m2 = Math.min(pos.effectCount(1, sq), COUNTS - 1);
    const pc = pos.board[sq]!;
    sum += half(kb, i, m1, m2, pc) - half(80 - kw, 80 - i, m2, m1, FLIP[pc]!);
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
 * The effect table kept up to date inside the search. Each ply keeps its position's sum and key.
 * A position whose kings stand where they stood a ply before is summed from that position's sum:
 * only squares whose piece or capped counts changed are looked up again: doMove lists the squares
 * whose counts it touched, and keeps the counts of every ply, so the old ones are still there. If the position before was never evaluated (the
 * main search evaluates few of its nodes), its sum is made the same way from the one before it,
 * with the board taken back a move on two squares, and kept for the siblings that follow; at most
 * MAX_CHAIN plies back, past which a sum from scratch is cheaper. A king move changes every
 * square's entry: that position is summed from scratch.
 */
export class TableEvaluator implements Evaluator {
  readonly stats: TableStats = { full: 0, incremental: 0, chained: 0, again: 0, squares: 0 };
  private readonly sums = new Int32Array(MAX_PLY + 1);
  private readonly keys = new Uint32Array(2 * (MAX_PLY + 1));
  private readonly valid = new Uint8Array(MAX_PLY + 1);
  /** Squares met by one update: a stamp per square. */
  private readonly stamp = new Uint32Array(BOARD_SIZE);
  private stampNow = 0;

  constructor(
    readonly name: string,
    readonly description: string,
    readonly half: Int16Array,
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
    return this.sumAt(pos, pos.ply, kb, kw, 0);
  }

  /**
   * The sum at ply q of the current line, the board standing as it was at ply q (the callers
   * take moves back on the board's squares only), `chain` plies below the position evaluated.
   */
  private sumAt(pos: Position, q: number, kb: number, kw: number, chain: number): number {
    const lo = pos.keyLoStack[q]!;
    const hi = pos.keyHiStack[q]!;
    if (this.valid[q] === 1 && this.keys[2 * q] === lo && this.keys[2 * q + 1] === hi) {
      if (chain === 0) this.stats.again++;
      return this.sums[q]!;
    }
    const board = pos.board;
    const base = q * EFFECT_STRIDE;
    const move = q > 0 ? pos.moveStack[q - 1]! : 0;
    const to = move & 0xff;
    const from = (move >> 8) & 0xff;
    const drop = (move & MOVE_DROP) !== 0;
    let sum: number;
    if (q === 0 || chain >= MAX_CHAIN || (move !== 0 && !drop && (board[to]! & 15) === Kind.King)) {
      sum = squaresSum(this.half, board, pos.effects, base, kb, kw);
      this.stats.full++;
    } else {
      const captured = pos.capturedAt(q - 1);
      const moved = board[to]!;
      const before = move & MOVE_PROMOTE ? moved - PROMOTED : moved;
      // The board a move back, on the move's two squares, then as it was.
      if (move !== 0) {
        board[to] = captured;
        if (!drop) board[from] = before;
      }
      const parent = this.sumAt(pos, q - 1, kb, kw, chain + 1);
      if (move !== 0) {
        if (!drop) board[from] = 0;
        board[to] = moved;
      }
      sum = parent + this.update(pos, q, move, captured, before, kb, kw);
      if (chain === 0) this.stats.incremental++;
      else this.stats.chained++;
    }
    this.valid[q] = 1;
    this.keys[2 * q] = lo;
    this.keys[2 * q + 1] = hi;
    this.sums[q] = sum;
    return sum;
  }

  /**
   * What the move from ply q − 1 changed, square by square, the kings unmoved: the squares whose
   * counts it touched (doMove lists them) and its own two squares, where the pieces changed
   * (`captured` stood on its destination, `before` on its origin).
   */
  private update(
    pos: Position,
    q: number,
    move: number,
    captured: number,
    before: number,
    kb: number,
    kw: number,
  ): number {
    const { board, effects, touched } = pos;
    const base = q * EFFECT_STRIDE;
    const prev = base - EFFECT_STRIDE;
    const stamp = ++this.stampNow;
    const stamps = this.stamp;
    const half = this.half;
    const rowB = kb * 81;
    const rowW = (80 - kw) * 81;
    const to = move & 0xff;
    const from = (move >> 8) & 0xff;
    const drop = (move & MOVE_DROP) !== 0;
    let delta = 0;
    let n = 0;
    // The move's squares first, where the piece changed as well as perhaps the counts.
    if (move !== 0) {
      stamps[to] = stamp;
      delta += this.squareDelta(effects, base, prev, to, board[to]!, captured, rowB, rowW, half);
      if (!drop) {
        stamps[from] = stamp;
        delta += this.squareDelta(effects, base, prev, from, 0, before, rowB, rowW, half);
      }
      n += drop ? 1 : 2;
    }
    for (let j = (q - 1) * MAX_TOUCHED, end = j + pos.touchedCount[q - 1]!; j < end; j++) {
      const sq = touched[j]!;
      if (stamps[sq] === stamp) continue;
      stamps[sq] = stamp;
      // Counts that changed only above the cap change nothing.
      if (
        CAP[effects[base + sq]!] === CAP[effects[prev + sq]!] &&
        CAP[effects[base + BOARD_SIZE + sq]!] === CAP[effects[prev + BOARD_SIZE + sq]!]
      )
        continue;
      const pc = board[sq]!;
      delta += this.squareDelta(effects, base, prev, sq, pc, pc, rowB, rowW, half);
      n++;
    }
    this.stats.squares += n;
    return delta;
  }

  /** One square's new entry less its old one: the piece `pc` now, `old` before. */
  private squareDelta(
    effects: Uint8Array,
    base: number,
    prev: number,
    sq: number,
    pc: number,
    old: number,
    rowB: number,
    rowW: number,
    half: Int16Array,
  ): number {
    const i = SQ81[sq]!;
    const m1 = CAP[effects[base + sq]!]!;
    const m2 = CAP[effects[base + BOARD_SIZE + sq]!]!;
    const o1 = CAP[effects[prev + sq]!]!;
    const o2 = CAP[effects[prev + BOARD_SIZE + sq]!]!;
    return (
      half[((rowB + i) * 9 + m1 * 3 + m2) * 32 + pc]! -
      half[((rowW + 80 - i) * 9 + m2 * 3 + m1) * 32 + FLIP[pc]!]! -
      half[((rowB + i) * 9 + o1 * 3 + o2) * 32 + old]! +
      half[((rowW + 80 - i) * 9 + o2 * 3 + o1) * 32 + FLIP[old]!]!
    );
  }
}
// #endregion
