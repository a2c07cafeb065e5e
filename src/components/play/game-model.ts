/**
 * A game on the Play and Analyse pages: the game and its records (src/engine/records.ts), and
 * what the pages derive from it: the moves played or taken back, the end the rules give (the same
 * `endByRules` the lab's matches use) and the move list in Japanese notation.
 */
import { Move as RecordMove } from 'tsshogi';
import { makeUsiMove, parseUsiMove } from '../../engine/notation';
import { makeSfen, parsePositionCommand } from '../../engine/sfen';
import { endByRules } from '../../engine/lab/game-end';
import { GameEnd, type GameResult } from '../../engine/lab/game-types';
import {
  type Game,
  otherSide,
  positionAt,
  type Side,
  sideOf,
  toRecord,
} from '../../engine/records';
import { err, ok, type Result } from '../../engine/types';

export {
  exportGame,
  type Game,
  importGame,
  NEW_GAME,
  otherSide,
  positionAt,
  positionCommand,
  type RecordFormat,
  type Side,
  sideOf,
} from '../../engine/records';

/** A game is called a draw after this many plies (the lab's matches use the same length). */
export const MAX_PLIES = 512;

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
