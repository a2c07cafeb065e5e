/**
 * The data seed 002's decision trees learn from, made by our engine as the paper made its own.
 *
 * Best-move data. The paper took 500 professional games and, from move 40 on, each position's
 * professional move (class 1) and one other legal move (class 0). We have no professional games,
 * so a deeper search of our engine is the teacher: it plays varied self-play games from the lab's
 * kind of openings, and its move in each position is class 1. The paper trained on 450 games and
 * tested on 50; we split by game the same way.
 *
 * Mate data. The paper played games between two 3-ply full-width search programs and took one
 * position from each game: the first position where the search found a mate (class 1: a mate in at
 * most 3 plies), or one 2, 4, 6, 8 or 10 plies before it (class 0: no mate in 3, at least). Ours
 * are the same, with an exact mate-in-3 test (`findShortMate`) marking the first position; each
 * game gives a mate with the paper's share of mates (5,311 of 8,953) and otherwise a no-mate one.
 * The mate games keep only that position (as SFEN); the teacher's games keep their moves.
 *
 * Games are stored as moves; examples are computed from them on load (a few microseconds each), so
 * a committed file stays small and follows the feature code.
 */
import { policyContext } from './move-policies';
import { BEST_MOVE_WIDTH, writeMoveRow } from '../eval/move-rows';
import { ATTRIBUTE_COUNT, positionAttributes } from './position-attributes';
import { legalMoves } from '../movegen';
import { parseUsiMove } from '../notation';
import type { Position } from '../position';
import { Searcher } from '../search/iterate';
import { resolveOptions, type SearchOptions } from '../search/options';
import { makeSfen, parsePositionCommand, parseSfen } from '../sfen';
import { findShortMate } from '../short-mate';
import type { Move } from '../types';
import { endByRules, type GameEnd, type GameResult, playGame } from '../lab/game';
import type { Dataset } from './tree';
import { openingPosition, type Opening } from '../lab/openings';
import { makeRandom } from '../lab/random';

// #region dtree-data-constants
/** Positions from this ply of the game on (the opening's plies counted) are examples: 中盤以降（40 手以降）. */
export const BEST_MOVE_FROM_PLY = 40;
/**
 * Both kinds of player avoid a draw by repetition by half a pawn (the lab's contempt): two copies
 * of one deterministic engine otherwise repeat moves within a few plies of many openings.
 */
const PLAYER_OPTIONS: Partial<SearchOptions> = { contempt: 50 };
/** The teacher: the modern backward pruning (null move, LMR, futility) at a fixed node count. */
export const TEACHER: { options: Partial<SearchOptions>; nodes: number } = {
  options: { ...PLAYER_OPTIONS, nullMove: true, lmr: true, futility: true },
  nodes: 30_000,
};
/** The mate data's players: full-width α-β to 3 plies (and quiescence), as in the paper. */
export const MATE_PLAYER_DEPTH = 3;
/**
 * The mate games start from 8 to 14 random plies (the lab's opening length) without the level
 * check: a lopsided start only brings the end of the game, which is what this data is about,
 * sooner.
 */
export const MATE_OPENING_PLIES = { min: 8, max: 14 } as const;
/** A mate position is one with a mate within this many plies: what a 3-ply search sees. */
export const MATE_PLIES = 3;
/** The paper's share of mate positions: 5,311 of 8,953. */
export const MATE_SHARE = 5311 / 8953;
/** How far back from the mate a no-mate position is taken (plies, the same side to move). */
export const NO_MATE_OFFSETS = [2, 4, 6, 8, 10] as const;
/** Rules both kinds of game share: the lab's resignation rule and maximum length. */
export const GAME_RULES = { maxPlies: 320, adjudication: { score: 2000, plies: 8 } } as const;
/** One game in ten is a test game (the paper: 450 of 500 to train, 50 to test). */
export const TEST_SHARE = 0.1;
// #endregion

/** A teacher game: the opening's moves and the teacher's, with the result. */
export interface TeacherGame {
  opening: string[];
  moves: string[];
  result: GameResult;
  end: GameEnd;
}

/**
 * A mate-data game, kept small: the position it gives (the games themselves are not needed, and
 * twenty thousand of them would be megabytes).
 */
export interface MateGame {
  /** Plies played, opening included, to the first position with a mate in 3 or to the game's end. */
  plies: number;
  /** The example position as SFEN, or null when the game ended without a mate in 3. */
  sfen: string | null;
  /** Its ply in the game (the mate's ply less 2–10 for a no-mate example); -1 when none. */
  ply: number;
  label: 0 | 1;
}

