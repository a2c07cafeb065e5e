/**
 * The perft benchmark: our engine against tsshogi, shogiops and Fairy-Stockfish on the same
 * positions in one process, so the ratios of one run are comparable.
 *
 *   npm run bench:perft                      # tables on stdout
 *   npm run -s bench:perft -- --json > r.json  # tables on stderr, JSON summary on stdout
 *   npm run bench:perft -- --peer-bulk       # also time tsshogi and shogiops in bulk mode
 *   npm run bench:perft -- --only matsuri    # one position (comma-separated names)
 *
 * Nodes are leaves of the perft tree; nodes/s is leaves per second of CPU time, so bulk counting
 * (the last ply counted, not made) scores far higher than leaf counting and is only compared with
 * bulk. CPU time rather than wall time because the machines this runs on are shared: other
 * processes stretch the wall clock, hardly the CPU time. Fairy-Stockfish runs on a worker thread
 * of this process while the main thread idles, so the process's CPU time is its time too.
 */
import { cpus } from 'node:os';
import { ourContenders, peerContenders, stopPeers, type Contender } from './perft-contenders';
import { benchPositions, type BenchPosition } from './perft-positions';
import { measureMemory } from './perft-memory';
import {
  attachRatios,
  checkCell,
  memoryTable,
  positionTable,
  ratioTable,
  type Measurement,
} from './perft-report';
import { bestOfInterleaved, type Task } from './lib/measure';

interface Options {
  readonly json: boolean;
  readonly peerBulk: boolean;
  readonly only: readonly string[] | null;
}

function parseOptions(args: readonly string[]): Options {
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter(Boolean) : null;
  return { json: args.includes('--json'), peerBulk: args.includes('--peer-bulk'), only };
}

const options = parseOptions(process.argv.slice(2));
/** With --json, stdout carries only the JSON; everything for people goes to stderr. */
const say = (text: string): void => {
  (options.json ? process.stderr : process.stdout).write(`${text}\n`);
};
const progress = (text: string): void => {
  process.stderr.write(`  … ${text}\n`);
};

function depthsFor(contender: Contender, position: BenchPosition): number[] {
  if (contender.ours) return [...new Set([position.depth, position.peerDepth])];
  return [contender.slow ? position.peerDepth : position.depth];
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Warms every contender up (JIT, engine load), then times them all, interleaved. */
async function measurePosition(
  position: BenchPosition,
  contenders: readonly Contender[],
): Promise<Measurement[]> {
  const entries = contenders.flatMap((contender) =>
    depthsFor(contender, position).map((depth) => ({ contender, depth })),
  );
  const label = ({ contender, depth }: (typeof entries)[number]): string =>
    `${position.name} d${depth} ${contender.engine} (${contender.counting})`;
  const tasks: Task[] = [];
  for (const entry of entries) {
    progress(`warm-up: ${label(entry)}`);
    const { contender, depth } = entry;
    try {
      await contender.perft(position.sfen, Math.max(1, depth - 1));
      tasks.push(() => contender.perft(position.sfen, depth));
    } catch (error) {
      tasks.push(() => {
        throw new Error(errorMessage(error));
      });
    }
  }
  const timings = await bestOfInterleaved(tasks, (i, round) => {
    progress(`run ${round + 1}: ${label(entries[i]!)}`);
  });
  return entries.map(({ contender, depth }, i): Measurement => {
    const timing = timings[i]!;
    const expected = position.expected[depth - 1] ?? null;
    const base = {
      position: position.name,
      engine: contender.engine,
      counting: contender.counting,
      method: contender.method,
      depth,
      expected,
    };
    if (!timing.ok) {
      const failed = {
        nodes: null,
        ok: false,
        seconds: null,
        cpuSeconds: null,
        runs: 0,
        nodesPerSecond: null,
      };
      return { ...base, ...failed, error: timing.error };
    }
    return {
      ...base,
      nodes: timing.nodes,
      ok: timing.nodes === expected,
      seconds: timing.seconds,
      cpuSeconds: timing.cpuSeconds,
      runs: timing.runs,
      nodesPerSecond: timing.nodes / timing.cpuSeconds,
    };
  });
}

async function main(): Promise<void> {
  const positions = benchPositions().filter((p) => options.only?.includes(p.name) ?? true);
  const contenders = [...ourContenders(), ...peerContenders(options.peerBulk)];
  say(`perft benchmark — Node ${process.versions.node}, ${cpus()[0]?.model ?? 'unknown CPU'}`);
  say('nodes = leaves; nodes/s = nodes / cpu s (CPU time barely notices other processes);');
  say('bulk rows compare with bulk, leaf rows with leaf; best of up to 3 runs, interleaved\n');

  const measurements: Measurement[] = [];
  try {
    for (const position of positions) {
      const rows = await measurePosition(position, contenders);
      rows.sort((a, b) => b.depth - a.depth);
      attachRatios(rows);
      measurements.push(...rows);
      say(`${position.name}: ${position.sfen}`);
      say(`${positionTable(rows)}\n`);
    }
  } finally {
    await stopPeers();
  }

  say('ours ÷ peer, nodes/s on the same position, depth and counting (above 1: ours is faster)');
  say(`${ratioTable(measurements, positions)}\n`);
  const memory = await measureMemory();
  say('memory');
  say(`${memoryTable(memory)}\n`);

  const failures = measurements.filter((m) => !m.ok);
  if (failures.length > 0) {
    say(`!!! ${failures.length} measurement(s) with a wrong or missing node count:`);
    for (const m of failures)
      say(`!!!   ${m.position} d${m.depth} ${m.engine} ${m.counting}: ${checkCell(m)}`);
    process.exitCode = 1;
  }
  if (options.json) {
    const summary = {
      benchmark: 'perft',
      date: new Date().toISOString(),
      node: process.versions.node,
      cpu: cpus()[0]?.model ?? null,
      positions,
      measurements,
      memory,
      failures: failures.length,
    };
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  }
}

await main();
