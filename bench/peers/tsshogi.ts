/**
 * tsshogi as a benchmark peer. tsshogi is a record library: it has no move generator, only a
 * legality test (`Position.isValidMove`). Perft here enumerates candidate moves and keeps the
 * ones tsshogi accepts, so tsshogi alone decides what is legal.
 *
 * Candidates: every piece of the side to move walks the directions tsshogi's own tables give it
 * (`movableDirections`, `resolveMoveType`: one step or a slide until the first piece), each
 * destination with and without promotion; every piece in hand on every empty square. This is the
 * "every from/to/promote pair" enumeration with the pairs no piece can reach left out up front;
 * `isValidMove` would reject each of them anyway (trying all 81 squares made startpos perft(4)
 * about 8× slower when this module was written).
 */
import {
  type Move,
  MoveType,
  Position,
  Square,
  handPieceTypes,
  movableDirections,
  resolveMoveType,
} from 'tsshogi';

export interface PerftOptions {
  /** Count the last ply's moves without making them (default: make and unmake every leaf). */
  bulk?: boolean;
}

export function parsePosition(sfen: string): Position {
  const position = Position.newBySFEN(sfen);
  if (position === null) throw new Error(`tsshogi rejects the SFEN "${sfen}"`);
  return position;
}

/** Destinations a piece on `from` could reach on an empty-enough board (friendly captures too). */
function reachableSquares(position: Position, from: Square): Square[] {
  const piece = position.board.at(from)!;
  const squares: Square[] = [];
  for (const direction of movableDirections(piece)) {
    const slides = resolveMoveType(piece, direction) === MoveType.LONG;
    for (let to = from.neighbor(direction); to.valid; to = to.neighbor(direction)) {
      squares.push(to);
      if (!slides || position.board.at(to) !== null) break;
    }
  }
  return squares;
}

/** Every legal move, as judged by `isValidMove`. */
export function legalMoves(position: Position): Move[] {
  const moves: Move[] = [];
  const keep = (move: Move | null): void => {
    if (move !== null && position.isValidMove(move)) moves.push(move);
  };
  for (const from of position.board.listSquaresByColor(position.color)) {
    for (const to of reachableSquares(position, from)) {
      const move = position.createMove(from, to);
      keep(move);
      keep(move?.withPromote() ?? null);
    }
  }
  const hand = position.hand(position.color);
  const emptySquares = Square.all.filter((square) => position.board.at(square) === null);
  for (const pieceType of handPieceTypes) {
    if (hand.count(pieceType) === 0) continue;
    for (const to of emptySquares) keep(position.createMove(pieceType, to));
  }
  return moves;
}

function walk(position: Position, depth: number, bulk: boolean): number {
  const moves = legalMoves(position);
  if (depth === 1 && bulk) return moves.length;
  let nodes = 0;
  for (const move of moves) {
    position.doMove(move, { ignoreValidation: true });
    nodes += depth === 1 ? 1 : walk(position, depth - 1, bulk);
    position.undoMove(move);
  }
  return nodes;
}

/** Leaf count of the move tree to `depth` plies from the SFEN position. */
export function perft(sfen: string, depth: number, options: PerftOptions = {}): number {
  if (depth < 1) return 1;
  return walk(parsePosition(sfen), depth, options.bulk ?? false);
}
