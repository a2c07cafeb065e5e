/**
 * The search benchmark's three measurements. Each schedules its runs with lib/measure.ts
 * (interleaved rounds, best of up to three, a time budget per task, identical node counts
 * required) and keeps the best time of just the search section (search-timing.ts).
 */
import { bestOfInterleaved, type Task } from './lib/measure';
import type { BrowserOutcome, ChromiumSearch } from './search-browser';
import { fsfSearch, type FsfEngine, type FsfOutcome } from './search-fsf';
import { DEFAULTS, OurSearch, searcherFor, type SearchOutcome, type Switch } from './search-ours';
import type { SearchBenchPosition } from './search-positions';
import {
  rate,
  type BrowserRow,
  type FsfRow,
  type PositionRow,
  type SwitchRow,
} from './search-report';
import { BestTime, totalTime } from './search-timing';

export type Progress = (text: string) => void;

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** A task that fails every run with the error its warm-up hit. */
const failing =
  (error: unknown): Task =>
  () => {
    throw new Error(errorMessage(error));
  };

async function schedule(
  labels: readonly string[],
  tasks: readonly Task[],
  progress: Progress,
): Promise<(string | undefined)[]> {
  const timings = await bestOfInterleaved(tasks, (i, round) => {
    progress(`run ${round + 1}: ${labels[i]!}`);
  });
  return timings.map((t) => (t.ok ? undefined : t.error));
}

function positionRow(
  position: SearchBenchPosition,
  search: OurSearch,
  error: string | undefined,
): PositionRow {
  const outcome = error === undefined ? search.outcome : null;
  const best = search.best;
  return {
    position: position.name,
    depth: position.depth,
    nodes: outcome?.nodes ?? null,
    mainNodes: outcome?.mainNodes ?? null,
    qnodes: outcome?.qnodes ?? null,
    expectedNodes: position.expectedNodes,
    bestMove: outcome?.bestMove ?? null,
    runs: best.runs,
    wallSeconds: best.measured ? best.wallSeconds : null,
    cpuSeconds: best.measured ? best.cpuSeconds : null,
    nps: outcome && best.measured ? outcome.nodes / best.cpuSeconds : null,
    ...(error === undefined ? {} : { error }),
  };
}

/** Our default search on every position. */
export async function measureDefaults(
  positions: readonly SearchBenchPosition[],
  progress: Progress,
): Promise<PositionRow[]> {
  const searcher = searcherFor(DEFAULTS);
  const ours = positions.map((p) => new OurSearch(searcher, p));
  const tasks = ours.map((search): Task => {
    const { name, depth } = search.position;
    progress(`warm-up: ${name} d${depth}`);
    try {
      search.warmUp(depth);
      return () => search.run();
    } catch (error) {
      return failing(error);
    }
  });
  const labels = positions.map((p) => `${p.name} d${p.depth}`);
  const errors = await schedule(labels, tasks, progress);
  return positions.map((p, i) => positionRow(p, ours[i]!, errors[i]));
}

/** The node counts one `go` has produced over its runs (Fairy-Stockfish's vary by a few). */
class FsfRuns {
  readonly counts = new Set<number>();
  first: FsfOutcome | null = null;
  /** The outcome of the run with the least CPU time. */
  fastest: FsfOutcome | null = null;
  readonly best = new BestTime();

  async run(fsf: FsfEngine, sfen: string, go: string): Promise<void> {
    const before = this.best.cpuSeconds;
    const outcome = await fsfSearch(fsf, sfen, go, this.best);
    this.counts.add(outcome.nodes);
    this.first ??= outcome;
    if (this.best.cpuSeconds < before) this.fastest = outcome;
  }
}

/**
 * Fairy-Stockfish on every position, after our searches (its engine threads may still be busy
 * for a few milliseconds after `bestmove`, which would count in our CPU time if interleaved):
 * `go depth N` for its move and `go nodes <our nodes>` for its speed on the same work.
 */
