/**
 * The shape of an experiment's data file (src/data/experiments/<name>.json), as
 * `npm run experiment` writes it and the book's pages read it.
 */
import type { MatchPlayer, MatchTally } from './match';

export interface Provenance {
  /** The command that wrote the file. */
  command: string;
  /** ISO date and time. */
  date: string;
  /** The commit; `dirty` when the engine or the measuring code (src/engine, bench, scripts) had changes not committed; the bench signature. */
  engine: { commit: string; dirty: boolean; signature: number };
  machine: { cores: number; cpu: string; node: string };
}

export interface ExperimentData<R = unknown> {
  name: string;
  title: string;
  question: string;
  chapter: { slug: string; section?: string };
  /** `command`: a measuring command's output, cheap to remake; `matches`: a match series. */
  kind: 'command' | 'matches';
  provenance: Provenance;
  settings: unknown;
  results: R;
}

/** One match of a series, as the series' data file keeps it (its games are in `gamesFile`). */
export interface MatchRow {
  id: string;
  /** The run that played this match (a series may be played in several runs). */
  provenance: Provenance;
  a: MatchPlayer;
  b: MatchPlayer;
  tally: MatchTally;
  seconds: number;
  gamesPerSecond: number;
  /** Where the match's games are served from (under public/). */
  gamesFile: string;
}

export type MatchSeriesData = ExperimentData<{ matches: MatchRow[] }>;
