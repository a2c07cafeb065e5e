/**
 * The statistics of a self-play match between engine A and engine B: A's score, the Elo difference
 * it stands for, a 95 % interval around it, the likelihood that A is the stronger engine, and a
 * sequential test (SPRT) that says when enough games have been played.
 *
 * Every opening is played twice, A as sente and then A as gote, so results come in game pairs. The
 * two games of a pair share an opening and are not independent (an opening that favours sente
 * tends to give one win to each engine), so the unit the statistics count is the pair, scored 0,
 * ½, 1, 1½ or 2 points for A: the pentanomial model used by fishtest and fastchess. Games that are
 * not paired (a match stopped in the middle of a pair, or a match played without pairs) are
 * counted with the plain trinomial model of wins, draws and losses.
 *
 * Both models are handled alike: each unit (a pair, or a game) gets a normalised score in [0, 1]
 * (pair points / 2, or game points). The score and its interval follow from the mean and the
 * variance of those scores over the sample (the mean is A's score per game either way); the SPRT
 * reads the whole distribution of outcomes.
 */

/** Logistic Elo: a difference of 400 points means 10 : 1 odds (Elo's scale, as FIDE uses it). */
const ELO_PER_TENFOLD_ODDS = 400;

/** Φ⁻¹(0.975): the two-sided 95 % quantile of the standard normal distribution. */
const Z_95 = 1.959964;

/** The probability left in each tail of a two-sided 95 % interval. */
const TAIL_95 = 0.025;

/**
 * Pseudo-count given to each empty outcome before the SPRT reads the sample, so every outcome has
 * a positive probability (its logarithm is taken) and a sample with no spread a small positive
 * variance. Fishtest's `regularize` (server/fishtest/stats/LLRcalc.py) and fastchess's use 1e-3.
 */
const SPRT_PSEUDO_COUNT = 1e-3;

/**
 * Bisection steps for the root in `closestWithMean`: each halves the bracket, whose width is at
 * most 1/s + 1/(1 − s), so 100 steps reach the limit of double precision.
 */
const BISECTION_STEPS = 100;

/** Normalised score of a pair in which A scored 0, ½, 1, 1½, 2 points (pair points / 2). */
const PAIR_SCORES = [0, 0.25, 0.5, 0.75, 1] as const;

/** A's score in a lost, drawn, won game. */
const GAME_SCORES = [0, 0.5, 1] as const;

/**
 * Coefficients of the Chebyshev fit of erfc in Numerical Recipes in C, 2nd edition, §6.2 (`erfcc`):
 * fractional error below 1.2e-7 everywhere, ample for a probability shown to a few digits.
 */
const ERFC_COEFFICIENTS = [
  -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587,
  -0.82215223, 0.17087277,
] as const;

/** Pair counts: how many pairs in which A scored 0, ½, 1, 1½, 2 points. */
export type PairCounts = [number, number, number, number, number];

/**
 * The pentanomial of a paired match: `counts[i]` is the number of game pairs in which A scored i/2
 * points (a win 1, a draw ½). A pair scoring 1 is either two draws or a win and a loss; the counts
 * do not say which, and the statistics need not know.
 */
export interface Pentanomial {
  counts: PairCounts;
}

/** The trinomial of unpaired games: A's wins, draws and losses, each game counted alone. */
export interface Trinomial {
  wins: number;
  draws: number;
  losses: number;
}

/** The results of a match, as pairs (pentanomial) or as single games (trinomial). */
export type MatchResults = Pentanomial | Trinomial;

/**
 * The logistic Elo difference that an expected score in (0, 1) stands for:
 * −400·log10(1/score − 1). A score of 0 or below is −Infinity and a score of 1 or above is
 * +Infinity (A lost, or won, everything: no finite difference predicts that); NaN stays NaN.
 */
export function eloFromScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  // log10(score / (1 − score)) is −log10(1/score − 1), written so that a score of ½ gives +0.
  return ELO_PER_TENFOLD_ODDS * Math.log10(score / (1 - score));
}

/** The expected score of an Elo difference: 1 / (1 + 10^(−elo/400)); ±Infinity gives 1 or 0. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / ELO_PER_TENFOLD_ODDS));
}

/** A pentanomial with no pairs. */
export function emptyPentanomial(): Pentanomial {
  return { counts: [0, 0, 0, 0, 0] };
}

/**
 * The pentanomial with one more pair, in which A scored `pairScore` points (0, 0.5, 1, 1.5 or 2);
 * the argument is left unchanged. Throws a RangeError on any other score.
 */
