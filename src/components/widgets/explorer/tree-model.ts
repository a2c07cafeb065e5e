/**
 * The tree viewer's model of a recorded search (`traceNodes`): the flat trace turned into a tree,
 * the rows a reader has opened, and playback — the search replayed node by node in the order it
 * visited them (trace ids are that order), with each open node's α and β as they stood then.
 */
import { type Move, parseUsiMove, type Position } from '../../../engine/index';
import { parsePositionText } from '../../../engine/worker/protocol';
import type { TraceKind, TraceNode } from '../../../engine/search/trace';
import { EVAL_LIMIT, INFINITE, MATE, MATE_BOUND } from '../../../engine/search/score';

export interface TreeEntry {
  node: TraceNode;
  /** Children's ids in the order they were searched. */
  children: number[];
  /** The last id in this node's subtree: the search left the node after visiting it. */
  last: number;
  /** 0 for the root. */
  level: number;
}

export interface SearchTree {
  entries: ReadonlyMap<number, TreeEntry>;
  roots: number[];
  /** Every id in visiting order. */
  order: number[];
}

/** Build the tree; a node whose parent is missing from the trace becomes a root. */
export function buildTree(trace: readonly TraceNode[]): SearchTree {
  const sorted = [...trace].sort((x, y) => x.id - y.id);
  const entries = new Map<number, TreeEntry>();
  const roots: number[] = [];
  for (const node of sorted) {
    const parent = entries.get(node.parent);
    entries.set(node.id, {
      node,
      children: [],
      last: node.id,
      level: parent ? parent.level + 1 : 0,
    });
    if (parent) parent.children.push(node.id);
    else roots.push(node.id);
  }
  // Visiting order is pre-order, so a subtree ends where its last child's subtree ends.
  for (let i = sorted.length - 1; i >= 0; i--) {
    const entry = entries.get(sorted[i]!.id)!;
    const lastChild = entry.children.at(-1);
    if (lastChild !== undefined) entry.last = entries.get(lastChild)!.last;
  }
  return { entries, roots, order: sorted.map((n) => n.id) };
}

/** The ids from the root down to `id`'s parent. */
export function ancestors(tree: SearchTree, id: number): number[] {
  const out: number[] = [];
  let entry = tree.entries.get(id);
  while (entry && tree.entries.has(entry.node.parent)) {
    out.unshift(entry.node.parent);
    entry = tree.entries.get(entry.node.parent);
  }
  return out;
}

/** What the reader sees at first: the roots opened one level. */
export const initialExpanded = (tree: SearchTree): Set<number> => new Set(tree.roots);

export type NodeStatus = 'future' | 'current' | 'open' | 'done';

/**
 * Where the search stands with `id` when it has just entered node `step`: not reached yet, the
 * node being entered, an ancestor still searching its moves, or finished.
 */
export function nodeStatus(tree: SearchTree, id: number, step: number): NodeStatus {
  if (id > step) return 'future';
  if (id === step) return 'current';
  const entry = tree.entries.get(id);
  return entry && entry.last >= step ? 'open' : 'done';
}

/** Is the value of `id` known at `step`? (A leaf's as soon as it is entered.) */
export function valueKnown(tree: SearchTree, id: number, step: number): boolean {
  const entry = tree.entries.get(id);
  if (!entry) return false;
  return entry.last < step || (id === step && entry.children.length === 0);
}

export interface Row {
  id: number;
  level: number;
  /** Children already visited at this step. */
  childCount: number;
  expanded: boolean;
}

/** Children of `id` the search has reached by `step`. */
export const reachedChildren = (tree: SearchTree, id: number, step: number): number[] =>
  (tree.entries.get(id)?.children ?? []).filter((c) => c <= step);

/** The rows to draw: reached nodes whose ancestors are all expanded, in visiting order. */
export function visibleRows(tree: SearchTree, expanded: ReadonlySet<number>, step: number): Row[] {
  const rows: Row[] = [];
  const visit = (id: number) => {
    if (id > step) return;
    const entry = tree.entries.get(id)!;
    const reached = reachedChildren(tree, id, step);
    const open = expanded.has(id) && reached.length > 0;
    rows.push({ id, level: entry.level, childCount: reached.length, expanded: open });
    if (open) for (const c of reached) visit(c);
  };
  for (const r of tree.roots) visit(r);
  return rows;
}

/**
 * A child whose result was thrown away: searched again straight after with the same move (a
 * PVS or LMR re-search, the recapture re-search). Only the last search of a move counts.
 */
export function isSuperseded(tree: SearchTree, id: number): boolean {
  const entry = tree.entries.get(id);
  if (!entry) return false;
  const siblings = tree.entries.get(entry.node.parent)?.children ?? [];
  const next = siblings[siblings.indexOf(id) + 1];
  return next !== undefined && tree.entries.get(next)!.node.move === entry.node.move;
}

