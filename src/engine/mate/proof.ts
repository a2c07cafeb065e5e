/**
 * What a df-pn search (dfpn.ts) answers, and how its proof is read: the result of `solve`, the
 * proof node by node for the chapter's tree browser (`proofNode`), the mating line walked out of
 * the table (`provenLine`), and the checks of a line or a move from outside the search
 * (`isMatingLine`, `forcesMate`).
 */
import { givesCheck } from '../move-check';
import { generateMoves, MAX_MOVES } from '../movegen';
import type { Position } from '../position';
import { isMate } from '../rules';
import { makeUsiMove } from '../notation';
import type { Move } from '../types';
import {
  CUT_BEYOND,
  CUT_REPEATS,
  DISPROVEN,
  type Frame,
  MAX_FRAMES,
  type MateTable,
  OPEN,
  PN_INFINITE,
  PROVEN,
} from './table';

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

/**
 * What the proof is read from: a df-pn searcher (dfpn.ts), its table, the cap on the line's
 * length of its last search, and its view of a node (its moves, and what the table settles).
 */
export interface ProofSource {
  readonly table: MateTable;
  readonly maxPly: number;
  expand(pos: Position, orNode: boolean, depth: number): Frame;
  settledAt(e: number, left: number): number;
}

/** A mate search that solves a position (DfpnSearcher), for `forcesMate`. */
interface Solver {
  solve(pos: Position, limits: DfpnLimits): DfpnResult;
}

// #region dfpn-proof-node
/**
 * One node of the proof left in the table by the last `solve` (with `keepProof`), reached from
 * the root by `path`: who is to move, the mate's length from here, and every child with what the
 * table knows of it. The attacker needs one proven check; the defender's evasions must all be
 * proven. `pos` is the root and is left as it was.
 */
export function proofNode(source: ProofSource, pos: Position, path: readonly Move[]): ProofNode {
  for (const m of path) pos.doMove(m);
  const orNode = path.length % 2 === 0;
  const f = source.expand(pos, orNode, path.length);
  const t = source.table;
  const self = t.find(pos.keyLo, pos.keyHi);
  const left = source.maxPly - path.length;
  const children: ProofChild[] = [];
  for (let i = 0; i < f.count; i++) {
    const e = t.find(f.childLo[i]!, f.childHi[i]!);
    const cut = f.childCut[i]!;
    const settled = e >= 0 ? source.settledAt(e, left - 1) : OPEN;
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
  const selfProven = self >= 0 && source.settledAt(self, left) === PROVEN;
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
export function provenLine(source: ProofSource, pos: Position): Move[] {
  const line: Move[] = [];
  let orNode = true;
  const t = source.table;
  // Lengths fall by at least one a step along proven children, so the walk ends; the bound on
  // the steps is a guard against a table that lost entries on the way.
  for (let depth = 0; depth < MAX_FRAMES - 1; depth++) {
    const f = source.expand(pos, orNode, depth);
    let pick = -1;
    let pickLen = orNode ? Infinity : -1;
    for (let i = 0; i < f.count; i++) {
      const e = t.find(f.childLo[i]!, f.childHi[i]!);
      if (e < 0 || source.settledAt(e, source.maxPly - depth - 1) !== PROVEN) continue;
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
export function forcesMate(pos: Position, move: Move, solver: Solver, nodes = 1_000_000): boolean {
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
