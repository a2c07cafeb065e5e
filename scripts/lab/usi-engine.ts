/**
 * A USI engine in a child process, run as a shogi GUI runs one: started and its options set (`usi`
 * → `usiok`, `setoption`, `isready` → `readyok`), then asked for moves and told when games begin
 * and end by its player (usi-player.ts), and quit. Every line sent to it and every line it prints
 * is kept with the time, for the game's log. Every wait has a timeout: an engine that ends or
 * stops answering is reported (EngineError), never waited on forever.
 *
 * The engine starts in its own directory (engines find their evaluation files and books there, as
 * GUIs start them) and in its own process group, so that Ctrl-C reaches the match runner only and
 * the runner quits the engine in order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { PIECE_VALUE } from '../../src/engine/eval/material';
import { EVAL_LIMIT, mateIn, matedIn } from '../../src/engine/search/score';
import { err, Kind, ok, type Result } from '../../src/engine/types';

// #region usi-timeouts
/** How long each answer is awaited, in milliseconds, each with its reason. */
export const USI_TIMEOUTS = {
  /**
   * `usi` → `usiok`: a native engine answers at once; ours starts Node and compiles TypeScript
   * first, 1–2 s on a loaded machine.
   */
  usiokMs: 15_000,
  /** `isready` → `readyok`: engines load evaluation files and clear their hash tables here. */
  readyokMs: 30_000,
  /**
   * A move with no clock (a node, depth or movetime limit): the matches' limits take well under
   * a second, so a minute means the engine hangs.
   */
  unclockedMoveMs: 60_000,
  /**
   * After a move ran past its time, `stop` is sent and the `bestmove` awaited this long before
   * the process is killed (a new one starts for the next game).
   */
  stopMs: 2_000,
  /** After `quit`, the process is given this long to end before it is killed. */
  quitMs: 1_000,
};
export type UsiTimeouts = typeof USI_TIMEOUTS;
// #endregion

/** A USI engine to run: the program, the options to set, how to read its scores. */
export interface UsiEngineConfig {
  path: string;
  options: Record<string, string>;
  /** What the engine's `score cp` calls a pawn (100 by the USI convention). */
  cpPerPawn: number;
  timeouts: UsiTimeouts;
}

/** Why an engine could not do what was asked: it ended (`engine-crash`) or did not answer. */
export class EngineError extends Error {
  constructor(
    readonly end: 'engine-crash' | 'engine-timeout',
    message: string,
  ) {
    super(message);
  }
}

/** One line of an engine's log: when (ms from the log's start), which way, the text. */
interface LogLine {
  ms: number;
  /** `>` sent to the engine, `<` printed by it, `!` printed on its stderr, `#` the runner's note. */
  dir: '>' | '<' | '!' | '#';
  text: string;
}

/** How many of the engine's last lines a fault keeps. */
const LAST_LINES = 8;

/**
 * What passed between the runner and an engine during one game, with the time of each line; it
 * outlives a process that crashed, so the restart is in the same game's log.
 */
export class EngineLog {
  private start = performance.now();
  private lines: LogLine[] = [];

  /** Start a new log: times count from now. */
  restart(): void {
    this.start = performance.now();
    this.lines = [];
  }

  record(dir: LogLine['dir'], text: string): void {
    this.lines.push({ ms: performance.now() - this.start, dir, text });
  }

  /** The log as text, one line each: `   1234 < bestmove 7g7f`. */
  text(): string {
    return this.lines.map((l) => `${l.ms.toFixed(0).padStart(7)} ${l.dir} ${l.text}\n`).join('');
  }

  /** The last lines the engine printed (stdout and stderr), for a fault's report. */
  lastLines(): string[] {
    return this.lines
      .filter((l) => l.dir === '<' || l.dir === '!')
      .slice(-LAST_LINES)
      .map((l) => l.text);
  }
}

interface Waiter {
  /** Sees every line the engine prints; true ends the wait with that line. */
  test: (line: string) => boolean;
  resolve: (line: string) => void;
  reject: (error: EngineError) => void;
}

export class UsiEngine {
  private child: ChildProcess | null = null;
  private ended: string | null = null;
  private waiter: Waiter | null = null;
  /** `id name` and `id author`, and the options the engine declared, as it said at `usi`. */
  id = { name: '', author: '' };
  declaredOptions: string[] = [];

  private constructor(
    readonly config: UsiEngineConfig,
    readonly log: EngineLog,
  ) {}

  /** Start the engine and set its options; throws EngineError naming the program and the step. */
  static async start(config: UsiEngineConfig, log = new EngineLog()): Promise<UsiEngine> {
    const engine = new UsiEngine(config, log);
    try {
      engine.spawn();
      await engine.handshake();
    } catch (error) {
      engine.kill();
      const e = error as EngineError;
      throw new EngineError(e.end ?? 'engine-crash', `${config.path}: ${e.message}`);
    }
    return engine;
  }

  get alive(): boolean {
    return this.child !== null && this.ended === null;
  }

  send(line: string): void {
    this.record('>', line);
    if (this.alive) this.child!.stdin!.write(`${line}\n`);
  }

