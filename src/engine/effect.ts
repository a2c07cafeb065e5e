/**
 * Effect counts (利き, kiki): for each side and square, how many of that side's pieces bear on it.
 *
 * The search keeps them up to date move by move (YaneuraOu's `board_effect`), and check
 * detection, the move evaluator, the effect-table evaluators and the decision-tree features all
 * read them. `computeEffects` recounts from scratch and is the reference the tests compare the
 * incremental counts against.
 *
 * Layout: one block of `EFFECT_STRIDE` bytes per position, sente's 130 counts then gote's.
 */
import {
  attacks,
  SLIDES,
  SLIDE_COUNT,
  SLIDES_ALONG,
  STEPS,
  STEP_COUNT,
  DIRECTIONS,
} from './attacks';
import { BOARD_SIZE, SQUARES } from './square';
import { EMPTY, WALL } from './types';

export const EFFECT_STRIDE = 2 * BOARD_SIZE;

// #region compute-effects
/** Recount every effect from the board alone: the slow, obviously right twin. */
export function computeEffects(board: Uint8Array): Uint8Array {
  const effect = new Uint8Array(EFFECT_STRIDE);
  for (const sq of SQUARES) {
    const piece = board[sq]!;
    if (piece === EMPTY) continue;
    const color = piece >> 4;
    for (const to of attacks(board, piece, sq)) effect[color * BOARD_SIZE + to]!++;
  }
  return effect;
}
// #endregion

// #region update-effects
/**
 * Add (`delta` = 1) or remove (`delta` = -1) the effects of `piece` standing on `sq`, walking its
 * slides over the board as it is now.
 */
export function updatePieceEffect(
  board: Uint8Array,
  effect: Uint8Array,
  base: number,
  piece: number,
  sq: number,
  delta: number,
): void {
  const side = base + (piece >> 4) * BOARD_SIZE;
  for (let i = 0, n = STEP_COUNT[piece]!; i < n; i++) {
    const to = sq + STEPS[piece * 8 + i]!;
    if (board[to] !== WALL) effect[side + to]! += delta;
  }
  for (let i = 0, n = SLIDE_COUNT[piece]!; i < n; i++) {
    const d = SLIDES[piece * 4 + i]!;
    for (let to = sq + d; ; to += d) {
      const t = board[to]!;
      if (t === WALL) break;
      effect[side + to]! += delta;
      if (t !== EMPTY) break;
    }
  }
}

/**
 * A square's occupancy changed, so every slide that reaches it either now runs on past it
 * (`delta` = 1, the square emptied) or now stops at it (`delta` = -1, the square filled).
 * For each line through the square, find the nearest piece behind it; if that piece slides
 * this way, its ray beyond the square grows or shrinks. A piece standing on `skip` is ignored:
 * it is about to be replaced and its effects are recounted separately.
 */
export function updateRaysThrough(
  board: Uint8Array,
  effect: Uint8Array,
  base: number,
  sq: number,
  delta: number,
  skip: number,
): void {
  // No effect on the square means no slide reaches it: nothing to grow or cut.
  if (effect[base + sq] === 0 && effect[base + BOARD_SIZE + sq] === 0) return;
  for (let i = 0; i < 8; i++) {
    const d = DIRECTIONS[i]!;
    let from = sq - d;
    let p = board[from]!;
    while (p === EMPTY) {
      from -= d;
      p = board[from]!;
    }
    if (p === WALL || from === skip || SLIDES_ALONG[p * 32 + d + 16] === 0) continue;
    const side = base + (p >> 4) * BOARD_SIZE;
    for (let to = sq + d; ; to += d) {
      const t = board[to]!;
      if (t === WALL) break;
      effect[side + to]! += delta;
      if (t !== EMPTY) break;
    }
  }
}
// #endregion