export function addPair(p: Pentanomial, pairScore: number): Pentanomial {
  const index = pairScore * 2;
  if (!Number.isInteger(index) || index < 0 || index > 4) {
    throw new RangeError(`a pair scores 0, 0.5, 1, 1.5 or 2 points, not ${pairScore}`);
  }
  const counts: PairCounts = [...p.counts];
  counts[index]!++;
  return { counts };
}

/** The pentanomial of a list of pair scores (A's points in each pair: 0, 0.5, 1, 1.5 or 2). */
export function pentanomialFromPairs(pairScores: readonly number[]): Pentanomial {
  return pairScores.reduce(addPair, emptyPentanomial());
}

/** The trinomial of a list of game scores (A's points in each game: 0, 0.5 or 1). */
export function trinomialFromGames(gameScores: readonly number[]): Trinomial {
  const t: Trinomial = { wins: 0, draws: 0, losses: 0 };
  for (const score of gameScores) {
    if (score === 1) t.wins++;
    else if (score === 0.5) t.draws++;
    else if (score === 0) t.losses++;
    else throw new RangeError(`a game scores 0, 0.5 or 1 point, not ${score}`);
  }
  return t;
}

/** The sample behind the statistics: its units' normalised scores and how often each occurred. */
interface Outcomes {
  scores: readonly number[];
  counts: readonly number[];
}

function outcomesOf(results: MatchResults): Outcomes {
  return 'counts' in results
    ? { scores: PAIR_SCORES, counts: results.counts }
    : { scores: GAME_SCORES, counts: [results.losses, results.draws, results.wins] };
}

/**
 * The size of a sample (pairs, or games), and the mean and variance of its units' normalised
 * scores: μ = Σ pᵢ·xᵢ and σ² = Σ pᵢ·(xᵢ − μ)², with pᵢ the share of units scoring xᵢ (the
 * variance of the observed distribution, as fishtest takes it). An empty sample has mean ½ and
 * variance 0.
 */
export interface Moments {
  units: number;
  mean: number;
  variance: number;
}

function momentsOf({ scores, counts }: Outcomes): Moments {
  const units = counts.reduce((sum, n) => sum + n, 0);
  if (units === 0) return { units, mean: 0.5, variance: 0 };
  let mean = 0;
  for (let i = 0; i < counts.length; i++) mean += (counts[i]! / units) * scores[i]!;
  let variance = 0;
  for (let i = 0; i < counts.length; i++) {
    variance += (counts[i]! / units) * (scores[i]! - mean) ** 2;
  }
  return { units, mean, variance };
}

/** The size, mean and variance of a match's sample: per pair for a pentanomial, per game else. */
export function matchMoments(results: MatchResults): Moments {
  return momentsOf(outcomesOf(results));
}

/**
 * What a match says about A against B. Some fields can be ±Infinity (documented on each), which
 * JSON.stringify writes as null.
 */
export interface MatchStats {
  /** Pairs counted: 0 for a trinomial. */
  pairs: number;
  games: number;
  /** A's mean score per game, in [0, 1]; ½ when there are no games. */
  score: number;
  /** Standard error of `score`: σ/√N over the N units; Infinity when there are no games. */
  stdError: number;
  /** The 95 % interval of the score, within [0, 1]. */
  scoreLow: number;
  scoreHigh: number;
  /** eloFromScore(score): ±Infinity when A lost or won every game; 0 when there are no games. */
  elo: number;
  /** The interval's ends in Elo: ∓Infinity where the score interval reaches 0 or 1. */
  eloLow: number;
  eloHigh: number;
  /** Likelihood of superiority: how sure the match makes us that A is the stronger engine. */
  los: number;
  /** Share of games drawn; null for a pentanomial, whose 1-point pairs may be two draws or not. */
  drawRatio: number | null;
}

/** The standard normal distribution function Φ(x) = erfc(−x/√2) / 2. */
export function normalCdf(x: number): number {
  return erfc(-x / Math.SQRT2) / 2;
}

/** The complementary error function, from Numerical Recipes' Chebyshev fit (see the table). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  let poly = 0;
  for (let i = ERFC_COEFFICIENTS.length - 1; i >= 0; i--) poly = ERFC_COEFFICIENTS[i]! + t * poly;
  const value = t * Math.exp(-z * z + poly);
  return x >= 0 ? value : 2 - value;
}

// #region elo-interval
/**
 * The 95 % interval of the mean score: μ ± z·σ/√N (the normal approximation, which the central
 * limit theorem justifies for a sample of pairs), cut to [0, 1], since no score lies outside;
 * an end cut at 0 or 1 is ∓Infinity in Elo, meaning the sample sets no bound on that side.
 *
 * When every unit scored the same v, σ² = 0 and the normal interval would shrink to a point
 * after a single pair. Then the exact (Clopper–Pearson) binomial bound is used instead: N units
 * out of N scoring v leave, with 97.5 % confidence, q ≥ 0.025^(1/N) for the probability q of
 * scoring v; with the other units scoring as badly (or well) as possible the mean lies in
 * [q·v, q·v + 1 − q]. All wins gives [0.025^(1/N), 1]; no units gives [0, 1].
 */
