/**
 * The tree viewer's model: a flat trace becomes a tree, rows follow what is open and what the
 * replay has reached, and α/β at a moment follow negamax (children's values negated, re-searches
 * counted once, pruned moves and the null move not at all). Checked on a hand-made trace and on
 * traces the engine records.
 */
import { describe, expect, it } from 'vitest';
import { parsePositionText } from '../../../src/engine/worker/protocol';
import { makeSfen, type Position } from '../../../src/engine/index';
import { INFINITE, Searcher, type TraceNode } from '../../../src/engine/search/index';
import {
  ancestors,
  buildTree,
  formatScore,
  initialExpanded,
  isSuperseded,
  momentAt,
  nodeStatus,
  positionAt,
  valueKnown,
  visibleRows,
  windowAt,
} from '../../../src/components/widgets/explorer/tree-model';

const at = (text: string): Position => {
  const parsed = parsePositionText(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const node = (
  id: number,
  parent: number,
  move: string,
  fields: Partial<TraceNode> = {},
): TraceNode => ({
  id,
  parent,
  ply: parent < 0 ? 0 : 1,
  move,
  depth: 1,
  alpha: -INFINITE,
  beta: INFINITE,
  value: 0,
  kind: 'leaf',
  reason: '',
  note: '',
  ...fields,
});

/**
 * root ─ 7g7f (=-20, PV) ─ 3c3d
 *      ├ 2g2f (null window, fails high) ─ 8c8d
 *      ├ 2g2f (re-search, = -50)
 *      ├ 5i5h (pruned)
 *      └ 1g1f (= 10, fail low at the root's α)
 */
const TRACE: TraceNode[] = [
  node(0, -1, '', { depth: 2, kind: 'pv', value: 50 }),
  node(1, 0, '7g7f', { ply: 1, kind: 'pv', value: -20 }),
  node(2, 1, '3c3d', { ply: 2, depth: 0, value: 20 }),
  node(3, 0, '2g2f', { ply: 1, alpha: -21, beta: -20, kind: 'all', value: -21 }),
  node(4, 3, '8c8d', { ply: 2, depth: 0, value: 21 }),
  node(5, 0, '2g2f', { ply: 1, note: 'PVS re-search, full window', kind: 'pv', value: -50 }),
  node(6, 0, '5i5h', { ply: 1, kind: 'pruned', reason: 'futility: …' }),
  node(7, 0, '1g1f', { ply: 1, alpha: -INFINITE, beta: -50, kind: 'cut', value: -10 }),
];

describe('building the tree', () => {
  const tree = buildTree(TRACE);

  it('links children to parents in visiting order', () => {
    expect(tree.roots).toEqual([0]);
    expect(tree.entries.get(0)!.children).toEqual([1, 3, 5, 6, 7]);
    expect(tree.entries.get(3)!.children).toEqual([4]);
    expect(tree.entries.get(4)!.level).toBe(2);
    expect(ancestors(tree, 4)).toEqual([0, 3]);
  });

  it('knows where each subtree ends', () => {
    expect(tree.entries.get(0)!.last).toBe(7);
    expect(tree.entries.get(1)!.last).toBe(2);
    expect(tree.entries.get(6)!.last).toBe(6);
  });

  it('does not depend on the order the trace is given in', () => {
    const shuffled = buildTree([...TRACE].reverse());
    expect(shuffled.order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(shuffled.entries.get(0)!.children).toEqual([1, 3, 5, 6, 7]);
  });

  it('makes a node whose parent is missing a root, rather than losing it', () => {
    const t = buildTree([node(0, -1, ''), node(5, 3, '7g7f')]);
    expect(t.roots).toEqual([0, 5]);
  });
});

describe('rows', () => {
  const tree = buildTree(TRACE);

  it('opens the root one level at first', () => {
    const rows = visibleRows(tree, initialExpanded(tree), 7);
    expect(rows.map((r) => r.id)).toEqual([0, 1, 3, 5, 6, 7]);
    expect(rows[0]).toMatchObject({ level: 0, expanded: true, childCount: 5 });
    expect(rows[1]).toMatchObject({ level: 1, expanded: false, childCount: 1 });
  });

  it('shows an opened node’s children right under it', () => {
    const rows = visibleRows(tree, new Set([0, 3]), 7);
    expect(rows.map((r) => r.id)).toEqual([0, 1, 3, 4, 5, 6, 7]);
  });

  it('shows only the nodes the replay has reached', () => {
    expect(visibleRows(tree, new Set([0, 1, 3]), 3).map((r) => r.id)).toEqual([0, 1, 2, 3]);
    expect(visibleRows(tree, new Set([0]), 0)).toEqual([
      { id: 0, level: 0, childCount: 0, expanded: false },
    ]);
  });

  it('tells future, current, open and finished nodes apart', () => {
    expect(nodeStatus(tree, 5, 4)).toBe('future');
    expect(nodeStatus(tree, 4, 4)).toBe('current');
    expect(nodeStatus(tree, 3, 4)).toBe('open');
    expect(nodeStatus(tree, 1, 4)).toBe('done');
    expect(valueKnown(tree, 4, 4)).toBe(true); // a leaf, as soon as it is entered
    expect(valueKnown(tree, 3, 4)).toBe(false);
    expect(valueKnown(tree, 3, 5)).toBe(true);
  });
});

describe('α and β at a moment', () => {
  const tree = buildTree(TRACE);

  it('starts from the window the node was entered with', () => {
    expect(windowAt(tree, 0, 1)).toEqual({
      alpha: -INFINITE,
      beta: INFINITE,
      best: null,
      bestMove: null,
    });
  });

  it('raises α by each finished move’s value, negated', () => {
    expect(windowAt(tree, 0, 3)).toMatchObject({ alpha: 20, best: 20, bestMove: '7g7f' });
  });

  it('counts a re-searched move once, by its last search', () => {
    expect(isSuperseded(tree, 3)).toBe(true);
    expect(isSuperseded(tree, 5)).toBe(false);
    // While the re-search runs, the null-window result does not count.
    expect(windowAt(tree, 0, 5)).toMatchObject({ alpha: 20, bestMove: '7g7f' });
    expect(windowAt(tree, 0, 6)).toMatchObject({ alpha: 50, best: 50, bestMove: '2g2f' });
  });

  it('ignores pruned moves', () => {
    expect(windowAt(tree, 0, 7)).toMatchObject({ alpha: 50, bestMove: '2g2f' });
  });

  it('gives the path to the current node with each window', () => {
    const path = momentAt(tree, 4);
    expect(path.map((m) => [m.move, m.alpha, m.beta])).toEqual([
      ['', 20, INFINITE],
      ['2g2f', -21, -20],
      ['8c8d', -INFINITE, INFINITE],
    ]);
  });

  it('gives the root’s final window once the search is over', () => {
    const over = momentAt(tree, 8);
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({ id: 0, alpha: 50, best: 50, bestMove: '2g2f' });
    expect(visibleRows(tree, new Set([0]), 8)).toHaveLength(6);
    expect(valueKnown(tree, 0, 8)).toBe(true);
  });

  it('writes the infinite window and mates readably', () => {
    expect(formatScore(INFINITE)).toBe('+∞');
    expect(formatScore(-INFINITE)).toBe('−∞');
    expect(formatScore(-35)).toBe('−35');
    expect(formatScore(32000 - 5)).toBe('M5');
    expect(formatScore(-32000 + 4)).toBe('−M4');
  });
});

describe('traces the engine records', () => {
  const search = (position: string, depth: number, options: Record<string, unknown> = {}) => {
    const r = new Searcher({ traceNodes: 5000, ...options }).search(at(position), { depth });
    return { trace: r.trace!, value: r.value, best: r.bestMove };
  };

  it('gives one root whose final window matches the search’s value and best move', () => {
    const { trace, value, best } = search('startpos', 2);
    const tree = buildTree(trace);
    expect(tree.roots).toEqual([0]);
    expect(tree.order).toEqual(trace.map((n) => n.id));
    const last = tree.order.at(-1)!;
    const root = windowAt(tree, 0, last + 1);
    expect(root.best).toBe(value);
    expect(root.bestMove).toBe(best);
  });

  it('replays every node to a position the engine accepts, pruned and null moves included', () => {
    const position = 'startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d';
    const { trace } = search(position, 3, { nullMove: true, futility: true, lmr: true });
    const tree = buildTree(trace);
    expect(trace.some((n) => n.kind === 'pruned')).toBe(true);
    for (const id of tree.order) {
      const at = positionAt(tree, position, id);
      expect(at, `node ${id}`).not.toBeNull();
      expect(at!.position.checkInvariants()).toBeNull();
    }
    expect(makeSfen(positionAt(tree, position, 0)!.position)).toBe(makeSfen(at(position)));
  });
});
