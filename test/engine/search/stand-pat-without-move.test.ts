/**
 * A child that would stand pat at once is valued without playing its move (quiescence.ts,
 * standPatWithoutMove): that value and the node it counts must be exactly what playing the move
 * and entering quiescence gives, for every move of random positions and windows around their
 * values. (The bench signatures and the preset signatures hold the whole search to the same.)
 */
import { describe, expect, it } from 'vitest';
import { materialEvaluator } from '../../../src/engine/eval/material';
import { legalMoves, makeSfen, makeUsiMove } from '../../../src/engine/index';
import { DEFAULT_OPTIONS } from '../../../src/engine/search/options';
import { MUST_PLAY, quiescence, standPatWithoutMove } from '../../../src/engine/search/quiescence';
import { SearchState } from '../../../src/engine/search/state';
import { TranspositionTable } from '../../../src/engine/search/tt';
import { makeRng, perftFixtures } from '../helpers';
import { mustParse, randomPlayout } from './support';

describe('valuing a child that stands pat without playing its move', () => {
  it('gives the value and the node count that playing it gives', () => {
    const rng = makeRng(313);
    const starts = perftFixtures().map((f) => f.sfen);
    let shortcut = 0;
    let played = 0;
    for (let i = 0; i < 300; i++) {
      const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 8 + (i % 70), 0.5));
      const s = new SearchState(
        pos,
        DEFAULT_OPTIONS,
        materialEvaluator,
        new TranspositionTable(0),
        () => false,
      );
      const here = materialEvaluator.evaluate(pos);
      for (const move of legalMoves(pos)) {
        // A window near the value, so both sides of the stand-pat test occur.
        const beta = -here + Math.floor((rng() - 0.5) * 1200);
        const qply = rng() < 0.1 ? 16 : Math.floor(rng() * 4);
        const ply = 1 + Math.floor(rng() * 8);
        s.qnodes = 0;
        const v = standPatWithoutMove(s, move, beta, ply, qply);
        const counted = s.qnodes;
        if (v === MUST_PLAY) {
          expect(counted).toBe(0);
          played++;
          continue;
        }
        s.qnodes = 0;
        pos.doMove(move);
        const want = quiescence(s, beta - 1, beta, ply, qply);
        pos.undoMove(move);
        // (+ 0: a value of 0 may come out as −0 either way, which the search compares as 0.)
        expect(v + 0, `${makeSfen(pos)} ${makeUsiMove(move)}`).toBe(want + 0);
        expect(counted).toBe(s.qnodes);
        shortcut++;
      }
    }
    expect(shortcut).toBeGreaterThan(1000);
    expect(played).toBeGreaterThan(1000);
  });
});
