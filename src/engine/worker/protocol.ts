/**
 * The messages between a page and the engine's Web Worker, in USI's vocabulary: the page sends
 * requests (`perft`, `stop`), the worker answers with `info` while it works, then one `result`,
 * or an `error`. Every message carries the `id` of the request it belongs to, so a client can drop
 * answers to requests it no longer cares about. Later chapters add `go` (search) and `bestmove`.
 *
 * The protocol also fixes what a person may type as a position, because both sides parse it: the
 * page to show an error at once, the worker because it must not trust the page.
 *
 * Chapters whose requests have a folder of their own declare them there: chapter 7's in
 * dtree/messages.ts (exported from here too), chapter 8's in king-capture/requests.ts.
 */
import type { MoveEvalParams, MoveEvaluation } from '../eval/move-evaluation';
import type { RankReport } from '../eval/move-rank';
import type {
  DtreeLoadedMessage,
  DtreeMateMessage,
  DtreeMovesMessage,
  DtreeProgressMessage,
  DtreeRequest,
  DtreeTreeMessage,
} from '../dtree/messages';
import type { EndOfGameRequest, EndOfGameResponse } from '../king-capture/requests';
import type { MatchGame, MatchTally } from '../lab/match';
import type { Opening } from '../lab/openings';
import type { SearchInfo, SearchResult } from '../search/iterate';
// From limits.ts, not iterate.ts: a page imports this module, and iterate.ts brings the whole
// search (and the decision trees it asks) onto the main thread.
import { checkLimits, type SearchLimits } from '../search/limits';
import { MAX_LINES } from '../search/lines';

/** The deepest perft a page may ask for; depth 6 of the start position is already 547,581,517 leaves. */
export const MAX_PERFT_DEPTH = 6;
export { INFO_INTERVAL_MS } from './progress';
export { parsePositionText } from '../sfen';
/** Chapter 7's requests, answers and limits (dtree/messages.ts), for the pages that send them. */
export * from '../dtree/messages';

/** Count the leaves of the move tree of `sfen` to `depth`, split by root move. */
export interface PerftRequest {
  type: 'perft';
  id: number;
  /** An SFEN, `startpos`, or a USI position command (`startpos moves 7g7f`, `sfen … moves …`). */
  sfen: string;
  depth: number;
  /** Count the last ply's moves without making them (see perft.ts). */
  bulk: boolean;
}

/**
 * Stop the request `id`. A worker busy in a synchronous perft only reads it after the run, so the
 * client stops work at once by terminating the worker; the message is for workers that poll.
 */
export interface StopRequest {
  type: 'stop';
  id: number;
}

/**
 * Search the position (USI `go`). `options` is a partial SearchOptions, checked by the worker
 * (an unknown option or a value out of range comes back as an `error`); `limits` bound the search.
 */
export interface GoRequest {
  type: 'go';
  id: number;
  sfen: string;
  options: unknown;
  limits: SearchLimits;
  /** The best this many lines (MultiPV, search/lines.ts); default 1. */
  lines?: number;
}

/** Seed 000's move evaluation of every legal move, with the given constants. */
export interface EvaluateRequest {
  type: 'evaluate';
  id: number;
  sfen: string;
  params: Partial<MoveEvalParams>;
}

/** Seed 000's rank measure over the fixture positions, with the given constants. */
export interface RankRequest {
  type: 'rank';
  id: number;
  params: Partial<MoveEvalParams>;
}

/**
 * A small self-play match in the page (the lab's matches in miniature): A against B from the
 * given openings, each played twice, at a fixed depth or node count per move. The worker posts
 * each move and each finished game, then the whole result.
 */
export interface MatchRequest {
  type: 'match';
  id: number;
  /** Partial search options of each side, checked by the worker. */
  a: unknown;
  b: unknown;
  games: number;
  limits: { depth?: number; nodes?: number };
  openings: Opening[];
  seed: number;
  maxPlies: number;
  contempt: number;
}

