/**
 * Seed 002's tables re-run on our engine's data (dtree/data.ts): Table 1 (win or loss from the
 * position alone), Table 4 (how often the chosen move has each policy), Tables 6 and 7 (best move
 * or not, per example and per position), Table 8 (mate or not) and the attributes near each
 * tree's root. Platform-neutral: `npm run dtree-tables` prints them for the lab, and the chapter's
 * widgets call the same functions on the same games.
 *
 * How the trees are grown. The paper does not say; its training accuracies (92–99 %) are those of
 * trees grown until their leaves are nearly pure, so the tables' main trees are grown that way
 * (FULL_GROWTH). Beside them, a tree whose depth and leaf size were chosen on a validation split
 * of the training games (the last tenth of them) and then retrained on all of them: how much of the
 * gap between training and test accuracy is the tree learning the training games by heart.
 */
import {
  BEST_MOVE_FROM_PLY,
  BEST_MOVE_WIDTH,
  bestMoveDataset,
  isTestGame,
  type MateGame,
  mateDataset,
  moveRows,
  outcomeDataset,
  replay,
  splitByGame,
  type TeacherGame,
} from './data';
import { POLICIES, POLICY_COUNT } from './move-policies';
import { ATTRIBUTES, BEST_MOVE_ATTRIBUTES, MATE_ATTRIBUTES } from './position-attributes';
import { train, type TrainOptions } from './id3';
import {
  attributesNearRoot,
  confusion,
  type Dataset,
  predict,
  treeStats,
  type TreeNode,
} from './tree';

// #region dtree-settings
/**
 * Grown until pure or out of splits: what the paper's training accuracies suggest. The depth is
 * only a bound (the best-move tree stops at 81); the page's trainer grows to the same depth.
 */
export const FULL_GROWTH = { maxDepth: 100, minLeaf: 1, minGain: 0 } as const;
/** The depths and leaf sizes the validation split chooses from. */
export const TUNING_GRID = {
  maxDepth: [2, 3, 4, 6, 8, 10, 12, 16, 20, 30, 100],
  minLeaf: [1, 5, 20, 50, 100],
} as const;
/** The paper's Table 1 rows: the last 50, 40, 30, 20 and 10 positions of each game. */
export const OUTCOME_LAST = [50, 40, 30, 20, 10] as const;
/** Seed for the "other move" of each best-move position. */
export const OTHER_MOVE_SEED = 2;
// #endregion

/** Columns a best-move tree may ask: the 28 policies and attributes 1–56. */
export const BEST_MOVE_COLUMNS: readonly number[] = [
  ...Array.from({ length: POLICY_COUNT }, (_, i) => i),
  ...BEST_MOVE_ATTRIBUTES.map((a) => POLICY_COUNT + a),
];

/** What a best-move column is: a policy (0–27) or a position attribute (28 on). */
export const bestMoveColumn = (
  column: number,
): { kind: 'policy' | 'attribute'; number: number; en: string; ja: string } => {
  if (column < POLICY_COUNT) {
    const p = POLICIES[column]!;
    return { kind: 'policy', number: p.number, en: p.en, ja: p.ja };
  }
  const a = ATTRIBUTES[column - POLICY_COUNT]!;
  return { kind: 'attribute', number: a.number, en: a.en, ja: a.ja };
};

export type Confusion = [[number, number], [number, number]];

/** A tree's settings, size and confusion counts on its training and test examples. */
export interface TreeResult {
  settings: { maxDepth: number; minLeaf: number; minGain: number };
  nodes: number;
  leaves: number;
  depth: number;
  train: Confusion;
  test: Confusion;
  /** Shares right: all examples, then class 1 and class 0 alone, of training and of test. */
  accuracy: {
    train: number;
    test: number;
    train1: number;
    train0: number;
    test1: number;
    test0: number;
  };
}

export const accuracy = (m: Confusion): number => {
  const n = m[0][0] + m[0][1] + m[1][0] + m[1][1];
  return n === 0 ? 0 : (m[0][0] + m[1][1]) / n;
};

/** The share of class `c`'s examples judged right. */
export const classAccuracy = (m: Confusion, c: 0 | 1): number => {
  const n = m[c][0] + m[c][1];
  return n === 0 ? 0 : m[c][c] / n;
};

