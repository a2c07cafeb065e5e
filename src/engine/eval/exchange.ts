/**
 * Exchange values (交換値): what the opponent of the piece on a square can win by starting a
 * capture sequence there, each side recapturing with its least valuable piece and free to stop
 * when going on would lose. Static exchange evaluation (SEE) for move ordering is the same walk.
 *
 * The walk looks at the board only: attackers are found by walking the eight lines out of the
 * square (so a slider behind another piece on the same line joins in once the front piece has
 * captured) plus the two knight squares. Promotions during the sequence are not counted.
 */
import { DIRECTIONS, REACHES_ALONG, SLIDES_ALONG, STEPS } from '../attacks';
import { DIRECTION_BIT, LONG_EFFECT } from '../effect';
import type { Position } from '../position';
import { BOARD_SIZE } from '../square';
import {
  type Color,
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
import { CAPTURE_VALUE, PIECE_VALUE, PROMOTION_GAIN } from './material';

/** No long effects known: every line may bring a slide. */
const ALL_DIRECTIONS = 0xff;
/** TOWARDS[i]: the long-effect bit of a slide that travels back along DIRECTIONS[i], onto the square. */
const TOWARDS = DIRECTIONS.map((d) => DIRECTION_BIT[-d + 11]!);
const gain = new Int32Array(48);

/**
 * Each side's attackers that bear on the square now, as (square, key) pairs in `LIST` slots per
 * side. key = value · 16 + place, place being the line's index in DIRECTIONS (0–7) or 8 + i for
 * the two knight squares: the least key is the least valuable attacker, and among equal values the
 * first line, so the walk takes pieces in the same order as a scan of the lines in turn would.
 * A side holds at most one attacker per line and per knight square at a time: ten.
 */
const LIST = 16;
const attackerSquare = new Int32Array(2 * LIST);
const attackerKey = new Int32Array(2 * LIST);
const attackers = new Int32Array(2);

/** Does the piece at `s`, reached from `sq` by walking in direction `d`, bear on `sq`? */
const bearsOn = (board: Uint8Array, s: number, sq: number, d: number): boolean => {
  const p = board[s]!;
  return (
    REACHES_ALONG[p * 32 - d + 16] === 1 && (s === sq + d || SLIDES_ALONG[p * 32 - d + 16] === 1)
  );
};

function nextOnLine(board: Uint8Array, s: number, d: number): number {
  let t = s + d;
  while (board[t] === EMPTY) t += d;
  return t;
}

/** Note the piece at `s`, first on line `i` out of `sq`, as an attacker if it bears on `sq`. */
function addFromLine(board: Uint8Array, sq: number, s: number, i: number): void {
  const p = board[s]!;
  if (p === WALL || !bearsOn(board, s, sq, DIRECTIONS[i]!)) return;
  const side = p >> 4;
  const at = side * LIST + attackers[side]!++;
  attackerSquare[at] = s;
  attackerKey[at] = PIECE_VALUE[p & 15]! * 16 + i;
}

/**
 * Least valuable attacker of `side`: its square, or -1 if none. It leaves the list, and the next
 * piece on its line joins whichever side's list it belongs to if it bears on `sq` (a slider
 * behind the piece that captured).
 */
function takeLeastValuable(board: Uint8Array, sq: number, side: number): number {
  const n = attackers[side]!;
  if (n === 0) return -1;
  const base = side * LIST;
  let best = base;
  for (let j = base + 1; j < base + n; j++) if (attackerKey[j]! < attackerKey[best]!) best = j;
  const s = attackerSquare[best]!;
  const place = attackerKey[best]! & 15;
  const last = base + n - 1;
  attackerSquare[best] = attackerSquare[last]!;
  attackerKey[best] = attackerKey[last]!;
  attackers[side] = n - 1;
  if (place < 8) addFromLine(board, sq, nextOnLine(board, s, DIRECTIONS[place]!), place);
  return s;
}

// #region exchange-value
/**
 * What the opponent of the piece on `sq` gains by capturing it first and trading on: ≥ 0.
 * `arriving` (optional) is the square's long effects, both sides' OR-ed: the directions along
 * which a slide arrives. Without it every line is walked; with it, an empty line with no slide
 * on it is skipped.
 */
export function exchangeValue(board: Uint8Array, sq: number, arriving = ALL_DIRECTIONS): number {
  const target = board[sq]!;
  if (target === EMPTY || target === WALL) return 0;
  attackers[0] = attackers[1] = 0;
  for (let i = 0; i < 8; i++) {
    const d = DIRECTIONS[i]!;
    // A line whose first square is empty brings an attacker only if a slide arrives along it.
    if (board[sq + d] === EMPTY && (arriving & TOWARDS[i]!) === 0) continue;
    addFromLine(board, sq, nextOnLine(board, sq, d), i);
  }
  for (let side = 0; side < 2; side++) {
    const knight = Kind.Knight | (side << 4);
    for (let i = 0; i < 2; i++) {
      const s = sq - STEPS[knight * 8 + i]!;
      if (board[s] !== knight) continue;
      const at = side * LIST + attackers[side]!++;
      attackerSquare[at] = s;
      attackerKey[at] = PIECE_VALUE[Kind.Knight]! * 16 + 8 + i;
    }
  }
  let side = (target >> 4) ^ 1;
  let attacker = takeLeastValuable(board, sq, side);
  if (attacker < 0) return 0;
  // A king may not capture into a square the other side still defends.
  if ((board[attacker]! & 15) === Kind.King && attackers[side ^ 1]! > 0) return 0;
  let d = 0;
  gain[0] = CAPTURE_VALUE[target & 15]!;
  let onSquare = board[attacker]!;
  while (d < 46) {
    side ^= 1;
    attacker = takeLeastValuable(board, sq, side);
    if (attacker < 0) break;
    if ((board[attacker]! & 15) === Kind.King && attackers[side ^ 1]! > 0) break;
    d++;
    gain[d] = CAPTURE_VALUE[onSquare & 15]! - gain[d - 1]!;
    onSquare = board[attacker]!;
  }
  while (d > 0) {
    gain[d - 1] = -Math.max(-gain[d - 1]!, gain[d]!);
    d--;
  }
  return Math.max(0, gain[0]);
}
// #endregion

/**
 * `exchangeValue` with shortcuts from the effect counts (利き): when no enemy piece bears on the
 * square, nothing can start an exchange there and the value is 0 without a walk (a piece behind
 * another on a line only joins once the front one has captured); and the long effects say which
 * empty lines have no slide on them. The search's `moveValue` calls this; `evaluateMove` keeps
 * the plain walk, and the test that holds the two equal covers the shortcuts.
 */
export function exchangeValueAt(pos: Position, sq: number): number {
  const target = pos.board[sq]!;
  if (target === EMPTY || target === WALL) return 0;
  if (pos.effectCount(((target >> 4) ^ 1) as Color, sq) === 0) return 0;
  const long = pos.effectBase + LONG_EFFECT + sq;
  return exchangeValue(pos.board, sq, pos.effects[long]! | pos.effects[long + BOARD_SIZE]!);
}

/**
 * Static exchange evaluation of a move: material won by the capture (and promotion) minus what
 * the opponent then wins by trading on the destination. Works on the board alone; the board is
 * restored before returning.
 */
export function seeMove(board: Uint8Array, move: Move, us: number): number {
  const to = moveTo(move);
  const from = moveFrom(move);
  const drop = isDrop(move);
  const captured = board[to]!;
  const piece = drop ? dropKind(move) | (us << 4) : board[from]!;
  const promote = isPromotion(move);
  const moved = promote ? piece + 8 : piece;
  const won =
    (captured === EMPTY ? 0 : CAPTURE_VALUE[captured & 15]!) +
    (promote ? PROMOTION_GAIN[piece & 15]! : 0);
  if (!drop) board[from] = EMPTY;
  board[to] = moved;
  const lost = exchangeValue(board, to);
  board[to] = captured;
  if (!drop) board[from] = piece;
  return won - lost;
}
