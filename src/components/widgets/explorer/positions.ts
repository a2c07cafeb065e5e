/**
 * Positions a search explorer offers when its chapter gives none: the start, where every search
 * begins, and an opening skirmish, where captures and drops give pruning something to cut.
 */
export interface SearchPosition {
  /** Stable id, for tests and links (default: made from the label). */
  id?: string;
  label: string;
  /** An SFEN, `startpos`, or a USI position command with moves. */
  position: string;
  /** What to look at once it is loaded. */
  note?: string;
}

export const DEFAULT_POSITIONS: readonly SearchPosition[] = [
  {
    id: 'start',
    label: 'Start position',
    position: 'startpos',
    note: 'Thirty quiet moves and nothing to capture: the tree is wide and flat.',
  },
  {
    id: 'rook-exchange',
    label: 'Rook exchange',
    position: 'startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d',
    note: 'Sente’s rook has just retaken on 2d: each side has a pawn in hand, and gote has 44 legal moves.',
  },
];

/** A preset's id: the one given, or its label in lower case with dashes. */
export const positionId = (p: SearchPosition): string =>
  p.id ??
  p.label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
