/**
 * The effect table kept up to date inside the search (table.ts has the table and its two
 * from-scratch forms, which the tests hold this one to).
 *
 * A square's entry is `eff` and `place` from sente's king, less the same from gote's king with the
 * board turned round, plus `piece`. The first four depend on the two kings, which stay put for
 * most of a search: for the pair of kings on the board, they are added up once into two rows
 * (`PairRows`), so that an update looks up one number where it looked up two, and the `piece`
 * part, which no king changes, is kept as a sum of its own.
 */
import { EFFECT_STRIDE, MAX_TOUCHED } from '../../../effect';
import type { Position } from '../../../position';
import { MAX_PLY } from '../../../position-state';
import { BITS_PER_WORD, BOARD_SIZE, SQ81, SQUARES } from '../../../square';
import { isDrop, isPromotion, Kind, moveFrom, moveTo, PROMOTED } from '../../../types';
import type { Evaluator } from '../../evaluator';
import { COUNTS, FV_SCALE, PIECE_SLOTS } from './params';
import { type EffectTable } from './table';

/** `CAP[count]`: the seed's N = 2, so 0, 1, 2 or more. */
const CAP = Uint8Array.from({ length: 256 }, (_, m) => Math.min(m, COUNTS - 1));
/**
 * `PAIR_OF[a << 4 | b]`: sente's count a and gote's b (each at most MAX_EFFECTS, 10), capped and
 * made one index `CAP[a] × 3 + CAP[b]`, in one lookup where it took two and a sum.
 */
const PAIR_OF = Uint8Array.from({ length: 256 }, (_, x) => CAP[x >> 4]! * 3 + CAP[x & 15]!);
/** `FLIP[pc]`: the piece seen from the other side (its colour bit swapped; none stays none). */
const FLIP = Uint8Array.from({ length: PIECE_SLOTS }, (_, p) => (p === 0 ? 0 : p ^ 16));
/** The two counts as one index: a × 3 + b. */
const PAIRS = COUNTS * COUNTS;
/**
 * How many plies back an evaluation goes for a kept sum: each ply back costs an update of the
 * squares one move changed (about ten), a sum from scratch 81 squares.
 */
const MAX_CHAIN = 6;
/**
 * King pairs whose rows are kept, in slots chosen by the pair: a search meets a few dozen pairs
 * (a king steps, and steps back), and building a pair's rows costs about as much as four sums
 * from scratch. 256 slots hold 0.75 MB.
 */
const PAIR_SLOTS = 256;
/** A pair's row: 9 count pairs for each square of the padded board (walls left at zero). */
const ROW = BOARD_SIZE * PAIRS;

// #region pair-rows
/**
 * For the kings on dense squares kb and kw, the `eff` part of every square's entry with both
 * kings' views already subtracted, `row[sq × 9 + m1 × 3 + m2]` for padded square sq (sente's
 * view, ×FV_SCALE), written into `out` from `at`. Int16, as the table's parts are: a row half the
 * size stays in the fastest cache (the tuned table's rows stay within ±19,000).
 */
export function buildPairRow(
  t: EffectTable,
  kb: number,
  kw: number,
  out: Int16Array,
  at: number,
): void {
  for (let i = 0; i < 81; i++) {
    const b = (kb * 81 + i) * PAIRS;
    const w = ((80 - kw) * 81 + 80 - i) * PAIRS;
    const o = at + SQUARES[i]! * PAIRS;
    for (let m1 = 0; m1 < COUNTS; m1++)
      for (let m2 = 0; m2 < COUNTS; m2++) {
        const v = t.eff[b + m1 * 3 + m2]! - t.eff[w + m2 * 3 + m1]!;
        if (v < -32768 || v > 32767) throw new RangeError(`effect row ${v} does not fit int16`);
        out[o + m1 * 3 + m2] = v;
      }
  }
}
// #endregion

