/**
 * A game on the Play and Analyse pages, as data: where it started and the moves played, in USI.
 * Everything else is derived: the position (by our engine, which checks every move), the end the
 * rules give (the same `endByRules` the lab's matches use), the move list in Japanese notation,
 * and the record in KIF, CSA, SFEN or USI. Reading and writing KIF and CSA is left to tsshogi, a
 * maintained record library; it does not check that a move is legal, so every move it reads is
 * played again on our board, and an illegal one is reported with its line.
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
import { makeUsiMove, parseUsiMove } from '../../engine/notation';
import type { Position } from '../../engine/position';
import { makeSfen, parsePositionCommand, parseSfen, STARTPOS_SFEN } from '../../engine/sfen';
import { endByRules, GameEnd, type GameResult } from '../../engine/lab/game';
import { err, ok, type Result } from '../../engine/types';

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

/** A game is called a draw after this many plies (the lab's matches use the same length). */
export const MAX_PLIES = 512;

export const otherSide = (side: Side): Side => (side === 'sente' ? 'gote' : 'sente');
export const sideOf = (color: number): Side => (color === 0 ? 'sente' : 'gote');

/** The USI `position` argument of the game so far. */
export const positionCommand = (game: Game, plies = game.moves.length): string =>
  plies === 0 ? game.start : `${game.start} moves ${game.moves.slice(0, plies).join(' ')}`;

/** The position after `plies` moves (all of them by default); an error names the bad move. */
export function positionAt(game: Game, plies = game.moves.length): Result<Position> {
  return parsePositionCommand(positionCommand(game, plies));
}

/** The game with one more move, if it is legal where the game stands. */
export function playMove(game: Game, usi: string): Result<Game> {
  if (game.resigned) return err('the game is over');
  const pos = positionAt(game);
  if (!pos.ok) return pos;
  const move = parseUsiMove(pos.value, usi);
  if (!move.ok) return err(`move ${game.moves.length + 1} (${usi}): ${move.error}`);
  return ok({ start: game.start, moves: [...game.moves, makeUsiMove(move.value)] });
}

/**
 * Take back the reader's last move and whatever the engine answered: back to the last position
 * where `reader` was to move, before the latest such position. A resignation is taken back first.
 */
export function takeBack(game: Game, reader: Side): Game {
  if (game.resigned) return { start: game.start, moves: game.moves };
  const first = sideToMoveAt(game, 0);
  const moverOf = (ply: number): Side => (ply % 2 === 0 ? first : otherSide(first)); // who played move number ply + 1
  let plies = game.moves.length;
  // Drop the engine's moves after the reader's last move, then the reader's move itself.
  while (plies > 0 && moverOf(plies - 1) !== reader) plies--;
  if (plies > 0) plies--;
  return { start: game.start, moves: game.moves.slice(0, plies) };
}

function sideToMoveAt(game: Game, plies: number): Side {
  const pos = positionAt(game, plies);
  return pos.ok ? sideOf(pos.value.sideToMove) : 'sente';
}

export type EndReason = GameEnd | 'resignation';

export interface GameOver {
  result: GameResult;
  reason: EndReason;
  /** One line for the reader, e.g. "Sente wins: mate (詰み)." */
  text: string;
}

const REASONS: Record<EndReason, string> = {
  [GameEnd.Mate]: 'mate (詰み, tsumi)',
  [GameEnd.NoLegalMove]: 'no legal move, which loses in shogi',
  [GameEnd.Repetition]: 'the same position a fourth time (千日手, sennichite)',
  [GameEnd.PerpetualCheck]: 'perpetual check (連続王手の千日手): the checking side loses',
  [GameEnd.Declaration]: 'entering-king declaration (入玉宣言, nyūgyoku sengen)',
  [GameEnd.MaxPlies]: `${MAX_PLIES} plies without a result`,
  [GameEnd.Adjudication]: 'adjudication',
  [GameEnd.Time]: 'time',
  resignation: 'resignation',
};

const capital = (side: Side): string => (side === 'sente' ? 'Sente' : 'Gote');

export function describeEnd(result: GameResult, reason: EndReason): string {
  const why = REASONS[reason];
  return result === 'draw' ? `Draw: ${why}.` : `${capital(result)} wins: ${why}.`;
}

/** How the game ended, if it has: a resignation, or what the rules say of the position. */
export function gameOver(game: Game): GameOver | null {
  if (game.resigned) {
    const result = otherSide(game.resigned);
    return { result, reason: 'resignation', text: describeEnd(result, 'resignation') };
  }
  const pos = positionAt(game);
  if (!pos.ok) return null;
  const ended = endByRules(pos.value, game.moves.length, MAX_PLIES);
  return ended && { ...ended, reason: ended.end, text: describeEnd(ended.result, ended.end) };
}

/** The ply's move in Japanese notation (▲７六歩, or △同 for "the same square") and in USI. */
export interface MoveLine {
  ply: number;
  japanese: string;
  usi: string;
}

/** The game as a tsshogi record, with a resignation as its last entry. */
function toRecord(game: Game): ShogiRecord {
  const text = positionCommand(game);
  const record = ShogiRecord.newByUSI(text);
  // Our engine accepted every move already; tsshogi reads the same USI.
  if (record instanceof Error) throw new Error(`tsshogi cannot read ${text}: ${record.message}`);
  if (game.resigned) record.append(SpecialMoveType.RESIGN);
  return record;
}

/** Each move in Japanese notation, with ▲ for sente and △ for gote as game records print them. */
export function moveList(game: Game): MoveLine[] {
  if (game.moves.length === 0) return [];
  return toRecord(game)
    .moves.filter((node) => node.move instanceof RecordMove)
    .map((node, index) => ({
      ply: node.ply,
      japanese: node.displayText.replace('☗', '▲').replace('☖', '△'),
      usi: game.moves[index]!,
    }));
}

/**
 * A search's line (USI moves) in Japanese notation, from `position` (a USI position argument);
 * the plain USI when the line does not replay there (a stale line for another position).
 */
export function lineInJapanese(position: string, pv: readonly string[]): string {
  const pos = parsePositionCommand(position);
  if (!pos.ok || pv.length === 0) return pv.join(' ');
  const line: Game = { start: `sfen ${makeSfen(pos.value)}`, moves: [] };
  let replayed = line;
  for (const usi of pv) {
    const next = playMove(replayed, usi);
    if (!next.ok) return pv.join(' ');
    replayed = next.value;
  }
  return moveList(replayed)
    .map((move) => move.japanese)
    .join(' ');
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
    const [setup, moves] = usi.split(/\s+moves(?:\s+|$)/) as [string, string?];
    // The start as tsshogi reads it back on export: `startpos`, or the SFEN written afresh
    // (a pasted one may have any spacing, or say `sfen startpos`).
    const start = parsePositionCommand(setup);
    if (!start.ok) return err(`USI: ${start.error}`);
    return ok({
      start: setup === 'startpos' ? 'startpos' : `sfen ${makeSfen(start.value)}`,
      moves: moves?.trim().split(/\s+/).filter(Boolean) ?? [],
    });
  }
  if (/^\S+\s+[bw]\s+\S+(\s+\d+)?$/.test(text) && !text.includes('\n')) {
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
