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
 *
 * The table and the path's frames are in table.ts; the result, and the proof read as a tree and
 * as a line, in proof.ts.
 */
import { givesCheck } from '../move-check';
import { generateMoves, MAX_MOVES } from '../movegen';
import type { Position } from '../position';
import { MAX_PLY } from '../position-state';
import { makeUsiMove } from '../notation';
import type { Move } from '../types';
import {
  type DfpnLimits,
  type DfpnResult,
  type DfpnStatus,
  isMatingLine,
  proofNode,
  type ProofNode,
  provenLine,
} from './proof';
import {
  addSat,
  ANY_LENGTH,
  CUT_BEYOND,
  CUT_REPEATS,
  DISPROVEN,
  epsilonAbove,
  type Frame,
  MAX_FRAMES,
  MateTable,
  NO_PROOF,
  OPEN,
  PN_INFINITE,
  PROVEN,
} from './table';

/** The checks of a search's claims (proof.ts), also taken from here with the searcher (the benches). */
export { forcesMate, isMatingLine } from './proof';

/**
 * A probe's longest line: the budgets that suit a search's leaves (tens to thousands of nodes)
 * seldom prove anything longer, and a short cap keeps a probe from wandering down one long series
 * of checks.
 */
export const PROBE_MAX_PLY = 15;

/**
 * A line's cap as far as the position's stack and our frames allow: a node at the cap still makes
 * its moves to look at the children, so a line may reach the cap plus one ply. (After more than
 * 768 game plies, 256 plies of checks would have overflowed the stack of 1,024.)
 */
const capPly = (pos: Position, maxPly: number): number =>
  Math.max(0, Math.min(maxPly, MAX_FRAMES - 1, MAX_PLY - pos.ply - 1));

export class DfpnSearcher {
  readonly table: MateTable;
  private readonly frames: Frame[] = [];
  private nodes = 0;
  private stopped = false;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private shouldStop: (() => boolean) | undefined;
  private onProgress: ((nodes: number) => void) | undefined;
  /** The cap on the length of a line in the search under way (proof.ts reads it too). */
  maxPly = 256;
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
    return { status, pn, dn, line: status === 'mate' ? provenLine(this, pos) : [] };
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
  settledAt(e: number, left: number): number {
    const t = this.table;
    if (t.isProven(e) && (!this.exactLength || t.length[e]! <= left)) return PROVEN;
    const disproven = t.disproofLeft[e]!;
    if (disproven >= 0 && (!this.exactLength || disproven >= left)) return DISPROVEN;
    return OPEN;
  }

  /** The attacker's checks (OR node) or the defender's evasions (AND node), with their children's keys. */
  expand(pos: Position, orNode: boolean, depth: number): Frame {
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

  /**
   * One node of the proof left in the table by the last `solve` (with `keepProof`), reached from
   * the root by `path` (proof.ts reads it). `pos` is the root and is left as it was.
   */
  proofNode(pos: Position, path: readonly Move[]): ProofNode {
    return proofNode(this, pos, path);
  }
}
