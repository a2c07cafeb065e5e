/**
 * Perft for the chess move generator: the Chess Programming Wiki's standard positions against its
 * published counts and against chessops, then per-move divides on positions from random playouts.
 */
import { describe, expect, it } from 'vitest';
import { ChessPosition, divide } from '../../../../src/engine/king-capture/chess/index';
import { makeRng } from '../../helpers';
import {
  engineMoves,
  oracleFen,
  oracleFrom,
  oraclePerft,
  oraclePlay,
  oracleUcis,
  PLAYOUT_STARTS,
  playoutMove,
  STANDARD,
} from './oracle';

/** Chess Programming Wiki, "Perft Results" (positions 1–6); depths that run in a few seconds. */
const TABLE: [keyof typeof STANDARD, number[]][] = [
  ['startpos', [20, 400, 8902, 197281]],
  ['kiwipete', [48, 2039, 97862]],
  ['position3', [14, 191, 2812, 43238, 674624]],
  ['position4', [6, 264, 9467, 422333]],
  ['position5', [44, 1486, 62379]],
  ['position6', [46, 2079, 89890]],
];

describe('chess perft', () => {
  for (const [name, counts] of TABLE) {
    it(`matches the published counts and chessops on ${name}`, () => {
      const pos = ChessPosition.fromFen(STANDARD[name]);
      const oracle = oracleFrom(STANDARD[name]);
      const ours = counts.map((_, i) => pos.perft(i + 1));
      expect(ours).toEqual(counts);
      expect(oraclePerft(oracle, counts.length)).toBe(counts.at(-1));
      expect(pos.toFen()).toBe(STANDARD[name]);
    });
  }

  it('agrees with chessops move by move (divide at depth 1 and 2) along random playouts', () => {
    const rng = makeRng(8);
    let compared = 0;
    for (const fen of PLAYOUT_STARTS) {
      for (let game = 0; game < 3; game++) {
        const pos = ChessPosition.fromFen(fen);
        const oracle = oracleFrom(fen);
        for (let ply = 0; ply < 40; ply++) {
          const moves = engineMoves(pos);
          if (moves.length === 0) break;
          if (ply % 8 === 3) {
            for (const depth of [1, 2]) {
              const expected = new Map(
                oracleUcis(oracle).map((uci) => {
                  const next = oracle.clone();
                  oraclePlay(next, uci);
                  return [uci, oraclePerft(next, depth - 1)] as const;
                }),
              );
              expect(divide(pos, depth), oracleFen(oracle)).toEqual(expected);
              compared++;
            }
          }
          const m = playoutMove(rng, moves);
          pos.doMove(m);
          oraclePlay(oracle, pos.moveToUci(m));
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});
