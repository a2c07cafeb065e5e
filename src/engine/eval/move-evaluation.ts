/**
 * Judging a move before reading it: seed 000's `EvaluateTe`.
 *
 * A move's value is the change in evaluation it makes at once, plus what it changes in the
 * exchange values (交換値) around it: the threat it walks into (LossS), the threats it makes to
 * enemy pieces (LossE, counted at a tenth), and the threats it takes off its own pieces by
 * defending them (GainS). Capturing anything but a pawn and the focus pawn (焦点の歩) get bonuses.
 * Threats to the king are not exchange values but fixed amounts, by who bears on the destination.
 *
 * The seed's code does not always do what its comments and prose say. Option `reading` chooses:
 * 'intent' (the default) follows the comments and the prose, 'code' follows the code literally.
 *
 * 1. Focus pawn. The comment says: a pawn put where two or more enemy pieces bear gets +50. The
 *    code tests `te[i].from == FU`, but the seed's program makes drops with `from == 0` and board
 *    moves have a square (0x11 or more) there, so the test never holds and the bonus never fires.
 *    It would also read the enemy's effects at `0xaa - to`, the square mirrored through the
 *    centre, not at `to`. Intent: a pawn moved or dropped to `to` with ≥ 2 enemy effects there.
 *    Code: never.
 * 2. Capture bonus. The comment says: +1500 for taking anything but a pawn. The code compares
 *    `te[i].capture`, a piece code with its side's bit (SFU, EFU), with the bare kind FU, so the
 *    comparison never holds and pawn captures get the bonus too. Intent: not for a pawn (a
 *    promoted pawn is another piece and gets it). Code: for every capture.
 * 3. A slider uncovered onto the enemy king. The step and slide loops give the king a fixed
 *    threat (1500, 1000 or 500) because its exchange value "would be too large"; the loop over
 *    uncovered lines has no king case and adds the king's exchange value (about 15,000 here).
 *    Intent: the unguarded king threat, 1500. Code: the exchange value.
 * 4. Kings as pieces that stand to lose. The code counts the own king like any own piece: a
 *    move that now bears on its own king in check "defends" it by the fall of its exchange
 *    value, and a king stepping out of check removes its own threat from LossS; both swing some
 *    evasions by about ±15,000 against the others. And an uncovered line whose first piece is the
 *    moved piece itself (a piece moving along the line its slider looks down) counts in the code
 *    as an own piece there. Intent: a king's exchange value never enters LossS or GainS, and the
 *    moved piece is not a target of its own uncovered line. Code: both counted.
 *
 * One more difference holds in both readings: the seed walks twelve step directions and then the
 * sliding ones separately, and its table of steps (CanMove) is not in the seed; if it marks a
 * rook's or bishop's adjacent squares, those pieces count twice. Here the moved piece's `attacks`
 * are walked once and each square counts once.
 *
 * `evaluateMove` here is the explaining version, every term of the sum kept; the search calls its
 * allocation-free twin, `moveValue` (move-value.ts).
 */
import { attacks, DIRECTIONS, SLIDES_ALONG } from '../attacks';
import { legalMoves } from '../movegen';
import { makeUsiMove } from '../notation';
import { defaultsOf, integer, select, type ValuesOf } from '../option-spec';
import type { Position } from '../position';
import {
  dropKind,
  EMPTY,
  isDrop,
  isPromotion,
  Kind,
  type Move,
  moveFrom,
  moveTo,
  WALL,
} from '../types';
import { exchangeValue } from './exchange';
import type { Evaluator } from './evaluator';
import { materialEvaluator } from './material';

