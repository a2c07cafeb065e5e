/**
 * Chapter 5's guided experiment: Dual Credit (A) against plain α-β (B) in the rook-grab position
 * to depth 3, then the credit's limit, where it is given, one shared account, and the check
 * extension in its place. test/components/explorer/guided-steps.test.ts runs every step and pins
 * what its note says.
 */
import type { Guide } from '../guided-steps';

/** The chapter's first position: gote's bishop on 2f can take sente's rook on 4h, promoting. */
export const ROOK_GRAB =
  '1n2ks3/lrgsg3l/pp3pnPp/2p1p4/1P1p5/2P1S1Pb1/b2P1P2P/2S1GR3/LN2KG1NL w P3p 36';
const DEPTH = 3;
const PLAIN = { dualCredit: false };

export const DUAL_CREDIT_GUIDE = {
  options: { dualCredit: true },
  steps: [
    {
      label: 'Dual Credit against plain α-β',
      note: 'B, plain α-β, takes the rook, 2f4h+. A, with Dual Credit, first promotes its other bishop, 9g8h+: its counters show a few plies of extension from credit, for about a third more nodes than B.',
      position: ROOK_GRAB,
      depth: DEPTH,
      compare: true,
      b: PLAIN,
    },
    {
      label: 'A credit limit of 3',
      note: 'At a limit of 3 no credit becomes depth: A still re-searches moves with their credit, but extends nothing, and takes the rook as B does.',
      position: ROOK_GRAB,
      depth: DEPTH,
      compare: true,
      a: { creditLimit: 3 },
      b: PLAIN,
    },
    {
      label: 'Credit at every move',
      note: 'Back at 2, with credit given to every move before it is read: no move is searched twice, more plies of extension than in step 1, about as many nodes as B, and A still plays 9g8h+.',
      position: ROOK_GRAB,
      depth: DEPTH,
      compare: true,
      a: { creditWhere: 'every' },
      b: PLAIN,
    },
    {
      label: 'One shared account',
      note: 'Both sides’ forcing moves fill one account, with its own limit: more plies of extension than two accounts gave in step 1, more nodes, and the same move, 9g8h+.',
      position: ROOK_GRAB,
      depth: DEPTH,
      compare: true,
      a: { creditPool: 'combined' },
      b: PLAIN,
    },
    {
      label: 'The check extension instead',
      note: 'B extends every check by a ply, chapter 4’s way: it extends far more often than A, chooses A’s move, 9g8h+, and still reads fewer nodes than A.',
      position: ROOK_GRAB,
      depth: DEPTH,
      compare: true,
      b: { dualCredit: false, checkExtension: true },
    },
  ],
} as const satisfies Guide;
