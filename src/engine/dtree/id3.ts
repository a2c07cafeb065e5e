/**
 * The decision-tree learner of Watanabe and Kotani, "Position evaluation using decision trees in
 * shogi": Quinlan's ID3 with information gain, every test a binary split `value <= threshold`.
 *
 * For a set C of examples whose classes 1 and 0 have shares P+ and P−, the information needed to
 * tell an example's class is M(C) = −P+ log2 P+ − P− log2 P− (with 0 · log 0 = 0). Testing an
 * attribute A splits C into parts C_i, and the information still needed is
 * B(C, A) = Σ_i P(A takes value A_i) · M(C_i). ID3 tests the attribute with the largest gain
 * M(C) − B(C, A). The paper prints the gain as "M(C_i) − B(C, A)"; that is a misprint, since the
 * quantity that is maximised is Quinlan's M(C) − B(C, A), the information the test saves.
 *
 * Attributes are small non-negative integers (0..255). A numeric attribute at threshold t splits C
 * into {value <= t} and {value > t}, and t is the value that reduces information most; a boolean
 * attribute is a numeric one with values 0 and 1, split at 0. Only values that occur are tried as
 * thresholds, and only when some larger value occurs too, so both parts are never empty.
 *
 * A node becomes a leaf when it is pure, when it is at `maxDepth`, or when no split leaves at least
 * `minLeaf` examples on both sides with a gain above zero and at least `minGain`. A leaf predicts
 * its majority class, class 0 on a tie. Greedy ID3 cannot see a pattern that only pays after two
 * tests: on exact XOR of two bits every split at the root has gain 0, so the root stays a leaf
 * however deep the tree may grow.
 *
 * Between equal gains (closer than GAIN_EPSILON) the lowest attribute index wins, then the lowest
 * threshold, so a tree does not depend on the order of the examples or on floating-point noise.
 */
import {
  CLASS_COUNT,
  type ClassCounts,
  type Dataset,
  type TreeLeaf,
  type TreeNode,
  VALUE_LIMIT,
} from './tree';

/** Gains closer than this are equal: rounding in the entropy sums must not decide a split. */
const GAIN_EPSILON = 1e-12;
/** Stride between two attributes' histograms in the count table. */
const HISTOGRAM_SIZE = VALUE_LIMIT * CLASS_COUNT;

export interface TrainOptions {
  /** A node at depth maxDepth is a leaf (the root is depth 0). */
  maxDepth: number;
  /** A split is allowed only if both children get at least minLeaf examples. */
  minLeaf: number;
  /** A split needs a gain of at least minGain bits, and above zero always. */
  minGain: number;
  /** Attributes the learner may use (indices); default all. */
  attributes?: readonly number[];
  /** Examples to train on (indices into the dataset); default all. */
  subset?: Int32Array;
}

// #region id3-entropy
/** M(C) in bits for a set with n0 examples of class 0 and n1 of class 1; 0 for an empty set. */
export function entropy(n0: number, n1: number): number {
  const n = n0 + n1;
  if (n === 0) return 0;
  return share(n0 / n) + share(n1 / n);
}

/** A class's share p of M(C): −p log2 p, written p log2 (1/p) so a pure set gets 0 and not −0. */
function share(p: number): number {
  return p === 0 ? 0 : p * Math.log2(1 / p);
}

/** The gain M(C) − B(C, A) of splitting C into (l0, l1) examples and (r0, r1) examples. */
export function splitGain(l0: number, l1: number, r0: number, r1: number): number {
  const left = l0 + l1;
  const right = r0 + r1;
  const n = left + right;
  const expected = (left / n) * entropy(l0, l1) + (right / n) * entropy(r0, r1);
  return entropy(l0 + r0, l1 + r1) - expected;
}
// #endregion

