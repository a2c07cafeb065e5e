/**
 * Seed 000's move value as the search asks for it (move-picker.ts, extensions.ts): the same number
 * as `evaluateMove(...).value` (move-evaluation.ts), computed without the breakdown and without
 * playing the move. The two are held equal by a test on every move of thousands of positions.
 */
import { DIRECTION_TO, DIRECTIONS, SLIDE_COUNT, SLIDES, STEP_COUNT, STEPS } from '../attacks';
import { DIRECTION_BIT, LONG_EFFECT } from '../effect';
import type { Position } from '../position';
import { BOARD_SIZE } from '../square';
import { EMPTY, isDrop, isPromotion, Kind, type Move, moveFrom, moveTo, WALL } from '../types';
import { exchangeValue, exchangeValueAt } from './exchange';
import type { Evaluator } from './evaluator';
import { firstPieceFrom, type MoveEvalParams } from './move-evaluation';

// Scratch for moveValue: own pieces a move bears on, and their exchange values after it.
const ownSquares = new Int32Array(32);
const ownAfter = new Int32Array(32);
let owns = 0;

// Exchange values of the position before the move, kept across the moves of one position (a
// node values all its moves in a row, and many share a square: the same piece's origin, the same
// defended piece). Keyed by the position's Zobrist key, so a new position starts afresh.
const beforeValue = new Int32Array(BOARD_SIZE);
const beforeStamp = new Uint32Array(BOARD_SIZE);
let stamp = 0;
// No key has these halves (keys are signed 32-bit halves): the first position starts afresh.
let stampKeyLo = 2 ** 32;
let stampKeyHi = 2 ** 32;

/** exchangeValueAt of the position every move of the batch starts from, remembered per square. */
function exchangeBefore(pos: Position, sq: number): number {
  if (beforeStamp[sq] === stamp) return beforeValue[sq]!;
  const v = exchangeValueAt(pos, sq);
  beforeValue[sq] = v;
  beforeStamp[sq] = stamp;
  return v;
}

/** `kingThreat` for threatOn: the enemy king's exchange value instead of a constant. */
const KING_EXCHANGE_VALUE = -1;

// The move moveValue is valuing, for threatOn: set once per move rather than passed per square.
let valuedFrom = 0;
let valuedTo = 0;
let moveThem = 0;
let enemyKing = 0;
let literalReading = false;
let uncoveredThem = 0;

/**
 * What a piece of ours now bearing on `sq` adds to LossE (threats made): the exchange value of an
 * enemy piece there, or `kingThreat` for the enemy king. An own piece there is noted for GainS
 * (an own king only when the seed is read literally). The board shows the position after the
 * move, the effect counts the one before it: `uncoveredThem` is the enemy's long effects on the
 * square the move left (0 for a drop), the only way the move can add an enemy attacker.
 */
function threatOn(pos: Position, sq: number, kingThreat: number): number {
  const board = pos.board;
  const p = board[sq]!;
  if (p === EMPTY || p === WALL) return 0;
  if (sq === enemyKing)
    return kingThreat === KING_EXCHANGE_VALUE
      ? exchangeValue(board, sq, arrivingAfter(pos, sq, valuedFrom, valuedTo))
      : kingThreat;
  if (p >> 4 === moveThem)
    return exchangeValue(board, sq, arrivingAfter(pos, sq, valuedFrom, valuedTo));
  if (!literalReading && (p & 15) === Kind.King) return 0;
  // No enemy piece bore on our piece before the move, and no enemy slide is uncovered onto it:
  // none bears on it after (the move can only block or capture the others), so nothing is at stake.
  const mayBeAttacked =
    pos.effectCount(moveThem as 0 | 1, sq) > 0 ||
    (uncoveredThem & DIRECTION_BIT[DIRECTION_TO[valuedFrom * BOARD_SIZE + sq]! + 11]!) !== 0;
  ownSquares[owns] = sq;
  ownAfter[owns++] = mayBeAttacked
    ? exchangeValue(board, sq, arrivingAfter(pos, sq, valuedFrom, valuedTo))
    : 0;
  return 0;
}

/**
 * The lines along which a slide may arrive at `sq` after a move from `from` (a board square, or
 * 0 for a drop) to `to`, for exchangeValue's shortcut: those along which one arrived before
 * (the position's long effects, both sides), the line through the square the move left (a slide
 * there goes on) and the line from the moved piece. A move adds no slide on any other line, so an
 * empty line outside the mask brings no attacker; a slide the move cut off is still walked.
 */
function arrivingAfter(pos: Position, sq: number, from: number, to: number): number {
  const long = pos.effectBase + LONG_EFFECT + sq;
  return (
    pos.effects[long]! |
    pos.effects[long + BOARD_SIZE]! |
    DIRECTION_BIT[DIRECTION_TO[from * BOARD_SIZE + sq]! + 11]! |
    DIRECTION_BIT[DIRECTION_TO[to * BOARD_SIZE + sq]! + 11]!
  );
}

