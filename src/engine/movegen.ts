/**
 * Legal move generation.
 *
 * Moves are generated legal, not pseudo-legal: pins and checks are found once per position from
 * the king outwards, and the effect counts answer "is this square attacked?" in one lookup. So
 * perft and the search never make a move only to take it back because it left the king in check.
 *
 * `generateMoves` writes packed moves into a caller's Uint32Array (no allocation); it can emit
 * every legal move, only captures and promotions (for quiescence search), or only the rest.
 */
import {
  DIRECTION_TO,
  REACHES_ALONG,
  SLIDES,
  SLIDE_COUNT,
  SLIDES_ALONG,
  STEPS,
  STEP_COUNT,
  DIRECTIONS,
} from './attacks';
import { isDropPawnMate } from './drop-pawn-mate';
import { type Position } from './position';
import { BOARD_SIZE, FIRST_LIVE_RANK, fileOf, relativeRank, SQUARES } from './square';
import { EMPTY, Kind, MOVE_DROP, MOVE_PROMOTE, WALL, type Move } from './types';

export const GenMode = { All: 0, CapturesAndPromotions: 1, Quiets: 2 } as const;
export type GenMode = (typeof GenMode)[keyof typeof GenMode];

/** More than the most legal moves any shogi position has (593). */
export const MAX_MOVES = 600;

/** `RELATIVE_RANK[color * BOARD_SIZE + sq]`: 1 = that side's far rank. */
const RELATIVE_RANK = new Uint8Array(2 * BOARD_SIZE);
for (const sq of SQUARES) {
  RELATIVE_RANK[sq] = relativeRank(0, sq);
  RELATIVE_RANK[BOARD_SIZE + sq] = relativeRank(1, sq);
}

/** `LANDABLE[color * 128 + target]`: 1 when a piece of `color` may move onto `target` (empty or enemy). */
const LANDABLE = new Uint8Array(256);
for (let c = 0; c < 2; c++) {
  LANDABLE[c * 128 + EMPTY] = 1;
  for (let kind = 1; kind <= 14; kind++) LANDABLE[c * 128 + (kind | ((c ^ 1) << 4))] = 1;
}

// Scratch state of one generation (the engine is single-threaded per worker).
const pinDirection = new Int8Array(BOARD_SIZE);
const pinnedSquares: number[] = [];
const evasionTarget = new Uint8Array(BOARD_SIZE);
const evasionSquares: number[] = [];

// #region generate-moves
/**
 * Write the legal moves of `pos` into `out` from index `start`; return the index after the last.
 */
export function generateMoves(
  pos: Position,
  out: Uint32Array,
  start: number,
  mode: GenMode = GenMode.All,
): number {
  const board = pos.board;
  const us = pos.sideToMove;
  const them = us ^ 1;
  const enemyEffect = pos.effectBase + them * BOARD_SIZE;
  const effects = pos.effects;
  const king = pos.kingSquare[us]!;
  let n = start;

  // Step 1. Pins, and squares the king cannot step back to along a checking slide.
  let xray1 = -1;
  let xray2 = -1;
  if (king !== 0) {
    for (let i = 0; i < 8; i++) {
      const d = DIRECTIONS[i]!;
      let s = king + d;
      while (board[s] === EMPTY) s += d;
      const p = board[s]!;
      if (p === WALL) continue;
      if (p >> 4 === us) {
        let t = s + d;
        while (board[t] === EMPTY) t += d;
        const q = board[t]!;
        if (q !== WALL && q >> 4 === them && SLIDES_ALONG[q * 32 - d + 16]) {
          pinDirection[s] = d;
          pinnedSquares.push(s);
        }
      } else if (SLIDES_ALONG[p * 32 - d + 16]) {
        if (xray1 < 0) xray1 = king - d;
        else xray2 = king - d;
      }
    }
  }

  // Step 2. Checks: with one checker, other pieces must capture it or block its line.
  const checkers = king !== 0 ? effects[enemyEffect + king]! : 0;
  if (checkers === 1) markEvasionSquares(pos, king);

  // Step 3. King moves: onto squares the opponent does not reach.
  if (king !== 0) {
    const kp = board[king]!;
    for (let i = 0, c = STEP_COUNT[kp]!; i < c; i++) {
      const to = king + STEPS[kp * 8 + i]!;
      const t = board[to]!;
      if (
        !LANDABLE[us * 128 + t] ||
        effects[enemyEffect + to] !== 0 ||
        to === xray1 ||
        to === xray2
      )
        continue;
      if (mode === GenMode.All || (mode === GenMode.Quiets) === (t === EMPTY))
        out[n++] = to | (king << 8);
    }
  }

  if (checkers < 2) {
    // Step 4. Moves of the other pieces.
    for (let si = 0; si < 81; si++) {
      const from = SQUARES[si]!;
      const p = board[from]!;
      if (p === EMPTY || p >> 4 !== us || (p & 15) === Kind.King) continue;
      const pin = pinDirection[from]!;
      for (let i = 0, c = STEP_COUNT[p]!; i < c; i++) {
        const to = from + STEPS[p * 8 + i]!;
        const t = board[to]!;
        if (!LANDABLE[us * 128 + t]) continue;
        if (checkers !== 0 && !evasionTarget[to]) continue;
        if (pin !== 0 && DIRECTION_TO[king * BOARD_SIZE + to] !== pin) continue;
        n = pushPieceMove(out, n, p, from, to, t, us, mode);
      }
      for (let i = 0, c = SLIDE_COUNT[p]!; i < c; i++) {
        const d = SLIDES[p * 4 + i]!;
        if (pin !== 0 && d !== pin && d !== -pin) continue;
        for (let to = from + d; ; to += d) {
          const t = board[to]!;
          if (!LANDABLE[us * 128 + t]) break;
          if (checkers === 0 || evasionTarget[to])
            n = pushPieceMove(out, n, p, from, to, t, us, mode);
          if (t !== EMPTY) break;
        }
      }
    }

    // Step 5. Drops (駒打ち): never captures, so not in the captures-only mode.
    if (mode !== GenMode.CapturesAndPromotions) n = generateDrops(pos, out, n, checkers !== 0);
  }

  for (const s of pinnedSquares) pinDirection[s] = 0;
  pinnedSquares.length = 0;
  for (const s of evasionSquares) evasionTarget[s] = 0;
  evasionSquares.length = 0;
  return n;
}
// #endregion

