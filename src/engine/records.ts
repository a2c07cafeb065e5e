/**
 * A game as data and as a record: where it started and the moves played, in USI, written out as
 * KIF, CSA, SFEN or a USI `position` command and read back from KIF, KI2, CSA, USI or SFEN.
 * Reading and writing KIF and CSA is left to tsshogi, a maintained record library; it does not
 * check that a move is legal, so every move it reads is played again on our board, and an
 * illegal one is reported with its line.
 */
import {
  detectRecordFormat,
  exportCSA,
  exportKIF,
  importCSA,
  importKI2,
  importKIF,
  Move as RecordMove,
  Record as ShogiRecord,
  RecordFormatType,
  SpecialMoveType,
} from 'tsshogi';
import { parseUsiMove } from './notation';
import type { Position } from './position';
import {
  makeSfen,
  parsePositionCommand,
  parseSfen,
  splitPositionCommand,
  STARTPOS_SFEN,
} from './sfen';
import { err, ok, type Result } from './types';

export type Side = 'sente' | 'gote';

export interface Game {
  /** The USI position argument the game starts from: `startpos` or `sfen <sfen>`. */
  start: string;
  /** The moves played, in USI. */
  moves: string[];
  /** Set when a side resigned (or lost on time) after the last move. */
  resigned?: Side | undefined;
}

export const NEW_GAME: Game = { start: 'startpos', moves: [] };

export const otherSide = (side: Side): Side => (side === 'sente' ? 'gote' : 'sente');
export const sideOf = (color: number): Side => (color === 0 ? 'sente' : 'gote');

/** The USI `position` argument of the game so far. */
export const positionCommand = (game: Game, plies = game.moves.length): string =>
  plies === 0 ? game.start : `${game.start} moves ${game.moves.slice(0, plies).join(' ')}`;

/** The position after `plies` moves (all of them by default); an error names the bad move. */
export function positionAt(game: Game, plies = game.moves.length): Result<Position> {
  return parsePositionCommand(positionCommand(game, plies));
}

/** The game as a tsshogi record, with a resignation as its last entry. */
export function toRecord(game: Game): ShogiRecord {
  const text = positionCommand(game);
  const record = ShogiRecord.newByUSI(text);
  // Our engine accepted every move already; tsshogi reads the same USI.
  if (record instanceof Error) throw new Error(`tsshogi cannot read ${text}: ${record.message}`);
  if (game.resigned) record.append(SpecialMoveType.RESIGN);
  return record;
}

export type RecordFormat = 'kif' | 'csa' | 'sfen' | 'usi';

/**
 * The game as text: KIF or CSA (through tsshogi), the SFEN of the position reached, or the USI
 * `position` command that replays it.
 */
export function exportGame(game: Game, format: RecordFormat): string {
  switch (format) {
    case 'kif':
      return exportKIF(toRecord(game));
    case 'csa':
      return exportCSA(toRecord(game));
    case 'sfen': {
      const pos = positionAt(game);
      return pos.ok ? makeSfen(pos.value) : '';
    }
    case 'usi':
      return `position ${positionCommand(game)}`;
  }
}

/** The first line of `text` (1-based) that contains `needle`, or undefined. */
function lineOf(text: string, needle: string): number | undefined {
  const target = needle.trim();
  if (target === '') return undefined;
  const index = text.split(/\r?\n/).findIndex((line) => line.includes(target));
  return index < 0 ? undefined : index + 1;
}

/** The line of the `ply`-th move in a KIF (its move number) or a CSA file (its ply-th move). */
function lineOfMove(text: string, format: RecordFormatType, ply: number): number | undefined {
  const lines = text.split(/\r?\n/);
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (format === RecordFormatType.KIF) {
      const match = /^\s*(\d+)\s+\S/.exec(line);
      if (match && Number(match[1]) === ply) return i + 1;
    } else if (format === RecordFormatType.CSA) {
      // CSA allows several statements on a line, separated by commas.
      for (const statement of line.split(',')) {
        if (/^[+-]\d{4}[A-Z]{2}/.test(statement.trim()) && ++seen === ply) return i + 1;
      }
    }
  }
  return undefined;
}

