/**
 * The one check of search limits (search/limits.ts) that the Searcher, the worker and the USI
 * engine share: limits that make no search are refused with a message that names them, and a
 * search never returns a result without a move, a score and a line (engine-review.md N2: depth 0
 * returned {"nodes":0}, mate 0 and depth −3 returned {}).
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../../src/engine/position';
import { checkLimits, MAX_DEPTH, Searcher } from '../../../src/engine/search/index';
import { checkGoLimits } from '../../../src/engine/worker/protocol';

describe('search limits', () => {
  it('lets through every limit that makes a search', () => {
    for (const limits of [
      {},
      { depth: 1 },
      { depth: MAX_DEPTH },
      { nodes: 1 },
      { timeMs: 0 },
      { timeMs: 1500.5, softTimeMs: 700 },
      { mate: 3 },
      { depth: 3, searchMoves: [0x3d4c] },
      { depth: 2, nodes: undefined },
    ])
      expect(checkLimits(limits), JSON.stringify(limits)).toEqual({ ok: true, value: limits });
  });

  it('names the limit and what it got when a limit makes no search', () => {
    const error = (limits: unknown) => {
      const r = checkLimits(limits);
      return r.ok ? null : r.error;
    };
    expect(error({ depth: 0 })).toBe(
      `search limits: depth must be a whole number from 1 to ${MAX_DEPTH}, got 0`,
    );
    expect(error({ depth: -3 })).toMatch(/depth .* got -3$/);
    expect(error({ depth: 2.5 })).toMatch(/depth .* got 2.5$/);
    expect(error({ depth: MAX_DEPTH + 1 })).toMatch(/depth/);
    expect(error({ mate: 0 })).toBe(
      'search limits: mate must be a whole number from 1 to any size, got 0',
    );
    expect(error({ nodes: Number.NaN })).toMatch(/nodes .* got NaN$/);
    expect(error({ timeMs: -1 })).toBe(
      'search limits: timeMs must be a number of milliseconds, at least 0, got -1',
    );
    expect(error({ timeMs: Infinity })).toMatch(/timeMs .* got Infinity$/);
    expect(error({ softTimeMs: '500' })).toMatch(/softTimeMs .* got "500"$/);
    expect(error({ searchMoves: '7g7f' })).toMatch(/searchMoves must be a list of moves/);
    expect(error({ time: 1000 })).toBe(
      'search limits: unknown limit "time" (known: depth, nodes, timeMs, softTimeMs, mate, searchMoves)',
    );
    expect(error(null)).toBe('search limits must be an object, got null');
    expect(error([3])).toBe('search limits must be an object, got a list');
  });

  it('never returns a result without a move: run says what is wrong, search throws it', () => {
    const searcher = new Searcher();
    for (const limits of [{ depth: 0 }, { mate: 0 }, { depth: -3 }]) {
      const r = searcher.run(Position.startpos(), limits);
      expect(r.ok).toBe(false);
      expect(() => searcher.search(Position.startpos(), limits)).toThrow(RangeError);
    }
    const r = searcher.run(Position.startpos(), { depth: 1 });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.bestMove).toMatch(/^\d[a-i]\d[a-i]$/);
    expect(r.value.pv.length).toBeGreaterThan(0);
    expect(r.value.score).toBeDefined();
  });

  it('is the worker’s check too, under its own bounds for a page', () => {
    expect(checkGoLimits({ depth: 0 })).toBe(
      `go: search limits: depth must be a whole number from 1 to ${MAX_DEPTH}, got 0`,
    );
    expect(checkGoLimits({})).toBe('go: give a depth, a node limit or a time limit');
    expect(checkGoLimits({ depth: 4 })).toBeNull();
  });
});
