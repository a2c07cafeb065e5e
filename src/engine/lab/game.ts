/**
 * One game between two players, to the end the rules give: mate (詰み), no legal move at all (a
 * loss in shogi), fourfold repetition (千日手: a draw, or a loss for the side that checked with
 * every move of it), a winning entering-king declaration (入玉宣言), a maximum length, a flag on
 * the game clock; and, if asked, adjudication: a side resigns when both engines have agreed for a
 * while that it is lost. A player that is a separate engine (a USI program) may also resign, play
 * a move that is not legal, crash or stop answering: each ends the game as its loss.
 *
 * The game is written once, as a generator (`gameSteps`) that asks for a move and is given one:
 * `playGame` drives it with our own searchers in the same thread (the book's in-page match), and
 * `playGameWith` with players that answer later (the match runner's USI engines). Platform-neutral
 * (no Node, no DOM). With a node or depth limit and no clock, a game between searchers is a pure
 * function of its setup: the same setup plays the same moves.
 */
import { makeUsiMove, parseUsiMove } from '../notation';
import type { Position } from '../position';
import { type SearchLimits, Searcher } from '../search/iterate';
import { parsePositionCommand } from '../sfen';
import { type Color, err, ok, type Result } from '../types';
import { clockFor, clockLimits, type GoParams } from '../usi/time';
import { endByRules } from './game-end';
import {
  type Adjudication,
  type EndReason,
  GameEnd,
  type GameFault,
  type GameRecord,
  type GameResult,
  type GameRules,
  type GameSetup,
  isGameEnd,
  type MoveReply,
  type MoveRequest,
  type OnMove,
  type Player,
  PlayerEnd,
  type SyncPlayer,
} from './game-types';

/** The vocabulary of a game (game-types.ts), for the callers that play one. */
export * from './game-types';
export { endByRules };

/** Check a setup before any game starts: the opening parses and the limits make sense. */
export function checkSetup(setup: GameRules): Result<Position> {
  const pos = parsePositionCommand(setup.opening);
  if (!pos.ok) return err(`opening ${JSON.stringify(setup.opening)}: ${pos.error}`);
  const { nodes, depth, movetimeMs } = setup.limits;
  if (nodes === undefined && depth === undefined && movetimeMs === undefined && !setup.clock)
    return err('give a limit per move (nodes, depth or movetime) or a game clock');
  if (!Number.isInteger(setup.maxPlies) || setup.maxPlies < 1)
    return err(`maximum length: expected a whole number of plies, got ${setup.maxPlies}`);
  return ok(pos.value);
}

// #region game-steps
/**
 * The game itself, once for every kind of player: from `rules.opening`, it yields what the side to
 * move is asked and is sent the reply; it keeps the clocks, plays the move, and returns the record
 * when the rules, the clock, adjudication or a player's fault end the game. A move loses on time
 * when it took longer than its side's main time left plus the byoyomi; the increment is added
 * after the move, as YaneuraOu's time manager expects (timeman.cpp: "inc is added after this
 * move") and the CSA server does. Throws if the rules do not check (callers check them first).
 */