export function scoreInterval({ units, mean, variance }: Moments): [number, number] {
  if (variance === 0) {
    const q = TAIL_95 ** (1 / units);
    // 1 − q·(1 − v) is q·v + 1 − q, written so that all wins gives exactly 1 (not 1 − 1e-16).
    return [q * mean, 1 - q * (1 - mean)];
  }
  const halfWidth = Z_95 * Math.sqrt(variance / units);
  return [Math.max(0, mean - halfWidth), Math.min(1, mean + halfWidth)];
}
// #endregion

/**
 * Likelihood of superiority, P(A is stronger than B), as Φ((μ − ½)/se): the normal approximation
 * that the interval uses. With no spread (every unit scored the same v), it is one minus the
 * largest chance that an A no stronger than B (mean ≤ ½, so q ≤ ½/v) scores v in all N units:
 * 1 − (½/v)^N, and symmetrically (½/(1 − v))^N when v < ½; ½ for v = ½ or no units.
 */
function likelihoodOfSuperiority({ units, mean, variance }: Moments): number {
  if (variance === 0) {
    if (units === 0 || mean === 0.5) return 0.5;
    return mean > 0.5 ? 1 - (0.5 / mean) ** units : (0.5 / (1 - mean)) ** units;
  }
  return normalCdf((mean - 0.5) / Math.sqrt(variance / units));
}

/**
 * A's score, Elo difference, 95 % interval and likelihood of superiority. From a pentanomial the
 * variance is that of the pair scores, which takes into account how the two games of an opening
 * go together; from a trinomial it is that of single games, as if they were independent. With no
 * games: score ½, elo 0, the interval [0, 1] (Elo ±Infinity), stdError Infinity, los ½.
 */
export function matchStats(results: MatchResults): MatchStats {
  const moments = matchMoments(results);
  const { units, mean, variance } = moments;
  const paired = 'counts' in results;
  const [scoreLow, scoreHigh] = scoreInterval(moments);
  return {
    pairs: paired ? units : 0,
    games: paired ? 2 * units : units,
    score: mean,
    stdError: units === 0 ? Infinity : Math.sqrt(variance / units),
    scoreLow,
    scoreHigh,
    elo: eloFromScore(mean),
    eloLow: eloFromScore(scoreLow),
    eloHigh: eloFromScore(scoreHigh),
    los: likelihoodOfSuperiority(moments),
    drawRatio: paired || units === 0 ? null : results.draws / units,
  };
}

/** Which hypothesis a sequential test accepts, or that it needs more games. */
export type SprtDecision = 'H0' | 'H1' | 'continue';

export interface SprtResult {
  /** The log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0). */
  llr: number;
  /** Accept H0 when llr ≤ lower = ln(β / (1 − α)). */
  lower: number;
  /** Accept H1 when llr ≥ upper = ln((1 − β) / α). */
  upper: number;
  decision: SprtDecision;
}

/**
 * The sample the SPRT reads: each empty outcome given a pseudo-count (SPRT_PSEUDO_COUNT), as
 * fishtest and fastchess do, so every outcome has a positive probability and σ² > 0 whenever
 * there is a unit; null for an empty sample, whose LLR is 0.
 */
function regularizedOutcomes(results: MatchResults): Outcomes | null {
  const { scores, counts } = outcomesOf(results);
  if (counts.every((n) => n === 0)) return null;
  return { scores, counts: counts.map((n) => (n === 0 ? SPRT_PSEUDO_COUNT : n)) };
}

/**
 * The distribution closest to the observed one (in likelihood) whose mean score is s: pᵢ =
 * p̂ᵢ / (1 + θ·(xᵢ − s)), with θ the root of Σ p̂ᵢ·(xᵢ − s) / (1 + θ·(xᵢ − s)) = 0. That sum falls
 * from +∞ to −∞ as θ crosses (−1/(max x − s), −1/(min x − s)), so bisection finds the root.
 * Van den Bergh, "Comments on Normalized Elo", Proposition 1.1 (cantate.be/Fishtest/
 * normalized_elo_practical.pdf); fishtest's `MLE_expected`. Needs 0 < s < 1 (a finite Elo).
 */
