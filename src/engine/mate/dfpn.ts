/**
 * A mate search (詰み探索, tsumi tansaku) by depth-first proof-number search, df-pn (Nagai 2002).
 *
 * The attacker moves at OR nodes and plays only checks; the defender moves at AND nodes and
 * plays every legal evasion. A node is *proven* when the attacker mates from it, *disproven* when
 * the defender escapes. Each node carries two numbers: the proof number `pn`, the fewest leaves
 * that must still be proven to prove it, and the disproof number `dn`, the fewest that must be
 * disproven to disprove it. The search always walks to the most-proving node — the child with the
 * smallest `pn` at an OR node, the smallest `dn` at an AND node — and stays below a node until its
 * numbers pass the thresholds its parent gave it, so it is depth-first and needs memory only for
 * its table, like α-β.
 *
 * The rules, as a mate search must know them:
 * - The moves are our legal generator's, so a pawn drop that mates (打ち歩詰め) is never tried: a
 *   position where only that would mate is not a mate.
 * - A position that repeats one on the current path is a failure for the attacker: every
 *   attacking move is a check, and 千日手 by continuous check loses for the checker. That result
 *   depends on the path, so it is not written to the table for the repeated node (its ancestors
 *   may still be marked disproven through it: the graph-history interaction, which this search,
 *   like most practical ones, accepts).
 * - A line longer than `maxPly` counts as a failure, in the same path-dependent way.
 *
 * Not here: hand domination (証明駒 / 反証駒: a position proven with fewer pieces in hand proves
 * it with more), which the strongest solvers use to share results between hands.
 */
import { givesCheck } from '../move-check';
import { generateMoves, MAX_MOVES } from '../movegen';
import { MAX_PLY, type Position } from '../position';
import { isMate } from '../rules';
import { makeUsiMove } from '../notation';
import type { Move } from '../types';

/**
 * A proof or disproof number of "infinity": a settled position (PN for proof number; the α-β
 * search has its own INFINITE, a score, in search/score.ts).
 */
export const PN_INFINITE = 0x3fffffff;

export interface DfpnLimits {
  /** Stop after about this many nodes (calls of the search's inner loop). */
  nodes?: number | undefined;
  /** Stop after this many milliseconds. */
  timeMs?: number | undefined;
  /** Polled every 1024 nodes: true stops the search (a Stop button, USI `stop`). */
  shouldStop?: (() => boolean) | undefined;
  /** Called with the nodes so far about every 1,024 nodes (a progress line). */
  onProgress?: ((nodes: number) => void) | undefined;
  /** The longest line tried, in plies; longer counts as no mate (default 256). */
  maxPly?: number;
  /**
   * After the first proof, look for shorter ones (default true): df-pn proves *a* mate, not the
   * shortest, so the search is run again with the line's length capped below the last proof's
   * until no proof is found or the budget runs out.
   */
  shorten?: boolean;
  /**
   * Leave the proof of the reported line in the table, for `proofNode` (the chapter's tree
   * browser): when the last shortening pass found nothing, the pass that proved the line is run
   * again. Default false.
   */
  keepProof?: boolean;
}

export type DfpnStatus = 'mate' | 'nomate' | 'timeout';

export interface DfpnResult {
  status: DfpnStatus;
  /** The mating line in USI when proven: attacker's checks and the longest defence found. */
  pv: string[];
  /** The same line as moves. */
  pvMoves: Move[];
  /** Nodes expanded (positions whose children were generated). */
  nodes: number;
  /** The root's proof and disproof numbers when the search ended. */
  pn: number;
  dn: number;
  timeMs: number;
  /**
   * The mate is as short as mates come here: a pass capped two plies shorter found none, rather
   * than running out of budget (with `shorten: false`, or no mate, false). As in any df-pn, a
   * line that repeats a position counts against the attacker where it was met, so a mate that
   * needs such a position reached by another path could be missed.
   */
  shortest: boolean;
}

