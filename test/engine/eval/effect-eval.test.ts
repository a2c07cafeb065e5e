/**
 * Seed 003's effect evaluation: its constants as the seed's integer and double arithmetic gives
 * them, the three forms (formula, big table, factored tables) equal on random positions, and a
 * position seen from the other side valued exactly the opposite.
 */
import { describe, expect, it } from 'vitest';
import {
  boardPieceTerm,
  defendedTerm,
  buildFullTable,
  distanceValue,
  EffectTables,
  effectScore,
  effectScoreDirect,
  effectScoreFull,
  FIRST_TABLE,
  fullTableEntries,
  invSquare,
  KKPEE9,
  multiEffectValue,
  OPTIMISER_MULTI_EFFECT,
  squareDistance,
  type EffectParams,
} from '../../../src/engine/eval/effect/effect-eval';
import { evaluatorFor } from '../../../src/engine/eval/index';
import { makeSfen, parseSfen, type Position } from '../../../src/engine/index';
import { SQ81, square } from '../../../src/engine/square';
import { randomPlayouts } from '../../../scripts/lib/playouts';

const positions = (seed: number, count: number): Position[] =>
  [...randomPlayouts(seed, count)].map((p) => p.position);

/** The position turned round: the board rotated, colours and hands swapped, the other to move. */
function flipped(pos: Position): Position {
  const [board, turn, hands] = makeSfen(pos).split(' ') as [string, string, string];
  const swapCase = (s: string) =>
    s.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
  const rows = board
    .split('/')
    .reverse()
    .map((r) => swapCase((r.match(/\+?[a-zA-Z]|\d/g) ?? []).reverse().join('')));
  const r = parseSfen(`${rows.join('/')} ${turn === 'b' ? 'w' : 'b'} ${swapCase(hands)} 1`);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('the seed’s constants', () => {
  it('the multi-effect curve: 0 for none, 1024 for one, then int(6365 − 0.8525^(m−1)·5341)', () => {
    expect(multiEffectValue(0, 0.8525)).toBe(0);
    expect(multiEffectValue(1, 0.8525)).toBe(1024);
    // 6365 − 0.8525·5341 = 1811.7975, truncated.
    expect(multiEffectValue(2, 0.8525)).toBe(1811);
    expect(multiEffectValue(3, 0.8525)).toBe(2483);
  });

  it('the curve follows the optimiser’s points it was fitted to, within a tenth from two effects on', () => {
    for (let m = 2; m <= 10; m++) {
      const ratio = multiEffectValue(m, 0.8525) / OPTIMISER_MULTI_EFFECT[m]!;
      expect(Math.abs(ratio - 1), `m = ${m}`).toBeLessThan(0.1);
    }
  });

  it('an effect next to the king is worth 85·1024, at distance 8 a ninth of it (integer division)', () => {
    expect(distanceValue(85, 0)).toBe(87040);
    expect(distanceValue(85, 8)).toBe(9671);
    expect(distanceValue(98, 2)).toBe(33450);
  });

  it('distance is Chebyshev and Inv turns the board round', () => {
    const i = (file: number, rank: number) => SQ81[square(file, rank)]!;
    expect(squareDistance(i(5, 5), i(1, 9))).toBe(4);
    expect(squareDistance(i(9, 1), i(1, 2))).toBe(8);
    expect(invSquare(i(7, 7))).toBe(i(3, 3));
    expect(invSquare(i(5, 5))).toBe(i(5, 5));
  });

  it('a piece on the board loses 104/1024 of its value, truncated toward zero for both sides', () => {
    expect(boardPieceTerm(1)).toBe(9); // sente pawn: 90·104/1024 = 9.14
    expect(boardPieceTerm(16 + 1)).toBe(-9);
    expect(boardPieceTerm(14)).toBe(141); // dragon: 1395·104/1024 = 141.7
    expect(boardPieceTerm(0)).toBe(0);
  });

  it('table sizes as the seed gives them: 128 MB uncapped, 306 MB for KKPEE9', () => {
    expect(fullTableEntries(FIRST_TABLE) * 2).toBe(81 * 81 * 81 * 11 * 11 * 2);
    expect(Math.round((fullTableEntries(FIRST_TABLE) * 2) / 2 ** 20)).toBe(123);
    expect(fullTableEntries(KKPEE9) * 2).toBe(81 * 81 * 81 * 3 * 3 * 32 * 2);
    expect(Math.round((fullTableEntries(KKPEE9) * 2) / 1e6)).toBe(306);
  });
});

const FORMS: [string, EffectParams][] = [
  ['the first table', FIRST_TABLE],
  ['the first table capped at 2', { ...FIRST_TABLE, cap: 2 }],
  ['the first table capped at 3', { ...FIRST_TABLE, cap: 3 }],
  ['KKPEE9', KKPEE9],
  ['KKPEE9 without FV_SCALE', { ...KKPEE9, fvScale: 1 }],
];

describe('the factored tables give the formula’s values', () => {
  const sample = positions(3, 400);
  it.each(FORMS)('%s, on 400 random positions and their mirror images', (_name, params) => {
    const t = new EffectTables(params);
    for (const pos of sample) {
      const v = effectScore(pos, t);
      expect(v).toBe(effectScoreDirect(pos, params));
      expect(effectScore(flipped(pos), t) + v).toBe(0);
    }
  });
});

describe('the big table gives the factored tables’ values', () => {
  it('the first table capped at 2 (81·81·81·3·3 entries)', () => {
    const t = new EffectTables({ ...FIRST_TABLE, cap: 2 });
    const table = buildFullTable(t);
    for (const pos of positions(5, 300))
      expect(effectScoreFull(pos, t, table)).toBe(effectScore(pos, t));
  });

  // Building 153 million entries takes several seconds of JS on a quiet machine and has passed
  // 30 s on a loaded one: the test gets room for that, as a reader's browser would need it.
  it('KKPEE9, all 306 MB of it', { timeout: 120_000 }, () => {
    const t = new EffectTables(KKPEE9);
    const table = buildFullTable(t);
    for (const pos of positions(6, 300))
      expect(effectScoreFull(pos, t, table)).toBe(effectScore(pos, t));
  });
});

describe('as the search’s evaluators', () => {
  it('value the side to move: sente’s value, negated when gote is to move', () => {
    for (const pos of positions(9, 50)) {
      const sente = effectScoreDirect(pos, FIRST_TABLE);
      expect(evaluatorFor('effect').evaluate(pos)).toBe(pos.sideToMove === 0 ? sente : -sente);
      const k = effectScoreDirect(pos, KKPEE9);
      expect(evaluatorFor('kkpee9').evaluate(pos)).toBe(pos.sideToMove === 0 ? k : -k);
    }
  });

  it('in the start position, where everything is symmetric, both are zero', () => {
    const start = parseSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    if (!start.ok) throw new Error(start.error);
    expect(evaluatorFor('effect').evaluate(start.value)).toBe(0);
    expect(evaluatorFor('kkpee9').evaluate(start.value)).toBe(0);
  });
});

describe('the lab’s proof on 100,000 positions (npm run experiment -- effect-eval-agree)', () => {
  it('found no position where the three forms differ', async () => {
    const { readFileSync } = await import('node:fs');
    const data = JSON.parse(
      readFileSync('src/data/experiments/effect-eval-agree.json', 'utf8'),
    ) as { results: { positions: number; forms: { name: string; agree: boolean }[] } };
    expect(data.results.positions).toBe(100_000);
    expect(data.results.forms.map((f) => [f.name, f.agree])).toEqual([
      ['first table', true],
      ['KKPEE9', true],
    ]);
  });
});

describe('the defended-piece ideas', () => {
  const DEFENDED: [string, EffectParams][] = [
    ['将棋ベーシック’s flat bonus', { ...FIRST_TABLE, defendedBonus: 1 }],
    ['shares of the piece’s value', { ...FIRST_TABLE, defendedShare: 0.1, attackedShare: 0.2 }],
    ['the same in KKPEE9’s table', { ...KKPEE9, defendedShare: 0.1, attackedShare: 0.2 }],
  ];
  const sample = positions(11, 200);

  it.each(DEFENDED)(
    '%s: the three forms agree, and a mirrored position is the opposite',
    (_n, p) => {
      const t = new EffectTables(p);
      const full = p.kkpee ? null : buildFullTable(new EffectTables({ ...p, cap: 2 }));
      const capped = new EffectTables({ ...p, cap: 2 });
      for (const pos of sample) {
        const v = effectScore(pos, t);
        expect(v).toBe(effectScoreDirect(pos, p));
        expect(effectScore(flipped(pos), t) + v).toBe(0);
        if (full) expect(effectScoreFull(pos, capped, full)).toBe(effectScore(pos, capped));
      }
    },
  );

  it('a flat bonus counts defended pieces, kings left out; shares follow the value', () => {
    const p = { ...FIRST_TABLE, defendedBonus: 1, defendedShare: 0.1, attackedShare: 0.2 };
    expect(defendedTerm(5, 1, 0, p)).toBe(1 + 85); // a sente bishop (855) defended: 1 + 85.5
    expect(defendedTerm(16 + 5, 1, 0, p)).toBe(-86); // gote's, the other way
    expect(defendedTerm(6, 0, 2, p)).toBe(-198); // a rook (990) attacked, not defended
    expect(defendedTerm(8, 3, 3, p)).toBe(0); // the king
  });

  it('change the value: the evaluator built from the options sees them', () => {
    const pos = sample[0]!;
    const plain = evaluatorFor('effect', { ...effectOptionsOf(FIRST_TABLE) }).evaluate(pos);
    const bonus = evaluatorFor('effect', {
      ...effectOptionsOf(FIRST_TABLE),
      defendedShare: 0.1,
    }).evaluate(pos);
    expect(bonus).not.toBe(plain);
    expect(plain).toBe(evaluatorFor('effect').evaluate(pos));
  });
});

function effectOptionsOf(p: EffectParams) {
  return {
    ours: p.ours,
    theirs: p.theirs,
    decay: p.decay,
    cap: p.cap,
    defendedBonus: p.defendedBonus,
    defendedShare: p.defendedShare,
    attackedShare: p.attackedShare,
  };
}