function fit(
  data: Dataset,
  attributes: readonly number[],
  trainSet: Int32Array,
  testSet: Int32Array,
  settings: TreeResult['settings'],
): { tree: TreeNode; result: TreeResult } {
  const tree = train(data, { ...settings, attributes, subset: trainSet });
  const trained = confusion(tree, data, trainSet);
  const tested = confusion(tree, data, testSet);
  return {
    tree,
    result: {
      settings,
      ...treeStats(tree),
      train: trained,
      test: tested,
      accuracy: {
        train: accuracy(trained),
        test: accuracy(tested),
        train1: classAccuracy(trained, 1),
        train0: classAccuracy(trained, 0),
        test1: classAccuracy(tested, 1),
        test0: classAccuracy(tested, 0),
      },
    },
  };
}

/**
 * Choose depth and leaf size on the last tenth of the training games, then retrain on all of
 * them. `gameOf[i]` is example i's game; training games are `trainSet`'s.
 */
export function tuned(
  data: Dataset,
  attributes: readonly number[],
  trainSet: Int32Array,
  testSet: Int32Array,
  gameOf: Int32Array,
): { tree: TreeNode; result: TreeResult } {
  const trainGames = [...new Set(Array.from(trainSet, (i) => gameOf[i]!))].sort((a, b) => a - b);
  const held = new Set(trainGames.filter((_, k) => isTestGame(k, trainGames.length)));
  const fitSet = trainSet.filter((i) => !held.has(gameOf[i]!));
  const validation = trainSet.filter((i) => held.has(gameOf[i]!));
  let best: TrainOptions | null = null;
  let bestAccuracy = -1;
  for (const maxDepth of TUNING_GRID.maxDepth)
    for (const minLeaf of TUNING_GRID.minLeaf) {
      const settings = { maxDepth, minLeaf, minGain: 0 };
      const tree = train(data, { ...settings, attributes, subset: fitSet });
      const a = accuracy(confusion(tree, data, validation));
      // Ties go to the smaller tree: the grid is walked from shallow and small-leaved upward.
      if (a > bestAccuracy + 1e-12) {
        bestAccuracy = a;
        best = settings;
      }
    }
  return fit(data, attributes, trainSet, testSet, {
    maxDepth: best!.maxDepth,
    minLeaf: best!.minLeaf,
    minGain: 0,
  });
}

/** Table 1: win or loss from the last N positions of each decided game. */
export function outcomeTable(games: readonly TeacherGame[]) {
  return OUTCOME_LAST.map((last) => {
    const { data, source } = outcomeDataset(games, last);
    const { train: trainSet, test } = splitByGame(source, games.length);
    const { result } = fit(data, BEST_MOVE_ATTRIBUTES, trainSet, test, FULL_GROWTH);
    return { last, ...result };
  });
}

/** One position's moves and which the teacher chose. */
interface PositionMoves {
  game: number;
  ply: number;
  rows: ReturnType<typeof moveRows>;
  chosen: number;
}

/** Every position from BEST_MOVE_FROM_PLY on with its legal moves' rows (Tables 4 and 7). */
export function positionsWithMoves(
  games: readonly TeacherGame[],
  keep: (game: number) => boolean = () => true,
): PositionMoves[] {
  const out: PositionMoves[] = [];
  games.forEach((game, g) => {
    if (!keep(g)) return;
    replay([...game.opening, ...game.moves], (pos, ply, move, previous) => {
      if (ply < BEST_MOVE_FROM_PLY) return;
      const rows = moveRows(pos, previous);
      if (rows.moves.length < 2) return;
      out.push({ game: g, ply, rows, chosen: rows.moves.indexOf(move) });
    });
  });
  return out;
}

/**
 * Table 4: for each policy, in how many positions some legal move has it (出現数) and in how many
 * the chosen move has it (選択数); and how often the chosen move has one of policies 1–27.
 */
export function selectionTable(positions: readonly PositionMoves[]) {
  const occurring = new Array<number>(POLICY_COUNT).fill(0);
  const selected = new Array<number>(POLICY_COUNT).fill(0);
  let inPolicies = 0;
  let legal = 0;
  for (const { rows, chosen } of positions) {
    const { data } = rows;
    legal += data.count;
    for (let p = 0; p < POLICY_COUNT; p++) {
      let any = false;
      for (let i = 0; i < data.count && !any; i++) any = data.values[i * data.width + p] === 1;
      if (any) occurring[p]!++;
      if (data.values[chosen * data.width + p] === 1) selected[p]!++;
    }
    if (data.values[chosen * data.width + POLICY_COUNT - 1] === 0) inPolicies++;
  }
  return {
    positions: positions.length,
    averageLegal: legal / positions.length,
    chosenInPolicies: inPolicies,
    rows: occurring.map((o, p) => ({
      policy: p + 1,
      selected: selected[p]!,
      occurring: o,
      rate: o === 0 ? 0 : selected[p]! / o,
    })),
  };
}

