/**
 * Chapter 7's widgets without a DOM: what a tree's tests say in words, the outline's open and
 * closed nodes, the accuracy chart's scales, the confusion tables in the paper's form, the test
 * positions and mate examples a widget can show, and the enemy king's neighbours on the board.
 * The names come from the engine's own tables (POLICIES, ATTRIBUTES), so the words and the
 * features cannot drift apart.
 */
import {
  Color,
  dropKind,
  isDrop,
  makeDrop,
  makeMove,
  type Move,
  moveFrom,
  moveTo,
  parseSquareName,
  parseUsiMove,
  type Position,
  SQ81,
} from '../../../engine/index';
import { POLICIES, POLICY_COUNT, type PolicyInfo } from '../../../engine/dtree/move-policies';
import {
  ATTRIBUTES,
  FIRST_NEIGHBOUR_ATTRIBUTE,
  NEIGHBOUR_NAMES,
  NeighbourState,
} from '../../../engine/dtree/position-attributes';
import { zoneSquare } from '../../../engine/eval/position-features';
import {
  BEST_MOVE_FROM_PLY,
  isTestGame,
  type MateGame,
  type TeacherGame,
} from '../../../engine/dtree/data';
import type { ClassCounts, PathStep } from '../../../engine/dtree/tree';
import type {
  DtreeConfusion,
  DtreeKind,
  DtreeSweepPoint,
  DtreeViewNode,
} from '../../../engine/worker/protocol';
import type { Arrow } from '../BoardParts';
import { pieceKanji, type SquareOverlay } from '../board-model';
import { formatCount } from '../../numbers';

/** What each kind of data is, as the widgets name it. */
export interface KindInfo {
  /** The choice in the trainer. */
  label: string;
  /** Class 0's and class 1's names. */
  classes: readonly [string, string];
  /** Which games file it is made from. */
  file: 'best' | 'mate';
}

export const KINDS: Record<DtreeKind, KindInfo> = {
  best: {
    label: 'Best move or not (Table 6)',
    classes: ['other move', 'best move'],
    file: 'best',
  },
  mate: {
    label: 'Mate in 3 or not (Table 8)',
    classes: ['no mate in 3', 'mate in 3'],
    file: 'mate',
  },
  outcome: {
    label: 'Who wins, last 50 positions (Table 1)',
    classes: ['side to move loses', 'side to move wins'],
    file: 'best',
  },
};

/** The outcome data's positions per game (Table 1's first row). */
export const OUTCOME_LAST = 50;

/** Values of the minimum leaf size slider: about even steps on a log scale. */
export const MIN_LEAF_STEPS = [1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200] as const;

/** The slider position of the step nearest `minLeaf`. */
export function minLeafIndex(minLeaf: number): number {
  let best = 0;
  MIN_LEAF_STEPS.forEach((v, i) => {
    if (Math.abs(v - minLeaf) < Math.abs(MIN_LEAF_STEPS[best]! - minLeaf)) best = i;
  });
  return best;
}

// ---- numbers -------------------------------------------------------------------------------

/** A share as a percentage with `digits` decimals: 0.6813 → "68.1%". */
export const percent = (share: number, digits = 1): string => `${(share * 100).toFixed(digits)}%`;

/** A count with thousands separators. */
export const count = formatCount;

/** Class 1's share of a node's examples: P(best), P(mate). 0 for an empty node. */
export const shareOfOnes = (counts: ClassCounts): number => {
  const n = counts[0] + counts[1];
  return n === 0 ? 0 : counts[1] / n;
};

/** Correct answers over all: (judged right) / (all). */
export function accuracyOf(m: DtreeConfusion): number {
  const n = m[0][0] + m[0][1] + m[1][0] + m[1][1];
  return n === 0 ? 0 : (m[0][0] + m[1][1]) / n;
}

