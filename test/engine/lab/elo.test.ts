/**
 * Match statistics against values worked out independently: by hand, with the arithmetic in the
 * comments, or from a normal-distribution table.
 */
import { describe, expect, it } from 'vitest';
import {
  addPair,
  approximateLogLikelihoodRatio,
  eloFromScore,
  emptyPentanomial,
  logLikelihoodRatio,
  matchMoments,
  matchStats,
  type MatchStats,
  normalCdf,
  type PairCounts,
  type Pentanomial,
  pentanomialFromPairs,
  scoreFromElo,
  sprt,
  trinomialFromGames,
} from '../../../src/engine/lab/elo';

/** The same pairs, B's side up: A's 2–0 pairs become B's, and so on. */
function swapped(p: Pentanomial): Pentanomial {
  return { counts: [...p.counts].reverse() as PairCounts };
}

function scaled(p: Pentanomial, k: number): Pentanomial {
  return { counts: p.counts.map((n) => n * k) as PairCounts };
}

/**
 * 20 pairs: 1 lost 0–2, 3 at ½, 8 at 1, 5 at 1½, 3 won 2–0. Per pair, normalised (points / 2):
 *   Σ n·x  = 3·0.25 + 8·0.5 + 5·0.75 + 3·1            = 0.75 + 4 + 3.75 + 3       = 11.5
 *   μ      = 11.5 / 20                                                            = 0.575
 *   Σ n·x² = 3·0.0625 + 8·0.25 + 5·0.5625 + 3·1       = 0.1875 + 2 + 2.8125 + 3   = 8
 *   σ²     = 8/20 − 0.575² = 0.4 − 0.330625                                       = 0.069375
 *   se     = √(0.069375 / 20) = √0.00346875                                       = 0.0588961
 *   z·se   = 1.959964 · 0.0588961                                                 = 0.1154342
 *   score interval [0.575 − 0.1154342, 0.575 + 0.1154342]           = [0.4595658, 0.6904342]
 *   Elo −400·log10(1/s − 1): 0.575 → +52.51, 0.4595658 → −28.16, 0.6904342 → +139.35
 *   LOS Φ(0.075 / 0.0588961) = Φ(1.27343)                                          ≈ 0.89857
 */
const EXAMPLE: Pentanomial = { counts: [1, 3, 8, 5, 3] };

/** All numeric fields of a stats record, to check that none is NaN. */
function numbers(s: MatchStats): number[] {
  return Object.values(s).filter((v): v is number => typeof v === 'number');
}

describe('Elo and expected score', () => {
  it('maps an even score to 0 and 3 : 1 odds to 400·log10 3', () => {
    expect(eloFromScore(0.5)).toBe(0);
    // −400·log10(1/0.75 − 1) = 400·log10 3 = 400 · 0.4771213
    expect(eloFromScore(0.75)).toBeCloseTo(190.8485, 4);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.8485, 4);
  });

  it('gives ±Infinity for a score of 0 or 1, and back', () => {
    expect(eloFromScore(0)).toBe(-Infinity);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(scoreFromElo(-Infinity)).toBe(0);
    expect(scoreFromElo(Infinity)).toBe(1);
  });

  it('round-trips between score and Elo', () => {
    // 400 Elo is 10 : 1 odds, a score of 10/11.
    expect(scoreFromElo(400)).toBeCloseTo(10 / 11, 12);
    for (const elo of [-800, -190.85, -35, 0, 1, 52.5, 400, 1200]) {
      expect(eloFromScore(scoreFromElo(elo))).toBeCloseTo(elo, 8);
    }
    for (const score of [0.01, 0.3, 0.5, 0.575, 0.99]) {
      expect(scoreFromElo(eloFromScore(score))).toBeCloseTo(score, 12);
    }
  });
});

describe('normalCdf', () => {
  it('matches the normal table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.841345, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
  });
});

describe('building a pentanomial', () => {
  it('counts pairs by A’s points', () => {
    expect(pentanomialFromPairs([2, 1, 1.5, 1, 0]).counts).toEqual([1, 0, 2, 1, 1]);
  });

  it('adds a pair without changing the original', () => {
    const empty = emptyPentanomial();
    expect(addPair(empty, 0.5).counts).toEqual([0, 1, 0, 0, 0]);
    expect(empty.counts).toEqual([0, 0, 0, 0, 0]);
  });

  it('rejects a pair score that two games cannot make', () => {
    expect(() => addPair(emptyPentanomial(), 0.75)).toThrow(RangeError);
    expect(() => addPair(emptyPentanomial(), 2.5)).toThrow(RangeError);
  });
});