/**
 * How fast the search runs with each form of seed 003's effect evaluation (eval/effect/forms.ts): for
 * each form in turn, its tables built (timed), every position searched once to warm up (untimed),
 * then again, timed, to `depth`. The worker posts `evalspeedinfo` as each form starts and ends,
 * then `evalspeedresult` with every form's row. (The page's client sends one form per request,
 * each to a fresh worker: see EngineClient.evalSpeed.)
 */
export interface EvalSpeedRequest {
  type: 'evalspeed';
  id: number;
  /** Form names from EVAL_FORMS, measured in this order. */
  forms: string[];
  /** SFENs (or anything parsePositionText reads). */
  positions: string[];
  depth: number;
}

export type EngineRequest =
  | PerftRequest
  | StopRequest
  | GoRequest
  | EvaluateRequest
  | RankRequest
  | MatchRequest
  | EvalSpeedRequest
  | DtreeRequest
  | EndOfGameRequest;

/** What a page's match may ask for at most: a few games, shallow searches. */
export const MAX_MATCH_GAMES = 40;
export const MAX_MATCH_DEPTH = 6;
export const MAX_MATCH_NODES = 200_000;

/** What a page's speed measurement may ask for at most: depth 5 of a middle game is seconds a form. */
export const MAX_EVAL_SPEED_DEPTH = 5;
export const MAX_EVAL_SPEED_POSITIONS = 20;
/**
 * Timed passes over the positions for each form, the fastest kept (as bench:eval keeps each form's
 * best run): anything else the machine does only ever slows a pass down. At least this many
 * passes, and more until EVAL_SPEED_TIMED_MS have gone by, so that a fast form (material at depth
 * 2 is a few milliseconds a pass) gets enough tries for one to run undisturbed.
 */
export const EVAL_SPEED_PASSES = 3;
export const EVAL_SPEED_TIMED_MS = 300;
/**
 * The least time a form warms up, in untimed passes over the positions, before the timed ones:
 * one pass of a fast form at depth 2 is over before the JIT has finished compiling the search.
 */
export const EVAL_SPEED_WARM_UP_MS = 500;

/** The deepest search a page may ask for, and the most nodes. */
export const MAX_GO_DEPTH = 32;
export const MAX_GO_NODES = 50_000_000;

/** Progress of a running request: for perft, after each root move (throttled). */
export interface InfoMessage {
  type: 'info';
  id: number;
  /** Root moves finished so far, out of `total`. */
  done: number;
  total: number;
  /** Leaves counted so far. */
  nodes: number;
  /** Seconds since the request started. */
  seconds: number;
  /** Nodes per second so far. */
  nps: number;
}

/** One root move's share of a perft count, the move in USI notation. */
export interface DivideEntry {
  move: string;
  nodes: number;
}

/** The finished count. `divide` sums to `nodes`. */
export interface ResultMessage {
  type: 'result';
  id: number;
  nodes: number;
  seconds: number;
  nps: number;
  divide: DivideEntry[];
}

/** The request could not run; `message` says why in words a reader can act on. */
export interface ErrorMessage {
  type: 'error';
  id: number;
  message: string;
}

/** A search finished one more depth (USI `info`). */
export interface SearchInfoMessage {
  type: 'searchinfo';
  id: number;
  info: SearchInfo;
}

/**
 * With `lines` above 1: one more line found (MultiPV), best first, as soon as its search ends, so
 * a page can list the lines as they come.
 */
export interface SearchLineMessage {
  type: 'searchline';
  id: number;
  /** 0 for the best line, 1 for the next, … */
  index: number;
  line: SearchResult;
}

/** The search is over (USI `bestmove`), with its statistics and, if asked for, its trace. */
export interface BestMoveMessage {
  type: 'bestmove';
  id: number;
  result: SearchResult;
  /** With `lines` above 1: every line found, best first (`result` is the first). */
  lines?: SearchResult[];
}

export interface EvaluationMessage {
  type: 'evaluation';
  id: number;
  moves: MoveEvaluation[];
}

export interface RankMessage {
  type: 'rankreport';
  id: number;
  report: RankReport;
}