  /**
   * Wait for a line that passes `test` (which sees every line, so it may also collect them), for
   * at most `timeoutMs`. Rejects if the engine ends first or the time runs out, naming `what`.
   */
  waitFor(test: (line: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    if (!this.alive)
      return Promise.reject(new EngineError('engine-crash', `${what}: the engine ${this.ended}`));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new EngineError('engine-timeout', `no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        test,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  /** `isready` → `readyok`. */
  async isReady(): Promise<void> {
    this.send('isready');
    await this.waitFor((l) => l === 'readyok', this.config.timeouts.readyokMs, 'readyok');
  }

  /** `quit`, and the process's end; killed if it does not end in time. */
  async quit(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise<void>((resolve) => this.child!.once('exit', () => resolve()));
    this.send('quit');
    const timer = setTimeout(() => this.kill(), this.config.timeouts.quitMs);
    await exited;
    clearTimeout(timer);
  }

  /** End the process now (SIGKILL); from here on it counts as ended. */
  kill(): void {
    if (!this.alive) return;
    this.child!.kill('SIGKILL');
    this.markEnded('was killed by the runner');
  }

  /** The process ended (or is being killed): note how, and fail the wait under way. */
  private markEnded(how: string): void {
    if (this.ended !== null) return;
    this.ended = how;
    this.record('#', `the engine ${how}`);
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(new EngineError('engine-crash', `the engine ${how}`));
  }

  private record(dir: LogLine['dir'], text: string): void {
    this.log.record(dir, text);
  }

  private spawn(): void {
    const program = resolve(this.config.path);
    const child = spawn(program, [], {
      cwd: dirname(program),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    child.on('error', (error) => this.markEnded(`could not be run (${error.message})`));
    child.on('exit', (code, signal) =>
      this.markEnded(signal ? `was ended by ${signal}` : `exited with code ${code}`),
    );
    // A write after the engine died fails here; its end is reported by 'exit'.
    child.stdin.on('error', () => undefined);
    createInterface({ input: child.stdout }).on('line', (line) => {
      this.record('<', line);
      const waiter = this.waiter;
      if (waiter?.test(line)) {
        this.waiter = null;
        waiter.resolve(line);
      }
    });
    createInterface({ input: child.stderr }).on('line', (line) => this.record('!', line));
  }

  /** `usi` → `id` and `option` lines → `usiok`; the options set; `isready` → `readyok`. */
  private async handshake(): Promise<void> {
    this.send('usi');
    await this.waitFor(
      (line) => {
        const id = /^id (name|author) (.*)$/.exec(line);
        if (id) this.id[id[1] as 'name' | 'author'] = id[2]!.trim();
        const option = /^option name (\S+)/.exec(line);
        if (option) this.declaredOptions.push(option[1]!);
        return line === 'usiok';
      },
      this.config.timeouts.usiokMs,
      'usiok',
    );
    for (const [name, value] of Object.entries(this.config.options))
      this.send(`setoption name ${name} value ${value}`);
    await this.isReady();
  }
}

/**
 * Start an engine once before a match, so that a program that will not run fails the match before
 * it begins: what it says it is, and an error naming any option it does not declare (the USI_
 * options are the GUI's own and need no declaration). Quits it again.
 */
export async function probeUsiEngine(
  config: UsiEngineConfig,
): Promise<Result<{ name: string; author: string }>> {
  let engine: UsiEngine;
  try {
    engine = await UsiEngine.start(config);
  } catch (error) {
    return err(`could not start the USI engine ${(error as Error).message}`);
  }
  await engine.quit();
  const declared = new Set(engine.declaredOptions.map((o) => o.toLowerCase()));
  const unknown = Object.keys(config.options).filter(
    (name) => !name.startsWith('USI_') && !declared.has(name.toLowerCase()),
  );
  if (unknown.length > 0)
    return err(
      `${config.path} has no option ${unknown.join(', ')} ` +
        `(its options: ${engine.declaredOptions.join(', ') || 'none'})`,
    );
  return ok(engine.id);
}

// #region read-score
/** Our engine's pawn: a score's units (Bonanza's; YaneuraOu's PawnValue is the same 90). */
const PAWN = PIECE_VALUE[Kind.Pawn]!;

/**
 * The score of an `info` line, in our units (a pawn is 90; mates as our search writes them, from
 * the side to move), or null for a line without one or a line of a second principal variation.
 * `score cp N` is scaled from the engine's pawn (`cpPerPawn`) to ours and kept within our
 * evaluations' range; `score mate N` is a mate in N plies (negative: being mated), and `mate +`,
 * `mate -` (or `-0`) a mate of unknown length.
 */
export function readInfoScore(line: string, cpPerPawn: number): number | null {
  if (!line.startsWith('info ')) return null;
  const multipv = /\smultipv (\d+)/.exec(line);
  if (multipv && multipv[1] !== '1') return null;
  const m = /\sscore (cp|mate) (\S+)/.exec(line);
  if (!m) return null;
  const text = m[2]!;
  if (m[1] === 'cp') {
    if (!/^[+-]?\d+$/.test(text)) return null;
    const value = Math.round((Number(text) * PAWN) / cpPerPawn);
    return Math.max(-EVAL_LIMIT, Math.min(EVAL_LIMIT, value));
  }
  if (!/^[+-]?\d*$/.test(text)) return null;
  const losing = text.startsWith('-');
  const plies = Math.abs(Number(text.replace(/^[+-]/, '') || '0'));
  return losing ? matedIn(plies) : mateIn(Math.max(1, plies));
}
// #endregion
