/**
 * USI `go`: reading its parameters and turning them into search limits, including how much of
 * the clock one move may use. Shogi clocks come in three shapes, often combined: main time
 * (持ち時間, `btime` / `wtime`), a fixed allowance per move once main time is gone (秒読み,
 * `byoyomi`), and an increment added after every move (フィッシャー, `binc` / `winc`).
 */
import { parseUsiMove } from '../notation';
import type { Position } from '../position';
import { MAX_DEPTH, type SearchLimits } from '../search/index';
import type { Color, Move } from '../types';

// #region time-constants
/**
 * Main time is planned as if this many of our moves were still to come (chessprogramming.org
 * "Time Management" uses 20 to 40; Stockfish's plan is 1.2 % to 4 % of what is left). A move
 * takes about its plan (MAX_TIME_RATIO), so 50. In self-play at 10 s + 0.1 s against the rule
 * before (30 moves, no new depth after half the plan, a hard stop at the plan): with 30 a move
 * took 0.7 s at first and was down to the increment by move 35, and lost by −70 Elo (−133, −13)
 * over 100 games; with 50 it took 0.5 s at first and the increment by move 45, 14.1 s a game
 * against 11.6, and scored −3 Elo (−50, +43) over 200 games: no weaker, and its clock used.
 */
export const MOVES_TO_GO = 50;
/** Never plan less than this: depth 1 of a middlegame position takes a few milliseconds. */
export const MIN_THINK_MS = 20;
/**
 * Kept back from the time a clock allows, for the trip from the search to the GUI's clock: the
 * stop check every 1024 nodes, the worker's message, stdout, the GUI, and above all a busy machine
 * that leaves the engine's threads waiting for a core. With 200 ms kept back, 16 of 2,678
 * `byoyomi 1000` moves on a two-core machine at load 4–6 answered after 1000 ms
 * (../shared/reviews/usi-real-client.md §1): twelve at most 321 ms after the planned time, then
 * 390, 655 and 729 ms after it. 400 ms covers all but the two worst; covering those would cost
 * three quarters of a one-second byoyomi. `npm run usi:overrun -- --load 2` agreed: with 400 ms,
 * 2 of 900 moves went over, 405 and 824 ms after the planned time, and where it timed the
 * machine, its slowest moves came while everything stalled (the script's own timer 280–320 ms
 * late). YaneuraOu keeps back 120 ms (`NetworkDelay`), and 1120 ms when its time is nearly out
 * (`NetworkDelay2`). The USI option `TimeMargin` changes it.
 */
export const DEFAULT_TIME_MARGIN_MS = 400;
/**
 * Kept back from `go movetime`, which asks for exactly that long: the stop check comes every 1024
 * nodes (about a millisecond at full speed), then the worker's message and the write to stdout,
 * well under a millisecond each. 10 ms covers them with room; TimeMargin is for clocks.
 */
export const MOVETIME_MARGIN_MS = 10;
/**
 * On a clock whose main time can be saved for later moves, the planned time (the allocation) is
 * when the search starts no new depth; it stops wherever it is at this many times the plan. Each
 * depth takes a few times as long as the one before, so a move that finished a depth just before
 * its plan may run past it to finish the next, and one that finished a depth just after it stops
 * there: on average a move takes about its plan, and the plan is a share of what is left. (Before,
 * the plan was the hard limit and no depth started after half of it: a move then took about 0.6 of
 * its plan, and against YaneuraOu at 10 s + 0.1 s the engine left a third of its clock unused.)
 * Stockfish's maximum time is up to about five times its optimum; YaneuraOu's is five times,
 * "three for a search that manages its time less well" (timeman.cpp).
 */
