/** Perft: count the leaves of the legal move tree, the standard check of a move generator. */
import { MAX_CHESS_MOVES } from './move';
import { makeUci } from './notation';
import type { ChessBoard } from './board';

/** Leaf nodes `depth` plies deep, legal moves only (the leaf ply is counted, not played). */
export function perft(pos: ChessBoard, depth: number): number {
  if (depth < 1) return 1;
  return walk(pos, depth, new Uint32Array(MAX_CHESS_MOVES * depth), 0);
}

function walk(pos: ChessBoard, depth: number, moves: Uint32Array, start: number): number {
  const end = pos.legalMoves(moves, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    pos.doMove(moves[i]!);
    nodes += walk(pos, depth - 1, moves, end);
    pos.undoMove(moves[i]!);
  }
  return nodes;
}

/** Perft split by first move, keyed by UCI: how a failing perft is narrowed down. */
export function divide(pos: ChessBoard, depth: number): Map<string, number> {
  const result = new Map<string, number>();
  const moves = new Uint32Array(MAX_CHESS_MOVES);
  const n = pos.legalMoves(moves, 0);
  for (const m of moves.subarray(0, n)) {
    pos.doMove(m);
    result.set(makeUci(m), perft(pos, depth - 1));
    pos.undoMove(m);
  }
  return result;
}
