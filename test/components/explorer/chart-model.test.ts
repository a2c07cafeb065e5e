/**
 * The nodes-per-depth chart's numbers: per-iteration costs from running totals, round linear
 * ticks, a decade per log tick, and values kept inside the plot.
 */
import { describe, expect, it } from 'vitest';
import {
  compactCount,
  growthFactors,
  iterationCosts,
  linearScale,
  logScale,
  niceCeil,
  scaleFor,
} from '../../../src/components/widgets/explorer/chart-model';

describe('iteration costs', () => {
  it('turns running totals into the nodes of each iteration', () => {
    const costs = iterationCosts([
      { depth: 1, nodes: 30 },
      { depth: 2, nodes: 150 },
      { depth: 3, nodes: 1150 },
    ]);
    expect(costs).toEqual([
      { depth: 1, nodes: 30, total: 30 },
      { depth: 2, nodes: 120, total: 150 },
      { depth: 3, nodes: 1000, total: 1150 },
    ]);
    expect(growthFactors(costs)).toEqual([null, 4, 1000 / 120]);
  });

  it('is empty before the first depth completes', () => {
    expect(iterationCosts([])).toEqual([]);
  });
});

describe('scales', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([1, 3, 7, 20, 21, 240, 251, 999, 1001].map(niceCeil)).toEqual([
      1, 5, 10, 20, 25, 250, 500, 1000, 2000,
    ]);
    expect(niceCeil(0)).toBe(1);
  });

  it('draws a linear scale from 0 to a round top with even ticks', () => {
    const s = linearScale(3700);
    expect(s.ticks.map((t) => t.value)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(s.ticks.at(-1)!.at).toBe(1);
    expect(s.at(2000)).toBeCloseTo(0.5);
    expect(linearScale(100).ticks.map((t) => t.value)).toEqual([0, 25, 50, 75, 100]);
    expect(s.at(-10)).toBe(0);
    expect(s.at(1e9)).toBe(1);
  });

  it('draws a log scale a decade per tick, from the smallest to the largest value', () => {
    const s = logScale(30, 45_000);
    expect(s.ticks.map((t) => t.label)).toEqual(['10', '100', '1k', '10k', '100k']);
    expect(s.at(10)).toBe(0);
    expect(s.at(100_000)).toBe(1);
    expect(s.at(1000)).toBeCloseTo(0.5);
    expect(s.at(0)).toBe(0);
  });

  it('thins the log ticks when the values span many decades', () => {
    const s = logScale(1, 1e9);
    expect(s.ticks.length).toBeLessThanOrEqual(5);
  });

  it('gives a usable scale with no values or only zeros', () => {
    for (const log of [false, true]) {
      const s = scaleFor([], log);
      expect(s.ticks.length).toBeGreaterThan(1);
      expect(Number.isFinite(s.at(0))).toBe(true);
      expect(scaleFor([0, 0], log).at(0)).toBe(0);
    }
  });

  it('writes counts compactly', () => {
    expect([0, 999, 1000, 1234, 45_000, 3_100_000, 2e9].map(compactCount)).toEqual([
      '0',
      '999',
      '1k',
      '1.2k',
      '45k',
      '3.1M',
      '2G',
    ]);
  });
});