/** A child in `proofNode`: its move, and what the table knows of it. */
export interface ProofChild {
  move: string;
  /**
   * `repeats`: it repeats a position on the path, so no mate is looked for there (perpetual check
   * loses); `beyond`: it lies past the cap on the line's length of the search that left the proof.
   */
  status: 'proven' | 'disproven' | 'open' | 'repeats' | 'beyond';
  pn: number;
  dn: number;
  /** Plies to mate from the child when proven. */
  length: number;
}

/** A node of the proof: the attacker to move ('or') or the defender ('and'), and its children. */
export interface ProofNode {
  kind: 'or' | 'and';
  proven: boolean;
  length: number;
  children: ProofChild[];
}

/** No mate proven from the position (MateTable.length). */
export const NO_PROOF = 0xffff;
/** A disproof that no cap on the length took part in: it holds with any number of plies left. */
const ANY_LENGTH = 0x7fff;

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
const OPEN = 0;
const PROVEN = 1;
const DISPROVEN = 2;

/** Why a child is not searched: it repeats a position on the path, or lies past the length cap. */
const CUT_REPEATS = 1;
const CUT_BEYOND = 2;

/** Per ply of the current path: the node's moves and its children's keys. */
interface Frame {
  moves: Uint32Array;
  childLo: Int32Array;
  childHi: Int32Array;
  /** CUT_REPEATS or CUT_BEYOND when the child is a failure on this path (unless the table proves it), else 0. */
  childCut: Uint8Array;
  count: number;
}

const MAX_FRAMES = 1024;

/**
 * A probe's longest line: the budgets that suit a search's leaves (tens to thousands of nodes)
 * seldom prove anything longer, and a short cap keeps a probe from wandering down one long series
 * of checks.
 */
export const PROBE_MAX_PLY = 15;

/**
 * A sum of proof (or disproof) numbers. PN_INFINITE is kept for a real proof or disproof: a sum of
 * finite numbers stops one short of it, so that however large it grows it never reads as one.
 * (Capped at PN_INFINITE, a node with a large finite sum looked settled to its parent, and the root
 * gave up with most of its budget unspent.) Shogi df-pn solvers do the same.
 */
/**
 * A line's cap as far as the position's stack and our frames allow: a node at the cap still makes
 * its moves to look at the children, so a line may reach the cap plus one ply. (After more than
 * 768 game plies, 256 plies of checks would have overflowed the stack of 1,024.)
 */
const capPly = (pos: Position, maxPly: number): number =>
  Math.max(0, Math.min(maxPly, MAX_FRAMES - 1, MAX_PLY - pos.ply - 1));

const addSat = (a: number, b: number): number =>
  a >= PN_INFINITE || b >= PN_INFINITE ? PN_INFINITE : Math.min(PN_INFINITE - 1, a + b);

/**
 * The 1 + ε trick (Pawlewicz and Lew, 2007): stay below a child until its number passes the
 * second-best sibling's by a quarter, not by one, so the search does not swap between two
 * siblings of nearly equal numbers at every step.
 */
const EPSILON = 0.25;
const epsilonAbove = (second: number): number =>
  second >= PN_INFINITE ? PN_INFINITE : Math.max(second + 1, Math.ceil(second * (1 + EPSILON)));

export class DfpnSearcher {
  readonly table: MateTable;
  private readonly frames: Frame[] = [];
  private nodes = 0;
  private stopped = false;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private shouldStop: (() => boolean) | undefined;
  private onProgress: ((nodes: number) => void) | undefined;
  private maxPly = 256;
  /** Proofs and disproofs are taken only where they fit under the cap (settledAt). */
  private exactLength = false;
  private rootPly = 0;

  constructor(tableMb = 32) {
    this.table = new MateTable(tableMb);
  }

