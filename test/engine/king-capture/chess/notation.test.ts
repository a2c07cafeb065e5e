/** Chess moves as text: SAN against chessops' makeSan, UCI round trips and errors. */
import { describe, expect, it } from 'vitest';
import { ChessPosition, MOVE_DOUBLE_PUSH } from '../../../../src/engine/king-capture/chess/index';
import { makeRng, pick } from '../../helpers';
import { engineMoves, oracleFrom, oraclePlay, oracleSan, STANDARD } from './oracle';

/** A position, moves played first (UCI), the move to write, and its SAN. */
const SAN_CASES: [string, string[], string, string][] = [
  ['1n2k3/8/5n2/8/8/8/8/4K3 b - - 0 1', [], 'b8d7', 'Nbd7'],
  ['1n2k3/8/5n2/8/8/8/8/4K3 b - - 0 1', [], 'f6d7', 'Nfd7'],
  ['7k/8/8/R7/8/8/8/R3K3 w - - 0 1', [], 'a1a3', 'R1a3'],
  ['6k1/8/8/8/8/Q1Q5/8/Q1Q1K3 w - - 0 1', [], 'a1b2', 'Qa1b2'],
  ['8/k1P5/8/1K6/8/8/8/7Q w - - 0 1', [], 'c7c8b', 'c8=B'],
  ['8/k1P5/8/1K6/8/8/8/7Q w - - 0 1', [], 'c7c8q', 'c8=Q'],
  ['8/k1P5/8/1K6/8/8/8/7Q w - - 0 1', [], 'h1a1', 'Qa1+'],
  ['8/k1P5/8/1K6/8/8/8/7Q w - - 0 1', ['c7c8b', 'a7b8'], 'h1b7', 'Qb7#'],
  ['3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1', [], 'e7d8q', 'exd8=Q+'],
  ['4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', [], 'e5d6', 'exd6'],
  [STANDARD.kiwipete, [], 'e1g1', 'O-O'],
  [STANDARD.kiwipete, [], 'e1c1', 'O-O-O'],
  [STANDARD.kiwipete, [], 'e2a6', 'Bxa6'],
];

describe('chess SAN', () => {
  it.each(SAN_CASES)(
    'in %s after %j writes %s as %s, as chessops does',
    (fen, before, uci, san) => {
      const pos = ChessPosition.fromFen(fen);
      const oracle = oracleFrom(fen);
      for (const move of before) {
        pos.doMove(pos.parseUci(move));
        oraclePlay(oracle, move);
      }
      expect(pos.moveToSan(pos.parseUci(uci))).toBe(san);
      expect(oracleSan(oracle, uci)).toBe(san);
    },
  );
});

describe('chess UCI', () => {
  it('reads back every pseudo-legal move it writes', () => {
    const rng = makeRng(5);
    for (const fen of Object.values(STANDARD)) {
      const pos = ChessPosition.fromFen(fen);
      for (let ply = 0; ply < 30; ply++) {
        const moves = engineMoves(pos, false);
        for (const m of moves) expect(pos.parseUci(pos.moveToUci(m))).toBe(m);
        const legal = engineMoves(pos);
        if (legal.length === 0) break;
        pos.doMove(pick(rng, legal));
      }
    }
  });

  it('parses the pseudo-legal moves a king-capture search plays, not only legal ones', () => {
    const pos = ChessPosition.fromFen('4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1');
    expect(pos.moveToUci(pos.parseUci('e2d3'))).toBe('e2d3');
  });

  it('marks a double pawn push', () => {
    const pos = ChessPosition.startpos();
    expect(pos.parseUci('e2e4') & MOVE_DOUBLE_PUSH).not.toBe(0);
    expect(pos.parseUci('e2e3') & MOVE_DOUBLE_PUSH).toBe(0);
  });

  it.each([
    ['e2', "UCI move 'e2': bad syntax"],
    ['e2e4x', "UCI move 'e2e4x': bad syntax"],
    ['E2E4', "UCI move 'E2E4': bad syntax"],
    ['e2e5', "UCI move 'e2e5': not a move of this position"],
    ['e1g1', "UCI move 'e1g1': not a move of this position"],
  ])('rejects %s in the starting position', (text, message) => {
    expect(() => ChessPosition.startpos().parseUci(text)).toThrow(message);
  });

  it('asks for the promotion letter when a pawn reaches the last rank without one', () => {
    const pos = ChessPosition.fromFen('8/k1P5/8/1K6/8/8/8/7Q w - - 0 1');
    expect(() => pos.parseUci('c7c8')).toThrow('needs a promotion letter');
  });
});