export const MAX_TIME_RATIO = 3;
/** …and never more than this share of the main time left, whatever the plan. */
export const MAX_TIME_SHARE = 0.3;
/**
 * Byoyomi (秒読み) cannot be saved: what a move leaves of it is gone. A move that lives on byoyomi
 * therefore starts new iterations up to the hard limit: an iteration cut off costs nothing that
 * could have been kept, and what it read stays in the transposition table for the next move.
 * YaneuraOu-derived engines do the same: Yomita sets `move_time = byoyomi − NetworkDelay` when the
 * main time is 0, and YaneuraOu's timeman sets minimum = optimum = maximum time.
 */
export const BYOYOMI_SOFT_SHARE = 1;
/**
 * A move lives on byoyomi when its main time is below this many byoyomi: what is left then adds at
 * most a twenty-fifth to each move's allocation, too little to be worth saving. YaneuraOu's
 * timeman draws the same line: 持ち時間が少ないなら(秒読み時間の1.2倍未満なら)、思考時間を使いきったほうが得
 * ("with main time under 1.2 byoyomi, using all the time pays").
 */
export const BYOYOMI_MAIN_TIME_RATIO = 1.2;
/**
 * When a `go` meant to limit the search (a depth, a node count, a time, a clock) but none of its
 * limits could be read, or it gave a clock but none for the side to move, the GUI waits for an
 * answer and will not send `stop`: search this long instead. A second gives a sound move and
 * stays short of any time a GUI would give a move.
 */
export const FALLBACK_MOVETIME_MS = 1000;
// #endregion

/** The parameters of one `go` command; times in milliseconds. */
export interface GoParams {
  /** Think on the opponent's time until `ponderhit` or `stop`. */
  ponder: boolean;
  /** Search until `stop`. */
  infinite: boolean;
  btime?: number;
  wtime?: number;
  binc?: number;
  winc?: number;
  byoyomi?: number;
  /** Moves until the next time control (chess GUIs send it; USI has no such clock). */
  movestogo?: number;
  /** Think exactly this long (not in the USI standard, but common). */
  movetime?: number;
  depth?: number;
  nodes?: number;
  /** `go mate`: a mate search (詰将棋) with this time limit, or until `stop`. */
  mate?: number | 'infinite';
  /** Search only these root moves, as the GUI wrote them (checked against the root later). */
  searchmoves?: string[];
}

/** A `go` as read: what was understood, and one message per part that was not. */
export interface ParsedGo {
  go: GoParams;
  /** Each names the parameter and what was wrong with it; that part is left out of `go`. */
  warnings: string[];
}

type NumberKey =
  'btime' | 'wtime' | 'binc' | 'winc' | 'byoyomi' | 'movestogo' | 'movetime' | 'depth' | 'nodes';
const NUMBER_KEYS: ReadonlySet<string> = new Set<NumberKey>([
  'btime',
  'wtime',
  'binc',
  'winc',
  'byoyomi',
  'movestogo',
  'movetime',
  'depth',
  'nodes',
]);
/** Clocks may run below zero in some GUIs when a move overstepped them; they read as zero. */
const CLOCK_KEYS: ReadonlySet<string> = new Set(['btime', 'wtime']);
/** The parameters that limit a search: when all that were given are unreadable, a fallback applies. */
const LIMIT_KEYS: ReadonlySet<string> = new Set([
  'btime',
  'wtime',
  'binc',
  'winc',
  'byoyomi',
  'movetime',
  'depth',
  'nodes',
]);
/** A search of depth 0, no nodes, or no moves to the time control means nothing. */
const AT_LEAST_ONE_KEYS: ReadonlySet<string> = new Set(['depth', 'nodes', 'movestogo']);
const FLAG_KEYS: ReadonlySet<string> = new Set(['ponder', 'infinite']);
/** Every word `go` knows: a value is never one of these (but `mate infinite`). */
const GO_KEYWORDS: ReadonlySet<string> = new Set([
  ...FLAG_KEYS,
  ...NUMBER_KEYS,
  'mate',
  'searchmoves',
]);
const KNOWN = [...GO_KEYWORDS].join(', ');