export async function measureFsf(
  positions: readonly SearchBenchPosition[],
  fsf: FsfEngine,
  ours: readonly PositionRow[],
  progress: Progress,
): Promise<FsfRow[]> {
  const depthRuns = positions.map(() => new FsfRuns());
  const speedRuns = positions.map(() => new FsfRuns());
  const labels: string[] = [];
  const tasks: Task[] = [];
  for (const [i, p] of positions.entries()) {
    const nodes = ours[i]!.nodes;
    labels.push(`${p.name} FSF go depth ${p.depth}`, `${p.name} FSF go nodes ${nodes}`);
    if (nodes === null) {
      tasks.push(failing('our search failed'), failing('our search failed'));
      continue;
    }
    progress(`warm-up: ${p.name} FSF go depth ${p.depth}`);
    try {
      await fsfSearch(fsf, p.sfen, `depth ${p.depth}`);
      // The tasks return what must repeat: the node counts themselves vary by a few nodes
      // between runs, even after ucinewgame.
      tasks.push(
        async () => (await depthRuns[i]!.run(fsf, p.sfen, `depth ${p.depth}`), p.depth),
        async () => (await speedRuns[i]!.run(fsf, p.sfen, `nodes ${nodes}`), nodes),
      );
    } catch (error) {
      tasks.push(failing(error), failing(error));
    }
  }
  const errors = await schedule(labels, tasks, progress);
  return positions.map((p, i) =>
    fsfRow(p, depthRuns[i]!, speedRuns[i]!, ours[i]!, errors[2 * i] ?? errors[2 * i + 1]),
  );
}

function fsfRow(
  p: SearchBenchPosition,
  depthRuns: FsfRuns,
  speedRuns: FsfRuns,
  ours: PositionRow,
  error: string | undefined,
): FsfRow {
  const time = speedRuns.best;
  const speed = speedRuns.fastest;
  const nps = speed && time.measured ? speed.nodes / time.cpuSeconds : null;
  return {
    position: p.name,
    depth: p.depth,
    depthNodes: depthRuns.first?.nodes ?? null,
    depthNodesSeen: [...depthRuns.counts].sort((a, b) => a - b),
    bestMove: depthRuns.first?.bestMove ?? null,
    oursBestMove: ours.bestMove,
    speedNodes: speed?.nodes ?? null,
    wallSeconds: time.measured ? time.wallSeconds : null,
    cpuSeconds: time.measured ? time.cpuSeconds : null,
    nps,
    reportedNps: speed?.reportedNps ?? null,
    oursNps: ours.nps,
    oursOverFsf: nps === null || ours.nps === null ? null : ours.nps / nps,
    ...(error === undefined ? {} : { error }),
  };
}

/** Every switch on every position; the defaults run again in the same rounds, for the time ratio. */
export async function measureSwitches(
  positions: readonly SearchBenchPosition[],
  switches: readonly Switch[],
  progress: Progress,
): Promise<SwitchRow[]> {
  const labels: string[] = [];
  const tasks: Task[] = [];
  const searches = switches.map((change) => {
    const searcher = searcherFor(change);
    return positions.map((p) => {
      const search = new OurSearch(searcher, p);
      progress(`warm-up: ${change.name}, ${p.name} d${Math.max(1, p.depth - 1)}`);
      labels.push(`${change.name}, ${p.name} d${p.depth}`);
      try {
        search.warmUp(Math.max(1, p.depth - 1));
        tasks.push(() => search.run());
      } catch (error) {
        tasks.push(failing(error));
      }
      return search;
    });
  });
  const errors = await schedule(labels, tasks, progress);
  const rows = switches.map((change, s) =>
    switchRow(change, searches[s]!, errors.slice(s * positions.length, (s + 1) * positions.length)),
  );
  const base = rows.find((r) => r.name === DEFAULTS.name);
  return rows.map((r) => ({
    ...r,
    nodesRatio: r.nodes !== null && base?.nodes ? r.nodes / base.nodes : null,
    cpuRatio: r.cpuSeconds !== null && base?.cpuSeconds ? r.cpuSeconds / base.cpuSeconds : null,
    bestMovesChanged: r.perPosition.filter(
      (p, i) => base?.perPosition[i] !== undefined && p.bestMove !== base.perPosition[i].bestMove,
    ).length,
  }));
}

