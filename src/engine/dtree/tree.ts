/**
 * A decision tree as the learner (id3.ts) grows it and as the pages, the lab and the search read
 * it: the examples it learns from (`Dataset`), its nodes, one example read down to a leaf with the
 * tests on the way, the tree's measures (confusion, size, the attributes near the root, its rules)
 * and the tree as JSON, read back with every field checked.
 */

/** Attribute values are bytes, so a histogram over one attribute has 256 bins. */
export const VALUE_LIMIT = 256;
/** Each histogram bin holds two counts, class 0 then class 1. */
export const CLASS_COUNT = 2;

/** A dataset: `count` examples of `width` small non-negative integer attributes, row-major. */
export interface Dataset {
  width: number;
  count: number;
  /** values[i * width + a]: attribute a of example i; integers 0..255. */
  values: Uint8Array;
  /** labels[i]: 0 or 1. */
  labels: Uint8Array;
}

/** Example counts at a node: [class 0, class 1]. */
export type ClassCounts = [number, number];

export type TreeNode = TreeLeaf | TreeSplit;

export interface TreeLeaf {
  kind: 'leaf';
  /** The majority class of the training examples that reached this leaf; 0 on a tie. */
  label: 0 | 1;
  counts: ClassCounts;
}

export interface TreeSplit {
  kind: 'split';
  attribute: number;
  threshold: number;
  /** M(C) − B(C, A) in bits for this split of the node's training examples. */
  gain: number;
  counts: ClassCounts;
  /** value <= threshold */
  le: TreeNode;
  /** value > threshold */
  gt: TreeNode;
}

/** One test on the way from the root to a leaf. */
export interface PathStep {
  attribute: number;
  threshold: number;
  /** The example's value of the attribute. */
  value: number;
  branch: 'le' | 'gt';
  /** The training counts of the node where the test was made. */
  counts: ClassCounts;
}

export interface Classification {
  label: 0 | 1;
  path: PathStep[];
  leaf: TreeLeaf;
}

/** Classifies one example (`row[a]` is attribute a) and says which tests led to the answer. */
export function classify(tree: TreeNode, row: ArrayLike<number>): Classification {
  const path: PathStep[] = [];
  let node = tree;
  while (node.kind === 'split') {
    const value = row[node.attribute]!;
    const branch = value <= node.threshold ? 'le' : 'gt';
    const { attribute, threshold, counts } = node;
    path.push({ attribute, threshold, value, branch, counts: [counts[0], counts[1]] });
    node = node[branch];
  }
  return { label: node.label, path, leaf: node };
}

/** The class the tree gives example i of `data`, without allocating. */
export function predict(tree: TreeNode, data: Dataset, i: number): 0 | 1 {
  const row = i * data.width;
  let node = tree;
  while (node.kind === 'split') {
    node = data.values[row + node.attribute]! <= node.threshold ? node.le : node.gt;
  }
  return node.label;
}

/** Confusion counts over examples (default all): matrix[actual][predicted]. */
export function confusion(
  tree: TreeNode,
  data: Dataset,
  subset?: Int32Array,
): [[number, number], [number, number]] {
  const matrix: [[number, number], [number, number]] = [
    [0, 0],
    [0, 0],
  ];
  const total = subset ? subset.length : data.count;
  for (let p = 0; p < total; p++) {
    const i = subset ? subset[p]! : p;
    matrix[data.labels[i]! === 1 ? 1 : 0][predict(tree, data, i)]++;
  }
  return matrix;
}

/** Node and leaf counts and the depth of the deepest leaf (a lone leaf has depth 0). */
export function treeStats(tree: TreeNode): { nodes: number; leaves: number; depth: number } {
  if (tree.kind === 'leaf') return { nodes: 1, leaves: 1, depth: 0 };
  const le = treeStats(tree.le);
  const gt = treeStats(tree.gt);
  return {
    nodes: 1 + le.nodes + gt.nodes,
    leaves: le.leaves + gt.leaves,
    depth: 1 + Math.max(le.depth, gt.depth),
  };
}

/** Attributes tested at depth < `depth` (root is depth 0), in first-seen breadth-first order, each once. */
export function attributesNearRoot(tree: TreeNode, depth: number): number[] {
  const seen = new Set<number>();
  let level: TreeNode[] = [tree];
  for (let d = 0; d < depth && level.length > 0; d++) {
    const next: TreeNode[] = [];
    for (const node of level) {
      if (node.kind === 'leaf') continue;
      seen.add(node.attribute);
      next.push(node.le, node.gt);
    }
    level = next;
  }
  return [...seen];
}

