/**
 * Steps 9 and 10 of a node (alphabeta.ts): what the search decides about one move before reading
 * it, written once into the ply's MoveRecord. Each technique only answers its question here —
 * forward pruning and futility "skip it?", the extensions "how many plies?", LMR "how many fewer?",
 * Dual Credit "what credit does it carry?" — and alphabeta.ts reads the move as the record says.
 */
import { givesCheck } from '../move-check';
import { EMPTY, isPromotion, moveTo, type Move } from '../types';
import { checkExtension, mateThreatExtension } from './extensions';
import { moveCreditEntry } from '../dual-credit/dual-credit';
import { forwardPruneReason } from './forward-pruning';
import type { MovePicker } from './move-picker';
import { lateMoveReduction } from './pruning';
import { Counter, type MoveRecord } from './search-data';
import type { SearchState } from './state';
import { Note, Reason } from './trace';
import { JUDGED_BEST } from '../dtree/tree-options';

/** The ply's record for `move`, with what the move is: a capture, quiet, a check. */
export function recordMove(s: SearchState, ply: number, move: Move): MoveRecord {
  const r = s.records[ply]!;
  r.move = move;
  r.capture = s.pos.board[moveTo(move)] !== EMPTY;
  r.quiet = !r.capture && !isPromotion(move);
  // Asked only when an option reads it (futility and LMR spare checks, forward pruning may keep
  // them, the check extension extends them).
  r.check = s.readsCheck && givesCheck(s.pos, move);
  return r;
}

// #region prune-step
/**
 * Step 9. Is the move not worth reading? Futility pruning (a quiet move, no check, the node's
 * static value plus a margin still at or below α) or forward pruning (seed 000). The caller asks
 * only when a move may be skipped: never the first, never in check, never while every move read
 * so far loses to mate. Counts what it skips.
 */
export function pruneReason(
  s: SearchState,
  picker: MovePicker,
  r: MoveRecord,
  depth: number,
  futility: number,
  alpha: number,
): Reason {
  const why =
    r.quiet && !r.check && futility <= alpha
      ? Reason.Futility
      : forwardPruneReason(s, picker, r.move, depth, r.capture, r.check);
  if (why === Reason.Futility) s.counters[Counter.Futility]!++;
  else if (why !== Reason.None) s.counters[Counter.ForwardPruning]!++;
  return why;
}
// #endregion

// #region plan-step
/**
 * Step 10. How deep to read the move: its extensions (check, mate threat), its late-move
 * reduction (quiet moves late in the order), and with Dual Credit at every move (§4.2) the credit
 * it carries into each of its searches. `searched` moves came before it.
 */
export function planMove(
  s: SearchState,
  ply: number,
  r: MoveRecord,
  depth: number,
  inCheck: boolean,
  searched: number,
): void {
  r.credit = s.creditEveryMove ? moveCreditEntry(s, ply, r.move) : -1;
  const checked = s.extendsMoves ? checkExtension(s, ply, r.check) : 0;
  r.extension =
    checked > 0 || !s.extendsMoves ? checked : mateThreatExtension(s, ply, r.move, depth);
  r.newDepth = depth - 1 + r.extension;
  r.note =
    checked > 0 ? Note.CheckExtension : r.extension > 0 ? Note.MateThreatExtension : Note.None;
  r.reduction =
    s.options.lmr && r.quiet && !r.check && !inCheck
      ? lateMoveReduction(s, depth, searched + 1)
      : 0;
}
// #endregion

/** A move skipped without being read still shows in the tree, greyed, with the reason. */
export function tracePruned(
  s: SearchState,
  ply: number,
  r: MoveRecord,
  depth: number,
  alpha: number,
  beta: number,
  why: Reason,
  staticEval: number,
): void {
  const o = s.options;
  const trace = s.trace!;
  if (why === Reason.Futility)
    trace.pruned(ply, r.move, depth, alpha, beta, why, staticEval, o.futilityMargin * depth, alpha);
  else if (why === Reason.ForwardThreshold)
    trace.pruned(ply, r.move, depth, alpha, beta, why, s.prunedValue, o.forwardThreshold);
  else if (why === Reason.ForwardTree)
    trace.pruned(ply, r.move, depth, alpha, beta, why, s.prunedValue, JUDGED_BEST);
  else trace.pruned(ply, r.move, depth, alpha, beta, why, s.prunedValue, o.forwardRank);
}
