/**
 * Our engine's side of the search benchmark: the option switches, and timed searches that start
 * cold (transposition table, history and killers cleared first, as the node-count signature and
 * the book's worker do). Clearing is done before the clock starts: wiping a 16 MiB table takes
 * a few milliseconds, as long as a whole search of the smallest position.
 */
import type {
  Searcher as SearcherClass,
  SearchOptions,
  SearchResult,
} from '../src/engine/search/index';
import { bundleEngine } from './lib/engine-bundle';
import type { SearchBenchPosition } from './search-positions';
import { BestTime, timeSync } from './search-timing';

/** The engine as the site ships it: one esbuild bundle (see lib/engine-bundle.ts). */
const { Searcher, parseSfen } = await bundleEngine();
type Searcher = SearcherClass;

/** One row of the switch table: a change from the default options. */
export interface Switch {
  readonly name: string;
  readonly options: Partial<SearchOptions>;
}

export const DEFAULTS: Switch = { name: 'defaults', options: {} };

/** Each technique toggled away from its default, one at a time (options.ts documents them). */
export const SWITCHES: readonly Switch[] = [
  DEFAULTS,
  { name: 'ordering none', options: { ordering: 'none' } },
  { name: 'ordering move-evaluation', options: { ordering: 'move-evaluation' } },
  { name: 'captureOrder see', options: { captureOrder: 'see' } },
  { name: 'ttMove off', options: { ttMove: false } },
  { name: 'killers off', options: { killers: false } },
  { name: 'history off', options: { history: false } },
  { name: 'pvs off', options: { pvs: false } },
  { name: 'quiescence off', options: { quiescence: false } },
  { name: 'ttSizeMb 0', options: { ttSizeMb: 0 } },
  { name: 'nullMove on', options: { nullMove: true } },
  { name: 'lmr on', options: { lmr: true } },
  { name: 'futility on', options: { futility: true } },
  { name: 'razoring on', options: { razoring: true } },
  { name: 'checkExtension on', options: { checkExtension: true } },
  { name: 'forwardPruning threshold', options: { forwardPruning: 'threshold' } },
  { name: 'forwardPruning rank', options: { forwardPruning: 'rank' } },
];

/** What one cold search found; the timing is kept beside it, best of the runs. */
export interface SearchOutcome {
  readonly nodes: number;
  readonly mainNodes: number;
  readonly qnodes: number;
  readonly bestMove: string | null;
  readonly counters: Readonly<Record<string, number>>;
}

/** A search of one position with one set of options, repeatable: each run starts cold. */
export class OurSearch {
  readonly best = new BestTime();
  outcome: SearchOutcome | null = null;
  readonly position: SearchBenchPosition;
  readonly #searcher: Searcher;

  constructor(searcher: Searcher, position: SearchBenchPosition) {
    this.#searcher = searcher;
    this.position = position;
  }

  /** One untimed search at `depth`; returns the node count. */
  warmUp(depth: number): number {
    return this.#run(depth).nodes;
  }

  /** One timed search at the position's depth; returns the node count. */
  run(): number {
    const result = this.#run(this.position.depth, this.best);
    this.outcome = {
      nodes: result.nodes,
      mainNodes: result.stats.nodes,
      qnodes: result.stats.qnodes,
      bestMove: result.bestMove,
      counters: result.stats.counters,
    };
    return result.nodes;
  }

  #run(depth: number, best?: BestTime): SearchResult {
    const parsed = parseSfen(this.position.sfen);
    if (!parsed.ok) throw new Error(`${this.position.name}: ${parsed.error}`);
    this.#searcher.clear();
    const search = (): SearchResult => this.#searcher.search(parsed.value, { depth });
    return best === undefined ? search() : timeSync(best, search);
  }
}

/** One Searcher per switch (its tables are reused, cleared before every run). */
export function searcherFor(change: Switch): Searcher {
  return new Searcher(change.options);
}