function switchRow(
  change: Switch,
  searches: readonly OurSearch[],
  errors: readonly (string | undefined)[],
): SwitchRow {
  const error = errors.find((e) => e !== undefined);
  const outcomes = searches.map((s) => s.outcome);
  const time = totalTime(searches.map((s) => s.best));
  if (error !== undefined || time === null || outcomes.some((o) => o === null)) {
    return {
      name: change.name,
      options: change.options,
      nodes: null,
      qnodes: null,
      nodesRatio: null,
      wallSeconds: null,
      cpuSeconds: null,
      cpuRatio: null,
      nps: null,
      bestMovesChanged: 0,
      counters: {},
      perPosition: [],
      error: error ?? 'not measured',
    };
  }
  const done = outcomes as SearchOutcome[];
  const nodes = done.reduce((sum, o) => sum + o.nodes, 0);
  const counters: Record<string, number> = {};
  for (const o of done) {
    for (const [name, n] of Object.entries(o.counters)) counters[name] = (counters[name] ?? 0) + n;
  }
  return {
    name: change.name,
    options: change.options,
    nodes,
    qnodes: done.reduce((sum, o) => sum + o.qnodes, 0),
    nodesRatio: null,
    wallSeconds: time.wallSeconds,
    cpuSeconds: time.cpuSeconds,
    cpuRatio: null,
    nps: rate(nodes, time.cpuSeconds),
    bestMovesChanged: 0,
    counters,
    perPosition: searches.map((s, i) => ({
      position: s.position.name,
      nodes: done[i]!.nodes,
      bestMove: done[i]!.bestMove,
    })),
  };
}

/** The book's worker in Chromium against the same bundle's runGo in Node, position by position. */
export async function measureBrowser(
  positions: readonly SearchBenchPosition[],
  chromium: ChromiumSearch,
  nodeSearch: (sfen: string, depth: number, best?: BestTime) => BrowserOutcome,
  progress: Progress,
): Promise<{ rows: BrowserRow[]; total: BrowserRow }> {
  const labels: string[] = [];
  const tasks: Task[] = [];
  const nodeTimes = positions.map(() => new BestTime());
  const chromiumTimes = positions.map(() => new BestTime());
  const nodeCounts: (number | null)[] = positions.map(() => null);
  const chromiumCounts: (number | null)[] = positions.map(() => null);
  for (const [i, p] of positions.entries()) {
    progress(`warm-up: ${p.name} d${p.depth} in Node and in Chromium`);
    labels.push(`${p.name} d${p.depth} Node`, `${p.name} d${p.depth} Chromium`);
    try {
      nodeSearch(p.sfen, p.depth);
      await chromium.search(p.sfen, p.depth);
      tasks.push(
        () => (nodeCounts[i] = nodeSearch(p.sfen, p.depth, nodeTimes[i]).nodes),
        async () =>
          (chromiumCounts[i] = (await chromium.search(p.sfen, p.depth, chromiumTimes[i])).nodes),
      );
    } catch (error) {
      tasks.push(failing(error), failing(error));
    }
  }
  const errors = await schedule(labels, tasks, progress);
  const rows = positions.map((p, i): BrowserRow => {
    const mismatch =
      nodeCounts[i] !== chromiumCounts[i]
        ? `Node counted ${nodeCounts[i]} nodes, Chromium ${chromiumCounts[i]}`
        : undefined;
    const error = errors[2 * i] ?? errors[2 * i + 1] ?? mismatch;
    return browserRow(p.name, nodeCounts[i] ?? null, [nodeTimes[i]!], [chromiumTimes[i]!], error);
  });
  const failed = rows.some((r) => r.error !== undefined);
  const nodes = failed ? null : rows.reduce((sum, r) => sum + r.nodes!, 0);
  const total = browserRow('total', nodes, nodeTimes, chromiumTimes);
  return { rows, total: failed ? { ...total, error: 'a position failed' } : total };
}

function browserRow(
  position: string,
  nodes: number | null,
  nodeTimes: readonly BestTime[],
  chromiumTimes: readonly BestTime[],
  error?: string,
): BrowserRow {
  const node = totalTime(nodeTimes);
  const chrome = totalTime(chromiumTimes);
  const over = (a: number | undefined, b: number | undefined): number | null =>
    a === undefined || b === undefined || a <= 0 ? null : b / a;
  return {
    position,
    nodes,
    nodeCpuSeconds: node?.cpuSeconds ?? null,
    nodeWallSeconds: node?.wallSeconds ?? null,
    chromiumCpuSeconds: chrome?.cpuSeconds ?? null,
    chromiumWallSeconds: chrome?.wallSeconds ?? null,
    // nps ratio Node ÷ Chromium = Chromium's time ÷ Node's time, for the same nodes.
    nodeOverChromium: over(node?.cpuSeconds, chrome?.cpuSeconds),
    nodeOverChromiumWall: over(node?.wallSeconds, chrome?.wallSeconds),
    ...(error === undefined ? {} : { error }),
  };
}