  /** Is there a mate for the side to move? `pos` is left as it was. */
  solve(pos: Position, limits: DfpnLimits = {}): DfpnResult {
    const start = Date.now();
    this.nodes = 0;
    this.stopped = false;
    this.nodeLimit = limits.nodes ?? Infinity;
    this.deadline = limits.timeMs === undefined ? Infinity : start + limits.timeMs;
    this.shouldStop = limits.shouldStop;
    this.onProgress = limits.onProgress;
    this.rootPly = pos.ply;
    const first = this.prove(pos, capPly(pos, limits.maxPly ?? 256), false);
    const { status, pn, dn } = first;
    let line = first.line;
    let shortest = false;
    // #region dfpn-shorten
    if (status === 'mate' && limits.shorten !== false) {
      // The first pass takes a proof wherever it finds one, and proves a mate, not the shortest.
      // Each next pass caps the length two plies below the last line (mates have odd lengths),
      // and takes a proof or a disproof only where it fits under the cap: a proof found higher up
      // the tree may be too long where the position is met again deeper. Every pass starts from
      // an empty table. The shortening ends when a pass proves none shorter (`shortest`), or runs
      // out of budget, keeping the line it has.
      let tableHoldsLine = true;
      while (line.length > 1) {
        const cap = line.length - 2;
        const shorter = this.prove(pos, cap, true);
        tableHoldsLine = false;
        if (shorter.status === 'nomate') shortest = true;
        const fits = shorter.line.length <= cap && isMatingLine(pos, shorter.line);
        if (shorter.status !== 'mate' || !fits) break;
        line = shorter.line;
        tableHoldsLine = true;
      }
      if (line.length === 1) shortest = true;
      this.stopped = false;
      if (limits.keepProof === true && !tableHoldsLine) {
        this.nodeLimit = Infinity;
        this.deadline = Infinity;
        this.shouldStop = undefined;
        line = this.prove(pos, line.length, true).line;
      }
    }
    // #endregion
    return {
      status,
      pv: line.map(makeUsiMove),
      pvMoves: line,
      nodes: this.nodes,
      pn,
      dn,
      timeMs: Date.now() - start,
      shortest,
    };
  }

  // #region dfpn-probe
  /**
   * A small mate search inside another search (the horizon near the king): is there a mate for
   * the side to move within `nodes` nodes? Returns the mate's length in plies along the proof
   * found (not always the shortest), or 0 when none was proven. Unlike `solve`, the table is kept
   * from one probe to the next, so a position met again is answered at once, and lines are capped
   * at `maxPly` plies from each probe's own root.
   *
   * A proof is always a mate wherever the position stands: the defender's every evasion was
   * answered, and a repetition or the cap only ever counts against the attacker. A disproof may
   * come from the cap or a repetition met in an earlier probe, so a probe can miss a mate; it can
   * never invent one. `pos` is left as it was; its side to move should not be in check.
   */
  probe(pos: Position, nodes: number, maxPly = PROBE_MAX_PLY): number {
    const t = this.table;
    const e = t.find(pos.keyLo, pos.keyHi);
    this.nodes = 0;
    if (e >= 0 && t.isProven(e)) return t.length[e]!;
    if (e >= 0 && t.disproofLeft[e]! >= 0) return 0;
    this.stopped = false;
    this.nodeLimit = nodes;
    this.deadline = Infinity;
    this.shouldStop = undefined;
    this.onProgress = undefined;
    this.rootPly = pos.ply;
    this.maxPly = capPly(pos, maxPly);
    this.exactLength = false;
    this.search(pos, true, PN_INFINITE, PN_INFINITE, 0);
    const r = t.find(pos.keyLo, pos.keyHi);
    return r >= 0 && t.isProven(r) ? t.length[r]! : 0;
  }

  /** Nodes the last `probe` expanded (0 when the table answered it). */
  get probeNodes(): number {
    return this.nodes;
  }
  // #endregion

  /** One df-pn run from an empty table with lines capped at `maxPly` plies. */
  private prove(
    pos: Position,
    maxPly: number,
    exactLength: boolean,
  ): { status: DfpnStatus; pn: number; dn: number; line: Move[] } {
    this.table.clear();
    this.maxPly = maxPly;
    this.exactLength = exactLength;
    this.search(pos, true, PN_INFINITE, PN_INFINITE, 0);
    const e = this.table.find(pos.keyLo, pos.keyHi);
    const pn = e < 0 ? 1 : this.table.pn[e]!;
    const dn = e < 0 ? 1 : this.table.dn[e]!;
    const settled = e < 0 ? OPEN : this.settledAt(e, maxPly);
    const status: DfpnStatus =
      settled === PROVEN ? 'mate' : settled === DISPROVEN && !this.stopped ? 'nomate' : 'timeout';
    return { status, pn, dn, line: status === 'mate' ? this.provenLine(pos) : [] };
  }

