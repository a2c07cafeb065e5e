/**
 * The numbers behind the pruning chart: the schemes it compares (each a difference from the
 * default options, where everything that prunes or extends is off), and what one search of a
 * scheme leaves to draw — the nodes spent by the end of each completed depth.
 */
import { PRESETS, type Preset, type PresetKind } from '../../../engine/lab/presets';
import type { SearchInfo } from '../../../engine/search/iterate';

export type SchemeKind = PresetKind;
export type Scheme = Preset;

/** The schemes of chapters 3 and 4: the lab's presets (src/engine/lab/presets.ts). */
export const SCHEMES: readonly Scheme[] = PRESETS;

/** The schemes with these ids, in the order given; unknown ids are reported, not dropped silently. */
export function schemesByIds(ids: readonly string[]): { schemes: Scheme[]; unknown: string[] } {
  const schemes: Scheme[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const s = SCHEMES.find((x) => x.id === id);
    if (s) schemes.push(s);
    else unknown.push(id);
  }
  return { schemes, unknown };
}

export interface SchemeRun {
  id: string;
  /** Nodes spent by the end of each completed depth: points[i] is depth i + 1. */
  points: { depth: number; nodes: number }[];
  bestMove: string | null;
  value: number | null;
  /** The node cap cut the search short before the depth asked for. */
  capped: boolean;
  timeMs: number;
}

/** A run's points from the search's per-depth reports (running totals, in order). */
export const pointsOf = (infos: readonly Pick<SearchInfo, 'depth' | 'nodes'>[]) =>
  infos.map((i) => ({ depth: i.depth, nodes: i.nodes }));

/** Nodes the run needed to finish `depth`, or null if it did not get there. */
export const nodesAt = (run: SchemeRun, depth: number): number | null =>
  run.points.find((p) => p.depth === depth)?.nodes ?? null;

/**
 * A scheme's nodes over plain α-β's at the deepest depth both finished (below 1: it read less),
 * with that depth; null if they share none.
 */
export function ratioToPlain(
  run: SchemeRun,
  plain: SchemeRun,
): { ratio: number; depth: number } | null {
  for (let d = Math.min(run.points.length, plain.points.length); d >= 1; d--) {
    const a = nodesAt(run, d);
    const b = nodesAt(plain, d);
    if (a !== null && b !== null && b > 0) return { ratio: a / b, depth: d };
  }
  return null;
}

/** 0.243 → "0.24×", 13.8 → "14×": two significant digits. */
export const formatRatio = (r: number): string =>
  `${r >= 10 ? r.toFixed(0) : r >= 1 ? r.toFixed(1) : r.toPrecision(2)}×`;

/** The colour slot of a scheme: its place in SCHEMES, so a scheme looks the same everywhere. */
export const colourSlot = (id: string): number => SCHEMES.findIndex((s) => s.id === id);
