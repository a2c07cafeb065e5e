/**
 * Judging a move before reading it: seed 000's `EvaluateTe`.
 *
 * A move's value is the change in evaluation it makes at once, plus what it changes in the
 * exchange values (交換値) around it: the threat it walks into (LossS), the threats it makes to
 * enemy pieces (LossE, counted at a tenth), and the threats it takes off its own pieces by
 * defending them (GainS). Capturing anything but a pawn and the focus pawn (焦点の歩) get bonuses.
 * Threats to the king are not exchange values but fixed amounts, by who bears on the destination.
 *
 * Where this version departs from the seed's code:
 * - the seed walks twelve step directions and then the long-range ones separately, so a slider
 *   counts an adjacent piece twice; here the moved piece's `attacks` are walked once;
 * - a slider uncovered onto the enemy king counts as the unguarded king threat (the seed would
 *   add the king's own exchange value, which swamps every other term);
 * - the seed's focus-pawn test looks only at pawn drops (its drops keep the piece in the origin
 *   field); here pawn moves count too, as the book describes the idea.
 */
import { attacks, DIRECTIONS, SLIDES_ALONG } from '../attacks';
import { legalMoves } from '../movegen';
import { makeUsiMove } from '../notation';
import { type Position } from '../position';
import { EMPTY, isDrop, Kind, type Move, WALL } from '../types';
import { exchangeValue } from './exchange';
import { type Evaluator } from './evaluator';
import { materialEvaluator } from './material';

// #region move-eval-constants
/** The constants of the move evaluation, named as in the chapter; all from seed 000. */
export interface MoveEvalParams {
  /** Bonus for capturing anything but a pawn, so material-losing attacks stay in view. */
  captureBonus: number;
  /** Bonus for a pawn moved or dropped where the enemy bears twice or more (焦点の歩). */
  focusPawnBonus: number;
  /** How many enemy effects make a square a focus. */
  focusPawnMinEffects: number;
  /** Threats to enemy pieces count 1/attackDivisor of their exchange value. */
  attackDivisor: number;
  /** Threat to the king from a square the enemy does not bear on. */
  kingThreatUnguarded: number;
  /** Threat to the king from a square both sides bear on. */
  kingThreatSupported: number;
  /** Threat to the king from a square only the enemy bears on. */
  kingThreatExposed: number;
}

export const MOVE_EVAL_DEFAULTS: Readonly<MoveEvalParams> = {
  captureBonus: 1500,
  focusPawnBonus: 50,
  focusPawnMinEffects: 2,
  attackDivisor: 10,
  kingThreatUnguarded: 1500,
  kingThreatSupported: 1000,
  kingThreatExposed: 500,
};
// #endregion

/** A move's value with every term of the sum, and the squares behind the threat terms. */
export interface MoveEvaluation {
  move: Move;
  usi: string;
  value: number;
  /** Evaluation after the move minus before, from the mover's side. */
  evalDelta: number;
  /** Exchange value of the moved piece on its new square, minus that on its old one. */
  lossS: number;
  /** Threats made: exchange values of enemy pieces now attacked, plus king-threat constants. */
  lossE: number;
  /** The part of lossE that comes from threats to the king. */
  kingThreat: number;
  /** Threat taken off own pieces by defending them. */
  gainS: number;
  captureBonus: number;
  focusPawn: number;
  /** lossE / attackDivisor, the weight the seed found to work. */
  attack: number;
  /** Enemy squares the move newly threatens (including by uncovering a slider). */
  threatened: number[];
  /** Own squares whose threat the move lessens. */
  defended: number[];
}

