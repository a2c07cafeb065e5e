/**
 * Seeded random playouts that prefer captures (two times in three), the source of tactical
 * positions with pieces in hand for the finder scripts. The same seed gives the same positions.
 */
import { legalMoves, moveTo, Position } from '../../src/engine/index';

export interface PlayoutPosition {
  /** Index of the playout, so a position can be found again from its seed. */
  playout: number;
  ply: number;
  position: Position;
}

/** Positions after 30–89 random plies, skipping games that ended or have one legal move. */
export function* randomPlayouts(seed: number, count: number): Generator<PlayoutPosition> {
  let state = seed >>> 0;
  const random = (n: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  for (let playout = 0; playout < count; playout++) {
    const pos = Position.startpos();
    const length = 30 + random(60);
    let ended = false;
    for (let ply = 0; ply < length; ply++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) {
        ended = true;
        break;
      }
      const captures = moves.filter((m) => pos.board[moveTo(m)] !== 0);
      const pool = captures.length > 0 && random(3) > 0 ? captures : moves;
      pos.doMove(pool[random(pool.length)]!);
    }
    if (ended || legalMoves(pos).length < 2) continue;
    yield { playout, ply: length, position: pos.clone() };
  }
}
