/**
 * Chapter 6's effect board without a DOM: the parts it shows for every square add up to exactly
 * the engine's `effectScore` (first table, KKPEE9, capped, with the defended-piece ideas, at any
 * FV_SCALE), each square's four terms and piece terms make its value, the start position sums to
 * 0, and the table sizes are the seed's.
 */
import { describe, expect, it } from 'vitest';
import {
  breakDown,
  FORMS,
  pointsOf,
  signed,
  tableSize,
  tablesFor,
} from '../../src/components/widgets/effect/effect-model';
import { formatBytes } from '../../src/components/lab/format';
import { effectScoreDirect, type EffectParams } from '../../src/engine/eval/effect/effect-eval';
import { parseSfen } from '../../src/engine/sfen';
import { PIECE_VALUE } from '../../src/engine/eval/material';
import { Kind } from '../../src/engine/types';
import { randomPlayouts } from '../../scripts/lib/playouts';

const PARAMS: readonly [string, EffectParams][] = [
  ['first table', FORMS.first],
  ['KKPEE9', FORMS.kkpee9],
  ['N = 3', { ...FORMS.first, cap: 3 }],
  ['KKPEE9 at FV_SCALE 1', { ...FORMS.kkpee9, fvScale: 1 }],
  ['ideas', { ...FORMS.first, defendedBonus: 30, defendedShare: 0.1, attackedShare: 0.2 }],
  ['KKPEE9 with ideas', { ...FORMS.kkpee9, defendedShare: 0.1, attackedShare: 0.2 }],
];

describe('the effect board’s breakdown', () => {
  for (const [name, p] of PARAMS) {
    it(`adds up to the engine's evaluation: ${name}`, () => {
      const t = tablesFor(p);
      for (const { position } of randomPlayouts(23, 60)) {
        const b = breakDown(position, t);
        expect(b.total).toBe(b.engine);
        expect(b.total).toBe(effectScoreDirect(position, p));
        expect(b.squares.reduce((a, s) => a + s.value, 0)).toBe(b.sum);
        expect(b.total).toBe(b.material + b.effects);
        for (const s of b.squares) {
          const raw = s.terms.reduce((a, v) => a + v, 0) + s.tenth + s.defended;
          // The first table adds whole terms; KKPEE9 stores the double sum ×FV_SCALE, truncated.
          const entry = p.kkpee ? Math.trunc(raw * p.fvScale) : raw;
          expect(s.value === entry, `${s.index}: ${s.value} against ${entry}`).toBe(true);
        }
      }
    });
  }

  it('sums to 0 in the start position, each square mirrored by its twin', () => {
    const pos = parseSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    if (!pos.ok) throw new Error(pos.error);
    for (const p of [FORMS.first, FORMS.kkpee9]) {
      const b = breakDown(pos.value, tablesFor(p));
      expect(b.total).toBe(0);
      for (const s of b.squares) expect(s.value + b.squares[80 - s.index]!.value).toBe(0);
      expect(b.squares.some((s) => s.value !== 0)).toBe(true);
    }
  });

  it('counts capped at N show what the position keeps and what the table reads', () => {
    const t = tablesFor({ ...FORMS.first, cap: 1 });
    const pos = parseSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    if (!pos.ok) throw new Error(pos.error);
    const b = breakDown(pos.value, t);
    const crowded = b.squares.find((s) => s.counts[0] >= 2)!;
    expect(crowded.capped[0]).toBe(1);
  });
});

describe('the table sizes', () => {
  it('are the seed’s 128 MB and 306 MB', () => {
    expect(tableSize(FORMS.first).bytes).toBe(81 * 81 * 81 * 11 * 11 * 2);
    expect(formatBytes(tableSize(FORMS.first).bytes)).toBe('128.6 MB');
    expect(tableSize(FORMS.kkpee9).bytes).toBe(306_110_016);
    expect(formatBytes(tableSize(FORMS.kkpee9).bytes)).toBe('306.1 MB');
    expect(tableSize({ ...FORMS.first, cap: 2 }).shape).toBe('[81][81][81][3][3]');
    expect(tableSize(FORMS.kkpee9).shape).toBe('[81][81][81][3][3][32]');
    // Two [81][81][N + 1] tables of doubles.
    expect(tableSize(FORMS.kkpee9).factoredBytes).toBe(2 * 81 * 81 * 3 * 8);
  });

  it('grows with the cap as (N + 1)², not as the seed’s N²', () => {
    const n2 = tableSize({ ...FORMS.kkpee9, cap: 2 }).bytes;
    const n3 = tableSize({ ...FORMS.kkpee9, cap: 3 }).bytes;
    const n4 = tableSize({ ...FORMS.kkpee9, cap: 4 }).bytes;
    // 16 combinations against 9, then 25: 544 MB and 850 MB with the piece.
    expect(n3 / n2).toBeCloseTo(16 / 9);
    expect(n4 / n2).toBeCloseTo(25 / 9);
    expect(Math.round(n3 / 1e6)).toBe(544);
    expect(Math.round(n4 / 1e6)).toBe(850);
  });

  it('value one effect at distance 1 as the chapter says: 42 own, 49 enemy (a pawn is 90)', () => {
    const t = tablesFor(FORMS.first);
    const at = (king: number, sq: number, m: number) => (king * 81 + sq) * t.counts + m;
    // Square 1 (8a) is at distance 1 from square 0 (9a).
    expect(t.our[at(0, 1, 1)]).toBe(42);
    expect(t.their[at(0, 1, 1)]).toBe(49);
    expect(PIECE_VALUE[Kind.Pawn]).toBe(90);
  });
});

describe('numbers as the widget writes them', () => {
  it('signs with a typographic minus, and no sign for 0', () => {
    expect(signed(12)).toBe('+12');
    expect(signed(-3)).toBe('−3');
    expect(signed(0)).toBe('0');
    expect(signed(-0.001, 2)).toBe('0.00');
    expect(signed(1.234, 2)).toBe('+1.23');
    expect(pointsOf(64, FORMS.kkpee9)).toBe(2);
    expect(pointsOf(64, FORMS.first)).toBe(64);
  });
});