export function* gameSteps(
  rules: GameRules,
  onMove?: OnMove,
): Generator<MoveRequest, GameRecord, MoveReply> {
  const checked = checkSetup(rules);
  if (!checked.ok) throw new Error(checked.error);
  const pos = checked.value;
  const { clock } = rules;
  const left = clock ? [clock.baseMs, clock.baseMs] : null;
  const moves: string[] = [];
  const scores: (number | null)[] = [];
  const moveTimesMs: number[] = [];
  const spent = [0, 0];
  const finish = (result: GameResult, end: EndReason, fault?: GameFault): GameRecord => ({
    opening: rules.opening,
    moves,
    result,
    end,
    scores,
    timeMs: { sente: Math.round(spent[0]!), gote: Math.round(spent[1]!) },
    moveTimesMs,
    ...(fault ? { fault } : {}),
  });
  for (;;) {
    const us = pos.sideToMove;
    const ended = endByRules(pos, moves.length, rules.maxPlies);
    if (ended) return finish(ended.result, ended.end);
    const reply = yield {
      side: us,
      position: pos,
      usiPosition: usiPosition(rules.opening, moves),
      go: goParams(rules, left),
    };
    spent[us]! += reply.timeMs;
    const loses = (end: EndReason, message?: string): GameRecord =>
      finish(
        us === 0 ? 'gote' : 'sente',
        end,
        message === undefined ? undefined : { side: us === 0 ? 'sente' : 'gote', message },
      );
    if (reply.kind === 'failure') return loses(reply.end, reply.message);
    if (left && clock) {
      const allowed = left[us]! + clock.byoyomiMs;
      if (reply.timeMs > allowed)
        return loses(
          GameEnd.Time,
          `the move took ${reply.timeMs.toFixed(1)} ms with ${Math.floor(left[us]!)} ms left and ` +
            `a byoyomi of ${clock.byoyomiMs} ms`,
        );
      left[us] = Math.max(0, left[us]! - reply.timeMs) + clock.incMs;
    }
    if (reply.move === 'resign') return loses(PlayerEnd.Resign);
    const move = parseUsiMove(pos, reply.move);
    if (!move.ok)
      return loses(
        PlayerEnd.IllegalMove,
        reply.move === 'win'
          ? 'bestmove win: declared a win (入玉宣言) that the rules do not give here'
          : `bestmove ${move.error}`,
      );
    pos.doMove(move.value);
    moves.push(makeUsiMove(move.value));
    scores.push(reply.score);
    moveTimesMs.push(Math.round(reply.timeMs));
    onMove?.(moves.at(-1)!, moves.length, reply.score);
    const resigns = rules.adjudication ? adjudicate(scores, us, rules.adjudication) : null;
    if (resigns !== null) return finish(resigns === 0 ? 'gote' : 'sente', GameEnd.Adjudication);
  }
}
// #endregion

// #region play-game
/**
 * Play a game from `setup.opening` between two of our searchers in this thread (cleared first: a
 * new game). Searchers play only legal moves and never resign, so the rules or the clock end the
 * game. Throws if the setup does not check (callers check it first).
 */
export function playGame(
  setup: GameSetup,
  engines: { sente: Searcher; gote: Searcher },
  onMove?: OnMove,
): GameRecord & { end: GameEnd } {
  engines.sente.clear();
  engines.gote.clear();
  engines.sente.setOptions(setup.sente);
  engines.gote.setOptions(setup.gote);
  const players = [searcherPlayer(engines.sente), searcherPlayer(engines.gote)];
  const game = gameSteps(setup, onMove);
  let step = game.next();
  while (!step.done) step = game.next(players[step.value.side]!.move(step.value));
  const record = step.value;
  if (!isGameEnd(record.end)) throw new Error(`a searcher's game ended by ${record.end}`);
  return { ...record, end: record.end };
}

/** Play a game between players that may answer later (a USI engine on the other end of a pipe). */
export async function playGameWith(
  rules: GameRules,
  players: { sente: Player; gote: Player },
  onMove?: OnMove,
): Promise<GameRecord> {
  const game = gameSteps(rules, onMove);
  let step = game.next();
  while (!step.done) {
    const player = step.value.side === 0 ? players.sente : players.gote;
    step = game.next(await player.move(step.value));
  }
  return step.value;
}
// #endregion

/** One of our searchers as a player: it searches the position in this thread. */
export function searcherPlayer(searcher: Searcher): SyncPlayer {
  return {
    move(request) {
      const start = performance.now();
      const result = searcher.search(request.position, searchLimits(request.go, request.side));
      const timeMs = performance.now() - start;
      // The searcher only ever returns a legal move; a position with none ended the game before.
      if (result.bestMove === null) throw new Error('no move from the search');
      return { kind: 'move', move: result.bestMove, score: result.value, timeMs };
    },
  };
}