/** One row of the paper's confusion tables: a class, how it was judged, and its accuracy. */
export interface ConfusionRow {
  actual: 0 | 1;
  judgedOne: number;
  judgedZero: number;
  /** The share of the class judged right (0 when the class has no examples). */
  accuracy: number;
}

/** The paper's table form: class 1's row, then class 0's. */
export function confusionRows(m: DtreeConfusion): [ConfusionRow, ConfusionRow] {
  const row = (actual: 0 | 1): ConfusionRow => {
    const [zero, one] = m[actual];
    const n = zero + one;
    return {
      actual,
      judgedOne: one,
      judgedZero: zero,
      accuracy: n === 0 ? 0 : (actual === 1 ? one : zero) / n,
    };
  };
  return [row(1), row(0)];
}

// ---- columns and tests in words --------------------------------------------------------------

/** What a tree's column is: a policy (yes or no) or a position attribute (a count or a state). */
export interface ColumnInfo {
  type: 'policy' | 'attribute';
  /** The paper's number (policies 1–28, attributes 1–64). */
  number: number;
  en: string;
  ja: string;
  /** The enemy king's neighbour (0–7, attributes 57–64) whose state the column is, or null. */
  neighbour: number | null;
  /** A policy's definition, for a tooltip. */
  definition: string | null;
}

/** A column's tooltip: a policy's number and definition, an attribute's number. */
export const columnTitle = (info: ColumnInfo): string =>
  info.type === 'policy'
    ? `Policy ${info.number}: ${info.definition ?? info.en}`
    : `Attribute ${info.number}: ${info.en}`;

/** Attributes 57–64 hold the state of the enemy king's neighbours. */
/** The states of a square next to the enemy king, by their value (NeighbourState). */
export const NEIGHBOUR_STATES = ['theirs only', 'neither', 'both', 'ours only', 'off the board'];

function attributeInfo(index: number): ColumnInfo {
  const a = ATTRIBUTES[index]!;
  const neighbour = index >= FIRST_NEIGHBOUR_ATTRIBUTE ? index - FIRST_NEIGHBOUR_ATTRIBUTE : null;
  return { type: 'attribute', number: a.number, en: a.en, ja: a.ja, neighbour, definition: null };
}

function policyInfo(p: PolicyInfo): ColumnInfo {
  const { number, en, ja, definition } = p;
  return { type: 'policy', number, en, ja, neighbour: null, definition };
}

/** Column `column` of a kind's examples: best-move rows are the 28 policies, then the attributes. */
export function columnInfo(kind: DtreeKind, column: number): ColumnInfo {
  if (kind !== 'best') return attributeInfo(column);
  return column < POLICY_COUNT
    ? policyInfo(POLICIES[column]!)
    : attributeInfo(column - POLICY_COUNT);
}

/**
 * The condition a branch stands for, in words: a policy reads "check: yes" / "check: no", a
 * count "our golds in hand > 0" / "= 0" / "≤ 2", a neighbour's state the states on that side of
 * the threshold ("far-left neighbour: ours only or off the board").
 */
export function conditionText(info: ColumnInfo, threshold: number, branch: 'le' | 'gt'): string {
  if (info.type === 'policy') return `${info.en}: ${branch === 'gt' ? 'yes' : 'no'}`;
  if (info.neighbour !== null) {
    const states = NEIGHBOUR_STATES.filter((_, v) =>
      branch === 'le' ? v <= threshold : v > threshold,
    );
    return `${NEIGHBOUR_NAMES[info.neighbour]} neighbour: ${orList(states)}`;
  }
  if (branch === 'gt') return `${info.en} > ${threshold}`;
  return threshold === 0 ? `${info.en} = 0` : `${info.en} ≤ ${threshold}`;
}

/** "a", "a or b", "a, b or c". */
function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** A value of a column as the widgets print it: yes/no, a state, a count. */
export function valueText(info: ColumnInfo, value: number): string {
  if (info.type === 'policy') return value > 0 ? 'yes' : 'no';
  if (info.neighbour !== null) return NEIGHBOUR_STATES[value] ?? String(value);
  return String(value);
}