/** What one training run shares between nodes: the data, the options and reused scratch space. */
interface Trainer {
  data: Dataset;
  options: TrainOptions;
  /** Example indices; each node owns a contiguous range and partitions it for its children. */
  indices: Int32Array;
  /** Attribute indices the learner may test, ascending, each once. */
  attributes: Int32Array;
  /** counts[k * HISTOGRAM_SIZE + 2 * v + c]: examples of class c with value v of attributes[k]. */
  counts: Int32Array;
  /** x · log2 x for every count up to the number of training examples. */
  xlogx: Float64Array;
}

interface BestSplit {
  attribute: number;
  threshold: number;
  gain: number;
}

/**
 * Grows an ID3 tree on `data`. Each level of the tree costs O(examples × attributes) to fill the
 * histograms plus O(nodes × attributes × 256) to sweep them, and allocates nothing per example.
 * Throws a RangeError if `options.attributes` names an attribute the data does not have.
 */
export function train(data: Dataset, options: TrainOptions): TreeNode {
  const indices = options.subset ? Int32Array.from(options.subset) : allIndices(data.count);
  const attributes = sortedAttributes(data.width, options.attributes);
  const trainer: Trainer = {
    data,
    options,
    indices,
    attributes,
    counts: new Int32Array(attributes.length * HISTOGRAM_SIZE),
    xlogx: makeXLogX(indices.length),
  };
  return grow(trainer, 0, indices.length, 0);
}

function allIndices(count: number): Int32Array {
  const indices = new Int32Array(count);
  for (let i = 0; i < count; i++) indices[i] = i;
  return indices;
}

function sortedAttributes(width: number, attributes: readonly number[] | undefined): Int32Array {
  const chosen = attributes ?? Array.from({ length: width }, (_, a) => a);
  for (const a of chosen) {
    if (!Number.isInteger(a) || a < 0 || a >= width) {
      throw new RangeError(`attribute ${a} is not in 0..${width - 1}`);
    }
  }
  return Int32Array.from(new Set(chosen)).sort();
}

/** Builds the node for the examples indices[start..end) at `depth`, then its children. */
function grow(trainer: Trainer, start: number, end: number, depth: number): TreeNode {
  const counts = countClasses(trainer, start, end);
  const { maxDepth, minLeaf } = trainer.options;
  const pure = counts[0] === 0 || counts[1] === 0;
  if (pure || depth >= maxDepth || end - start < 2 * minLeaf) return makeLeaf(counts);
  const split = findBestSplit(trainer, start, end, counts);
  if (split === null) return makeLeaf(counts);
  const middle = partition(trainer, start, end, split.attribute, split.threshold);
  return {
    kind: 'split',
    attribute: split.attribute,
    threshold: split.threshold,
    gain: split.gain,
    counts,
    le: grow(trainer, start, middle, depth + 1),
    gt: grow(trainer, middle, end, depth + 1),
  };
}

function countClasses(trainer: Trainer, start: number, end: number): ClassCounts {
  const { indices } = trainer;
  const { labels } = trainer.data;
  let ones = 0;
  for (let p = start; p < end; p++) ones += labels[indices[p]!]!;
  return [end - start - ones, ones];
}

function makeLeaf(counts: ClassCounts): TreeLeaf {
  return { kind: 'leaf', label: counts[1] > counts[0] ? 1 : 0, counts };
}

// #region id3-best-split
/**
 * The allowed split of indices[start..end) with the largest gain, or null when none is allowed.
 * One pass over the examples fills a (value, class) histogram for every attribute; then for each
 * attribute a sweep over the values, keeping running counts of the examples with value <= t,
 * scores every threshold t in O(1) with the x · log2 x table.
 */
