/**
 * Geometry: where each piece reaches from a square (`attacks`), as step and slide directions.
 *
 * Tables are indexed by piece (kind | colour << 4, 0..31). A step reaches one square; a slide
 * repeats its direction until it meets a piece (inclusive) or a wall. Gote's directions are
 * sente's mirrored through the centre.
 */
import { Kind, WALL } from './types';
import { BOARD_SIZE, E, N, NE, NW, S, SE, SW, W } from './square';

/** The eight line directions, used by slide and pin scans. */
export const DIRECTIONS = [N, NE, E, SE, S, SW, W, NW] as const;

const GOLD_STEPS = [N, NE, NW, E, W, S];
const KING_STEPS = [N, NE, E, SE, S, SW, W, NW];

/** Steps and slides of each sente kind (index = kind). */
const SENTE_GEOMETRY: readonly { steps: number[]; slides: number[] }[] = [
  { steps: [], slides: [] },
  { steps: [N], slides: [] }, // pawn
  { steps: [], slides: [N] }, // lance
  { steps: [N + N + E, N + N + W], slides: [] }, // knight
  { steps: [N, NE, NW, SE, SW], slides: [] }, // silver
  { steps: [], slides: [NE, NW, SE, SW] }, // bishop
  { steps: [], slides: [N, E, S, W] }, // rook
  { steps: GOLD_STEPS, slides: [] }, // gold
  { steps: KING_STEPS, slides: [] }, // king
  { steps: GOLD_STEPS, slides: [] }, // promoted pawn (と)
  { steps: GOLD_STEPS, slides: [] }, // promoted lance
  { steps: GOLD_STEPS, slides: [] }, // promoted knight
  { steps: GOLD_STEPS, slides: [] }, // promoted silver
  { steps: [N, E, S, W], slides: [NE, NW, SE, SW] }, // horse (馬)
  { steps: [NE, NW, SE, SW], slides: [N, E, S, W] }, // dragon (龍)
];

/** Up to 8 step offsets per piece, `STEP_COUNT[piece]` of them used. */
export const STEPS = new Int8Array(32 * 8);
export const STEP_COUNT = new Uint8Array(32);
/** Up to 4 slide directions per piece. */
export const SLIDES = new Int8Array(32 * 4);
export const SLIDE_COUNT = new Uint8Array(32);
/**
 * `SLIDES_ALONG[piece * 32 + (dir + 16)]` is 1 when the piece slides in direction `dir`: the
 * question asked when a square empties or fills and rays through it must grow or shrink.
 * `dir` is one of the eight line directions (−11..11), so the index stays inside the piece's row.
 */
export const SLIDES_ALONG = new Uint8Array(32 * 32);
/**
 * 1 when the piece reaches the adjacent square in line direction `dir`, by a step or as the
 * first square of a slide. Knight jumps are not line directions and are not recorded here
 * (their offsets, ±19 and ±21, would not even fit the row).
 */
export const REACHES_ALONG = new Uint8Array(32 * 32);
const isLineDirection = (d: number): boolean => (DIRECTIONS as readonly number[]).includes(d);

for (let color = 0; color < 2; color++) {
  for (let kind = 1; kind <= 14; kind++) {
    const piece = kind | (color << 4);
    const sign = color === 0 ? 1 : -1;
    const { steps, slides } = SENTE_GEOMETRY[kind]!;
    steps.forEach((d, i) => {
      STEPS[piece * 8 + i] = d * sign;
      if (isLineDirection(d)) REACHES_ALONG[piece * 32 + d * sign + 16] = 1;
    });
    STEP_COUNT[piece] = steps.length;
    slides.forEach((d, i) => {
      SLIDES[piece * 4 + i] = d * sign;
      SLIDES_ALONG[piece * 32 + d * sign + 16] = 1;
      REACHES_ALONG[piece * 32 + d * sign + 16] = 1;
    });
    SLIDE_COUNT[piece] = slides.length;
  }
}

/**
 * `DIRECTION_TO[a * BOARD_SIZE + b]`: the unit direction from square a to square b when they
 * share a rank, file or diagonal, else 0. Pins and check evasions use it.
 */
export const DIRECTION_TO = new Int8Array(BOARD_SIZE * BOARD_SIZE);
for (let a = 0; a < BOARD_SIZE; a++) {
  for (const d of DIRECTIONS) {
    for (let b = a + d, steps = 0; b >= 0 && b < BOARD_SIZE && steps < 9; b += d, steps++) {
      const fa = a % 10;
      const fb = b % 10;
      // A horizontal or diagonal ray that crosses column 0 has left the board.
      if (fb === 0 || fa === 0) break;
      DIRECTION_TO[a * BOARD_SIZE + b] = d;
    }
  }
}

/**
 * Every square a piece on `sq` attacks on `board`, in no particular order: the reference used by
 * the from-scratch twins and by widgets (not by the search's inner loops).
 */
export function attacks(board: Uint8Array, piece: number, sq: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < STEP_COUNT[piece]!; i++) {
    const to = sq + STEPS[piece * 8 + i]!;
    if (board[to] !== WALL) out.push(to);
  }
  for (let i = 0; i < SLIDE_COUNT[piece]!; i++) {
    const d = SLIDES[piece * 4 + i]!;
    for (let to = sq + d; board[to] !== WALL; to += d) {
      out.push(to);
      if (board[to] !== 0) break;
    }
  }
  return out;
}

export const isSlider = (kind: Kind): boolean =>
  kind === Kind.Lance || kind === Kind.Bishop || kind === Kind.Rook || kind >= Kind.Horse;
