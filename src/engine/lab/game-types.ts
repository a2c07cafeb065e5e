/**
 * The vocabulary of a game (game.ts plays one): its setup and rules (limits per move, the clock,
 * adjudication), how it can end and whose fault that was, the record it leaves, and the players,
 * who are asked for a move and answer with one.
 */
import type { Position } from '../position';
import type { SearchOptions } from '../search/options';
import type { Color } from '../types';
import type { GoParams } from '../usi/time';

/** What one move may use. A clock, if any, comes on top (see GameSetup.clock). */
export interface MoveLimits {
  nodes?: number;
  depth?: number;
  movetimeMs?: number;
}

/**
 * A game clock, as shogi GUIs keep one: `baseMs` of main time each (持ち時間); then either a
 * byoyomi (秒読み), `byoyomiMs` that every move may use once main time is gone, or an increment
 * (フィッシャー), `incMs` added after every move (`--tc 10+0.1`).
 */
export interface GameClock {
  baseMs: number;
  incMs: number;
  byoyomiMs: number;
}

/**
 * Adjudication: when, for `plies` plies in a row, both engines' scores say the same side is ahead
 * by at least `score` (a pawn is 90; mates count as beyond any threshold), the other side resigns.
 */
export interface Adjudication {
  score: number;
  plies: number;
}

export interface GameSetup {
  /** Where the game starts: a USI position argument (`startpos moves 7g7f 3c3d`, `sfen … `). */
  opening: string;
  sente: SearchOptions;
  gote: SearchOptions;
  limits: MoveLimits;
  clock: GameClock | null;
  /** Plies played from the opening before the game is called a draw. */
  maxPlies: number;
  adjudication: Adjudication | null;
}

/** The rules of a game, whoever plays it. */
export type GameRules = Omit<GameSetup, 'sente' | 'gote'>;

/** How the rules and the clock end a game. */
export const GameEnd = {
  Mate: 'mate',
  NoLegalMove: 'no-legal-move',
  Repetition: 'repetition',
  PerpetualCheck: 'perpetual-check',
  Declaration: 'declaration',
  MaxPlies: 'max-plies',
  Adjudication: 'adjudication',
  Time: 'time',
} as const;
export type GameEnd = (typeof GameEnd)[keyof typeof GameEnd];

/** How a player ends a game, as its loss: it resigns, or it fails (a USI engine, in the runner). */
export const PlayerEnd = {
  /** `bestmove resign`. */
  Resign: 'resign',
  /** A `bestmove` that is not a legal move here, does not parse, or claims a win the rules deny. */
  IllegalMove: 'illegal-move',
  /** The engine's process ended, or could not be started again. */
  Crash: 'engine-crash',
  /** The engine did not answer in time (`usiok`, `readyok`, or a move without a clock). */
  Timeout: 'engine-timeout',
} as const;
export type PlayerEnd = (typeof PlayerEnd)[keyof typeof PlayerEnd];

/** Every way a game can end. */
export type EndReason = GameEnd | PlayerEnd;

const RULE_ENDS: ReadonlySet<string> = new Set(Object.values(GameEnd));
/** Did the rules or the clock end the game (not a player)? */
export const isGameEnd = (end: EndReason): end is GameEnd => RULE_ENDS.has(end);

export type GameResult = 'sente' | 'gote' | 'draw';

/** What went wrong, and with whom, when a game ends by a player's fault or on time. */
export interface GameFault {
  side: 'sente' | 'gote';
  message: string;
  /** The last lines the engine printed (a USI engine's; filled in by the match runner). */
  lastLines?: string[];
}

/** A finished game: enough to replay it on the book's board and to score it. */
export interface GameRecord {
  opening: string;
  /** The moves played from the opening, in USI. */
  moves: string[];
  result: GameResult;
  end: EndReason;
  /** Each move's score from the side that played it (null: a USI engine that reported none). */
  scores: (number | null)[];
  /** Milliseconds each side spent (wall clock). */
  timeMs: { sente: number; gote: number };
  /**
   * Milliseconds each move took, whole (wall clock: a search's own, or for a USI engine from
   * `go` sent to `bestmove` read). Absent from records made before it was kept.
   */
  moveTimesMs?: number[];
  /** Set when the game ended on time or by a player's fault (PlayerEnd but resign). */
  fault?: GameFault;
}

/** Per-move progress, for a progress bar or a live board. */
export type OnMove = (move: string, ply: number, score: number | null) => void;

/** What the side to move is asked. */
export interface MoveRequest {
  side: Color;
  /** The position to move in. A player may search it, and must leave it as it found it. */
  position: Position;
  /** The game so far as USI `position` takes it: the opening, then the moves since. */
  usiPosition: string;
  /** What the move may use, as USI `go` says it: the limits per move, and the clocks. */
  go: GoParams;
}

/**
 * A player's answer: a move in USI (or `resign`, or `win` to declare), with its score from the
 * player's side and the milliseconds it took; or why no move came.
 */
export type MoveReply =
  | { kind: 'move'; move: string; score: number | null; timeMs: number }
  | { kind: 'failure'; end: PlayerEnd | typeof GameEnd.Time; message: string; timeMs: number };

/** One side of a game: given the position and the limits, a move. */
export interface Player {
  move(request: MoveRequest): MoveReply | Promise<MoveReply>;
}

/** A player that answers at once, in the same thread (our own searcher). */
export interface SyncPlayer extends Player {
  move(request: MoveRequest): MoveReply;
}
