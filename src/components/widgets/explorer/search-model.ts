/**
 * What the explorer says about a finished search: the score in words, the PV as arrows on the
 * board, every pruning and extension that fired with a name a reader knows, and how two searches
 * of the same position compare.
 */
import { isDrop, moveFrom, moveTo, parseUsiMove } from '../../../engine/index';
import { parsePositionText } from '../../../engine/worker/protocol';
import type { Score, SearchResult } from '../../../engine/search/iterate';
import type { Arrow } from '../BoardParts';
import { formatCount } from '../../numbers';

/** "+120", "−35", "0", "mate in 3", "mated in 2", from the side to move's point of view. */
export function formatScore(score: Score): string {
  if (score.kind === 'mate')
    return score.value > 0 ? `mate in ${score.value}` : `mated in ${-score.value}`;
  if (score.value === 0) return '0';
  return score.value > 0 ? `+${score.value}` : `−${-score.value}`;
}

export const formatRate = (nps: number): string =>
  nps >= 1e6
    ? `${(nps / 1e6).toFixed(2)} M/s`
    : nps >= 1e3
      ? `${(nps / 1e3).toFixed(0)} k/s`
      : `${nps}/s`;

export const formatTime = (ms: number): string =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

/**
 * The PV as arrows: the first move strong, the later ones faint; drops as rings. Stops at the
 * first move that does not parse (a PV always should; a position mismatch must not break the board).
 */
export function pvArrows(position: string, pv: readonly string[], alt = false): Arrow[] {
  const parsed = parsePositionText(position);
  if (!parsed.ok) return [];
  const pos = parsed.value;
  const out: Arrow[] = [];
  for (const [i, usi] of pv.entries()) {
    const move = parseUsiMove(pos, usi);
    if (!move.ok) break;
    const m = move.value;
    const arrow: Arrow = isDrop(m) ? { to: moveTo(m) } : { from: moveFrom(m), to: moveTo(m) };
    if (i > 0) arrow.faint = true;
    if (alt) arrow.alt = true;
    out.push(arrow);
    pos.doMove(m);
  }
  return out;
}

export interface CounterInfo {
  label: string;
  kind: 'pruning' | 'reduction' | 'extension' | 'mate';
}

/** The engine's counters (SearchStats.counters), named for the reader. */
export const COUNTER_INFO: Readonly<Record<string, CounterInfo>> = {
  'forward-pruning': { label: 'Moves forward-pruned', kind: 'pruning' },
  'null-move': { label: 'Null-move tries', kind: 'pruning' },
  'null-move-cutoff': { label: 'Null-move cut-offs', kind: 'pruning' },
  'null-move-verify-fail': { label: 'Null-move verifications failed', kind: 'pruning' },
  futility: { label: 'Moves futility-pruned', kind: 'pruning' },
  razoring: { label: 'Razoring tries', kind: 'pruning' },
  'razoring-corrected': { label: 'Razoring overruled by quiescence', kind: 'pruning' },
  lmr: { label: 'Late moves reduced', kind: 'reduction' },
  'lmr-research': { label: 'Reduced moves re-searched', kind: 'reduction' },
  'check-extension': { label: 'Checks extended', kind: 'extension' },
  'recapture-research': { label: 'Recaptures re-searched', kind: 'extension' },
  'dual-credit-extension': { label: 'Plies of extension from credit', kind: 'extension' },
  'dual-credit-research': { label: 'Moves re-searched with credit', kind: 'extension' },
  'dual-credit-full': { label: 'Nodes where an account was full', kind: 'extension' },
  'dual-credit-full-both': {
    label: '…and the other side’s account held credit',
    kind: 'extension',
  },
  'tree-mate-extension': { label: 'Mate threats extended (tree)', kind: 'extension' },
  'mate-probe': { label: 'Mate searches at the leaves', kind: 'mate' },
  'mate-probe-proven': { label: '…that proved a mate', kind: 'mate' },
  'mate-probe-nodes': { label: '…their nodes (in the total)', kind: 'mate' },
};

