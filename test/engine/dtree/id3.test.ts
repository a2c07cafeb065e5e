/**
 * ID3 against numbers worked out by hand (Quinlan's play-tennis table, XOR) and against a naive
 * twin that finds every best split by filtering plain arrays.
 */
import { describe, expect, it } from 'vitest';
import { entropy, splitGain, train, type TrainOptions } from '../../../src/engine/dtree/id3';
import {
  attributesNearRoot,
  classify,
  confusion,
  type Dataset,
  parseTree,
  predict,
  serializeTree,
  treeRules,
  type TreeNode,
  treeStats,
} from '../../../src/engine/dtree/tree';
import { makeRandom, shuffled } from '../../../src/engine/lab/random';

/** Grow as far as the data allows. */
const FULL: TrainOptions = { maxDepth: 100, minLeaf: 1, minGain: 0 };

function makeDataset(rows: readonly (readonly number[])[], labels: readonly number[]): Dataset {
  const width = rows[0]?.length ?? 0;
  return {
    width,
    count: rows.length,
    values: Uint8Array.from(rows.flat()),
    labels: Uint8Array.from(labels),
  };
}

function rowOf(data: Dataset, i: number): Uint8Array {
  return data.values.subarray(i * data.width, (i + 1) * data.width);
}

function accuracy(tree: TreeNode, data: Dataset): number {
  const [[trueNegative], [, truePositive]] = confusion(tree, data);
  return (trueNegative + truePositive) / data.count;
}

function splits(tree: TreeNode): Extract<TreeNode, { kind: 'split' }>[] {
  return tree.kind === 'leaf' ? [] : [tree, ...splits(tree.le), ...splits(tree.gt)];
}

function leaves(tree: TreeNode): Extract<TreeNode, { kind: 'leaf' }>[] {
  return tree.kind === 'leaf' ? [tree] : [...leaves(tree.le), ...leaves(tree.gt)];
}

/** x · log2 x, written out again so the hand-worked gains do not lean on entropy(). */
function xlog(p: number): number {
  return p === 0 ? 0 : p * Math.log2(p);
}

/**
 * Quinlan's play-tennis table (Induction of decision trees, 1986, table 1): 9 days of play, 5 not.
 * outlook: sunny 0, rain 1, overcast 2; temperature: hot 0, mild 1, cool 2; humid: high 1,
 * normal 0; windy: strong 1, weak 0.
 */
const OUTLOOK = 0;
const HUMID = 2;
const WINDY = 3;
const TENNIS_NAMES = ['outlook', 'temperature', 'humid', 'windy'];
const TENNIS_BOOLEANS = new Set([HUMID, WINDY]);
// prettier-ignore
const TENNIS_ROWS = [
  [0, 0, 1, 0], [0, 0, 1, 1], [2, 0, 1, 0], [1, 1, 1, 0], [1, 2, 0, 0], [1, 2, 0, 1], [2, 2, 0, 1],
  [0, 1, 1, 0], [0, 2, 0, 0], [1, 1, 0, 0], [0, 1, 0, 1], [2, 1, 1, 1], [2, 0, 0, 0], [1, 1, 1, 1],
];
const TENNIS_LABELS = [0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0];
const tennis = makeDataset(TENNIS_ROWS, TENNIS_LABELS);
/** M(C) for 9 of one class and 5 of the other. */
const TENNIS_ENTROPY = -xlog(9 / 14) - xlog(5 / 14);

describe('entropy', () => {
  it('is 0.940 bits for the 9 and 5 of play-tennis', () => {
    expect(entropy(5, 9)).toBeCloseTo(0.940286, 6);
    expect(entropy(9, 5)).toBe(entropy(5, 9));
  });

  it('is 0 for a pure set and 1 for an even one', () => {
    expect(entropy(0, 7)).toBe(0);
    expect(entropy(7, 0)).toBe(0);
    expect(entropy(0, 0)).toBe(0);
    expect(entropy(4, 4)).toBe(1);
    expect(entropy(1000, 1000)).toBe(1);
  });

  it('gives splitGain as M(C) minus the weighted entropy of the parts', () => {
    // humid: normal has 6 play, 1 not; high has 3 play, 4 not.
    const expected = TENNIS_ENTROPY - (7 / 14) * entropy(1, 6) - (7 / 14) * entropy(4, 3);
    expect(splitGain(1, 6, 4, 3)).toBeCloseTo(expected, 12);
    expect(splitGain(1, 6, 4, 3)).toBeCloseTo(0.151836, 6);
  });
});