/** One test on a path in words: the condition that held, and the value when it adds something. */
export function stepText(
  kind: DtreeKind,
  step: PathStep,
): { condition: string; value: string | null } {
  const info = columnInfo(kind, step.attribute);
  const condition = conditionText(info, step.threshold, step.branch);
  const exact = info.type === 'policy' || (step.branch === 'le' && step.threshold === 0);
  return { condition, value: exact ? null : valueText(info, step.value) };
}

// ---- the outline -----------------------------------------------------------------------------

/** The outline opens this many levels at first (the root is level 0). */
export const OPEN_LEVELS = 3;

/** A node's key: its path from the root, 'l' for ≤ and 'g' for >. */
export const childKey = (key: string, branch: 'le' | 'gt'): string =>
  key + (branch === 'le' ? 'l' : 'g');

/** Is the node open? The reader's toggles first, else open above OPEN_LEVELS. */
export const isOpen = (key: string, toggled: ReadonlyMap<string, boolean>): boolean =>
  toggled.get(key) ?? key.length < OPEN_LEVELS;

/** The toggles after the reader opens or closes a node. */
export function toggle(
  toggled: ReadonlyMap<string, boolean>,
  key: string,
): ReadonlyMap<string, boolean> {
  const next = new Map(toggled);
  next.set(key, !isOpen(key, toggled));
  return next;
}

/** A split's two children with their conditions, in reading order: yes before no, ≤ before >. */
export function childrenOf(
  kind: DtreeKind,
  node: DtreeViewNode,
  key: string,
): { key: string; condition: string; node: DtreeViewNode }[] {
  if (node.kind !== 'split') return [];
  const info = columnInfo(kind, node.attribute);
  const order: ('le' | 'gt')[] = info.type === 'policy' ? ['gt', 'le'] : ['le', 'gt'];
  return order.map((branch) => ({
    key: childKey(key, branch),
    condition: conditionText(info, node.threshold, branch),
    node: node[branch],
  }));
}

// ---- the accuracy chart ------------------------------------------------------------------------

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const CHART_BOX: ChartBox = {
  width: 360,
  height: 170,
  left: 38,
  right: 10,
  top: 10,
  bottom: 30,
};

export interface ChartGeometry {
  box: ChartBox;
  /** The lowest accuracy on the axis (a multiple of 10 %); the top is 100 %. */
  yMin: number;
  xMax: number;
  x: (depth: number) => number;
  y: (accuracy: number) => number;
  xTicks: number[];
  yTicks: number[];
  /** SVG path data of the two lines. */
  train: string;
  test: string;
}

