/**
 * A lab match as the chapter's in-page match sets it beside its own few games (MatchRunner's
 * `recorded`): read from the experiment's data file when the page is built.
 */
import type { RecordedMatch } from '../widgets/lab/MatchRunner';
import { seriesMatches } from './experiments';
import { formatNumber } from './format';

export function recordedMatch(name: string, id: string): RecordedMatch {
  const { data, matches } = seriesMatches('recordedMatch', { name, ids: [id] });
  const m = matches[0]!;
  const { limits } = data.settings as {
    limits?: { nodes?: number; depth?: number; movetimeMs?: number };
  };
  const per = limits?.nodes
    ? `${formatNumber(limits.nodes, 'count')} nodes a move`
    : limits?.depth
      ? `depth ${limits.depth}`
      : limits?.movetimeMs
        ? `${formatNumber(limits.movetimeMs, 'count')} ms a move`
        : 'its limits';
  return {
    what: `${formatNumber(m.tally.games, 'count')} games at ${per}`,
    elo: m.tally.stats.elo,
    low: m.tally.stats.eloLow,
    high: m.tally.stats.eloHigh,
    href: `/lab/#${name}`,
  };
}
