/**
 * The search tree, recorded node by node for the tree viewer when `traceNodes` > 0. Each node
 * says what window it was searched with, what it returned and why it ended as it did.
 *
 * While the search runs it records numbers only: a reason code and up to three numbers for the
 * sentence, and a note code for how the node was reached. The sentences are written once, when
 * the trace is handed out (`exportTrace`). With tracing off the search holds no tracer at all and
 * every tracing call is skipped by one null test.
 */
import { makeUsiMove } from '../notation';
import { integer } from '../option-spec';
import type { Move } from '../types';

export const TRACE_OPTIONS = {
  traceNodes: integer({
    label: 'Trace nodes',
    default: 0,
    min: 0,
    max: 20000,
    step: 100,
    help: 'Record the tree (0 = off).',
  }),
};

export type TraceKind =
  'pv' | 'cut' | 'all' | 'leaf' | 'tt' | 'mate' | 'draw' | 'quiescence' | 'pruned' | 'null-move';

/** A node as the tree viewer reads it. */
export interface TraceNode {
  id: number;
  parent: number;
  ply: number;
  /** The move that led here, in USI ("pass" for a null move, "" at the root). */
  move: string;
  depth: number;
  alpha: number;
  beta: number;
  value: number;
  kind: TraceKind;
  /** A sentence for the reader: "β cut-off: 412 ≥ 380 after 3 moves", … */
  reason: string;
  /** How the node was reached: "LMR −2", "PVS re-search, full window", … (empty if plainly). */
  note: string;
}

/** Why a node ended as it did. */
export const Reason = {
  None: 0,
  Repetition: 1,
  PerpetualCheck: 2,
  Declaration: 3,
  Quiescence: 4,
  StaticEval: 5,
  /** a = the entry's depth. */
  TableHit: 6,
  /** a = static value. */
  Razoring: 7,
  /** a = 1 when a verification search confirmed it. */
  NullMoveCut: 8,
  NoLegalMove: 9,
  /** a = moves searched. */
  BetaCutoff: 10,
  /** a = best move. */
  Exact: 11,
  /** a = moves searched, b = moves pruned. */
  FailLow: 12,
  /** a = static value, b = margin, c = the parent's α. */
  Futility: 13,
  /** a = the move's value, b = the threshold. */
  ForwardThreshold: 14,
  /** a = the move's value, b = the rank limit. */
  ForwardRank: 15,
  /** a = the decision tree's share of best moves at the move's leaf, in thousandths. */
  ForwardTree: 16,
  /** a = the mate's length in plies. */
  MateProbe: 17,
} as const;
export type Reason = (typeof Reason)[keyof typeof Reason];

/** How a node was reached, when not plainly. */
export const Note = {
  None: 0,
  /** arg = R. */
  NullMove: 1,
  /** arg = plies taken off. */
  Lmr: 2,
  LmrResearch: 3,
  PvsResearch: 4,
  CheckExtension: 5,
  /** arg = plies added. */
  RecaptureResearch: 6,
  /** Searched again with the credit it earned (Dual Credit, seed 001). */
  DualCreditResearch: 7,
  /** Extended because the mate tree says the move threatens mate (seed 002's future work). */
  MateThreatExtension: 8,
} as const;
export type Note = (typeof Note)[keyof typeof Note];

/** A node as recorded during the search: numbers only. */
interface RawNode {
  parent: number;
  ply: number;
  move: Move;
  depth: number;
  alpha: number;
  beta: number;
  value: number;
  kind: TraceKind;
  reason: Reason;
  a: number;
  b: number;
  c: number;
  note: Note;
  noteArg: number;
}

/** Records up to `limit` nodes. Quiescence nodes are summarised by the node that starts them. */
export class Tracer {
  readonly nodes: RawNode[] = [];
  /** The traced node open at each ply (-1: that node is not recorded, nor its children). */
  private readonly openAt: Int32Array;
  /** Above zero while a search whose nodes are not drawn runs (null-move verification). */
  suspended = 0;
  /** The note for the next node entered, and its number. */
  note: Note = Note.None;
  noteArg = 0;

  constructor(
    readonly limit: number,
    maxPly: number,
  ) {
    this.openAt = new Int32Array(maxPly + 1).fill(-1);
  }

  /** A node at `ply`, reached by `move`, starts: its id, or -1 when it is not recorded. */
  enter(ply: number, move: Move, depth: number, alpha: number, beta: number): number {
    const parent = ply > 0 ? this.openAt[ply - 1]! : -1;
    const note = this.note;
    this.note = Note.None;
    if (this.suspended > 0 || this.nodes.length >= this.limit || (ply > 0 && parent < 0)) {
      this.openAt[ply] = -1;
      return -1;
    }
    const id = this.nodes.length;
    this.nodes.push({
      parent,
      ply,
      move,
      depth,
      alpha,
      beta,
      value: 0,
      kind: 'leaf',
      reason: Reason.None,
      a: 0,
      b: 0,
      c: 0,
      note,
      noteArg: this.noteArg,
    });
    this.openAt[ply] = id;
    return id;
  }

