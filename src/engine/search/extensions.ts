/**
 * Extensions: lines that deserve to be read deeper than the nominal depth. Every extension
 * draws on one budget per line (`maxExtension`) so a long series of checks cannot run away.
 */
import { evaluateMove } from '../eval/move-evaluation';
import { type Move } from '../types';
import { type SearchState } from './state';

/** How many plies of extension are left to the line at this ply. */
export const extensionBudget = (s: SearchState, ply: number): number =>
  s.options.maxExtension - s.extensions[ply]!;

// #region check-extension
/** A move that gives check is read one ply deeper: the reply is forced, the line is narrow. */
export function checkExtension(s: SearchState, ply: number, givesCheck: boolean): number {
  if (!s.options.checkExtension || !givesCheck || extensionBudget(s, ply) < 1) return 0;
  s.count('check-extension');
  return 1;
}
// #endregion

// #region recapture-extension
/**
 * Seed 000's horizon re-search. The previous move put a piece where the move evaluation called
 * it bad (value < 0), this move takes that piece, and the search says the result is no better
 * than β: the previous move may be a delaying sacrifice pushing trouble past the horizon, so
 * read this move again `recapturePlies` deeper. Judged lazily: the previous move's value is
 * only computed when a recapture is about to be re-searched. `extended` is what this move has
 * already drawn on the line's budget (a check extension).
 */
export function wantsRecaptureResearch(
  s: SearchState,
  ply: number,
  move: Move,
  value: number,
  beta: number,
  extended: number,
): boolean {
  const o = s.options;
  if (
    !o.recaptureExtension ||
    ply < 1 ||
    value > beta ||
    extensionBudget(s, ply) - extended < o.recapturePlies
  )
    return false;
  const previous = s.line[ply - 1]!;
  if (previous === 0 || (previous & 0xff) !== (move & 0xff)) return false;
  // Step back to the position the previous move was played in and judge it there.
  const pos = s.pos;
  pos.undoMove(previous);
  const previousValue = evaluateMove(pos, previous, o.moveEval, s.evaluator).value;
  pos.doMove(previous);
  if (previousValue >= 0) return false;
  s.count('recapture-research');
  return true;
}
// #endregion
