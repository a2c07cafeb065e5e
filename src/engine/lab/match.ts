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
import { median } from './stats';
import { parseUsiMove } from '../notation';
import type { SearchOptions } from '../search/options';
import { parsePositionCommand } from '../sfen';
import type { Position } from '../position';
import { type Color, isDrop, Kind, type Move, moveFrom, pieceKind } from '../types';

/**
 * One side of a match: its name (a preset's id, "custom", or `usi:<path>`), a label, and its
 * options; a USI engine's side also says which program it was.
 */
export interface MatchPlayer {
  name: string;
  label: string;
  change: Partial<SearchOptions>;
  usi?: UsiSide;
}

/** A USI engine as a side of a match: what was started, how, and what it said it was. */
export interface UsiSide {
  /** The program, as given (`bin/yomi-usi`, `/path/to/YaneuraOu`). */
  path: string;
  /** The options set with `setoption` before every game, in that order. */
  options: Record<string, string>;
  /** What the engine's `score cp` calls a pawn: 100 by the USI convention; Yomi's engine says 90. */
  cpPerPawn: number;
  /** `id name` and `id author` as the engine reported them (filled in when it is first started). */
  id?: { name: string; author: string };
  /** The commit of the git checkout the program lives in, or as given (`--b-commit`). */
  commit?: string;
  /** The checkout had changes not committed. */
  dirty?: boolean;
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
  /** Where each USI side's output during the game was kept (a log file per side). */
  logs?: { a?: string; b?: string };
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
  /** The moves played in all the games, from the openings on: what the shares below count. */
  moves: number;
  /**
   * Of those moves, the share that moved a king (玉), in all and by the side that played them;
   * null where no move was played. A king that wanders in a quiet position is the material-only
   * evaluation's weakness, so a reader of the games asks for it.
   */
  kingMoveShare: { all: number | null; a: number | null; b: number | null };
  /** How long the games were, in plies played from the opening; null with no games. */
  gameLength: { mean: number; median: number } | null;
  /**
   * The thinking time each side used, in seconds: a game's mean, and a move's mean and longest
   * (null with no games). On a clock, what each side spent of what it had: a side that leaves
   * time unused plays below the strength the clock allows. (Absent from tallies made before it
   * was counted.)
   */
  timeUsed?: {
    a: SideTime | null;
    b: SideTime | null;
  };
}

/**
 * One side's thinking time over a match's games, in seconds; a move's are null when the games do
 * not record each move's time (records made before they did).
 */
export interface SideTime {
  perGame: number;
  perMove: number | null;
  longestMove: number | null;
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
    ...moveCounts(games),
    timeUsed: { a: sideTime(games, true), b: sideTime(games, false) },
  };
}
// #endregion

/** The thinking time side A (`a`) or B used over the games, from each game's clock record. */
function sideTime(games: readonly MatchGame[], a: boolean): SideTime | null {
  if (games.length === 0) return null;
  let total = 0;
  let moves = 0;
  let longest = 0;
  for (const g of games) {
    const sente = g.aIsSente === a;
    total += sente ? g.timeMs.sente : g.timeMs.gote;
    const times = g.moveTimesMs ?? [];
    // moveTimesMs[i] is the time of moves[i]: sente's are every other one from the first it played.
    const first = kingMovesOf(g).first;
    for (let i = sente === (first === 0) ? 0 : 1; i < times.length; i += 2) {
      moves++;
      longest = Math.max(longest, times[i]!);
    }
  }
  return {
    perGame: round(total / games.length / 1000, 2),
    perMove: moves === 0 ? null : round(total / moves / 1000, 3),
    longestMove: moves === 0 ? null : round(longest / 1000, 3),
  };
}

/** Shares and means are kept to this many decimals: enough for a per cent with one decimal. */
const SHARE_DECIMALS = 4;
const round = (x: number, decimals: number): number => Number(x.toFixed(decimals));
const share = (part: number, whole: number): number | null =>
  whole === 0 ? null : round(part / whole, SHARE_DECIMALS);

