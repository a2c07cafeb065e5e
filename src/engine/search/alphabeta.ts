/**
 * Negamax α-β with principal-variation search, a transposition table, quiescence search, and
 * every pruning and extension behind its switch.
 *
 * A node runs as numbered steps (Stockfish's habit), each short enough for a chapter to show
 * alone. The steps that end a node without its moves (1, the rules; 2, the horizon) are in
 * node-ends.ts; what the search decides about a move before reading it (9, skip it?; 10, how
 * deep?) is written once into the ply's MoveRecord (move-record.ts); the techniques only answer
 * their question (pruning.ts, forward-pruning.ts, extensions.ts, ../dual-credit/dual-credit.ts).
 * The recursion happens here: a move is read by `readMove` (Step 11), always through
 * `searchChild`, the one place that makes a move, fills in every per-ply slot the child reads,
 * and takes it back. The options (pvs, contempt) are declared in option-decls.ts.
 */
import type { Move } from '../types';
import { recaptureResearch } from './extensions';
import {
  carriesCredit,
  creditKey,
  creditCanMatter,
  creditExtension,
  moveCreditEntry,
  passCredits,
} from '../dual-credit/dual-credit';
import { probeMate } from './mate-probe';
import { rewardQuiet } from './ordering';
import { futilityValue, nullMoveReduction, verifiesNullMove, wantsRazoring } from './pruning';
import { checkStop, MUST_PLAY, quiescence } from './quiescence';
import { horizon, horizonWithoutMove, valueByRules } from './node-ends';
import { INFINITE, isMatedScore, MATE_BOUND, mateIn, matedIn } from './score';
import { Counter, MAX_SEARCH_PLY, type MoveRecord } from './search-data';
import type { SearchState } from './state';
import { done, Note, Reason } from './trace';
import { planMove, pruneReason, recordMove, tracePruned } from './move-record';
import { Bound } from './tt';

// #region search-child
/**
 * Enter a child node: play `move` (0: pass), write every per-ply slot the child reads — the
 * move that led there, the extension budget it inherits, Dual Credit's two accounts (the mover's
 * raised by the credit of table entry `creditEntry`), the trace note — search it with the window turned round, and take the move
 * back. Returns the child's value from this side.
 */
function searchChild(
  s: SearchState,
  ply: number,
  move: Move,
  depth: number,
  alpha: number,
  beta: number,
  pvNode: boolean,
  extension: number,
  note: Note,
  noteArg = 0,
  creditEntry = -1,
): number {
  const pos = s.pos;
  s.line[ply] = move;
  if (depth <= 0 && s.horizonWithoutMove && move !== 0) {
    const v = horizonWithoutMove(s, ply, move, alpha);
    if (v !== MUST_PLAY) return -v;
  }
  s.extensions[ply + 1] = s.extensions[ply]! + extension;
  if (s.options.dualCredit) passCredits(s, ply, creditEntry);
  if (s.trace !== null) {
    s.trace.note = note;
    s.trace.noteArg = noteArg;
  }
  if (move === 0) pos.doNullMove();
  else pos.doMove(move);
  const v = -alphaBeta(s, depth, -beta, -alpha, ply + 1, pvNode);
  if (move === 0) pos.undoNullMove();
  else pos.undoMove(move);
  return v;
}
// #endregion

/**
 * Step 6b. Null-move verification: search the node itself, no pass allowed, to the reduced depth.
 * Its nodes are not drawn in the trace (the node's reason says it was verified).
 */
function verifyNullMove(s: SearchState, depth: number, beta: number, ply: number): boolean {
  s.nullMoveDisabled++;
  if (s.trace !== null) s.trace.suspended++;
  const v = alphaBeta(s, depth, beta - 1, beta, ply, false);
  if (s.trace !== null) s.trace.suspended--;
  s.nullMoveDisabled--;
  return v >= beta;
}