function findBestSplit(
  trainer: Trainer,
  start: number,
  end: number,
  nodeCounts: ClassCounts,
): BestSplit | null {
  fillHistograms(trainer, start, end);
  const { attributes, counts, xlogx } = trainer;
  const [n0, n1] = nodeCounts;
  const n = n0 + n1;
  const nodeInformation = xlogx[n]! - xlogx[n0]! - xlogx[n1]!;
  let best: BestSplit | null = null;
  for (let k = 0; k < attributes.length; k++) {
    const base = k * HISTOGRAM_SIZE;
    let le0 = 0;
    let le1 = 0;
    for (let value = 0; value < VALUE_LIMIT; value++) {
      const here0 = counts[base + 2 * value]!;
      const here1 = counts[base + 2 * value + 1]!;
      if (here0 + here1 === 0) continue;
      le0 += here0;
      le1 += here1;
      const gt0 = n0 - le0;
      const gt1 = n1 - le1;
      if (gt0 + gt1 === 0) break;
      if (!allowsLeaves(trainer, le0 + le1, gt0 + gt1)) continue;
      const gain = (nodeInformation - splitInformation(xlogx, le0, le1, gt0, gt1)) / n;
      // Only a clearly larger gain replaces the best, so lower attributes and thresholds win ties.
      if (allowsGain(trainer, gain) && (best === null || gain > best.gain + GAIN_EPSILON)) {
        best = { attribute: attributes[k]!, threshold: value, gain };
      }
    }
  }
  return best;
}

/**
 * n · B(C, A) for a split of C into (le0, le1) and (gt0, gt1) examples. A part of m = c0 + c1
 * examples adds m · M(C_i) = m log2 m − c0 log2 c0 − c1 log2 c1, so the sweep reads six entries of
 * a table of x · log2 x instead of taking six logarithms per threshold.
 */
function splitInformation(
  xlogx: Float64Array,
  le0: number,
  le1: number,
  gt0: number,
  gt1: number,
): number {
  const le = xlogx[le0 + le1]! - xlogx[le0]! - xlogx[le1]!;
  const gt = xlogx[gt0 + gt1]! - xlogx[gt0]! - xlogx[gt1]!;
  return le + gt;
}

/** xlogx[x] = x · log2 x for every count x from 0 to n (0 · log2 0 = 0). */
function makeXLogX(n: number): Float64Array {
  const table = new Float64Array(n + 1);
  for (let x = 1; x <= n; x++) table[x] = x * Math.log2(x);
  return table;
}

/** A split must leave at least minLeaf examples on each side. */
function allowsLeaves(trainer: Trainer, le: number, gt: number): boolean {
  const { minLeaf } = trainer.options;
  return le >= minLeaf && gt >= minLeaf;
}

/** A split must gain more than nothing and at least minGain, both up to rounding. */
function allowsGain(trainer: Trainer, gain: number): boolean {
  return gain > GAIN_EPSILON && gain >= trainer.options.minGain - GAIN_EPSILON;
}

/** Clears the count table, then counts every (attribute, value, class) in indices[start..end). */
function fillHistograms(trainer: Trainer, start: number, end: number): void {
  const { indices, attributes, counts } = trainer;
  const { values, labels, width } = trainer.data;
  counts.fill(0);
  for (let p = start; p < end; p++) {
    const i = indices[p]!;
    const row = i * width;
    const label = labels[i]!;
    for (let k = 0; k < attributes.length; k++) {
      counts[k * HISTOGRAM_SIZE + 2 * values[row + attributes[k]!]! + label]!++;
    }
  }
}
// #endregion

/**
 * Reorders indices[start..end) so the examples with value <= threshold come first; returns where
 * the others begin.
 */
function partition(
  trainer: Trainer,
  start: number,
  end: number,
  attribute: number,
  threshold: number,
): number {
  const { indices } = trainer;
  const { values, width } = trainer.data;
  let low = start;
  let high = end - 1;
  while (low <= high) {
    const i = indices[low]!;
    if (values[i * width + attribute]! <= threshold) {
      low++;
    } else {
      indices[low] = indices[high]!;
      indices[high] = i;
      high--;
    }
  }
  return low;
}
