/**
 * The worker's match: every move and every finished game posted, then the whole result, tallied
 * as the lab tallies; and a request it cannot play refused with the field named.
 */
import { describe, expect, it } from 'vitest';
import { makeOpenings } from '../../../src/engine/lab/openings';
import type { EngineResponse, MatchRequest } from '../../../src/engine/worker/protocol';
import { checkMatchRequest, runMatchRequest } from '../../../src/engine/worker/worker';

const openings = makeOpenings(11, 2);
const request = (change: Partial<MatchRequest> = {}): MatchRequest => ({
  type: 'match',
  id: 7,
  a: { nullMove: true },
  b: {},
  games: 4,
  limits: { depth: 1 },
  openings,
  seed: 1,
  maxPlies: 40,
  contempt: 50,
  ...change,
});

describe('a match in the worker', () => {
  it('posts each move and game, then the result', () => {
    const out: EngineResponse[] = [];
    runMatchRequest(request(), (m) => out.push(m));
    const games = out.filter((m) => m.type === 'matchgame');
    const result = out.at(-1);
    expect(games).toHaveLength(4);
    expect(result?.type).toBe('matchresult');
    if (result?.type !== 'matchresult') return;
    expect(result.games.map((g) => g.id)).toEqual([0, 1, 2, 3]);
    expect(result.tally.games).toBe(4);
    const moves = out.filter((m) => m.type === 'matchmove');
    const plies = result.games.reduce((n, g) => n + g.moves.length, 0);
    expect(moves).toHaveLength(plies);
    expect(out.every((m) => m.id === 7)).toBe(true);
  });

  it('refuses what it cannot play, naming the field', () => {
    expect(checkMatchRequest(request({ games: 100 }))).toMatch(/^match: games must be/);
    expect(checkMatchRequest(request({ limits: {} }))).toBe(
      'match: give either a depth or a node count per move',
    );
    expect(checkMatchRequest(request({ limits: { depth: 9 } }))).toMatch(/^match: depth must be/);
    expect(checkMatchRequest(request({ a: { nullMoveR: 1.5 } }))).toMatch(
      /^match: a: options: nullMoveR/,
    );
    expect(checkMatchRequest(request({ openings: [] }))).toBe('match: no openings');
    expect(
      checkMatchRequest(request({ openings: [{ id: 'x', moves: ['9z9z'], score: 0 }] })),
    ).toMatch(/^match: opening x:/);
    const out: EngineResponse[] = [];
    runMatchRequest(request({ games: 1 }), (m) => out.push(m));
    expect(out).toEqual([
      { type: 'error', id: 7, message: 'match: games must be a whole number from 2 to 40, got 1' },
    ]);
  });
});
