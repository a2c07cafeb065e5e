/**
 * Texel's tuning method (lab/texel.ts) on positions labelled by a known evaluation: each result
 * the logistic curve of an evaluation whose `piece` parameters were moved away from the seed's. Started from the seed's constants, the tuner must lower its error on positions it never
 * saw and move those parameters the same way; the quiet line must end where no capture gains.
 */
import { describe, expect, it } from 'vitest';
import { randomPlayouts } from '../../../scripts/lib/playouts';
import {
  FAMILY_START,
  PARAM_COUNT,
  seedParams,
} from '../../../src/engine/eval/effect/tuned/params';
import {
  features,
  fitScale,
  meanError,
  predict,
  quietLine,
  TrainingSetBuilder,
  tune,
} from '../../../src/engine/lab/texel';
import { evaluateMaterial } from '../../../src/engine/eval/material';
import { EMPTY, isPromotion } from '../../../src/engine/types';
import { makeRng } from '../helpers';

const PIECE_PARAMS = 13 * 9;

describe('Texel’s tuning method', () => {
  it('learns the parameters that drew the results, on positions it never saw', () => {
    const rng = makeRng(5);
    const start = seedParams();
    const truth = start.slice();
    for (let i = 0; i < PIECE_PARAMS; i++) truth[FAMILY_START.piece + i]! += (rng() - 0.5) * 160;
    const scale = 300;
    const train = new TrainingSetBuilder();
    const valid = new TrainingSetBuilder();
    const indices = new Int32Array(PARAM_COUNT);
    const counts = new Int16Array(PARAM_COUNT);
    let n = 0;
    for (const { position } of randomPlayouts(11, 1500)) {
      const k = features(position, indices, counts);
      let v = position.material;
      for (let e = 0; e < k; e++) v += counts[e]! * truth[indices[e]!]!;
      // The result as the curve expects it (a share of a point): what the method would see from
      // many games of each position, so the optimum is the truth itself.
      const result = predict(v, scale);
      (n++ % 5 === 0 ? valid : train).add(position, result);
    }
    const t = train.build();
    const h = valid.build();
    expect(t.count).toBeGreaterThan(800);
    const fitted = fitScale(t, start);
    expect(fitted).toBeGreaterThan(50);
    const run = tune(t, h, start, {
      epochs: 60,
      learningRate: 4,
      l2: { default: 0 },
      scale,
    });
    // Better on positions it never saw than where it started…
    expect(run.best.valid).toBeLessThan(meanError(h, start, scale));
    expect(run.best.epoch).toBeGreaterThan(0);
    // …and the piece parameters moved towards the truth: their changes agree in sign more often
    // than not, where the truth moved them far.
    let agree = 0;
    let far = 0;
    for (let i = 0; i < PIECE_PARAMS; i++) {
      const j = FAMILY_START.piece + i;
      const want = truth[j]! - start[j]!;
      if (Math.abs(want) < 40 || run.params[j] === start[j]) continue;
      far++;
      if (Math.sign(run.params[j]! - start[j]!) === Math.sign(want)) agree++;
    }
    expect(far).toBeGreaterThan(20);
    expect(agree / far).toBeGreaterThan(0.6);
  });

  it('labels the position a capture search ends on: captures only, never worse than standing', () => {
    let lines = 0;
    for (const { position } of randomPlayouts(3, 120)) {
      if (position.inCheck()) continue;
      const us = position.sideToMove;
      const standing = evaluateMaterial(position);
      const line = quietLine(position);
      for (const m of line) {
        // Every move of the line is one quiescence reads: a capture or a promotion.
        expect(position.board[m & 0xff] !== EMPTY || isPromotion(m)).toBe(true);
        position.doMove(m);
      }
      // The line is the capture search's best: from the side that began it, it ends at least
      // as well off as not capturing at all.
      const end = (position.sideToMove === us ? 1 : -1) * evaluateMaterial(position);
      expect(end).toBeGreaterThanOrEqual(standing);
      if (line.length > 0) lines++;
      for (let i = line.length - 1; i >= 0; i--) position.undoMove(line[i]!);
    }
    expect(lines).toBeGreaterThan(10);
  });
});