/** What the kept-up-to-date evaluation did, for the benchmark and the tests. */
export interface TableStats {
  /** Positions summed from scratch (no usable ancestor, the first position). */
  full: number;
  /** Positions evaluated by an update of the position before, square by square. */
  incremental: number;
  /** Positions before them, never evaluated, summed by an update on the way (and kept). */
  chained: number;
  /** Positions met again (the sum kept for their ply was theirs). */
  again: number;
  /** King pairs whose rows were built. */
  pairs: number;
}
/** Where each of TableStats' counts is kept (a typed array costs the search less than fields). */
const FULL = 0;
const INCREMENTAL = 1;
const CHAINED = 2;
const AGAIN = 3;
const PAIRS_BUILT = 4;

// #region table-incremental
/**
 * The effect table kept up to date inside the search. Each ply keeps its position's key and two
 * sums: the kings' part (`eff` and `place` from both kings, read from the pair's rows) and the
 * `piece` part. A position is summed from the position a ply before: only the squares whose
 * piece or capped counts changed are looked up again (doMove lists the squares whose counts it
 * touched, and keeps every ply's counts, so the old ones are still there). A king move changes
 * every square's kings' part, which alone is summed again, over the 81 squares. If the position
 * before was never evaluated (the main search evaluates few of its nodes), its sums are made the
 * same way from the one before it, with the board taken back a move on two squares, and kept for
 * the siblings that follow; at most MAX_CHAIN plies back, past which a sum from scratch is cheaper.
 */
export class TableEvaluator implements Evaluator {
  private readonly counts = new Float64Array(5);
  /** Per ply: the kings' part and the piece part (×FV_SCALE). */
  private readonly sums = new Int32Array(2 * (MAX_PLY + 1));
  private readonly keys = new Int32Array(2 * (MAX_PLY + 1));
  private readonly valid = new Uint8Array(MAX_PLY + 1);
  /** Squares met by one update: a stamp per square. */
  private readonly stamp = new Uint32Array(BOARD_SIZE);
  private stampNow = 0;
  /** The pairs' rows, and the pair (kb × 81 + kw) each slot holds. */
  private readonly rows = new Int16Array(PAIR_SLOTS * ROW);
  private readonly slotPair = new Int32Array(PAIR_SLOTS).fill(-1);
  /** The two sums of the ply last asked for (sumAt's result). */
  private kings = 0;
  private pieces = 0;

  constructor(
    readonly name: string,
    readonly description: string,
    readonly table: EffectTable,
  ) {}

  /** What it has done so far. */
  get stats(): TableStats {
    const c = this.counts;
    return {
      full: c[FULL]!,
      incremental: c[INCREMENTAL]!,
      chained: c[CHAINED]!,
      again: c[AGAIN]!,
      pairs: c[PAIRS_BUILT]!,
    };
  }

  evaluate(pos: Position): number {
    // Truncating as C++ `/` does; the sum stays far inside 32 bits.
    const v = pos.material + ((this.sum(pos) / FV_SCALE) | 0);
    return pos.sideToMove === 0 ? v : -v;
  }

  /** The squares' sum (×FV_SCALE, sente's view) of the position, kept for its ply. */
  sum(pos: Position): number {
    const kb = SQ81[pos.kingSquare[0]!]!;
    const kw = SQ81[pos.kingSquare[1]!]!;
    // A king-capture search (chapter 8) may have taken a king: the table has no row for none.
    if (kb < 0 || kw < 0) return 0;
    this.sumAt(pos, pos.ply, kb, kw, 0);
    return this.kings + this.pieces;
  }

  /** The slot holding the rows of the kings on kb and kw, built if need be. */
  private slotOf(kb: number, kw: number): number {
    const pair = kb * 81 + kw;
    const slot = (kb * 7 + kw) & (PAIR_SLOTS - 1);
    if (this.slotPair[slot] !== pair) {
      buildPairRow(this.table, kb, kw, this.rows, slot * ROW);
      this.slotPair[slot] = pair;
      this.counts[PAIRS_BUILT]!++;
    }
    return slot;
  }

