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

/** Proof and disproof numbers saturate here: "infinite". */
export const INFINITE = 0x3fffffff;

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

// #region dfpn-table
/**
 * The search's own table: per position, its proof and disproof numbers, the length of the mate
 * found when proven, and the work spent on it (which entry to give up when a bucket is full).
 * Four entries per bucket; proven and disproven entries are kept before open ones.
 */
export class MateTable {
  private readonly mask: number;
  private readonly keyLo: Int32Array;
  private readonly keyHi: Int32Array;
  readonly pn: Int32Array;
  readonly dn: Int32Array;
  /** Plies to mate along the proof found (proven entries only). */
  readonly length: Uint16Array;
  private readonly work: Float64Array;
  readonly size: number;

  constructor(sizeMb = 32) {
    const bytesPerEntry = 4 + 4 + 4 + 4 + 2 + 8;
    let entries = 4;
    while (entries * 2 * bytesPerEntry <= sizeMb * 1024 * 1024) entries *= 2;
    this.size = entries;
    this.mask = entries / 4 - 1;
    this.keyLo = new Int32Array(entries);
    this.keyHi = new Int32Array(entries);
    this.pn = new Int32Array(entries);
    this.dn = new Int32Array(entries);
    this.length = new Uint16Array(entries);
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

  /** Write a position's numbers, taking its old entry, an empty one, or the least worth keeping. */
  store(lo: number, hi: number, pn: number, dn: number, length: number, work: number): void {
    const base = (lo & this.mask) * 4;
    let slot = -1;
    let worst = Infinity;
    for (let i = base; i < base + 4; i++) {
      const w = this.work[i]!;
      if (w === 0 || (this.keyLo[i] === (lo | 0) && this.keyHi[i] === (hi | 0))) {
        slot = i;
        break;
      }
      // A settled result is worth more than any amount of open work.
      const worth = this.pn[i] === 0 || this.dn[i] === 0 ? Infinity : w;
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
    this.length[slot] = length;
    this.work[slot] = Math.max(1, work);
  }
}
// #endregion

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
 * A sum of proof (or disproof) numbers. INFINITE is kept for a real proof or disproof: a sum of
 * finite numbers stops one short of it, so that however large it grows it never reads as one.
 * (Capped at INFINITE, a node with a large finite sum looked settled to its parent, and the root
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
  a >= INFINITE || b >= INFINITE ? INFINITE : Math.min(INFINITE - 1, a + b);

/**
 * The 1 + ε trick (Pawlewicz and Lew, 2007): stay below a child until its number passes the
 * second-best sibling's by a quarter, not by one, so the search does not swap between two
 * siblings of nearly equal numbers at every step.
 */
const EPSILON = 0.25;
const epsilonAbove = (second: number): number =>
  second >= INFINITE ? INFINITE : Math.max(second + 1, Math.ceil(second * (1 + EPSILON)));

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
    const first = this.prove(pos, capPly(pos, limits.maxPly ?? 256));
    const { status, pn, dn } = first;
    let line = first.line;
    // #region dfpn-shorten
    if (status === 'mate' && limits.shorten !== false) {
      // A cap on the length makes results depend on the depth they were reached at, so every
      // pass starts from an empty table. A pass that runs out of budget keeps the line we have.
      let tableHoldsLine = true;
      while (line.length > 1) {
        const shorter = this.prove(pos, line.length - 2);
        tableHoldsLine = false;
        if (shorter.status !== 'mate' || shorter.line.length >= line.length) break;
        line = shorter.line;
        tableHoldsLine = true;
      }
      this.stopped = false;
      if (limits.keepProof === true && !tableHoldsLine) {
        this.nodeLimit = Infinity;
        this.deadline = Infinity;
        this.shouldStop = undefined;
        line = this.prove(pos, line.length).line;
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
    if (e >= 0 && (t.pn[e] === 0 || t.dn[e] === 0)) return t.pn[e] === 0 ? t.length[e]! : 0;
    this.stopped = false;
    this.nodeLimit = nodes;
    this.deadline = Infinity;
    this.shouldStop = undefined;
    this.onProgress = undefined;
    this.rootPly = pos.ply;
    this.maxPly = capPly(pos, maxPly);
    this.search(pos, true, INFINITE, INFINITE, 0);
    const r = t.find(pos.keyLo, pos.keyHi);
    return r >= 0 && t.pn[r] === 0 ? t.length[r]! : 0;
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
  ): { status: DfpnStatus; pn: number; dn: number; line: Move[] } {
    this.table.clear();
    this.maxPly = maxPly;
    this.search(pos, true, INFINITE, INFINITE, 0);
    const e = this.table.find(pos.keyLo, pos.keyHi);
    const pn = e < 0 ? 1 : this.table.pn[e]!;
    const dn = e < 0 ? 1 : this.table.dn[e]!;
    const status: DfpnStatus = pn === 0 ? 'mate' : dn === 0 && !this.stopped ? 'nomate' : 'timeout';
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
      if (orNode) t.store(key.lo, key.hi, INFINITE, 0, 0, 1);
      else t.store(key.lo, key.hi, 0, INFINITE, 0, 1);
      return;
    }
    const startNodes = this.nodes;
    for (;;) {
      // The node's numbers from its children's: min and sum, the roles swapped at AND nodes.
      let best = -1;
      let bestNum = INFINITE + 1; // the smallest pn (OR) or dn (AND) among the children
      let second = INFINITE;
      let bestOther = 0; // the other number of that child
      let sum = 0; // sum of dn (OR) or pn (AND)
      let length = orNode ? 0xffff : 0;
      for (let i = 0; i < f.count; i++) {
        let cpn = 1;
        let cdn = 1;
        let clen = 0;
        const e = t.find(f.childLo[i]!, f.childHi[i]!);
        if (e >= 0 && t.pn[e] === 0) {
          // A proof holds wherever the position is reached: the cut only ever disproves.
          cpn = 0;
          cdn = INFINITE;
          clen = t.length[e]!;
        } else if (f.childCut[i]) {
          cpn = INFINITE;
          cdn = 0;
        } else if (e >= 0) {
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
      t.store(key.lo, key.hi, pn, dn, pn === 0 ? length : 0, work);
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
    const children: ProofChild[] = [];
    for (let i = 0; i < f.count; i++) {
      const e = t.find(f.childLo[i]!, f.childHi[i]!);
      const cut = f.childCut[i]!;
      const proven = e >= 0 && t.pn[e] === 0;
      const pn = proven ? 0 : cut ? INFINITE : e >= 0 ? t.pn[e]! : 1;
      const dn = proven ? INFINITE : cut ? 0 : e >= 0 ? t.dn[e]! : 1;
      children.push({
        move: makeUsiMove(f.moves[i]!),
        status: proven
          ? 'proven'
          : cut === CUT_REPEATS
            ? 'repeats'
            : cut === CUT_BEYOND
              ? 'beyond'
              : dn === 0
                ? 'disproven'
                : 'open',
        pn,
        dn,
        length: proven ? t.length[e]! : 0,
      });
    }
    for (let i = path.length - 1; i >= 0; i--) pos.undoMove(path[i]!);
    return {
      kind: orNode ? 'or' : 'and',
      proven: self >= 0 && t.pn[self] === 0,
      length: self >= 0 && t.pn[self] === 0 ? t.length[self]! : 0,
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
        if (e < 0 || t.pn[e] !== 0) continue;
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