// #region parse-go
/**
 * Read the arguments of `go` (with or without the leading `go`). Nothing makes it fail: a GUI
 * waits for a `bestmove` after every `go`, so a part that is not understood is left out, with a
 * warning that names the parameter and what was wrong, and the search runs with the rest. A bad
 * value is taken as the parameter's (one warning, not two); an unknown word takes the words up
 * to the next keyword with it, as they are most likely its values. When every limit the `go` gave
 * is unreadable, it searches FALLBACK_MOVETIME_MS rather than until a `stop` that will not come.
 */
export function parseGo(text: string): ParsedGo {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens[0] === 'go') tokens.shift();
  const go: GoParams = { ponder: false, infinite: false };
  const warnings: string[] = [];
  let limitLost = false;
  let i = 0;
  while (i < tokens.length) {
    const key = tokens[i++]!;
    const count = valueCount(key, tokens, i);
    const warning = readParameter(go, key, tokens.slice(i, i + count));
    if (warning !== null) {
      warnings.push(`go: ${warning}`);
      if (LIMIT_KEYS.has(key)) limitLost = true;
    }
    i += count;
  }
  if (limitLost && !isLimited(go)) fallBack(go, warnings, 'no limit left that could be read');
  return { go, warnings };
}

/** Search FALLBACK_MOVETIME_MS, with a warning that says why. */
function fallBack(go: GoParams, warnings: string[], reason: string): void {
  go.movetime = FALLBACK_MOVETIME_MS;
  warnings.push(`go: ${reason}; searching ${FALLBACK_MOVETIME_MS} ms`);
}

/** Does anything in `go` end the search without a `stop`? (Infinite and ponder wait for one.) */
function isLimited(go: GoParams): boolean {
  if (go.infinite || go.ponder || go.mate !== undefined) return true;
  return [...LIMIT_KEYS].some((key) => go[key as NumberKey] !== undefined);
}

/** How many of the words from `at` on are the values of parameter `key`. */
function valueCount(key: string, tokens: readonly string[], at: number): number {
  if (FLAG_KEYS.has(key)) return 0;
  if (key === 'mate' && tokens[at] === 'infinite') return 1; // here `infinite` is mate's value
  let end = at;
  while (end < tokens.length && !GO_KEYWORDS.has(tokens[end]!)) end++;
  // A number takes one word; searchmoves, and a word it does not know, all up to the next keyword.
  return NUMBER_KEYS.has(key) || key === 'mate' ? Math.min(1, end - at) : end - at;
}

/** Store one parameter and its values in `go`; return what was wrong, or null. */
function readParameter(go: GoParams, key: string, values: string[]): string | null {
  const value = values[0];
  if (FLAG_KEYS.has(key)) {
    go[key as 'ponder' | 'infinite'] = true;
    return null;
  }
  if (key === 'searchmoves') {
    if (values.length === 0) return 'searchmoves needs at least one move; ignored';
    go.searchmoves = values;
    return null;
  }
  if (key === 'mate') {
    // Without a usable time a mate search runs until it is certain or the GUI says stop.
    const time = value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
    go.mate = time ?? 'infinite';
    if (value === 'infinite' || time !== null) return null;
    return `mate needs a time in milliseconds or "infinite", got ${show(value)}; searching until stop`;
  }
  if (!NUMBER_KEYS.has(key)) {
    const withValues = values.length > 0 ? ` (with ${show(values.join(' '))})` : '';
    return `unknown parameter ${show(key)}${withValues} ignored (known: ${KNOWN})`;
  }
  const pattern = CLOCK_KEYS.has(key) ? /^-?\d+$/ : /^\d+$/;
  if (value === undefined || !pattern.test(value))
    return `${key} needs a whole number, got ${show(value)}; ignored`;
  const n = Math.max(0, Number(value));
  if (AT_LEAST_ONE_KEYS.has(key) && n < 1)
    return `${key} must be at least 1, got ${value}; ignored`;
  go[key as NumberKey] = n;
  return null;
}
// #endregion

