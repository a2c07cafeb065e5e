/**
 * Chapter 2's guided experiment: the standard ordering taken apart, one rule at a time, against
 * the generator's order (A), in the King threat position to depth 3. The transposition table is
 * off, so every ordering must find the same value (α-β's guarantee) and only the work differs.
 * test/components/explorer/guided-steps.test.ts runs every step and pins what its note says.
 */
import { EVAL_PRESETS } from '../../move-eval/presets';
import type { Guide } from '../guided-steps';
import type { SearchPosition } from '../positions';

/** Chapter 2's positions, from the move evaluator's presets. */
export const ORDERING_POSITIONS: readonly SearchPosition[] = EVAL_PRESETS.map((p) => ({
  id: p.id,
  label: p.label,
  position: p.sfen,
  note: p.note,
}));

const KING_THREAT = EVAL_PRESETS.find((p) => p.id === 'king-threat')!.sfen;
const DEPTH = 3;

export const ORDERING_GUIDE = {
  options: { ordering: 'none', ttSizeMb: 0 },
  steps: [
    {
      label: 'The generator’s order',
      note: 'The moves are read in the order the generator makes them. The search plays P*4b, and only about one β cut-off in seven is made by the first move tried.',
      position: KING_THREAT,
      depth: DEPTH,
    },
    {
      label: 'Captures first',
      note: 'B tries captures first, the most valuable victim first (MVV-LVA), then the rest as generated: the same move and score as A from about three fifths of its nodes, and about half of B’s cut-offs come from the first move.',
      position: KING_THREAT,
      depth: DEPTH,
      compare: true,
      b: { ordering: 'standard', killers: false, history: false },
    },
    {
      label: 'Killer moves',
      note: 'B also tries first the quiet moves that made a cut-off at the same ply: under half of A’s nodes now, for the same move and score.',
      position: KING_THREAT,
      depth: DEPTH,
      compare: true,
      b: { ordering: 'standard', history: false },
    },
    {
      label: 'History',
      note: 'And the other quiet moves by how often they have cut off anywhere: this is the standard ordering, and it reads about a third of A’s nodes.',
      position: KING_THREAT,
      depth: DEPTH,
      compare: true,
      b: { ordering: 'standard' },
    },
    {
      label: 'Seed 000’s move values',
      note: 'B sorts every move by its move evaluation: fewer nodes than the standard ordering and more cut-offs by the first move, for the same move and score.',
      position: KING_THREAT,
      depth: DEPTH,
      compare: true,
      b: { ordering: 'move-evaluation' },
    },
  ],
} as const satisfies Guide;
