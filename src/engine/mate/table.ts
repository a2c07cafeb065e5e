/**
 * What the df-pn search (dfpn.ts) keeps and counts with: proof and disproof numbers and their sums;
 * its table, per position the numbers, the shortest mate proven and the most plies disproven; and
 * the frames of the path it is on, a node's moves and its children's keys. proof.ts reads the
 * table and the frames to show the proof and its line.
 */

/**
 * A proof or disproof number of "infinity": a settled position (PN for proof number; the α-β
 * search has its own INFINITE, a score, in search/score.ts).
 */
export const PN_INFINITE = 0x3fffffff;

/**
 * A sum of proof (or disproof) numbers. PN_INFINITE is kept for a real proof or disproof: a sum of
 * finite numbers stops one short of it, so that however large it grows it never reads as one.
 * (Capped at PN_INFINITE, a node with a large finite sum looked settled to its parent, and the root
 * gave up with most of its budget unspent.) Shogi df-pn solvers do the same.
 */
export const addSat = (a: number, b: number): number =>
  a >= PN_INFINITE || b >= PN_INFINITE ? PN_INFINITE : Math.min(PN_INFINITE - 1, a + b);

/**
 * The 1 + ε trick (Pawlewicz and Lew, 2007): stay below a child until its number passes the
 * second-best sibling's by a quarter, not by one, so the search does not swap between two
 * siblings of nearly equal numbers at every step.
 */
const EPSILON = 0.25;
export const epsilonAbove = (second: number): number =>
  second >= PN_INFINITE ? PN_INFINITE : Math.max(second + 1, Math.ceil(second * (1 + EPSILON)));

/** No mate proven from the position (MateTable.length). */
export const NO_PROOF = 0xffff;
/** A disproof that no cap on the length took part in: it holds with any number of plies left. */
export const ANY_LENGTH = 0x7fff;

// #region dfpn-table
/**
 * The search's own table: per position, its proof and disproof numbers from its last search, the
 * length of the shortest mate proven from it, the most plies a line from it could be given and
 * still be disproven, and the work spent on it (which entry to give up when a bucket is full).
 * Four entries per bucket; entries with a proof or a disproof are kept before open ones.
 *
 * A proof and a disproof are kept apart from the numbers, because under a cap on the length
 * (`solve`'s shortening passes) either holds only for some lines: a mate in 7 proven from a
 * position does not fit where the cap leaves 5 plies, and "no mate in 5 plies" says nothing where
 * 7 are left. Each is kept at its best: the shortest mate, the most plies disproven.
 */
export class MateTable {
  private readonly mask: number;
  private readonly keyLo: Int32Array;
  private readonly keyHi: Int32Array;
  readonly pn: Int32Array;
  readonly dn: Int32Array;
  /** Plies to mate along the shortest proof found, or NO_PROOF. */
  readonly length: Uint16Array;
  /** The most plies a line from here was given when it was disproven (ANY_LENGTH: any), or -1. */
  readonly disproofLeft: Int16Array;
  private readonly work: Float64Array;
  readonly size: number;

  constructor(sizeMb = 32) {
    const bytesPerEntry = 4 + 4 + 4 + 4 + 2 + 2 + 8;
    let entries = 4;
    while (entries * 2 * bytesPerEntry <= sizeMb * 1024 * 1024) entries *= 2;
    this.size = entries;
    this.mask = entries / 4 - 1;
    this.keyLo = new Int32Array(entries);
    this.keyHi = new Int32Array(entries);
    this.pn = new Int32Array(entries);
    this.dn = new Int32Array(entries);
    this.length = new Uint16Array(entries);
    this.disproofLeft = new Int16Array(entries);
    this.work = new Float64Array(entries);
  }

  clear(): void {
    this.work.fill(0);
  }

  /** The entry for a key, or -1. */
  find(lo: number, hi: number): number {
    const base = (lo & this.mask) * 4;
    for (let i = base; i < base + 4; i++) {
      if (this.work[i] !== 0 && this.keyLo[i] === (lo | 0) && this.keyHi[i] === (hi | 0)) return i;
    }
    return -1;
  }

  /** Does the entry hold a proof (a mate of `length[e]` plies)? */
  isProven(e: number): boolean {
    return this.length[e] !== NO_PROOF;
  }

  /**
   * Write a position's numbers, with the length of a mate now proven (or NO_PROOF) and the plies a
   * line was given where it is now disproven (or -1), taking its old entry (whose proof and
   * disproof are kept where they are better), an empty one, or the least worth keeping.
   */
  store(
    lo: number,
    hi: number,
    pn: number,
    dn: number,
    proofLength: number,
    disproofLeft: number,
    work: number,
  ): void {
    const base = (lo & this.mask) * 4;
    let slot = -1;
    let worst = Infinity;
    let same = false;
    for (let i = base; i < base + 4; i++) {
      const w = this.work[i]!;
      if (w === 0 || (this.keyLo[i] === (lo | 0) && this.keyHi[i] === (hi | 0))) {
        slot = i;
        same = w !== 0;
        break;
      }
      // A settled result is worth more than any amount of open work.
      const worth = this.isProven(i) || this.disproofLeft[i]! >= 0 ? Infinity : w;
      if (worth < worst) {
        worst = worth;
        slot = i;
      }
    }
    if (slot < 0) slot = base; // every entry settled: the first goes
    this.keyLo[slot] = lo;
    this.keyHi[slot] = hi;
    this.pn[slot] = pn;
    this.dn[slot] = dn;
    this.length[slot] = same ? Math.min(this.length[slot]!, proofLength) : proofLength;
    this.disproofLeft[slot] = same
      ? Math.max(this.disproofLeft[slot]!, disproofLeft)
      : disproofLeft;
    this.work[slot] = Math.max(1, work);
  }
}
// #endregion

/** What a table entry settles where it is met (settledAt). */
export const OPEN = 0;
export const PROVEN = 1;
export const DISPROVEN = 2;

/** Why a child is not searched: it repeats a position on the path, or lies past the length cap. */
export const CUT_REPEATS = 1;
export const CUT_BEYOND = 2;

/** Per ply of the current path: the node's moves and its children's keys. */
export interface Frame {
  moves: Uint32Array;
  childLo: Int32Array;
  childHi: Int32Array;
  /** CUT_REPEATS or CUT_BEYOND when the child is a failure on this path (unless the table proves it), else 0. */
  childCut: Uint8Array;
  count: number;
}

export const MAX_FRAMES = 1024;
