/**
 * The incremental effect evaluation against its from-scratch twin: along random games, and in the
 * back-and-forth of a search (each legal move made, evaluated and taken back, null moves too),
 * the two give the same value at every node, and most updates recompute only a few squares.
 */
import { describe, expect, it } from 'vitest';
import {
  EffectTables,
  effectScore,
  FIRST_TABLE,
  KKPEE9,
  type EffectParams,
} from '../../../src/engine/eval/effect/effect-eval';
import { IncrementalEffect } from '../../../src/engine/eval/effect/incremental';
import { legalMoves } from '../../../src/engine/index';
import { randomPlayouts } from '../../../scripts/lib/playouts';

const FORMS: [string, EffectParams][] = [
  ['the first table', FIRST_TABLE],
  [
    'the first table with the defended-piece terms',
    { ...FIRST_TABLE, defendedBonus: 1, attackedShare: 0.2 },
  ],
  ['KKPEE9', KKPEE9],
];

describe('the incremental effect evaluation', () => {
  it.each(FORMS)('%s: equal to the twin at every node of a search-like walk', (_name, params) => {
    const t = new EffectTables(params);
    const inc = new IncrementalEffect(t);
    let nodes = 0;
    for (const { position: pos } of randomPlayouts(17, 40)) {
      expect(inc.score(pos)).toBe(effectScore(pos, t));
      for (const move of legalMoves(pos)
        .filter((_, i) => i % 3 === 1)
        .slice(0, 12)) {
        pos.doMove(move);
        expect(inc.score(pos)).toBe(effectScore(pos, t));
        nodes++;
        // One ply further, as quiescence search would go: a few replies from across the list
        // (the generator puts king moves first, and a king move is a full refresh).
        const replies = legalMoves(pos)
          .filter((_, i) => i % 7 === 3)
          .slice(0, 3);
        for (const reply of replies) {
          pos.doMove(reply);
          expect(inc.score(pos)).toBe(effectScore(pos, t));
          pos.undoMove(reply);
        }
        if (!pos.inCheck()) {
          pos.doNullMove();
          expect(inc.score(pos)).toBe(effectScore(pos, t));
          pos.undoNullMove();
        }
        pos.undoMove(move);
        expect(inc.score(pos)).toBe(effectScore(pos, t));
      }
    }
    expect(nodes).toBeGreaterThan(300);
    expect(inc.stats.incremental).toBeGreaterThan(4 * inc.stats.full);
    expect(inc.stats.again).toBeGreaterThan(0);
  });

  it('an update recomputes a few squares, not 81', () => {
    const t = new EffectTables(FIRST_TABLE);
    const inc = new IncrementalEffect(t);
    for (const { position: pos } of randomPlayouts(19, 20)) {
      inc.score(pos);
      for (const move of legalMoves(pos).slice(0, 20)) {
        pos.doMove(move);
        inc.score(pos);
        pos.undoMove(move);
      }
    }
    expect(inc.stats.squares / inc.stats.incremental).toBeLessThan(20);
  });
});
