/**
 * What a move does, as a set of yes-or-no features read off the effect counts (利き) before and
 * after it. Three later chapters classify moves by such features: seed 000's move value (threats
 * made, pieces defended, lines uncovered), Dual Credit's move classes (seed 001, Table 1: captures
 * the piece that just moved, runs from a threat, moves or drops where the opponent bears, check,
 * evasion, promotion) and the decision trees' move policies (seed 002, Table 3).
 *
 * Copy-make keeps the counts of every ply, so after `doMove` both the counts before the move (the
 * previous block) and after it (the current one) are at hand: one doMove and one undoMove per move,
 * a few array reads, nothing allocated. `computeMoveFeatures` in the tests is the slow twin that
 * recounts the effects from scratch on copies of the board.
 */
import { DIRECTIONS, SLIDE_COUNT, SLIDES, SLIDES_ALONG, STEP_COUNT, STEPS } from '../attacks';
import { EFFECT_STRIDE } from '../effect';
import { givesCheck } from '../move-check';
import type { Position } from '../position';
import { BOARD_SIZE } from '../square';
import { EMPTY, isDrop, isPromotion, Kind, type Move, moveFrom, moveTo, WALL } from '../types';

// #region move-features
/** One bit per feature; a move's features are their OR. */
export const MoveFeature = {
  /** Takes a piece. */
  Capture: 1 << 0,
  /** Takes the piece the opponent's last move put there (直前に動いた駒を取る). */
  CapturesLastMoved: 1 << 1,
  Promotion: 1 << 2,
  /** Puts a piece from the hand on the board (駒打ち). */
  Drop: 1 << 3,
  /** Gives check (王手). */
  Check: 1 << 4,
  /** Answers a check (王手の逃れ手). */
  Evasion: 1 << 5,
  /** Ends on a square the opponent bears on after the move (相手の利きのあるところ). */
  ToAttacked: 1 << 6,
  /** Ends on a square another of our pieces bears on (the piece is defended there). */
  ToDefended: 1 << 7,
  /** A drop onto a square the opponent bears on (相手の利きがあるところへ打つ). */
  DropOntoAttacked: 1 << 8,
  /** Moves a piece away from a square the opponent bore on (取られそうな駒が逃げる). */
  FromAttacked: 1 << 9,
  /** The moved piece now bears on an enemy piece (not the king) that we did not bear on before. */
  Threatens: 1 << 10,
  /** The moved piece now bears on one of our pieces that the opponent bears on (ヒモを付ける). */
  Defends: 1 << 11,
  /** Leaving its square opens a line for one of our sliders (空き: a discovered attack). */
  UncoversLine: 1 << 12,
  /** A king move. */
  KingMove: 1 << 13,
} as const;
export type MoveFeature = (typeof MoveFeature)[keyof typeof MoveFeature];

/** The features by name, in bit order, for tables and widgets. */
export const MOVE_FEATURE_NAMES = Object.keys(MoveFeature) as (keyof typeof MoveFeature)[];

/**
 * The features of `move`, a legal move of `pos` (left as it was). `previous` is the opponent's
 * last move (0 when unknown), for CapturesLastMoved.
 */
export function moveFeatures(pos: Position, move: Move, previous: Move = 0): number {
  const board = pos.board;
  const us = pos.sideToMove;
  const them = us ^ 1;
  const to = moveTo(move);
  const from = moveFrom(move);
  let f = 0;
  if (board[to] !== EMPTY) {
    f |= MoveFeature.Capture;
    if (previous !== 0 && moveTo(previous) === to) f |= MoveFeature.CapturesLastMoved;
  }
  if (isPromotion(move)) f |= MoveFeature.Promotion;
  if (pos.inCheck()) f |= MoveFeature.Evasion;
  if (givesCheck(pos, move)) f |= MoveFeature.Check;
  if (isDrop(move)) f |= MoveFeature.Drop;
  else {
    if (pos.effectCount(them as 0 | 1, from) > 0) f |= MoveFeature.FromAttacked;
    if ((board[from]! & 15) === Kind.King) f |= MoveFeature.KingMove;
    for (let i = 0; i < 8; i++)
      if (screensOwnSlider(board, from, DIRECTIONS[i]!, us)) {
        f |= MoveFeature.UncoversLine;
        break;
      }
  }

  pos.doMove(move);
  const effects = pos.effects;
  const after = pos.effectBase;
  const before = after - EFFECT_STRIDE;
  const ours = us * BOARD_SIZE;
  const theirs = them * BOARD_SIZE;
  if (effects[after + theirs + to]! > 0) {
    f |= MoveFeature.ToAttacked;
    if (f & MoveFeature.Drop) f |= MoveFeature.DropOntoAttacked;
  }
  if (effects[after + ours + to]! > 0) f |= MoveFeature.ToDefended;
  // What the moved piece bears on now: threats to enemy pieces, support for threatened own ones.
  const piece = board[to]!;
  for (let i = 0, n = STEP_COUNT[piece]!; i < n; i++)
    f |= targetFeature(board, effects, before, after, to + STEPS[piece * 8 + i]!, us);
  for (let i = 0, n = SLIDE_COUNT[piece]!; i < n; i++) {
    const d = SLIDES[piece * 4 + i]!;
    let sq = to + d;
    while (board[sq] === EMPTY) sq += d;
    f |= targetFeature(board, effects, before, after, sq, us);
  }
  pos.undoMove(move);
  return f;
}
// #endregion

/** Threatens or Defends for a square the moved piece bears on (0 for neither). */
function targetFeature(
  board: Uint8Array,
  effects: Uint8Array,
  before: number,
  after: number,
  sq: number,
  us: number,
): number {
  const p = board[sq]!;
  if (p === EMPTY || p === WALL) return 0;
  if (p >> 4 === us) {
    const theirs = (us ^ 1) * BOARD_SIZE;
    return effects[after + theirs + sq]! > 0 ? MoveFeature.Defends : 0;
  }
  if ((p & 15) === Kind.King) return 0;
  // A new threat: before the move, none of our pieces bore on it.
  return effects[before + us * BOARD_SIZE + sq] === 0 ? MoveFeature.Threatens : 0;
}

/** Does one of `us`'s sliders bear on `sq` along direction `d` from behind (sq − d, sq − 2d, …)? */
function screensOwnSlider(board: Uint8Array, sq: number, d: number, us: number): boolean {
  let s = sq - d;
  while (board[s] === EMPTY) s -= d;
  const p = board[s]!;
  if (p === WALL || p >> 4 !== us || SLIDES_ALONG[p * 32 + d + 16] !== 1) return false;
  // The line must go on past `sq`: uncovering it onto the edge of the board opens nothing.
  return board[sq + d] !== WALL;
}
