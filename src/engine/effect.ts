/**
 * Effect counts (利き, kiki): for each side and square, how many of that side's pieces bear on it.
 *
 * The search keeps them up to date move by move (YaneuraOu's `board_effect`), and check
 * detection, the move evaluator, the effect-table evaluators and the decision-tree features all
 * read them. `computeEffects` recounts from scratch and is the reference the tests compare the
 * incremental counts against.
 *
 * Beside the counts, each side's long effects (長い利き, YaneuraOu's `long_effect`): for each
 * square, one bit per line direction along which a slide of that side arrives at the square. On a
 * line, only the nearest piece behind a square can slide onto it, so a bit stands for exactly one
 * ray. When a square empties or fills, the rays to extend or cut are read off its bits, with no
 * walk back along the eight lines to look for a slider.
 *
 * Layout: one block of `EFFECT_STRIDE` bytes per position: sente's 130 counts, gote's 130 counts,
 * sente's 130 long-effect masks, gote's 130.
 */
import { attacks, DIRECTIONS, SLIDES, SLIDE_COUNT, STEPS, STEP_COUNT } from './attacks';
import { BOARD_SIZE, SQUARES } from './square';
import { EMPTY, WALL } from './types';

export const EFFECT_STRIDE = 4 * BOARD_SIZE;
/** Where the long-effect masks start in a block (sente's; gote's follow). */
export const LONG_EFFECT = 2 * BOARD_SIZE;

/** `DIRECTION_BIT[d + 11]`: the mask bit of line direction `d` (bit i for DIRECTIONS[i]). */
export const DIRECTION_BIT = new Uint8Array(23);
DIRECTIONS.forEach((d, i) => (DIRECTION_BIT[d + 11] = 1 << i));

// #region compute-effects
/** Recount every effect and long effect from the board alone: the slow, obviously right twin. */
export function computeEffects(board: Uint8Array): Uint8Array {
  const effect = new Uint8Array(EFFECT_STRIDE);
  for (const sq of SQUARES) {
    const piece = board[sq]!;
    if (piece === EMPTY) continue;
    const color = piece >> 4;
    for (const to of attacks(board, piece, sq)) effect[color * BOARD_SIZE + to]!++;
    for (let i = 0; i < SLIDE_COUNT[piece]!; i++) {
      const d = SLIDES[piece * 4 + i]!;
      for (let to = sq + d; board[to] !== WALL; to += d) {
        effect[LONG_EFFECT + color * BOARD_SIZE + to]! |= DIRECTION_BIT[d + 11]!;
        if (board[to] !== EMPTY) break;
      }
    }
  }
  return effect;
}
// #endregion

/**
 * The most squares one move can touch: three pieces' effects (the mover leaving, a captured piece,
 * the mover arriving: at most 20 squares each) and the slides through the two squares that
 * emptied or filled (at most 16 slides of 8 squares each, twice), rounded up.
 */
export const MAX_TOUCHED = 384;

// #region update-effects
/**
 * Add (`delta` = 1) or remove (`delta` = -1) the effects of `piece` standing on `sq`, walking its
 * slides over the board as it is now. A slide's squares toggle its direction bit. Every square
 * whose count changes is written to `touched` from index `t` (an incremental evaluation reads them
 * to know what changed); returns the index after the last.
 */
export function updatePieceEffect(
  board: Uint8Array,
  effect: Uint8Array,
  base: number,
  piece: number,
  sq: number,
  delta: number,
  touched: Uint8Array,
  t: number,
): number {
  const side = base + (piece >> 4) * BOARD_SIZE;
  for (let i = 0, n = STEP_COUNT[piece]!; i < n; i++) {
    const to = sq + STEPS[piece * 8 + i]!;
    if (board[to] !== WALL) {
      effect[side + to]! += delta;
      touched[t++] = to;
    }
  }
  const long = side + LONG_EFFECT;
  for (let i = 0, n = SLIDE_COUNT[piece]!; i < n; i++) {
    const d = SLIDES[piece * 4 + i]!;
    const bit = DIRECTION_BIT[d + 11]!;
    for (let to = sq + d; ; to += d) {
      const b = board[to]!;
      if (b === WALL) break;
      effect[side + to]! += delta;
      effect[long + to]! ^= bit;
      touched[t++] = to;
      if (b !== EMPTY) break;
    }
  }
  return t;
}

/**
 * A square's occupancy changed, so every slide that arrives at it either now runs on past it
 * (`delta` = 1, the square emptied) or now stops at it (`delta` = -1, the square filled). The
 * square's long-effect bits say which slides arrive, of which side, in which direction. (A piece
 * whose effects were removed first — the moving piece, a captured one — has no bits left.) The
 * squares whose counts change go to `touched` from `t`, as in updatePieceEffect.
 */
export function updateRaysThrough(
  board: Uint8Array,
  effect: Uint8Array,
  base: number,
  sq: number,
  delta: number,
  touched: Uint8Array,
  t: number,
): number {
  for (let color = 0; color < 2; color++) {
    const side = base + color * BOARD_SIZE;
    const long = side + LONG_EFFECT;
    let mask = effect[long + sq]!;
    while (mask !== 0) {
      const bit = mask & -mask;
      mask ^= bit;
      const d = DIRECTIONS[31 - Math.clz32(bit)]!;
      for (let to = sq + d; ; to += d) {
        const b = board[to]!;
        if (b === WALL) break;
        effect[side + to]! += delta;
        effect[long + to]! ^= bit;
        touched[t++] = to;
        if (b !== EMPTY) break;
      }
    }
  }
  return t;
}
// #endregion
