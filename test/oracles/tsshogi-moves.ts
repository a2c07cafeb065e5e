/**
 * A second, independent oracle built on tsshogi (the rules library behind ShogiHome).
 *
 * tsshogi has no move generator; it has a legality check, `Position.isValidMove`, written as a
 * list of rules (piece geometry, dead pieces, 二歩, self-check, 打ち歩詰め). Enumerating every
 * (from, to, promote) triple and every drop through that check gives a legal move list that
 * shares nothing with shogiops' generator or ours. It is slow (thousands of checks a position),
 * so the tests use it on samples and for small perft counts.
 */
import { Color, handPieceTypes, type Move, Position, Square } from 'tsshogi';

export const TSSHOGI_VERSION = '2.2.0';

const STARTPOS = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

/** Parse an SFEN (or 'startpos') with tsshogi; throws if tsshogi rejects it. */
export function parseTsshogi(sfen: string): Position {
  const pos = Position.newBySFEN(sfen === 'startpos' ? STARTPOS : sfen);
  if (!pos) throw new Error(`tsshogi rejects ${JSON.stringify(sfen)}`);
  return pos;
}

/** tsshogi's verdict on a USI move text: false when the text does not even make a move. */
export function tsshogiAccepts(pos: Position, usi: string): boolean {
  const move = pos.createMoveByUSI(usi);
  return move !== null && pos.isValidMove(move);
}

/** Every (from, to, promote) and (drop, to) that tsshogi's isValidMove accepts. */
export function tsshogiLegalMoves(pos: Position): Move[] {
  const out: Move[] = [];
  const color = pos.color;
  for (const from of pos.board.listSquaresByColor(color)) {
    for (const to of Square.all) {
      const move = pos.createMove(from, to);
      if (!move) continue;
      if (pos.isValidMove(move)) out.push(move);
      const promotion = move.withPromote();
      if (pos.isValidMove(promotion)) out.push(promotion);
    }
  }
  const hand = pos.hand(color);
  for (const type of handPieceTypes) {
    if (hand.count(type) === 0) continue;
    for (const to of Square.all) {
      const move = pos.createMove(type, to);
      if (move && pos.isValidMove(move)) out.push(move);
    }
  }
  return out;
}

export function tsshogiLegalUsi(pos: Position): string[] {
  return tsshogiLegalMoves(pos)
    .map((m) => m.usi)
    .sort();
}

/** Leaf nodes at `depth`, the last ply counted by list length. */
export function tsshogiPerft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  const moves = tsshogiLegalMoves(pos);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) {
    pos.doMove(move, { ignoreValidation: true });
    nodes += tsshogiPerft(pos, depth - 1);
    pos.undoMove(move);
  }
  return nodes;
}

/** 'b' or 'w', for messages. */
export const tsshogiSide = (pos: Position): string => (pos.color === Color.BLACK ? 'b' : 'w');