// #region move-value
/**
 * The same value as `evaluateMove(...).value`, computed without building the breakdown: no arrays,
 * no objects, no strings, and without playing the move. The search calls it for every move it
 * orders or prunes by value; evaluateMove stays the explaining version (the widget shows its
 * terms), and a test holds the two equal on every move of thousands of positions.
 *
 * Exchange values need only the board, so the move is made on the board alone (two squares
 * written, then put back), not with `doMove`, which would also update the effect counts, the key
 * and the hands. The few effect counts the value reads after the move (who bears on the
 * destination) follow from the counts before it: the moved piece no longer bears on the square it
 * stands on, and a slide that arrived at the square it left goes on along its path. The
 * evaluation's change comes from the evaluator's `moveGain` when it has one (material), else from
 * playing the move.
 */
export function moveValue(
  pos: Position,
  move: Move,
  params: MoveEvalParams,
  evaluator: Evaluator,
  evalBefore: number,
): number {
  const board = pos.board;
  const us = pos.sideToMove;
  const them = us ^ 1;
  const to = moveTo(move);
  const from = moveFrom(move);
  const drop = isDrop(move);
  const captured = board[to]!;
  const piece = drop ? from | (us << 4) : board[from]!;
  const moved = isPromotion(move) ? piece + 8 : piece;
  const literal = params.reading === 'code';
  const kingMove = !literal && (moved & 15) === Kind.King;
  if (pos.keyLo !== stampKeyLo || pos.keyHi !== stampKeyHi) {
    stamp = (stamp + 1) >>> 0 || 1;
    stampKeyLo = pos.keyLo;
    stampKeyHi = pos.keyHi;
  }
  const evalDelta =
    evaluator.moveGain !== undefined
      ? evaluator.moveGain(pos, move)
      : evalAfter(pos, move, evaluator) - evalBefore;

  let lossS = drop || kingMove ? 0 : -exchangeBefore(pos, from);
  // Long effects (長い利き) on the square the piece leaves, bit i: a slide arrives along
  // DIRECTIONS[i] and goes on once the square is empty. Ours are the lines the move uncovers
  // (evaluateMove walks the lines instead); the enemy's may bring a new attacker.
  const longAt = pos.effectBase + LONG_EFFECT + from;
  const uncovered = drop ? 0 : pos.effects[longAt + us * BOARD_SIZE]!;
  uncoveredThem = drop ? 0 : pos.effects[longAt + them * BOARD_SIZE]!;
  // Effect counts on `to` after the move: a board move's piece bore on `to` and no longer does,
  // and a slide through `from` along the move's own line now reaches it.
  const along = drop ? 0 : DIRECTION_BIT[DIRECTION_TO[from * BOARD_SIZE + to]! + 11]!;
  const themOnTo = pos.effectCount(them as 0 | 1, to) + ((uncoveredThem & along) !== 0 ? 1 : 0);
  const usOnTo = pos.effectCount(us, to) - (drop ? 0 : 1) + ((uncovered & along) !== 0 ? 1 : 0);

  if (!drop) board[from] = EMPTY;
  board[to] = moved;
  // The square the move leaves (0 for a drop: no square, no line through it).
  valuedFrom = drop ? 0 : from;
  valuedTo = to;
  moveThem = them;
  literalReading = literal;
  enemyKing = pos.kingSquare[them]!;
  if (!kingMove && themOnTo > 0)
    lossS += exchangeValue(board, to, arrivingAfter(pos, to, valuedFrom, to));
  const kingThreat =
    themOnTo === 0
      ? params.kingThreatUnguarded
      : usOnTo > 0
        ? params.kingThreatSupported
        : params.kingThreatExposed;
  let lossE = 0;
  owns = 0;
  for (let i = 0, n = STEP_COUNT[moved]!; i < n; i++) {
    const sq = to + STEPS[moved * 8 + i]!;
    if (board[sq] !== EMPTY) lossE += threatOn(pos, sq, kingThreat);
  }
  for (let i = 0, n = SLIDE_COUNT[moved]!; i < n; i++)
    lossE += threatOn(pos, firstPieceFrom(board, to, SLIDES[moved * 4 + i]!), kingThreat);
  // A line uncovered onto the king: the unguarded threat, or (read literally) its exchange value.
  const uncoveredKing = literal ? KING_EXCHANGE_VALUE : params.kingThreatUnguarded;
  for (let i = 0; i < 8; i++) {
    if ((uncovered & (1 << i)) === 0) continue;
    const sq = firstPieceFrom(board, from, DIRECTIONS[i]!);
    if (literal || sq !== to) lossE += threatOn(pos, sq, uncoveredKing);
  }
  board[to] = captured;
  if (!drop) board[from] = piece;
  const focusPawn =
    !literal && (moved & 15) === Kind.Pawn && themOnTo >= params.focusPawnMinEffects
      ? params.focusPawnBonus
      : 0;

  let gainS = 0;
  for (let i = 0; i < owns; i++) gainS += exchangeBefore(pos, ownSquares[i]!) - ownAfter[i]!;
  const captureBonus =
    captured !== EMPTY && (literal || (captured & 15) !== Kind.Pawn) ? params.captureBonus : 0;
  return (
    evalDelta + gainS - lossS + captureBonus + focusPawn + Math.trunc(lossE / params.attackDivisor)
  );
}

/** The evaluation after `move`, from the mover's side: the move played, evaluated, taken back. */
function evalAfter(pos: Position, move: Move, evaluator: Evaluator): number {
  pos.doMove(move);
  const value = -evaluator.evaluate(pos);
  pos.undoMove(move);
  return value;
}
// #endregion
