/**
 * Chapter 7's guided experiment: the decision trees inside the search, plain α-β (A) against each
 * use of the trees (B) in the rook exchange to depth 4: ordering by the best-move tree, pruning by
 * it, and the mate tree's extension. test/components/explorer/guided-steps.test.ts runs every step
 * and pins what its note says.
 */
import type { Guide } from '../guided-steps';
import { DEFAULT_POSITIONS } from '../positions';

export const ROOK_EXCHANGE = DEFAULT_POSITIONS.find((p) => p.id === 'rook-exchange')!.position;
const DEPTH = 4;

export const DTREE_GUIDE = {
  options: {},
  steps: [
    {
      label: 'Order by the tree',
      note: 'B orders moves by the tree’s share of teacher’s moves, A the standard way: the same move and score, about as many nodes, and about the same share of cut-offs by the first move. The tree orders no better.',
      position: ROOK_EXCHANGE,
      depth: DEPTH,
      compare: true,
      b: { ordering: 'decision-tree' },
    },
    {
      label: 'Prune by the tree',
      note: 'B leaves unread the moves the tree does not call best (captures, checks and each node’s first move are kept): under a third of A’s nodes, for the same move and score.',
      position: ROOK_EXCHANGE,
      depth: DEPTH,
      compare: true,
      b: { forwardPruning: 'tree' },
    },
    {
      label: 'Ask it one ply from the horizon',
      note: 'Asked at nodes with one ply left too, the tree prunes harder still: under a fifth of A’s nodes, and still the same move and score.',
      position: ROOK_EXCHANGE,
      depth: DEPTH,
      compare: true,
      b: { forwardPruning: 'tree', treeMinDepth: 1 },
    },
    {
      label: 'The mate-threat extension',
      note: 'The mate tree is never 90 % sure of a mate here: B extends no move, and reads exactly A’s nodes.',
      position: ROOK_EXCHANGE,
      depth: DEPTH,
      compare: true,
      b: { treeMateExtension: true },
    },
    {
      label: 'Less sure: 60 %',
      note: 'Trusting leaves where 60 % of the training positions held a mate, the tree extends a few dozen moves: B reads about a third more nodes than A, and plays the same move.',
      position: ROOK_EXCHANGE,
      depth: DEPTH,
      compare: true,
      b: { treeMateExtension: true, treeMateShare: 600 },
    },
  ],
} as const satisfies Guide;
