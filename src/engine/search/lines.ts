/**
 * The best few lines of a position (an analysis board's MultiPV): the best move and its line,
 * then the best of the moves left, and so on. Each line is a full search restricted to the root
 * moves not yet listed (USI `go searchmoves`), the way a GUI gets several lines from an engine
 * that gives only one; the transposition table is kept from one to the next, so the later
 * searches start with what the first learnt. Stockfish finds its lines inside one iterative
 * deepening instead, which is cheaper; ours costs up to `count` searches and is simple to check:
 * every line's score is that of a search of that move's subtree alone.
 */
import { legalMoves } from '../movegen';
import { parseUsiMove } from '../notation';
import type { Position } from '../position';
import type { Move } from '../types';
import type { SearchCallbacks, SearchLimits, SearchResult, Searcher } from './iterate';

/** More lines than this are not worth their searches on an analysis board. */
export const MAX_LINES = 8;

/**
 * Up to `count` lines, best first (fewer when the position has fewer legal moves). `onLine` is
 * called as each line is found; `shouldStop` ends the work between and inside searches.
 */
export function searchLines(
  searcher: Searcher,
  pos: Position,
  limits: SearchLimits,
  count: number,
  callbacks: SearchCallbacks & { onLine?: (line: SearchResult, index: number) => void } = {},
): SearchResult[] {
  const legal = legalMoves(pos);
  const wanted = limits.searchMoves?.length
    ? legal.filter((m) => limits.searchMoves!.includes(m))
    : legal;
  const left = new Set<Move>(wanted);
  const lines: SearchResult[] = [];
  while (lines.length < Math.min(count, MAX_LINES) && left.size > 0) {
    const result = searcher.search(pos, { ...limits, searchMoves: [...left] }, callbacks);
    const best = result.bestMove === null ? null : parseUsiMove(pos, result.bestMove);
    if (best === null || !best.ok) break;
    // A search stopped before its first iteration ends has no line worth showing.
    if (result.stopped && result.depth === 0) break;
    lines.push(result);
    callbacks.onLine?.(result, lines.length - 1);
    left.delete(best.value);
    if (result.stopped || callbacks.shouldStop?.()) break;
  }
  return lines;
}
