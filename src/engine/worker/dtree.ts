/**
 * The worker's decision-tree requests (chapter 7, seed 002). The page fetches a games file and
 * sends it once (`dtree-load`); the worker builds that kind's examples with dtree-data.ts, splits
 * them by game as dtree-tables.ts does, and keeps them. Then `dtree-train` grows a tree with id3.ts
 * and measures it, `dtree-moves` judges every legal move of a position with the best-move tree,
 * and `dtree-mate` asks the mate tree about a position and the exact short-mate test for the truth.
 * Platform-neutral: no DOM, so the tests call it in Node.
 *
 * A depth sweep needs no tree per depth. ID3 grows a node from its own examples only, so the tree
 * of maximum depth d is the tree of any greater depth cut at depth d, each node there made a leaf
 * of its majority class. One tree grown to DTREE_SWEEP_DEPTH gives every depth's accuracy in one
 * walk per example (`sweepByTruncation`), and later trees of the same leaf size are cut from it
 * (`truncateTree`); `sweepByTraining`, a tree per depth, is the simple twin the tests compare with.
 */
import { POLICY_COUNT } from '../eval/move-policies';
import {
  ATTRIBUTE_COUNT,
  BEST_MOVE_ATTRIBUTES,
  MATE_ATTRIBUTES,
} from '../eval/position-attributes';
import { positionAttributes } from '../eval/position-attributes';
import {
  BEST_MOVE_WIDTH,
  bestMoveDataset,
  type ExampleSource,
  type MateGame,
  mateDataset,
  moveRows,
  outcomeDataset,
  replay,
  splitByGame,
  type TeacherGame,
} from '../lab/dtree-data';
import { accuracy, BEST_MOVE_COLUMNS, OTHER_MOVE_SEED } from '../lab/dtree-tables';
import {
  type ClassCounts,
  classify,
  confusion,
  type Dataset,
  train,
  treeStats,
  type TreeNode,
} from '../lab/id3';
import { makeUsiMove, parseUsiMove } from '../notation';
import type { Position } from '../position';
import { makeSfen, parseSfen } from '../sfen';
import { findShortMate } from '../short-mate';
import type { Move, Result } from '../types';
import {
  DTREE_KINDS,
  DTREE_MATE_PLIES,
  DTREE_SWEEP_DEPTH,
  DTREE_VIEW_NODES,
  type DtreeKind,
  type DtreeLoadRequest,
  type DtreeMateRequest,
  type DtreeMovesRequest,
  type DtreeRequest,
  type DtreeSettings,
  type DtreeSweepPoint,
  type DtreeTrainRequest,
  type DtreeViewNode,
  type EngineResponse,
  MAX_DTREE_DEPTH,
  MAX_DTREE_MIN_LEAF,
  parsePositionText,
} from './protocol';

type Post = (message: EngineResponse) => void;

// #region dtree-worker-constants
/** Outcome examples come from each decided game's last 50 positions unless asked otherwise (Table 1's first row). */
export const DEFAULT_OUTCOME_LAST = 50;
/** At most this many progress messages while a kind's examples are built. */
const PROGRESS_STEPS = 40;
/** At least this many games between two progress messages. */
const MIN_GAMES_PER_STEP = 20;
/**
 * bestMoveDataset seeds the other move of game g with `seed + g * 7919` (dtree-data.ts), so the
 * games can be built in steps, each with its first game's seed; a test checks the result is the
 * same as one call over all the games.
 */
const GAME_SEED_STRIDE = 7919;
/** Trees kept for the moves and mate requests and for moving the depth slider back and forth. */
const TREES_KEPT = 8;
// #endregion

/** A kind's examples as the worker keeps them. */
interface Loaded {
  kind: DtreeKind;
  games: readonly TeacherGame[] | readonly MateGame[];
  last: number | null;
  data: Dataset;
  source: ExampleSource;
  split: { train: Int32Array; test: Int32Array };
  /** The columns this kind of tree may ask. */
  columns: readonly number[];
}

/** The columns each kind of tree may ask: policies and attributes 1–56, mate attributes, 1–56. */
export const DTREE_COLUMNS: Record<DtreeKind, readonly number[]> = {
  best: BEST_MOVE_COLUMNS,
  mate: MATE_ATTRIBUTES,
  outcome: BEST_MOVE_ATTRIBUTES,
};

const isKind = (kind: unknown): kind is DtreeKind =>
  typeof kind === 'string' && (DTREE_KINDS as readonly string[]).includes(kind);