describe('matchStats on pairs', () => {
  it('computes the mean, variance, interval and LOS worked out by hand', () => {
    const m = matchMoments(EXAMPLE);
    expect(m.units).toBe(20);
    expect(m.mean).toBeCloseTo(0.575, 12);
    expect(m.variance).toBeCloseTo(0.069375, 12);

    const s = matchStats(EXAMPLE);
    expect(s.pairs).toBe(20);
    expect(s.games).toBe(40);
    expect(s.score).toBeCloseTo(0.575, 12);
    expect(s.stdError).toBeCloseTo(0.0588961, 7);
    expect(s.scoreLow).toBeCloseTo(0.4595658, 7);
    expect(s.scoreHigh).toBeCloseTo(0.6904342, 7);
    expect(s.elo).toBeCloseTo(52.51, 2);
    expect(s.eloLow).toBeCloseTo(-28.16, 2);
    expect(s.eloHigh).toBeCloseTo(139.35, 2);
    expect(s.los).toBeCloseTo(0.89857, 5);
    expect(s.drawRatio).toBeNull();
  });

  it('negates the Elo and mirrors the interval when A and B swap', () => {
    const s = matchStats(EXAMPLE);
    const t = matchStats(swapped(EXAMPLE));
    expect(t.score).toBeCloseTo(1 - s.score, 12);
    expect(t.elo).toBeCloseTo(-s.elo, 9);
    expect(t.eloLow).toBeCloseTo(-s.eloHigh, 9);
    expect(t.eloHigh).toBeCloseTo(-s.eloLow, 9);
    expect(t.stdError).toBeCloseTo(s.stdError, 12);
    expect(t.los).toBeCloseTo(1 - s.los, 7);
  });

  it('narrows the interval by √k with k times the pairs in the same proportions', () => {
    const s = matchStats(EXAMPLE);
    const t = matchStats(scaled(EXAMPLE, 4));
    expect(t.score).toBeCloseTo(s.score, 12);
    // se = σ/√N: 4 times the pairs halves it, and with it the score interval (no end is cut).
    expect(t.stdError).toBeCloseTo(s.stdError / 2, 12);
    expect(t.scoreHigh - t.scoreLow).toBeCloseTo((s.scoreHigh - s.scoreLow) / 2, 12);
    // 80 pairs: se = 0.0588961 / 2 = 0.0294480, z·se = 0.0577171 → [0.5172829, 0.6327171].
    expect(t.scoreLow).toBeCloseTo(0.5172829, 7);
    expect(t.scoreHigh).toBeCloseTo(0.6327171, 7);
  });
});