/**
 * The root moves that `searchmoves` names, read against the root: a move that is not a legal
 * move there is left out, with a warning that says why.
 */
export function readSearchMoves(
  root: Position,
  texts: readonly string[],
): { moves: Move[]; warnings: string[] } {
  const moves: Move[] = [];
  const warnings: string[] = [];
  for (const text of texts) {
    const move = parseUsiMove(root, text);
    if (move.ok) moves.push(move.value);
    else warnings.push(`go: searchmoves: ${move.error}; ignored`);
  }
  return { moves, warnings };
}

const show = (text: string | undefined): string =>
  text === undefined ? 'nothing' : JSON.stringify(text.slice(0, 30));

/** One side's clock: what is left, the increment and the byoyomi, in milliseconds. */
export interface Clock {
  time: number;
  inc: number;
  byoyomi: number;
  /** Moves until the next time control, when the GUI says (`movestogo`). */
  movesToGo?: number;
}

/** The clock of the side to move, or null when `go` gave it no time, increment or byoyomi. */
export function clockFor(go: GoParams, side: Color): Clock | null {
  const time = side === 0 ? go.btime : go.wtime;
  const inc = side === 0 ? go.binc : go.winc;
  if (time === undefined && inc === undefined && go.byoyomi === undefined) return null;
  const clock: Clock = { time: time ?? 0, inc: inc ?? 0, byoyomi: go.byoyomi ?? 0 };
  if (go.movestogo !== undefined) clock.movesToGo = go.movestogo;
  return clock;
}

/** Each side's clock parameters in `go`, and the side's name, by Color (0 sente, 1 gote). */
const CLOCK_PARAMS = [
  { time: 'btime', inc: 'binc', side: 'sente' },
  { time: 'wtime', inc: 'winc', side: 'gote' },
] as const;

/**
 * A `go` that gives a clock, but none for the side to move (`go wtime 5000` with sente to move),
 * and nothing else that ends the search would search until a `stop` the GUI will not send: like a
 * `go` whose limits were unreadable, it searches FALLBACK_MOVETIME_MS, with a warning that names
 * what is missing. (`go ponder` still waits for `ponderhit`, then searches that long.) Any other
 * `go` comes back as it was.
 */
export function checkOurClock(parsed: ParsedGo, side: Color): ParsedGo {
  const { go } = parsed;
  const ours = CLOCK_PARAMS[side];
  const given = [CLOCK_PARAMS[side ^ 1]!.time, CLOCK_PARAMS[side ^ 1]!.inc].filter(
    (key) => go[key] !== undefined,
  );
  const endsAnyway =
    go.infinite ||
    go.mate !== undefined ||
    go.movetime !== undefined ||
    go.depth !== undefined ||
    go.nodes !== undefined;
  if (given.length === 0 || endsAnyway || clockFor(go, side) !== null) return parsed;
  const out: ParsedGo = { go: { ...go }, warnings: [...parsed.warnings] };
  const missing = `no ${ours.time}, ${ours.inc} or byoyomi for ${ours.side}, the side to move`;
  fallBack(out.go, out.warnings, `${given.join(' and ')} given but ${missing}`);
  return out;
}

// #region allocate-time
/**
 * How long to plan for this move: a share of the main time plus what this move earns anyway (the
 * increment, the byoyomi), but never more than can be spent without losing on time. Main time is
 * shared over MOVES_TO_GO moves, or fewer when the next time control is closer (`movestogo`).
 * The increment counts as spendable: it comes back after every move, so over the moves to come
 * it is spent once a move (YaneuraOu plans with time + increment × moves to go).
 */
export function allocateTime(clock: Clock, marginMs = DEFAULT_TIME_MARGIN_MS): number {
  const planned = clock.time / movesLeft(clock) + clock.inc + clock.byoyomi;
  return Math.max(MIN_THINK_MS, Math.floor(Math.min(planned, mostWeCanSpend(clock, marginMs))));
}

