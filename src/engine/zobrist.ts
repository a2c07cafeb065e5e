/**
 * Zobrist keys (局面のハッシュ): 64 bits as two 32-bit halves, so no BigInt on the hot path. The
 * halves are signed 32-bit integers (the tables are Int32Arrays, XOR keeps them so): as unsigned
 * numbers, every half above 2³¹ would be a heap-allocated double in V8 instead of a small integer.
 *
 * A key is the XOR of one random number per (piece, square), one per (colour, kind, count in
 * hand) and one for gote to move. Tables come from a fixed-seed generator so keys are the same
 * in every run, in Node and in the browser.
 */
import { BOARD_SIZE, SQUARES } from './square';

/** xorshift32 with a fixed seed: deterministic, and good enough to spread keys. */
function makeRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

const MAX_HAND = 19; // 0..18 pawns

export const PIECE_KEY_LO = new Int32Array(32 * BOARD_SIZE);
export const PIECE_KEY_HI = new Int32Array(32 * BOARD_SIZE);
/** `HAND_KEY_*[(color * 8 + kind) * 19 + count]`; count 0 is zero so an empty hand adds nothing. */
export const HAND_KEY_LO = new Int32Array(16 * MAX_HAND);
export const HAND_KEY_HI = new Int32Array(16 * MAX_HAND);
export let SIDE_KEY_LO = 0;
export let SIDE_KEY_HI = 0;

{
  const next = makeRandom(0x9e3779b9);
  for (let piece = 1; piece < 32; piece++) {
    for (const sq of SQUARES) {
      PIECE_KEY_LO[piece * BOARD_SIZE + sq] = next();
      PIECE_KEY_HI[piece * BOARD_SIZE + sq] = next();
    }
  }
  for (let i = 0; i < 16; i++) {
    for (let count = 1; count < MAX_HAND; count++) {
      HAND_KEY_LO[i * MAX_HAND + count] = next();
      HAND_KEY_HI[i * MAX_HAND + count] = next();
    }
  }
  SIDE_KEY_LO = next() | 0;
  SIDE_KEY_HI = next() | 0;
}

export const handKeyIndex = (color: number, kind: number, count: number): number =>
  (color * 8 + kind) * MAX_HAND + count;

/** Format a key as 16 hex digits (tests, debugging, the USI `d` command). */
export const keyToHex = (lo: number, hi: number): string =>
  (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
