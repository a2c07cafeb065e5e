/**
 * The engine's effect table (eval/effect/tuned/): its three forms give one value, the seed's
 * constants give the seed's KKPEE9 (to the rounding its parts add), and the table is
 * fair to both sides: a position and the same position with the board turned round and the
 * colours swapped are worth exactly opposite values, whatever the parameters.
 *
 * - the table's parts (`tableScore`) against the parameters added up square by square
 *   (`tableScoreDirect`), with the seed's and with random parameters;
 * - the incremental evaluation (`TableEvaluator`) against `tableScore` at every node of a
 *   search-like walk: moves made, evaluated or not, taken back, null moves, deep game histories;
 * - the seed's constants against effect-eval.ts's KKPEE9, which the seed's own big table matches.
 */
import { describe, expect, it } from 'vitest';
import { randomPlayouts } from '../../../scripts/lib/playouts';
import { EffectTables, effectScore, KKPEE9 } from '../../../src/engine/eval/effect/effect-eval';
import {
  FAMILIES,
  FAMILY_START,
  PARAM_COUNT,
  paramsFromFile,
  paramsToFile,
  seedParams,
} from '../../../src/engine/eval/effect/tuned/params';
import { TableEvaluator } from '../../../src/engine/eval/effect/tuned/incremental';
import {
  buildTable,
  tableScore,
  tableScoreDirect,
} from '../../../src/engine/eval/effect/tuned/table';
import { legalMoves, makeSfen, parseSfen, type Position } from '../../../src/engine/index';
import { features } from '../../../src/engine/lab/texel';
import { makeRng } from '../helpers';

/** Random parameters in every family, of the size tuned ones have. */
function randomParams(seed: number): Float64Array {
  const rng = makeRng(seed);
  const params = seedParams();
  for (let i = 0; i < PARAM_COUNT; i++) params[i] = params[i]! + (rng() - 0.5) * 120;
  return params;
}

const SEED = seedParams();
const RANDOM = randomParams(7);
const TABLES = [
  { name: 'the seed’s constants', params: SEED, table: buildTable(SEED) },
  { name: 'random parameters', params: RANDOM, table: buildTable(RANDOM) },
];
const positions = (seed: number, count: number): Position[] =>
  [...randomPlayouts(seed, count)].map((p) => p.position);

