/**
 * What a `go` answers (engine.ts runs it): the search one `go` starts, the answers that need no
 * search, `bestmove` (with its ponder move, or resign) and `checkmate`.
 */
import { hasLegalMove, legalMoves } from '../movegen';
import { makeUsiMove, parseUsiMove } from '../notation';
import type { Position } from '../position';
import { canDeclareWin, hasCheckingMove } from '../rules';
import { MATE_BOUND, type SearchResult } from '../search/index';
import type { Move } from '../types';
import { PONDER_OPTION, RESIGN_OPTION } from './options';
import type { UsiSettings } from './settings';
import type { GoParams } from './time';

export type Mode = 'normal' | 'infinite' | 'ponder' | 'mate';

/** One `go`, from the command to its `bestmove` (or `checkmate`). */
export interface ActiveSearch {
  mode: Mode;
  go: GoParams;
  /** The root position and its `position` text, fixed at `go`; null after a failed `position`. */
  root: Position | null;
  positionText: string;
  /** The legal moves of `searchmoves`; empty to search every move. */
  searchMoves: Move[];
  /** `stop` (or a later `go`) came: answer as soon as possible, hold nothing back. */
  stopRequested: boolean;
  /** A finished answer held back until `stop` or `ponderhit` (infinite search, pondering). */
  held: string[] | null;
  /** `ponderhit` came while pondering: when the ponder search returns, search again on the clock. */
  restartOnDone: boolean;
  /**
   * When the GUI's clock for this move started (UsiEngineConfig.now): at `go`, or at `ponderhit`.
   * The search takes the time since then off its limits: a `go` that waited for the search before
   * it, or for the search thread, has that much less left.
   */
  clockStart: number;
  infoLines: number;
}

/** The search a `go` starts, in the mode its words ask for. */
export function newSearch(
  go: GoParams,
  root: Position | null,
  positionText: string,
  searchMoves: Move[],
  clockStart: number,
): ActiveSearch {
  return {
    mode:
      go.mate !== undefined ? 'mate' : go.ponder ? 'ponder' : go.infinite ? 'infinite' : 'normal',
    go,
    root,
    positionText,
    searchMoves,
    stopRequested: false,
    held: null,
    restartOnDone: false,
    clockStart,
    infoLines: 0,
  };
}

/**
 * Some `go`s need no search: no position, no legal move, a winning declaration, no check to
 * give.
 */
export function answerWithoutSearch(search: ActiveSearch): string[] | null {
  const pos = search.root;
  if (pos === null) return [search.mode === 'mate' ? 'checkmate nomate' : 'bestmove resign'];
  if (search.mode === 'mate') return hasCheckingMove(pos) ? null : ['checkmate nomate'];
  if (!hasLegalMove(pos)) return ['bestmove resign'];
  if (canDeclareWin(pos)) return ['bestmove win'];
  return null;
}

/**
 * `bestmove`, checked against the root: a search cut short at depth 1 may have no move yet.
 * `resign` when ResignValue is set and the score (the side to move's) is at or below minus it.
 */
export function bestMoveAnswer(
  search: ActiveSearch,
  result: SearchResult,
  settings: UsiSettings,
): string {
  const root = rootOf(search);
  const best = result.bestMove === null ? null : parseUsiMove(root, result.bestMove);
  const move = best?.ok ? best.value : (search.searchMoves[0] ?? legalMoves(root)[0]);
  if (move === undefined) return 'bestmove resign';
  // A search stopped inside depth 1 has no score worth resigning over.
  const scored = search.infoLines > 0 || !result.stopped;
  const resignValue = Number(settings.get(RESIGN_OPTION));
  if (scored && resignValue > 0 && result.value <= -resignValue) return 'bestmove resign';
  let line = `bestmove ${makeUsiMove(move)}`;
  if (settings.get(PONDER_OPTION) === true && best?.ok && result.ponder !== null) {
    root.doMove(move);
    if (parseUsiMove(root, result.ponder).ok) line += ` ponder ${result.ponder}`;
    root.undoMove(move);
  }
  return line;
}

/**
 * The answer to `go mate`: the mating line when the side to move mates, `nomate` when the mate
 * search proved there is none (no sequence of checks mates), and `timeout` when the time ran out
 * before either was certain. A result from the α-β search (no `mateStatus`) reads its value: a
 * proven mate, or the side to move mated itself.
 */
export function mateAnswer(result: SearchResult): string {
  if (result.mateStatus !== undefined) {
    if (result.mateStatus === 'mate') return `checkmate ${result.pv.join(' ')}`;
    return result.mateStatus === 'nomate' ? 'checkmate nomate' : 'checkmate timeout';
  }
  if (result.value > MATE_BOUND && result.pv.length > 0) return `checkmate ${result.pv.join(' ')}`;
  if (result.value < -MATE_BOUND && !result.stopped) return 'checkmate nomate';
  return 'checkmate timeout';
}

/** The root of a search that runs: only a `go` with a position gets as far as the backend. */
export function rootOf(search: ActiveSearch): Position {
  if (search.root === null) throw new Error('usi: a search without a position reached the backend');
  return search.root;
}
