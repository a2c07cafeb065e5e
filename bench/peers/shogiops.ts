/**
 * shogiops as a benchmark peer. shogiops generates legal destinations itself (`allMoveDests`,
 * `allDropDests`, bitboard based) and its positions are immutable-by-convention: a move is made
 * on a `clone()` with `play`. The walk below follows shogiops' own `debug.perft` (which also
 * serves its chushogi lion moves) restricted to standard shogi: each destination yields the
 * promotion choices `pieceCanPromote` / `pieceForcePromote` allow.
 */
import { parseSfen } from 'shogiops/sfen';
import type { Shogi } from 'shogiops/variant/shogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';
import type { MoveOrDrop, Piece, Square } from 'shogiops/types';
import { parsePieceName } from 'shogiops/util';

export interface PerftOptions {
  /** Count the last ply's moves without playing them (default: clone and play every leaf). */
  bulk?: boolean;
}

const canPromote = pieceCanPromote('standard');
const mustPromote = pieceForcePromote('standard');

export function parsePosition(sfen: string): Shogi {
  const result = parseSfen('standard', sfen);
  if (result.isErr) throw new Error(`shogiops rejects the SFEN "${sfen}": ${result.error.message}`);
  return result.value;
}

const ONLY_UNPROMOTED = [false] as const;
const ONLY_PROMOTED = [true] as const;
const EITHER = [true, false] as const;

/** The promotion flags a move from `from` to `to` may carry. */
function promotionChoices(pos: Shogi, piece: Piece, from: Square, to: Square): readonly boolean[] {
  if (!canPromote(piece, from, to, pos.board.get(to))) return ONLY_UNPROMOTED;
  return mustPromote(piece, to) ? ONLY_PROMOTED : EITHER;
}

function playAndWalk(pos: Shogi, move: MoveOrDrop, depth: number, bulk: boolean): number {
  const child = pos.clone();
  child.play(move);
  return depth === 1 ? 1 : walk(child, depth - 1, bulk);
}

function walk(pos: Shogi, depth: number, bulk: boolean): number {
  const countOnly = depth === 1 && bulk;
  let nodes = 0;
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from)!;
    for (const to of dests) {
      for (const promotion of promotionChoices(pos, piece, from, to)) {
        nodes += countOnly ? 1 : playAndWalk(pos, { from, to, promotion }, depth, bulk);
      }
    }
  }
  for (const [pieceName, dests] of pos.allDropDests()) {
    if (countOnly) {
      nodes += dests.size();
      continue;
    }
    const { role } = parsePieceName(pieceName);
    for (const to of dests) nodes += playAndWalk(pos, { role, to }, depth, bulk);
  }
  return nodes;
}

/** Leaf count of the move tree to `depth` plies from the SFEN position. */
export function perft(sfen: string, depth: number, options: PerftOptions = {}): number {
  if (depth < 1) return 1;
  return walk(parsePosition(sfen), depth, options.bulk ?? false);
}
