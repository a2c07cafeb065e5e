/**
 * A match as a data file: where and how it was played, the totals with Elo and its interval, and
 * every game (its opening, A's colour, the USI moves, the result and how it ended), so any game can
 * be replayed on the book's board. Shards of one match merge into the same file a single run makes.
 */
import {
  tallyMatch,
  type MatchGame,
  type MatchSettings,
  type MatchTally,
} from '../../src/engine/lab/match';
import { err, ok, type Result } from '../../src/engine/types';
import type { Provenance } from './provenance';
import type { RunResult } from './run-match';

export interface MatchResult {
  kind: 'match';
  provenance: Provenance;
  settings: MatchSettings;
  openingsFile: string;
  tally: MatchTally;
  stopped: boolean;
  seconds: number;
  gamesPerSecond: number;
  games: MatchGame[];
}

export function matchResult(
  provenance: Provenance,
  settings: MatchSettings,
  openingsFile: string,
  run: RunResult,
): MatchResult {
  return {
    kind: 'match',
    provenance,
    settings,
    openingsFile,
    tally: tallyMatch(run.games, settings.sprt),
    stopped: run.stopped,
    seconds: Math.round(run.seconds * 10) / 10,
    gamesPerSecond:
      run.seconds > 0 ? Math.round((run.games.length / run.seconds) * 1000) / 1000 : 0,
    games: run.games,
  };
}

const signed = (x: number): string =>
  !Number.isFinite(x) ? (x > 0 ? '+∞' : '−∞') : x >= 0 ? `+${x.toFixed(1)}` : `−${(-x).toFixed(1)}`;

/** One line for people: "W 50  D 30  L 40  Elo +25.3 (−10.2, +61.0)  LLR 1.20 (−2.94, 2.94)". */
export function formatTally(t: MatchTally): string {
  const { elo, eloLow, eloHigh } = t.stats;
  const interval =
    elo === null
      ? 'Elo —'
      : `Elo ${signed(elo)} (${signed(eloLow ?? -Infinity)}, ${signed(eloHigh ?? Infinity)})`;
  const sprt = t.sprt
    ? `  LLR ${t.sprt.llr.toFixed(2)} (${t.sprt.lower.toFixed(2)}, ${t.sprt.upper.toFixed(2)})${t.sprt.decision === 'continue' ? '' : ` → ${t.sprt.decision}`}`
    : '';
  return `W ${t.wins}  D ${t.draws}  L ${t.losses}  ${interval}${sprt}`;
}

/** Settings as compared between shards: everything but the shard itself. */
const sameMatch = (r: MatchResult): string => JSON.stringify({ ...r.settings, shard: null });

/**
 * Combine the shard results of one match (the same settings but for the shard) into the result a
 * single run would have written. Refuses files from different matches, a shard given twice, or a
 * game that two files both played.
 */
export function mergeResults(results: readonly MatchResult[]): Result<MatchResult> {
  if (results.length === 0) return err('no shard files given');
  const first = results[0]!;
  const shards = new Set<number>();
  for (const [i, r] of results.entries()) {
    if (r.kind !== 'match') return err(`file ${i + 1} is not a match result`);
    if (sameMatch(r) !== sameMatch(first))
      return err(`file ${i + 1} is from another match (its settings differ from file 1's)`);
    const index = r.settings.shard?.index ?? 0;
    if (shards.has(index)) return err(`shard ${index} is given twice`);
    shards.add(index);
  }
  const games: MatchGame[] = [];
  const seen = new Set<number>();
  for (const r of results)
    for (const g of r.games) {
      if (seen.has(g.id)) return err(`game ${g.id} is in two files`);
      seen.add(g.id);
      games.push(g);
    }
  games.sort((x, y) => x.id - y.id);
  const count = first.settings.shard?.count ?? 1;
  const complete = shards.size === count;
  const settings = { ...first.settings, shard: null };
  const seconds = Math.max(...results.map((r) => r.seconds));
  return ok({
    ...first,
    settings,
    tally: tallyMatch(games, settings.sprt),
    stopped: !complete || results.some((r) => r.stopped),
    seconds,
    gamesPerSecond: results.reduce((sum, r) => sum + r.gamesPerSecond, 0),
    games,
  });
}
