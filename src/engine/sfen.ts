/**
 * SFEN, the text form of a shogi position (USI's FEN): `<board> <side> <hand> [<move number>]`.
 *
 * `parseSfen` never throws: a malformed string returns an error naming the field and the text
 * that is wrong. A position that parses is also a legal one to play from: at most one king a
 * side, no dead pieces, no two pawns on a file, no more pieces than a set has, and the side not
 * to move not in check.
 */
import { parseUsiMove } from './notation';
import { Position } from './position';
import { MAX_PLY } from './position-state';
import { FIRST_LIVE_RANK, fileOf, relativeRank, square, SQUARES } from './square';
import { err, GOTE_BIT, HAND_KINDS, Kind, KIND_COUNT, ok, PROMOTED, type Result } from './types';

export const STARTPOS_SFEN = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

/** SFEN letters by kind (sente's; gote's are lower case). */
const LETTERS = ' PLNSBRGK';
const LETTER_KIND: Record<string, number> = { P: 1, L: 2, N: 3, S: 4, B: 5, R: 6, G: 7, K: 8 };
const MAX_INPUT = 1000;

const quote = (text: string): string =>
  JSON.stringify(text.length > 40 ? text.slice(0, 40) + '…' : text);

// #region parse-sfen
/** Parse `startpos` or an SFEN string into a fresh position. */
export function parseSfen(text: string): Result<Position> {
  if (typeof text !== 'string') return err('SFEN: expected a string');
  if (text.length > MAX_INPUT)
    return err(`SFEN: ${text.length} characters is too long for a position`);
  const trimmed = text.trim().replace(/^sfen\s+/, '');
  if (trimmed === 'startpos') return parseSfen(STARTPOS_SFEN);
  const fields = trimmed.split(/\s+/);
  if (trimmed === '' || fields.length < 3)
    return err(
      `SFEN: expected board, side to move and hand (3 or 4 fields), got ${trimmed === '' ? 0 : fields.length}`,
    );
  if (fields.length > 4)
    return err(`SFEN: unexpected text after the move number: ${quote(fields.slice(4).join(' '))}`);
  const [boardText, sideText, handText, moveText] = fields as [string, string, string, string?];

  const pos = new Position();
  const boardError = parseBoard(boardText, pos);
  if (boardError) return err(`SFEN board: ${boardError}`);

  if (sideText !== 'b' && sideText !== 'w')
    return err(`SFEN side to move: expected "b" or "w", got ${quote(sideText)}`);
  pos.sideToMove = sideText === 'b' ? 0 : 1;

  const handError = parseHand(handText, pos);
  if (handError) return err(`SFEN hand: ${handError}`);

  if (moveText !== undefined) {
    if (!/^\d{1,6}$/.test(moveText) || Number(moveText) < 1)
      return err(`SFEN move number: expected a positive whole number, got ${quote(moveText)}`);
    pos.startMoveNumber = Number(moveText);
  }

  const countError = checkPieceCounts(pos);
  if (countError) return err(`SFEN: ${countError}`);
  pos.resetDerivedState();
  const them = (pos.sideToMove ^ 1) as 0 | 1;
  if (pos.kingSquare[them] !== 0 && pos.effectCount(pos.sideToMove, pos.kingSquare[them]!) > 0)
    return err(`SFEN: the side not to move (${them === 0 ? 'sente' : 'gote'}) is in check`);
  return ok(pos);
}
// #endregion

