/**
 * The transposition table (置換表): a typed array of 16-byte entries indexed by the low bits of
 * the position key, checked by the high 32 bits. Each entry keeps the best move, the score
 * with its bound, the depth searched and the search generation that wrote it.
 */
import { type Move } from '../types';

export const Bound = { None: 0, Upper: 1, Lower: 2, Exact: 3 } as const;
export type Bound = (typeof Bound)[keyof typeof Bound];

/** Scores beyond this are mates (or a win by perpetual check / declaration), adjusted by ply. */
export const MATE = 32000;
export const MATE_BOUND = MATE - 1024;

const INTS_PER_ENTRY = 4;

export class TranspositionTable {
  private table: Int32Array;
  private mask: number;
  private generation = 0;

  constructor(sizeMb: number) {
    this.table = new Int32Array(0);
    this.mask = -1;
    this.resize(sizeMb);
  }

  get enabled(): boolean {
    return this.mask >= 0;
  }

  /** Resize to the largest power-of-two entry count that fits `sizeMb` (0 = no table). */
  resize(sizeMb: number): void {
    const bytes = Math.max(0, Math.floor(sizeMb * 1024 * 1024));
    let entries = 1;
    while (entries * 2 * INTS_PER_ENTRY * 4 <= bytes) entries *= 2;
    if (bytes < INTS_PER_ENTRY * 4) {
      this.table = new Int32Array(0);
      this.mask = -1;
      return;
    }
    if (this.table.length !== entries * INTS_PER_ENTRY)
      this.table = new Int32Array(entries * INTS_PER_ENTRY);
    this.mask = entries - 1;
  }

  clear(): void {
    this.table.fill(0);
  }

  newSearch(): void {
    this.generation = (this.generation + 1) & 0x3fffff;
  }

  /** Index of the entry for this key, or -1 when the table is off or the slot holds another position. */
  probe(keyLo: number, keyHi: number): number {
    if (this.mask < 0) return -1;
    const i = (keyLo & this.mask) * INTS_PER_ENTRY;
    const t = this.table;
    return t[i] === (keyHi | 0) && t[i + 3] !== 0 ? i : -1;
  }

  move(i: number): Move {
    return this.table[i + 1]! >>> 0;
  }
  depth(i: number): number {
    return (this.table[i + 3]! & 0xff) - 1;
  }
  bound(i: number): Bound {
    return ((this.table[i + 3]! >> 8) & 3) as Bound;
  }
  /** The stored score, turned back from "mate in n from here" into "mate in n from the root". */
  score(i: number, ply: number): number {
    const s = this.table[i + 2]!;
    return s > MATE_BOUND ? s - ply : s < -MATE_BOUND ? s + ply : s;
  }

  store(
    keyLo: number,
    keyHi: number,
    move: Move,
    score: number,
    depth: number,
    bound: Bound,
    ply: number,
  ): void {
    if (this.mask < 0) return;
    const i = (keyLo & this.mask) * INTS_PER_ENTRY;
    const t = this.table;
    const sameKey = t[i] === (keyHi | 0);
    const oldDepth = (t[i + 3]! & 0xff) - 1;
    const oldGeneration = t[i + 3]! >>> 10;
    // Keep a deeper entry of the same search unless this one is exact; always take stale slots.
    if (
      sameKey ||
      oldGeneration !== this.generation ||
      depth >= oldDepth ||
      bound === Bound.Exact
    ) {
      if (move === 0 && sameKey) move = t[i + 1]! >>> 0;
      t[i] = keyHi | 0;
      t[i + 1] = move | 0;
      t[i + 2] = score > MATE_BOUND ? score + ply : score < -MATE_BOUND ? score - ply : score;
      t[i + 3] = Math.min(Math.max(depth + 1, 1), 255) | (bound << 8) | (this.generation << 10) | 0;
    }
  }

  /** Per mille of a sample of entries written by the current search (USI `hashfull`). */
  hashfull(): number {
    if (this.mask < 0) return 0;
    const n = Math.min(1000, this.mask + 1);
    let used = 0;
    for (let e = 0; e < n; e++)
      if (
        this.table[e * INTS_PER_ENTRY + 3]! >>> 10 === this.generation &&
        this.table[e * INTS_PER_ENTRY + 3] !== 0
      )
        used++;
    return Math.round((used * 1000) / n);
  }

  get bytes(): number {
    return this.table.byteLength;
  }
}