const FORMAT_NAMES: Partial<Record<RecordFormatType, string>> = {
  [RecordFormatType.KIF]: 'KIF',
  [RecordFormatType.KI2]: 'KI2',
  [RecordFormatType.CSA]: 'CSA',
};

/**
 * Read a game a reader pasted or opened: KIF, KI2 or CSA (through tsshogi), a USI `position`
 * command (with or without `position`), or an SFEN. Every move is played on our board; the error
 * names the line and the move that is wrong.
 */
export function importGame(input: string): Result<Game> {
  const text = input.replace(/^\uFEFF/, '').trim();
  if (text === '') return err('the record is empty');
  const usi = text.replace(/^position\s+/, '');
  if (/^(startpos|sfen)\b/.test(usi)) {
    const pos = parsePositionCommand(usi);
    if (!pos.ok) return err(`USI: ${pos.error}`);
    const { setup, moves } = splitPositionCommand(usi);
    // The start as tsshogi reads it back on export: `startpos`, or the SFEN written afresh
    // (a pasted one may have any spacing, or say `sfen startpos`).
    const start = parsePositionCommand(setup);
    if (!start.ok) return err(`USI: ${start.error}`);
    return ok({
      start: setup === 'startpos' ? 'startpos' : `sfen ${makeSfen(start.value)}`,
      moves,
    });
  }
  // One line that starts with a board of nine ranks is an SFEN, whatever follows: its parser
  // names what is wrong with the rest.
  if (!text.includes('\n') && /^[1-9+a-zA-Z]+(\/[1-9+a-zA-Z]+){8}(\s|$)/.test(text)) {
    const pos = parseSfen(text);
    if (!pos.ok) return pos;
    return ok({ start: `sfen ${makeSfen(pos.value)}`, moves: [] });
  }
  const format = detectRecordFormat(text);
  const name = FORMAT_NAMES[format];
  const record =
    format === RecordFormatType.KIF
      ? importKIF(text)
      : format === RecordFormatType.KI2
        ? importKI2(text)
        : format === RecordFormatType.CSA
          ? importCSA(text)
          : undefined;
  if (!name || record === undefined) {
    return err('not a record this page reads: paste KIF, KI2, CSA, a USI position or an SFEN');
  }
  if (record instanceof Error) {
    const data = (record as Error & { data?: unknown }).data;
    const line = typeof data === 'string' ? lineOf(text, data) : undefined;
    return err(`${name}${line ? `, line ${line}` : ''}: ${record.message}`);
  }
  // tsshogi reads text it does not understand as an empty game from the start position: a record
  // with no moves must at least set up a position (a board diagram, a handicap, CSA's P lines).
  const hasSetup = /^\||^P[1-9I+-]|^手合割|^開始局面|^[^\n]*：/m.test(text);
  if (record.moves.length <= 1 && !hasSetup) {
    return err(`${name}: no moves and no position found in the text`);
  }
  return replayRecord(record, text, format, name);
}

/** Plays a record's moves on our board, stopping at its first special move (resignation…). */
function replayRecord(
  record: ShogiRecord,
  text: string,
  format: RecordFormatType,
  name: string,
): Result<Game> {
  const sfen = record.initialPosition.sfen;
  const setup = parseSfen(sfen);
  if (!setup.ok) return err(`${name}: the starting position: ${setup.error}`);
  const pos = setup.value;
  const start = sfen === STARTPOS_SFEN ? 'startpos' : `sfen ${makeSfen(pos)}`;
  const moves: string[] = [];
  let resigned: Side | undefined;
  for (const node of record.moves) {
    if (node.ply === 0) continue;
    if (!(node.move instanceof RecordMove)) {
      if (node.move.type === SpecialMoveType.RESIGN) resigned = sideOf(pos.sideToMove);
      break;
    }
    const usi = node.move.usi;
    const move = parseUsiMove(pos, usi);
    if (!move.ok) {
      const line = lineOfMove(text, format, node.ply);
      const where = line ? `line ${line}, ` : '';
      const mark = pos.sideToMove === 0 ? '▲' : '△';
      return err(
        `${name}, ${where}move ${node.ply} (${mark}${node.displayText.replace(/^[☗☖]/, '')}, ${usi}): ` +
          move.error,
      );
    }
    pos.doMove(move.value);
    moves.push(usi);
  }
  return ok({ start, moves, resigned });
}
