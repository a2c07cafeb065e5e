/**
 * Scores: what a search value means. Ordinary values are evaluations in Bonanza's units (a pawn is
 * 90); values in the mate band are "mate in n plies from the root", the sign saying who mates.
 * Between the two sits a band for wins and losses the rules give on one path only (perpetual
 * check): they must beat every evaluation, but they are not mates, so they neither stop the
 * search as a proof nor travel through the transposition table as mate distances.
 */

/** Mate at the root; a mate n plies away is MATE − n. */
export const MATE = 32000;
/** Above every value a search returns: the initial window. */
export const INFINITE = MATE + 1;
/** Values beyond this are mates; no search line is longer than 96 plies, so 1024 is ample. */
export const MATE_BOUND = MATE - 1024;
/**
 * A win by the rules on this path (the opponent checked with every move of a repetition, 連続王手
 * の千日手, and loses). Below the mate band, above any evaluation.
 */
export const RULE_WIN = MATE_BOUND - 1000;
/** Evaluations are kept inside ±EVAL_LIMIT so they never reach the rule or mate bands. */
export const EVAL_LIMIT = RULE_WIN - 1000;
export const DRAW = 0;

// #region mate-scores
/** The side to move mates in `ply` plies from the root. */
export const mateIn = (ply: number): number => MATE - ply;
/** The side to move is mated `ply` plies from the root. */
export const matedIn = (ply: number): number => -MATE + ply;
export const isMateScore = (v: number): boolean => v > MATE_BOUND || v < -MATE_BOUND;
/** A losing mate for the side to move. */
export const isMatedScore = (v: number): boolean => v < -MATE_BOUND;
/** How many plies from the root a mate score's mate happens. */
export const matePlies = (v: number): number => MATE - Math.abs(v);

/** A value as the transposition table keeps it: mates counted from this node, not the root. */
export const valueToTT = (v: number, ply: number): number =>
  v > MATE_BOUND ? v + ply : v < -MATE_BOUND ? v - ply : v;
/** …and back, for a node `ply` plies from the root. */
export const valueFromTT = (v: number, ply: number): number =>
  v > MATE_BOUND ? v - ply : v < -MATE_BOUND ? v + ply : v;
// #endregion

/** A search value as people read it: centipawn-like units, or mate in n moves. */
export type Score = { kind: 'cp'; value: number } | { kind: 'mate'; value: number };

/** Turn an internal value into centipawns or "mate in n moves" (n > 0: the side to move mates). */
export function toScore(value: number): Score {
  if (value > MATE_BOUND) return { kind: 'mate', value: Math.ceil((MATE - value) / 2) };
  if (value < -MATE_BOUND) {
    const moves = Math.ceil((MATE + value) / 2);
    return { kind: 'mate', value: moves === 0 ? 0 : -moves };
  }
  return { kind: 'cp', value };
}

/** Keep a static evaluation inside the evaluation band. */
export const clampEval = (v: number): number =>
  v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
