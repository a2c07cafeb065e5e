/**
 * A USI engine as a player of a match's games (game.ts's `Player`): one process per side in each
 * worker, kept from one game to the next (`isready`, `usinewgame`) and started again when it
 * died. Each move is `position … moves …` and `go …`; its time runs from `go` sent to `bestmove`
 * read, and its score is the last `info … score` before the `bestmove`. An engine that crashes,
 * does not answer, or will not start again loses the game it is in, and the match goes on.
 */
import { writeFileSync } from 'node:fs';
import {
  GameEnd,
  goCommand,
  type MoveReply,
  type MoveRequest,
  type Player,
} from '../../src/engine/lab/game';
import { clockFor } from '../../src/engine/usi/time';
import {
  EngineError,
  EngineLog,
  readInfoScore,
  UsiEngine,
  type UsiEngineConfig,
} from './usi-engine';

/** The move of a `bestmove` line (`bestmove 7g7f ponder 3c3d`): a move, `resign` or `win`. */
const bestmoveOf = (line: string): string => line.split(/\s+/)[1] ?? '';

export class UsiPlayer implements Player {
  private engine: UsiEngine | null = null;
  private readonly log = new EngineLog();
  /** Why the engine cannot play this game, found before its first move. */
  private broken: EngineError | null = null;

  constructor(readonly config: UsiEngineConfig) {}

  /** A game begins: a new log; the engine started (again) if need be, and told. */
  async newGame(): Promise<void> {
    this.log.restart();
    this.broken = null;
    try {
      if (this.engine?.alive) await this.engine.isReady();
      else {
        if (this.engine) this.log.record('#', 'the engine is started again');
        this.engine = null;
        this.engine = await UsiEngine.start(this.config, this.log);
      }
      this.engine.send('usinewgame');
    } catch (error) {
      this.engine?.kill();
      const e = error as EngineError;
      this.broken = new EngineError(
        e.end,
        e.message.startsWith(this.config.path) ? e.message : `${this.config.path}: ${e.message}`,
      );
      this.log.record('#', this.broken.message);
    }
  }

  async move(request: MoveRequest): Promise<MoveReply> {
    const engine = this.engine;
    if (this.broken || !engine) {
      const message = this.broken?.message ?? `${this.config.path}: not started`;
      return { kind: 'failure', end: this.broken?.end ?? 'engine-crash', message, timeMs: 0 };
    }
    const clock = clockFor(request.go, request.side);
    // On a clock, past main time and byoyomi the move is lost anyway: stop waiting there.
    const waitMs = clock ? clock.time + clock.byoyomi : this.config.timeouts.unclockedMoveMs;
    let score: number | null = null;
    const untilBestmove = (line: string): boolean => {
      score = readInfoScore(line, this.config.cpPerPawn) ?? score;
      return line === 'bestmove' || line.startsWith('bestmove ');
    };
    engine.send(`position ${request.usiPosition}`);
    const start = performance.now();
    engine.send(goCommand(request.go));
    const elapsed = (): number => performance.now() - start;
    try {
      const line = await engine.waitFor(untilBestmove, waitMs, 'bestmove');
      return { kind: 'move', move: bestmoveOf(line), score, timeMs: elapsed() };
    } catch (error) {
      const e = error as EngineError;
      if (e.end === 'engine-crash')
        return {
          kind: 'failure',
          end: 'engine-crash',
          message: `${this.config.path}: ${e.message}`,
          timeMs: elapsed(),
        };
    }
    // No bestmove in time: ask for one, so that the process can play the next game.
    engine.send('stop');
    try {
      const line = await engine.waitFor(untilBestmove, this.config.timeouts.stopMs, 'bestmove');
      // On a clock the game judges the late move (a loss on time, with how late it was).
      if (clock) return { kind: 'move', move: bestmoveOf(line), score, timeMs: elapsed() };
      const message = `${this.config.path}: no bestmove within ${waitMs} ms (no clock); it answered stop`;
      return { kind: 'failure', end: 'engine-timeout', message, timeMs: elapsed() };
    } catch {
      engine.kill();
      const message =
        `${this.config.path}: no bestmove within ${Math.round(waitMs)} ms, nor ` +
        `${this.config.timeouts.stopMs} ms after stop; the engine was killed`;
      const end = clock ? GameEnd.Time : 'engine-timeout';
      return { kind: 'failure', end, message, timeMs: elapsed() };
    }
  }

  /** The game is over: tell the engine (`gameover win|lose|draw`) and write its log, if asked. */
  gameOver(result: 'win' | 'lose' | 'draw', logFile: string | null): void {
    if (this.engine?.alive) this.engine.send(`gameover ${result}`);
    if (logFile) writeFileSync(logFile, this.log.text());
  }

  /** The last lines the engine printed, for a fault's report. */
  lastLines(): string[] {
    return this.log.lastLines();
  }

  async quit(): Promise<void> {
    await this.engine?.quit();
    this.engine = null;
  }
}
