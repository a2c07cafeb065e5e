/**
 * USI move notation at the engine's boundary: `7g7f`, `8h2b+` (promotion), `P*5e` (drop).
 * Inside the engine a move is a packed integer (types.ts).
 */
import { legalMoves } from './movegen';
import type { Position } from './position';
import { makeSquareName, parseSquareName } from './square';
import {
  dropKind,
  err,
  isDrop,
  isPromotion,
  makeDrop,
  makeMove,
  type Move,
  moveFrom,
  moveTo,
  ok,
  type Result,
} from './types';

const DROP_LETTERS = ' PLNSBRG';

export function makeUsiMove(move: Move): string {
  if (isDrop(move)) return `${DROP_LETTERS[dropKind(move)]}*${makeSquareName(moveTo(move))}`;
  return (
    makeSquareName(moveFrom(move)) + makeSquareName(moveTo(move)) + (isPromotion(move) ? '+' : '')
  );
}

/** Read a USI move and check that it is legal in `pos`; the error says which part is wrong. */
export function parseUsiMove(pos: Position, text: string): Result<Move> {
  if (typeof text !== 'string') return err('move: expected a string');
  let move: Move;
  if (/^[PLNSBRG]\*[1-9][a-i]$/.test(text)) {
    move = makeDrop(DROP_LETTERS.indexOf(text[0]!), parseSquareName(text.slice(2)));
  } else if (/^[1-9][a-i][1-9][a-i]\+?$/.test(text)) {
    const from = parseSquareName(text.slice(0, 2));
    const to = parseSquareName(text.slice(2, 4));
    if (from === to) return err(`${JSON.stringify(text)} does not move anywhere`);
    move = makeMove(from, to, text.endsWith('+'));
  } else {
    return err(`${JSON.stringify(text.slice(0, 20))} is not a USI move (like 7g7f, 8h2b+ or P*5e)`);
  }
  if (!legalMoves(pos).includes(move))
    return err(`${text} is not legal here${describeIllegal(pos, move)}`);
  return ok(move);
}

function describeIllegal(pos: Position, move: Move): string {
  if (isDrop(move)) {
    const kind = dropKind(move);
    if (pos.hand[pos.sideToMove * 8 + kind] === 0) return ' (no such piece in hand)';
    if (pos.board[moveTo(move)] !== 0) return ' (the square is occupied)';
    return '';
  }
  const piece = pos.board[moveFrom(move)]!;
  if (piece === 0) return ' (no piece on that square)';
  if (piece >> 4 !== pos.sideToMove) return ' (that piece belongs to the other side)';
  return '';
}