  /**
   * The sums at ply q of the current line, the board standing as it was at ply q (the callers
   * take moves back on the board's squares only) and the kings on kb and kw, `chain` plies below
   * the position evaluated; into `kings` and `pieces`, and kept for the ply.
   */
  private sumAt(pos: Position, q: number, kb: number, kw: number, chain: number): void {
    const lo = pos.keyLoStack[q]!;
    const hi = pos.keyHiStack[q]!;
    const sums = this.sums;
    if (this.valid[q] === 1 && this.keys[2 * q] === lo && this.keys[2 * q + 1] === hi) {
      if (chain === 0) this.counts[AGAIN]!++;
      this.kings = sums[2 * q]!;
      this.pieces = sums[2 * q + 1]!;
      return;
    }
    const { board } = pos;
    if (q === 0 || chain >= MAX_CHAIN) {
      this.kings = this.kingsSum(pos, q, kb, kw, this.slotOf(kb, kw));
      this.pieces = this.piecesSum(pos, q);
      this.counts[FULL]!++;
    } else {
      const move = pos.moveStack[q - 1]!;
      const to = moveTo(move);
      const from = moveFrom(move);
      const drop = isDrop(move);
      const captured = pos.capturedAt(q - 1);
      const moved = board[to]!;
      const before = isPromotion(move) ? moved - PROMOTED : moved;
      // A king that moved: the kings' part is summed again; the position before had it on `from`.
      const king = move !== 0 && !drop && (moved & 15) === Kind.King ? moved >> 4 : -1;
      const p = q - 1;
      if (
        this.valid[p] === 1 &&
        this.keys[2 * p] === pos.keyLoStack[p] &&
        this.keys[2 * p + 1] === pos.keyHiStack[p]
      ) {
        // Most often the position before was evaluated (or summed on the way) and kept.
        this.kings = sums[2 * p]!;
        this.pieces = sums[2 * p + 1]!;
      } else {
        // The board a move back, on the move's two squares, then as it was.
        if (move !== 0) {
          board[to] = captured;
          if (!drop) board[from] = before;
        }
        const kingFrom = SQ81[from]!;
        this.sumAt(pos, p, king === 0 ? kingFrom : kb, king === 1 ? kingFrom : kw, chain + 1);
        if (move !== 0) {
          if (!drop) board[from] = 0;
          board[to] = moved;
        }
      }
      // The rows are asked for after the positions before: their pair may have taken the slot.
      const slot = this.slotOf(kb, kw);
      this.update(pos, q, move, captured, before, kb, kw, king < 0 ? slot : -1);
      if (king >= 0) this.kings = this.kingsSum(pos, q, kb, kw, slot);
      this.counts[chain === 0 ? INCREMENTAL : CHAINED]!++;
    }
    this.valid[q] = 1;
    this.keys[2 * q] = lo;
    this.keys[2 * q + 1] = hi;
    sums[2 * q] = this.kings;
    sums[2 * q + 1] = this.pieces;
  }

  /**
   * The kings' part over the 81 squares at ply q, the kings on kb and kw: the `eff` part from
   * their row in `slot`, the `place` part from each king's view.
   */
  private kingsSum(pos: Position, q: number, kb: number, kw: number, slot: number): number {
    const { board, effects } = pos;
    const base = q * EFFECT_STRIDE;
    const row = this.rows;
    const place = this.table.place;
    const e = slot * ROW;
    let sum = 0;
    for (let i = 0; i < 81; i++) {
      const sq = SQUARES[i]!;
      sum +=
        row[
          e + sq * PAIRS + PAIR_OF[(effects[base + sq]! << 4) | effects[base + BOARD_SIZE + sq]!]!
        ]!;
    }
    // An empty square has no place: at the current ply the pieces are walked from the occupancy
    // bitsets. (Those are the current position's, not those of ply q when a chain has taken
    // moves back on the board: there every square is looked at.)
    const b = kb * 81 * PIECE_SLOTS;
    const w = ((80 - kw) * 81 + 80) * PIECE_SLOTS;
    if (q === pos.ply) {
      const occupied = pos.occupied;
      for (let word = 0; word < 3; word++)
        for (let bits = occupied[word]! | occupied[3 + word]!; bits !== 0; bits &= bits - 1) {
          const i = word * BITS_PER_WORD + 31 - Math.clz32(bits & -bits);
          const pc = board[SQUARES[i]!]!;
          sum += place[b + i * PIECE_SLOTS + pc]! - place[w - i * PIECE_SLOTS + FLIP[pc]!]!;
        }
      return sum;
    }
    for (let i = 0; i < 81; i++) {
      const pc = board[SQUARES[i]!]!;
      if (pc !== 0)
        sum += place[b + i * PIECE_SLOTS + pc]! - place[w - i * PIECE_SLOTS + FLIP[pc]!]!;
    }
    return sum;
  }

