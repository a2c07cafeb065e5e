/**
 * Extensions: lines that deserve to be read deeper than the nominal depth. Every extension draws
 * on one budget per line, so a long series of checks or recaptures cannot run away: at most
 * `maxExtension` plies, and (unless `extensionDepthBound` is off) never more than the iteration's
 * own depth: a depth-2 search may read a line to 4 plies, not to 34. Stockfish bounds its
 * extensions by the root depth the same way. The options are declared in option-decls.ts.
 */
import { moveTo } from '../types';
import { moveValue } from '../eval/move-value';
import type { Move } from '../types';
import { Counter } from './search-data';
import type { SearchState } from './state';
import { threatensMate } from '../dtree/tree-judge';
import { extensionBudget } from './extension-budget';

// #region check-extension
/** A move that gives check is read one ply deeper: the reply is forced, the line is narrow. */
export function checkExtension(s: SearchState, ply: number, givesCheck: boolean): number {
  if (!s.options.checkExtension || !givesCheck || extensionBudget(s, ply) < 1) return 0;
  s.counters[Counter.CheckExtension]!++;
  return 1;
}
// #endregion

// #region mate-threat-extension
/**
 * A move the mate tree says threatens mate is read one ply deeper: the tree is asked about the
 * position after the move, seen by the side that moved, as if it were to move again. Only from
 * `treeMinDepth` up (the question costs a move made and unmade and the attributes), and only for a
 * move no other extension took.
 */
export function mateThreatExtension(
  s: SearchState,
  ply: number,
  move: Move,
  depth: number,
): number {
  const o = s.options;
  if (!o.treeMateExtension || depth < o.treeMinDepth || extensionBudget(s, ply) < 1) return 0;
  s.pos.doMove(move);
  const threat = threatensMate(s.pos, o.treeMateShare);
  s.pos.undoMove(move);
  if (!threat) return 0;
  s.counters[Counter.TreeMateExtension]!++;
  return 1;
}
// #endregion

// #region recapture-extension
/**
 * Seed 000's horizon re-search: how many plies deeper to read this move again, or 0. The previous
 * move put a piece where the move evaluation called it bad (value < 0), this move takes that
 * piece, and the search says the result is no better than β: the previous move may be a delaying
 * sacrifice that pushed trouble past the horizon. Judged lazily: the previous move's value is
 * computed only when a recapture is about to be re-searched. `extended` is what this move has
 * already drawn on the line's budget (a check extension).
 *
 * Two departures from the seed's code. The seed re-searches with no bound (`depthMax + 2`, as
 * often as the condition holds along a line); here the re-search draws on the line's extension
 * budget like any extension, so the cost measured is a lower bound on the seed's. And the seed
 * guards with `depth > 1`; with its root at depth 0 (as in the programs built from its code), a
 * recapture at ply 1, answering a sacrifice made at the root, is never re-searched there. Ours starts at ply 1 (`recaptureMinPly`; set it
 * to 2 for the seed's guard).
 */
export function recaptureResearch(
  s: SearchState,
  ply: number,
  move: Move,
  value: number,
  beta: number,
  extended: number,
): number {
  const o = s.options;
  if (!o.recaptureExtension || ply < o.recaptureMinPly || value > beta) return 0;
  if (extensionBudget(s, ply) - extended < o.recapturePlies) return 0;
  const previous = s.line[ply - 1]!;
  if (previous === 0 || moveTo(previous) !== moveTo(move)) return 0;
  // Step back to the position the previous move was played in and judge it there.
  const pos = s.pos;
  pos.undoMove(previous);
  const before = s.evaluator.evaluate(pos);
  const previousValue = moveValue(pos, previous, o.moveEval, s.evaluator, before);
  pos.doMove(previous);
  if (previousValue >= 0) return 0;
  s.counters[Counter.RecaptureResearch]!++;
  return o.recapturePlies;
}
// #endregion