function parseBoard(text: string, pos: Position): string | null {
  const ranks = text.split('/');
  if (ranks.length !== 9)
    return `expected 9 ranks separated by "/", got ${ranks.length} in ${quote(text)}`;
  const kings = [0, 0];
  for (let r = 0; r < 9; r++) {
    const rankText = ranks[r]!;
    let file = 9;
    for (let i = 0; i < rankText.length; i++) {
      const ch = rankText[i]!;
      const where = `rank ${r + 1} (${quote(rankText)})`;
      if (ch >= '1' && ch <= '9') {
        file -= Number(ch);
        if (file < 0) return `${where} has more than 9 squares`;
        continue;
      }
      let promoted = false;
      let letter = ch;
      if (ch === '+') {
        promoted = true;
        letter = rankText[++i] ?? '';
        if (letter === '') return `${where} ends with "+" and no piece`;
      }
      const kind = LETTER_KIND[letter.toUpperCase()];
      if (kind === undefined)
        return `${where}: ${quote(letter)} is not a piece letter (PLNSGBRK, lower case for gote)`;
      if (promoted && kind >= Kind.Gold)
        return `${where}: ${quote('+' + letter)} cannot be promoted`;
      if (file < 1) return `${where} has more than 9 squares`;
      const color = letter === letter.toUpperCase() ? 0 : 1;
      const sq = square(file, r + 1);
      if (kind === Kind.King && ++kings[color]! > 1)
        return `two ${color === 0 ? 'sente' : 'gote'} kings`;
      if (!promoted && relativeRank(color, sq) < FIRST_LIVE_RANK[kind]!)
        return `${where}: ${quote(letter)} on ${fileOf(sq)}${'abcdefghi'[r]} can never move again`;
      pos.board[sq] = (promoted ? kind + PROMOTED : kind) | (color === 1 ? GOTE_BIT : 0);
      file--;
    }
    if (file !== 0) return `rank ${r + 1} (${quote(rankText)}) has ${9 - file} squares, expected 9`;
  }
  for (let c = 0; c < 2; c++) {
    const files = new Set<number>();
    for (const sq of SQUARES) {
      if (pos.board[sq] !== (Kind.Pawn | (c << 4))) continue;
      if (files.has(fileOf(sq)))
        return `two unpromoted ${c === 0 ? 'sente' : 'gote'} pawns on file ${fileOf(sq)} (二歩)`;
      files.add(fileOf(sq));
    }
  }
  return null;
}

function parseHand(text: string, pos: Position): string | null {
  if (text === '-') return null;
  const seen = new Set<string>();
  const re = /(\d*)(.)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < text.length && (m = re.exec(text)) !== null) {
    at = re.lastIndex;
    const [, countText, letter] = m as unknown as [string, string, string];
    const kind = LETTER_KIND[letter.toUpperCase()];
    if (kind === undefined || kind === Kind.King)
      return `${quote(letter)} is not a piece that can be held (PLNSGBR, lower case for gote) in ${quote(text)}`;
    if (countText.length > 2 || countText === '0' || countText === '1' || countText.startsWith('0'))
      return `bad count ${quote(countText)} before ${quote(letter)} in ${quote(text)}`;
    if (seen.has(letter)) return `${quote(letter)} appears twice in ${quote(text)}`;
    seen.add(letter);
    const count = countText === '' ? 1 : Number(countText);
    if (count > KIND_COUNT[kind]!)
      return `${count}${letter} is more than the ${KIND_COUNT[kind]} a set has`;
    pos.hand[(letter === letter.toUpperCase() ? 0 : 8) + kind] = count;
  }
  if (at < text.length) return `cannot read ${quote(text.slice(at))}`;
  return null;
}

function checkPieceCounts(pos: Position): string | null {
  const counts = new Array<number>(9).fill(0);
  for (const sq of SQUARES) {
    const p = pos.board[sq]!;
    if (p !== 0) counts[(p & 15) > 8 ? (p & 15) - 8 : p & 15]!++;
  }
  for (let c = 0; c < 2; c++) for (let k = 1; k <= 7; k++) counts[k]! += pos.hand[c * 8 + k]!;
  for (let k = 1; k <= 8; k++)
    if (counts[k]! > KIND_COUNT[k]!)
      return `${counts[k]} ${['', 'pawns', 'lances', 'knights', 'silvers', 'bishops', 'rooks', 'golds', 'kings'][k]} on board and in hand; a set has ${KIND_COUNT[k]}`;
  return null;
}

