/**
 * The decision trees' options and their verdict threshold, apart from the trees themselves
 * (tree-judge.ts): the pages' option panels read these on the main thread, and importing them
 * from tree-judge.ts would load and flatten the trees (trees.json, about 270 KB) there too.
 */
import { integer } from '../option-spec';

export const TREE_OPTIONS = {
  treeMinDepth: integer({
    label: 'Ask the tree from depth',
    default: 2,
    min: 1,
    max: 64,
    unit: 'plies',
    help: 'The decision tree orders, prunes and extends only at nodes with at least this much depth left: it costs a few microseconds a move.',
  }),
  treeMateShare: integer({
    label: 'Mate-threat confidence',
    default: 900,
    min: 501,
    max: 1000,
    unit: '‰',
    help: 'The mate-threat extension fires only where at least this share (in thousandths) of the mate tree’s training positions at the leaf held a mate in 3.',
  }),
};

/** A leaf's share of class 1 above this (in thousandths) is the tree's "best" (its majority). */
export const JUDGED_BEST = 500;
