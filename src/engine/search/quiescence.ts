/**
 * Quiescence search (静止探索): past the horizon, keep reading captures and promotions until the
 * position is quiet, so the evaluation is never taken in the middle of an exchange.
 */
import { hasLegalMove } from '../movegen';
import { toggle } from '../option-spec';
import { MAX_SEARCH_PLY, type SearchState } from './state';
import { INFINITE, matedIn } from './score';

export const QUIESCENCE_OPTIONS = {
  quiescence: toggle({
    label: 'Quiescence search',
    default: true,
    help: 'Resolve captures at the leaves.',
  }),
};

/** Quiescence stops resolving captures this many plies past the horizon… */
const MAX_QUIESCENCE_PLY = 16;
/** …and answers a check with every evasion only this close to the horizon. */
const MAX_QUIESCENCE_CHECK_PLY = 2;
/** How often (in nodes) the search looks at the clock and the stop signal. */
const CHECK_INTERVAL = 1024;

/** Every CHECK_INTERVAL nodes: should the search stop (time, node limit, a stop request)? */
export function checkStop(s: SearchState): void {
  const total = s.nodes + s.qnodes;
  if (total >= s.nextCheck) {
    s.nextCheck = total + CHECK_INTERVAL;
    if (s.shouldStop()) s.stopped = true;
  }
}

// #region quiescence
/**
 * The value of a position past the horizon, for the side to move. Not in check, the side may
 * "stand pat" — decline every capture and keep the static value — so only captures that raise it
 * are read. In check near the horizon every evasion is read; deeper, a check is answered by the
 * static value unless there is no legal move at all (mate).
 */
export function quiescence(
  s: SearchState,
  alpha: number,
  beta: number,
  ply: number,
  qply: number,
): number {
  const pos = s.pos;
  s.qnodes++;
  if (ply > s.seldepth) s.seldepth = ply;
  checkStop(s);
  if (s.stopped) return 0;
  const inCheck = pos.inCheck();
  let best = -INFINITE;
  if (!inCheck) {
    const standPat = s.evaluate();
    if (standPat >= beta || qply >= MAX_QUIESCENCE_PLY || ply >= MAX_SEARCH_PLY - 1)
      return standPat;
    best = standPat;
    if (standPat > alpha) alpha = standPat;
  } else if (qply >= MAX_QUIESCENCE_CHECK_PLY || ply >= MAX_SEARCH_PLY - 1) {
    // Blocking drops alone can number dozens at every ply: only "no legal reply" still counts.
    return hasLegalMove(pos) ? s.evaluate() : matedIn(ply);
  }
  const picker = s.pickers[ply]!;
  picker.initQuiescence(inCheck);
  let searched = 0;
  for (let move = picker.next(); move !== 0; move = picker.next()) {
    s.line[ply] = move;
    pos.doMove(move);
    const v = -quiescence(s, -beta, -alpha, ply + 1, qply + 1);
    pos.undoMove(move);
    searched++;
    if (s.stopped) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return inCheck && searched === 0 ? matedIn(ply) : best;
}
// #endregion
