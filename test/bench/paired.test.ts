import { describe, expect, it } from 'vitest';
import { pairedRatio, tQuantile95 } from '../../bench/lib/paired';

describe('pairedRatio (bench:compare)', () => {
  it('is the geometric mean: 2× and ½× average to 1×', () => {
    const r = pairedRatio([2, 0.5]);
    expect(r.mean).toBeCloseTo(1, 12);
    expect(r.rounds).toBe(2);
  });

  it('has Student-t width: three logs 0, ln 1.1, ln 1.21', () => {
    // Logs 0, a, 2a with a = ln 1.1: mean a, sample sd a, half-width t(2)·a/√3.
    const a = Math.log(1.1);
    const r = pairedRatio([1, 1.1, 1.21]);
    expect(r.mean).toBeCloseTo(1.1, 12);
    const half = (4.303 * a) / Math.sqrt(3);
    expect(r.low).toBeCloseTo(Math.exp(a - half), 12);
    expect(r.high).toBeCloseTo(Math.exp(a + half), 12);
  });

  it('narrows with rounds that agree, and keeps the mean inside', () => {
    const few = pairedRatio([1.4, 1.5, 1.45]);
    const many = pairedRatio([1.4, 1.5, 1.45, 1.42, 1.48, 1.46, 1.44, 1.47, 1.43, 1.45]);
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
    expect(many.low).toBeLessThan(many.mean);
    expect(many.mean).toBeLessThan(many.high);
  });

  it('gives a point with one round, and names bad input', () => {
    expect(pairedRatio([1.3])).toEqual({ mean: 1.3, low: 1.3, high: 1.3, rounds: 1 });
    expect(() => pairedRatio([])).toThrow(/no rounds/);
    expect(() => pairedRatio([1, 0])).toThrow(/positive, not 0/);
    expect(() => pairedRatio([1, NaN])).toThrow(/positive, not NaN/);
  });

  it('reads the t table and falls back to 1.96', () => {
    expect(tQuantile95(1)).toBe(12.706);
    expect(tQuantile95(9)).toBe(2.262);
    expect(tQuantile95(30)).toBe(2.042);
    expect(tQuantile95(100)).toBe(1.96);
    expect(() => tQuantile95(0)).toThrow(/degrees of freedom/);
  });
});
