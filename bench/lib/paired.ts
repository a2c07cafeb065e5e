/**
 * A speed-up measured in pairs: each round times the old tree and the new one back to back, and
 * the round's ratio new ÷ old is one observation. A busy machine slows both runs of a round
 * alike more often than it slows one, so the ratios spread less than either side's timings do.
 * This is how engine authors compare two builds' speed (Stockfish's `pyshbench` prints the mean
 * speed-up with its interval the same way).
 *
 * The mean is taken over the logarithms of the ratios (a geometric mean: a round at 2× and one at
 * ½× average to 1×, not 1.25×), and the 95 % interval is Student's t over those logarithms, since
 * a comparison has ten or so rounds, not hundreds.
 */
import { formatRatio } from './table';

/** Two-sided 95 % quantiles of Student's t for 1 to 30 degrees of freedom (standard tables). */
const T_95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/** The t quantile for `df` degrees of freedom; beyond the table, the normal's 1.96. */
export function tQuantile95(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new Error(`degrees of freedom must be ≥ 1, not ${df}`);
  return T_95[df - 1] ?? 1.96;
}

export interface PairedRatio {
  /** Geometric mean of the ratios. */
  readonly mean: number;
  /** The 95 % interval of the mean; [mean, mean] when there is only one ratio (no spread known). */
  readonly low: number;
  readonly high: number;
  readonly rounds: number;
}

/** The mean ratio of `ratios` (each new ÷ old, all positive) with its 95 % interval. */
export function pairedRatio(ratios: readonly number[]): PairedRatio {
  if (ratios.length === 0) throw new Error('no rounds to compare');
  for (const r of ratios)
    if (!(r > 0 && Number.isFinite(r))) throw new Error(`a ratio must be positive, not ${r}`);
  const logs = ratios.map(Math.log);
  const n = logs.length;
  const mean = logs.reduce((a, b) => a + b, 0) / n;
  if (n === 1)
    return { mean: Math.exp(mean), low: Math.exp(mean), high: Math.exp(mean), rounds: 1 };
  const variance = logs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  const half = tQuantile95(n - 1) * Math.sqrt(variance / n);
  return {
    mean: Math.exp(mean),
    low: Math.exp(mean - half),
    high: Math.exp(mean + half),
    rounds: n,
  };
}

/** "1.48× [1.47×, 1.50×]" for a bench table; one round gives its ratio alone, none a dash. */
export function formatPaired(ratios: readonly number[]): string {
  if (ratios.length === 0) return '—';
  const { mean, low, high } = pairedRatio(ratios);
  return ratios.length === 1
    ? formatRatio(mean)
    : `${formatRatio(mean)} [${formatRatio(low)}, ${formatRatio(high)}]`;
}
