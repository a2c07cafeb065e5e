/**
 * The staged move picker hands out exactly the legal moves: each once, none missing, nothing else.
 * It generates in stages (the table's move, captures, killers, quiets, losing captures) and skips
 * the table's move and the killers when it meets them again in a later stage, so a fault shows
 * as a move handed out twice, a move never handed out, or a move that is not legal. The minimax
 * tests would catch a missing move only when it changes the value, and a duplicate never.
 *
 * Positions come from random playouts of the perft fixtures (some in check); each gets a table
 * move and two killers that are, at random, a legal move, a legal capture, a move of another
 * position (often illegal here), a quiet promotion, a drop, or garbage bits. Both capture orders.
 */
import { describe, expect, it } from 'vitest';
import { materialEvaluator } from '../../../src/engine/eval/material';
import { legalMoves, makeSfen, makeUsiMove, type Position } from '../../../src/engine/index';
import { DEFAULT_OPTIONS, type SearchOptions } from '../../../src/engine/search/options';
import { SearchState } from '../../../src/engine/search/state';
import { TranspositionTable } from '../../../src/engine/search/tt';
import { EMPTY, type Move } from '../../../src/engine/types';
import { makeRng, mustParse, perftFixtures } from '../helpers';
import { pick, randomPlayout } from './support';

const POSITIONS = 2000;
const PLY = 5;

/** A move for the table or a killer slot: legal here, from elsewhere, or junk. */
function candidate(rng: () => number, pos: Position, elsewhere: readonly Move[]): Move {
  const legal = legalMoves(pos);
  const r = rng();
  if (r < 0.3 && legal.length > 0) return pick(rng, legal);
  if (r < 0.45) {
    const captures = legal.filter((m) => pos.board[m & 0xff] !== EMPTY);
    if (captures.length > 0) return pick(rng, captures);
  }
  if (r < 0.75 && elsewhere.length > 0) return pick(rng, elsewhere);
  if (r < 0.85) return 0;
  // Junk: any bits in the move's 18, promotion and drop flags included.
  return Math.floor(rng() * (1 << 18));
}

describe('the staged move picker', () => {
  for (const captureOrder of ['mvv-lva', 'see'] as const) {
    it(`hands out every legal move exactly once, and nothing else (${captureOrder})`, () => {
      const rng = makeRng(4242);
      const starts = perftFixtures().map((f) => f.sfen);
      const options = { ...DEFAULT_OPTIONS, captureOrder } as SearchOptions;
      let previous: Move[] = [];
      let handedOut = 0;
      let inCheck = 0;
      let usedTable = 0;
      let usedKillers = 0;
      for (let i = 0; i < POSITIONS; i++) {
        const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 4 + (i % 90), 0.5));
        const s = new SearchState(
          pos,
          options,
          materialEvaluator,
          new TranspositionTable(0),
          () => false,
        );
        for (let h = 0; h < s.history.length; h++)
          s.history[h] = rng() < 0.1 ? Math.floor(rng() * 5) * 100 : 0;
        const ttMove = candidate(rng, pos, previous);
        s.killers[PLY * 2] = candidate(rng, pos, previous);
        s.killers[PLY * 2 + 1] = candidate(rng, pos, previous);
        const legal = legalMoves(pos);
        const picker = s.pickers[PLY]!;
        picker.initMain(ttMove, pos.inCheck(), 3);
        const got: Move[] = [];
        for (let m = picker.next(); m !== 0; m = picker.next()) got.push(m);
        const where = `${makeSfen(pos)} table ${ttMove} killers ${s.killers[PLY * 2]} ${s.killers[PLY * 2 + 1]}`;
        expect(new Set(got).size, `a move handed out twice: ${where}`).toBe(got.length);
        expect([...got].sort((a, b) => a - b).map(makeUsiMove), where).toEqual(
          [...legal].sort((a, b) => a - b).map(makeUsiMove),
        );
        if (legal.includes(ttMove) && !pos.inCheck()) {
          usedTable++;
          expect(got[0], `the table's move goes first: ${where}`).toBe(ttMove);
        }
        if (legal.includes(s.killers[PLY * 2]!)) usedKillers++;
        if (pos.inCheck()) inCheck++;
        handedOut += got.length;
        previous = legal;
      }
      // The sample reaches every path: checks, usable table moves and killers, many moves.
      expect(inCheck).toBeGreaterThan(POSITIONS / 50);
      expect(usedTable).toBeGreaterThan(POSITIONS / 5);
      expect(usedKillers).toBeGreaterThan(POSITIONS / 5);
      expect(handedOut).toBeGreaterThan(POSITIONS * 30);
    });
  }
});
