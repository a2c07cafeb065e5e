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
  /**
   * `command`: a measuring command's output, cheap to remake; `matches`: a match series;
   * `tuning`: self-play games and the effect table tuned on them.
   */
  kind: 'command' | 'matches' | 'tuning';
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

/** One round of a tuning run: its games, the data they gave, and what the tuner made of it. */
export interface TuningRound {
  id: string;
  /** The run that played the round's games (the tuned table of the rounds before played them). */
  provenance: Provenance;
  /** Where the games are served from (under public/), and how they went. */
  gamesFile: string;
  tally: MatchTally;
  /** Quiet positions from the games: tuned on, held out (every tenth game), and left out. */
  positions: { train: number; heldOut: number; skipped: number };
  /** The logistic scale fitted to the starting values (a lead of this much wins 73 %). */
  scale: number;
  /** Texel's error on the held-out positions with the starting values and with the best epoch's. */
  heldOutError: { start: number; best: number };
  bestEpoch: number;
  /** Every tenth epoch's error on the training and held-out positions. */
  curve: { epoch: number; train: number; valid: number }[];
  /** How far each family's parameters moved from their start, on average, in evaluation units. */
  families: Record<string, { meanMove: number }>;
  /** SHA-256 of the tuned.json this round wrote. */
  paramsSha256: string;
}

export type TuningData = ExperimentData<{ rounds: TuningRound[] }>;
