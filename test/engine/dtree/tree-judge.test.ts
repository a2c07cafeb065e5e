/**
 * The decision trees inside the search (seed 002's future work): the flattened trees answer as the
 * learner's own trees do, the engine's trees file is what `npm run dtree-trees` makes from the
 * committed games, and each use — the decision-tree order, pruning by the tree, the mate-threat
 * extension — does what its option says and nothing when it is off.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import trees from '../../../src/engine/dtree/trees.json';
import { BEST_MOVE_WIDTH, writeMoveRow } from '../../../src/engine/eval/move-rows';
import { ATTRIBUTE_COUNT, positionAttributes } from '../../../src/engine/dtree/position-attributes';
import {
  bestMoveDataset,
  type MateGame,
  mateDataset,
  splitByGame,
  type TeacherGame,
} from '../../../src/engine/dtree/data';
import { BEST_MOVE_COLUMNS, OTHER_MOVE_SEED } from '../../../src/engine/dtree/tables';
import { train } from '../../../src/engine/dtree/id3';
import { classify, type TreeNode } from '../../../src/engine/dtree/tree';
import { MATE_ATTRIBUTES } from '../../../src/engine/dtree/position-attributes';
import { makeRandom } from '../../../src/engine/lab/random';
import { legalMoves, parseSfen, type Position, STARTPOS_SFEN } from '../../../src/engine/index';
import { Searcher } from '../../../src/engine/search/iterate';
import { resolveOptions, type SearchOptions } from '../../../src/engine/search/options';
import {
  BEST_MOVE_TREE,
  bestMoveShare,
  FlatTree,
  MATE_TREE,
  threatensMate,
  TreeNodeContext,
} from '../../../src/engine/dtree/tree-judge';
import { JUDGED_BEST } from '../../../src/engine/dtree/tree-options';
import { randomPlayout } from '../search/support';

const bestTree = trees.bestMove.tree as TreeNode;
const mateTree = trees.mate.tree as TreeNode;
const share = (t: TreeNode, row: ArrayLike<number>): number => {
  const { counts } = classify(t, row).leaf;
  const n = counts[0] + counts[1];
  return n === 0 ? 0 : Math.ceil((1000 * counts[1]) / n);
};

function options(change: Partial<SearchOptions>): SearchOptions {
  const r = resolveOptions(change);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const positions = (n: number, seed: number): Position[] => {
  const random = makeRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const sfen = randomPlayout(random, STARTPOS_SFEN, 30 + (i % 40));
    const pos = parseSfen(sfen);
    if (!pos.ok) throw new Error(pos.error);
    return pos.value;
  });
};

describe('the flattened trees', () => {
  it('reach the leaf the learner’s tree reaches, on every move of random positions', () => {
    const row = new Uint8Array(BEST_MOVE_WIDTH);
    const node = new TreeNodeContext();
    let judged = 0;
    let moves = 0;
    for (const pos of positions(12, 5)) {
      node.prepare(pos, 0);
      for (const m of legalMoves(pos)) {
        writeMoveRow(pos, m, 0, row, 0);
        const expected = share(bestTree, row);
        expect(BEST_MOVE_TREE.walk(row, 0)).toBe(expected);
        expect(bestMoveShare(pos, m, node)).toBe(expected);
        // The share is above JUDGED_BEST exactly when the learner's leaf says class 1.
        expect(expected > JUDGED_BEST).toBe(classify(bestTree, row).label === 1);
        if (expected > JUDGED_BEST) judged++;
        moves++;
      }
    }
    expect(judged).toBeGreaterThan(0);
    expect(judged).toBeLessThan(moves);
  });

  it('ask the mate tree about the side that just moved', () => {
    const row = new Uint8Array(ATTRIBUTE_COUNT);
    for (const pos of positions(30, 9)) {
      positionAttributes(pos, row, 0, (pos.sideToMove ^ 1) as 0 | 1);
      const s = share(mateTree, row);
      expect(MATE_TREE.walk(row, 0)).toBe(s);
      expect(threatensMate(pos, 501)).toBe(s >= 501);
    }
  });

  it('flatten a one-leaf tree and a split as the learner reads them', () => {
    const leaf = FlatTree.from({ kind: 'leaf', label: 1, counts: [1, 2] });
    expect(leaf.walk(new Uint8Array(1), 0)).toBe(667);
    const split = FlatTree.from({
      kind: 'split',
      attribute: 1,
      threshold: 3,
      gain: 0.5,
      counts: [5, 5],
      le: { kind: 'leaf', label: 0, counts: [5, 1] },
      gt: { kind: 'leaf', label: 1, counts: [0, 4] },
    });
    expect(split.walk(Uint8Array.from([9, 3]), 0)).toBe(167);
    expect(split.walk(Uint8Array.from([0, 4]), 0)).toBe(1000);
  });
});

describe('the engine’s trees file', () => {
  it('holds the trees npm run dtree-trees grows from the committed games, with the tuned settings', () => {
    const read = <G>(file: string): G[] =>
      (JSON.parse(readFileSync(file, 'utf8')) as { games: G[] }).games;
    // The settings are the ones the validation split chose (dtree-current.test.ts holds the
    // experiment's to today's code); growing with them must give the stored trees.
    const tables = JSON.parse(readFileSync('src/data/experiments/dtree-tables.json', 'utf8')) as {
      results: Record<'bestMove' | 'mate', { tuned: { settings: unknown } }>;
    };
    const stale = 'the trees are not current: run npm run dtree-trees';
    expect(trees.bestMove.settings, stale).toEqual(tables.results.bestMove.tuned.settings);
    expect(trees.mate.settings, stale).toEqual(tables.results.mate.tuned.settings);
    const best = bestMoveDataset(read<TeacherGame>(trees.data.best.file), OTHER_MOVE_SEED);
    const bestSplit = splitByGame(best.source, read<TeacherGame>(trees.data.best.file).length);
    const mateGames = read<MateGame>(trees.data.mate.file);
    const mate = mateDataset(mateGames);
    const mateSplit = splitByGame(mate.source, mateGames.length);
    const grown = {
      bestMove: train(best.data, {
        ...trees.bestMove.settings,
        attributes: BEST_MOVE_COLUMNS,
        subset: bestSplit.train,
      }),
      mate: train(mate.data, {
        ...trees.mate.settings,
        attributes: MATE_ATTRIBUTES,
        subset: mateSplit.train,
      }),
    };
    expect(JSON.parse(JSON.stringify(grown.bestMove)), stale).toEqual(trees.bestMove.tree);
    expect(JSON.parse(JSON.stringify(grown.mate)), stale).toEqual(trees.mate.tree);
  }, 60_000);
});

describe('the trees in the search', () => {
  const pos = (): Position => positions(1, 77)[0]!;

  it('leave the default search alone: nothing is asked, no counter moves', () => {
    const r = new Searcher(options({})).search(pos(), { depth: 3 });
    expect(r.stats.counters['tree-mate-extension']).toBeUndefined();
    expect(r.stats.counters['forward-pruning']).toBeUndefined();
  });

  it('order by the tree: another count of nodes, the same value (order cannot change a full-width result)', () => {
    const p = pos();
    const plain = new Searcher(options({})).search(p.clone(), { depth: 2 });
    const byTree = new Searcher(options({ ordering: 'decision-tree', treeMinDepth: 1 })).search(
      p.clone(),
      { depth: 2 },
    );
    expect(byTree.value).toBe(plain.value);
    expect(byTree.nodes).not.toBe(plain.nodes);
  });

  it('prune by the tree: only moves it judges not best, only from treeMinDepth', () => {
    const p = pos();
    const pruned = new Searcher(options({ forwardPruning: 'tree', treeMinDepth: 1 })).search(
      p.clone(),
      { depth: 3 },
    );
    expect(pruned.stats.counters['forward-pruning']).toBeGreaterThan(0);
    const high = new Searcher(options({ forwardPruning: 'tree', treeMinDepth: 4 })).search(
      p.clone(),
      { depth: 3 },
    );
    expect(high.stats.counters['forward-pruning']).toBeUndefined();
  });

  it('extend a move the mate tree says threatens mate, within the line’s budget', () => {
    // A position with a root move after which the mate tree sees a mate for the mover.
    const found = positions(40, 21).find((p) =>
      legalMoves(p).some((m) => {
        p.doMove(m);
        const threat = threatensMate(p, 501);
        p.undoMove(m);
        return threat;
      }),
    );
    expect(found, 'no random position with a threat the tree sees').toBeDefined();
    const p = found!;
    const on = { treeMateExtension: true, treeMinDepth: 1, treeMateShare: 501 };
    const extended = new Searcher(options(on)).search(p.clone(), { depth: 1 });
    expect(extended.stats.counters['tree-mate-extension']).toBeGreaterThan(0);
    // Deeper than the tree is asked: nothing fires.
    const off = new Searcher(options({ ...on, treeMinDepth: 2 })).search(p.clone(), { depth: 1 });
    expect(off.stats.counters['tree-mate-extension']).toBeUndefined();
    // The line's budget: with no extension allowed, nothing fires either.
    const capped = new Searcher(options({ ...on, maxExtension: 0 })).search(p.clone(), {
      depth: 1,
    });
    expect(capped.stats.counters['tree-mate-extension']).toBeUndefined();
  });
});
