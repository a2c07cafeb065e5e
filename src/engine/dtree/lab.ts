/**
 * The worker's decision-tree requests (chapter 7, seed 002). The page fetches a games file and
 * sends it once (`dtree-load`); the worker builds that kind's examples (examples.ts) and keeps
 * them. Then `dtree-train` grows a tree with id3.ts and measures it (sweep.ts), `dtree-moves`
 * judges every legal move of a position with the best-move tree, and `dtree-mate` asks the mate
 * tree about a position and the exact short-mate test for the truth. Platform-neutral: no DOM, so
 * the tests call it in Node.
 */
import { POLICY_COUNT } from './move-policies';
import { ATTRIBUTE_COUNT } from './position-attributes';
import { positionAttributes } from './position-attributes';
import {
  type ExampleSource,
  type MateGame,
  moveRows,
  replay,
  splitByGame,
  type TeacherGame,
} from './data';
import { train } from './id3';
import {
  type ClassCounts,
  classify,
  confusion,
  type Dataset,
  treeStats,
  type TreeNode,
} from './tree';
import { makeUsiMove, parseUsiMove } from '../notation';
import type { Position } from '../position';
import { makeSfen, parseSfen } from '../sfen';
import { findShortMate } from '../short-mate';
import type { Move, Result } from '../types';
import { type EngineResponse, parsePositionText } from '../worker/protocol';
import {
  DTREE_MATE_PLIES,
  DTREE_SWEEP_DEPTH,
  type DtreeKind,
  type DtreeLoadRequest,
  type DtreeMateRequest,
  type DtreeMovesRequest,
  type DtreeRequest,
  type DtreeSettings,
  type DtreeSweepPoint,
  type DtreeTrainRequest,
} from './messages';

import {
  buildExamples,
  checkGames,
  checkSettings,
  DEFAULT_OUTCOME_LAST,
  DTREE_COLUMNS,
  isIndex,
  isKind,
  kindProblem,
} from './examples';
import { classCounts, sweepByTruncation, truncateTree, viewTree } from './sweep';

type Post = (message: EngineResponse) => void;

/** Trees kept for the moves and mate requests and for moving the depth slider back and forth. */
const TREES_KEPT = 8;

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