const kindProblem = (request: string, kind: unknown): string =>
  `${request}: kind must be one of ${DTREE_KINDS.join(', ')}, got ${JSON.stringify(kind)}`;

const isIndex = (v: unknown, count: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < count;

/** Check a request's tree settings; the error names the field, the range and the value. */
export function checkSettings(
  request: string,
  settings: DtreeSettings,
): Required<DtreeSettings> | string {
  const { maxDepth, minLeaf, minGain = 0 } = settings;
  if (typeof maxDepth !== 'number' || !Number.isInteger(maxDepth))
    return `${request}: maxDepth must be a whole number from 0 to ${MAX_DTREE_DEPTH}, got ${maxDepth}`;
  if (maxDepth < 0 || maxDepth > MAX_DTREE_DEPTH)
    return `${request}: maxDepth must be a whole number from 0 to ${MAX_DTREE_DEPTH}, got ${maxDepth}`;
  if (
    typeof minLeaf !== 'number' ||
    !Number.isInteger(minLeaf) ||
    minLeaf < 1 ||
    minLeaf > MAX_DTREE_MIN_LEAF
  )
    return `${request}: minLeaf must be a whole number from 1 to ${MAX_DTREE_MIN_LEAF}, got ${minLeaf}`;
  if (typeof minGain !== 'number' || !Number.isFinite(minGain) || minGain < 0 || minGain > 1)
    return `${request}: minGain must be a number of bits from 0 to 1, got ${minGain}`;
  return { maxDepth, minLeaf, minGain };
}

/** Check the shape of the games a page sent; the error names the first bad game and field. */
export function checkGames(kind: DtreeKind, games: unknown): string | null {
  if (!Array.isArray(games)) return 'dtree-load: games must be a list';
  const words = (v: unknown): boolean => Array.isArray(v) && v.every((m) => typeof m === 'string');
  for (let g = 0; g < games.length; g++) {
    const game = games[g] as Record<string, unknown> | null;
    const at = `dtree-load: game ${g}`;
    if (game === null || typeof game !== 'object') return `${at}: expected an object`;
    if (kind === 'mate') {
      if (game['sfen'] !== null && typeof game['sfen'] !== 'string')
        return `${at}: sfen must be an SFEN or null, got ${JSON.stringify(game['sfen'])}`;
      if (game['label'] !== 0 && game['label'] !== 1)
        return `${at}: label must be 0 or 1, got ${JSON.stringify(game['label'])}`;
      if (!Number.isInteger(game['ply'])) return `${at}: ply must be a whole number`;
    } else {
      if (!words(game['opening'])) return `${at}: opening must be a list of USI moves`;
      if (!words(game['moves'])) return `${at}: moves must be a list of USI moves`;
      if (!['sente', 'gote', 'draw'].includes(game['result'] as string))
        return `${at}: result must be sente, gote or draw, got ${JSON.stringify(game['result'])}`;
    }
  }
  return null;
}

/** The reason game g cannot give examples (a bad move or SFEN), or null. */
function gameProblem(kind: DtreeKind, game: TeacherGame | MateGame): string | null {
  try {
    if (kind === 'mate') {
      const sfen = (game as MateGame).sfen;
      if (sfen === null) return null;
      const pos = parseSfen(sfen);
      return pos.ok ? null : pos.error;
    }
    const { opening, moves } = game as TeacherGame;
    replay([...opening, ...moves], () => undefined);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** One call of dtree-data's builder for `games`, whose first game is game `first` of all. */
function buildPart(
  kind: DtreeKind,
  games: readonly (TeacherGame | MateGame)[],
  first: number,
  last: number,
): { data: Dataset; source: ExampleSource } {
  if (kind === 'mate') return mateDataset(games as MateGame[]);
  if (kind === 'outcome') return outcomeDataset(games as TeacherGame[], last);
  return bestMoveDataset(games as TeacherGame[], OTHER_MOVE_SEED + first * GAME_SEED_STRIDE);
}

/**
 * A kind's examples, built a step of games at a time (calling `onStep` after each) and joined:
 * the same examples, in the same order, as one call of dtree-data's builder over all the games.
 * Throws an Error naming the game when a game's moves or SFEN cannot be read.
 */
export function buildExamples(
  kind: DtreeKind,
  games: readonly (TeacherGame | MateGame)[],
  last = DEFAULT_OUTCOME_LAST,
  onStep?: (done: number, total: number) => void,
): { data: Dataset; source: ExampleSource } {
  const total = games.length;
  const step = Math.max(MIN_GAMES_PER_STEP, Math.ceil(total / PROGRESS_STEPS));
  const parts: { data: Dataset; source: ExampleSource }[] = [];
  for (let first = 0; first < total; first += step) {
    const chunk = games.slice(first, first + step);
    let part: { data: Dataset; source: ExampleSource };
    try {
      part = buildPart(kind, chunk, first, last);
    } catch (error) {
      for (const [k, game] of chunk.entries()) {
        const problem = gameProblem(kind, game);
        if (problem) throw new Error(`game ${first + k}: ${problem}`, { cause: error });
      }
      throw error;
    }
    for (let i = 0; i < part.source.game.length; i++) part.source.game[i]! += first;
    parts.push(part);
    onStep?.(Math.min(first + step, total), total);
  }
  return joinParts(kind === 'best' ? BEST_MOVE_WIDTH : ATTRIBUTE_COUNT, parts);
}

function joinParts(
  width: number,
  parts: readonly { data: Dataset; source: ExampleSource }[],
): { data: Dataset; source: ExampleSource } {
  const count = parts.reduce((n, p) => n + p.data.count, 0);
  const values = new Uint8Array(count * width);
  const labels = new Uint8Array(count);
  const game = new Int32Array(count);
  const ply = new Int32Array(count);
  let at = 0;
  for (const { data, source } of parts) {
    values.set(data.values, at * width);
    labels.set(data.labels, at);
    game.set(source.game, at);
    ply.set(source.ply, at);
    at += data.count;
  }
  return { data: { width, count, values, labels }, source: { game, ply } };
}

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

/**
 * A position as a person types it, and the move that led to it: the last of its moves, if it
 * has any (`startpos moves 7g7f 3c3d`, `<sfen> moves …`); 0 without moves.
 */
export function parsePositionWithPrevious(text: string): Result<{ pos: Position; previous: Move }> {
  const body = String(text)
    .trim()
    .replace(/^position\s+/, '');
  const [setup, movesText] = body.split(/\s+moves(?:\s+|$)/) as [string, string?];
  const parsed = parsePositionText(setup);
  if (!parsed.ok) return parsed;
  const pos = parsed.value;
  let previous: Move = 0;
  const moves = movesText ? movesText.trim().split(/\s+/).filter(Boolean) : [];
  for (const [k, usi] of moves.entries()) {
    const move = parseUsiMove(pos, usi);
    if (!move.ok) return { ok: false, error: `move ${k + 1} (${usi}): ${move.error}` };
    pos.doMove(move.value);
    previous = move.value;
  }
  return { ok: true, value: { pos, previous } };
}

/** A position to judge every move of, as a moves request finds it. */
interface MovesPosition {
  sfen: string;
  previous: Move;
  teacher: Move;
  game: number | null;
  ply: number | null;
  moves: Move[];
  data: Dataset;
}

/** Thrown inside a request to answer with an error. */
class DtreeProblem extends Error {}

/**
 * The decision-tree requests and what they keep between them: each kind's examples and the last
 * few trees. One per worker.
 */
export class DtreeLab {
  private readonly loaded = new Map<DtreeKind, Loaded>();
  /** Recent trees by kind and settings; the deep ones (DTREE_SWEEP_DEPTH) give shallower ones. */
  private trees = new Map<string, TreeNode>();

  constructor(private readonly clock: () => number) {}

  /** Answer one dtree request with its progress and one result, or an error. */
  handle(request: DtreeRequest, post: Post): void {
    try {
      switch (request.type) {
        case 'dtree-load':
          return this.load(request, post);
        case 'dtree-train':
          return this.trainRequest(request, post);
        case 'dtree-moves':
          return this.moves(request, post);
        case 'dtree-mate':
          return this.mate(request, post);
      }
    } catch (error) {
      if (!(error instanceof DtreeProblem)) throw error;
      post({ type: 'error', id: request.id, message: error.message });
    }
  }

  /** Does this worker hold a kind's examples? */
  has(kind: DtreeKind): boolean {
    return this.loaded.has(kind);
  }

  private load(request: DtreeLoadRequest, post: Post): void {
    const { id, kind } = request;
    if (!isKind(kind)) throw new DtreeProblem(kindProblem('dtree-load', kind));
    const last = kind === 'outcome' ? (request.last ?? DEFAULT_OUTCOME_LAST) : null;
    if (last !== null && (!Number.isInteger(last) || last < 1 || last > 1000))
      throw new DtreeProblem(`dtree-load: last must be a whole number from 1 to 1000, got ${last}`);
    const problem = checkGames(kind, request.games);
    if (problem) throw new DtreeProblem(problem);
    const games = request.games;
    const start = this.clock();
    let built: { data: Dataset; source: ExampleSource };
    try {
      built = buildExamples(kind, games, last ?? undefined, (done, total) =>
        post({ type: 'dtreeprogress', id, stage: 'examples', done, total }),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new DtreeProblem(`dtree-load: ${message}`, { cause: error });
    }
    const { data, source } = built;
    const split = splitByGame(source, games.length);
    this.loaded.set(kind, { kind, games, last, data, source, split, columns: DTREE_COLUMNS[kind] });
    for (const key of [...this.trees.keys()])
      if (key.startsWith(`${kind}|`)) this.trees.delete(key);
    post({
      type: 'dtreeloaded',
      id,
      kind,
      games: games.length,
      examples: data.count,
      width: data.width,
      columns: DTREE_COLUMNS[kind].length,
      classes: classCounts(data),
      train: classCounts(data, split.train),
      test: classCounts(data, split.test),
      last,
      ms: this.clock() - start,
    });
  }

  private data(request: string, kind: DtreeKind): Loaded {
    const loaded = this.loaded.get(kind);
    if (!loaded)
      throw new DtreeProblem(
        `${request}: no ${kind} examples in this worker yet (send dtree-load with the games first)`,
      );
    return loaded;
  }

  private settings(request: string, settings: DtreeSettings): Required<DtreeSettings> {
    const checked = checkSettings(request, settings);
    if (typeof checked === 'string') throw new DtreeProblem(checked);
    return checked;
  }

  private remember(key: string, tree: TreeNode): TreeNode {
    this.trees.delete(key);
    this.trees.set(key, tree);
    while (this.trees.size > TREES_KEPT) this.trees.delete(this.trees.keys().next().value!);
    return tree;
  }

  private grow(loaded: Loaded, maxDepth: number, s: Required<DtreeSettings>): TreeNode {
    const { data, columns, split } = loaded;
    return train(data, {
      maxDepth,
      minLeaf: s.minLeaf,
      minGain: s.minGain,
      attributes: columns,
      subset: split.train,
    });
  }

  /** The tree of these settings: kept, cut from a kept deep one, or grown (with its time). */
  private treeFor(loaded: Loaded, s: Required<DtreeSettings>): { tree: TreeNode; ms: number } {
    const key = `${loaded.kind}|${s.maxDepth}|${s.minLeaf}|${s.minGain}`;
    const kept = this.trees.get(key);
    if (kept) return { tree: this.remember(key, kept), ms: 0 };
    const deep = this.trees.get(`${loaded.kind}|${DTREE_SWEEP_DEPTH}|${s.minLeaf}|${s.minGain}`);
    if (deep && s.maxDepth <= DTREE_SWEEP_DEPTH)
      return { tree: this.remember(key, truncateTree(deep, s.maxDepth)), ms: 0 };
    const start = this.clock();
    const tree = this.grow(loaded, s.maxDepth, s);
    return { tree: this.remember(key, tree), ms: this.clock() - start };
  }

  private trainRequest(request: DtreeTrainRequest, post: Post): void {
    const { id, kind } = request;
    if (!isKind(kind)) throw new DtreeProblem(kindProblem('dtree-train', kind));
    const s = this.settings('dtree-train', request);
    const loaded = this.data('dtree-train', kind);
    let sweep: DtreeSweepPoint[] | null = null;
    let sweepMs = 0;
    if (request.sweep) {
      // The deep tree first: the tree asked for is then cut from it.
      const deepSettings = { ...s, maxDepth: DTREE_SWEEP_DEPTH };
      post({ type: 'dtreeprogress', id, stage: 'sweep', done: 0, total: 2 });
      const start = this.clock();
      const { tree: deep } = this.treeFor(loaded, deepSettings);
      post({ type: 'dtreeprogress', id, stage: 'sweep', done: 1, total: 2 });
      const { data, split } = loaded;
      sweep = sweepByTruncation(deep, data, split.train, split.test, DTREE_SWEEP_DEPTH);
      sweepMs = this.clock() - start;
    } else {
      post({ type: 'dtreeprogress', id, stage: 'training', done: 0, total: 1 });
    }
    const { tree, ms: trainMs } = this.treeFor(loaded, s);
    const { data, split } = loaded;
    const view = viewTree(tree);
    post({
      type: 'dtreetree',
      id,
      kind,
      settings: s,
      tree: view.tree,
      trimmedBelow: view.trimmedBelow,
      stats: treeStats(tree),
      train: confusion(tree, data, split.train),
      test: confusion(tree, data, split.test),
      sweep,
      ms: { train: trainMs, sweep: sweepMs },
    });
  }

  /**
   * The legal moves and rows of a moves request's position, with the move that led to it and the
   * teacher's move there (0 when unknown).
   */
  private movesPosition(request: DtreeMovesRequest, loaded: Loaded): MovesPosition {
    if (request.sfen !== undefined) {
      const parsed = parsePositionWithPrevious(request.sfen);
      if (!parsed.ok) throw new DtreeProblem(`dtree-moves: sfen: ${parsed.error}`);
      const { pos, previous } = parsed.value;
      const at = { sfen: makeSfen(pos), previous, teacher: 0, game: null, ply: null };
      return { ...at, ...moveRows(pos, previous) };
    }
    const games = loaded.games as readonly TeacherGame[];
    const { game, ply } = request;
    if (!isIndex(game, games.length))
      throw new DtreeProblem(
        `dtree-moves: game must be a whole number from 0 to ${games.length - 1} (the games loaded), got ${game}`,
      );
    const moves = [...games[game]!.opening, ...games[game]!.moves];
    if (!isIndex(ply, moves.length))
      throw new DtreeProblem(
        `dtree-moves: ply must be a whole number from 0 to ${moves.length - 1} (game ${game} has ${moves.length} moves), got ${ply}`,
      );
    let found: MovesPosition | null = null;
    replay(moves.slice(0, ply + 1), (pos, p, move, previous) => {
      if (p !== ply) return;
      const at = { sfen: makeSfen(pos), previous, teacher: move, game, ply };
      found = { ...at, ...moveRows(pos, previous) };
    });
    return found!;
  }

  private moves(request: DtreeMovesRequest, post: Post): void {
    const s = this.settings('dtree-moves', request);
    const loaded = this.data('dtree-moves', 'best');
    const { sfen, previous, teacher, game, ply, moves, data } = this.movesPosition(request, loaded);
    const { tree } = this.treeFor(loaded, s);
    const rows = moves.map((move, i) => {
      const row = data.values.subarray(i * data.width, (i + 1) * data.width);
      const { label, path, leaf } = classify(tree, row);
      const policies: number[] = [];
      for (let p = 0; p < POLICY_COUNT; p++) if (row[p] === 1) policies.push(p + 1);
      const counts: ClassCounts = [leaf.counts[0], leaf.counts[1]];
      return { usi: makeUsiMove(move), policies, label, counts, path, teacher: move === teacher };
    });
    const teacherRow = rows.find((r) => r.teacher);
    post({
      type: 'dtreemoves',
      id: request.id,
      sfen,
      previous: previous === 0 ? null : makeUsiMove(previous),
      teacher: teacher === 0 ? null : makeUsiMove(teacher),
      game,
      ply,
      moves: rows,
      legal: rows.length,
      kept: rows.filter((r) => r.label === 1).length,
      teacherKept: teacherRow ? teacherRow.label === 1 : null,
    });
  }

  private mate(request: DtreeMateRequest, post: Post): void {
    const s = this.settings('dtree-mate', request);
    const loaded = this.data('dtree-mate', 'mate');
    let pos: Position;
    let index: number | null = null;
    let game: number | null = null;
    let exampleLabel: 0 | 1 | null = null;
    if (request.sfen !== undefined) {
      const parsed = parsePositionText(String(request.sfen));
      if (!parsed.ok) throw new DtreeProblem(`dtree-mate: sfen: ${parsed.error}`);
      pos = parsed.value;
    } else {
      const { data, source } = loaded;
      if (!isIndex(request.index, data.count))
        throw new DtreeProblem(
          `dtree-mate: index must be a whole number from 0 to ${data.count - 1} (the mate examples), got ${request.index}`,
        );
      index = request.index;
      game = source.game[index]!;
      exampleLabel = data.labels[index] === 1 ? 1 : 0;
      const sfen = (loaded.games as readonly MateGame[])[game]!.sfen!;
      pos = (parseSfen(sfen) as { value: Position }).value;
    }
    const attributes = new Uint8Array(ATTRIBUTE_COUNT);
    positionAttributes(pos, attributes);
    const { tree } = this.treeFor(loaded, s);
    const { label, path, leaf } = classify(tree, attributes);
    const mate = findShortMate(pos, DTREE_MATE_PLIES);
    post({
      type: 'dtreemate',
      id: request.id,
      sfen: makeSfen(pos),
      index,
      game,
      attributes: Array.from(attributes),
      label,
      counts: [leaf.counts[0], leaf.counts[1]],
      path,
      mate: mate === 0 ? null : makeUsiMove(mate),
      exampleLabel,
    });
  }
}
