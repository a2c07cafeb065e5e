/**
 * 将棋ベーシック's evaluation (Shōgi Basic, a Visual Basic program from the Denryūsen that seed 003
 * quotes): material, plus one point for every piece that one of its own side's pieces defends.
 * Its author counted a pawn as 100 and gave the point whatever the piece; our pawn is 90, and the
 * point stays one (0.9 would round to it).
 *
 * The seed's quotation says defending the king earns the same point as defending a pawn. We leave
 * kings out (defendedTerm, the same rule the effect evaluation's bonus uses): a king is never
 * taken, and the two kings' points would add the same to both sides in almost every position.
 * Chapter 6 plays it against material alone, the seed's own setting, and measures the change of
 * style its author reported.
 */
import type { Position } from '../position';
import { BOARD_SIZE, SQUARES } from '../square';
import { defendedTerm, FIRST_TABLE, type EffectParams } from './effect/effect-eval';
import { evaluateMaterial } from './material';
import type { Evaluator } from './evaluator';

/** The point for a defended piece, in Bonanza's units (a pawn is 90). */
export const BASIC_POINT = 1;

/** The defended-piece rule with Shōgi Basic's point and nothing else. */
const BASIC_RULE: EffectParams = {
  ...FIRST_TABLE,
  defendedBonus: BASIC_POINT,
  defendedShare: 0,
  attackedShare: 0,
};

// #region shogi-basic
/** Material and a point for each defended piece, from the side to move's point of view. */
export function evaluateBasic(pos: Position): number {
  const { board, effects, effectBase } = pos;
  let points = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const piece = board[sq]!;
    if (piece === 0) continue;
    const side = piece >> 4;
    const own = effects[effectBase + side * BOARD_SIZE + sq]!;
    const enemy = effects[effectBase + (side ^ 1) * BOARD_SIZE + sq]!;
    points += defendedTerm(piece, own, enemy, BASIC_RULE);
  }
  return evaluateMaterial(pos) + (pos.sideToMove === 0 ? points : -points);
}
// #endregion

export const basicEvaluator: Evaluator = {
  name: 'basic',
  description:
    'Material plus one point for every piece its own side defends: 将棋ベーシック’s rule, which seed 003 quotes (kings left out).',
  evaluate: evaluateBasic,
};