  /** The `piece` part over the 81 squares at ply q. */
  private piecesSum(pos: Position, q: number): number {
    const { board, effects } = pos;
    const base = q * EFFECT_STRIDE;
    const piece = this.table.piece;
    let sum = 0;
    for (let i = 0; i < 81; i++) {
      const sq = SQUARES[i]!;
      const m = PAIR_OF[(effects[base + sq]! << 4) | effects[base + BOARD_SIZE + sq]!]!;
      sum += piece[board[sq]! * PAIRS + m]!;
    }
    return sum;
  }

  /**
   * Adds to `kings` and `pieces` what the move from ply q − 1 changed, square by square: the
   * squares whose counts it touched (doMove lists them) and its own two squares, where the pieces
   * changed (`captured` stood on its destination, `before` on its origin). The kings' part is
   * updated from the rows in `slot`, or left to be summed again when a king moved (`slot` −1).
   */
  private update(
    pos: Position,
    q: number,
    move: number,
    captured: number,
    before: number,
    kb: number,
    kw: number,
    slot: number,
  ): void {
    const { board, effects, touched } = pos;
    const { piece, place } = this.table;
    const row = this.rows;
    const base = q * EFFECT_STRIDE;
    const prev = base - EFFECT_STRIDE;
    const stamp = ++this.stampNow;
    const stamps = this.stamp;
    const rowE = slot * ROW;
    const rowB = kb * 81 * PIECE_SLOTS;
    const rowW = ((80 - kw) * 81 + 80) * PIECE_SLOTS;
    let dK = 0;
    let dP = 0;
    // The move's squares first, where the piece changed as well as perhaps the counts.
    if (move !== 0) {
      const to = moveTo(move);
      const from = moveFrom(move);
      const drop = isDrop(move);
      for (let k = drop ? 1 : 0; k < 2; k++) {
        const sq = k === 1 ? to : from;
        const pc = k === 1 ? board[to]! : 0;
        const old = k === 1 ? captured : before;
        stamps[sq] = stamp;
        const m = PAIR_OF[(effects[base + sq]! << 4) | effects[base + BOARD_SIZE + sq]!]!;
        const o = PAIR_OF[(effects[prev + sq]! << 4) | effects[prev + BOARD_SIZE + sq]!]!;
        if (slot >= 0) {
          const i = SQ81[sq]!;
          const b = rowB + i * PIECE_SLOTS;
          const w = rowW - i * PIECE_SLOTS;
          dK +=
            row[rowE + sq * PAIRS + m]! -
            row[rowE + sq * PAIRS + o]! +
            place[b + pc]! -
            place[b + old]! -
            place[w + FLIP[pc]!]! +
            place[w + FLIP[old]!]!;
        }
        dP += piece[pc * PAIRS + m]! - piece[old * PAIRS + o]!;
      }
    }
    // The other squares keep their piece: its place cancels out, only the counts matter.
    for (let j = (q - 1) * MAX_TOUCHED, end = j + pos.touchedCount[q - 1]!; j < end; j++) {
      const sq = touched[j]!;
      if (stamps[sq] === stamp) continue;
      stamps[sq] = stamp;
      const now = (effects[base + sq]! << 4) | effects[base + BOARD_SIZE + sq]!;
      const then = (effects[prev + sq]! << 4) | effects[prev + BOARD_SIZE + sq]!;
      // Counts back where they were (a slide that left and came back), or that changed only
      // above the cap, change nothing.
      if (now === then) continue;
      const m = PAIR_OF[now]!;
      const o = PAIR_OF[then]!;
      if (m === o) continue;
      if (slot >= 0) {
        const e = rowE + sq * PAIRS;
        dK += row[e + m]! - row[e + o]!;
      }
      const pc = board[sq]!;
      if (pc !== 0) dP += piece[pc * PAIRS + m]! - piece[pc * PAIRS + o]!;
    }
    this.kings += dK;
    this.pieces += dP;
  }
}
// #endregion