describe('pairs against single games', () => {
  it('gives the pair model the narrower interval when openings split the pair', () => {
    // 10 pairs: 4 × (W, L), 2 × (D, D), 3 × (W, D), 1 × (L, D). The W–L pairs are an opening that
    // favours one side: the two games of a pair go opposite ways (negative covariance).
    const games = [
      ...Array<number[]>(4).fill([1, 0]),
      ...Array<number[]>(2).fill([0.5, 0.5]),
      ...Array<number[]>(3).fill([1, 0.5]),
      [0, 0.5],
    ];
    const paired = pentanomialFromPairs(games.map(([a, b]) => a! + b!));
    const single = trinomialFromGames(games.flat());
    expect(paired.counts).toEqual([0, 1, 6, 3, 0]);
    expect(single).toEqual({ wins: 7, draws: 8, losses: 5 });

    // Pairs: μ = (0.25 + 6·0.5 + 3·0.75)/10 = 0.55; E[x²] = (0.0625 + 1.5 + 1.6875)/10 = 0.325;
    // σ² = 0.325 − 0.3025 = 0.0225; se = √(0.0225/10) = 0.0474342.
    // Games: score = (7 + 8·0.5)/20 = 0.55; E[g²] = (7 + 8·0.25)/20 = 0.45;
    // σ² = 0.45 − 0.3025 = 0.1475; se = √(0.1475/20) = 0.0858778.
    const p = matchStats(paired);
    const t = matchStats(single);
    expect(p.score).toBeCloseTo(0.55, 12);
    expect(t.score).toBeCloseTo(0.55, 12);
    expect(p.stdError).toBeCloseTo(0.0474342, 7);
    expect(t.stdError).toBeCloseTo(0.0858778, 7);
    expect(t.games).toBe(20);
    expect(t.pairs).toBe(0);
    expect(t.drawRatio).toBeCloseTo(8 / 20, 12);
    expect(p.scoreHigh - p.scoreLow).toBeLessThan(t.scoreHigh - t.scoreLow);
  });

  it('gives the pair model the wider interval when the games of a pair agree', () => {
    // 10 pairs: 3 × (W, W), 2 × (L, L), 5 × (D, D): draws, wins and losses pair up (positive
    // covariance), so the pairs vary more than independent games would, and the pair model says so.
    const games = [
      ...Array<number[]>(3).fill([1, 1]),
      ...Array<number[]>(2).fill([0, 0]),
      ...Array<number[]>(5).fill([0.5, 0.5]),
    ];
    const paired = pentanomialFromPairs(games.map(([a, b]) => a! + b!));
    const single = trinomialFromGames(games.flat());
    expect(paired.counts).toEqual([2, 0, 5, 0, 3]);

    // Pairs: μ = (5·0.5 + 3)/10 = 0.55; E[x²] = (5·0.25 + 3)/10 = 0.425; σ² = 0.1225;
    // se = √(0.1225/10) = 0.1106797. Games: W 6, D 10, L 4: μ = 0.55; E[g²] = (6 + 2.5)/20 = 0.425;
    // σ² = 0.1225; se = √(0.1225/20) = 0.0782624.
    const p = matchStats(paired);
    const t = matchStats(single);
    expect(t.score).toBeCloseTo(p.score, 12);
    expect(p.stdError).toBeCloseTo(0.1106797, 7);
    expect(t.stdError).toBeCloseTo(0.0782624, 7);
  });
});

describe('degenerate samples', () => {
  it('reports no evidence, and no NaN, for an empty match', () => {
    for (const s of [
      matchStats(emptyPentanomial()),
      matchStats({ wins: 0, draws: 0, losses: 0 }),
    ]) {
      expect(s.games).toBe(0);
      expect(s.score).toBe(0.5);
      expect(s.elo).toBe(0);
      expect([s.scoreLow, s.scoreHigh]).toEqual([0, 1]);
      expect([s.eloLow, s.eloHigh]).toEqual([-Infinity, Infinity]);
      expect(s.stdError).toBe(Infinity);
      expect(s.los).toBe(0.5);
      expect(s.drawRatio).toBeNull();
      expect(numbers(s).some(Number.isNaN)).toBe(false);
    }
  });

  it('gives all wins an infinite Elo with a finite lower end', () => {
    // 10 pairs won 2–0: σ² = 0. Clopper–Pearson: q ≥ 0.025^(1/10) = e^(ln 0.025 / 10)
    // = e^(−3.6888795/10) = 0.6915029, whose Elo is −400·log10(1/0.6915029 − 1) = +140.217.
    // LOS = 1 − (½/1)^10 = 1 − 1/1024 = 0.9990234375.
    const s = matchStats({ counts: [0, 0, 0, 0, 10] });
    expect(s.score).toBe(1);
    expect(s.elo).toBe(Infinity);
    expect(s.eloHigh).toBe(Infinity);
    expect(s.scoreLow).toBeCloseTo(0.6915029, 7);
    expect(s.eloLow).toBeCloseTo(140.217, 3);
    expect(s.los).toBeCloseTo(0.9990234375, 12);
    expect(numbers(s).some(Number.isNaN)).toBe(false);

    const t = matchStats({ counts: [10, 0, 0, 0, 0] });
    expect(t.elo).toBe(-Infinity);
    expect(t.eloLow).toBe(-Infinity);
    expect(t.eloHigh).toBeCloseTo(-140.217, 3);
    expect(t.los).toBeCloseTo(1 / 1024, 12);
  });

  it('keeps a real interval when every pair scored the same', () => {
    // 10 pairs at 1–1: σ² = 0, q ≥ 0.6915029; the mean lies in [q·½, q·½ + 1 − q]
    // = [0.3457514, 0.6542486], Elo ±110.8 (−400·log10(1/0.6542486 − 1) = 110.79).
    const s = matchStats({ counts: [0, 0, 10, 0, 0] });
    expect(s.stdError).toBe(0);
    expect(s.elo).toBe(0);
    expect(s.scoreLow).toBeCloseTo(0.3457514, 7);
    expect(s.scoreHigh).toBeCloseTo(0.6542486, 7);
    expect(s.eloHigh).toBeCloseTo(110.79, 2);
    expect(s.eloLow).toBeCloseTo(-s.eloHigh, 9);
    expect(s.los).toBe(0.5);
  });

  it('cuts an interval end at a score of 1 and reports it as Infinity', () => {
    // 9 pairs at 2–0 and 1 at 1½: μ = (9 + 0.75)/10 = 0.975; E[x²] = (9 + 0.5625)/10 = 0.95625;
    // σ² = 0.95625 − 0.950625 = 0.005625; z·se = 1.959964·√0.0005625 = 0.04648463:
    // [0.92851537, 1.02148463] → [0.92851537, 1].
    const s = matchStats({ counts: [0, 0, 0, 1, 9] });
    expect(s.scoreLow).toBeCloseTo(0.92851537, 7);
    expect(s.scoreHigh).toBe(1);
    expect(s.eloHigh).toBe(Infinity);
    expect(Number.isFinite(s.elo)).toBe(true);
  });
});

