/**
 * Questions about one move, answered without generating the others: does it give check, and is
 * it legal here at all? The search asks the first of every move before playing it (checks are
 * never pruned, and are extended), and the second of a move it remembers from elsewhere — the
 * transposition table's move or a killer — before trying it ahead of generation.
 *
 * Both have slow, obviously right twins in the tests: play the move and look (`inCheck`), and
 * look the move up in the generated list.
 */
import { DIRECTION_TO, SLIDES_ALONG, STEPS, STEP_COUNT } from './attacks';
import { isDropPawnMate } from './drop-pawn-mate';
import type { Position } from './position';
import { BOARD_SIZE, FIRST_LIVE_RANK, fileOf, relativeRank, SQ81 } from './square';
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
} from './types';

/** Bits a packed move may use: destination, origin (or dropped kind), promotion, drop. */
const MOVE_BITS = 0x3ffff;

/**
 * Does `piece` standing on `sq` reach `target` on `board`, counting `vacated` as empty (the square
 * a moving piece has just left)? Steps by table, slides by walking the line.
 */
function reaches(
  board: Uint8Array,
  piece: number,
  sq: number,
  target: number,
  vacated: number,
): boolean {
  const offset = target - sq;
  for (let i = 0, c = STEP_COUNT[piece]!; i < c; i++)
    if (STEPS[piece * 8 + i] === offset) return true;
  const d = DIRECTION_TO[sq * BOARD_SIZE + target]!;
  if (d === 0 || SLIDES_ALONG[piece * 32 + d + 16] !== 1) return false;
  for (let s = sq + d; s !== target; s += d) if (board[s] !== EMPTY && s !== vacated) return false;
  return true;
}

/**
 * The enemy slider that `sq` screens from `king`, if any: walking from the king through `sq`, the
 * first piece beyond `sq` (with nothing between the king and `sq`) when it is of colour `by` and
 * slides back along the line. Returns its square, or 0.
 */
function sliderBehind(board: Uint8Array, king: number, sq: number, by: number): number {
  const d = DIRECTION_TO[king * BOARD_SIZE + sq]!;
  if (d === 0) return 0;
  for (let s = king + d; s !== sq; s += d) if (board[s] !== EMPTY) return 0;
  let s = sq + d;
  while (board[s] === EMPTY) s += d;
  const p = board[s]!;
  return p !== WALL && p >> 4 === by && SLIDES_ALONG[p * 32 - d + 16] === 1 ? s : 0;
}

// #region gives-check
/** Does the side to move give check by playing `move` (a legal move of `pos`)? */
export function givesCheck(pos: Position, move: Move): boolean {
  const board = pos.board;
  const us = pos.sideToMove;
  const king = pos.kingSquare[us ^ 1]!;
  if (king === 0) return false;
  const to = moveTo(move);
  const from = moveFrom(move);
  if (isDrop(move)) return reaches(board, dropKind(move) | (us << 4), to, king, -1);
  const piece = isPromotion(move) ? board[from]! + 8 : board[from]!;
  // A direct check: the piece, as it stands on `to`, reaches the king.
  if (reaches(board, piece, to, king, from)) return true;
  // A discovered check (空き王手): leaving `from` opens a line from one of our sliders, unless
  // the piece stays on that line.
  const d = DIRECTION_TO[king * BOARD_SIZE + from]!;
  return (
    d !== 0 &&
    DIRECTION_TO[king * BOARD_SIZE + to] !== d &&
    sliderBehind(board, king, from, us) !== 0
  );
}
// #endregion

// #region is-legal-move
/**
 * Is `move` legal in `pos`? Any 32-bit number may come in (a move from the transposition table
 * may belong to another position that shares the table slot): everything is checked — squares,
 * the piece and its geometry, promotion, the drop rules, and that the own king is safe after it.
 */
export function isLegalMove(pos: Position, move: Move): boolean {
  if (move <= 0 || (move & ~MOVE_BITS) !== 0) return false;
  const board = pos.board;
  const us = pos.sideToMove;
  const to = moveTo(move);
  const from = moveFrom(move);
  if (to >= BOARD_SIZE || SQ81[to]! < 0) return false;
  const target = board[to]!;
  if (isDrop(move)) {
    const kind = dropKind(move);
    if (isPromotion(move) || kind < Kind.Pawn || kind > Kind.Gold) return false;
    if (target !== EMPTY || pos.hand[us * 8 + kind] === 0) return false;
    if (relativeRank(us, to) < FIRST_LIVE_RANK[kind]!) return false;
    if (kind === Kind.Pawn) {
      if (pos.pawnFiles[us]! & (1 << (fileOf(to) - 1))) return false;
      const enemyKing = pos.kingSquare[us ^ 1]!;
      if (to + (us === 0 ? -10 : 10) === enemyKing && isDropPawnMate(pos, to)) return false;
    }
    // A drop exposes nothing; in check it must block the line, which playing it shows.
    return pos.inCheck() ? keepsKingSafe(pos, move) : true;
  }
  if (from >= BOARD_SIZE || SQ81[from]! < 0) return false;
  const piece = board[from]!;
  if (piece === EMPTY || piece >> 4 !== us) return false;
  if (target !== EMPTY && target >> 4 === us) return false;
  if (!reaches(board, piece, from, to, -1)) return false;
  const kind = piece & 15;
  if (isPromotion(move)) {
    if (kind > Kind.Rook || (relativeRank(us, from) > 3 && relativeRank(us, to) > 3)) return false;
  } else if (kind <= Kind.Rook && relativeRank(us, to) < FIRST_LIVE_RANK[kind]!) return false;
  // The cheap case: not in check, not the king, and not pinned off its line.
  const king = pos.kingSquare[us]!;
  if (kind !== Kind.King && !pos.inCheck()) {
    if (sliderBehind(board, king, from, us ^ 1) === 0) return true;
    return DIRECTION_TO[king * BOARD_SIZE + to] === DIRECTION_TO[king * BOARD_SIZE + from];
  }
  return keepsKingSafe(pos, move);
}

/** Play the move and see whether the mover's king is attacked. */
function keepsKingSafe(pos: Position, move: Move): boolean {
  const us = pos.sideToMove;
  pos.doMove(move);
  const safe = pos.effectCount((us ^ 1) as 0 | 1, pos.kingSquare[us]!) === 0;
  pos.undoMove(move);
  return safe;
}
// #endregion
