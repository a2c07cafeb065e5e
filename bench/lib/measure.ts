/**
 * Timing and memory helpers for the benchmarks. The machine is shared and noisy, so a measurement
 * is the best of a few interleaved runs, timed by the wall clock and by CPU time (which other
 * processes hardly disturb).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Stop repeating once this much time has gone into one measurement (a long run counts once). */
const REPEAT_BUDGET_SECONDS = 10;
/** Best of at most this many runs: enough to shed most scheduler noise on a shared machine. */
const MAX_RUNS = 3;
/** Pause after a collection (memory readings only): freed buffers get accounted meanwhile. */
const SETTLE_MS = 50;

setFlagsFromString('--expose-gc');
/** V8's full collector, reachable without starting Node with --expose-gc. */
const collectGarbage = runInNewContext('gc') as () => void;

export type Task = () => number | Promise<number>;

export type Timing =
  | {
      readonly ok: true;
      /** What the runs returned (the leaf count); every run must agree. */
      readonly nodes: number;
      /** The fastest run by the wall clock. */
      readonly seconds: number;
      /** The fastest run by the process's CPU time (user + system, all threads). */
      readonly cpuSeconds: number;
      readonly runs: number;
    }
  | { readonly ok: false; readonly error: string };

interface Tally {
  nodes: number;
  seconds: number;
  cpuSeconds: number;
  spent: number;
  runs: number;
  error?: string;
}

/** A full collection, then a pause for the background sweeper and the array-buffer accounting. */
async function quiesce(): Promise<void> {
  collectGarbage();
  await new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS));
}

/**
 * One timed run. No forced collection first: after each forced full GC our engine's next run was
 * 2–3× slower (startpos perft(4), Node 20), as if its optimized code had been dropped. A
 * collection that a contender's own allocation triggers is part of its cost anyway.
 */
async function runOnce(task: Task, tally: Tally): Promise<void> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const nodes = await task();
  const cpu = process.cpuUsage(cpuStart);
  const seconds = (performance.now() - start) / 1000;
  if (tally.runs > 0 && nodes !== tally.nodes) {
    throw new Error(`a repeated run counted ${nodes} nodes, an earlier one ${tally.nodes}`);
  }
  tally.nodes = nodes;
  tally.seconds = Math.min(tally.seconds, seconds);
  tally.cpuSeconds = Math.min(tally.cpuSeconds, (cpu.user + cpu.system) / 1e6);
  tally.spent += seconds;
  tally.runs += 1;
}

/**
 * Times every task, best of up to MAX_RUNS runs each, in rounds: one run of each task per round,
 * so load that comes and goes on a shared machine hits all of them alike and their ratios hold.
 * A task drops out once it has spent REPEAT_BUDGET_SECONDS, or on its first error.
 */
export async function bestOfInterleaved(
  tasks: readonly Task[],
  onRun: (index: number, round: number) => void = () => {},
): Promise<Timing[]> {
  const tallies = tasks.map((): Tally => ({
    nodes: 0,
    seconds: Infinity,
    cpuSeconds: Infinity,
    spent: 0,
    runs: 0,
  }));
  for (let round = 0; round < MAX_RUNS; round++) {
    for (const [i, task] of tasks.entries()) {
      const tally = tallies[i]!;
      if (tally.error !== undefined || tally.spent >= REPEAT_BUDGET_SECONDS) continue;
      onRun(i, round);
      try {
        await runOnce(task, tally);
      } catch (error) {
        tally.error = error instanceof Error ? error.message : String(error);
      }
    }
  }
  return tallies.map(({ nodes, seconds, cpuSeconds, runs, error }) =>
    error === undefined ? { ok: true, nodes, seconds, cpuSeconds, runs } : { ok: false, error },
  );
}

/**
 * Collects garbage until the heap stops shrinking: array buffers are released by a background
 * sweeper after the collection, so one call can leave earlier garbage counted.
 */
async function settledHeapBytes(): Promise<number> {
  let previous = Infinity;
  for (;;) {
    await quiesce();
    const { heapUsed, external } = process.memoryUsage();
    const bytes = heapUsed + external;
    if (bytes >= previous) return bytes;
    previous = bytes;
  }
}

/** Bytes that keeping `count` results of `create` alive adds to the JS heap and array buffers. */
export async function heapBytesPerInstance(create: () => unknown, count = 100): Promise<number> {
  const before = await settledHeapBytes();
  const kept = Array.from({ length: count }, create);
  const after = await settledHeapBytes();
  kept.length = 0; // released only now, after the second reading
  return Math.round((after - before) / count);
}
