/**
 * Material evaluation: the sum of piece values, on the board and in hand, from the side to
 * move's point of view. The first evaluator of the book; later chapters plug in others through
 * the same `Evaluator` interface (evaluator.ts) and the registry (index.ts).
 */
import type { Position } from '../position';
import { EMPTY, isPromotion, type Move, moveFrom, moveTo } from '../types';
import { CAPTURE_VALUE, PROMOTION_GAIN } from './piece-values';
import type { Evaluator } from './evaluator';

export {
  PIECE_VALUE,
  HAND_VALUE,
  CAPTURE_VALUE,
  PROMOTION_GAIN,
  computeMaterial,
} from './piece-values';

/** The material evaluation: the kept balance, from the side to move's point of view. */
export const evaluateMaterial = (pos: Position): number =>
  pos.sideToMove === 0 ? pos.material : -pos.material;

/** What a move gains in material for the mover: the piece it takes (twice) and its promotion. */
export function materialGain(pos: Position, move: Move): number {
  const captured = pos.board[moveTo(move)]!;
  let gain = captured === EMPTY ? 0 : CAPTURE_VALUE[captured & 15]!;
  if (isPromotion(move)) gain += PROMOTION_GAIN[pos.board[moveFrom(move)]! & 15]!;
  return gain;
}

export const materialEvaluator: Evaluator = {
  name: 'material',
  description: 'Piece values on the board and in hand (Apery’s table, as YaneuraOu keeps it).',
  evaluate: evaluateMaterial,
  moveGain: materialGain,
};
