/**
 * The decision trees inside the search: what seed 002 leaves as future work ("use the trees'
 * verdicts in the search: the order of candidate moves, extension, pruning"). The two trees are
 * the engine's own, trained by `npm run dtree-trees` on its games and kept in
 * dtree/trees.json; this module asks them two questions, cheaply enough for a search node:
 *
 * - How likely is this move the one a deeper search would play? The share of the teacher's moves
 *   among the training examples that reached the move's leaf, in thousandths. Above 500 the tree
 *   judges the move best (its leaf's majority), as in the paper's Table 7.
 * - After a move, does the side that moved threaten a mate in 3? The mate tree asked about the
 *   position as if that side were to move again.
 *
 * The trees are flattened into typed arrays at load, so a question is a walk of a few array reads
 * after the row is written (policies: one doMove and undoMove; attributes: once per node).
 * Options: `ordering: 'decision-tree'` (ordering.ts), `forwardPruning: 'tree'`
 * (forward-pruning.ts), `treeMateExtension` (extensions.ts), and `treeMinDepth` and
 * `treeMateShare` (tree-options.ts).
 */
import trees from './trees.json';
import { policyContext, type PolicyContext } from './move-policies';
import { BEST_MOVE_WIDTH, writeMoveRow } from '../eval/move-rows';
import { ATTRIBUTE_COUNT, positionAttributes } from './position-attributes';
import type { TreeNode } from './tree';
import type { Position } from '../position';
import type { Color, Move } from '../types';

/** A tree as typed arrays: node i tests `row[column[i]] <= threshold[i]`, a leaf has column −1. */
export class FlatTree {
  private constructor(
    readonly column: Int16Array,
    readonly threshold: Int16Array,
    readonly le: Int32Array,
    readonly gt: Int32Array,
    /** A leaf's share of class 1 in thousandths, rounded up (so > 500 exactly when a majority). */
    readonly share: Int16Array,
  ) {}

  static from(tree: TreeNode): FlatTree {
    const nodes: TreeNode[] = [];
    const collect = (n: TreeNode): void => {
      nodes.push(n);
      if (n.kind === 'split') {
        collect(n.le);
        collect(n.gt);
      }
    };
    collect(tree);
    const index = new Map(nodes.map((n, i) => [n, i]));
    const flat = new FlatTree(
      new Int16Array(nodes.length),
      new Int16Array(nodes.length),
      new Int32Array(nodes.length),
      new Int32Array(nodes.length),
      new Int16Array(nodes.length),
    );
    nodes.forEach((n, i) => {
      if (n.kind === 'split') {
        flat.column[i] = n.attribute;
        flat.threshold[i] = n.threshold;
        flat.le[i] = index.get(n.le)!;
        flat.gt[i] = index.get(n.gt)!;
      } else {
        flat.column[i] = -1;
        const total = n.counts[0] + n.counts[1];
        flat.share[i] = total === 0 ? 0 : Math.ceil((1000 * n.counts[1]) / total);
      }
    });
    return flat;
  }

  /** The share of class 1 (thousandths) at the leaf the row at `row[offset ..]` reaches. */
  walk(row: Uint8Array, offset: number): number {
    let i = 0;
    while (this.column[i]! >= 0)
      i = row[offset + this.column[i]!]! <= this.threshold[i]! ? this.le[i]! : this.gt[i]!;
    return this.share[i]!;
  }
}

export const BEST_MOVE_TREE = FlatTree.from(trees.bestMove.tree as TreeNode);
export const MATE_TREE = FlatTree.from(trees.mate.tree as TreeNode);

/** What a node shares among its moves' questions: kept per ply by the move picker. */
export class TreeNodeContext {
  readonly policy: PolicyContext = {
    threat: 0,
    ownKingPieces: 0,
    ownKingEffects: 0,
    enemyKingPieces: 0,
    enemyKingEffects: 0,
  };
  readonly attributes = new Uint8Array(ATTRIBUTE_COUNT);
  previous: Move = 0;

  /** Compute what the node's moves share; `previous` is the move that led here (0 at the root). */
  prepare(pos: Position, previous: Move): void {
    policyContext(pos, this.policy);
    positionAttributes(pos, this.attributes);
    this.previous = previous;
  }
}

const row = new Uint8Array(BEST_MOVE_WIDTH);
const mateRow = new Uint8Array(ATTRIBUTE_COUNT);

// #region tree-judge
/** How likely `move` is the teacher's, in thousandths (above JUDGED_BEST, tree-options.ts: judged best). */
export function bestMoveShare(pos: Position, move: Move, node: TreeNodeContext): number {
  writeMoveRow(pos, move, node.previous, row, 0, node.policy, node.attributes);
  return BEST_MOVE_TREE.walk(row, 0);
}

/**
 * After a move: would the side that just moved have a mate in 3, by the mate tree, with at least
 * `minShare` thousandths of the leaf's training positions holding one?
 */
export function threatensMate(pos: Position, minShare: number): boolean {
  positionAttributes(pos, mateRow, 0, (pos.sideToMove ^ 1) as Color);
  return MATE_TREE.walk(mateRow, 0) >= minShare;
}
// #endregion
