/** The scheme chart's model: scheme lookup, nodes per depth, and ratios to plain α-β. */
import { describe, expect, it } from 'vitest';
import {
  colourSlot,
  formatRatio,
  nodesAt,
  pointsOf,
  ratioToPlain,
  SCHEMES,
  schemesByIds,
  type SchemeRun,
} from '../../src/components/widgets/pruning/scheme-model';
import { resolveOptions } from '../../src/engine/search/options';

const run = (id: string, nodes: number[]): SchemeRun => ({
  id,
  points: pointsOf(nodes.map((n, i) => ({ depth: i + 1, nodes: n }))),
  bestMove: null,
  value: null,
  capped: false,
  timeMs: 0,
});

describe('scheme model', () => {
  it('has valid options for every scheme, and plain is the defaults', () => {
    for (const s of SCHEMES) expect(resolveOptions(s.options).ok, s.id).toBe(true);
    expect(SCHEMES[0]).toMatchObject({ id: 'plain', options: {} });
  });

  it('finds schemes by id in the order asked, and names the unknown ones', () => {
    const { schemes, unknown } = schemesByIds(['lmr', 'plain', 'nonsense']);
    expect(schemes.map((s) => s.id)).toEqual(['lmr', 'plain']);
    expect(unknown).toEqual(['nonsense']);
  });

  it('reads the nodes at a depth, or null past the last one finished', () => {
    const r = run('lmr', [10, 100, 1000]);
    expect(nodesAt(r, 2)).toBe(100);
    expect(nodesAt(r, 4)).toBeNull();
  });

  it('compares with plain α-β at the deepest depth both finished', () => {
    const plain = run('plain', [10, 100, 1000, 10000]);
    expect(ratioToPlain(run('lmr', [10, 50, 250]), plain)).toEqual({ ratio: 0.25, depth: 3 });
    expect(ratioToPlain(run('recapture', [10, 200, 14000, 20000]), plain)).toEqual({
      ratio: 2,
      depth: 4,
    });
    expect(ratioToPlain(run('lmr', []), plain)).toBeNull();
  });

  it('formats ratios with two significant digits', () => {
    expect([0.243, 0.0719, 1.62, 13.84].map(formatRatio)).toEqual([
      '0.24×',
      '0.072×',
      '1.6×',
      '14×',
    ]);
  });

  it('gives each scheme its own colour slot', () => {
    expect(new Set(SCHEMES.map((s) => colourSlot(s.id))).size).toBe(SCHEMES.length);
  });
});
