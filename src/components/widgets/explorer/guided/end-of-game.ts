/**
 * Chapter 8's guided experiment: the game search without (A) and with (B) a small mate search at
 * its leaves, on the mate in 5 and the mate in 9, and the probe kept to a boxed-in king.
 * test/components/explorer/guided-steps.test.ts runs every step and pins what its note says.
 */
import type { Guide } from '../guided-steps';

/** Sente to move and mate in five plies (antma/tsumeshogi-check's first problem). */
export const MATE_IN_5 = 'sfen 6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1';
/** Sente to move and mate in nine plies (from maou's test suite). */
export const MATE_IN_9 = 'sfen 7nl/9/7kp/4r1N2/8P/6LG+p/9/9/9 b R2b3g4s2n2l15p 1';
const PROBE = { mateProbeNodes: 300 };

export const MATE_PROBE_GUIDE = {
  options: {},
  steps: [
    {
      label: 'Depth 2, with and without',
      note: 'A, the plain search, scores sente as lost and plays G*4b. B, with a 300-node mate search at its leaves, reports a mate and plays S*4b; in its counters, nearly all of B’s nodes are the mate searches’.',
      position: MATE_IN_5,
      depth: 2,
      compare: true,
      b: PROBE,
    },
    {
      label: 'Plain α-β one ply deeper',
      note: 'At depth 3 the plain search still sees no mate: it plays G*4b again, and its score still says lost.',
      position: MATE_IN_5,
      depth: 3,
    },
    {
      label: 'Only near a boxed-in king',
      note: 'Back at depth 2, B probes only where the king has at most one flight square: fewer mate searches than in step 1, a small fraction of their nodes, and the same mate.',
      position: MATE_IN_5,
      depth: 2,
      compare: true,
      b: { ...PROBE, mateProbeFlights: 1 },
    },
    {
      label: 'The mate in 9',
      note: 'A longer mate, at depth 2: A plays R*2b and scores it lost; B finds a mate and plays 3d2b+.',
      position: MATE_IN_9,
      depth: 2,
      compare: true,
      b: PROBE,
    },
    {
      label: 'Mate in 9, boxed-in only',
      note: 'Kept to a king with at most one flight square, B misses this mate and plays A’s R*2b. Set B’s Only near a boxed-in king to 2 and it finds the mate again.',
      position: MATE_IN_9,
      depth: 2,
      compare: true,
      b: { ...PROBE, mateProbeFlights: 1 },
    },
  ],
} as const satisfies Guide;