  private frame(depth: number): Frame {
    let f = this.frames[depth];
    if (!f) {
      f = {
        moves: new Uint32Array(MAX_MOVES),
        childLo: new Int32Array(MAX_MOVES),
        childHi: new Int32Array(MAX_MOVES),
        childCut: new Uint8Array(MAX_MOVES),
        count: 0,
      };
      this.frames[depth] = f;
    }
    return f;
  }

  /**
   * What table entry `e` settles for a position with `left` plies left under the cap. When the
   * length counts (`exactLength`: a pass that looks for a shorter mate), a proof whose mate fits
   * in them, a disproof made with no more plies left than that, or nothing: a proof too long for
   * here, a disproof that a longer line might overturn. Otherwise any proof is a mate wherever the
   * position stands, and a disproof is taken as it is (the cap then makes a miss possible, never
   * a false mate).
   */
  private settledAt(e: number, left: number): number {
    const t = this.table;
    if (t.isProven(e) && (!this.exactLength || t.length[e]! <= left)) return PROVEN;
    const disproven = t.disproofLeft[e]!;
    if (disproven >= 0 && (!this.exactLength || disproven >= left)) return DISPROVEN;
    return OPEN;
  }

  /** The attacker's checks (OR node) or the defender's evasions (AND node), with their children's keys. */
  private expand(pos: Position, orNode: boolean, depth: number): Frame {
    const f = this.frame(depth);
    const all = generateMoves(pos, f.moves, 0);
    let n = 0;
    for (let i = 0; i < all; i++) {
      const m = f.moves[i]!;
      if (orNode && !givesCheck(pos, m)) continue;
      f.moves[n] = m;
      pos.doMove(m);
      f.childLo[n] = pos.keyLo;
      f.childHi[n] = pos.keyHi;
      f.childCut[n] = this.repeatsOnPath(pos)
        ? CUT_REPEATS
        : depth + 1 > this.maxPly
          ? CUT_BEYOND
          : 0;
      pos.undoMove(m);
      n++;
    }
    f.count = n;
    return f;
  }

  /** Does the position (just reached) repeat one on the path since the root? */
  private repeatsOnPath(pos: Position): boolean {
    for (let i = pos.ply - 2; i >= this.rootPly; i -= 2) {
      if (pos.keyLoStack[i] === pos.keyLo && pos.keyHiStack[i] === pos.keyHi) return true;
    }
    return false;
  }

  private timeUp(): boolean {
    if (this.nodes >= this.nodeLimit) return true;
    if ((this.nodes & 1023) === 0) {
      this.onProgress?.(this.nodes);
      if (Date.now() >= this.deadline || this.shouldStop?.() === true) return true;
    }
    return false;
  }

