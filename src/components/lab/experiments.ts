/**
 * The lab's data files (src/data/experiments/*.json, written by `npm run experiment`), read at
 * build time, and what the pages need around them: a value by its path, whether a file is current
 * (made by an engine with today's bench signature), and the number formats the chapters use.
 * A path that names nothing fails the build, naming the file and the path.
 */
import benchPositions from '../../../test/fixtures/bench-positions.json';
import type { ExperimentData, MatchRow, MatchSeriesData } from '../../engine/lab/experiment-data';
import type { EndReason } from '../../engine/lab/game';
import type { MatchTally } from '../../engine/lab/match';
import { median } from '../../engine/lab/stats';
import { describeChange } from '../../engine/lab/presets';

const FILES = import.meta.glob<ExperimentData>('/src/data/experiments/*.json', {
  eager: true,
  import: 'default',
});

/**
 * Sides that an older lab named by their options JSON (`{"ordering":"decision-tree"}`) get the
 * names it gives such sides now (presets.ts `describeChange`: "Ordering: decision-tree").
 */
function withReadableSides(data: ExperimentData): ExperimentData {
  if (data.kind !== 'matches') return data;
  const name = <P extends { label: string; change: unknown }>(p: P): P =>
    p.label.trimStart().startsWith('{') ? { ...p, label: describeChange(p.change) } : p;
  const series = data as MatchSeriesData;
  return {
    ...series,
    results: {
      ...series.results,
      matches: series.results.matches.map((m) => ({ ...m, a: name(m.a), b: name(m.b) })),
    },
  };
}

