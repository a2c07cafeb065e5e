/**
 * Short mates (短手数の詰み): does the side to move mate within a few plies, checking with every
 * move (詰将棋's rule: every attacking move is a check, every defence is tried)? A plain AND/OR
 * walk over legal moves, exact and slow: it labels positions for seed 002's mate data (a mate
 * within 3 plies, the depth of the paper's full-width searches) and checks faster solvers. A
 * pawn drop that mates is not a legal move (打ち歩詰め), so it never counts.
 */
import { givesCheck } from './move-check';
import { legalMoves } from './movegen';
import type { Position } from './position';
import type { Move } from './types';

// #region short-mate
/**
 * A checking move that mates within `plies` plies (1, 3, 5 …) against every defence, or 0 when
 * there is none. `pos` is left as it was.
 */
export function findShortMate(pos: Position, plies: number): Move {
  for (const move of legalMoves(pos)) {
    if (!givesCheck(pos, move)) continue;
    pos.doMove(move);
    const mates = everyDefenceLoses(pos, plies - 1);
    pos.undoMove(move);
    if (mates) return move;
  }
  return 0;
}

/** The side to move is in check: does every legal reply leave a mate within `plies` − 1? */
function everyDefenceLoses(pos: Position, plies: number): boolean {
  const replies = legalMoves(pos);
  if (replies.length === 0) return true;
  if (plies < 2) return false;
  for (const reply of replies) {
    pos.doMove(reply);
    const mated = findShortMate(pos, plies - 1) !== 0;
    pos.undoMove(reply);
    if (!mated) return false;
  }
  return true;
}
// #endregion