  // #region dfpn-mid
  /**
   * Search below `pos` until its proof number reaches `thPn` or its disproof number `thDn` (or it
   * is settled), and leave its numbers in the table.
   */
  private search(pos: Position, orNode: boolean, thPn: number, thDn: number, depth: number): void {
    this.nodes++;
    if (this.timeUp()) {
      this.stopped = true;
      return;
    }
    const f = this.expand(pos, orNode, depth);
    const t = this.table;
    const key = { lo: pos.keyLo, hi: pos.keyHi };
    if (f.count === 0) {
      // No check to give: no mate. No evasion: mated (the side to move is in check here).
      if (orNode) t.store(key.lo, key.hi, PN_INFINITE, 0, NO_PROOF, ANY_LENGTH, 1);
      else t.store(key.lo, key.hi, 0, PN_INFINITE, 0, -1, 1);
      return;
    }
    const startNodes = this.nodes;
    for (;;) {
      // The node's numbers from its children's: min and sum, the roles swapped at AND nodes.
      let best = -1;
      let bestNum = PN_INFINITE + 1; // the smallest pn (OR) or dn (AND) among the children
      let second = PN_INFINITE;
      let bestOther = 0; // the other number of that child
      let sum = 0; // sum of dn (OR) or pn (AND)
      let length = orNode ? 0xffff : 0;
      // Plies a line may still run below a child, under the cap on the length.
      const left = this.maxPly - depth - 1;
      for (let i = 0; i < f.count; i++) {
        let cpn = 1;
        let cdn = 1;
        let clen = 0;
        const e = t.find(f.childLo[i]!, f.childHi[i]!);
        const settled = e >= 0 ? this.settledAt(e, left) : OPEN;
        if (settled === PROVEN) {
          // A proof found where more plies were left counts only if it fits under the cap here
          // (settledAt); a cut only ever disproves.
          cpn = 0;
          cdn = PN_INFINITE;
          clen = t.length[e]!;
        } else if (f.childCut[i]) {
          cpn = PN_INFINITE;
          cdn = 0;
        } else if (settled === DISPROVEN) {
          cpn = PN_INFINITE;
          cdn = 0;
        } else if (e >= 0 && t.pn[e]! > 0 && t.dn[e]! > 0) {
          cpn = t.pn[e]!;
          cdn = t.dn[e]!;
        }
        const num = orNode ? cpn : cdn;
        const other = orNode ? cdn : cpn;
        sum = addSat(sum, other);
        if (num < bestNum) {
          second = bestNum;
          bestNum = num;
          bestOther = other;
          best = i;
        } else if (num < second) {
          second = num;
        }
        // The mate's length: the shortest proven check, or the longest evasion.
        if (orNode && cpn === 0) length = Math.min(length, clen + 1);
        if (!orNode) length = Math.max(length, clen + 1);
      }
      const pn = orNode ? bestNum : sum;
      const dn = orNode ? sum : bestNum;
      const work = this.nodes - startNodes + 1;
      // A disproof under a cap holds where as many plies are left as here, or fewer.
      t.store(
        key.lo,
        key.hi,
        pn,
        dn,
        pn === 0 ? length : NO_PROOF,
        dn === 0 ? this.maxPly - depth : -1,
        work,
      );
      if (pn >= thPn || dn >= thDn || this.stopped) return;
      // Into the most-proving child, with thresholds that send us back when a sibling gets better.
      const m = f.moves[best]!;
      let childThPn: number;
      let childThDn: number;
      if (orNode) {
        childThPn = Math.min(thPn, epsilonAbove(second));
        childThDn = addSat(thDn - dn, bestOther);
      } else {
        childThDn = Math.min(thDn, epsilonAbove(second));
        childThPn = addSat(thPn - pn, bestOther);
      }
      pos.doMove(m);
      this.search(pos, !orNode, childThPn, childThDn, depth + 1);
      pos.undoMove(m);
      // The frame of the next depth was reused below; ours is intact (one frame per depth).
      if (this.stopped) return;
    }
  }
  // #endregion

  // #region dfpn-proof-node
  /**
   * One node of the proof left in the table by the last `solve` (with `keepProof`), reached from
   * the root by `path`: who is to move, the mate's length from here, and every child with what the
   * table knows of it. The attacker needs one proven check; the defender's evasions must all be
   * proven. `pos` is the root and is left as it was.
   */
  proofNode(pos: Position, path: readonly Move[]): ProofNode {
    for (const m of path) pos.doMove(m);
    const orNode = path.length % 2 === 0;
    const f = this.expand(pos, orNode, path.length);
    const t = this.table;
    const self = t.find(pos.keyLo, pos.keyHi);
    const left = this.maxPly - path.length;
    const children: ProofChild[] = [];
    for (let i = 0; i < f.count; i++) {
      const e = t.find(f.childLo[i]!, f.childHi[i]!);
      const cut = f.childCut[i]!;
      const settled = e >= 0 ? this.settledAt(e, left - 1) : OPEN;
      const proven = settled === PROVEN;
      const disproven = !proven && (cut !== 0 || settled === DISPROVEN);
      const numbers = e >= 0 && settled === OPEN && t.pn[e]! > 0 && t.dn[e]! > 0;
      children.push({
        move: makeUsiMove(f.moves[i]!),
        status: proven
          ? 'proven'
          : cut === CUT_REPEATS
            ? 'repeats'
            : cut === CUT_BEYOND
              ? 'beyond'
              : disproven
                ? 'disproven'
                : 'open',
        pn: proven ? 0 : disproven ? PN_INFINITE : numbers ? t.pn[e]! : 1,
        dn: proven ? PN_INFINITE : disproven ? 0 : numbers ? t.dn[e]! : 1,
        length: proven ? t.length[e]! : 0,
      });
    }
    for (let i = path.length - 1; i >= 0; i--) pos.undoMove(path[i]!);
    const selfProven = self >= 0 && this.settledAt(self, left) === PROVEN;
    return {
      kind: orNode ? 'or' : 'and',
      proven: selfProven,
      length: selfProven ? t.length[self]! : 0,
      children,
    };
  }
  // #endregion

