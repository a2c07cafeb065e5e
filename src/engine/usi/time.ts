/**
 * USI `go`: reading its parameters and turning them into search limits, including how much of
 * the clock one move may use. Shogi clocks come in three shapes, often combined: main time
 * (持ち時間, `btime` / `wtime`), a fixed allowance per move once main time is gone (秒読み,
 * `byoyomi`), and an increment added after every move (フィッシャー, `binc` / `winc`).
 */
import { MAX_DEPTH, type SearchLimits } from '../search/index';
import { type Color, err, ok, type Result } from '../types';

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
  /** Think exactly this long (not in the USI standard, but common). */
  movetime?: number;
  depth?: number;
  nodes?: number;
  /** `go mate`: a mate search (詰将棋) with this time limit, or until `stop`. */
  mate?: number | 'infinite';
}

type NumberKey = 'btime' | 'wtime' | 'binc' | 'winc' | 'byoyomi' | 'movetime' | 'depth' | 'nodes';
const NUMBER_KEYS: readonly NumberKey[] = [
  'btime',
  'wtime',
  'binc',
  'winc',
  'byoyomi',
  'movetime',
  'depth',
  'nodes',
];
/** Clocks may run below zero in some GUIs when a move overstepped them; they read as zero. */
const CLOCK_KEYS: ReadonlySet<string> = new Set(['btime', 'wtime']);
const KNOWN = 'ponder, btime, wtime, binc, winc, byoyomi, movetime, depth, nodes, infinite, mate';

// #region parse-go
/** Read the arguments of `go` (with or without the leading `go`); errors name the parameter. */
export function parseGo(text: string): Result<GoParams> {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens[0] === 'go') tokens.shift();
  const go: GoParams = { ponder: false, infinite: false };
  for (let i = 0; i < tokens.length; i++) {
    const key = tokens[i]!;
    if (key === 'ponder' || key === 'infinite') {
      go[key] = true;
      continue;
    }
    const value = tokens[i + 1];
    if (key === 'mate') {
      if (value === 'infinite') go.mate = 'infinite';
      else if (value !== undefined && /^\d+$/.test(value)) go.mate = Number(value);
      else return err(`go: mate needs a time in milliseconds or "infinite", got ${show(value)}`);
      i++;
      continue;
    }
    if (!(NUMBER_KEYS as readonly string[]).includes(key))
      return err(`go: unknown parameter ${show(key)} (known: ${KNOWN})`);
    const pattern = CLOCK_KEYS.has(key) ? /^-?\d+$/ : /^\d+$/;
    if (value === undefined || !pattern.test(value))
      return err(`go: ${key} needs a whole number, got ${show(value)}`);
    const n = Math.max(0, Number(value));
    if ((key === 'depth' || key === 'nodes') && n < 1)
      return err(`go: ${key} must be at least 1, got ${value}`);
    go[key as NumberKey] = n;
    i++;
  }
  return ok(go);
}
// #endregion

const show = (text: string | undefined): string =>
  text === undefined ? 'nothing' : JSON.stringify(text.slice(0, 30));

/** One side's clock: what is left, the increment and the byoyomi, in milliseconds. */
export interface Clock {
  time: number;
  inc: number;
  byoyomi: number;
}

/** The clock of the side to move, or null when `go` gave no clock at all. */
export function clockFor(go: GoParams, side: Color): Clock | null {
  const time = side === 0 ? go.btime : go.wtime;
  const inc = side === 0 ? go.binc : go.winc;
  if (time === undefined && inc === undefined && go.byoyomi === undefined) return null;
  return { time: time ?? 0, inc: inc ?? 0, byoyomi: go.byoyomi ?? 0 };
}

// #region allocate-time
/**
 * How long to think about this move: a share of the main time plus what this move earns anyway
 * (the increment, the byoyomi), but never more than can be spent without losing on time. The
 * increment is not counted as spendable now: most GUIs add it after the move.
 */
export function allocateTime(clock: Clock, marginMs = DEFAULT_TIME_MARGIN_MS): number {
  const planned = clock.time / MOVES_TO_GO + clock.inc + clock.byoyomi;
  const mostWeCanSpend = clock.time + clock.byoyomi - marginMs;
  return Math.max(MIN_THINK_MS, Math.floor(Math.min(planned, mostWeCanSpend)));
}
// #endregion

/**
 * The search limits for a `go`. Pondering and `infinite` set no time limit (the GUI says when to
 * stop); `go mate` searches until a mate is certain or its time runs out.
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
    limits.timeMs = go.movetime;
    return limits;
  }
  const clock = clockFor(go, side);
  if (clock) limits.timeMs = allocateTime(clock, marginMs);
  return limits;
}