// #region alpha-beta
/** The value of the position for the side to move, searched `depth` plies deep within (alpha, beta). */
export function alphaBeta(
  s: SearchState,
  depth: number,
  alpha: number,
  beta: number,
  ply: number,
  pvNode: boolean,
): number {
  const pos = s.pos;
  const o = s.options;
  s.pvLength[ply] = 0;

  // Step 1. Positions the rules decide.
  if (ply > 0) {
    const v = valueByRules(s, ply, depth, alpha, beta);
    if (v !== null) return v;
  }

  // Step 1b. Dual Credit (seed 001): credit the last mover has saved becomes depth.
  if (o.dualCredit && ply > 0) depth += creditExtension(s, ply);

  // Step 2. At the horizon.
  if (depth <= 0 || ply >= MAX_SEARCH_PLY - 1) return horizon(s, ply, depth, alpha, beta);

  s.nodes++;
  s.nodesPerPly[ply]!++;
  if (ply > s.seldepth) s.seldepth = ply;
  checkStop(s);
  if (s.stopped) return 0;
  const id =
    s.trace === null ? -1 : s.trace.enter(ply, ply > 0 ? s.line[ply - 1]! : 0, depth, alpha, beta);

  // Step 3. Transposition table: a deep enough entry may answer the node outright. A node with
  // Dual Credit that may still become depth has its own entries (carriesCredit, in
  // dual-credit/dual-credit.ts).
  let ttMove: Move = 0;
  const credited = carriesCredit(s, ply, depth);
  const keyLo = credited ? (pos.keyLo ^ creditKey(s, ply)) | 0 : pos.keyLo;
  const entry = s.tt.enabled ? s.tt.probe(keyLo, pos.keyHi) : -1;
  if (entry < 0 && credited && s.tt.enabled) {
    const plain = s.tt.probe(pos.keyLo, pos.keyHi);
    if (plain >= 0) ttMove = s.tt.move(plain);
  }
  if (s.tt.enabled) s.ttProbes++;
  if (entry >= 0) {
    s.ttHits++;
    ttMove = s.tt.move(entry);
    const v = s.tt.value(entry, ply);
    const bound = s.tt.bound(entry);
    if (
      !pvNode &&
      s.tt.depth(entry) >= depth &&
      (bound === Bound.Exact ||
        (bound === Bound.Lower && v >= beta) ||
        (bound === Bound.Upper && v <= alpha))
    ) {
      s.ttCutoffs++;
      return done(s.trace, id, v, 'tt', Reason.TableHit, s.tt.depth(entry));
    }
  }

  const inCheck = pos.inCheck();

  // Step 3b. Near the horizon, the mate search at the leaves (mate-probe.ts): a proven mate ends
  // the node. Not at the root, which must name a move.
  if (s.mateProbeOn && ply > 0 && depth <= o.mateProbeDepth && !inCheck) {
    const length = probeMate(s);
    if (length > 0)
      return done(s.trace, id, mateIn(ply + length), 'mate', Reason.MateProbe, length);
  }

  // Step 4. The static value, for the pruning steps that compare it with α and β.
  const mayPrune = !pvNode && !inCheck;
  const staticEval = mayPrune && s.wantsStaticEval ? s.evaluate() : 0;

  // Step 5. Razoring: hopeless near the horizon? Ask quiescence search alone.
  if (mayPrune && wantsRazoring(s, depth, staticEval, alpha)) {
    s.counters[Counter.Razoring]!++;
    const v = quiescence(s, alpha, alpha + 1, ply, 0);
    if (s.stopped) return 0;
    if (v <= alpha) return done(s.trace, id, v, 'all', Reason.Razoring, staticEval);
    s.counters[Counter.RazoringCorrected]!++;
  }

  // Step 6. Null-move pruning: even after passing, still at or above β?
  const r = mayPrune ? nullMoveReduction(s, depth, staticEval, beta, ply) : 0;
  if (r > 0) {
    s.counters[Counter.NullMove]!++;
    let v = searchChild(s, ply, 0, depth - 1 - r, beta - 1, beta, false, 0, Note.NullMove, r);
    if (s.stopped) return 0;
    if (v >= beta) {
      if (v > MATE_BOUND) v = beta; // a pass proves no mate
      const verified = verifiesNullMove(s, depth);
      if (!verified || verifyNullMove(s, depth - 1 - r, beta, ply)) {
        s.counters[Counter.NullMoveCutoff]!++;
        return done(s.trace, id, v, 'null-move', Reason.NullMoveCut, verified ? 1 : 0);
      }
      if (s.stopped) return 0;
      s.counters[Counter.NullMoveVerifyFail]!++;
    }
  }

  // Step 7. The moves, best first (move-picker.ts).
  const picker = s.pickers[ply]!;
  picker.initMain(ttMove, inCheck, depth);
  const futility = mayPrune ? futilityValue(s, depth, staticEval) : INFINITE;

  // Step 8. Search them: the first with the full window, the rest with a null window that is
  // widened only when a move proves better than the best so far (PVS).
  const alphaOrig = alpha;
  let best = -INFINITE;
  let bestMove: Move = 0;
  let searched = 0;
  let pruned = 0;
  for (let move = picker.next(); move !== 0; move = picker.next()) {
    if (ply === 0 && s.rootMoves !== null && !s.rootMoves.has(move)) continue;
    const r = recordMove(s, ply, move);

    // Step 9. Moves not worth reading: forward pruning (seed 000) and futility pruning. Never
    // the first move, never in check, and never while every move read so far loses to mate.
    if (s.prunesMoves && searched > 0 && !inCheck && !isMatedScore(best)) {
      const why = pruneReason(s, picker, r, depth, futility, alpha);
      if (why !== Reason.None) {
        pruned++;
        // The skipped move might have reached the futility value: the node's bound says so.
        if (why === Reason.Futility && futility > best) best = futility;
        if (s.trace !== null) tracePruned(s, ply, r, depth, alpha, beta, why, staticEval);
        continue;
      }
    }

    // Step 10. Extensions, the late-move reduction, Dual Credit's credit: how deep to read it.
    planMove(s, ply, r, depth, inCheck, searched);

    // Step 11. Read it (readMove).
    const v = readMove(s, ply, r, alpha, beta, pvNode, searched === 0);
    searched++;
    if (s.stopped) return 0;

    // #region beta-cutoff
    // Step 12. A new best move; at β, a cut-off: the opponent will not allow this line. The best
    // move is kept even when nothing reaches α: the table hands it to the next iteration first.
    if (v > best) {
      best = v;
      bestMove = move;
      if (v > alpha) {
        alpha = v;
        s.updatePv(ply, move);
        if (v >= beta) {
          s.cutoffs++;
          if (searched === 1) s.firstMoveCutoffs++;
          if (r.quiet) rewardQuiet(s, move, ply, depth);
          break;
        }
      }
    }
    // #endregion
  }

  // Step 13. No legal move: the side to move has lost (shogi has no stalemate).
  if (searched === 0) return done(s.trace, id, matedIn(ply), 'mate', Reason.NoLegalMove);

  // Step 14. Remember the result.
  const bound = best >= beta ? Bound.Lower : best > alphaOrig ? Bound.Exact : Bound.Upper;
  s.tt.store(keyLo, pos.keyHi, bestMove, best, depth, bound, ply);
  if (id < 0) return best;
  if (bound === Bound.Lower) return done(s.trace, id, best, 'cut', Reason.BetaCutoff, searched);
  if (bound === Bound.Exact) return done(s.trace, id, best, 'pv', Reason.Exact, bestMove);
  return done(s.trace, id, best, 'all', Reason.FailLow, searched, pruned);
}
// #endregion

