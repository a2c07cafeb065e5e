/**
 * Seed 002's king-neighbourhood attributes against a from-scratch twin: effects recounted from the
 * board less the king's own reach, squares found by file and rank distance, on random positions;
 * and a king on the edge, where the padded board could wrap round.
 */
import { describe, expect, it } from 'vitest';
import { kingFreedom, kingNeighbourhood } from '../../../src/engine/eval/position-features';
import {
  attacks,
  BOARD_SIZE,
  type Color,
  computeEffects,
  fileOf,
  type Position,
  rankOf,
  SQUARES,
} from '../../../src/engine/index';
import { makeRng, mustParse, perftFixtures } from '../helpers';
import { randomPlayout } from '../search/support';

function twin(pos: Position, kingColor: Color, side: Color, radius: number): number[] {
  const king = pos.kingSquare[kingColor]!;
  const full = computeEffects(pos.board);
  // The king's own effects are not counted.
  const kingReach = new Set(attacks(pos.board, pos.board[king]!, king));
  const out = [0, 0, 0, 0];
  for (const sq of SQUARES) {
    const d = Math.max(Math.abs(fileOf(sq) - fileOf(king)), Math.abs(rankOf(sq) - rankOf(king)));
    if (d === 0 || d > radius) continue;
    const count = (c: Color) =>
      full[c * BOARD_SIZE + sq]! - (c === kingColor && kingReach.has(sq) ? 1 : 0);
    const m = count(side);
    const o = count((side ^ 1) as Color);
    if (m > 0) out[0]!++;
    out[1]! += m;
    if (m > o) out[2]!++;
    if (m > 0 && o === 0) out[3]!++;
  }
  return out;
}

describe('king-neighbourhood features', () => {
  it('agree with the from-scratch twin for both kings, both sides, both radii', () => {
    const rng = makeRng(5);
    const starts = perftFixtures().map((f) => f.sfen);
    const out = new Int32Array(4);
    for (let i = 0; i < 400; i++) {
      const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 10 + (i % 70), 0.5));
      for (const kingColor of [0, 1] as Color[]) {
        if (pos.kingSquare[kingColor] === 0) continue;
        for (const side of [0, 1] as Color[])
          for (const radius of [1, 2] as const) {
            kingNeighbourhood(pos, kingColor, side, radius, out);
            expect(Array.from(out)).toEqual(twin(pos, kingColor, side, radius));
          }
      }
    }
  });

  it('counts a king on the edge without wrapping round the board', () => {
    // Sente's king on 1i; gote's gold on 2g and a rook on 9h.
    const pos = mustParse('k8/9/9/9/9/9/7g1/r8/8K b - 1');
    // Of 1h, 2h and 2i, the rook bears on 1h and 2h (the gold on 2h too): 2i is free.
    expect(kingFreedom(pos, 0, 1)).toBe(1);
    const out = new Int32Array(4);
    kingNeighbourhood(pos, 0, 1, 1, out);
    expect(Array.from(out)).toEqual(twin(pos, 0, 1, 1));
    kingNeighbourhood(pos, 0, 1, 2, out);
    expect(Array.from(out)).toEqual(twin(pos, 0, 1, 2));
  });
});
