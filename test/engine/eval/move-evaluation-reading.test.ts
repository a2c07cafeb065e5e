/**
 * Seed 000's EvaluateTe read as its comments intend and as its code is written (option
 * `reading`): each of the four places where the two disagree, on a position where it decides a
 * move's value. The positions come from seeded random playouts (the first move found for each
 * difference) and from chapter 3's knight fork.
 */
import { describe, expect, it } from 'vitest';
import {
  evaluateMoves,
  MOVE_EVAL_DEFAULTS,
  type MoveEvaluation,
} from '../../../src/engine/eval/move-evaluation';
import { mustParse } from '../helpers';

const INTENT = MOVE_EVAL_DEFAULTS;
const CODE = { ...MOVE_EVAL_DEFAULTS, reading: 'code' as const };

/** The move `usi` of `sfen`, its evaluation and its rank (1 = best) under both readings. */
function both(sfen: string, usi: string) {
  const out = [INTENT, CODE].map((params) => {
    const moves = evaluateMoves(mustParse(sfen), params);
    const i = moves.findIndex((m) => m.usi === usi);
    expect(i, `${usi} is legal in ${sfen}`).toBeGreaterThanOrEqual(0);
    return { e: moves[i]!, rank: i + 1, of: moves.length };
  });
  return { intent: out[0]!, code: out[1]! };
}

const terms = (e: MoveEvaluation) => ({
  lossS: e.lossS,
  gainS: e.gainS,
  kingThreat: e.kingThreat,
  captureBonus: e.captureBonus,
  focusPawn: e.focusPawn,
});

describe('seed 000 read as intended and as written', () => {
  it('the knight fork of chapter 3: the uncovered rook on the king adds the king’s exchange value', () => {
    const { intent, code } = both(
      '5g3/2n1gs3/lp1sp1k1r/p1ppg2pp/9/PPP1PP1PP/B2PG1N2/5KR2/LS4S1L b 2Pb2nlp 61',
      '3g2e',
    );
    expect(intent.e.value).toBe(-182);
    expect([intent.rank, intent.of]).toEqual([32, 32]);
    // Two king threats as constants: 1000 from the knight, 1500 for the uncovered rook.
    expect(intent.e.kingThreat).toBe(2500);
    expect(code.e.value).toBe(1087);
    expect([code.rank, code.of]).toEqual([2, 32]);
    // The knight's 1000, and the king's exchange value in place of the rook's 1500.
    expect(code.e.kingThreat).toBe(15190);
    // So the king's exchange value there is 14,190, and a tenth of its excess over our 1,500 is
    // what lifts the move: −182 + (14,190 − 1,500) / 10 = +1,087 (chapter 3 says so).
    expect(code.e.kingThreat - 1000).toBe(14190);
    expect(intent.e.value + (14190 - 1500) / 10).toBe(code.e.value);
  });

  it('focus pawn: the seed’s test `from == FU` never holds, so as written there is no bonus', () => {
    const { intent, code } = both(
      'l6nl/5+PGgk/n1np1S3/p1p4Pp/1P1P2Sp1/2P3P1P/P5GS1/+b8/1N4bKL b Rrgsl5p 6',
      '2d2c',
    );
    expect(intent.e.focusPawn).toBe(50);
    expect(code.e.focusPawn).toBe(0);
    expect(code.e.value).toBe(intent.e.value - 50);
  });

  it('capture bonus: a side-tagged piece code is never the bare FU, so as written pawns count', () => {
    const { intent, code } = both(
      '8l/1+R3P3/p2pBG1pp/kp2p4/N1PP2G2/P3P2PP/1PN6/SKS+r5/L2g+p3L w SNLbgsn3p 132',
      '6h6e',
    );
    expect(intent.e.captureBonus).toBe(0);
    expect(code.e.captureBonus).toBe(1500);
    expect(code.e.value - intent.e.value).toBe(1500);
  });

  it('a king stepping out of check: as written, its own exchange value leaves LossS', () => {
    const { intent, code } = both(
      '3+Lk1s2/4g2bl/1pp1ppnpp/P2p5/5n3/4P3P/2+bPGPPP1/3S1RG1L/1P2K1SN1 w RGSNL3p 46',
      '5a6a',
    );
    expect(intent.e.lossS).toBe(0);
    expect(code.e.lossS).toBe(-14145);
    expect(code.e.value - intent.e.value).toBe(14145);
    expect(terms(code.e)).toMatchObject({ gainS: intent.e.gainS, kingThreat: intent.e.kingThreat });
  });

  it('a piece moving along its own uncovered line: as written, it counts as an own piece there', () => {
    const { intent, code } = both(
      'l1lg+R4/2kP3G+L/p3pGs2/2Ppnpb2/4n1Pbp/P+r2Gn3/4S+n1P1/Kp2P4/L8 w 3P2s3p 21',
      '3d4c',
    );
    expect(intent.e.gainS).toBe(180);
    expect(code.e.gainS).toBe(1260);
    expect(code.e.defended).toContain(intent.e.move & 0xff);
    expect(intent.e.defended).not.toContain(intent.e.move & 0xff);
  });
});