  /**
   * The mating line from the table: at the attacker's turns the proven check with the shortest
   * mate, at the defender's the evasion that lasts longest. Each step must be proven in the table;
   * an entry lost to replacement ends the line early, so the line is checked (see `isMatingLine`).
   */
  private provenLine(pos: Position): Move[] {
    const line: Move[] = [];
    let orNode = true;
    const t = this.table;
    // Lengths fall by at least one a step along proven children, so the walk ends; the bound on
    // the steps is a guard against a table that lost entries on the way.
    for (let depth = 0; depth < MAX_FRAMES - 1; depth++) {
      const f = this.expand(pos, orNode, depth);
      let pick = -1;
      let pickLen = orNode ? Infinity : -1;
      for (let i = 0; i < f.count; i++) {
        const e = t.find(f.childLo[i]!, f.childHi[i]!);
        if (e < 0 || this.settledAt(e, this.maxPly - depth - 1) !== PROVEN) continue;
        const len = t.length[e]!;
        if (orNode ? len < pickLen : len > pickLen) {
          pick = i;
          pickLen = len;
        }
      }
      if (pick < 0) break;
      const m = f.moves[pick]!;
      line.push(m);
      pos.doMove(m);
      orNode = !orNode;
    }
    for (let i = line.length - 1; i >= 0; i--) pos.undoMove(line[i]!);
    return line;
  }
}

/**
 * Is `line` a mate played out: every attacker move a legal check, every defender move legal, and
 * the defender mated at the end? `pos` is left as it was.
 */
export function isMatingLine(pos: Position, line: readonly Move[]): boolean {
  const played: Move[] = [];
  let okSoFar = true;
  const buf = new Uint32Array(MAX_MOVES);
  for (let i = 0; i < line.length && okSoFar; i++) {
    const m = line[i]!;
    const n = generateMoves(pos, buf, 0);
    if (!buf.subarray(0, n).includes(m)) okSoFar = false;
    else if (i % 2 === 0 && !givesCheck(pos, m)) okSoFar = false;
    else {
      pos.doMove(m);
      played.push(m);
    }
  }
  const mated = okSoFar && line.length % 2 === 1 && isMate(pos);
  for (let i = played.length - 1; i >= 0; i--) pos.undoMove(played[i]!);
  return mated;
}

/**
 * Does `move` win by force: after it, is every reply answered by a mate df-pn proves within
 * `nodes` (or is there no reply at all)? A check of a search's claim that `move` wins: the move
 * need not be a check, since a quiet move that leaves every defence mated (必至, hisshi) wins the
 * game too, though a mate problem would not accept it. `pos` is left as it was.
 */
export function forcesMate(
  pos: Position,
  move: Move,
  solver: DfpnSearcher,
  nodes = 1_000_000,
): boolean {
  pos.doMove(move);
  let all = true;
  if (!isMate(pos)) {
    const replies = new Uint32Array(MAX_MOVES);
    const n = generateMoves(pos, replies, 0);
    for (let i = 0; i < n && all; i++) {
      pos.doMove(replies[i]!);
      all = solver.solve(pos, { nodes, shorten: false }).status === 'mate';
      pos.undoMove(replies[i]!);
    }
  }
  pos.undoMove(move);
  return all;
}
