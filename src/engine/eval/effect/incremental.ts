/**
 * Seed 003's effect evaluation kept up to date move by move: each ply remembers every square's
 * value and what it was computed from (the two capped counts and the piece), and a position whose
 * parent was evaluated recomputes only the squares where one of those changed, copying the rest.
 * When a king moves every square's value changes (each depends on both kings), so that is a full
 * refresh, as is a position whose parent was never evaluated (the first node of a quiescence
 * search). `effectScore` (effect-eval.ts) is the from-scratch twin the tests hold this to.
 *
 * The parent is recognised by its key: the entry kept at ply p − 1 is used only if it was made
 * for the position the current one was reached from (`keyLoStack[p − 1]`), so a search that goes
 * back and forth along other lines never reads a stale entry.
 */
import type { Position } from '../../position';
import { MAX_PLY } from '../../position-state';
import { BOARD_SIZE, SQ81, SQUARES } from '../../square';
import { type EffectTables, squareValue } from './effect-eval';

/** What the incremental evaluation did, for the benchmark and the tests. */
export interface IncrementalStats {
  full: number;
  incremental: number;
  /** Positions met again at the same ply (after the search took a move back): nothing computed. */
  again: number;
  /** Squares recomputed by incremental updates (out of 81 each). */
  squares: number;
}

// #region effect-incremental
export class IncrementalEffect {
  readonly stats: IncrementalStats = { full: 0, incremental: 0, again: 0, squares: 0 };
  private readonly values = new Float64Array(81 * (MAX_PLY + 1));
  private readonly inputs = new Int32Array(81 * (MAX_PLY + 1));
  private readonly sums = new Float64Array(MAX_PLY + 1);
  private readonly keys = new Int32Array(2 * (MAX_PLY + 1));
  private readonly kings = new Int16Array(2 * (MAX_PLY + 1)).fill(-1);
  private readonly valid = new Uint8Array(MAX_PLY + 1);

  constructor(readonly tables: EffectTables) {}

  /** The evaluation for sente, as effectScore gives it. */
  score(pos: Position): number {
    const t = this.tables;
    const p = pos.ply;
    const kb = SQ81[pos.kingSquare[0]!]!;
    const kw = SQ81[pos.kingSquare[1]!]!;
    const cap = t.capOf;
    const base = pos.effectBase;
    const effects = pos.effects;
    const here = p * 81;
    const scale = t.params.kkpee ? t.params.fvScale : 1;
    const total = (sum: number): number =>
      pos.material + (scale === 1 ? sum : Math.trunc(sum / scale));
    if (
      this.valid[p] === 1 &&
      this.keys[2 * p] === pos.keyLo &&
      this.keys[2 * p + 1] === pos.keyHi &&
      this.kings[2 * p] === kb &&
      this.kings[2 * p + 1] === kw
    ) {
      this.stats.again++;
      return total(this.sums[p]!);
    }
    const parentUsable =
      p > 0 &&
      this.valid[p - 1] === 1 &&
      this.keys[2 * (p - 1)] === pos.keyLoStack[p - 1] &&
      this.keys[2 * (p - 1) + 1] === pos.keyHiStack[p - 1] &&
      this.kings[2 * (p - 1)] === kb &&
      this.kings[2 * (p - 1) + 1] === kw;
    const parent = (p - 1) * 81;
    let sum = 0;
    for (let i = 0; i < 81; i++) {
      const sq = SQUARES[i]!;
      const m1 = cap[effects[base + sq]!]!;
      const m2 = cap[effects[base + BOARD_SIZE + sq]!]!;
      const piece = pos.board[sq]!;
      // What the square's value is computed from, in one number: piece, m1, m2.
      const input = (piece << 8) | (m1 << 4) | m2;
      let v: number;
      if (parentUsable && this.inputs[parent + i] === input) v = this.values[parent + i]!;
      else {
        v = squareValue(t, kb, kw, i, m1, m2, piece);
        if (parentUsable) this.stats.squares++;
      }
      this.values[here + i] = v;
      this.inputs[here + i] = input;
      sum += v;
    }
    if (parentUsable) this.stats.incremental++;
    else this.stats.full++;
    this.sums[p] = sum;
    this.keys[2 * p] = pos.keyLo;
    this.keys[2 * p + 1] = pos.keyHi;
    this.kings[2 * p] = kb;
    this.kings[2 * p + 1] = kw;
    this.valid[p] = 1;
    return total(sum);
  }
}
// #endregion
