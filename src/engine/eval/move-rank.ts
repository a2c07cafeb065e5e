/**
 * Seed 000's tuning measure (※1): how far down the move evaluation's ordering does the move a
 * stronger judge would play sit? The judge here is a deeper search. A lower average rank means
 * the move evaluation puts good moves first, which is what both move ordering and forward
 * pruning need.
 */
import { median } from '../lab/stats';
import { parseSfen } from '../sfen';
import { type MoveEvalParams, MOVE_EVAL_DEFAULTS, evaluateMoves } from './move-evaluation';

export interface RankedPosition {
  sfen: string;
  /** The reference move in USI (the best move of a deeper search). */
  reference: string;
}

export interface RankReport {
  /** Mean 1-based rank of the reference move. */
  averageRank: number;
  /** Median of the ranks: one position far down the list cannot move it. */
  medianRank: number;
  /** Share of positions where the reference move is ranked first. */
  top1: number;
  /** Share where it is within the first five. */
  top5: number;
  /** Mean number of legal moves, for scale. */
  averageMoves: number;
  ranks: number[];
}

// #region reference-rank
/** Rank (1 = first) of `reference` among the legal moves of `sfen` ordered by move value. */
export function referenceRank(
  sfen: string,
  reference: string,
  params: MoveEvalParams = MOVE_EVAL_DEFAULTS,
): { rank: number; moves: number } {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) throw new Error(`rank fixture: ${parsed.error}`);
  const ordered = evaluateMoves(parsed.value, params);
  const i = ordered.findIndex((e) => e.usi === reference);
  if (i < 0) throw new Error(`rank fixture: ${reference} is not legal in ${sfen}`);
  // Moves of equal value cannot be told apart: the reference gets the mean rank of its tie group
  // (what a random tie-break would give on average).
  const value = ordered[i]!.value;
  const first = ordered.findIndex((e) => e.value === value);
  const last = ordered.findLastIndex((e) => e.value === value);
  return { rank: (first + last) / 2 + 1, moves: ordered.length };
}

export function rankReport(
  positions: readonly RankedPosition[],
  params: MoveEvalParams = MOVE_EVAL_DEFAULTS,
): RankReport {
  const results = positions.map((p) => referenceRank(p.sfen, p.reference, params));
  const ranks = results.map((r) => r.rank);
  const n = Math.max(ranks.length, 1);
  return {
    averageRank: ranks.reduce((a, b) => a + b, 0) / n,
    medianRank: median(ranks),
    top1: ranks.filter((r) => r === 1).length / n,
    top5: ranks.filter((r) => r <= 5).length / n,
    averageMoves: results.reduce((a, r) => a + r.moves, 0) / n,
    ranks,
  };
}
// #endregion
