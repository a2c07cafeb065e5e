/**
 * Does every move stay within byoyomi? Starts the USI engine as a GUI would (bin/yomi-usi), plays
 * games from a few middle-game positions at `go btime 0 wtime 0 byoyomi <ms>` (the engine plays
 * both sides), and reports the wall time from writing `go` to reading `bestmove`: median, p99,
 * max, and how many moves took longer than the byoyomi (each of which a GUI that enforces byoyomi
 * scores as a loss on time). `--load N` starts N busy-looping node processes beside it, to
 * measure on a loaded machine.
 *
 *   npm run usi:overrun -- [--moves 300] [--load 2] [--byoyomi 1000] [--margin 300] [--json]
 *
 * Not a test: it takes about a second per move, and its numbers depend on the machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import bench from '../test/fixtures/bench-positions.json' with { type: 'json' };
import { DEFAULT_TIME_MARGIN_MS } from '../src/engine/usi/time';
import { readArgs } from './lib/cli';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ENGINE = fileURLToPath(new URL('../bin/yomi-usi', import.meta.url));
/** Middle games among the bench positions (test/fixtures/bench-positions.json gives sources). */
const START_NAMES = [
  'static rook vs ranging rook',
  'bishop exchange',
  'quiet middle game',
  'self-play middle game',
];
/** Plies of one game before the next start position (and a `usinewgame`, as a GUI sends). */
const PLIES_PER_GAME = 30;
/** Starting node with tsx and the worker thread takes a few seconds on a busy machine. */
const STARTUP_TIMEOUT_MS = 60_000;
/** A move that has not answered after this long has hung: the run stops and says so. */
const MOVE_TIMEOUT_MS = 30_000;
/**
 * This script's own timer ticks this often. How late a tick comes shows how long the machine
 * kept a process that merely waits (as the engine's main thread does) from running: a late tick
 * during a slow move says the machine stalled, not the engine.
 */
const TICK_MS = 5;

function fail(message: string): never {
  console.error(`usi-overrun: ${message}`);
  process.exit(2);
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    fail(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return n;
}

const { values } = readArgs(
  'usi-overrun',
  {
    options: {
      moves: { type: 'string', default: '300' },
      load: { type: 'string', default: '0' },
      byoyomi: { type: 'string', default: '1000' },
      margin: { type: 'string', value: 'MS' },
      json: { type: 'boolean', default: false },
    },
  },
  [
    'usage: npm run usi:overrun -- [--moves 300] [--load N] [--byoyomi 1000]',
    '         [--margin ms] [--json]',
    '  --load N    start N busy-looping node processes for the length of the run',
    `  --margin    set TimeMargin (default: the engine's, ${DEFAULT_TIME_MARGIN_MS} ms)`,
  ].join('\n'),
);
const moveCount = wholeNumber('moves', values.moves, 1, 100_000);
const loadCount = wholeNumber('load', values.load, 0, 64);
const byoyomi = wholeNumber('byoyomi', values.byoyomi, 1, 600_000);
const margin = values.margin === undefined ? null : wholeNumber('margin', values.margin, 0, 10_000);

const starts = START_NAMES.map((name) => {
  const p = bench.positions.find((q) => q.name === name);
  if (!p) fail(`test/fixtures/bench-positions.json has no position "${name}"`);
  return p.sfen;
});

/** The engine as a child process: send lines, wait for the next line that matches. */
class Engine {
  private readonly child: ChildProcess;
  private readonly queue: string[] = [];
  private waiter: (() => void) | null = null;
  /** The last `info` line before the answer, for the report of the slowest moves. */
  lastInfo = '';
  /** When (performance.now) the first and the last `info` line since `resetInfo` arrived. */
  firstInfoAt: number | null = null;
  lastInfoAt: number | null = null;
  exited = false;

  constructor() {
    this.child = spawn(ENGINE, [], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.on('exit', () => {
      this.exited = true;
      this.waiter?.();
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      this.queue.push(line);
      this.waiter?.();
    });
  }

  send(line: string): void {
    this.child.stdin!.write(`${line}\n`);
  }

  resetInfo(): void {
    this.lastInfo = '';
    this.firstInfoAt = null;
    this.lastInfoAt = null;
  }

  /** The first line from now on that matches, or an error after `timeoutMs`. */
  next(pattern: RegExp, timeoutMs: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = (): void => {
        while (this.queue.length > 0) {
          const line = this.queue.shift()!;
          if (line.startsWith('info ')) {
            this.lastInfo = line;
            this.lastInfoAt = performance.now();
            this.firstInfoAt ??= this.lastInfoAt;
          }
          if (pattern.test(line)) {
            clearTimeout(timer);
            this.waiter = null;
            return resolve(line);
          }
        }
        if (this.exited) {
          clearTimeout(timer);
          this.waiter = null;
          reject(new Error('the engine exited'));
        }
      };
      this.waiter = check;
      check();
    });
  }

  quit(): Promise<void> {
    if (this.exited) return Promise.resolve();
    this.send('quit');
    return new Promise((resolve) => this.child.on('exit', () => resolve()));
  }
}

/** N node processes that spin until killed: a loaded machine. */
function startLoad(count: number): ChildProcess[] {
  const spin = 'for (;;) {}';
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }),
  );
}