// #region make-sfen
/** The SFEN of a position; the move number counts the moves played since it was set up. */
export function makeSfen(pos: Position): string {
  const rows: string[] = [];
  for (let rank = 1; rank <= 9; rank++) {
    let row = '';
    let empty = 0;
    for (let file = 9; file >= 1; file--) {
      const p = pos.board[square(file, rank)]!;
      if (p === 0) {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      row += pieceLetter(p);
    }
    if (empty > 0) row += String(empty);
    rows.push(row);
  }
  let hand = '';
  for (let c = 0; c < 2; c++) {
    for (const k of HAND_KINDS) {
      const n = pos.hand[c * 8 + k]!;
      if (n === 0) continue;
      const letter = c === 0 ? LETTERS[k]! : LETTERS[k]!.toLowerCase();
      hand += (n > 1 ? String(n) : '') + letter;
    }
  }
  return `${rows.join('/')} ${pos.sideToMove === 0 ? 'b' : 'w'} ${hand || '-'} ${pos.startMoveNumber + pos.ply}`;
}
// #endregion

/** SFEN letter of a piece, with "+" for promoted kinds: `+p` is gote's tokin. */
export function pieceLetter(piece: number): string {
  const kind = piece & 15;
  const base = LETTERS[kind > 8 ? kind - 8 : kind]!;
  const letter = (kind > 8 ? '+' : '') + base;
  return piece & GOTE_BIT ? letter.toLowerCase() : letter;
}

/**
 * A USI `position` argument (with or without the word `position`) cut at its first `moves`: the
 * setup (`startpos` or `sfen …`) and the moves after it. Only the first `moves` divides: a second
 * one is read as a move, and refused as one.
 */
export function splitPositionCommand(text: string): { setup: string; moves: string[] } {
  const body = text.trim().replace(/^position\s+/, '');
  const divider = /\s+moves(?:\s+|$)/.exec(body);
  if (!divider) return { setup: body, moves: [] };
  const rest = body.slice(divider.index + divider[0].length).trim();
  return { setup: body.slice(0, divider.index), moves: rest === '' ? [] : rest.split(/\s+/) };
}

/**
 * Parse the argument of USI's `position` command: `startpos [moves …]` or `sfen <sfen> [moves …]`
 * (a leading `position` is accepted). Every move must be legal where it is played.
 */
export function parsePositionCommand(text: string): Result<Position> {
  if (typeof text !== 'string') return err('position: expected a string');
  const { setup, moves } = splitPositionCommand(text);
  let parsed: Result<Position>;
  if (setup === 'startpos') parsed = parseSfen(STARTPOS_SFEN);
  else if (setup.startsWith('sfen ')) parsed = parseSfen(setup.slice(5));
  else return err(`position: expected "startpos" or "sfen …", got ${quote(setup)}`);
  if (!parsed.ok) return parsed;
  const pos = parsed.value;
  if (moves.length > MAX_PLY - 128)
    return err(`position: ${moves.length} moves is more than this engine keeps`);
  for (let i = 0; i < moves.length; i++) {
    const move = parseUsiMove(pos, moves[i]!);
    if (!move.ok) return err(`position: move ${i + 1} (${quote(moves[i]!)}): ${move.error}`);
    pos.doMove(move.value);
  }
  return ok(pos);
}

/**
 * Read a position as a person types it: an SFEN (with or without a leading `sfen`), `startpos`,
 * or either of them followed by moves, with or without USI's leading `position`
 * (`startpos moves 7g7f 3c3d`, `position sfen … moves …`, `<sfen> moves …`).
 */
export function parsePositionText(text: string): Result<Position> {
  const trimmed = text.trim().replace(/^position\s+/, '');
  if (!/\smoves(\s|$)/.test(trimmed)) return parseSfen(trimmed);
  const command = /^(startpos|sfen)\b/.test(trimmed) ? trimmed : `sfen ${trimmed}`;
  return parsePositionCommand(command);
}
