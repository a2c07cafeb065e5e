/**
 * df-pn on the longer problems of test/fixtures/tsume-long.json (public collections, 5 to 69
 * plies): every problem up to `MAX_TESTED_PLIES` plies solved within its node budget, with a line that
 * is a mate played out, never shorter than the length its source states (a source counts by tsume
 * conventions, which leave out futile interpositions; under the game's rules a mate can only be as
 * long or longer), and up to 7 plies as short as the exact check-only search finds; for the
 * problems whose source gives an answer, that answer re-checked.
 */
import { describe, expect, it } from 'vitest';
import { parseUsiMove } from '../../../src/engine/index';
import { DfpnSearcher } from '../../../src/engine/mate/dfpn';
import { isMatingLine } from '../../../src/engine/mate/proof';
import { findShortMate } from '../../../src/engine/short-mate';
import { mustParse, readFixture } from '../search/support';

interface LongProblem {
  id: string;
  plies: number;
  sfen: string;
  answer?: string[];
}

const fixture = readFixture<{ problems: LongProblem[] }>('tsume-long.json');
/** The longest problems the test suite solves; `npm run bench:mate` runs them all. */
const MAX_TESTED_PLIES = 13;
/** Nodes per problem: about four times the most any tested problem needed when this was written (47,132). */
const NODE_BUDGET = 200_000;
const solver = new DfpnSearcher(32);

describe('the long problems: sources', () => {
  it.each(fixture.problems.filter((p) => p.answer).map((p) => [p.id, p]))(
    "%s: the source's answer is a mate of the stated length",
    (_id, p) => {
      const pos = mustParse(p.sfen);
      const moves = p.answer!.map((usi) => {
        const r = parseUsiMove(pos, usi);
        if (!r.ok) throw new Error(`${p.id}: ${r.error}`);
        pos.doMove(r.value);
        return r.value;
      });
      for (let i = moves.length - 1; i >= 0; i--) pos.undoMove(moves[i]!);
      expect(moves).toHaveLength(p.plies);
      expect(isMatingLine(pos, moves)).toBe(true);
    },
  );
});

describe('df-pn on the long problems', () => {
  const tested = fixture.problems.filter((p) => p.plies <= MAX_TESTED_PLIES);
  it.each(tested.map((p) => [p.id, p]))('%s', (_id, p) => {
    const pos = mustParse(p.sfen);
    const r = solver.solve(pos, { nodes: NODE_BUDGET });
    expect(r.status).toBe('mate');
    expect(isMatingLine(pos, r.pvMoves)).toBe(true);
    expect(r.pv.length).toBeGreaterThanOrEqual(p.plies);
  });

  // Up to 7 plies the exact check-only search (short-mate.ts, every defence tried) is quick: the
  // length df-pn gives, and says is the shortest, is the exact one.
  const short = fixture.problems.filter((p) => p.plies <= 7);
  it.each(short.map((p) => [p.id, p]))('%s: the exact search’s length', (_id, p) => {
    const pos = mustParse(p.sfen);
    const r = solver.solve(pos, { nodes: NODE_BUDGET });
    expect(r.shortest).toBe(true);
    expect(findShortMate(pos, r.pv.length)).not.toBe(0);
    expect(findShortMate(pos, r.pv.length - 2)).toBe(0);
  });
});
