/**
 * The search's allocation-free `moveValue` against the explaining `evaluateMove`: the same value
 * for every legal move of thousands of positions (seeded random playouts from the perft fixtures,
 * captures favoured so hands fill), with seed 000's constants and with changed ones, its code
 * read as intended and as written. The fast version makes the move on the board alone, derives
 * the effect counts after the move from those before it, and skips exchange walks by them; this
 * is the test that holds it to evaluateMove, which plays the move and walks every line.
 */
import { describe, expect, it } from 'vitest';
import { EVALUATORS } from '../../../src/engine/eval/index';
import {
  evaluateMaterial,
  materialEvaluator,
  materialGain,
} from '../../../src/engine/eval/material';
import {
  evaluateMove,
  MOVE_EVAL_DEFAULTS,
  type MoveEvalParams,
} from '../../../src/engine/eval/move-evaluation';
import { moveValue } from '../../../src/engine/eval/move-value';
import { legalMoves, makeSfen, makeUsiMove, type Position } from '../../../src/engine/index';
import type { Evaluator } from '../../../src/engine/eval/evaluator';
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

/**
 * Compare moveValue with evaluateMove on every legal move of `pos`; fails naming the first move
 * that differs. Returns how many moves it compared and how many were valued other than 0.
 */
function compareAllMoves(
  pos: Position,
  params: MoveEvalParams,
  evaluator: Evaluator,
): { moves: number; nonZero: number } {
  const before = evaluator.evaluate(pos);
  const sfen = makeSfen(pos);
  let moves = 0;
  let nonZero = 0;
  for (const m of legalMoves(pos)) {
    const want = evaluateMove(pos, m, params, evaluator, before).value;
    const got = moveValue(pos, m, params, evaluator, before);
    if (got !== want)
      expect.fail(`${sfen} ${makeUsiMove(m)}: moveValue ${got}, evaluateMove ${want}`);
    moves++;
    if (want !== 0) nonZero++;
  }
  return { moves, nonZero };
}

describe('moveValue', () => {
  it('equals evaluateMove(...).value on every move of thousands of positions', () => {
    const rng = makeRng(4242);
    const starts = perftFixtures().map((f) => f.sfen);
    let moves = 0;
    let nonZero = 0;
    for (let i = 0; i < POSITIONS; i++) {
      const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 4 + (i % 90), 0.5));
      const sfen = makeSfen(pos);
      const counted = compareAllMoves(pos, PARAMS[i % PARAMS.length]!, materialEvaluator);
      moves += counted.moves;
      nonZero += counted.nonZero;
      expect(makeSfen(pos), 'the position is left as it was').toBe(sfen);
    }
    expect(moves).toBeGreaterThan(100_000);
    expect(nonZero / moves).toBeGreaterThan(0.5);
  }, 120_000);

  it('plays the move to evaluate when the evaluator has no moveGain (the effect evaluator)', () => {
    const effect = EVALUATORS.effect;
    expect('moveGain' in effect).toBe(false);
    const rng = makeRng(77);
    const starts = perftFixtures().map((f) => f.sfen);
    let moves = 0;
    for (let i = 0; i < 200; i++) {
      const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 4 + (i % 90), 0.5));
      // The effect evaluator measures distances to both kings; some fixtures have one king only.
      if (pos.kingSquare[0] === 0 || pos.kingSquare[1] === 0) continue;
      moves += compareAllMoves(pos, PARAMS[i % PARAMS.length]!, effect).moves;
      expect(pos.checkInvariants(), 'the position is left whole').toBeNull();
    }
    expect(moves).toBeGreaterThan(10_000);
  }, 60_000);

  it('materialGain is the material change of playing the move, on every move', () => {
    const rng = makeRng(91);
    const starts = perftFixtures().map((f) => f.sfen);
    let gains = 0;
    for (let i = 0; i < 300; i++) {
      const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 4 + (i % 90), 0.6));
      const before = evaluateMaterial(pos);
      for (const m of legalMoves(pos)) {
        const gain = materialGain(pos, m);
        pos.doMove(m);
        const after = -evaluateMaterial(pos);
        pos.undoMove(m);
        if (gain !== after - before)
          expect.fail(`${makeSfen(pos)} ${makeUsiMove(m)}: gain ${gain}, played ${after - before}`);
        if (gain !== 0) gains++;
      }
    }
    expect(gains).toBeGreaterThan(1000);
  });
});