export interface Window {
  alpha: number;
  beta: number;
  /** Best value found so far among finished moves, or null. */
  best: number | null;
  bestMove: string | null;
}

/**
 * The window of node `id` when the search has just entered `step`: the window it was entered
 * with, α raised by every move finished by then (negamax: a child's value is negated). Pruned
 * moves, the null move and superseded searches do not count.
 */
export function windowAt(tree: SearchTree, id: number, step: number): Window {
  const entry = tree.entries.get(id);
  if (!entry) return { alpha: -INFINITE, beta: INFINITE, best: null, bestMove: null };
  let { alpha } = entry.node;
  let best: number | null = null;
  let bestMove: string | null = null;
  for (const c of entry.children) {
    const child = tree.entries.get(c)!;
    if (child.last >= step) break;
    const n = child.node;
    if (n.kind === 'pruned' || n.move === 'pass' || isSuperseded(tree, c)) continue;
    const v = -n.value;
    if (best === null || v > best) {
      best = v;
      bestMove = n.move;
    }
    if (v > alpha) alpha = v;
  }
  return { alpha, beta: entry.node.beta, best, bestMove };
}

export interface Moment extends Window {
  id: number;
  move: string;
  ply: number;
  depth: number;
}

/**
 * The path to node `step`, each node with its window at that moment; once the search is over
 * (`step` past the last node), the root with its final window.
 */
export function momentAt(tree: SearchTree, step: number): Moment[] {
  const over = tree.order.length > 0 && step > tree.order.at(-1)!;
  const path = over
    ? tree.roots.slice(0, 1)
    : tree.entries.has(step)
      ? [...ancestors(tree, step), step]
      : [];
  return path.map((id) => {
    const { node } = tree.entries.get(id)!;
    return {
      id,
      move: node.move,
      ply: node.ply,
      depth: node.depth,
      ...windowAt(tree, id, step),
    };
  });
}

/**
 * A search value as the tree shows it: −∞/+∞ for the open window; M5 for "mates at ply 5 of the
 * line" (the raw value is MATE − ply), −M5 for being mated there; a win or loss by the rules
 * (perpetual check) in words.
 */
export function formatScore(value: number): string {
  if (value >= INFINITE) return '+∞';
  if (value <= -INFINITE) return '−∞';
  if (value > MATE_BOUND) return `M${MATE - value}`;
  if (value < -MATE_BOUND) return `−M${MATE + value}`;
  // The rule band: a win or loss by perpetual check on this line, not a mate.
  if (value > EVAL_LIMIT) return 'win (rule)';
  if (value < -EVAL_LIMIT) return 'loss (rule)';
  return value < 0 ? `−${-value}` : String(value);
}

export const KIND_INFO: Readonly<Record<TraceKind, { label: string; meaning: string }>> = {
  pv: { label: 'PV', meaning: 'exact value, inside the window' },
  cut: { label: 'cut', meaning: 'β cut-off: the opponent will avoid this' },
  all: { label: 'all', meaning: 'fail low: every move at or below α' },
  leaf: { label: 'leaf', meaning: 'static evaluation at the horizon' },
  tt: { label: 'TT', meaning: 'answered by the transposition table' },
  mate: { label: 'mate', meaning: 'a game end: mate or a winning declaration' },
  draw: { label: 'draw', meaning: 'repetition' },
  quiescence: { label: 'qs', meaning: 'quiescence search, summarised' },
  pruned: { label: 'pruned', meaning: 'skipped without being read' },
  'null-move': { label: 'null', meaning: 'null-move cut-off' },
};

/** How many nodes of each kind, for the legend. */
export function kindCounts(trace: readonly TraceNode[]): Partial<Record<TraceKind, number>> {
  const out: Partial<Record<TraceKind, number>> = {};
  for (const n of trace) out[n.kind] = (out[n.kind] ?? 0) + 1;
  return out;
}

/**
 * The position at node `id`: the root position with the moves down to it played (a `pass` is the
 * null move). Null when the root position or a move cannot be read.
 */
export function positionAt(
  tree: SearchTree,
  root: string,
  id: number,
): { position: Position; lastMove: Move | undefined } | null {
  const parsed = parsePositionText(root);
  if (!parsed.ok || !tree.entries.has(id)) return null;
  const pos = parsed.value;
  let lastMove: Move | undefined;
  for (const step of [...ancestors(tree, id), id]) {
    const { node } = tree.entries.get(step)!;
    if (node.ply === 0) continue;
    if (node.move === 'pass') {
      pos.doNullMove();
      lastMove = undefined;
      continue;
    }
    const move = parseUsiMove(pos, node.move);
    if (!move.ok) return null;
    pos.doMove(move.value);
    lastMove = move.value;
  }
  return { position: pos, lastMove };
}