function stopLoad(load: ChildProcess[]): void {
  for (const child of load) if (child.exitCode === null) child.kill();
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface MoveTime {
  ms: number;
  /** The `time` of the last info line before bestmove (the search's own clock), if any. */
  lastInfoMs: number | null;
  /** Wall time from `go` to the first and the last info line, if any. */
  firstInfoWallMs: number | null;
  lastInfoWallMs: number | null;
  /** Which game (from 0) and which ply of it (0: the first `go` after `usinewgame`). */
  game: number;
  ply: number;
  /** The latest this script's own TICK_MS timer fired during the move, in ms past its time. */
  tickLateMs: number;
}

/** How late a repeating timer fires: the machine's stalls, as any waiting process sees them. */
class StallMeter {
  private last = performance.now();
  private worst = 0;
  private readonly timer = setInterval(() => {
    const now = performance.now();
    this.worst = Math.max(this.worst, now - this.last - TICK_MS);
    this.last = now;
  }, TICK_MS);

  /** The worst lateness since the last call, and start again. */
  take(): number {
    const worst = Math.max(this.worst, performance.now() - this.last - TICK_MS);
    this.worst = 0;
    return Math.max(0, worst);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

async function run(): Promise<void> {
  const load = startLoad(loadCount);
  const cleanUp = (): void => stopLoad(load);
  process.on('exit', cleanUp);
  process.on('SIGINT', () => process.exit(130));
  const loadBefore = loadavg()[0]!;
  const engine = new Engine();
  const stalls = new StallMeter();
  const times: MoveTime[] = [];
  try {
    engine.send('usi');
    await engine.next(/^usiok$/, STARTUP_TIMEOUT_MS);
    if (margin !== null) engine.send(`setoption name TimeMargin value ${margin}`);
    engine.send('isready');
    await engine.next(/^readyok$/, STARTUP_TIMEOUT_MS);
    let game = 0;
    while (times.length < moveCount) {
      const sfen = starts[game++ % starts.length]!;
      const moves: string[] = [];
      engine.send('usinewgame');
      for (let ply = 0; ply < PLIES_PER_GAME && times.length < moveCount; ply++) {
        const position = `sfen ${sfen}${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`;
        engine.send(`position ${position}`);
        engine.resetInfo();
        stalls.take();
        const t0 = performance.now();
        engine.send(`go btime 0 wtime 0 byoyomi ${byoyomi}`);
        const answer = await engine.next(/^bestmove /, MOVE_TIMEOUT_MS);
        const ms = performance.now() - t0;
        const infoTime = / time (\d+)/.exec(engine.lastInfo);
        const since = (at: number | null): number | null => (at === null ? null : round(at - t0));
        times.push({
          ms,
          lastInfoMs: infoTime ? Number(infoTime[1]) : null,
          firstInfoWallMs: since(engine.firstInfoAt),
          lastInfoWallMs: since(engine.lastInfoAt),
          game: game - 1,
          ply,
          tickLateMs: round(stalls.take()),
        });
        const move = answer.split(' ')[1]!;
        if (move === 'resign' || move === 'win') break;
        moves.push(move);
      }
    }
  } finally {
    stalls.stop();
    await engine.quit();
    cleanUp();
  }
  report(times, loadBefore, loadavg()[0]!);
}

function report(times: readonly MoveTime[], loadBefore: number, loadAfter: number): void {
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const over = times.filter((t) => t.ms > byoyomi);
  const summary = {
    moves: times.length,
    byoyomi,
    margin: margin ?? DEFAULT_TIME_MARGIN_MS,
    load: loadCount,
    loadavg: { before: round(loadBefore, 2), after: round(loadAfter, 2) },
    ms: {
      min: round(sorted[0]!),
      median: round(percentile(sorted, 50)),
      mean: round(sorted.reduce((s, t) => s + t, 0) / sorted.length),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1)!),
    },
    overByoyomi: over.length,
    /** Moves during which this script's own timer came more than 100 ms late. */
    stalledMoves: times.filter((t) => t.tickLateMs > 100).length,
    slowest: [...times]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((t) => ({ ...t, ms: round(t.ms) })),
  };
  if (values.json) return console.log(JSON.stringify(summary));
  const { ms } = summary;
  console.log(
    `${summary.moves} moves at byoyomi ${byoyomi} ms, TimeMargin ${summary.margin} ms, ` +
      `${loadCount} spinning processes (load average ${summary.loadavg.before} before, ` +
      `${summary.loadavg.after} after)`,
  );
  console.log(
    `go → bestmove ms: min ${ms.min}, median ${ms.median}, mean ${ms.mean}, p90 ${ms.p90}, ` +
      `p99 ${ms.p99}, max ${ms.max}`,
  );
  const share = ((100 * over.length) / times.length).toFixed(2);
  console.log(`over the byoyomi: ${over.length} of ${times.length} (${share} %)`);
  console.log(
    `moves during which this script's own ${TICK_MS} ms timer came over 100 ms late: ` +
      `${summary.stalledMoves}`,
  );
  console.log(
    'slowest (wall ms from go to the first and the last info line, the last info line’s own ' +
      'time, and how late this script’s timer came meanwhile):',
  );
  for (const t of summary.slowest) {
    const info =
      t.lastInfoMs === null
        ? 'no info line'
        : `info at ${t.firstInfoWallMs}…${t.lastInfoWallMs} ms, time ${t.lastInfoMs}`;
    console.log(
      `  ${t.ms} ms: game ${t.game} ply ${t.ply}, ${info}; timer ${t.tickLateMs} ms late`,
    );
  }
}

const round = (x: number, digits = 0): number => Number(x.toFixed(digits));

run().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