function closestWithMean({ scores, counts }: Outcomes, s: number): number[] {
  const units = counts.reduce((sum, n) => sum + n, 0);
  const observed = counts.map((n) => n / units);
  const offsets = scores.map((x) => x - s);
  const slope = (theta: number): number =>
    observed.reduce((sum, p, i) => sum + (p * offsets[i]!) / (1 + theta * offsets[i]!), 0);
  let low = -1 / Math.max(...offsets);
  let high = -1 / Math.min(...offsets);
  for (let step = 0; step < BISECTION_STEPS; step++) {
    const mid = (low + high) / 2;
    if (slope(mid) > 0) low = mid;
    else high = mid;
  }
  const theta = (low + high) / 2;
  return observed.map((p, i) => p / (1 + theta * offsets[i]!));
}

// #region gsprt-llr
/**
 * The log-likelihood ratio of H1: "A is elo1 Elo stronger than B" against H0: "A is elo0 Elo
 * stronger" (logistic Elo, finite; a RangeError otherwise), by Michel Van den Bergh's generalized SPRT (GSPRT), as fishtest
 * (server/fishtest/stats/LLRcalc.py, `LLR_logistic`) and fastchess (`SPRT::getLLR_logistic`)
 * compute it. The outcome probabilities are unknown, so each hypothesis is represented by the
 * distribution most likely to have produced the sample among those with its expected score
 * (s0 = scoreFromElo(elo0), s1 = scoreFromElo(elo1)); the LLR is the log of the ratio of the
 * sample's likelihoods under the two: N·Σ p̂ᵢ·ln(p1ᵢ / p0ᵢ). A unit is a pair for a pentanomial
 * (the model of fishtest's and fastchess's paired tests) and a game for a trinomial.
 */
export function logLikelihoodRatio(results: MatchResults, elo0: number, elo1: number): number {
  if (!Number.isFinite(elo0) || !Number.isFinite(elo1)) {
    throw new RangeError(`SPRT bounds must be finite Elo, not ${elo0}, ${elo1}`);
  }
  const sample = regularizedOutcomes(results);
  if (!sample) return 0;
  const p0 = closestWithMean(sample, scoreFromElo(elo0));
  const p1 = closestWithMean(sample, scoreFromElo(elo1));
  // N·Σ p̂ᵢ·ln(p1ᵢ / p0ᵢ), with N·p̂ᵢ the count of outcome i.
  return sample.counts.reduce((sum, n, i) => sum + n * Math.log(p1[i]! / p0[i]!), 0);
}
// #endregion

// #region gsprt-approximation
/**
 * The normal approximation of the GSPRT's log-likelihood ratio: with μ and σ² the mean and
 * variance of the units' normalised scores (per pair for a pentanomial, per game for a trinomial),
 *   LLR ≈ N·[(μ − s0)² − (μ − s1)²] / (2σ²) = N·(s1 − s0)·(2μ − s0 − s1) / (2σ²),
 * the log of the ratio of two normal likelihoods of the observed mean, one centred on each
 * hypothesis. Van den Bergh's note "GSPRT approximation" (cantate.be/Fishtest/
 * GSPRT_approximation.pdf); `LLR_alt2` in fishtest's LLRcalc.py. It reads the same regularized
 * sample as the exact LLR and follows it closely once σ² is well estimated and μ is near s0 and
 * s1; on a few pairs that all scored alike, σ² is tiny and it overshoots by orders of magnitude
 * (one 2–0 pair gives 3.8 for elo0 = 0, elo1 = 10, past the usual bound of 2.94), which is why
 * `sprt` uses the exact form.
 */
export function approximateLogLikelihoodRatio(
  results: MatchResults,
  elo0: number,
  elo1: number,
): number {
  const sample = regularizedOutcomes(results);
  if (!sample) return 0;
  const { units, mean, variance } = momentsOf(sample);
  const s0 = scoreFromElo(elo0);
  const s1 = scoreFromElo(elo1);
  return (units * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}
// #endregion

/**
 * The sequential probability ratio test of H0: "A is elo0 Elo stronger than B" against H1: "A is
 * elo1 Elo stronger" (logistic Elo, elo0 < elo1), with α the chance of accepting H1 when H0 holds and β of
 * accepting H0 when H1 holds (Wald's bounds on the LLR). Check it after every pair and stop when
 * it decides; with no games the LLR is 0 and the test continues.
 */
export function sprt(
  results: MatchResults,
  elo0: number,
  elo1: number,
  alpha = 0.05,
  beta = 0.05,
): SprtResult {
  const lower = Math.log(beta / (1 - alpha));
  const upper = Math.log((1 - beta) / alpha);
  const llr = logLikelihoodRatio(results, elo0, elo1);
  const decision: SprtDecision = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { llr, lower, upper, decision };
}
