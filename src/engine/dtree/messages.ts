/**
 * Chapter 7's messages between a page and the worker (worker/protocol.ts gathers every chapter's):
 * the decision-tree requests (load a kind's examples, grow a tree, judge a position's moves or its
 * mate), what a page may ask for at most, and the worker's answers. lab.ts answers them.
 */
import type { MateGame, TeacherGame } from './data';
import type { ClassCounts, PathStep, TreeLeaf, TreeSplit } from './tree';

/**
 * The three questions seed 002's decision trees learn (dtree/data.ts): is this the move the teacher
 * played (Table 6), does the side to move mate within 3 plies (Table 8), does the side to move go
 * on to win, from the last positions of each game (Table 1).
 */
export const DTREE_KINDS = ['best', 'mate', 'outcome'] as const;
export type DtreeKind = (typeof DTREE_KINDS)[number];

/**
 * Build a kind's examples from its games (the page fetched them: teacher games for `best` and
 * `outcome`, mate games for `mate`) and keep them, with their split by game into training and
 * test examples, until the worker ends. The worker posts `dtreeprogress` as it goes, then
 * `dtreeloaded` with the counts. Sent once per worker and kind; the page's client sends it again
 * to a fresh worker (see EngineClient.dtree).
 */
export interface DtreeLoadRequest {
  type: 'dtree-load';
  id: number;
  kind: DtreeKind;
  games: TeacherGame[] | MateGame[];
  /** For `outcome`: examples from each decided game's last `last` positions (default 50). */
  last?: number;
}

/** How a tree is grown (id3.ts's TrainOptions without the subset and attributes). */
export interface DtreeSettings {
  maxDepth: number;
  minLeaf: number;
  /** Default 0. */
  minGain?: number;
}

/**
 * Grow a tree on a loaded kind's training examples (with the columns that kind of tree may ask)
 * and measure it on both sets; with `sweep`, also the accuracies of every maximum depth from 0 to
 * DTREE_SWEEP_DEPTH at the same leaf size, for a chart.
 */
export interface DtreeTrainRequest extends DtreeSettings {
  type: 'dtree-train';
  id: number;
  kind: DtreeKind;
  sweep?: boolean;
}

/**
 * Judge every legal move of a position with the best-move tree of these settings: a position of
 * the loaded teacher games (`game`, and `ply`, the number of moves played before it), or `sfen`
 * (anything parsePositionText reads; with moves, the last one is the move just played).
 */
export interface DtreeMovesRequest extends DtreeSettings {
  type: 'dtree-moves';
  id: number;
  game?: number;
  ply?: number;
  sfen?: string;
}

/**
 * A position's 64 attributes, the mate tree's verdict on them and the truth from the exact
 * short-mate test: mate example `index` of the loaded mate data, or `sfen`.
 */
export interface DtreeMateRequest extends DtreeSettings {
  type: 'dtree-mate';
  id: number;
  index?: number;
  sfen?: string;
}

export type DtreeRequest =
  DtreeLoadRequest | DtreeTrainRequest | DtreeMovesRequest | DtreeMateRequest;

/**
 * The deepest tree a page may grow: FULL_GROWTH's depth (dtree/tables.ts), deeper than any of the
 * chapter's trees grows before no test separates its examples (the best-move tree stops at 81).
 */
export const MAX_DTREE_DEPTH = 100;
/** The largest minimum leaf size a page may ask for. */
export const MAX_DTREE_MIN_LEAF = 100_000;
/** A depth sweep measures maximum depths 0 to this (the trainer's slider's range): grown fully. */
export const DTREE_SWEEP_DEPTH = 100;
/**
 * A tree sent to the page keeps this many nodes at most, level by level from the root; deeper
 * subtrees are sent as their sizes only (a full-grown best-move tree has tens of thousands).
 */
export const DTREE_VIEW_NODES = 4000;
/** The exact mate test's depth in plies: what the mate data's label means (MATE_PLIES). */
export const DTREE_MATE_PLIES = 3;