// #region read-move
/**
 * Step 11. Read a move as its record says: reduced first when LMR says so, and at full depth if
 * that beats α; after the first move with a null window (principal-variation search), and with
 * the full window again when the value lands inside it; then seed 000's re-search of a recapture,
 * and Dual Credit's re-search of a move that raised α with the credit it earned. Every search of
 * the move carries the record's depth, extension and credit. Returns the value from this side.
 */
function readMove(
  s: SearchState,
  ply: number,
  r: MoveRecord,
  alpha: number,
  beta: number,
  pvNode: boolean,
  first: boolean,
): number {
  const { move, newDepth, extension, credit } = r;
  let v: number;
  // A null-window search at full depth that lands inside (α, β) is read again with the full
  // window (principal-variation search); only a PV node has such a window.
  let nullWindow = false;
  if (r.reduction > 0) {
    s.counters[Counter.Lmr]!++;
    const reduced = newDepth - r.reduction;
    v = searchChild(
      s,
      ply,
      move,
      reduced,
      alpha,
      alpha + 1,
      false,
      extension,
      Note.Lmr,
      r.reduction,
      credit,
    );
    if (v > alpha && !s.stopped) {
      s.counters[Counter.LmrResearch]!++;
      v = searchChild(
        s,
        ply,
        move,
        newDepth,
        alpha,
        alpha + 1,
        false,
        extension,
        Note.LmrResearch,
        0,
        credit,
      );
      nullWindow = true;
    }
  } else if (first || !s.options.pvs) {
    v = searchChild(s, ply, move, newDepth, alpha, beta, pvNode, extension, r.note, 0, credit);
  } else {
    v = searchChild(s, ply, move, newDepth, alpha, alpha + 1, false, extension, r.note, 0, credit);
    nullWindow = true;
  }
  if (nullWindow && v > alpha && v < beta && !s.stopped)
    v = searchChild(
      s,
      ply,
      move,
      newDepth,
      alpha,
      beta,
      true,
      extension,
      Note.PvsResearch,
      0,
      credit,
    );

  // Seed 000's horizon re-search of a recapture.
  const plies =
    s.stopped || !s.options.recaptureExtension
      ? 0
      : recaptureResearch(s, ply, move, v, beta, extension);
  if (plies > 0) {
    const deeper = newDepth + plies;
    v = searchChild(
      s,
      ply,
      move,
      deeper,
      alpha,
      beta,
      pvNode,
      extension + plies,
      Note.RecaptureResearch,
      plies,
      credit,
    );
  }

  // #region dual-credit-research
  // Dual Credit (Fig. 1): a move that raises α earns its credit, and is searched again with the
  // mover's account raised by it.
  if (s.creditImproving && v > alpha && !s.stopped) {
    const earned = moveCreditEntry(s, ply, move);
    if (earned >= 0 && creditCanMatter(s, ply, newDepth, earned, extension)) {
      s.counters[Counter.DualCreditResearch]!++;
      v = searchChild(
        s,
        ply,
        move,
        newDepth,
        alpha,
        beta,
        pvNode,
        extension,
        Note.DualCreditResearch,
        0,
        earned,
      );
    }
  }
  // #endregion
  return v;
}
// #endregion
