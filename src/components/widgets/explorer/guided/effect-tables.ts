/**
 * Chapter 6's guided experiment: the effect evaluation (A) against material alone (B) early in a
 * static-rook against ranging-rook opening to depth 4, then the effect evaluation's constants, and
 * the tuned table the engine plays with. Three evaluations, three moves.
 * test/components/explorer/guided-steps.test.ts runs every step and pins what its note says.
 */
import type { Guide } from '../guided-steps';

/** Sente to move, early in the opening, the kings still on their first squares. */
export const STATIC_VS_RANGING =
  'lnsgkgsnl/1r7/ppppp1bpp/5pp2/7P1/2P6/PP1PPPP1P/1B5R1/LNSGKGSNL b - 7';
const DEPTH = 4;
const MATERIAL = { evaluator: 'material' };

export const EFFECT_GUIDE = {
  options: { evaluator: 'effect' },
  steps: [
    {
      label: 'Effects against material',
      note: 'B, by material alone, finds nothing to win (its score is 0) and plays a king step, 5i5h. A, counting effects near the kings, steps its king the other way, 5i6h, and reads more nodes.',
      position: STATIC_VS_RANGING,
      depth: DEPTH,
      compare: true,
      b: MATERIAL,
    },
    {
      label: 'Count cap N = 1',
      note: 'Every square counts one effect at most: A leaves its king where it is and brings its bishop out, 8h6f.',
      position: STATIC_VS_RANGING,
      depth: DEPTH,
      compare: true,
      a: { 'effectEval.cap': 1 },
      b: MATERIAL,
    },
    {
      label: 'Weights at 0',
      note: 'With both weights at 0 nothing is left but material: A plays B’s move, with B’s score, from exactly B’s nodes.',
      position: STATIC_VS_RANGING,
      depth: DEPTH,
      compare: true,
      a: { 'effectEval.ours': 0, 'effectEval.theirs': 0 },
      b: MATERIAL,
    },
    {
      label: 'The tuned table',
      note: 'A searches with the table the engine plays with (the chapter’s last section): it moves a gold, 6i5h, a third move where material and the seed’s tables chose two others.',
      position: STATIC_VS_RANGING,
      depth: DEPTH,
      compare: true,
      a: { evaluator: 'tuned' },
      b: MATERIAL,
    },
  ],
} as const satisfies Guide;
