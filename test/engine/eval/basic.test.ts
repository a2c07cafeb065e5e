/**
 * 将棋ベーシック's evaluation (chapter 6): material plus one point for each piece its own side
 * defends, kings left out. Held to a twin that recounts the effects from the board, on random
 * positions and after every move of a search-like walk, and to a worked example.
 */
import { describe, expect, it } from 'vitest';
import { BASIC_POINT, basicEvaluator, evaluateBasic } from '../../../src/engine/eval/basic';
import { evaluatorFor } from '../../../src/engine/eval/index';
import { evaluateMaterial } from '../../../src/engine/eval/material';
import { computeEffects } from '../../../src/engine/effect';
import { legalMoves } from '../../../src/engine/movegen';
import { type Position } from '../../../src/engine/index';
import { BOARD_SIZE, SQUARES } from '../../../src/engine/square';
import { Kind } from '../../../src/engine/types';
import { randomPlayouts } from '../../../scripts/lib/playouts';
import { mustParse } from '../helpers';

/** The twin: effects recounted from the board, each defended piece but a king counted by hand. */
function basicTwin(pos: Position): number {
  const effects = computeEffects(pos.board);
  let points = 0;
  for (const sq of SQUARES) {
    const piece = pos.board[sq]!;
    if (piece === 0 || (piece & 15) === Kind.King) continue;
    const side = piece >> 4;
    if (effects[side * BOARD_SIZE + sq]! > 0) points += side === 0 ? BASIC_POINT : -BASIC_POINT;
  }
  return evaluateMaterial(pos) + (pos.sideToMove === 0 ? points : -points);
}

describe('Shōgi Basic’s evaluation', () => {
  it('is the registry’s "basic" evaluator', () => {
    expect(evaluatorFor('basic')).toBe(basicEvaluator);
    const pos = mustParse('4k4/9/9/9/4P4/4G4/9/9/4K4 b - 1');
    expect(basicEvaluator.evaluate(pos)).toBe(evaluateBasic(pos));
  });

  it('counts the defended pieces of a start-position camp, kings left out', () => {
    // The two camps of the start position are mirror images: their points cancel.
    expect(evaluateBasic(mustParse('startpos'))).toBe(0);
    // Sente's camp alone: defended are the pawns on 9g, 7g (bishop, knights, lance), 3g, 1g
    // (knight, lance) and 2g (rook); the bishop (silver, rook) and the rook (silver); both silvers
    // (golds); both golds (the king); the lance on 9i (bishop) and the knight on 2i (rook).
    // Undefended: the pawns on 8g, 6g, 5g, 4g, the knight on 8i and the lance on 1i.
    const camp = mustParse('4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    expect(evaluateBasic(camp) - evaluateMaterial(camp)).toBe(13 * BASIC_POINT);
  });

  it('gives one point for a defended pawn and none for a lone one', () => {
    const lone = mustParse('4k4/9/9/9/4P4/9/9/9/4K4 b - 1');
    const guarded = mustParse('4k4/9/9/9/4P4/4G4/9/9/4K4 b - 1');
    expect(evaluateBasic(lone) - evaluateMaterial(lone)).toBe(0);
    // The pawn is defended by the gold; the gold by nothing (the king is two squares away).
    expect(evaluateBasic(guarded) - evaluateMaterial(guarded)).toBe(BASIC_POINT);
    // Gote to move sees the opposite.
    const gote = mustParse('4k4/9/9/9/4P4/4G4/9/9/4K4 w - 1');
    expect(evaluateBasic(gote) - evaluateMaterial(gote)).toBe(-BASIC_POINT);
  });

  it('equals its twin on random positions and after every move from them', () => {
    let checked = 0;
    for (const { position } of randomPlayouts(31, 40)) {
      expect(evaluateBasic(position)).toBe(basicTwin(position));
      for (const move of legalMoves(position).slice(0, 12)) {
        position.doMove(move);
        expect(evaluateBasic(position)).toBe(basicTwin(position));
        position.undoMove(move);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
