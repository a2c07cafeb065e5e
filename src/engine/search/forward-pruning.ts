/**
 * Seed 000's forward pruning (前向き枝刈り): skip a move before reading it when the move
 * evaluation (chapter 2) calls it useless. The seed gives two ways to draw the line: a value
 * threshold (its choice: −100) or a rank (read only the best k moves). The seed's listing of the
 * loop is garbled in its text (`for(i=0;i0) {`); the rules come from its prose.
 *
 * Rank: the seed sorts its moves by value and would read them in that order, so moves valued the
 * same as the k-th are cut by where the sort put them. Here the k-th value is the cutoff and moves
 * tied with it are read in the search's order until k moves in all have been handed out
 * (`forwardRankTies: 'break'`), or all read (`'keep'`, which at the start position, where the
 * moves tie, prunes nothing). Unlike the backward kinds
 * in pruning.ts, nothing that was read says the move is bad; only its value does. The options are
 * declared in option-decls.ts.
 */
import type { Move } from '../types';
import type { MovePicker } from './move-picker';
import { ForwardMode } from './search-data';
import type { SearchState } from './state';
import { Reason } from './trace';
import { JUDGED_BEST } from '../dtree/tree-options';

// #region forward-pruning
/**
 * Why this move is not to be read (a trace reason), or Reason.None to read it. The search asks
 * only about a node's second and later moves, never in check, and never once the moves read so
 * far all lose to mate. Captures and checks may be kept whatever their value. The value judged is
 * left in `s.prunedValue` for the trace.
 */
export function forwardPruneReason(
  s: SearchState,
  picker: MovePicker,
  move: Move,
  depth: number,
  isCapture: boolean,
  givesCheck: boolean,
): Reason {
  const o = s.options;
  if (s.forwardMode === ForwardMode.Off || depth > o.forwardMaxDepth) return Reason.None;
  if ((isCapture && o.forwardKeepCaptures) || (givesCheck && o.forwardKeepChecks))
    return Reason.None;
  if (s.forwardMode === ForwardMode.Tree) {
    // The tree costs a few microseconds a move: asked only from treeMinDepth up.
    if (depth < o.treeMinDepth) return Reason.None;
    s.prunedValue = picker.treeShare(move);
    return s.prunedValue <= JUDGED_BEST ? Reason.ForwardTree : Reason.None;
  }
  const value = picker.value(move);
  s.prunedValue = value;
  if (s.forwardMode === ForwardMode.Threshold)
    return value <= o.forwardThreshold ? Reason.ForwardThreshold : Reason.None;
  return picker.beyondRank ? Reason.ForwardRank : Reason.None;
}
// #endregion
