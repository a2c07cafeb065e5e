/**
 * A match between two option sets, A and B, as plain data: which games to play in which order
 * (`planGames`), and what the finished games add up to (`tallyMatch`). Each opening is played
 * twice, A as sente and then A as gote, and the two games form a pair; the score of a pair (0, ½,
 * 1, 1½ or 2 points for A) is the unit the statistics count (elo.ts), since the two games of an
 * opening are not independent.
 *
 * A seed fixes the order of the openings, so a match, and every shard of it, plays the same games
 * on any machine. Platform-neutral: the Node runner (scripts/lab/match.ts) and the book's in-page
 * match both use it.
 */
import { type Pentanomial, matchStats, type MatchStats, sprt, type SprtResult } from './elo';
import type { Adjudication, GameClock, GameRecord, MoveLimits } from './game';
import { type Opening, openingPosition } from './openings';
import { makeRandom, shuffled } from './random';
import type { SearchOptions } from '../search/options';

/** One side of a match: its name (a preset's id or "custom"), a label, and its options. */
export interface MatchPlayer {
  name: string;
  label: string;
  change: Partial<SearchOptions>;
}

/** A share of a match for one machine: the pairs whose index is `index` modulo `count`. */
export interface Shard {
  /** 1-based, as `--shard 2/4` writes it. */
  index: number;
  count: number;
}

export interface MatchSettings {
  a: MatchPlayer;
  b: MatchPlayer;
  /** Games in all (rounded up to whole pairs). */
  games: number;
  seed: number;
  limits: MoveLimits;
  clock: GameClock | null;
  maxPlies: number;
  adjudication: Adjudication | null;
  /**
   * Contempt for both sides (the search's `contempt` option), unless a side's options set their
   * own: with material alone every quiet move looks alike, and engines without it repeat.
   */
  contempt: number;
  sprt: { elo0: number; elo1: number; alpha: number; beta: number } | null;
  shard: Shard | null;
}

/** One game to play: which opening, and whether A is sente. */
export interface GameSpec {
  id: number;
  pair: number;
  opening: Opening;
  position: string;
  aIsSente: boolean;
}

/** A played game with its place in the match. */
export interface MatchGame extends GameRecord {
  id: number;
  pair: number;
  openingId: string;
  aIsSente: boolean;
  /** A's points: 1, ½ or 0. */
  aScore: number;
}

// #region plan-games
/**
 * The games of a match, in the order they are played: the openings shuffled by the seed (and
 * cycled when there are more pairs than openings), each as a pair, A as sente first. With a shard,
 * only that shard's pairs (pair index ≡ shard index − 1 modulo the count), keeping ids and pairs
 * as in the whole match, so shard results merge into exactly the whole match's.
 */
export function planGames(openings: readonly Opening[], settings: MatchSettings): GameSpec[] {
  if (openings.length === 0) throw new Error('no openings to play');
  const order = shuffled(openings, makeRandom(settings.seed));
  const pairs = Math.ceil(settings.games / 2);
  const out: GameSpec[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const { shard } = settings;
    if (shard && pair % shard.count !== shard.index - 1) continue;
    const opening = order[pair % order.length]!;
    const position = openingPosition(opening);
    out.push({ id: pair * 2, pair, opening, position, aIsSente: true });
    out.push({ id: pair * 2 + 1, pair, opening, position, aIsSente: false });
  }
  return out;
}
// #endregion

/** A's points in a game record. */
export function aScoreOf(record: GameRecord, aIsSente: boolean): number {
  if (record.result === 'draw') return 0.5;
  return (record.result === 'sente') === aIsSente ? 1 : 0;
}

/** What a set of finished games adds up to, from A's side. */
export interface MatchTally {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Pairs whose both games are finished, by A's points in the pair: 0, ½, 1, 1½, 2. */
  pentanomial: Pentanomial;
  /** Games whose partner is not finished (a stopped match), counted alone. */
  unpaired: number;
  stats: MatchStats;
  sprt: SprtResult | null;
  /** How the games ended, counted. */
  ends: Record<string, number>;
  /**
   * Complete pairs whose two games are move for move the same: wherever either engine was to
   * move, the other would have played the same, so the difference between them never showed.
   * (Absent from tallies made before it was counted.)
   */
  identicalPairs?: number;
}

// #region tally-match
/** Score the finished games: totals, the pentanomial of complete pairs, Elo with its interval. */
export function tallyMatch(
  games: readonly MatchGame[],
  sprtBounds: MatchSettings['sprt'] = null,
): MatchTally {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  const ends: Record<string, number> = {};
  const byPair = new Map<number, number[]>();
  const movesOfPair = new Map<number, string[]>();
  for (const g of games) {
    movesOfPair.set(g.pair, [...(movesOfPair.get(g.pair) ?? []), g.moves.join(' ')]);
    if (g.aScore === 1) wins++;
    else if (g.aScore === 0) losses++;
    else draws++;
    ends[g.end] = (ends[g.end] ?? 0) + 1;
    byPair.set(g.pair, [...(byPair.get(g.pair) ?? []), g.aScore]);
  }
  const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  let unpaired = 0;
  for (const scores of byPair.values()) {
    if (scores.length === 2) counts[Math.round((scores[0]! + scores[1]!) * 2)]!++;
    else unpaired += scores.length;
  }
  const pentanomial: Pentanomial = { counts };
  return {
    games: games.length,
    wins,
    draws,
    losses,
    pentanomial,
    unpaired,
    stats: matchStats(pentanomial),
    sprt: sprtBounds
      ? sprt(pentanomial, sprtBounds.elo0, sprtBounds.elo1, sprtBounds.alpha, sprtBounds.beta)
      : null,
    ends,
    identicalPairs: [...movesOfPair.values()].filter((m) => m.length === 2 && m[0] === m[1]).length,
  };
}
// #endregion

/** A side's options with the match's contempt, unless they set their own. */
export const withContempt = (
  change: Partial<SearchOptions>,
  contempt: number,
): Partial<SearchOptions> => ({ contempt, ...change });
