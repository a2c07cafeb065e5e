/**
 * Negamax α-β with principal-variation search, a transposition table, quiescence search, and
 * every pruning and extension behind its switch.
 *
 * A node runs as numbered steps (Stockfish's habit), each short enough for a chapter to show
 * alone. The techniques only decide — pruning.ts, forward-pruning.ts and extensions.ts answer
 * "skip?", "how many plies?" — and the recursion happens here, always through `searchChild`, the
 * one place that makes a move, fills in every per-ply slot the child reads, and takes it back.
 */
import { givesCheck } from '../move-check';
import { canDeclareWin, repeatsAfterMove, repetition, Repetition } from '../rules';
import { isInPromotionZone } from '../square';
import { integer, toggle } from '../option-spec';
import { EMPTY, isPromotion, type Move } from '../types';
import { checkExtension, mateThreatExtension, recaptureResearch } from './extensions';
import { JUDGED_BEST } from './tree-judge';
import {
  carriesCredit,
  creditKey,
  creditCanMatter,
  creditExtension,
  moveCreditEntry,
  passCredits,
} from './dual-credit';
import { forwardPruneReason } from './forward-pruning';
import { probeMate } from './mate-probe';
import { rewardQuiet } from './ordering';
import {
  futilityValue,
  lateMoveReduction,
  nullMoveReduction,
  verifiesNullMove,
  wantsRazoring,
} from './pruning';
import { checkStop, MUST_PLAY, quiescence, standPatWithoutMove } from './quiescence';
import { DRAW, INFINITE, isMatedScore, MATE_BOUND, mateIn, matedIn, RULE_WIN } from './score';
import { Counter, MAX_SEARCH_PLY, type SearchState } from './state';
import { Note, Reason, type TraceKind } from './trace';
import { Bound } from './tt';

export const ALPHA_BETA_OPTIONS = {
  pvs: toggle({ label: 'PVS', default: true, help: 'Null-window search after the first move.' }),
  contempt: integer({
    label: 'Contempt',
    default: 0,
    min: 0,
    max: 1000,
    step: 10,
    help: 'A repetition draw counts this much against the side to move at the root.',
  }),
};

/**
 * How far back (in plies) the search looks for a repeated position. YaneuraOu's default, 16: a
 * cycle longer than that (more than eight moves a side) seldom closes within one search, and
 * every two plies further back would cost one more key comparison at every node. The game's own
 * fourfold repetition is judged by the rules over the whole game, not here.
 */
export const REPETITION_WINDOW = 16;

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
 * A child at the horizon that would stand pat at once (quiescence.ts, standPatWithoutMove),
 * valued without playing the move, once the rules' checks the child would make first are known
 * to find nothing: no earlier position it might repeat, and no king of the child's side in the
 * enemy camp (the only way it could declare). Returns the child's value, or MUST_PLAY.
 */
function horizonWithoutMove(s: SearchState, ply: number, move: Move, alpha: number): number {
  const pos = s.pos;
  if (ply + 1 >= MAX_SEARCH_PLY - 1) return MUST_PLAY;
  const them = pos.sideToMove ^ 1;
  if (isInPromotionZone(them, pos.kingSquare[them]!)) return MUST_PLAY;
  pos.keyAfter(move);
  if (repeatsAfterMove(pos, REPETITION_WINDOW)) return MUST_PLAY;
  const v = standPatWithoutMove(s, move, -alpha, ply + 1, 0);
  if (v !== MUST_PLAY) s.pvLength[ply + 1] = 0;
  return v;
}

/** Record the end of a traced node (`id` ≥ 0) and pass the value on. */
function done(
  s: SearchState,
  id: number,
  value: number,
  kind: TraceKind,
  reason: Reason,
  a = 0,
  b = 0,
): number {
  if (id >= 0) s.trace!.exit(id, value, kind, reason, a, b);
  return value;
}

/** A node the search does not expand (rules, horizon): traced as one leaf. */
function leaf(
  s: SearchState,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
  value: number,
  kind: TraceKind,
  reason: Reason,
  a = 0,
): number {
  if (s.trace === null) return value;
  return done(s, s.trace.enter(ply, s.line[ply - 1]!, depth, alpha, beta), value, kind, reason, a);
}

// #region rules-step
/**
 * Step 1. The rules end some positions without a search: a repetition (千日手) is a draw (less
 * the contempt, for the side to move at the root), unless one side gave check with every move of
 * it (that side loses), and a side that can declare
 * (入玉宣言) wins. A repetition's verdict depends on the path, not on the position, so a win or
 * loss by it is scored in the rule band, below every mate: it is not stored as a mate distance and
 * never stops the search as a proof. Returns the value, or null to search the node.
 */