// #region move-eval-constants
/** The constants of the move evaluation, named as in the chapter; every default from seed 000. */
export const MOVE_EVAL_OPTIONS = {
  reading: select({
    label: 'Read seed 000',
    choices: ['intent', 'code'],
    default: 'intent',
    help: 'Where the seed’s code and its comments disagree: follow the comments (intent) or the code as written.',
  }),
  captureBonus: integer({
    label: 'Capture bonus',
    default: 1500,
    min: 0,
    max: 5000,
    step: 50,
    help: 'Seed 000: +1500 for taking anything but a pawn, so material-losing attacks stay in view.',
  }),
  focusPawnBonus: integer({
    label: 'Focus pawn bonus',
    default: 50,
    min: 0,
    max: 1000,
    step: 10,
    help: 'Seed 000: +50 for a pawn moved or dropped where the enemy bears twice (焦点の歩).',
  }),
  focusPawnMinEffects: integer({
    label: 'Focus pawn effects',
    default: 2,
    min: 1,
    max: 8,
    help: 'Enemy effects that make a square a focus (seed: two or more).',
  }),
  attackDivisor: integer({
    label: 'Attack divisor',
    default: 10,
    min: 1,
    max: 100,
    help: 'Threats to enemy pieces count 1/N of their exchange value (seed: 10).',
  }),
  kingThreatUnguarded: integer({
    label: 'King threat, unguarded',
    default: 1500,
    min: 0,
    max: 5000,
    step: 50,
    help: 'Seed 000: 1500 for a threat to the king from a square the enemy does not bear on.',
  }),
  kingThreatSupported: integer({
    label: 'King threat, supported',
    default: 1000,
    min: 0,
    max: 5000,
    step: 50,
    help: 'Seed 000: 1000 from a square both sides bear on.',
  }),
  kingThreatExposed: integer({
    label: 'King threat, exposed',
    default: 500,
    min: 0,
    max: 5000,
    step: 50,
    help: 'Seed 000: 500 from a square only the enemy bears on.',
  }),
};

export type MoveEvalParams = ValuesOf<typeof MOVE_EVAL_OPTIONS>;
export const MOVE_EVAL_DEFAULTS: Readonly<MoveEvalParams> = defaultsOf(MOVE_EVAL_OPTIONS);
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
  /** The kind of the piece the move takes (a `Kind`), 0 when it takes nothing. */
  capturedKind: number;
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
  const to = moveTo(move);
  const from = moveFrom(move);
  const drop = isDrop(move);
  const captured = board[to]!;
  const movedPiece = drop
    ? dropKind(move) | (us << 4)
    : isPromotion(move)
      ? board[from]! + 8
      : board[from]!;
  const literal = params.reading === 'code';
  // Read as intended, a king's own exchange value is not a threat it walks into or out of.
  const kingMove = !literal && (movedPiece & 15) === Kind.King;

  // Before the move: the threat on the piece about to leave, and our lines through its square.
  let lossS = drop || kingMove ? 0 : -exchangeValue(board, from);
  const uncovered = drop ? [] : DIRECTIONS.filter((d) => slidesThrough(board, from, d, us));

  pos.doMove(move);
  const evalDelta = -evaluator.evaluate(pos) - evalBefore;
  if (!kingMove) lossS += exchangeValue(board, to);
  let lossE = 0;
  let kingThreat = 0;
  const threatened: number[] = [];
  const ownTargets: { sq: number; after: number }[] = [];
  const enemyKing = pos.kingSquare[them]!;
  const targets = attacks(board, movedPiece, to).map((sq) => ({ sq, uncovered: false }));
  for (const d of uncovered) {
    const sq = firstPieceFrom(board, from, d);
    // Read as written, the moved piece itself can be the first piece on its own uncovered line.
    if ((literal || sq !== to) && board[sq] !== WALL) targets.push({ sq, uncovered: true });
  }
  for (const { sq, uncovered: isUncovered } of targets) {
    const p = board[sq]!;
    if (p === EMPTY || p === WALL) continue;
    if (sq === enemyKing) {
      // Threats to the king are fixed amounts: its exchange value would swamp everything else.
      // The seed's loop over uncovered lines has no king case and adds the exchange value.
      const k = isUncovered
        ? literal
          ? exchangeValue(board, sq)
          : params.kingThreatUnguarded
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
    } else if (literal || (p & 15) !== Kind.King) {
      ownTargets.push({ sq, after: exchangeValue(board, sq) });
    }
  }
  lossE += kingThreat;
  // The seed's test (`from == FU`) never holds, so read as written the bonus never fires.
  const focusPawn =
    !literal &&
    (movedPiece & 15) === Kind.Pawn &&
    pos.effectCount(them, to) >= params.focusPawnMinEffects
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

  // The seed compares a side-tagged piece code with the bare FU: read as written, pawns count.
  const captureBonus =
    captured !== EMPTY && (literal || (captured & 15) !== Kind.Pawn) ? params.captureBonus : 0;
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
    capturedKind: captured & 15,
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

/** The first square from `sq` along `d` that is not empty (a piece or the wall). */
export function firstPieceFrom(board: Uint8Array, sq: number, d: number): number {
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