/** Main time is shared over this many moves: MOVES_TO_GO, or `movestogo` when it is nearer. */
const movesLeft = (clock: Clock): number => Math.min(clock.movesToGo ?? MOVES_TO_GO, MOVES_TO_GO);

/** All the clock holds for this move, less what is kept back for the trip to the GUI. */
const mostWeCanSpend = (clock: Clock, marginMs: number): number =>
  clock.time + clock.byoyomi - marginMs;

/**
 * Does this move live on byoyomi? Yes when there is a byoyomi and the main time is gone, or too
 * little to be worth saving (under BYOYOMI_MAIN_TIME_RATIO byoyomi).
 */
export function livesOnByoyomi(clock: Clock): boolean {
  return clock.byoyomi > 0 && clock.time < clock.byoyomi * BYOYOMI_MAIN_TIME_RATIO;
}

/** A move's time limits on a clock, in milliseconds (SearchLimits' `timeMs` and `softTimeMs`). */
export interface ClockLimits {
  /** The hard limit: the search stops here, wherever it is. */
  timeMs: number;
  /** No new iteration of iterative deepening starts after this: the plan (allocateTime). */
  softTimeMs: number;
}

/**
 * The limits of one move on a clock. Where the move lives on byoyomi, which cannot be saved, the
 * plan is all of it, and new depths start until the end (BYOYOMI_SOFT_SHARE). Where main time
 * can be saved for later moves, no new depth starts after the plan, and the search stops at
 * MAX_TIME_RATIO times the plan, at most MAX_TIME_SHARE of the main time (but on the last move
 * before the time control) plus what the move earns anyway. The USI engine and an in-process game
 * clock (the lab's matches) both use it; `marginMs` is what the caller keeps back for the trip to
 * the clock (TimeMargin for a GUI).
 */
export function clockLimits(clock: Clock, marginMs = DEFAULT_TIME_MARGIN_MS): ClockLimits {
  const planned = allocateTime(clock, marginMs);
  if (livesOnByoyomi(clock))
    return { timeMs: planned, softTimeMs: Math.floor(planned * BYOYOMI_SOFT_SHARE) };
  const share = movesLeft(clock) <= 1 ? 1 : MAX_TIME_SHARE;
  const most = Math.min(
    MAX_TIME_RATIO * planned,
    clock.time * share + clock.inc + clock.byoyomi,
    mostWeCanSpend(clock, marginMs),
  );
  const timeMs = Math.max(MIN_THINK_MS, Math.floor(most));
  return { timeMs, softTimeMs: Math.min(planned, timeMs) };
}
// #endregion

/**
 * The search limits for a `go`. Pondering and `infinite` set no time limit (the GUI says when to
 * stop); `go mate` searches until a mate is certain or its time runs out. `movetime` is used
 * whole, less a small margin; on a clock the limits are clockLimits'. A `go` with nothing that
 * limits it (plain `go`) searches until `stop`, or until the deepest depth is done.
 */
export function goLimits(
  go: GoParams,
  side: Color,
  marginMs = DEFAULT_TIME_MARGIN_MS,
): SearchLimits {
  const limits: SearchLimits = {};
  if (go.depth !== undefined) limits.depth = go.depth;
  if (go.nodes !== undefined) limits.nodes = go.nodes;
  if (go.mate !== undefined) {
    limits.mate = MAX_DEPTH;
    if (go.mate !== 'infinite') limits.timeMs = go.mate;
    return limits;
  }
  if (go.ponder || go.infinite) return limits;
  if (go.movetime !== undefined) {
    limits.timeMs = Math.max(0, go.movetime - MOVETIME_MARGIN_MS);
    return limits;
  }
  const clock = clockFor(go, side);
  return clock ? { ...limits, ...clockLimits(clock, marginMs) } : limits;
}