function valueByRules(
  s: SearchState,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
): number | null {
  const rep = repetition(s.pos, 2, REPETITION_WINDOW);
  if (rep === Repetition.Draw) {
    // Contempt: the root's side would rather play on; its opponent is glad to repeat.
    const v = ply % 2 === 0 ? DRAW - s.options.contempt : DRAW + s.options.contempt;
    return leaf(s, ply, depth, alpha, beta, v, 'draw', Reason.Repetition);
  }
  if (rep !== Repetition.None) {
    const v = rep === Repetition.Win ? RULE_WIN : -RULE_WIN;
    return leaf(s, ply, depth, alpha, beta, v, 'draw', Reason.PerpetualCheck);
  }
  if (canDeclareWin(s.pos))
    return leaf(s, ply, depth, alpha, beta, mateIn(ply), 'mate', Reason.Declaration);
  return null;
}
// #endregion

/**
 * Step 2. At the horizon: a mate the mate search at the leaves proves (when on), else quiescence
 * search, or the static value when it is off.
 */
function horizon(s: SearchState, ply: number, depth: number, alpha: number, beta: number): number {
  if (s.mateProbeOn && ply > 0 && !s.pos.inCheck()) {
    const length = probeMate(s);
    if (length > 0) {
      const v = mateIn(ply + length);
      return leaf(s, ply, depth, alpha, beta, v, 'mate', Reason.MateProbe, length);
    }
  }
  if (s.options.quiescence && ply < MAX_SEARCH_PLY - 1) {
    const id = s.trace === null ? -1 : s.trace.enter(ply, s.line[ply - 1]!, depth, alpha, beta);
    // Quiescence nodes are summarised by this one, not drawn one by one.
    if (s.trace !== null) s.trace.suspended++;
    const v = quiescence(s, alpha, beta, ply, 0);
    if (s.trace !== null) s.trace.suspended--;
    return done(s, id, v, 'quiescence', Reason.Quiescence);
  }
  s.nodes++;
  return leaf(s, ply, depth, alpha, beta, s.evaluate(), 'leaf', Reason.StaticEval);
}

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
  // Dual Credit that may still become depth has its own entries (dual-credit.ts, carriesCredit).
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
      return done(s, id, v, 'tt', Reason.TableHit, s.tt.depth(entry));
    }
  }

  const inCheck = pos.inCheck();

  // Step 3b. Near the horizon, the mate search at the leaves (mate-probe.ts): a proven mate ends
  // the node. Not at the root, which must name a move.
  if (s.mateProbeOn && ply > 0 && depth <= o.mateProbeDepth && !inCheck) {
    const length = probeMate(s);
    if (length > 0) return done(s, id, mateIn(ply + length), 'mate', Reason.MateProbe, length);
  }

  // Step 4. The static value, for the pruning steps that compare it with α and β.
  const mayPrune = !pvNode && !inCheck;
  const staticEval = mayPrune && s.wantsStaticEval ? s.evaluate() : 0;

  // Step 5. Razoring: hopeless near the horizon? Ask quiescence search alone.
  if (mayPrune && wantsRazoring(s, depth, staticEval, alpha)) {
    s.counters[Counter.Razoring]!++;
    const v = quiescence(s, alpha, alpha + 1, ply, 0);
    if (s.stopped) return 0;
    if (v <= alpha) return done(s, id, v, 'all', Reason.Razoring, staticEval);
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
        return done(s, id, v, 'null-move', Reason.NullMoveCut, verified ? 1 : 0);
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
    const capture = pos.board[move & 0xff] !== EMPTY;
    const quiet = !capture && !isPromotion(move);
    const check = s.readsCheck && givesCheck(pos, move);

    // Step 9. Moves not worth reading: forward pruning (seed 000) and futility pruning. Never
    // the first move, never in check, and never while every move read so far loses to mate.
    if (s.prunesMoves && searched > 0 && !inCheck && !isMatedScore(best)) {
      const why =
        quiet && !check && futility <= alpha
          ? Reason.Futility
          : forwardPruneReason(s, picker, move, depth, capture, check);
      if (why !== Reason.None) {
        pruned++;
        if (why === Reason.Futility) {
          s.counters[Counter.Futility]!++;
          // The skipped move might have reached the futility value: the node's bound says so.
          if (futility > best) best = futility;
        } else s.counters[Counter.ForwardPruning]!++;
        if (s.trace !== null) tracePruned(s, ply, move, depth, alpha, beta, why, staticEval);
        continue;
      }
    }

    // Step 10. Extensions, and late-move reductions for quiet moves late in the order. Dual
    // Credit at every move (§4.2): the move's credit goes with its first search.
    const credit = s.creditEveryMove ? moveCreditEntry(s, ply, move) : -1; // a table entry
    const checked = s.extendsMoves ? checkExtension(s, ply, check) : 0;
    const extension =
      checked > 0 || !s.extendsMoves ? checked : mateThreatExtension(s, ply, move, depth);
    const newDepth = depth - 1 + extension;
    const note =
      checked > 0 ? Note.CheckExtension : extension > 0 ? Note.MateThreatExtension : Note.None;
    const reduction =
      o.lmr && quiet && !check && !inCheck ? lateMoveReduction(s, depth, searched + 1) : 0;
    let v: number;
    // A null-window search at full depth that lands inside (α, β) is read again with the full
    // window (principal-variation search); only a PV node has such a window.
    let nullWindow = false;
    if (reduction > 0) {
      s.counters[Counter.Lmr]!++;
      v = searchChild(
        s,
        ply,
        move,
        newDepth - reduction,
        alpha,
        alpha + 1,
        false,
        extension,
        Note.Lmr,
        reduction,
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
    } else if (searched === 0 || !o.pvs) {
      v = searchChild(s, ply, move, newDepth, alpha, beta, pvNode, extension, note, 0, credit);
    } else {
      v = searchChild(s, ply, move, newDepth, alpha, alpha + 1, false, extension, note, 0, credit);
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

    // Step 11. Seed 000's horizon re-search of a recapture.
    const plies =
      s.stopped || !o.recaptureExtension ? 0 : recaptureResearch(s, ply, move, v, beta, extension);
    if (plies > 0)
      v = searchChild(
        s,
        ply,
        move,
        newDepth + plies,
        alpha,
        beta,
        pvNode,
        extension + plies,
        Note.RecaptureResearch,
        plies,
      );

    // #region dual-credit-research
    // Step 11b. Dual Credit (Fig. 1): a move that raises α earns its credit, and is searched
    // again with the mover's account raised by it.
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
        updatePv(s, ply, move);
        if (v >= beta) {
          s.cutoffs++;
          if (searched === 1) s.firstMoveCutoffs++;
          if (quiet) rewardQuiet(s, move, ply, depth);
          break;
        }
      }
    }
    // #endregion
  }

  // Step 13. No legal move: the side to move has lost (shogi has no stalemate).
  if (searched === 0) return done(s, id, matedIn(ply), 'mate', Reason.NoLegalMove);

  // Step 14. Remember the result.
  const bound = best >= beta ? Bound.Lower : best > alphaOrig ? Bound.Exact : Bound.Upper;
  s.tt.store(keyLo, pos.keyHi, bestMove, best, depth, bound, ply);
  if (id < 0) return best;
  if (bound === Bound.Lower) return done(s, id, best, 'cut', Reason.BetaCutoff, searched);
  if (bound === Bound.Exact) return done(s, id, best, 'pv', Reason.Exact, bestMove);
  return done(s, id, best, 'all', Reason.FailLow, searched, pruned);
}
// #endregion

