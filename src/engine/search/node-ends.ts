/**
 * The steps of a node that end it without reading its moves (alphabeta.ts): Step 1, the rules
 * (repetition, declaration), and Step 2, the horizon (the mate search at the leaves, quiescence
 * search, or the static value), with its shortcut for a child that would stand pat at once.
 */
import { canDeclareWin, repeatsAfterMove, repetition, Repetition } from '../rules';
import { isInPromotionZone } from '../square';
import type { Move } from '../types';
import { probeMate } from './mate-probe';
import { MUST_PLAY, quiescence, standPatWithoutMove } from './quiescence';
import { DRAW, mateIn, RULE_WIN } from './score';
import { MAX_SEARCH_PLY } from './search-data';
import type { SearchState } from './state';
import { done, leaf, Reason, type TraceKind } from './trace';

/**
 * How far back (in plies) the search looks for a repeated position. YaneuraOu's default, 16: a
 * cycle longer than that (more than eight moves a side) seldom closes within one search, and
 * every two plies further back would cost one more key comparison at every node. The game's own
 * fourfold repetition is judged by the rules over the whole game, not here.
 */
export const REPETITION_WINDOW = 16;

/** A node at `ply` that ends here, traced as one leaf reached by the line's last move. */
function ends(
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
  return leaf(s.trace, ply, s.line[ply - 1]!, depth, alpha, beta, value, kind, reason, a);
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
export function valueByRules(
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
    return ends(s, ply, depth, alpha, beta, v, 'draw', Reason.Repetition);
  }
  if (rep !== Repetition.None) {
    const v = rep === Repetition.Win ? RULE_WIN : -RULE_WIN;
    return ends(s, ply, depth, alpha, beta, v, 'draw', Reason.PerpetualCheck);
  }
  if (canDeclareWin(s.pos))
    return ends(s, ply, depth, alpha, beta, mateIn(ply), 'mate', Reason.Declaration);
  return null;
}
// #endregion

/**
 * Step 2. At the horizon: a mate the mate search at the leaves proves (when on), else quiescence
 * search, or the static value when it is off.
 */
export function horizon(
  s: SearchState,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (s.mateProbeOn && ply > 0 && !s.pos.inCheck()) {
    const length = probeMate(s);
    if (length > 0) {
      const v = mateIn(ply + length);
      return ends(s, ply, depth, alpha, beta, v, 'mate', Reason.MateProbe, length);
    }
  }
  if (s.options.quiescence && ply < MAX_SEARCH_PLY - 1) {
    const id = s.trace === null ? -1 : s.trace.enter(ply, s.line[ply - 1]!, depth, alpha, beta);
    // Quiescence nodes are summarised by this one, not drawn one by one.
    if (s.trace !== null) s.trace.suspended++;
    const v = quiescence(s, alpha, beta, ply, 0);
    if (s.trace !== null) s.trace.suspended--;
    return done(s.trace, id, v, 'quiescence', Reason.Quiescence);
  }
  s.nodes++;
  return ends(s, ply, depth, alpha, beta, s.evaluate(), 'leaf', Reason.StaticEval);
}

/**
 * A child at the horizon that would stand pat at once (quiescence.ts, standPatWithoutMove),
 * valued without playing the move, once the rules' checks the child would make first are known
 * to find nothing: no earlier position it might repeat, and no king of the child's side in the
 * enemy camp (the only way it could declare). Returns the child's value, or MUST_PLAY.
 */
export function horizonWithoutMove(s: SearchState, ply: number, move: Move, alpha: number): number {
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