/** What the games' moves add up to: how many, how many moved a king, and how long the games were. */
function moveCounts(
  games: readonly MatchGame[],
): Pick<MatchTally, 'moves' | 'kingMoveShare' | 'gameLength'> {
  const moves = { a: 0, b: 0 };
  const king = { a: 0, b: 0 };
  for (const g of games) {
    const counts = kingMovesOf(g);
    const [aColor, bColor] = g.aIsSente ? [0, 1] : [1, 0];
    moves.a += counts.moves[aColor]!;
    moves.b += counts.moves[bColor]!;
    king.a += counts.king[aColor]!;
    king.b += counts.king[bColor]!;
  }
  const lengths = games.map((g) => g.moves.length);
  return {
    moves: moves.a + moves.b,
    kingMoveShare: {
      all: share(king.a + king.b, moves.a + moves.b),
      a: share(king.a, moves.a),
      b: share(king.b, moves.b),
    },
    gameLength:
      lengths.length === 0
        ? null
        : {
            mean: round(lengths.reduce((sum, n) => sum + n, 0) / lengths.length, 1),
            median: median(lengths),
          },
  };
}

interface KingMoves {
  /** Moves replayed, and of them king moves, by the side that played them (0 sente, 1 gote). */
  moves: [number, number];
  king: [number, number];
  /** The side to move when the opening ends: it plays `moves[0]`. */
  first: Color;
}

/** A record's counts, worked out once per record: a match's progress line tallies after every game. */
const kingMovesCache = new WeakMap<MatchGame, KingMoves>();

/** What a replay shows of each move: the move, the side that plays it, and the position. */
export interface ReplayStep {
  readonly move: Move;
  readonly us: Color;
  readonly pos: Position;
}

/**
 * Replay a game's moves from its opening: `before` sees each move in the position it is played
 * from, `after` in the position it leaves; either stops the replay by returning false. A move that
 * does not replay (a record from another rule set) ends it there. Returns the side to move when the
 * opening ends (it plays `moves[0]`), or null when the opening does not parse.
 */
export function replayGame(
  game: Pick<MatchGame, 'opening' | 'moves'>,
  visit: {
    before?: (step: ReplayStep) => boolean | void;
    after?: (step: ReplayStep) => boolean | void;
  },
): Color | null {
  const start = parsePositionCommand(game.opening);
  if (!start.ok) return null;
  const pos = start.value;
  const first = pos.sideToMove;
  for (const text of game.moves) {
    const move = parseUsiMove(pos, text);
    if (!move.ok) break;
    const step = { move: move.value, us: pos.sideToMove, pos };
    if (visit.before?.(step) === false) break;
    pos.doMove(move.value);
    if (visit.after?.(step) === false) break;
  }
  return first;
}

// #region king-moves
/**
 * Replay a game's moves from its opening and count, for each side, the moves and the king moves
 * among them. As ../shared/tools/king-share.mjs counts them: every move of `moves` (the
 * opening's own moves are not the engines'), a drop is never a king move, and a move that does not
 * replay (a record from another rule set) ends the count there.
 */
export function kingMovesOf(game: MatchGame): KingMoves {
  const known = kingMovesCache.get(game);
  if (known) return known;
  const counts: KingMoves = { moves: [0, 0], king: [0, 0], first: 0 };
  const first = replayGame(game, {
    before: ({ move, us, pos }) => {
      counts.moves[us]++;
      if (!isDrop(move) && pieceKind(pos.board[moveFrom(move)]!) === Kind.King) counts.king[us]++;
    },
  });
  if (first !== null) counts.first = first;
  kingMovesCache.set(game, counts);
  return counts;
}
// #endregion

/** A side's options with the match's contempt, unless they set their own. */
export const withContempt = (
  change: Partial<SearchOptions>,
  contempt: number,
): Partial<SearchOptions> => ({ contempt, ...change });
