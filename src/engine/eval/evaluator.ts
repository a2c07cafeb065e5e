/**
 * What an evaluator is: a function from a position to a value for the side to move. The search
 * calls it at its leaves and for its pruning margins; the registry (index.ts) names each one so
 * an option can choose it.
 */
import type { Position } from '../position';
import type { Move } from '../types';

export interface Evaluator {
  readonly name: string;
  /** One line for the options panel: what it counts and where it comes from. */
  readonly description: string;
  /** The value of `pos` for the side to move, in Bonanza's units (a pawn is 90). */
  evaluate(pos: Position): number;
  /**
   * Optional: what a legal `move` of `pos` changes in `evaluate`, from the mover's side, for an
   * evaluator where the move alone decides it (material: what it captures and promotes). The move
   * evaluation then values a move without playing it; without this it plays the move to evaluate.
   */
  moveGain?(pos: Position, move: Move): number;
}
