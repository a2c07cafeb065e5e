/**
 * Mate problems (詰将棋) from test/fixtures/tsume.json: every problem is first re-proved by the
 * exhaustive mate search in support.ts (so a fixture error cannot pass as an engine error), then
 * the searcher must find a mate of exactly that length within the fixture's node budget, with a
 * first move that mates and a principal variation that ends in mate.
 *
 * And 打ち歩詰め: positions where a pawn drop would mate. The drop is not a legal move, the rules
 * module names it, and the searcher neither plays it nor claims a mate it does not have.
 */
import { describe, expect, it } from 'vitest';
import {
  illegalDrops,
  IllegalDropReason,
  isDropPawnMate,
  isMate,
  legalMoves,
  makeUsiMove,
  moveTo,
  parseUsiMove,
  type Position,
} from '../../../src/engine/index';
import { Searcher, toScore } from '../../../src/engine/search/index';
import { matingFirstMoves, mustParse, readFixture } from './support';

interface Problem {
  name: string;
  source: string;
  plies: 1 | 3;
  sfen: string;
  mates: string[];
  published?: string[];
  note?: string;
}

interface DropPawnMateCase {
  name: string;
  source: string;
  sfen: string;
  forbidden: string;
  noMateWithin: number;
}

interface TsumeFixture {
  nodeBudget: Record<string, number>;
  sources: Record<string, { repository: string; path: string; commit: string }>;
  excluded: { source: string; sfen: string; why: string }[];
  problems: Problem[];
  dropPawnMate: DropPawnMateCase[];
}

const fixture = readFixture<TsumeFixture>('tsume.json');
/** Generous per-test limit: alone on the machine the slowest test takes about a second. */
const TIMEOUT_MS = 60_000;
/** toScore counts moves of the side to move: 1 ply is mate in 1, 3 plies mate in 2. */
const mateMoves = (plies: number): number => (plies + 1) / 2;

/** Play `pv` from `sfen`; every move must be legal. Returns the final position. */
function playLine(sfen: string, pv: readonly string[]): Position {
  const pos = mustParse(sfen);
  for (const usi of pv) {
    const m = parseUsiMove(pos, usi);
    if (!m.ok) throw new Error(`PV move ${usi} after ${pv.join(' ')}: ${m.error}`);
    pos.doMove(m.value);
  }
  return pos;
}

describe('the tsume fixture', () => {
  it('has at least ten problems of each length, each from a named source', () => {
    for (const plies of [1, 3])
      expect(fixture.problems.filter((p) => p.plies === plies).length).toBeGreaterThanOrEqual(10);
    for (const p of fixture.problems) expect(fixture.sources[p.source], p.name).toBeDefined();
    for (const c of fixture.dropPawnMate) expect(fixture.sources[c.source], c.name).toBeDefined();
  });

  for (const p of fixture.problems) {
    it(`${p.name}: exhaustive search proves mate in ${p.plies} and no shorter`, () => {
      const pos = mustParse(p.sfen);
      expect(matingFirstMoves(pos, p.plies)).toEqual(p.mates);
      if (p.plies === 3) expect(matingFirstMoves(pos, 1)).toEqual([]);
      for (const m of p.published ?? []) expect(p.mates).toContain(m);
    });
  }

  it('leaves out source problems that are mates only under tsume conventions', () => {
    for (const e of fixture.excluded) expect(matingFirstMoves(mustParse(e.sfen), 1)).toEqual([]);
  });
});

describe('the searcher solves mate problems within the node budget', () => {
  for (const p of fixture.problems) {
    const budget = fixture.nodeBudget[String(p.plies)]!;
    it(
      `${p.name}: mate in ${mateMoves(p.plies)} within ${budget} nodes`,
      () => {
        const searcher = new Searcher();
        const r = searcher.search(mustParse(p.sfen), { mate: mateMoves(p.plies), nodes: budget });
        expect(r.score).toEqual({ kind: 'mate', value: mateMoves(p.plies) });
        expect(p.mates).toContain(r.bestMove);
        expect(r.stats.nodes + r.stats.qnodes).toBeLessThanOrEqual(budget);
        // The principal variation is the mate itself: legal, p.plies long, ending in mate.
        expect(r.pv.length).toBe(p.plies);
        expect(isMate(playLine(p.sfen, r.pv))).toBe(true);
      },
      TIMEOUT_MS,
    );
  }
});

describe('打ち歩詰め: a pawn drop that would mate is never played', () => {
  for (const c of fixture.dropPawnMate) {
    it(
      `${c.name}: ${c.forbidden} is illegal and the searcher does not play it`,
      () => {
        const pos = mustParse(c.sfen);
        const dropped = pos.clone();
        const forbidden = illegalDrops(pos).find((d) => makeUsiMove(d.move) === c.forbidden);
        // The rules module names the drop and its reason; the move generator leaves it out.
        expect(forbidden?.reason).toBe(IllegalDropReason.DropPawnMate);
        expect(legalMoves(pos).map(makeUsiMove)).not.toContain(c.forbidden);
        expect(parseUsiMove(pos, c.forbidden).ok).toBe(false);
        // It really would mate: played anyway, it leaves the defender in check with no move.
        expect(isDropPawnMate(pos, moveTo(forbidden!.move))).toBe(true);
        dropped.doMove(forbidden!.move);
        expect(isMate(dropped)).toBe(true);
        // Nothing else mates soon, so the only "mate" on offer is the illegal one.
        expect(matingFirstMoves(pos, c.noMateWithin)).toEqual([]);

        const r = new Searcher().search(pos, { depth: 4, nodes: 200_000 });
        expect(r.bestMove).not.toBe(c.forbidden);
        expect(r.bestMove).not.toBeNull();
        expect(toScore(r.value)).not.toEqual({ kind: 'mate', value: 1 });
        expect(r.score.kind === 'mate' && r.score.value > 0 && r.score.value <= 2).toBe(false);
      },
      TIMEOUT_MS,
    );
  }
});