// Bounds for α = β = 0.05: ln(0.05/0.95) = −2.944439, ln(0.95/0.05) = +2.944439.
// elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1/(1 + 10^(−0.025)) = 1/1.9440609 = 0.5143872.
describe('approximateLogLikelihoodRatio', () => {
  it('follows N·(s1 − s0)·(2μ − s0 − s1)/(2σ²) worked out by hand', () => {
    expect(scoreFromElo(10)).toBeCloseTo(0.5143872, 7);
    // 200 pairs in EXAMPLE's proportions: μ = 0.575, σ² = 0.069375.
    // 200 · 0.0143872 · (1.15 − 1.0143872) / (2 · 0.069375) = 200 · 0.0143872 · 0.1356128 / 0.13875
    // = 2.81238; 400 pairs twice that, 5.62475.
    expect(approximateLogLikelihoodRatio(scaled(EXAMPLE, 10), 0, 10)).toBeCloseTo(2.81238, 4);
    expect(approximateLogLikelihoodRatio(scaled(EXAMPLE, 20), 0, 10)).toBeCloseTo(5.62475, 4);
    // Swapped, μ = 0.425: 400 · 0.0143872 · (0.85 − 1.0143872) / 0.13875 = −6.81822.
    const swappedLlr = approximateLogLikelihoodRatio(swapped(scaled(EXAMPLE, 20)), 0, 10);
    expect(swappedLlr).toBeCloseTo(-6.81822, 4);
    // 100 pairs [10, 20, 40, 20, 10]: μ = ½, σ² = (20·0.25 + 40·0.0625)/100 = 0.075;
    // 100 · 0.0143872 · (1 − 1.0143872) / 0.15 = −0.13799.
    const even = approximateLogLikelihoodRatio({ counts: [10, 20, 40, 20, 10] }, 0, 10);
    expect(even).toBeCloseTo(-0.13799, 4);
    // 20 games, W 7 D 8 L 5: μ = 0.55, σ² = 0.1475 (as above);
    // 20 · 0.0143872 · (1.1 − 1.0143872) / 0.295 = 0.0835069.
    const games = approximateLogLikelihoodRatio({ wins: 7, draws: 8, losses: 5 }, 0, 10);
    expect(games).toBeCloseTo(0.0835069, 6);
  });
});

