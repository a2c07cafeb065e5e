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
 * Main time is shared as if this many of our moves were still to come: a shogi game lasts about
 * 120 plies, and spending 1/30 of what is left keeps a reserve for the endgame (the brief's
 * "remaining/30"; chessprogramming.org "Time Management" uses 20 to 40).
 */
export const MOVES_TO_GO = 30;
/** Never plan less than this: depth 1 of a middlegame position takes a few milliseconds. */
export const MIN_THINK_MS = 20;
/**
 * Kept back from the time that may be spent, for the trip from the search to the GUI's clock:
 * the stop check runs every 1024 nodes (up to ~50 ms while the JIT warms up), then the worker
 * message, stdout and the GUI. YaneuraOu's `NetworkDelay` defaults to 120 ms; the USI option
 * `TimeMargin` changes it.
 */
export const DEFAULT_TIME_MARGIN_MS = 200;
/**
 * Kept back from `go movetime`, which asks for exactly that long: the stop check comes every 1024
 * nodes (about a millisecond at full speed), then the worker's message and the write to stdout,
 * well under a millisecond each. 10 ms covers them with room; TimeMargin is for clocks.
 */
export const MOVETIME_MARGIN_MS = 10;
/**
 * On a clock, start no new iteration once this share of the allocation is spent: each depth
 * takes a few times longer than the one before, so a later start would most likely be cut off
 * and thrown away (chessprogramming.org "Time Management"; the search's old built-in rule).
 */
export const SOFT_TIME_SHARE = 0.5;
/**
 * When a `go` meant to limit the search (a depth, a node count, a time, a clock) but none of its
 * limits could be read, the GUI waits for an answer and will not send `stop`: search this long
 * instead. A second gives a sound move and stays short of any time a GUI would give a move.
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
  if (limitLost && !isLimited(go)) {
    go.movetime = FALLBACK_MOVETIME_MS;
    warnings.push(`go: no limit left that could be read; searching ${FALLBACK_MOVETIME_MS} ms`);
  }
  return { go, warnings };
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

/** The clock of the side to move, or null when `go` gave no clock at all. */
export function clockFor(go: GoParams, side: Color): Clock | null {
  const time = side === 0 ? go.btime : go.wtime;
  const inc = side === 0 ? go.binc : go.winc;
  if (time === undefined && inc === undefined && go.byoyomi === undefined) return null;
  const clock: Clock = { time: time ?? 0, inc: inc ?? 0, byoyomi: go.byoyomi ?? 0 };
  if (go.movestogo !== undefined) clock.movesToGo = go.movestogo;
  return clock;
}

// #region allocate-time
/**
 * How long to think about this move: a share of the main time plus what this move earns anyway
 * (the increment, the byoyomi), but never more than can be spent without losing on time. Main
 * time is shared over MOVES_TO_GO moves, or fewer when the next time control is closer
 * (`movestogo`). The increment is not counted as spendable now: most GUIs add it after the move.
 */
export function allocateTime(clock: Clock, marginMs = DEFAULT_TIME_MARGIN_MS): number {
  const movesLeft = Math.min(clock.movesToGo ?? MOVES_TO_GO, MOVES_TO_GO);
  const planned = clock.time / movesLeft + clock.inc + clock.byoyomi;
  const mostWeCanSpend = clock.time + clock.byoyomi - marginMs;
  return Math.max(MIN_THINK_MS, Math.floor(Math.min(planned, mostWeCanSpend)));
}
// #endregion

/**
 * The search limits for a `go`. Pondering and `infinite` set no time limit (the GUI says when to
 * stop); `go mate` searches until a mate is certain or its time runs out. `movetime` is used
 * whole, less a small margin; on a clock the allocation is the hard stop and no new depth starts
 * after half of it. A `go` with nothing that limits it (plain `go`) searches until `stop`, or
 * until the deepest depth is done.
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
  if (clock) {
    limits.timeMs = allocateTime(clock, marginMs);
    limits.softTimeMs = Math.floor(limits.timeMs * SOFT_TIME_SHARE);
  }
  return limits;
}