/** Progress of a dtree request: `done` of `total` (games read, depths measured). */
export interface DtreeProgressMessage {
  type: 'dtreeprogress';
  id: number;
  stage: 'examples' | 'training' | 'sweep';
  done: number;
  total: number;
}

/** A kind's examples are built and kept: how many, and how they split. */
export interface DtreeLoadedMessage {
  type: 'dtreeloaded';
  id: number;
  kind: DtreeKind;
  games: number;
  /** Games with at least one example (mate games that ended without a mate in 3 give none). */
  examples: number;
  /** Columns per example, and how many of them this kind of tree may ask. */
  width: number;
  columns: number;
  classes: ClassCounts;
  train: ClassCounts;
  test: ClassCounts;
  /** For `outcome`: the last positions of each game used. */
  last: number | null;
  ms: number;
}

/** Confusion counts: matrix[actual class][judged class]. */
export type DtreeConfusion = [[number, number], [number, number]];

/** A subtree below the nodes sent: its size and the training examples that reach it. */
export interface DtreeTrimmed {
  kind: 'trimmed';
  counts: ClassCounts;
  /** The class the subtree's root would give as a leaf. */
  label: 0 | 1;
  nodes: number;
  leaves: number;
  depth: number;
}

/** A split as sent to the page: like id3's TreeSplit, with children that may be trimmed. */
export interface DtreeViewSplit extends Omit<TreeSplit, 'le' | 'gt'> {
  le: DtreeViewNode;
  gt: DtreeViewNode;
}

export type DtreeViewNode = TreeLeaf | DtreeViewSplit | DtreeTrimmed;

/** Accuracy of the tree of one maximum depth on the training and test examples. */
export interface DtreeSweepPoint {
  maxDepth: number;
  train: number;
  test: number;
  leaves: number;
}

/** A grown tree, its size and its confusion counts on the training and test examples. */
export interface DtreeTreeMessage {
  type: 'dtreetree';
  id: number;
  kind: DtreeKind;
  settings: Required<DtreeSettings>;
  /** The tree, its levels below `trimmedBelow` sent as sizes only (null: all of it). */
  tree: DtreeViewNode;
  trimmedBelow: number | null;
  stats: { nodes: number; leaves: number; depth: number };
  train: DtreeConfusion;
  test: DtreeConfusion;
  /** Present when asked for. */
  sweep: DtreeSweepPoint[] | null;
  /** Milliseconds to grow the tree (0 when it was cut from a deeper one) and to sweep. */
  ms: { train: number; sweep: number };
}

/** One legal move judged by the best-move tree. */
export interface DtreeMoveRow {
  usi: string;
  /** The move's policies, by the paper's numbers 1–28. */
  policies: number[];
  label: 0 | 1;
  /** The leaf's training counts [other, best]: P(best) = counts[1] / (counts[0] + counts[1]). */
  counts: ClassCounts;
  /** The tests on the way to the leaf; `attribute` is a best-move column (dtree/tables.ts). */
  path: PathStep[];
  /** The move the teacher played here. */
  teacher: boolean;
}

export interface DtreeMovesMessage {
  type: 'dtreemoves';
  id: number;
  sfen: string;
  /** The move just played (USI), if known. */
  previous: string | null;
  /** The teacher's move (USI), for a position of a game. */
  teacher: string | null;
  game: number | null;
  ply: number | null;
  moves: DtreeMoveRow[];
  legal: number;
  kept: number;
  /** Whether the teacher's move is judged best (null without a teacher). */
  teacherKept: boolean | null;
}

export interface DtreeMateMessage {
  type: 'dtreemate';
  id: number;
  sfen: string;
  /** The mate example and its game, when asked by index. */
  index: number | null;
  game: number | null;
  /** The 64 position attributes (ATTRIBUTES[i] names attributes[i]). */
  attributes: number[];
  /** The tree's verdict: 1, mate in 3. */
  label: 0 | 1;
  counts: ClassCounts;
  path: PathStep[];
  /** The exact test: a first move (USI) that mates within DTREE_MATE_PLIES, or null. */
  mate: string | null;
  /** The example's own label, when asked by index. */
  exampleLabel: 0 | 1 | null;
}