/** A move of the game under way in a match. */
export interface MatchMoveMessage {
  type: 'matchmove';
  id: number;
  /** The game's index in the match. */
  game: number;
  opening: string;
  /** The moves so far from the opening, in USI. */
  moves: string[];
}

/** A finished game, and the match's tally so far. */
export interface MatchGameMessage {
  type: 'matchgame';
  id: number;
  game: MatchGame;
  tally: MatchTally;
}

/** The match is over. */
export interface MatchResultMessage {
  type: 'matchresult';
  id: number;
  games: MatchGame[];
  tally: MatchTally;
}

/** One form's measurement: nodes (main and quiescence) over every position, and the time. */
export interface EvalSpeedRow {
  name: string;
  /** Forms of one group share their constants, so they read the same nodes. */
  group: string;
  nodes: number;
  /** Milliseconds of the timed searches (performance.now), the warm-up left out. */
  ms: number;
  /** Nodes per second of those searches. */
  nps: number;
  /** Bytes of tables the form holds. */
  bytes: number;
  /** Milliseconds to build them. */
  buildMs: number;
}

/**
 * A measurement under way: the form at index `done` is starting (`row` null), or it has finished
 * and `row` is its result (then `done` counts it).
 */
export interface EvalSpeedInfoMessage {
  type: 'evalspeedinfo';
  id: number;
  form: string;
  done: number;
  total: number;
  row: EvalSpeedRow | null;
}

/** The measurement is over: a row for each form, in the order asked. */
export interface EvalSpeedResultMessage {
  type: 'evalspeedresult';
  id: number;
  depth: number;
  positions: number;
  rows: EvalSpeedRow[];
}

export type EngineResponse =
  | InfoMessage
  | ResultMessage
  | ErrorMessage
  | SearchInfoMessage
  | SearchLineMessage
  | BestMoveMessage
  | EvaluationMessage
  | RankMessage
  | MatchMoveMessage
  | MatchGameMessage
  | MatchResultMessage
  | EvalSpeedInfoMessage
  | EvalSpeedResultMessage
  | DtreeProgressMessage
  | DtreeLoadedMessage
  | DtreeTreeMessage
  | DtreeMovesMessage
  | DtreeMateMessage
  | EndOfGameResponse;

/** Check a go request's line count (MultiPV); null when it is fine. */
export function checkGoLines(lines: unknown): string | null {
  if (lines === undefined) return null;
  if (typeof lines !== 'number' || !Number.isInteger(lines) || lines < 1 || lines > MAX_LINES)
    return `go: lines must be a whole number from 1 to ${MAX_LINES}, got ${JSON.stringify(lines)}`;
  return null;
}

/** Check a go request's limits; null when they are fine (the options are checked by resolveOptions). */
export function checkGoLimits(limits: SearchLimits): string | null {
  const checked = checkLimits(limits);
  if (!checked.ok) return `go: ${checked.error}`;
  const { depth, nodes, timeMs } = checked.value;
  if (depth === undefined && nodes === undefined && timeMs === undefined)
    return 'go: give a depth, a node limit or a time limit';
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 1 || depth > MAX_GO_DEPTH))
    return `go: depth must be a whole number from 1 to ${MAX_GO_DEPTH}, got ${depth}`;
  if (nodes !== undefined && (!Number.isInteger(nodes) || nodes < 1 || nodes > MAX_GO_NODES))
    return `go: nodes must be a whole number from 1 to ${MAX_GO_NODES}, got ${nodes}`;
  if (timeMs !== undefined && (!Number.isFinite(timeMs) || timeMs < 1 || timeMs > 600_000))
    return `go: time must be from 1 ms to 10 minutes, got ${timeMs}`;
  return null;
}

/** Check a perft request's fields before running it; null when it is fine. */
export function checkPerftRequest(request: PerftRequest): string | null {
  const { depth } = request;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_PERFT_DEPTH)
    return `perft depth must be a whole number from 1 to ${MAX_PERFT_DEPTH}, got ${depth}`;
  return null;
}
