/**
 * The in-page match's view of things: the openings it plays, the sentence that reports a result
 * with its interval, how a game ended in words, and the position at any ply of a finished game
 * for the replay board. Pure data in, data out: the widget and its tests share it.
 */
import type { EndReason } from '../../../engine/lab/game';
import type { MatchGame, MatchTally } from '../../../engine/lab/match';
import type { Opening } from '../../../engine/lab/openings';
import { parseUsiMove } from '../../../engine/notation';
import type { Position } from '../../../engine/position';
import { parsePositionText } from '../../../engine/worker/protocol';
import type { Move } from '../../../engine/types';
import openingsFile from '../../../data/openings.json';
import { eloInterval, formatNumber, formatPoints } from '../../lab/format';

/** The first `count` openings of the lab's set (src/data/openings.json). */
export const matchOpenings = (count: number): Opening[] =>
  (openingsFile as { openings: Opening[] }).openings.slice(0, count);

const END_TEXT: Readonly<Record<EndReason, string>> = {
  mate: 'mate',
  'no-legal-move': 'no legal move',
  repetition: 'repetition (千日手)',
  'perpetual-check': 'perpetual check',
  declaration: 'declaration (入玉)',
  'max-plies': 'move limit',
  adjudication: 'adjudication',
  time: 'time',
  resign: 'resigned',
  'illegal-move': 'illegal move',
  'engine-crash': 'engine crashed',
  'engine-timeout': 'engine did not answer',
};

export const endText = (end: EndReason): string => END_TEXT[end];

/** Who won a game, from A's side: "A won", "B won", "draw". */
export function outcomeText(game: MatchGame): string {
  return game.aScore === 1 ? 'A won' : game.aScore === 0 ? 'B won' : 'draw';
}

/** An interval wider than this (±100 Elo) says little: the sentence says so. */
const WIDE_INTERVAL_ELO = 200;

/**
 * The result in a sentence: A's points out of the games, the wins, draws and losses, and the Elo
 * difference with its 95 % interval — and, when the interval is wide, that so few games leave the
 * difference open.
 */
export function resultSentence(tally: MatchTally): string {
  const { games, wins, draws, losses, stats } = tally;
  if (games === 0) return 'No game finished yet.';
  const points = wins + draws / 2;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const interval = eloInterval(stats);
  const [elo, low, high] = [interval.elo, interval.low, interval.high].map((v) =>
    formatNumber(v, 'elo'),
  );
  const head = `A scored ${formatPoints(points)} of ${games} (${count(wins, 'win', 'wins')}, ${count(draws, 'draw', 'draws')}, ${count(losses, 'loss', 'losses')}): Elo ${elo}, 95 % interval ${low} to ${high}.`;
  const wide = !(interval.high - interval.low <= WIDE_INTERVAL_ELO);
  return wide
    ? `${head} So few games leave the difference open; the lab's matches play hundreds.`
    : head;
}

/** The position after `ply` moves of a game, and the move that led there. */
export function positionAt(
  opening: string,
  moves: readonly string[],
  ply: number,
): { position: Position; lastMove: Move | undefined } | null {
  const parsed = parsePositionText(opening);
  if (!parsed.ok) return null;
  const pos = parsed.value;
  let lastMove: Move | undefined;
  for (const text of moves.slice(0, ply)) {
    const m = parseUsiMove(pos, text);
    if (!m.ok) return null;
    pos.doMove(m.value);
    lastMove = m.value;
  }
  return { position: pos, lastMove };
}
