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
 * in pruning.ts, nothing that was read says the move is bad; only its value does.
 */
import { integer, select, toggle } from '../option-spec';
import type { Move } from '../types';
import type { MovePicker } from './move-picker';
import type { SearchState } from './state';
import { Reason } from './trace';
import { JUDGED_BEST } from '../dtree/tree-judge';

export const FORWARD_PRUNINGS = ['off', 'threshold', 'rank', 'tree'] as const;

export const FORWARD_PRUNING_OPTIONS = {
  forwardPruning: select({
    label: 'Forward pruning',
    choices: FORWARD_PRUNINGS,
    default: 'off',
    help: 'Seed 000: skip moves by value threshold or by rank; seed 002’s future work: skip the moves the decision tree judges not best.',
  }),
  forwardThreshold: integer({
    label: 'Value threshold',
    default: -100,
    min: -3000,
    max: 3000,
    step: 50,
    help: 'Skip moves valued at or below this (seed: −100).',
  }),
  forwardRank: integer({
    label: 'Rank limit',
    default: 10,
    min: 1,
    max: 100,
    unit: 'moves',
    help: 'Search only this many moves, best valued first.',
  }),
  forwardRankTies: select({
    label: 'Ties at the rank limit',
    choices: ['break', 'keep'],
    default: 'break',
    help: 'Moves valued the same as the last one within the limit: read them in order until the limit is reached (break, as a sorted list read in order would) or read them all (keep).',
  }),
  forwardKeepCaptures: toggle({
    label: 'Keep captures',
    default: true,
    help: 'Never forward-prune a capture.',
  }),
  forwardKeepChecks: toggle({
    label: 'Keep checks',
    default: true,
    help: 'Never forward-prune a check.',
  }),
  forwardMaxDepth: integer({
    label: 'Prune at depth ≤',
    default: 64,
    min: 1,
    max: 64,
    unit: 'plies',
    help: 'Forward-prune only this close to the horizon.',
  }),
};

/** The forwardPruning option as the search reads it. */
export const ForwardMode = { Off: 0, Threshold: 1, Rank: 2, Tree: 3 } as const;
export type ForwardMode = (typeof ForwardMode)[keyof typeof ForwardMode];

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