// #region promotion
/** Emit a board move with its promotion choices: optional in and out of the zone, forced where the piece would be dead. */
function pushPieceMove(
  out: Uint32Array,
  n: number,
  piece: number,
  from: number,
  to: number,
  target: number,
  us: number,
  mode: GenMode,
): number {
  const kind = piece & 15;
  const move = to | (from << 8);
  const isCapture = target !== EMPTY;
  if (kind <= Kind.Rook) {
    const rankTo = RELATIVE_RANK[us * BOARD_SIZE + to]!;
    if (rankTo <= 3 || RELATIVE_RANK[us * BOARD_SIZE + from]! <= 3) {
      if (mode !== GenMode.Quiets) out[n++] = move | MOVE_PROMOTE;
      if (rankTo < FIRST_LIVE_RANK[kind]!) return n;
    }
  }
  if (mode === GenMode.All || (mode === GenMode.Quiets) !== isCapture) out[n++] = move;
  return n;
}
// #endregion

/** Mark the squares a non-king move may go to when in single check: the checker and the line to it. */
function markEvasionSquares(pos: Position, king: number): void {
  const board = pos.board;
  const them = pos.sideToMove ^ 1;
  for (let i = 0; i < 8; i++) {
    const d = DIRECTIONS[i]!;
    let s = king + d;
    while (board[s] === EMPTY) s += d;
    const p = board[s]!;
    if (p === WALL || p >> 4 !== them || !REACHES_ALONG[p * 32 - d + 16]) continue;
    if (s !== king + d && !SLIDES_ALONG[p * 32 - d + 16]) continue;
    for (let t = king + d; ; t += d) {
      evasionTarget[t] = 1;
      evasionSquares.push(t);
      if (t === s) return;
    }
  }
  const knight = Kind.Knight | (them << 4);
  for (let i = 0; i < 2; i++) {
    const s = king - STEPS[knight * 8 + i]!;
    if (board[s] === knight) {
      evasionTarget[s] = 1;
      evasionSquares.push(s);
      return;
    }
  }
}

// #region drops
/** Drops onto empty squares, with the three drop rules: no 二歩, no dead piece, no 打ち歩詰め. */
function generateDrops(pos: Position, out: Uint32Array, start: number, inCheck: boolean): number {
  const board = pos.board;
  const us = pos.sideToMove;
  const hand = pos.hand;
  const kinds: number[] = dropKindsScratch;
  kinds.length = 0;
  for (let k = Kind.Pawn; k <= Kind.Gold; k++) if (hand[us * 8 + k]! > 0) kinds.push(k);
  if (kinds.length === 0) return start;
  const pawnFiles = pos.pawnFiles[us]!;
  const enemyKing = pos.kingSquare[us ^ 1]!;
  const forward = us === 0 ? -10 : 10;
  let n = start;
  for (let si = 0; si < 81; si++) {
    const to = SQUARES[si]!;
    if (board[to] !== EMPTY || (inCheck && !evasionTarget[to])) continue;
    const rank = RELATIVE_RANK[us * BOARD_SIZE + to]!;
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[i]!;
      if (rank < FIRST_LIVE_RANK[kind]!) continue;
      if (kind === Kind.Pawn) {
        if (pawnFiles & (1 << (fileOf(to) - 1))) continue;
        if (to + forward === enemyKing && isDropPawnMate(pos, to)) continue;
      }
      out[n++] = to | (kind << 8) | MOVE_DROP;
    }
  }
  return n;
}
// #endregion
const dropKindsScratch: number[] = [];

const scratch = new Uint32Array(MAX_MOVES);

/** The legal moves as a fresh array (boundary code, tests and widgets; the search uses generateMoves). */
export function legalMoves(pos: Position): Move[] {
  const n = generateMoves(pos, scratch, 0);
  return Array.from(scratch.subarray(0, n));
}

/** How many legal moves the side to move has. */
export function countLegalMoves(pos: Position): number {
  return generateMoves(pos, scratch, 0);
}

/** Has the side to move any legal move? (False means mate, or in shogi terms 詰み; shogi has no stalemate draw.) */
export function hasLegalMove(pos: Position): boolean {
  return generateMoves(pos, scratch, 0) > 0;
}
