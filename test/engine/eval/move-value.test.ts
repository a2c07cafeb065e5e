/**
 * The search's allocation-free `moveValue` against the explaining `evaluateMove`: the same value
 * for every legal move of thousands of positions (seeded random playouts from the perft fixtures,
 * captures favoured so hands fill), with seed 000's constants and with changed ones, its code read as intended and as written. The fast
 * version also skips exchange walks by the effect counts; this is the test that holds it to the
 * plain walk.
 */
import { describe, expect, it } from 'vitest';
import { evaluateMaterial, materialEvaluator } from '../../../src/engine/eval/material';
import {
  evaluateMove,
  MOVE_EVAL_DEFAULTS,
  type MoveEvalParams,
  moveValue,
} from '../../../src/engine/eval/move-evaluation';
import { legalMoves, makeSfen, makeUsiMove } from '../../../src/engine/index';
import { makeRng, mustParse, perftFixtures } from '../helpers';
import { randomPlayout } from '../search/support';

const POSITIONS = 2000;

const CHANGED: MoveEvalParams = {
  reading: 'intent',
  captureBonus: 700,
  focusPawnBonus: 300,
  focusPawnMinEffects: 1,
  attackDivisor: 3,
  kingThreatUnguarded: 2000,
  kingThreatSupported: 50,
  kingThreatExposed: 900,
};

/** Seed 000 read as written, with the seed's constants and with the changed ones. */
const LITERAL: MoveEvalParams = { ...MOVE_EVAL_DEFAULTS, reading: 'code' };
const PARAMS: readonly MoveEvalParams[] = [
  MOVE_EVAL_DEFAULTS,
  LITERAL,
  MOVE_EVAL_DEFAULTS,
  CHANGED,
  { ...CHANGED, reading: 'code' },
];

describe('moveValue', () => {
  it('equals evaluateMove(...).value on every move of thousands of positions', () => {
    const rng = makeRng(4242);
    const starts = perftFixtures().map((f) => f.sfen);
    let moves = 0;
    let nonZero = 0;
    for (let i = 0; i < POSITIONS; i++) {
      const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 4 + (i % 90), 0.5));
      const params = PARAMS[i % PARAMS.length]!;
      const before = evaluateMaterial(pos);
      const sfen = makeSfen(pos);
      for (const m of legalMoves(pos)) {
        const want = evaluateMove(pos, m, params, materialEvaluator, before).value;
        const got = moveValue(pos, m, params, materialEvaluator, before);
        if (got !== want)
          expect.fail(`${sfen} ${makeUsiMove(m)}: moveValue ${got}, evaluateMove ${want}`);
        moves++;
        if (want !== 0) nonZero++;
      }
      expect(makeSfen(pos), 'the position is left as it was').toBe(sfen);
    }
    expect(moves).toBeGreaterThan(100_000);
    expect(nonZero / moves).toBeGreaterThan(0.5);
  }, 120_000);
});