function resolved(change: Partial<SearchOptions>): SearchOptions {
  const r = resolveOptions(change);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The teacher plays both sides from `opening` (deterministic: a fixed node count). */
export function playTeacherGame(opening: Opening, searcher = new Searcher()): TeacherGame {
  const options = resolved(TEACHER.options);
  const record = playGame(
    {
      opening: openingPosition(opening),
      sente: options,
      gote: options,
      limits: { nodes: TEACHER.nodes },
      clock: null,
      ...GAME_RULES,
    },
    { sente: searcher, gote: searcher },
  );
  return { opening: opening.moves, moves: record.moves, result: record.result, end: record.end };
}

/**
 * Two full-width 3-ply searches play from `opening` until the side to move has a mate within
 * MATE_PLIES; then `random` picks the example: that position (class 1) with MATE_SHARE, else one
 * NO_MATE_OFFSETS plies earlier (class 0). A game that ends first gives no example.
 */
export function playMateGame(
  opening: Opening,
  random: () => number,
  searcher = new Searcher(),
): MateGame {
  const pos = parsePositionCommand(openingPosition(opening));
  if (!pos.ok) throw new Error(pos.error);
  const p = pos.value;
  searcher.clear();
  searcher.setOptions(resolved(PLAYER_OPTIONS));
  const start = opening.moves.length;
  const played: Move[] = [];
  const none = (): MateGame => ({ plies: start + played.length, sfen: null, ply: -1, label: 0 });
  for (;;) {
    if (findShortMate(p, MATE_PLIES) !== 0) break;
    if (endByRules(p, played.length, GAME_RULES.maxPlies)) return none();
    const result = searcher.search(p, { depth: MATE_PLAYER_DEPTH });
    const move = result.bestMove === null ? null : parseUsiMove(p, result.bestMove);
    if (move === null || !move.ok) return none();
    p.doMove(move.value);
    played.push(move.value);
  }
  const plies = start + played.length;
  if (random() < MATE_SHARE) return { plies, sfen: makeSfen(p), ply: plies, label: 1 };
  const offset = NO_MATE_OFFSETS[Math.floor(random() * NO_MATE_OFFSETS.length)]!;
  // Not before the opening's end (those plies were random, not the searches'), and an even number
  // of plies, so the same side is to move as at the mate.
  const back = Math.min(offset, played.length & ~1);
  if (back === 0) return none();
  for (let i = 0; i < back; i++) p.undoMove(played.pop()!);
  return { plies, sfen: makeSfen(p), ply: plies - back, label: 0 };
}

/** Replay a game's moves from the start, calling `visit` before each move with the position. */
export function replay(
  moves: readonly string[],
  visit: (pos: Position, ply: number, move: Move, previous: Move) => void,
): Position {
  const start = parsePositionCommand('startpos');
  if (!start.ok) throw new Error(start.error);
  const pos = start.value;
  let previous = 0;
  moves.forEach((usi, ply) => {
    const m = parseUsiMove(pos, usi);
    if (!m.ok) throw new Error(`ply ${ply + 1} (${usi}): ${m.error}`);
    visit(pos, ply, m.value, previous);
    pos.doMove(m.value);
    previous = m.value;
  });
  return pos;
}

export { BEST_MOVE_WIDTH, writeMoveRow };

/** Where each example came from. */
export interface ExampleSource {
  game: Int32Array;
  ply: Int32Array;
}

/** A growable dataset under construction. */
class Rows {
  values: Uint8Array;
  labels: Uint8Array;
  game: Int32Array;
  ply: Int32Array;
  count = 0;
  constructor(
    readonly width: number,
    capacity: number,
  ) {
    this.values = new Uint8Array(capacity * width);
    this.labels = new Uint8Array(capacity);
    this.game = new Int32Array(capacity);
    this.ply = new Int32Array(capacity);
  }
  /** Room for one more row: its offset into `values`. */
  add(label: 0 | 1, game: number, ply: number): number {
    if (this.count === this.labels.length) this.grow();
    this.labels[this.count] = label;
    this.game[this.count] = game;
    this.ply[this.count] = ply;
    return this.count++ * this.width;
  }
  private grow(): void {
    const n = this.labels.length * 2;
    const values = new Uint8Array(n * this.width);
    values.set(this.values);
    this.values = values;
    const labels = new Uint8Array(n);
    labels.set(this.labels);
    this.labels = labels;
    const game = new Int32Array(n);
    game.set(this.game);
    this.game = game;
    const ply = new Int32Array(n);
    ply.set(this.ply);
    this.ply = ply;
  }
  done(): { data: Dataset; source: ExampleSource } {
    const n = this.count;
    return {
      data: {
        width: this.width,
        count: n,
        values: this.values.slice(0, n * this.width),
        labels: this.labels.slice(0, n),
      },
      source: { game: this.game.slice(0, n), ply: this.ply.slice(0, n) },
    };
  }
}

/**
 * The best-move examples of `games`: from BEST_MOVE_FROM_PLY on, the teacher's move (1) and one
 * other legal move chosen by `seed` (0), in game order.
 */
export function bestMoveDataset(
  games: readonly TeacherGame[],
  seed: number,
): { data: Dataset; source: ExampleSource } {
  const rows = new Rows(BEST_MOVE_WIDTH, 1024);
  const attributes = new Uint8Array(ATTRIBUTE_COUNT);
  games.forEach((game, g) => {
    const random = makeRandom(seed + g * 7919);
    replay([...game.opening, ...game.moves], (pos, ply, move, previous) => {
      if (ply < BEST_MOVE_FROM_PLY) return;
      const legal = legalMoves(pos);
      if (legal.length < 2) return;
      const context = policyContext(pos);
      positionAttributes(pos, attributes);
      let other = legal[Math.floor(random() * (legal.length - 1))]!;
      if (other === move) other = legal[legal.length - 1]!;
      const best = rows.add(1, g, ply);
      writeMoveRow(pos, move, previous, rows.values, best, context, attributes);
      const rest = rows.add(0, g, ply);
      writeMoveRow(pos, other, previous, rows.values, rest, context, attributes);
    });
  });
  return rows.done();
}

/**
 * Table 1's data: the position attributes of the last `last` positions of each decided game,
 * class 1 when the side to move went on to win.
 */
export function outcomeDataset(
  games: readonly TeacherGame[],
  last: number,
): { data: Dataset; source: ExampleSource } {
  const rows = new Rows(ATTRIBUTE_COUNT, 1024);
  games.forEach((game, g) => {
    if (game.result === 'draw') return;
    const all = [...game.opening, ...game.moves];
    const winner = game.result === 'sente' ? 0 : 1;
    replay(all, (pos, ply) => {
      if (ply < all.length - last) return;
      const at = rows.add(pos.sideToMove === winner ? 1 : 0, g, ply);
      positionAttributes(pos, rows.values, at);
    });
  });
  return rows.done();
}

/** The mate examples: each game's one position, its 64 attributes, class 1 for a mate in 3. */
export function mateDataset(games: readonly MateGame[]): { data: Dataset; source: ExampleSource } {
  const rows = new Rows(ATTRIBUTE_COUNT, 1024);
  games.forEach((game, g) => {
    if (game.sfen === null) return;
    const pos = parseSfen(game.sfen);
    if (!pos.ok) throw new Error(`mate game ${g}: ${pos.error}`);
    const at = rows.add(game.label, g, game.ply);
    positionAttributes(pos.value, rows.values, at);
  });
  return rows.done();
}

/** How many of `count` games are test games: the last TEST_SHARE of them, as the paper split. */
export const testGameCount = (count: number): number => Math.round(count * TEST_SHARE);

/** Is game `g` of `count` a test game? */
export const isTestGame = (g: number, count: number): boolean => g >= count - testGameCount(count);

/** The examples of train games and of test games, as index lists for `train` and `confusion`. */
export function splitByGame(
  source: ExampleSource,
  games: number,
): { train: Int32Array; test: Int32Array } {
  const train: number[] = [];
  const test: number[] = [];
  source.game.forEach((g, i) => (isTestGame(g, games) ? test : train).push(i));
  return { train: Int32Array.from(train), test: Int32Array.from(test) };
}

/** The legal moves of a position with their rows, for judging every move (Table 7). */
export function moveRows(pos: Position, previous: Move): { moves: Move[]; data: Dataset } {
  const moves = legalMoves(pos);
  const values = new Uint8Array(moves.length * BEST_MOVE_WIDTH);
  const context = policyContext(pos);
  const attributes = new Uint8Array(ATTRIBUTE_COUNT);
  positionAttributes(pos, attributes);
  moves.forEach((m, i) =>
    writeMoveRow(pos, m, previous, values, i * BEST_MOVE_WIDTH, context, attributes),
  );
  return {
    moves,
    data: {
      width: BEST_MOVE_WIDTH,
      count: moves.length,
      values,
      labels: new Uint8Array(moves.length),
    },
  };
}
