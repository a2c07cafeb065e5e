/**
 * A move as seed 002's best-move trees see it: one row of bytes, the move's 28 policy bits
 * (move-policies.ts) and then its position's 64 attributes (position-attributes.ts). The learner's
 * examples (dtree/data.ts) and the search's questions to the trained tree (tree-judge.ts) are
 * both written by `writeMoveRow`, so the tree is asked exactly what it was trained on.
 */
import type { Position } from '../position';
import type { Move } from '../types';
import {
  movePolicies,
  POLICY_COUNT,
  policyContext,
  type PolicyContext,
} from '../dtree/move-policies';
import { ATTRIBUTE_COUNT, positionAttributes } from '../dtree/position-attributes';

/** Columns of a best-move row: the 28 policy bits, then the 64 position attributes. */
export const BEST_MOVE_WIDTH = POLICY_COUNT + ATTRIBUTE_COUNT;

/**
 * Write `move`'s row at `out[offset ..]`. `context` and `attributes` are the position's, shared by
 * all its moves (computed here when not given).
 */
export function writeMoveRow(
  pos: Position,
  move: Move,
  previous: Move,
  out: Uint8Array,
  offset: number,
  context: PolicyContext = policyContext(pos),
  attributes?: Uint8Array,
): void {
  const mask = movePolicies(pos, move, previous, context);
  for (let i = 0; i < POLICY_COUNT; i++) out[offset + i] = (mask >>> i) & 1;
  if (attributes) out.set(attributes, offset + POLICY_COUNT);
  else positionAttributes(pos, out, offset + POLICY_COUNT);
}