export interface CounterRow {
  key: string;
  label: string;
  kind: CounterInfo['kind'] | 'other';
  /** One value per search compared (A, or A and B); 0 where it did not fire. */
  values: number[];
}

/**
 * Every counter that fired in any of the results, in COUNTER_INFO's order then by name, with a
 * value per result.
 */
export function counterRows(results: readonly (SearchResult | null)[]): CounterRow[] {
  const keys = new Set<string>();
  for (const r of results) for (const k of Object.keys(r?.stats.counters ?? {})) keys.add(k);
  const known = Object.keys(COUNTER_INFO);
  const ordered = [
    ...known.filter((k) => keys.has(k)),
    ...[...keys].filter((k) => !known.includes(k)).sort(),
  ];
  return ordered.map((key) => ({
    key,
    label: COUNTER_INFO[key]?.label ?? key,
    kind: COUNTER_INFO[key]?.kind ?? 'other',
    values: results.map((r) => r?.stats.counters[key] ?? 0),
  }));
}

/** How well the moves were ordered: the share of cut-offs made by the first move searched. */
export const firstMoveCutoffRate = (r: SearchResult): number | null =>
  r.stats.cutoffs > 0 ? r.stats.firstMoveCutoffs / r.stats.cutoffs : null;

export interface Comparison {
  /** B's nodes over A's (null when A searched none). */
  nodeRatio: number | null;
  timeRatio: number | null;
  sameMove: boolean;
  sameScore: boolean;
  /** B's score minus A's in centipawns, when both are centipawn scores. */
  scoreDelta: number | null;
  sameDepth: boolean;
}

export function compareResults(a: SearchResult, b: SearchResult): Comparison {
  const cp = a.score.kind === 'cp' && b.score.kind === 'cp';
  return {
    nodeRatio: a.nodes > 0 ? b.nodes / a.nodes : null,
    timeRatio: a.timeMs > 0 ? b.timeMs / a.timeMs : null,
    sameMove: a.bestMove === b.bestMove,
    sameScore: a.score.kind === b.score.kind && a.score.value === b.score.value,
    scoreDelta: cp ? b.score.value - a.score.value : null,
    sameDepth: a.depth === b.depth,
  };
}

/** 0.4213 → "0.42×", 12.5 → "12.5×", 130 → "130×". */
export function formatRatio(r: number | null): string {
  if (r === null || !Number.isFinite(r)) return '—';
  if (r >= 100) return `${r.toFixed(0)}×`;
  if (r >= 10) return `${r.toFixed(1)}×`;
  return `${r.toFixed(2)}×`;
}

/**
 * Why the search ended before the depth asked for, or null when it reached it; `limits` are the
 * ones that search was started with (not the ones set now), so the note names what stopped it.
 */
export function stopNote(
  result: SearchResult,
  limits: { depth?: number | undefined; nodes?: number | undefined; timeMs?: number | undefined },
): string | null {
  if (result.bestMove === null) return 'The side to move has no legal move.';
  const depth = limits.depth ?? Infinity;
  if (!result.stopped && result.depth >= depth) return null;
  if (!result.stopped && result.score.kind === 'mate')
    return `A mate was found at depth ${result.depth}, so the search stopped there.`;
  const nodeLimit = limits.nodes !== undefined && result.nodes >= limits.nodes;
  const what = nodeLimit
    ? `The node limit (${formatCount(limits.nodes!)})`
    : limits.timeMs !== undefined
      ? `The time limit (${formatCount(limits.timeMs)} ms)`
      : 'The search';
  const verb = what === 'The search' ? 'stopped' : 'stopped the search';
  if (result.stopped)
    return `${what} ${verb} inside depth 1: the move shown is only a first guess.`;
  return `${what} ${verb} during depth ${result.depth + 1}; shown is depth ${result.depth}, the last one finished.`;
}
