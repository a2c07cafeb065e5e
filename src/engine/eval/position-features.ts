/**
 * Features of a position read off the effect counts (利き) around a king: the attributes seed 002
 * (Watanabe & Kotani, Table 5) describes positions by for its decision trees. For the 8 squares
 * around a king (radius 1) or the 24 (radius 2), counting one side's effects:
 *   a: squares that side bears on (利きのあるマスの数, each square once),
 *   b: its effects in all, several on one square counted each (重複を許した利きの数),
 *   c: squares where it bears more than the other side (相手よりも利きが多いマス),
 *   d: squares it bears on and the other side does not (相手の利きがなく、自分の利きがある),
 * and the king's freedom (自由度): squares around it the enemy does not bear on. The king's own
 * effects are not counted, as in the seed. Squares off the board are not counted. Nothing is
 * allocated: the four counts go into a caller's array.
 */
import type { Position } from '../position';
import { BOARD_SIZE, BOARD_WIDTH, SQ81 } from '../square';
import type { Color } from '../types';

/** Offsets of the squares within two steps of a square, nearest ring first (8, then 16 more). */
export const KING_ZONE: readonly number[] = (() => {
  const ring1: number[] = [];
  const ring2: number[] = [];
  for (let dr = -2; dr <= 2; dr++)
    for (let df = -2; df <= 2; df++) {
      if (dr === 0 && df === 0) continue;
      (Math.max(Math.abs(dr), Math.abs(df)) === 1 ? ring1 : ring2).push(dr * BOARD_WIDTH + df);
    }
  return [...ring1, ...ring2];
})();

/**
 * The square at KING_ZONE[i] from `king`, or -1 off the board. Two columns sideways from an edge
 * file would wrap round onto the next row of the padded board, so the file distance is checked.
 */
export function zoneSquare(king: number, i: number): number {
  const sq = king + KING_ZONE[i]!;
  if (sq < 0 || sq >= BOARD_SIZE || SQ81[sq]! < 0) return -1;
  return Math.abs((sq % BOARD_WIDTH) - (king % BOARD_WIDTH)) <= 2 ? sq : -1;
}

// #region king-neighbourhood
/**
 * Seed 002's counts a, b, c, d of `side`'s effects around `kingColor`'s king, within `radius`
 * (1: 8 squares, 2: 24), written to `out[0..3]`. The king's own effects are left out.
 */
export function kingNeighbourhood(
  pos: Position,
  kingColor: Color,
  side: Color,
  radius: 1 | 2,
  out: Int32Array,
): void {
  out.fill(0);
  const king = pos.kingSquare[kingColor]!;
  if (king === 0) return;
  const effects = pos.effects;
  const mine = pos.effectBase + side * BOARD_SIZE;
  const other = pos.effectBase + (side ^ 1) * BOARD_SIZE;
  const n = radius === 1 ? 8 : 24;
  for (let i = 0; i < n; i++) {
    const sq = zoneSquare(king, i);
    if (sq < 0) continue;
    // The king's own effect on this square does not count (it bears on its 8 neighbours).
    const own = side === kingColor && i < 8 ? 1 : 0;
    const rival = side !== kingColor && i < 8 ? 1 : 0;
    const m = effects[mine + sq]! - own;
    const o = effects[other + sq]! - rival;
    if (m > 0) out[0]!++;
    out[1]! += m;
    if (m > o) out[2]!++;
    if (m > 0 && o === 0) out[3]!++;
  }
}

/** The king's freedom: squares within `radius` the enemy does not bear on (seed 002's 自由度). */
export function kingFreedom(pos: Position, kingColor: Color, radius: 1 | 2): number {
  const king = pos.kingSquare[kingColor]!;
  if (king === 0) return 0;
  const enemy = pos.effectBase + (kingColor ^ 1) * BOARD_SIZE;
  const n = radius === 1 ? 8 : 24;
  let free = 0;
  for (let i = 0; i < n; i++) {
    const sq = zoneSquare(king, i);
    if (sq >= 0 && pos.effects[enemy + sq] === 0) free++;
  }
  return free;
}
// #endregion