describe('train on play-tennis', () => {
  it('splits the root at outlook <= 1: overcast days, all played, go right', () => {
    const tree = train(tennis, FULL);
    // Candidates by hand: outlook <= 0 gains 0.1022, outlook <= 1 gains 0.2260, temperature
    // <= 0 gains 0.0251, <= 1 gains 0.0150, humid 0.1518, windy 0.0481.
    // outlook <= 1: sunny or rain 5 play, 5 not (1 bit); overcast 4 play (0 bits).
    const gain = TENNIS_ENTROPY - (10 / 14) * 1 - (4 / 14) * 0;
    expect(tree).toMatchObject({ kind: 'split', attribute: OUTLOOK, threshold: 1, counts: [5, 9] });
    if (tree.kind !== 'split') throw new Error('expected a split');
    expect(tree.gain).toBeCloseTo(gain, 9);
    expect(tree.gain).toBeCloseTo(0.226, 3);
    expect(tree.gt).toEqual({ kind: 'leaf', label: 1, counts: [0, 4] });
    expect(tree.le).toMatchObject({
      kind: 'split',
      attribute: HUMID,
      threshold: 0,
      counts: [5, 5],
    });
  });

  it('classifies every training day right when grown to full depth', () => {
    const tree = train(tennis, FULL);
    expect(confusion(tree, tennis)).toEqual([
      [5, 0],
      [0, 9],
    ]);
  });

  it('stops at maxDepth: 0 gives a leaf, 1 gives one split, and a 5–5 tie is labelled 0', () => {
    expect(train(tennis, { ...FULL, maxDepth: 0 })).toEqual({
      kind: 'leaf',
      label: 1,
      counts: [5, 9],
    });
    const tree = train(tennis, { ...FULL, maxDepth: 1 });
    expect(treeStats(tree)).toEqual({ nodes: 3, leaves: 2, depth: 1 });
    expect(tree).toMatchObject({
      attribute: OUTLOOK,
      le: { kind: 'leaf', label: 0, counts: [5, 5] },
      gt: { kind: 'leaf', label: 1, counts: [0, 4] },
    });
  });

  it('with minLeaf 5 passes over outlook (10 | 4) for humid (7 | 7), then stops', () => {
    const tree = train(tennis, { ...FULL, minLeaf: 5 });
    const high = -xlog(4 / 7) - xlog(3 / 7);
    const gain = TENNIS_ENTROPY - (7 / 14) * (-xlog(1 / 7) - xlog(6 / 7)) - (7 / 14) * high;
    expect(tree).toMatchObject({
      kind: 'split',
      attribute: HUMID,
      threshold: 0,
      le: { kind: 'leaf', label: 1, counts: [1, 6] },
      gt: { kind: 'leaf', label: 0, counts: [4, 3] },
    });
    if (tree.kind === 'split') expect(tree.gain).toBeCloseTo(gain, 9);
  });

  it('needs a gain of minGain: 0.23 keeps the root a leaf, the exact root gain does not', () => {
    expect(train(tennis, { ...FULL, minGain: 0.23 }).kind).toBe('leaf');
    const rootGain = TENNIS_ENTROPY - 10 / 14;
    expect(train(tennis, { ...FULL, minGain: rootGain }).kind).toBe('split');
    const tree = train(tennis, { ...FULL, minGain: 0.2 });
    expect(splits(tree).length).toBeGreaterThan(0);
    for (const split of splits(tree)) expect(split.gain).toBeGreaterThanOrEqual(0.2);
  });

  it('tests only the attributes it is given', () => {
    const tree = train(tennis, { ...FULL, attributes: [WINDY, HUMID] });
    expect(tree).toMatchObject({ attribute: HUMID, threshold: 0 });
    for (const split of splits(tree)) expect([HUMID, WINDY]).toContain(split.attribute);
    expect(train(tennis, { ...FULL, attributes: [WINDY] })).toMatchObject({ attribute: WINDY });
    expect(train(tennis, { ...FULL, attributes: [] }).kind).toBe('leaf');
  });

  it('trains only on the subset it is given', () => {
    const overcast = Int32Array.from([2, 6, 11, 12]);
    expect(train(tennis, { ...FULL, subset: overcast })).toEqual({
      kind: 'leaf',
      label: 1,
      counts: [0, 4],
    });
    expect(train(tennis, { ...FULL, subset: new Int32Array(0) })).toEqual({
      kind: 'leaf',
      label: 0,
      counts: [0, 0],
    });
  });

  it('writes the depth-2 tree as rules, booleans read as words', () => {
    const tree = train(tennis, { ...FULL, maxDepth: 2 });
    expect(treeRules(tree, TENNIS_NAMES, TENNIS_BOOLEANS)).toEqual([
      'if outlook <= 1 and not humid then 1 (4 of 5)',
      'if outlook <= 1 and humid then 0 (4 of 5)',
      'if outlook > 1 then 1 (4 of 4)',
    ]);
    expect(treeRules(tree, TENNIS_NAMES)).toEqual([
      'if outlook <= 1 and humid <= 0 then 1 (4 of 5)',
      'if outlook <= 1 and humid > 0 then 0 (4 of 5)',
      'if outlook > 1 then 1 (4 of 4)',
    ]);
    expect(treeRules(train(tennis, { ...FULL, maxDepth: 0 }), TENNIS_NAMES)).toEqual([
      'always 1 (9 of 14)',
    ]);
  });

  it('reports stats, the attributes near the root and the confusion of the depth-2 tree', () => {
    const tree = train(tennis, { ...FULL, maxDepth: 2 });
    expect(treeStats(tree)).toEqual({ nodes: 5, leaves: 3, depth: 2 });
    expect(attributesNearRoot(tree, 0)).toEqual([]);
    expect(attributesNearRoot(tree, 1)).toEqual([OUTLOOK]);
    expect(attributesNearRoot(tree, 5)).toEqual([OUTLOOK, HUMID]);
    // Predicted 1: 4 overcast days and 5 normal-humidity days, one of them not played.
    expect(confusion(tree, tennis)).toEqual([
      [4, 1],
      [1, 8],
    ]);
    expect(confusion(tree, tennis, Int32Array.from([0, 2]))).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('says which tests a day went through', () => {
    const tree = train(tennis, { ...FULL, maxDepth: 2 });
    // Day 1: sunny, hot, high humidity, weak wind; not played.
    const result = classify(tree, [0, 0, 1, 0]);
    expect(result.label).toBe(0);
    expect(result.leaf).toEqual({ kind: 'leaf', label: 0, counts: [4, 1] });
    expect(result.path).toEqual([
      { attribute: OUTLOOK, threshold: 1, value: 0, branch: 'le', counts: [5, 9] },
      { attribute: HUMID, threshold: 0, value: 1, branch: 'gt', counts: [5, 5] },
    ]);
    expect(classify(tree, [2, 0, 1, 0]).path).toEqual([
      { attribute: OUTLOOK, threshold: 1, value: 2, branch: 'gt', counts: [5, 9] },
    ]);
  });
});

describe('numeric thresholds and XOR', () => {
  it('finds the threshold in the middle of a numeric attribute', () => {
    const values = [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 5];
    const data = makeDataset(
      values.map((v) => [v]),
      values.map((v) => (v > 3 ? 1 : 0)),
    );
    const tree = train(data, FULL);
    expect(tree).toMatchObject({
      kind: 'split',
      attribute: 0,
      threshold: 3,
      counts: [8, 9],
      le: { kind: 'leaf', label: 0, counts: [8, 0] },
      gt: { kind: 'leaf', label: 1, counts: [0, 9] },
    });
    // Both parts are pure, so the split gains all of M(C).
    if (tree.kind === 'split') expect(tree.gain).toBeCloseTo(-xlog(8 / 17) - xlog(9 / 17), 12);
  });

  it('leaves exact XOR as one leaf: both bits gain nothing at the root', () => {
    const data = makeDataset(
      [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ],
      [0, 1, 1, 0],
    );
    expect(splitGain(1, 1, 1, 1)).toBe(0);
    expect(train(data, FULL)).toEqual({ kind: 'leaf', label: 0, counts: [2, 2] });
  });

  it('learns XOR in two levels once one corner is doubled, and not in one', () => {
    const data = makeDataset(
      [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
        [1, 1],
      ],
      [0, 1, 1, 0, 0],
    );
    const deep = train(data, FULL);
    // Both bits gain M(3, 2) − 2/5 · 1 − 3/5 · M(2, 1); the lower index wins the tie.
    const rootGain = -xlog(3 / 5) - xlog(2 / 5) - 2 / 5 - (3 / 5) * (-xlog(2 / 3) - xlog(1 / 3));
    expect(deep).toMatchObject({ attribute: 0, threshold: 0 });
    if (deep.kind === 'split') expect(deep.gain).toBeCloseTo(rootGain, 9);
    expect(treeStats(deep)).toEqual({ nodes: 7, leaves: 4, depth: 2 });
    expect(accuracy(deep, data)).toBe(1);
    const shallow = train(data, { ...FULL, maxDepth: 1 });
    expect(treeStats(shallow).depth).toBe(1);
    expect(accuracy(shallow, data)).toBe(3 / 5);
  });

  it('breaks a tie between equal attributes for the lower index', () => {
    const values = [1, 4, 2, 7, 3, 6, 0, 5];
    const data = makeDataset(
      values.map((v) => [9 - v, v, v]),
      values.map((v) => (v >= 4 ? 1 : 0)),
    );
    expect(train(data, FULL)).toMatchObject({ attribute: 0, threshold: 5 });
    expect(train(data, { ...FULL, attributes: [2, 1] })).toMatchObject({
      attribute: 1,
      threshold: 3,
    });
  });
});

/** Examples whose label leans on a few attributes, with 15% of labels flipped. */
function randomDataset(seed: number, count: number, width: number, valueRange: number): Dataset {
  const random = makeRandom(seed);
  const values = new Uint8Array(count * width);
  const labels = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    for (let a = 0; a < width; a++) {
      const range = a % 3 === 2 ? 2 : valueRange;
      values[i * width + a] = Math.floor(random() * range);
    }
    const row = i * width;
    const signal = values[row]! + (values[row + 1]! >> 1) - valueRange + 4 * values[row + 2]!;
    labels[i] = signal > 0 !== random() < 0.15 ? 1 : 0;
  }
  return { width, count, values, labels };
}

// #region id3-naive-split
interface NaiveSplit {
  attribute: number;
  threshold: number;
  gain: number;
}

/**
 * The best split the slow, obvious way: every attribute, every threshold between values that
 * occur, both parts counted by filtering the examples.
 */
function naiveBestSplit(
  rows: number[][],
  labels: number[],
  attributes: readonly number[],
  options: TrainOptions,
): NaiveSplit | null {
  const ones = (ls: number[]): number => ls.filter((l) => l === 1).length;
  const before = entropy(labels.length - ones(labels), ones(labels));
  let best: NaiveSplit | null = null;
  for (const attribute of [...attributes].sort((a, b) => a - b)) {
    const occurring = [...new Set(rows.map((row) => row[attribute]!))].sort((a, b) => a - b);
    for (const threshold of occurring.slice(0, -1)) {
      const le = labels.filter((_, i) => rows[i]![attribute]! <= threshold);
      const gt = labels.filter((_, i) => rows[i]![attribute]! > threshold);
      if (le.length < options.minLeaf || gt.length < options.minLeaf) continue;
      const after =
        (le.length / labels.length) * entropy(le.length - ones(le), ones(le)) +
        (gt.length / labels.length) * entropy(gt.length - ones(gt), ones(gt));
      const gain = before - after;
      if (gain <= 1e-12 || gain < options.minGain - 1e-12) continue;
      if (best === null || gain > best.gain + 1e-12) best = { attribute, threshold, gain };
    }
  }
  return best;
}

/** Checks every node of `tree` against the naive split of the examples that reach it. */
function expectNaiveAgreement(
  tree: TreeNode,
  rows: number[][],
  labels: number[],
  options: TrainOptions,
  depth = 0,
): void {
  const n1 = labels.filter((l) => l === 1).length;
  expect(tree.counts).toEqual([labels.length - n1, n1]);
  const attributes = options.attributes ?? rows[0]!.map((_, a) => a);
  const pure = n1 === 0 || n1 === labels.length;
  const naive =
    pure || depth >= options.maxDepth ? null : naiveBestSplit(rows, labels, attributes, options);
  if (naive === null) {
    expect(tree).toEqual({
      kind: 'leaf',
      label: n1 > labels.length - n1 ? 1 : 0,
      counts: tree.counts,
    });
    return;
  }
  expect(tree).toMatchObject({
    kind: 'split',
    attribute: naive.attribute,
    threshold: naive.threshold,
  });
  if (tree.kind !== 'split') return;
  expect(tree.gain).toBeCloseTo(naive.gain, 9);
  const goesLeft = rows.map((row) => row[naive.attribute]! <= naive.threshold);
  const part = (side: boolean): [number[][], number[]] => [
    rows.filter((_, i) => goesLeft[i] === side),
    labels.filter((_, i) => goesLeft[i] === side),
  ];
  expectNaiveAgreement(tree.le, ...part(true), options, depth + 1);
  expectNaiveAgreement(tree.gt, ...part(false), options, depth + 1);
}
// #endregion

describe('train against the naive twin', () => {
  const cases: [string, number, TrainOptions][] = [
    ['full depth', 1, FULL],
    ['values 0..3, many ties', 2, FULL],
    ['maxDepth 3, minLeaf 8', 3, { maxDepth: 3, minLeaf: 8, minGain: 0 }],
    ['minGain 0.02', 4, { maxDepth: 12, minLeaf: 1, minGain: 0.02 }],
    ['attributes 4, 1, 5', 5, { ...FULL, attributes: [4, 1, 5] }],
  ];
  it.each(cases)('agrees on every node: %s', (_, seed, options) => {
    const data = randomDataset(seed, 240, 6, seed === 2 ? 4 : 12);
    const rows = Array.from({ length: data.count }, (_, i) => [...rowOf(data, i)]);
    const tree = train(data, options);
    expect(treeStats(tree).nodes).toBeGreaterThan(2);
    expectNaiveAgreement(tree, rows, [...data.labels], options);
  });
});

describe('train on larger random data', () => {
  const data = randomDataset(2024, 20_000, 60, 40);

  it('fits the training data better as maxDepth grows', () => {
    const depths = [0, 1, 2, 4, 8, 12];
    const scores = depths.map((maxDepth) => accuracy(train(data, { ...FULL, maxDepth }), data));
    for (let k = 1; k < scores.length; k++) {
      expect(scores[k]!).toBeGreaterThanOrEqual(scores[k - 1]!);
    }
    expect(scores[1]!).toBeGreaterThan(scores[0]! + 0.05);
    expect(scores[5]!).toBeGreaterThan(scores[1]!);
  });

  it('keeps its invariants: depth, leaf sizes, gains equal to splitGain, counts adding up', () => {
    const options = { maxDepth: 9, minLeaf: 20, minGain: 0.001 };
    const tree = train(data, options);
    expect(treeStats(tree).depth).toBeLessThanOrEqual(9);
    for (const leaf of leaves(tree))
      expect(leaf.counts[0] + leaf.counts[1]).toBeGreaterThanOrEqual(20);
    for (const split of splits(tree)) {
      const [l0, l1] = split.le.counts;
      const [g0, g1] = split.gt.counts;
      expect(split.counts).toEqual([l0 + g0, l1 + g1]);
      expect(split.gain).toBeCloseTo(splitGain(l0, l1, g0, g1), 12);
      expect(split.gain).toBeGreaterThanOrEqual(0.001);
    }
  });

  it('agrees with classify on every example, and confusion counts them all', () => {
    const tree = train(data, { ...FULL, maxDepth: 8 });
    const disagreements: number[] = [];
    for (let i = 0; i < data.count; i++) {
      const row = rowOf(data, i);
      const result = classify(tree, row);
      const pathHolds = result.path.every(
        (step) =>
          step.value === row[step.attribute] &&
          step.branch === (step.value <= step.threshold ? 'le' : 'gt'),
      );
      if (!pathHolds || result.label !== predict(tree, data, i)) disagreements.push(i);
    }
    expect(disagreements).toEqual([]);
    expect(
      confusion(tree, data)
        .flat()
        .reduce((a, b) => a + b),
    ).toBe(data.count);
  });

  it('trains the same tree twice, and whatever the order of the examples', () => {
    const options = { ...FULL, maxDepth: 10 };
    const json = serializeTree(train(data, options));
    expect(serializeTree(train(data, options))).toBe(json);
    const order = shuffled(
      Array.from({ length: data.count }, (_, i) => i),
      makeRandom(7),
    );
    expect(serializeTree(train(data, { ...options, subset: Int32Array.from(order) }))).toBe(json);
  });

  it('trains on a subset as on a dataset of just those rows', () => {
    const subset = Int32Array.from({ length: 5000 }, (_, k) => k * 4 + 1);
    const copy = makeDataset(
      Array.from(subset, (i) => [...rowOf(data, i)]),
      Array.from(subset, (i) => data.labels[i]!),
    );
    const options = { ...FULL, maxDepth: 8 };
    expect(serializeTree(train(data, { ...options, subset }))).toBe(
      serializeTree(train(copy, options)),
    );
  });
});

describe('serializeTree and parseTree', () => {
  const tree = train(tennis, FULL);
  const json = serializeTree(tree);

  it('round-trips a tree', () => {
    expect(parseTree(json, tennis.width)).toEqual({ ok: true, value: tree });
    const big = train(randomDataset(9, 3000, 20, 50), { ...FULL, maxDepth: 8 });
    expect(parseTree(serializeTree(big), 20)).toEqual({ ok: true, value: big });
  });

  it('rejects text that is not JSON', () => {
    const result = parseTree('{"kind": "leaf"', 4);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^not JSON/);
  });

  it('rejects an attribute the data does not have', () => {
    // The second test, humid, is attribute 2.
    expect(parseTree(json, 2)).toEqual({
      ok: false,
      error: 'root.le.attribute: expected an integer in 0..1, got 2',
    });
  });

  it('rejects a split with a missing child', () => {
    const { gt: _, ...noGt } = JSON.parse(json) as Record<string, unknown>;
    expect(parseTree(JSON.stringify(noGt), 4)).toEqual({
      ok: false,
      error: 'root: missing child "gt"',
    });
  });

  it('rejects a bad label, kind or count', () => {
    const leaf = (fields: object): string =>
      JSON.stringify({
        ...(JSON.parse(json) as object),
        gt: { kind: 'leaf', label: 1, counts: [0, 4], ...fields },
      });
    expect(parseTree(leaf({ label: 2 }), 4)).toEqual({
      ok: false,
      error: 'root.gt.label: expected 0 or 1, got 2',
    });
    expect(parseTree(leaf({ kind: 'node' }), 4)).toEqual({
      ok: false,
      error: 'root.gt.kind: expected "leaf" or "split", got "node"',
    });
    expect(parseTree(leaf({ counts: [0, -4] }), 4)).toEqual({
      ok: false,
      error: 'root.gt.counts[1]: expected a non-negative integer, got -4',
    });
    expect(parseTree('[]', 4)).toEqual({
      ok: false,
      error: 'root: expected a node object, got []',
    });
  });
});
