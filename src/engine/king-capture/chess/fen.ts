/**
 * FEN (Forsyth–Edwards Notation): `<board> <side> <castling> <en passant> [<halfmove> <fullmove>]`.
 *
 * `parseFenSetup` throws a `FenError` whose message names the field and what is wrong with it. A
 * setup that parses is one to play from: one king a side, no pawn on the first or last rank,
 * castling rights only with the king and rook on their home squares, an en passant square only
 * behind a pawn that has just moved two squares, and the side not to move not in check.
 */
import { isAttacked } from './attacks';
import { CASTLINGS } from './castling';
import {
  type Color,
  EMPTY,
  Kind,
  kindOf,
  makePiece,
  parsePieceLetter,
  pieceLetter,
  WALL,
} from './piece';
import { BOARD_SIZE, N, parseSquare, rankOf, S, square, SQUARES, squareName } from './square';

export class FenError extends Error {
  override name = 'FenError';
}

/** The fields of a FEN, the board as a mailbox array. */
export interface FenSetup {
  board: Uint8Array;
  sideToMove: Color;
  castlingRights: number;
  /** The square a pawn passed over on its double step, or 0. */
  epSquare: number;
  halfmoveClock: number;
  fullmoveNumber: number;
}

const COLOR_NAMES = ['white', 'black'];

const fail = (message: string): never => {
  throw new FenError(`FEN: ${message}`);
};

const quote = (text: string): string => `'${text.length > 40 ? text.slice(0, 40) + '…' : text}'`;

// #region chess-parse-fen
export function parseFenSetup(text: string): FenSetup {
  const fields = text.trim().split(/\s+/);
  if (text.trim() === '' || fields.length < 4 || fields.length > 6)
    fail(
      'expected 4 to 6 fields (board, side to move, castling, en passant, halfmove clock, ' +
        `fullmove number), got ${text.trim() === '' ? 0 : fields.length}`,
    );
  const [boardText, sideText, castlingText, epText, halfmoveText, fullmoveText] = fields;
  const board = parseBoard(boardText!);
  if (sideText !== 'w' && sideText !== 'b')
    return fail(`side to move must be w or b, got ${quote(sideText!)}`);
  const sideToMove = sideText === 'w' ? 0 : 1;
  const setup: FenSetup = {
    board,
    sideToMove,
    castlingRights: parseCastling(board, castlingText!),
    epSquare: parseEnPassant(board, sideToMove, epText!),
    halfmoveClock: parseCounter('halfmove clock', halfmoveText ?? '0', 0),
    fullmoveNumber: parseCounter('fullmove number', fullmoveText ?? '1', 1),
  };
  const them = (sideToMove ^ 1) as Color;
  const theirKing = SQUARES.find((sq) => board[sq] === makePiece(them, Kind.King))!;
  if (isAttacked(board, theirKing, sideToMove))
    fail(`${COLOR_NAMES[them]} is not to move but is in check`);
  return setup;
}
// #endregion

function parseBoard(text: string): Uint8Array {
  const board = new Uint8Array(BOARD_SIZE).fill(WALL);
  for (const sq of SQUARES) board[sq] = EMPTY;
  const ranks = text.split('/');
  if (ranks.length !== 8) fail(`board has ${ranks.length} ranks, expected 8`);
  ranks.forEach((rankText, i) => {
    const rank = 7 - i;
    let file = 0;
    for (const ch of rankText) {
      if (ch >= '1' && ch <= '8') {
        file += Number(ch);
        continue;
      }
      const piece = parsePieceLetter(ch);
      if (!piece) fail(`rank ${rank + 1} has an unknown piece ${quote(ch)}`);
      if (kindOf(piece) === Kind.Pawn && (rank === 0 || rank === 7))
        fail(`a pawn cannot stand on rank ${rank + 1}`);
      if (file < 8) board[square(file, rank)] = piece;
      file++;
    }
    if (file !== 8) fail(`rank ${rank + 1} has ${file} squares`);
  });
  for (const color of [0, 1] as const) {
    const king = makePiece(color, Kind.King);
    const kings = SQUARES.filter((sq) => board[sq] === king).length;
    if (kings !== 1) fail(`${COLOR_NAMES[color]} has ${kings} kings, expected exactly 1`);
  }
  return board;
}

function parseCastling(board: Uint8Array, text: string): number {
  if (text === '-') return 0;
  if (!/^K?Q?k?q?$/.test(text))
    fail(`castling must be - or some of KQkq in that order, got ${quote(text)}`);
  let rights = 0;
  CASTLINGS.forEach((castlings, color) => {
    for (const c of castlings) {
      if (!text.includes(c.letter)) continue;
      const name = COLOR_NAMES[color]!;
      if (
        board[c.kingFrom] !== makePiece(color as Color, Kind.King) ||
        board[c.rookFrom] !== makePiece(color as Color, Kind.Rook)
      )
        fail(
          `castling right ${c.letter} needs the ${name} king on ${squareName(c.kingFrom)} ` +
            `and a ${name} rook on ${squareName(c.rookFrom)}`,
        );
      rights |= c.right;
    }
  });
  return rights;
}

function parseEnPassant(board: Uint8Array, side: Color, text: string): number {
  if (text === '-') return 0;
  const sq = parseSquare(text);
  const rank = side === 0 ? 5 : 2;
  if (sq < 0 || rankOf(sq) !== rank)
    fail(
      `en passant square must be - or a square on rank ${rank + 1} ` +
        `(${COLOR_NAMES[side]} to move), got ${quote(text)}`,
    );
  const pawnAhead = side === 0 ? S : N; // the pawn that moved two squares stands beyond it
  const them = (side ^ 1) as Color;
  if (board[sq + pawnAhead] !== makePiece(them, Kind.Pawn))
    fail(
      `en passant square ${text} needs a ${COLOR_NAMES[them]} pawn on ${squareName(sq + pawnAhead)}`,
    );
  if (board[sq] !== EMPTY || board[sq - pawnAhead] !== EMPTY)
    fail(`en passant square ${text} and the square the pawn came from must be empty`);
  return sq;
}

function parseCounter(name: string, text: string, min: number): number {
  if (!/^\d{1,6}$/.test(text) || Number(text) < min)
    fail(`${name} must be a whole number of at least ${min}, got ${quote(text)}`);
  return Number(text);
}

/** Write a setup as FEN, all six fields. */
export function makeFen(setup: FenSetup): string {
  const { board } = setup;
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board[square(file, rank)]!;
      if (piece === EMPTY) {
        empty++;
        continue;
      }
      if (empty) text += empty;
      empty = 0;
      text += pieceLetter(piece);
    }
    ranks.push(empty ? text + empty : text);
  }
  const castling = CASTLINGS.flat()
    .filter((c) => setup.castlingRights & c.right)
    .map((c) => c.letter)
    .join('');
  return [
    ranks.join('/'),
    setup.sideToMove === 0 ? 'w' : 'b',
    castling || '-',
    setup.epSquare ? squareName(setup.epSquare) : '-',
    setup.halfmoveClock,
    setup.fullmoveNumber,
  ].join(' ');
}