  /** The node `id` ends with `value`; `a`, `b`, `c` are the reason's numbers. */
  exit(id: number, value: number, kind: TraceKind, reason: Reason, a = 0, b = 0, c = 0): void {
    const n = this.nodes[id]!;
    n.value = value;
    n.kind = kind;
    n.reason = reason;
    n.a = a;
    n.b = b;
    n.c = c;
  }

  /** A move at `ply` skipped without being read: drawn greyed, as a child, with the reason. */
  pruned(
    ply: number,
    move: Move,
    depth: number,
    alpha: number,
    beta: number,
    reason: Reason,
    a: number,
    b: number,
    c = 0,
  ): void {
    const id = this.enter(ply + 1, move, depth - 1, -beta, -alpha);
    if (id >= 0) this.exit(id, 0, 'pruned', reason, a, b, c);
  }
}

/** Record the end of a traced node (`id` ≥ 0) and pass the value on. */
export function done(
  trace: Tracer | null,
  id: number,
  value: number,
  kind: TraceKind,
  reason: Reason,
  a = 0,
  b = 0,
): number {
  if (id >= 0) trace!.exit(id, value, kind, reason, a, b);
  return value;
}

/** A node the search does not expand (rules, horizon), reached by `move`: traced as one leaf. */
export function leaf(
  trace: Tracer | null,
  ply: number,
  move: Move,
  depth: number,
  alpha: number,
  beta: number,
  value: number,
  kind: TraceKind,
  reason: Reason,
  a = 0,
): number {
  if (trace === null) return value;
  return done(trace, trace.enter(ply, move, depth, alpha, beta), value, kind, reason, a);
}

function reasonText(n: RawNode): string {
  switch (n.reason) {
    case Reason.None:
      return '';
    case Reason.Repetition:
      return 'repetition (千日手): draw';
    case Reason.PerpetualCheck:
      return 'perpetual check (連続王手の千日手): the checking side loses';
    case Reason.Declaration:
      return 'entering-king declaration wins';
    case Reason.Quiescence:
      return 'quiescence search';
    case Reason.StaticEval:
      return 'static evaluation';
    case Reason.TableHit:
      return `from the transposition table (depth ${n.a})`;
    case Reason.Razoring:
      return `razoring: static ${n.a} far below α = ${n.alpha}, confirmed by quiescence`;
    case Reason.NullMoveCut:
      return `null-move cut-off: passing still scores ${n.value} ≥ β = ${n.beta}${n.a ? ', confirmed by a verification search' : ''}`;
    case Reason.NoLegalMove:
      return 'no legal move: mated';
    case Reason.BetaCutoff:
      return `β cut-off: ${n.value} ≥ ${n.beta} after ${n.a} move${n.a === 1 ? '' : 's'}`;
    case Reason.Exact:
      return `best ${makeUsiMove(n.a)} = ${n.value}, inside the window`;
    case Reason.FailLow:
      return `all ${n.a} moves ≤ α = ${n.alpha}: fail low${n.b > 0 ? ` (${n.b} more pruned)` : ''}`;
    case Reason.Futility:
      return `futility: static ${n.a} + ${n.b} ≤ α = ${n.c}`;
    case Reason.ForwardThreshold:
      return `forward pruning: value ${n.a} ≤ ${n.b}`;
    case Reason.ForwardRank:
      return `forward pruning: value ${n.a} ranks below the first ${n.b}`;
    case Reason.ForwardTree:
      return `forward pruning: the decision tree judges it not best (${n.a / 10}% of its leaf were best moves)`;
    case Reason.MateProbe:
      return `the mate search at the leaves proved a mate in ${n.a} plies`;
  }
}

function noteText(n: RawNode): string {
  switch (n.note) {
    case Note.None:
      return '';
    case Note.NullMove:
      return `null move (R = ${n.noteArg})`;
    case Note.Lmr:
      return `LMR −${n.noteArg}`;
    case Note.LmrResearch:
      return 'LMR re-search at full depth';
    case Note.PvsResearch:
      return 'PVS re-search, full window';
    case Note.CheckExtension:
      return 'check extension +1';
    case Note.RecaptureResearch:
      return `recapture re-search +${n.noteArg} (seed 000)`;
    case Note.DualCreditResearch:
      return 'Dual Credit re-search with the credit it earned (seed 001)';
    case Note.MateThreatExtension:
      return 'mate-threat extension +1 (the decision tree, seed 002)';
  }
}

/** The recorded nodes with their sentences, as the tree viewer reads them. */
export function exportTrace(tracer: Tracer): TraceNode[] {
  return tracer.nodes.map((n, id) => ({
    id,
    parent: n.parent,
    ply: n.ply,
    move: n.ply === 0 ? '' : n.move === 0 ? 'pass' : makeUsiMove(n.move),
    depth: n.depth,
    alpha: n.alpha,
    beta: n.beta,
    value: n.value,
    kind: n.kind,
    reason: reasonText(n),
    note: noteText(n),
  }));
}
