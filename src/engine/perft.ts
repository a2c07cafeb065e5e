/**
 * perft: count the leaf nodes of the full move tree to a fixed depth. Published counts pin the
 * move generator down exactly; nodes per second measure doMove, undoMove and generation together.
 *
 * Leaf mode makes every move, down to the last ply. Bulk mode stops one ply early and adds the
 * number of legal moves there, the way fast engines count.
 */
import { generateMoves, MAX_MOVES } from './movegen';
import type { Position } from './position';
import { makeUsiMove } from './notation';

export interface PerftOptions {
  /** Count the last ply's moves without making them. */
  bulk?: boolean;
  /** Called after each root move with how many of them are done (for progress bars). */
  onRootMove?: (done: number, total: number, nodes: number) => void;
}

const MAX_DEPTH = 64;
const buffer = new Uint32Array(MAX_DEPTH * MAX_MOVES);

// #region perft
function perftFrom(pos: Position, depth: number, ply: number, bulk: boolean): number {
  const start = ply * MAX_MOVES;
  const end = generateMoves(pos, buffer, start);
  if (bulk && depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    const move = buffer[i]!;
    pos.doMove(move);
    nodes += depth === 1 ? 1 : perftFrom(pos, depth - 1, ply + 1, bulk);
    pos.undoMove(move);
  }
  return nodes;
}
// #endregion

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth >= MAX_DEPTH)
    throw new RangeError(
      `perft depth must be a whole number from 0 to ${MAX_DEPTH - 1}, got ${depth}`,
    );
}

export function perft(pos: Position, depth: number, options: PerftOptions = {}): number {
  checkDepth(depth);
  if (depth === 0) return 1;
  if (!options.onRootMove) return perftFrom(pos, depth, 0, options.bulk ?? false);
  return divide(pos, depth, options).reduce((sum, d) => sum + d.nodes, 0);
}

/** perft split by root move: the tool for finding which move a generator gets wrong. */
export function divide(
  pos: Position,
  depth: number,
  options: PerftOptions = {},
): { move: string; nodes: number }[] {
  checkDepth(depth);
  if (depth === 0) return [];
  const moves = Array.from(buffer.subarray(0, generateMoves(pos, buffer, 0)));
  const out: { move: string; nodes: number }[] = [];
  let total = 0;
  for (const move of moves) {
    pos.doMove(move);
    const nodes = depth === 1 ? 1 : perftFrom(pos, depth - 1, 1, options.bulk ?? false);
    pos.undoMove(move);
    total += nodes;
    out.push({ move: makeUsiMove(move), nodes });
    options.onRootMove?.(out.length, moves.length, total);
  }
  return out;
}