describe('logLikelihoodRatio (GSPRT)', () => {
  it('is the binomial likelihood ratio when only two outcomes occur', () => {
    // With only wins and losses the distribution with mean s is Bernoulli(s), so
    // LLR = W·ln(s1/s0) + L·ln((1 − s1)/(1 − s0)) = 60·ln(1.0287744) + 40·ln(0.9712256)
    //     = 60 · 0.0283682 − 40 · 0.0291965 = 1.702090 − 1.167859 = 0.534231
    // (the pseudo-count of the empty outcomes moves it by about 1e-5).
    expect(logLikelihoodRatio({ wins: 60, draws: 0, losses: 40 }, 0, 10)).toBeCloseTo(0.53423, 4);
    // The same with pairs: 60 won 2–0 and 40 lost 0–2.
    expect(logLikelihoodRatio({ counts: [40, 0, 0, 0, 60] }, 0, 10)).toBeCloseTo(0.53423, 4);
  });

  it('grows in proportion to the number of pairs', () => {
    const ten = logLikelihoodRatio(scaled(EXAMPLE, 10), 0, 10);
    expect(logLikelihoodRatio(scaled(EXAMPLE, 20), 0, 10)).toBeCloseTo(2 * ten, 9);
  });

  it('agrees with the normal approximation when the mean lies near the hypotheses', () => {
    // μ = 0.575 is +52.5 Elo, between 40 and 60.
    const exact = logLikelihoodRatio(scaled(EXAMPLE, 10), 40, 60);
    const approx = approximateLogLikelihoodRatio(scaled(EXAMPLE, 10), 40, 60);
    expect(Math.abs(exact - approx) / Math.abs(approx)).toBeLessThan(0.02);
    const even: Pentanomial = { counts: [10, 20, 40, 20, 10] };
    expect(logLikelihoodRatio(even, 0, 10)).toBeCloseTo(
      approximateLogLikelihoodRatio(even, 0, 10),
      3,
    );
  });

  it('rejects an infinite Elo bound', () => {
    expect(() => logLikelihoodRatio(EXAMPLE, 0, Infinity)).toThrow(RangeError);
  });

  it('is 0 when the mean lies halfway between s0 and s1', () => {
    // elo0 = −5, elo1 = +5: s0 + s1 = 1, and the symmetric sample has μ = ½.
    const symmetric: Pentanomial = { counts: [3, 5, 9, 5, 3] };
    expect(logLikelihoodRatio(symmetric, -5, 5)).toBeCloseTo(0, 12);
    expect(approximateLogLikelihoodRatio(symmetric, -5, 5)).toBeCloseTo(0, 12);
  });

  it('stays small after one 2–0 pair, where the approximation overshoots', () => {
    // One pair: the pseudo-counts leave σ² ≈ 0.00186, and the approximation gives
    // 1.004 · 0.0143872 · (1.99502 − 1.0143872) / (2 · 0.00186) ≈ 3.8, past the bound 2.944.
    const one = pentanomialFromPairs([2]);
    expect(approximateLogLikelihoodRatio(one, 0, 10)).toBeGreaterThan(3.5);
    const exact = logLikelihoodRatio(one, 0, 10);
    expect(exact).toBeGreaterThan(0);
    expect(exact).toBeLessThan(0.1);
  });
});

describe('sprt', () => {
  it('has Wald’s bounds', () => {
    const r = sprt(EXAMPLE, 0, 10);
    expect(r.lower).toBeCloseTo(-2.944439, 6);
    expect(r.upper).toBeCloseTo(2.944439, 6);
    expect(sprt(EXAMPLE, 0, 10, 0.1, 0.2)).toMatchObject({
      lower: expect.closeTo(Math.log(0.2 / 0.9), 12) as number,
      upper: expect.closeTo(Math.log(0.8 / 0.1), 12) as number,
    });
  });

  it('accepts H1 on a strongly positive sample', () => {
    expect(sprt(scaled(EXAMPLE, 20), 0, 10).decision).toBe('H1');
  });

  it('accepts H0 on a strongly negative sample', () => {
    expect(sprt(swapped(scaled(EXAMPLE, 20)), 0, 10).decision).toBe('H0');
  });

  it('continues on an even sample, a single pair and no pairs', () => {
    expect(sprt({ counts: [10, 20, 40, 20, 10] }, 0, 10).decision).toBe('continue');
    expect(sprt(pentanomialFromPairs([2]), 0, 10).decision).toBe('continue');
    expect(sprt(emptyPentanomial(), 0, 10)).toMatchObject({ llr: 0, decision: 'continue' });
  });
});
