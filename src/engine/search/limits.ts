/**
 * What ends a search (a depth, a node count, a time, a mate length, the root moves to consider),
 * and the one check of it that every caller shares: the `Searcher` (library users), the book's
 * worker and the USI engine. A limit that makes no search (depth 0, a mate in 0 moves, a negative
 * or non-finite number) is refused with a message that names it, never searched into a result
 * with no move.
 */
import { err, ok, type Move, type Result } from '../types';

/** The deepest iteration a search runs. */
export const MAX_DEPTH = 64;

export interface SearchLimits {
  /** Deepest iteration (default: as deep as time allows, at most MAX_DEPTH). */
  depth?: number;
  /** Stop after about this many nodes (main + quiescence). */
  nodes?: number;
  /** Stop after this many milliseconds, wherever the search is. */
  timeMs?: number;
  /**
   * Start no new iteration after this many milliseconds: the next one would most likely be cut
   * off by `timeMs` and thrown away (time management for a game clock).
   */
  softTimeMs?: number;
  /** Stop as soon as a mate in at most this many moves (of the side to move) is proven. */
  mate?: number;
  /** Consider only these root moves (USI `go searchmoves`); moves that are not legal are ignored. */
  searchMoves?: readonly Move[];
}

const KNOWN: ReadonlySet<string> = new Set([
  'depth',
  'nodes',
  'timeMs',
  'softTimeMs',
  'mate',
  'searchMoves',
]);

// #region check-limits
/**
 * The limits as given, or what is wrong with them: a depth from 1 to MAX_DEPTH, a node count and
 * a mate length of at least 1, times of at least 0 ms (0 searches depth 1 and stops), every number
 * finite and the counts whole, root moves a list of moves, and nothing the search does not know.
 */
export function checkLimits(limits: unknown): Result<SearchLimits> {
  if (limits === null || typeof limits !== 'object' || Array.isArray(limits))
    return err(`search limits must be an object, got ${describe(limits)}`);
  const given = limits as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!KNOWN.has(key) && given[key] !== undefined)
      return err(`search limits: unknown limit "${key}" (known: ${[...KNOWN].join(', ')})`);
  const whole = (key: string, min: number, max = Number.MAX_SAFE_INTEGER): string | null => {
    const v = given[key];
    if (v === undefined) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      return `search limits: ${key} must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'any size' : max}, got ${describe(v)}`;
    return null;
  };
  const time = (key: string): string | null => {
    const v = given[key];
    if (v === undefined) return null;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      return `search limits: ${key} must be a number of milliseconds, at least 0, got ${describe(v)}`;
    return null;
  };
  const problem =
    whole('depth', 1, MAX_DEPTH) ??
    whole('nodes', 1) ??
    whole('mate', 1) ??
    time('timeMs') ??
    time('softTimeMs');
  if (problem !== null) return err(problem);
  const moves = given['searchMoves'];
  if (
    moves !== undefined &&
    (!Array.isArray(moves) || !moves.every((m) => typeof m === 'number' && Number.isInteger(m)))
  )
    return err(`search limits: searchMoves must be a list of moves, got ${describe(moves)}`);
  return ok(given as SearchLimits);
}
// #endregion

const describe = (v: unknown): string => {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v.slice(0, 30));
  if (Array.isArray(v)) return 'a list';
  return v === null ? 'null' : typeof v;
};