/** The position seen from the other side: board turned round, colours and hands swapped. */
function turned(pos: Position): Position {
  const [board, side, hands] = makeSfen(pos).split(' ') as [string, string, string];
  const swapCase = (c: string): string =>
    c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
  const ranks = board.split('/').reverse();
  const flipped = ranks
    .map((rank) => {
      const cells: string[] = [];
      for (let i = 0; i < rank.length; i++) {
        const c = rank[i]!;
        if (c === '+') cells.push(`+${swapCase(rank[++i]!)}`);
        else if (/\d/.test(c)) cells.push(c);
        else cells.push(swapCase(c));
      }
      return cells.reverse().join('');
    })
    .join('/');
  const hand =
    hands === '-' ? '-' : [...hands].map((c) => (/\d/.test(c) ? c : swapCase(c))).join('');
  const r = parseSfen(`${flipped} ${side === 'b' ? 'w' : 'b'} ${hand} 1`);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('the effect table', () => {
  it.each(TABLES)('looks up what the parameters add up to: $name', ({ params, table }) => {
    for (const pos of positions(3, 60))
      expect(tableScore(pos, table)).toBe(tableScoreDirect(pos, params));
  });

  it.each(TABLES)('is fair to both sides: $name', ({ table }) => {
    let nonZero = 0;
    for (const pos of positions(5, 60)) {
      const v = tableScore(pos, table);
      expect(tableScore(turned(pos), table), makeSfen(pos)).toBe(-v);
      if (v !== 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(50);
  });

  it('with the seed’s constants, is seed 003’s KKPEE9 but for the halves’ rounding', () => {
    const kkpee9 = new EffectTables(KKPEE9);
    let differ = 0;
    for (const pos of positions(11, 80)) {
      const d = tableScore(pos, TABLES[0]!.table) - effectScore(pos, kkpee9);
      // Each of 81 squares' five parts may round one 1/32 apart: at most ⌈5 × 81/32⌉ in all.
      expect(Math.abs(d)).toBeLessThanOrEqual(13);
      if (d !== 0) differ++;
    }
    // Mostly the same to the unit.
    expect(differ).toBeLessThan(40);
  });

  it.each(TABLES)(
    'kept up to date in a search-like walk, equal to the table at every node: $name',
    ({ table }) => {
      const rng = makeRng(99);
      const inc = new TableEvaluator('test', '', table);
      const check = (pos: Position): void => {
        const v = inc.evaluate(pos);
        const want = tableScore(pos, table);
        expect(v, makeSfen(pos)).toBe(pos.sideToMove === 0 ? want : -want);
      };
      let nodes = 0;
      for (const { position: pos } of randomPlayouts(23, 30)) {
        // Evaluate only some nodes, as a search does: the others are summed on the way.
        const walk = (depth: number): void => {
          if (rng() < 0.6) {
            check(pos);
            nodes++;
          }
          if (depth === 0) return;
          const moves = legalMoves(pos).filter(() => rng() < 0.15);
          for (const m of moves.slice(0, 5)) {
            pos.doMove(m);
            walk(depth - 1);
            pos.undoMove(m);
            if (rng() < 0.3) check(pos);
          }
          if (!pos.inCheck() && rng() < 0.5) {
            pos.doNullMove();
            walk(depth - 1);
            pos.undoNullMove();
          }
        };
        walk(3);
      }
      expect(nodes).toBeGreaterThan(500);
      // Most positions are updates of the one before.
      expect(inc.stats.incremental).toBeGreaterThan(3 * inc.stats.full);
      expect(inc.stats.chained).toBeGreaterThan(0);
    },
  );

  it('reaches back over a long game without an evaluation on the way', () => {
    const table = TABLES[1]!.table;
    for (const { position: pos } of randomPlayouts(31, 10)) {
      // A fresh evaluator: nothing kept, the first position is deep in the game.
      const inc = new TableEvaluator('test', '', table);
      const v = inc.evaluate(pos);
      expect(v).toBe((pos.sideToMove === 0 ? 1 : -1) * tableScore(pos, table));
    }
  });

  it('gives the tuner the parameters each position uses, as the table adds them up', () => {
    const indices = new Int32Array(PARAM_COUNT);
    const counts = new Int16Array(PARAM_COUNT);
    for (const pos of positions(41, 60)) {
      const n = features(pos, indices, counts);
      let v = pos.material;
      for (let e = 0; e < n; e++) v += counts[e]! * RANDOM[indices[e]!]!;
      // The table rounds each of a square's five parts down to 1/32; the features do not.
      expect(Math.abs(v - tableScoreDirect(pos, RANDOM))).toBeLessThanOrEqual(14);
    }
  });

  it('reads back the parameters it writes, and names a family that is wrong', () => {
    const file = paramsToFile(RANDOM, 'test');
    const back = paramsFromFile(file);
    for (let i = 0; i < PARAM_COUNT; i++)
      expect(Math.abs(back[i]! - RANDOM[i]!)).toBeLessThan(1 / 64);
    const short = { ...file, families: { ...file.families, piece: [1, 2, 3] } };
    expect(() => paramsFromFile(short)).toThrow(/family piece needs 117 numbers/);
    const nan = {
      ...file,
      families: { ...file.families, king: file.families['king']!.map(() => NaN) },
    };
    expect(() => paramsFromFile(nan)).toThrow(/king\[0\] is NaN/);
    expect(FAMILIES.reduce((n, f) => n + f.size, 0)).toBe(PARAM_COUNT);
    expect(FAMILY_START.king + 45).toBe(PARAM_COUNT);
  });
});