/** Every experiment's data, by name. */
export const EXPERIMENT_DATA: ReadonlyMap<string, ExperimentData> = new Map(
  Object.values(FILES)
    .map((d) => [d.name, withReadableSides(d)] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);

/** The bench node-count signature of the engine as it is now. */
export const CURRENT_SIGNATURE: number = benchPositions.signature;

/** An experiment's data; a missing file fails the build with the command that makes it. */
export function experimentData(name: string): ExperimentData {
  const data = EXPERIMENT_DATA.get(name);
  if (!data) throw new Error(`no data for experiment "${name}": run npm run experiment -- ${name}`);
  return data;
}

/** Was the file made by an engine that searches as today's does (same signature, committed)? */
export const isCurrent = (data: ExperimentData): boolean =>
  data.provenance.engine.signature === CURRENT_SIGNATURE && !data.provenance.engine.dirty;

/**
 * The value at a dotted path in an experiment's data: `results.totals.standard.nodes`. A segment
 * that meets a list picks the element whose `id`, `name` or `ordering` equals it (or, if it is a
 * number, the element at that index; `length` is the list's length).
 */
export function valueAt(name: string, path: string): unknown {
  let node: unknown = experimentData(name);
  for (const segment of path.split('.')) {
    if (Array.isArray(node)) {
      const byKey: unknown = node.find(
        (x: unknown) =>
          typeof x === 'object' &&
          x !== null &&
          ['id', 'name', 'ordering'].some((k) => (x as Record<string, unknown>)[k] === segment),
      );
      node =
        byKey ??
        (/^\d+$/.test(segment)
          ? node[Number(segment)]
          : segment === 'length'
            ? node.length
            : undefined);
    } else
      node =
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[segment]
          : undefined;
    if (node === undefined)
      throw new Error(`experiment "${name}" has nothing at "${path}" (stopped at "${segment}")`);
  }
  return node;
}

/** A number at a path; anything else fails the build. */
export function numberAt(name: string, path: string): number {
  const v = valueAt(name, path);
  if (typeof v !== 'number') throw new Error(`experiment "${name}": "${path}" is not a number`);
  return v;
}

export {
  describeEloInterval,
  eloInterval,
  formatEloInterval,
  formatNumber,
  type EloInterval,
  type NumberFormat,
  type StoredEloStats,
} from './format';
import { type EloInterval, formatNumber } from './format';

/** The first seven characters of a commit. */
export const shortCommit = (commit: string): string => commit.slice(0, 7);

// ---- what the lab's figures and tables need: staleness, Elo with its unbounded ends, scales ----

/**
 * Why a file is not current, in a phrase for the reader ("measured on commit abc1234, before the
 * engine's search last changed"), or null when it is current.
 */
export function staleNote(data: ExperimentData): string | null {
  if (isCurrent(data)) return null;
  const { commit, signature } = data.provenance.engine;
  const on =
    commit === 'unknown'
      ? 'measured on an unknown commit'
      : `measured on commit ${shortCommit(commit)}`;
  return signature === CURRENT_SIGNATURE
    ? `${on}, with engine changes not yet committed`
    : `${on}, before the engine's search last changed`;
}

/** A date as the book writes it: "23 Nov 2026" (the day in UTC, as the file records it). */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The half-widths an Elo axis may have: round numbers that halve into round ticks, at least ±50 so
 * that a difference of a few Elo is not drawn across the whole chart.
 */
export const ELO_EXTENTS = [50, 100, 200, 400, 800] as const;

/**
 * A symmetric Elo axis for a set of intervals: the smallest extent in ELO_EXTENTS that holds every
 * finite value with a little room, else the largest (what lies beyond is drawn clipped, as an
 * arrow), and five ticks, −extent to +extent.
 */
export function eloAxis(intervals: readonly EloInterval[]): { extent: number; ticks: number[] } {
  const finite = intervals
    .flatMap((i) => [i.elo, i.low, i.high])
    .filter(Number.isFinite)
    .map(Math.abs);
  const reach = Math.max(0, ...finite) * 1.05;
  const extent = ELO_EXTENTS.find((e) => e >= reach) ?? ELO_EXTENTS[ELO_EXTENTS.length - 1]!;
  return { extent, ticks: [-extent, -extent / 2, 0, extent / 2, extent] };
}

/** Where a value falls on a symmetric axis, in per cent from the left, clamped to [0, 100]. */
export const percentOnAxis = (v: number, extent: number): number =>
  Math.min(100, Math.max(0, 50 + (50 * v) / extent));

/** The likelihood of superiority as a percentage, never rounded to a certainty it is not. */
export function formatLos(los: number): string {
  if (los >= 0.9995) return '>99.9 %';
  if (los <= 0.0005) return '<0.1 %';
  const p = los * 100;
  return `${p >= 99 || p < 1 ? p.toFixed(1) : Math.round(p)} %`;
}

/** How the book names the ways a game ends (src/engine/lab/game-types.ts EndReason). */
export const END_LABELS: Readonly<Record<EndReason, string>> = {
  mate: 'mate',
  'no-legal-move': 'no legal move',
  repetition: 'repetition',
  'perpetual-check': 'perpetual check',
  declaration: 'declaration',
  'max-plies': 'length limit',
  adjudication: 'resigned',
  time: 'time',
  resign: 'resigned (engine)',
  'illegal-move': 'illegal move',
  'engine-crash': 'engine crash',
  'engine-timeout': 'engine timeout',
};

/** A way a game ended, in the book's words (a name it does not know, as it is). */
export const endLabel = (end: string): string => END_LABELS[end as EndReason] ?? end;

/** The `n` commonest ways the games ended, commonest first, and how many games ended otherwise. */
export function topEnds(
  ends: Readonly<Record<string, number>>,
  n = 2,
): { top: { end: string; label: string; games: number }[]; others: number } {
  const sorted = Object.entries(ends)
    .filter(([, games]) => games > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return {
    top: sorted.slice(0, n).map(([end, games]) => ({ end, label: endLabel(end), games })),
    others: sorted.slice(n).reduce((sum, [, games]) => sum + games, 0),
  };
}

/** How a match's games went, in the Lab's words: king moves, length, and every way they ended. */
export interface GamesSummary {
  /** The share of all moves that moved a king ("40.3%"), and by side (["A 41.2%", "B 39.4%"]). */
  kingMoves: string;
  kingMovesBySide: [string, string];
  /** The mean length in plies ("126"), and the median ("median 113"). */
  meanPlies: string;
  medianPlies: string;
  /** Every way the games ended, commonest first. */
  ends: { end: string; label: string; games: number }[];
}

export function summarizeGames(tally: MatchTally): GamesSummary {
  const share = (v: number | null): string => (v === null ? '—' : formatNumber(v, 'percent1'));
  const { all, a, b } = tally.kingMoveShare;
  const length = tally.gameLength;
  return {
    kingMoves: share(all),
    kingMovesBySide: [`A ${share(a)}`, `B ${share(b)}`],
    meanPlies: length ? formatNumber(length.mean, 'count') : '—',
    medianPlies: length ? `median ${formatNumber(length.median, 'count')}` : '',
    ends: topEnds(tally.ends, Infinity).top,
  };
}

/** The round step (1, 2 or 5 times a power of ten) at or above `raw`; 1 for nothing to span. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw * (1 - 1e-9))!;
  return step * power;
}

/** A histogram: bin i holds the values in [start + i·width, start + (i + 1)·width). */
export interface Bins {
  start: number;
  width: number;
  counts: number[];
}

/**
 * Bin values by a given width, or into about `bins` bins of a round width (niceStep), starting at
 * a multiple of the width so bin edges are round numbers too.
 */
export function binValues(
  values: readonly number[],
  { bins = 20, binWidth }: { bins?: number; binWidth?: number } = {},
): Bins {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { start: 0, width: binWidth ?? 1, counts: [] };
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const width = binWidth ?? niceStep((max - min) / Math.max(1, bins));
  const start = Math.floor(min / width) * width;
  const counts = new Array<number>(Math.floor((max - start) / width) + 1).fill(0);
  for (const v of finite) counts[Math.floor((v - start) / width)]!++;
  return { start, width, counts };
}

/** Round ticks from 0 to at least `max` (about `target` of them past zero). */
export function countTicks(max: number, target = 4): number[] {
  const step = niceStep(max / target);
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max) ticks.push(ticks.length * step);
  return ticks;
}

/** Count, median, least and greatest of a list of numbers (null median for an empty list). */
export function summarize(values: readonly number[]): {
  n: number;
  median: number | null;
  min: number | null;
  max: number | null;
} {
  const finite = values.filter(Number.isFinite);
  const n = finite.length;
  if (n === 0) return { n, median: null, min: null, max: null };
  return { n, median: median(finite), min: Math.min(...finite), max: Math.max(...finite) };
}

/**
 * A match series for a lab component, from its name or its data, narrowed to some matches (by id,
 * in that order); anything else fails the build, naming the component.
 */
export function seriesMatches(
  component: string,
  {
    name,
    data: given,
    ids,
  }: {
    name?: string | undefined;
    data?: ExperimentData | undefined;
    ids?: readonly string[] | undefined;
  },
): { data: MatchSeriesData; matches: MatchRow[] } {
  const data = given ?? (name === undefined ? undefined : experimentData(name));
  if (!data) throw new Error(`${component}: give an experiment \`name\` or its \`data\``);
  if (data.kind !== 'matches')
    throw new Error(
      `${component}: experiment "${data.name}" is a ${data.kind}, not a match series`,
    );
  const all = (data as MatchSeriesData).results.matches;
  const matches =
    ids?.map((id) => {
      const row = all.find((m) => m.id === id);
      if (!row) throw new Error(`${component}: experiment "${data.name}" has no match "${id}"`);
      return row;
    }) ?? all;
  return { data: data as MatchSeriesData, matches };
}