// #region evaluate-move
/** Evaluate one legal move of `pos` (the position is left as it was). */
export function evaluateMove(
  pos: Position,
  move: Move,
  params: MoveEvalParams = MOVE_EVAL_DEFAULTS,
  evaluator: Evaluator = materialEvaluator,
  evalBefore = evaluator.evaluate(pos),
): MoveEvaluation {
  const board = pos.board;
  const us = pos.sideToMove;
  const them = (us ^ 1) as 0 | 1;
  const to = move & 0xff;
  const from = (move >> 8) & 0xff;
  const drop = isDrop(move);
  const captured = board[to]!;
  const movedPiece = drop ? from | (us << 4) : move & (1 << 16) ? board[from]! + 8 : board[from]!;

  // Before the move: the threat on the piece about to leave, and our lines through its square.
  let lossS = drop ? 0 : -exchangeValue(board, from);
  const uncovered = drop ? [] : DIRECTIONS.filter((d) => slidesThrough(board, from, d, us));

  pos.doMove(move);
  const evalDelta = -evaluator.evaluate(pos) - evalBefore;
  lossS += exchangeValue(board, to);
  let lossE = 0;
  let kingThreat = 0;
  const threatened: number[] = [];
  const ownTargets: { sq: number; after: number }[] = [];
  const enemyKing = pos.kingSquare[them]!;
  const targets = attacks(board, movedPiece, to).map((sq) => ({ sq, uncovered: false }));
  for (const d of uncovered) {
    const sq = firstPieceFrom(board, from, d);
    if (sq !== to && board[sq] !== WALL) targets.push({ sq, uncovered: true });
  }
  for (const { sq, uncovered: isUncovered } of targets) {
    const p = board[sq]!;
    if (p === EMPTY || p === WALL) continue;
    if (sq === enemyKing) {
      // Threats to the king are fixed amounts: its exchange value would swamp everything else.
      const k = isUncovered
        ? params.kingThreatUnguarded
        : pos.effectCount(them, to) === 0
          ? params.kingThreatUnguarded
          : pos.effectCount(us, to) > 0
            ? params.kingThreatSupported
            : params.kingThreatExposed;
      kingThreat += k;
      threatened.push(sq);
    } else if (p >> 4 === them) {
      const v = exchangeValue(board, sq);
      lossE += v;
      if (v > 0) threatened.push(sq);
    } else {
      ownTargets.push({ sq, after: exchangeValue(board, sq) });
    }
  }
  lossE += kingThreat;
  const focusPawn =
    (movedPiece & 15) === Kind.Pawn && pos.effectCount(them, to) >= params.focusPawnMinEffects
      ? params.focusPawnBonus
      : 0;
  pos.undoMove(move);

  // Defending: how much less our pieces now stand to lose.
  let gainS = 0;
  const defended: number[] = [];
  for (const { sq, after } of ownTargets) {
    const g = exchangeValue(board, sq) - after;
    gainS += g;
    if (g > 0) defended.push(sq);
  }

  const captureBonus =
    captured !== EMPTY && (captured & 15) !== Kind.Pawn ? params.captureBonus : 0;
  const attack = Math.trunc(lossE / params.attackDivisor);
  const value = evalDelta + gainS - lossS + captureBonus + focusPawn + attack;
  return {
    move,
    usi: makeUsiMove(move),
    value,
    evalDelta,
    lossS,
    lossE,
    kingThreat,
    gainS,
    captureBonus,
    focusPawn,
    attack,
    threatened,
    defended,
  };
}
// #endregion

/** Does a slider of `color` bear on `sq` along direction `d` (so moving off `sq` uncovers it)? */
function slidesThrough(board: Uint8Array, sq: number, d: number, color: number): boolean {
  let s = sq - d;
  while (board[s] === EMPTY) s -= d;
  const p = board[s]!;
  return p !== WALL && p >> 4 === color && SLIDES_ALONG[p * 32 + d + 16] === 1;
}

function firstPieceFrom(board: Uint8Array, sq: number, d: number): number {
  let s = sq + d;
  while (board[s] === EMPTY) s += d;
  return s;
}

/** Every legal move with its value and breakdown, best first (ties keep generation order). */
export function evaluateMoves(
  pos: Position,
  params: MoveEvalParams = MOVE_EVAL_DEFAULTS,
  evaluator: Evaluator = materialEvaluator,
): MoveEvaluation[] {
  const evalBefore = evaluator.evaluate(pos);
  const out = legalMoves(pos).map((m) => evaluateMove(pos, m, params, evaluator, evalBefore));
  return out.sort((a, b) => b.value - a.value);
}
