/**
 * A tree's accuracy at every depth, and the tree a page views. A depth sweep needs no tree per
 * depth. ID3 grows a node from its own examples only, so the tree of maximum depth d is the tree
 * of any greater depth cut at depth d, each node there made a leaf of its majority class. One tree
 * grown to DTREE_SWEEP_DEPTH gives every depth's accuracy in one walk per example
 * (`sweepByTruncation`), and later trees of the same leaf size are cut from it (`truncateTree`);
 * `sweepByTraining`, a tree per depth, is the simple twin the tests compare with.
 */

import { accuracy } from './tables';
import { train } from './id3';
import { type ClassCounts, confusion, type Dataset, treeStats, type TreeNode } from './tree';

import { DTREE_VIEW_NODES, type DtreeSweepPoint, type DtreeViewNode } from './messages';

/** Examples of each class among `subset` (default all). */
export function classCounts(data: Dataset, subset?: Int32Array): ClassCounts {
  let ones = 0;
  const n = subset ? subset.length : data.count;
  for (let p = 0; p < n; p++) ones += data.labels[subset ? subset[p]! : p]!;
  return [n - ones, ones];
}

/** The class a node gives as a leaf: its majority, class 0 on a tie (as id3's leaves). */
const majority = (counts: ClassCounts): 0 | 1 => (counts[1] > counts[0] ? 1 : 0);

/** The tree cut at `depth`: every split there becomes a leaf of its majority class. */
export function truncateTree(tree: TreeNode, depth: number): TreeNode {
  if (tree.kind === 'leaf') return tree;
  if (depth <= 0) return { kind: 'leaf', label: majority(tree.counts), counts: tree.counts };
  return {
    ...tree,
    le: truncateTree(tree.le, depth - 1),
    gt: truncateTree(tree.gt, depth - 1),
  };
}

/** Correct answers of the tree cut at each depth 0..maxDepth, over `subset`. */
function correctByDepth(
  tree: TreeNode,
  data: Dataset,
  subset: Int32Array,
  maxDepth: number,
): Int32Array {
  const correct = new Int32Array(maxDepth + 1);
  const { values, labels, width } = data;
  for (let p = 0; p < subset.length; p++) {
    const i = subset[p]!;
    const label = labels[i]!;
    let node = tree;
    for (let d = 0; d <= maxDepth; d++) {
      if (node.kind === 'leaf') {
        if (node.label === label) for (let e = d; e <= maxDepth; e++) correct[e]!++;
        break;
      }
      if (majority(node.counts) === label) correct[d]!++;
      node = values[i * width + node.attribute]! <= node.threshold ? node.le : node.gt;
    }
  }
  return correct;
}

/** Leaves of the tree cut at each depth 0..maxDepth. */
function leavesByDepth(tree: TreeNode, maxDepth: number): Int32Array {
  const leaves = new Int32Array(maxDepth + 1);
  const walk = (node: TreeNode, depth: number): void => {
    if (depth > maxDepth) return;
    if (node.kind === 'leaf') {
      for (let d = depth; d <= maxDepth; d++) leaves[d]!++;
      return;
    }
    leaves[depth]!++;
    walk(node.le, depth + 1);
    walk(node.gt, depth + 1);
  };
  walk(tree, 0);
  return leaves;
}

const share = (n: number, of: number): number => (of === 0 ? 0 : n / of);

// #region dtree-sweep
/**
 * Training and test accuracy of the trees of maximum depth 0..maxDepth, from one tree grown to at
 * least maxDepth with the same leaf settings: the tree of depth d is that tree cut at d.
 */
export function sweepByTruncation(
  deep: TreeNode,
  data: Dataset,
  trainSet: Int32Array,
  testSet: Int32Array,
  maxDepth: number,
): DtreeSweepPoint[] {
  const onTrain = correctByDepth(deep, data, trainSet, maxDepth);
  const onTest = correctByDepth(deep, data, testSet, maxDepth);
  const leaves = leavesByDepth(deep, maxDepth);
  return Array.from({ length: maxDepth + 1 }, (_, d) => ({
    maxDepth: d,
    train: share(onTrain[d]!, trainSet.length),
    test: share(onTest[d]!, testSet.length),
    leaves: leaves[d]!,
  }));
}
// #endregion

/** The simple twin of sweepByTruncation: a tree grown for every depth. */
export function sweepByTraining(
  data: Dataset,
  columns: readonly number[],
  trainSet: Int32Array,
  testSet: Int32Array,
  settings: { minLeaf: number; minGain: number },
  maxDepth: number,
): DtreeSweepPoint[] {
  return Array.from({ length: maxDepth + 1 }, (_, d) => {
    const tree = train(data, { ...settings, maxDepth: d, attributes: columns, subset: trainSet });
    return {
      maxDepth: d,
      train: accuracy(confusion(tree, data, trainSet)),
      test: accuracy(confusion(tree, data, testSet)),
      leaves: treeStats(tree).leaves,
    };
  });
}

/**
 * The tree as sent to the page: whole if it has at most `budget` nodes; otherwise the levels from
 * the root that fit in the budget, and below them each subtree as its size (`trimmedBelow` is the
 * first level sent as sizes).
 */
export function viewTree(
  tree: TreeNode,
  budget = DTREE_VIEW_NODES,
): { tree: DtreeViewNode; trimmedBelow: number | null } {
  const perLevel: number[] = [];
  const count = (node: TreeNode, depth: number): void => {
    perLevel[depth] = (perLevel[depth] ?? 0) + 1;
    if (node.kind === 'split') {
      count(node.le, depth + 1);
      count(node.gt, depth + 1);
    }
  };
  count(tree, 0);
  let kept = 0;
  let levels = 0;
  while (levels < perLevel.length && kept + perLevel[levels]! <= budget)
    kept += perLevel[levels++]!;
  if (levels === perLevel.length) return { tree, trimmedBelow: null };
  const keep = Math.max(1, levels);
  const cut = (node: TreeNode, depth: number): DtreeViewNode => {
    if (node.kind === 'leaf') return node;
    if (depth >= keep) {
      const { nodes, leaves, depth: below } = treeStats(node);
      const { counts } = node;
      return { kind: 'trimmed', counts, label: majority(counts), nodes, leaves, depth: below };
    }
    return { ...node, le: cut(node.le, depth + 1), gt: cut(node.gt, depth + 1) };
  };
  return { tree: cut(tree, 0), trimmedBelow: keep };
}
