/**
 * The transposition table (置換表): what the search learnt about a position, found again when the
 * same position is reached by another move order or in the next iteration.
 *
 * A typed array of 64-byte buckets of four 16-byte entries, the bucket chosen by the low bits of
 * the position key and the entry recognised by the high 32 bits. An entry keeps the best move, the
 * value with its bound, the depth searched and the search (generation) that wrote it.
 *
 * Replacement: a position already in the bucket is rewritten when the new result is exact, at least
 * as deep, or the old one is from an earlier search; otherwise the deeper result stays (a shallow
 * null-move verification must not wipe out a deep entry), and a new result that brings no move
 * keeps the old move. A new position takes an empty entry, or else the one least worth keeping:
 * shallow and old (Stockfish's measure: depth minus eight per search since it was written).
 */
import { integer } from '../option-spec';
import type { Move } from '../types';
import { valueFromTT, valueToTT } from './score';

export const Bound = { None: 0, Upper: 1, Lower: 2, Exact: 3 } as const;
export type Bound = (typeof Bound)[keyof typeof Bound];

export const TT_OPTIONS = {
  ttSizeMb: integer({
    label: 'TT size',
    default: 16,
    min: 0,
    max: 1024,
    unit: 'MiB',
    help: '0 turns the table off.',
  }),
};

const INTS_PER_ENTRY = 4;
export const ENTRIES_PER_BUCKET = 4;
const INTS_PER_BUCKET = INTS_PER_ENTRY * ENTRIES_PER_BUCKET;
/** Generations count in 22 bits and wrap around. */
const GENERATION_MASK = 0x3fffff;
/** In the replacement measure, one search of age weighs as much as this many plies of depth. */
const AGE_WEIGHT = 8;

// Entry layout, four 32-bit words: [key high half, move, value, depth + 1 | bound << 8 | generation << 10].
// Depth is kept as depth + 1 (1..255), so a zero word 3 means an empty entry.

export class TranspositionTable {
  private table: Int32Array;
  /** Bucket index mask; -1 when there is no table. */
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

  /** Entries the table holds (0 when off). */
  get capacity(): number {
    return this.mask < 0 ? 0 : (this.mask + 1) * ENTRIES_PER_BUCKET;
  }

  get bytes(): number {
    return this.table.byteLength;
  }

  /** Resize to the largest power-of-two bucket count that fits `sizeMb` (0 = no table). */
  resize(sizeMb: number): void {
    const bytes = Math.max(0, Math.floor(sizeMb * 1024 * 1024));
    const bucketBytes = INTS_PER_BUCKET * 4;
    if (bytes < bucketBytes) {
      this.table = new Int32Array(0);
      this.mask = -1;
      return;
    }
    let buckets = 1;
    while (buckets * 2 * bucketBytes <= bytes) buckets *= 2;
    if (this.table.length !== buckets * INTS_PER_BUCKET)
      this.table = new Int32Array(buckets * INTS_PER_BUCKET);
    this.mask = buckets - 1;
  }

  clear(): void {
    this.table.fill(0);
    this.generation = 0;
  }

  /** A new search begins: what earlier searches wrote becomes older, and easier to replace. */
  newSearch(): void {
    this.generation = (this.generation + 1) & GENERATION_MASK;
  }

  /** Index of the entry for this key, or -1 when the table is off or does not hold the position. */
  probe(keyLo: number, keyHi: number): number {
    if (this.mask < 0) return -1;
    const t = this.table;
    const key = keyHi | 0;
    const first = (keyLo & this.mask) * INTS_PER_BUCKET;
    for (let i = first; i < first + INTS_PER_BUCKET; i += INTS_PER_ENTRY)
      if (t[i] === key && t[i + 3] !== 0) return i;
    return -1;
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
  /** The stored value, a mate counted again from the root of a search at `ply`. */
  value(i: number, ply: number): number {
    return valueFromTT(this.table[i + 2]!, ply);
  }

  // #region tt-store
  /** Remember a search result for this position (`ply` turns mate scores into distances from here). */
  store(
    keyLo: number,
    keyHi: number,
    move: Move,
    value: number,
    depth: number,
    bound: Bound,
    ply: number,
  ): void {
    if (this.mask < 0) return;
    const t = this.table;
    const key = keyHi | 0;
    const first = (keyLo & this.mask) * INTS_PER_BUCKET;
    let slot = -1;
    for (let i = first; i < first + INTS_PER_BUCKET; i += INTS_PER_ENTRY) {
      if (t[i] === key && t[i + 3] !== 0) {
        // The same position: keep a deeper result of this search unless the new one is exact.
        const sameSearch = t[i + 3]! >>> 10 === this.generation;
        if (sameSearch && bound !== Bound.Exact && depth < this.depth(i)) return;
        if (move === 0) move = t[i + 1]! >>> 0;
        slot = i;
        break;
      }
    }
    if (slot < 0) slot = this.victim(first);
    t[slot] = key;
    t[slot + 1] = move | 0;
    t[slot + 2] = valueToTT(value, ply);
    const storedDepth = Math.min(Math.max(depth + 1, 1), 255);
    t[slot + 3] = storedDepth | (bound << 8) | (this.generation << 10);
  }
  // #endregion

  /** The entry of the bucket to overwrite with a new position: empty, else least worth keeping. */
  private victim(first: number): number {
    const t = this.table;
    let worst = first;
    let worstWorth = 1 << 30;
    for (let i = first; i < first + INTS_PER_BUCKET; i += INTS_PER_ENTRY) {
      const word = t[i + 3]!;
      if (word === 0) return i;
      const age = (this.generation - (word >>> 10)) & GENERATION_MASK;
      const worth = (word & 0xff) - AGE_WEIGHT * age;
      if (worth < worstWorth) {
        worstWorth = worth;
        worst = i;
      }
    }
    return worst;
  }

  /** Per mille of a sample of entries written by the current search (USI `hashfull`). */
  hashfull(): number {
    if (this.mask < 0) return 0;
    const n = Math.min(1000, this.capacity);
    let used = 0;
    for (let e = 0; e < n; e++) {
      const word = this.table[e * INTS_PER_ENTRY + 3]!;
      if (word !== 0 && word >>> 10 === this.generation) used++;
    }
    return Math.round((used * 1000) / n);
  }
}
