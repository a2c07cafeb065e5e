/**
 * The perft counts of test/fixtures/perft.json (published, or for the crafted positions
 * cross-checked by shogiops and tsshogi) at the depths that run in seconds; deeper
 * counts are in perft.slow.test.ts. Every count runs twice: leaf mode makes every move down to
 * the last ply, bulk mode counts the last ply's moves without making them.
 */
import { describe, expect, it } from 'vitest';
import { divide, perft } from '../../src/engine/index';
import { explainPerftMismatch, mustParse, perftFixtures, snapshot } from './helpers';

const PERFT_TIMEOUT_MS = 60_000;

function expectPerft(sfen: string, depth: number, expected: number, bulk: boolean): void {
  const nodes = perft(mustParse(sfen), depth, { bulk });
  if (nodes !== expected) {
    expect.fail(
      `perft ${depth} (${bulk ? 'bulk' : 'leaf'}) = ${nodes}, fixture says ${expected}\n` +
        explainPerftMismatch(sfen, depth),
    );
  }
}

describe('perft matches the fixture counts', () => {
  for (const fixture of perftFixtures()) {
    describe(fixture.name, () => {
      fixture.perft.slice(0, fixture.fastDepth).forEach((expected, i) => {
        const depth = i + 1;
        it(
          `counts ${expected} leaves at depth ${depth} (leaf and bulk)`,
          () => {
            expectPerft(fixture.sfen, depth, expected, false);
            expectPerft(fixture.sfen, depth, expected, true);
          },
          PERFT_TIMEOUT_MS,
        );
      });
    });
  }
});

describe('perft and divide', () => {
  it('count one node at depth 0 and nothing below a position without moves', () => {
    expect(perft(mustParse('startpos'), 0)).toBe(1);
    const stuck = perftFixtures().find((f) => f.perft[0] === 0);
    expect(stuck).toBeDefined();
    expect(perft(mustParse(stuck!.sfen), 1)).toBe(0);
    expect(perft(mustParse(stuck!.sfen), 2, { bulk: true })).toBe(0);
  });

  it('divide lists every root move once and sums to perft', () => {
    for (const f of perftFixtures().filter((f) => (f.perft[1] ?? 0) <= 50_000)) {
      const parts = divide(mustParse(f.sfen), Math.min(2, f.perft.length));
      const moves = parts.map((p) => p.move);
      expect(new Set(moves).size, f.name).toBe(moves.length);
      expect(moves.length, f.name).toBe(f.perft[0]);
      const total = parts.reduce((sum, p) => sum + p.nodes, 0);
      expect(total, f.name).toBe(f.perft[Math.min(2, f.perft.length) - 1]);
    }
  });

  it('leaves the position exactly as it found it', () => {
    for (const f of perftFixtures().filter((f) => (f.perft[1] ?? 0) <= 50_000)) {
      const pos = mustParse(f.sfen);
      const before = snapshot(pos);
      perft(pos, Math.min(2, f.perft.length));
      perft(pos, Math.min(2, f.perft.length), { bulk: true });
      divide(pos, 1);
      expect(snapshot(pos), f.name).toEqual(before);
    }
  });

  it('rejects a negative or fractional depth', () => {
    const pos = mustParse('startpos');
    expect(() => perft(pos, -1)).toThrow(RangeError);
    expect(() => perft(pos, 1.5)).toThrow(RangeError);
  });
});
