/**
 * The numbers behind the nodes-per-depth chart: how many nodes each iteration of iterative
 * deepening cost (the info stream reports running totals), and a linear or logarithmic scale with
 * round tick values, so the chart component only draws.
 */
import type { SearchInfo } from '../../../engine/search/iterate';

export interface IterationCost {
  depth: number;
  /** Nodes this iteration searched (main search and quiescence). */
  nodes: number;
  /** Nodes since the search began, at the end of this iteration. */
  total: number;
}

/** One entry per completed depth, from the running totals of `info` (in arrival order). */
export function iterationCosts(
  infos: readonly Pick<SearchInfo, 'depth' | 'nodes'>[],
): IterationCost[] {
  const out: IterationCost[] = [];
  let previous = 0;
  for (const info of infos) {
    out.push({ depth: info.depth, nodes: Math.max(0, info.nodes - previous), total: info.nodes });
    previous = info.nodes;
  }
  return out;
}

/** How much deeper costs: each iteration's nodes over the one before (the effective branching factor). */
export function growthFactors(costs: readonly IterationCost[]): (number | null)[] {
  return costs.map((c, i) => {
    const before = costs[i - 1];
    return before && before.nodes > 0 ? c.nodes / before.nodes : null;
  });
}

export interface Tick {
  value: number;
  label: string;
  /** Position from 0 (bottom) to 1 (top). */
  at: number;
}

export interface Scale {
  /** Where a value sits, from 0 (bottom) to 1 (top), clamped. */
  at(value: number): number;
  ticks: Tick[];
  log: boolean;
}

/** 1234 → "1.2k", 45000 → "45k", 3100000 → "3.1M". */
export function compactCount(n: number): string {
  const abs = Math.abs(n);
  const fmt = (v: number, unit: string) =>
    `${v >= 10 ? v.toFixed(0) : v.toFixed(1).replace(/\.0$/, '')}${unit}`;
  if (abs >= 1e9) return fmt(n / 1e9, 'G');
  if (abs >= 1e6) return fmt(n / 1e6, 'M');
  if (abs >= 1e3) return fmt(n / 1e3, 'k');
  return String(Math.round(n));
}

/** The smallest of 1, 2, 2.5, 5 × 10^k at or above `x`. */
export function niceCeil(x: number): number {
  if (x <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x - 1e-9 * p) return m * p;
  return 10 * p;
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/** A scale from 0 to a round number at or above `max`, with a tick every round step (2 to 5 of them). */
export function linearScale(max: number): Scale {
  const step = Math.max(1, niceCeil(max / 4)); // counts: never a fractional step
  const top = Math.ceil(Math.max(max, 1) / step - 1e-9) * step;
  const ticks: Tick[] = [];
  for (let v = 0; v <= top + step * 1e-9; v += step)
    ticks.push({ value: v, label: compactCount(v), at: v / top });
  return { at: (v) => clamp01(v / top), ticks, log: false };
}

/**
 * A scale from the power of ten at or below `min` to the one at or above `max`, a tick per
 * decade (per two or three when there are many). Values below 1 sit at the bottom.
 */
export function logScale(min: number, max: number): Scale {
  const lo = Math.floor(Math.log10(Math.max(1, min)));
  let hi = Math.ceil(Math.log10(Math.max(1, max)));
  if (hi <= lo) hi = lo + 1;
  const span = hi - lo;
  const every = span > 8 ? 3 : span > 5 ? 2 : 1;
  const ticks: Tick[] = [];
  for (let e = lo; e <= hi; e += every)
    ticks.push({ value: 10 ** e, label: compactCount(10 ** e), at: (e - lo) / span });
  return {
    at: (v) => clamp01((Math.log10(Math.max(v, 1)) - lo) / span),
    ticks,
    log: true,
  };
}

/** The scale for a set of bar heights. */
export function scaleFor(values: readonly number[], log: boolean): Scale {
  const positive = values.filter((v) => v > 0);
  const max = positive.length ? Math.max(...positive) : 1;
  const min = positive.length ? Math.min(...positive) : 1;
  return log ? logScale(min, max) : linearScale(max);
}