/**
 * Kept back from each move's share of the clock. The search runs in this thread, so nothing is
 * lost on the way to the clock, but it notices its time is up only at its next stop check: past
 * the hard limit it ran over by a median of 4 ms and 24 ms at most over 60 moves (two cores
 * shared with other work), and by 37 ms on the first move of a fresh worker, while the JIT warms
 * up (usi/time.ts: up to ~50 ms). 100 ms is twice that; a move that lives on a one-second byoyomi
 * still uses 90 % of it.
 */
const CLOCK_MARGIN_MS = 100;

/**
 * The limits of one search in this thread: the move's own limits, `movetime` whole (nothing is
 * lost on the way to a GUI), and on a clock the share our USI engine takes (usi/time.ts, with
 * CLOCK_MARGIN_MS kept back), whichever ends the search first.
 */
export function searchLimits(go: GoParams, side: Color): SearchLimits {
  const limits: SearchLimits = {};
  if (go.nodes !== undefined) limits.nodes = go.nodes;
  if (go.depth !== undefined) limits.depth = go.depth;
  if (go.movetime !== undefined) limits.timeMs = go.movetime;
  const clock = clockFor(go, side);
  if (clock === null) return limits;
  const share = clockLimits(clock, CLOCK_MARGIN_MS);
  limits.timeMs = Math.min(limits.timeMs ?? Infinity, share.timeMs);
  limits.softTimeMs = Math.min(share.softTimeMs, limits.timeMs);
  return limits;
}

/**
 * What a move may use, as USI `go` parameters: the limits per move and, on a clock, both sides'
 * main time left (whole milliseconds) with the byoyomi or the increments.
 */
function goParams(rules: GameRules, left: readonly number[] | null): GoParams {
  const go: GoParams = { ponder: false, infinite: false };
  const { nodes, depth, movetimeMs } = rules.limits;
  if (nodes !== undefined) go.nodes = nodes;
  if (depth !== undefined) go.depth = depth;
  if (movetimeMs !== undefined) go.movetime = movetimeMs;
  if (left && rules.clock) {
    const { incMs, byoyomiMs } = rules.clock;
    go.btime = Math.floor(left[0]!);
    go.wtime = Math.floor(left[1]!);
    if (incMs > 0) [go.binc, go.winc] = [incMs, incMs];
    // Sudden death is `byoyomi 0`, as GUIs send it.
    if (byoyomiMs > 0 || incMs === 0) go.byoyomi = byoyomiMs;
  }
  return go;
}

/** The order a `go` command lists its parameters in (USI's own examples' order). */
const GO_ORDER = [
  'btime',
  'wtime',
  'byoyomi',
  'binc',
  'winc',
  'movetime',
  'depth',
  'nodes',
] as const;

/** A USI `go` command for these parameters (the limits and clocks; a game never ponders). */
export function goCommand(go: GoParams): string {
  return ['go', ...GO_ORDER.flatMap((key) => (go[key] === undefined ? [] : [key, go[key]]))].join(
    ' ',
  );
}

/** The argument of USI `position` for a game: the opening, then the moves played since. */
export function usiPosition(opening: string, moves: readonly string[]): string {
  if (moves.length === 0) return opening;
  return `${opening}${/\bmoves\b/.test(opening) ? '' : ' moves'} ${moves.join(' ')}`;
}

/**
 * The side that resigns (0 sente, 1 gote) after `mover` played the last of `scores`, or null:
 * over the last `plies` moves, each side's own score, turned to sente's view, says the same side
 * is ahead by at least the threshold.
 */
export function adjudicate(
  scores: readonly (number | null)[],
  mover: number,
  a: Adjudication,
): number | null {
  if (scores.length < a.plies) return null;
  let senteAhead = true;
  let goteAhead = true;
  for (let i = 0; i < a.plies; i++) {
    const index = scores.length - 1 - i;
    // The last move was `mover`'s; moves alternate back from there.
    const side = (mover + i) % 2;
    const score = scores[index];
    // A move with no score (a USI engine that printed none) breaks the agreement.
    if (score === null || score === undefined) return null;
    const senteView = side === 0 ? score : -score;
    if (senteView < a.score) senteAhead = false;
    if (senteView > -a.score) goteAhead = false;
  }
  return senteAhead ? 1 : goteAhead ? 0 : null;
}

export { Searcher };