/**
 * The tree as readable rules, one per leaf from left (le) to right (gt):
 * `if <cond> and <cond> then 1 (n1 of n)`, where the count is of the leaf's own class and a tree
 * that is one leaf reads `always 0 (n0 of n)`. names[a] names attribute a; an attribute listed in
 * `booleans` (values 0 and 1) reads `name` / `not name` instead of `name > 0` / `name <= 0`.
 */
export function treeRules(
  tree: TreeNode,
  names: readonly string[],
  booleans?: ReadonlySet<number>,
): string[] {
  const rules: string[] = [];
  const walk = (node: TreeNode, conditions: string[]): void => {
    if (node.kind === 'leaf') {
      const outcome = `${node.label} (${node.counts[node.label]} of ${node.counts[0] + node.counts[1]})`;
      rules.push(
        conditions.length === 0
          ? `always ${outcome}`
          : `if ${conditions.join(' and ')} then ${outcome}`,
      );
      return;
    }
    const name = names[node.attribute] ?? `attribute ${node.attribute}`;
    const isBoolean = booleans?.has(node.attribute) === true && node.threshold === 0;
    const le = isBoolean ? `not ${name}` : `${name} <= ${node.threshold}`;
    const gt = isBoolean ? name : `${name} > ${node.threshold}`;
    walk(node.le, [...conditions, le]);
    walk(node.gt, [...conditions, gt]);
  };
  walk(tree, []);
  return rules;
}

/** The tree as JSON text, read back by parseTree. */
export function serializeTree(tree: TreeNode): string {
  return JSON.stringify(tree);
}

export type ParseTreeResult = { ok: true; value: TreeNode } | { ok: false; error: string };

/** A problem in tree JSON, thrown inside parseTree and returned as its error. */
class TreeFormatError extends Error {}

/**
 * Reads a tree written by serializeTree for data of `width` attributes, checking every node: an
 * error names the node by its path from the root (`root.le.gt`) and the field that is wrong.
 */
export function parseTree(json: string, width: number): ParseTreeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    return { ok: false, error: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  try {
    return { ok: true, value: readNode(raw, 'root', width) };
  } catch (e) {
    if (e instanceof TreeFormatError) return { ok: false, error: e.message };
    throw e;
  }
}

function readNode(raw: unknown, at: string, width: number): TreeNode {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new TreeFormatError(`${at}: expected a node object, got ${JSON.stringify(raw)}`);
  }
  const node = raw as Record<string, unknown>;
  const counts = readCounts(node['counts'], `${at}.counts`);
  if (node['kind'] === 'leaf') {
    const label = node['label'];
    if (label !== 0 && label !== 1) {
      throw new TreeFormatError(`${at}.label: expected 0 or 1, got ${JSON.stringify(label)}`);
    }
    return { kind: 'leaf', label, counts };
  }
  if (node['kind'] !== 'split') {
    const kind = JSON.stringify(node['kind']);
    throw new TreeFormatError(`${at}.kind: expected "leaf" or "split", got ${kind}`);
  }
  const attribute = readInteger(node['attribute'], `${at}.attribute`, width - 1);
  const threshold = readInteger(node['threshold'], `${at}.threshold`, VALUE_LIMIT - 1);
  const gain = node['gain'];
  if (typeof gain !== 'number' || !Number.isFinite(gain)) {
    throw new TreeFormatError(`${at}.gain: expected a number, got ${JSON.stringify(gain)}`);
  }
  for (const child of ['le', 'gt']) {
    if (!(child in node)) throw new TreeFormatError(`${at}: missing child "${child}"`);
  }
  const le = readNode(node['le'], `${at}.le`, width);
  const gt = readNode(node['gt'], `${at}.gt`, width);
  return { kind: 'split', attribute, threshold, gain, counts, le, gt };
}

/** A non-negative integer up to `max` (Infinity for a count). */
function readInteger(raw: unknown, at: string, max: number): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > max) {
    const range = max === Infinity ? 'a non-negative integer' : `an integer in 0..${max}`;
    throw new TreeFormatError(`${at}: expected ${range}, got ${JSON.stringify(raw)}`);
  }
  return raw;
}

function readCounts(raw: unknown, at: string): ClassCounts {
  if (!Array.isArray(raw) || raw.length !== CLASS_COUNT) {
    throw new TreeFormatError(`${at}: expected [class 0, class 1], got ${JSON.stringify(raw)}`);
  }
  const items = raw as unknown[];
  return [readInteger(items[0], `${at}[0]`, Infinity), readInteger(items[1], `${at}[1]`, Infinity)];
}