/**
 * Table 7: judge every legal move of each test position with the tree; the average count of legal
 * moves (A), of moves judged best (B), the share B / A, and how often the chosen move is among
 * those judged best.
 */
export function perPositionTable(tree: TreeNode, positions: readonly PositionMoves[]) {
  let legal = 0;
  let judged = 0;
  let share = 0;
  let contains = 0;
  for (const { rows, chosen } of positions) {
    const { data } = rows;
    let b = 0;
    for (let i = 0; i < data.count; i++) b += predict(tree, data, i);
    legal += data.count;
    judged += b;
    share += b / data.count;
    if (predict(tree, data, chosen) === 1) contains++;
  }
  const n = positions.length;
  return {
    positions: n,
    averageLegal: legal / n,
    averageJudged: judged / n,
    /** The paper's (B) / (A): the ratio of the averages. */
    ratioOfAverages: judged / legal,
    /** The average of each position's own share. */
    averageShare: share / n,
    containsChosen: contains / n,
    /** The paper's argument against pruning with the tree: the best move survives three plies. */
    containsChosenCubed: (contains / n) ** 3,
  };
}

/** Tables 6 and 7 and the attributes near the root, for the best-move trees. */
export function bestMoveTables(games: readonly TeacherGame[]) {
  const { data, source } = bestMoveDataset(games, OTHER_MOVE_SEED);
  const { train: trainSet, test } = splitByGame(source, games.length);
  const full = fit(data, BEST_MOVE_COLUMNS, trainSet, test, FULL_GROWTH);
  const best = tuned(data, BEST_MOVE_COLUMNS, trainSet, test, source.game);
  const testPositions = positionsWithMoves(games, (g) => isTestGame(g, games.length));
  return {
    examples: {
      all: data.count,
      train: trainSet.length,
      test: test.length,
      width: BEST_MOVE_WIDTH,
    },
    full: {
      ...full.result,
      perPosition: perPositionTable(full.tree, testPositions),
      nearRoot: attributesNearRoot(full.tree, 3),
    },
    tuned: {
      ...best.result,
      perPosition: perPositionTable(best.tree, testPositions),
      nearRoot: attributesNearRoot(best.tree, 3),
    },
  };
}

/** Table 8 and the attributes near the root, for the mate trees. */
export function mateTables(games: readonly MateGame[]) {
  const { data, source } = mateDataset(games);
  const { train: trainSet, test } = splitByGame(source, games.length);
  const full = fit(data, MATE_ATTRIBUTES, trainSet, test, FULL_GROWTH);
  const best = tuned(data, MATE_ATTRIBUTES, trainSet, test, source.game);
  let mates = 0;
  for (let i = 0; i < data.count; i++) mates += data.labels[i]!;
  return {
    examples: { all: data.count, mates, train: trainSet.length, test: test.length },
    full: { ...full.result, nearRoot: attributesNearRoot(full.tree, 2) },
    tuned: { ...best.result, nearRoot: attributesNearRoot(best.tree, 2) },
  };
}

/** The best-move tree the search uses: the tuned one, trained on every game's training part. */
export function searchTrees(best: readonly TeacherGame[], mate: readonly MateGame[]) {
  const b = bestMoveDataset(best, OTHER_MOVE_SEED);
  const bs = splitByGame(b.source, best.length);
  const bestTree = tuned(b.data, BEST_MOVE_COLUMNS, bs.train, bs.test, b.source.game);
  const m = mateDataset(mate);
  const ms = splitByGame(m.source, mate.length);
  const mateTree = tuned(m.data, MATE_ATTRIBUTES, ms.train, ms.test, m.source.game);
  return {
    bestMove: { settings: bestTree.result.settings, tree: bestTree.tree },
    mate: { settings: mateTree.result.settings, tree: mateTree.tree },
  };
}