/** The line from this ply: the move, then the child's line. */
function updatePv(s: SearchState, ply: number, move: Move): void {
  const row = ply * MAX_SEARCH_PLY;
  const next = (ply + 1) * MAX_SEARCH_PLY;
  s.pv[row] = move;
  const n = s.pvLength[ply + 1]!;
  for (let i = 0; i < n; i++) s.pv[row + 1 + i] = s.pv[next + i]!;
  s.pvLength[ply] = n + 1;
}

/** A move skipped without being read still shows in the tree, greyed, with the reason. */
function tracePruned(
  s: SearchState,
  ply: number,
  move: Move,
  depth: number,
  alpha: number,
  beta: number,
  why: Reason,
  staticEval: number,
): void {
  const o = s.options;
  if (why === Reason.Futility)
    s.trace!.pruned(
      ply,
      move,
      depth,
      alpha,
      beta,
      why,
      staticEval,
      o.futilityMargin * depth,
      alpha,
    );
  else if (why === Reason.ForwardThreshold)
    s.trace!.pruned(ply, move, depth, alpha, beta, why, s.prunedValue, o.forwardThreshold);
  else if (why === Reason.ForwardTree)
    s.trace!.pruned(ply, move, depth, alpha, beta, why, s.prunedValue, JUDGED_BEST);
  else s.trace!.pruned(ply, move, depth, alpha, beta, why, s.prunedValue, o.forwardRank);
}