/** Scales and lines of the train-and-test accuracy chart over maximum depth. */
export function chartGeometry(points: readonly DtreeSweepPoint[], box = CHART_BOX): ChartGeometry {
  const all = points.flatMap((p) => [p.train, p.test]);
  const low = all.length === 0 ? 0.5 : Math.min(...all);
  const yMin = Math.min(0.9, Math.max(0, Math.floor(low * 10 + 1e-9) / 10));
  // The sweep runs to the deepest depth a page may ask for, but a tree stops growing long before:
  // the axis ends one step after the accuracies last change (a deeper marker sits at the end).
  const last = points.at(-1);
  let grown = 0;
  for (const p of points)
    if (last && (p.train !== last.train || p.test !== last.test)) grown = p.maxDepth + 1;
  const xMax = Math.max(1, Math.min(grown + 1, last?.maxDepth ?? 1));
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const x = (depth: number) => box.left + (Math.min(depth, xMax) / xMax) * plotW;
  const y = (accuracy: number) => box.top + ((1 - accuracy) / (1 - yMin)) * plotH;
  const line = (pick: (p: DtreeSweepPoint) => number) =>
    points
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.maxDepth).toFixed(1)},${y(pick(p)).toFixed(1)}`)
      .join(' ');
  const steps = Math.round((1 - yMin) * 10);
  const yStep = steps > 5 ? 0.2 : 0.1;
  const yTicks: number[] = [];
  for (let v = 1; v >= yMin - 1e-9; v -= yStep) yTicks.push(Math.round(v * 10) / 10);
  const xStep = xMax > 50 ? 20 : xMax > 20 ? 10 : xMax > 10 ? 5 : 1;
  const xTicks: number[] = [];
  for (let d = 0; d <= xMax; d += xStep) xTicks.push(d);
  return {
    box,
    yMin,
    xMax,
    x,
    y,
    xTicks,
    yTicks,
    train: line((p) => p.train),
    test: line((p) => p.test),
  };
}

/** The chart in a sentence, for its accessible name. */
export function chartSummary(points: readonly DtreeSweepPoint[]): string {
  if (points.length === 0) return 'No accuracies yet.';
  const first = points[0]!;
  const last = points.at(-1)!;
  const peak = points.reduce((best, p) => (p.test > best.test + 1e-12 ? p : best));
  return (
    `Training accuracy from ${percent(first.train)} at depth ${first.maxDepth} to ` +
    `${percent(last.train)} at depth ${last.maxDepth}; test accuracy highest, ` +
    `${percent(peak.test)}, at depth ${peak.maxDepth}, and ${percent(last.test)} at depth ${last.maxDepth}.`
  );
}

// ---- positions and examples --------------------------------------------------------------------

/** A position of a teacher game: the game and the number of moves played before it. */
export interface GamePosition {
  game: number;
  ply: number;
}

/** The test games and the plies of each whose positions are examples (from ply 40 on). */
export function testGames(
  games: readonly TeacherGame[],
): { game: number; from: number; to: number }[] {
  const out: { game: number; from: number; to: number }[] = [];
  games.forEach((g, game) => {
    const to = g.opening.length + g.moves.length - 1;
    if (isTestGame(game, games.length) && to >= BEST_MOVE_FROM_PLY)
      out.push({ game, from: BEST_MOVE_FROM_PLY, to });
  });
  return out;
}

/** A test position chosen by `random` (a test game, then a ply of it); null without test games. */
export function randomTestPosition(
  games: readonly TeacherGame[],
  random: () => number,
): GamePosition | null {
  const candidates = testGames(games);
  if (candidates.length === 0) return null;
  const { game, from, to } = candidates[Math.floor(random() * candidates.length)]!;
  return { game, ply: from + Math.floor(random() * (to - from + 1)) };
}

/** A mate example: its index among the examples (mateDataset's order), its game and label. */
export interface MateExample {
  index: number;
  game: number;
  label: 0 | 1;
  test: boolean;
}

/** The mate examples in mateDataset's order: one for each game that has a position. */
export function mateExamples(games: readonly MateGame[]): MateExample[] {
  const out: MateExample[] = [];
  games.forEach((g, game) => {
    if (g.sfen === null) return;
    out.push({ index: out.length, game, label: g.label, test: isTestGame(game, games.length) });
  });
  return out;
}

/**
 * The example to show after `from` (an index into `list`), stepping by `step` (±1) and wrapping,
 * the first with label `label` when given; null when none has it.
 */
export function stepExample(
  list: readonly MateExample[],
  from: number,
  step: 1 | -1,
  label?: 0 | 1,
): number | null {
  const n = list.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + step * k) % n) + n) % n;
    if (label === undefined || list[i]!.label === label) return i;
  }
  return null;
}

// ---- the board -------------------------------------------------------------------------------

/**
 * The enemy king's eight neighbours (padded squares, -1 off the board) in the order of
 * attributes 57–64: as the side to move sees them, the three beyond the king first.
 */
export function neighbourSquares(pos: Position): number[] {
  const us = pos.sideToMove;
  const king = pos.kingSquare[us ^ 1]!;
  return Array.from({ length: 8 }, (_, j) =>
    king === 0 ? -1 : zoneSquare(king, us === Color.Sente ? j : 7 - j),
  );
}

/** Short labels of the states on the board. */
const STATE_LABELS = ['theirs', 'none', 'both', 'ours', ''];

/**
 * The neighbours tinted by their state (attributes 57–64, `states`), seen from the side to move
 * (the attacker): ours only in the attacker's colour, theirs only in the defender's, both lightly
 * in the attacker's, neither plain; each labelled. Indexed like SQUARES, for the Board's overlay.
 */
export function neighbourOverlay(
  pos: Position,
  states: readonly number[],
): (SquareOverlay | null)[] {
  const overlay: (SquareOverlay | null)[] = new Array<SquareOverlay | null>(81).fill(null);
  const attacker: 'sente' | 'gote' = pos.sideToMove === Color.Sente ? 'sente' : 'gote';
  const defender: 'sente' | 'gote' = attacker === 'sente' ? 'gote' : 'sente';
  neighbourSquares(pos).forEach((sq, j) => {
    const state = states[j]!;
    if (sq < 0 || state === NeighbourState.OffBoard) return;
    const color = state === NeighbourState.TheirsOnly ? defender : attacker;
    const label = { text: STATE_LABELS[state]!, corner: 'bottom-left' as const, color };
    overlay[SQ81[sq]!] = {
      ...(state === NeighbourState.Neither
        ? {}
        : { tint: color, strength: state === NeighbourState.Both ? 0.2 : 0.9 }),
      labels: [label],
    };
  });
  return overlay;
}

/**
 * A USI move as a packed move without checking it against a position: the move just played,
 * for the board's last-move highlight. Undefined for text that is not a USI move.
 */
export function playedMove(usi: string | null): Move | undefined {
  if (usi === null) return undefined;
  const drop = /^([PLNSBRG])\*([1-9][a-i])$/.exec(usi);
  if (drop) return makeDrop(' PLNSBRG'.indexOf(drop[1]!), parseSquareName(drop[2]!));
  const board = /^([1-9][a-i])([1-9][a-i])(\+?)$/.exec(usi);
  if (!board) return undefined;
  return makeMove(parseSquareName(board[1]!), parseSquareName(board[2]!), board[3] === '+');
}

/** A move as the lists show it: the piece's kanji, then USI ("歩 7g7f", "金 G*5b"). */
export function moveLabel(pos: Position, usi: string): { kanji: string; usi: string } {
  const parsed = parseUsiMove(pos, usi);
  if (!parsed.ok) return { kanji: '', usi };
  const move = parsed.value;
  const piece = isDrop(move) ? dropKind(move) | (pos.sideToMove << 4) : pos.board[moveFrom(move)]!;
  return { kanji: pieceKanji(piece), usi };
}

/** An arrow for a USI move on `pos` (a ring for a drop); null if it is not a legal move there. */
export function moveArrow(pos: Position, usi: string | null, alt = false): Arrow | null {
  if (usi === null) return null;
  const parsed = parseUsiMove(pos, usi);
  if (!parsed.ok) return null;
  const move = parsed.value;
  return isDrop(move) ? { to: moveTo(move), alt } : { from: moveFrom(move), to: moveTo(move), alt };
}

/** The summary of a position's verdicts: "The tree keeps 23 of 97 moves (23.7%); …". */
export function keptSummary(kept: number, legal: number, teacherKept: boolean | null): string {
  const share = legal === 0 ? 0 : kept / legal;
  const head = `The tree keeps ${kept} of ${legal} moves (${percent(share)})`;
  if (teacherKept === null) return `${head}.`;
  return `${head}; the teacher’s move is ${teacherKept ? '' : 'not '}among them.`;
}

/** The policies a chip names, by number: the policy's record. */
export const policyOf = (number: number): PolicyInfo => POLICIES[number - 1]!;
