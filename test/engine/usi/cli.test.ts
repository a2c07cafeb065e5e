/**
 * The USI command line (scripts/usi.ts) as a GUI sees it: a child process spoken to on stdin.
 * The handshake, searches in the worker thread, `stop` answered promptly, errors that leave
 * the engine running, `quit`, a GUI's session with pondering, and a short game against itself
 * in which every bestmove is legal.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parsePositionCommand, parseUsiMove } from '../../../src/engine/index';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Starting Node with tsx and a worker thread takes a second or two on a busy machine. */
const TIMEOUT_MS = 60_000;

/** A running engine: send lines, wait for lines. */
class EngineProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  private cursor = 0;
  private waiter: (() => void) | null = null;
  private partial = '';
  stderr = '';

  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'scripts/usi.ts'], { cwd: ROOT });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop()!;
      this.lines.push(...parts);
      this.waiter?.();
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
  }

  send(...lines: string[]): void {
    for (const line of lines) this.child.stdin.write(`${line}\n`);
  }

  /** The lines after the last `expect`, up to and including the first that matches. */
  expect(pattern: RegExp, timeoutMs = 20_000): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        const seen = this.lines.slice(this.cursor).join('\n');
        reject(
          new Error(
            `no line matching ${pattern} in ${timeoutMs} ms; got:\n${seen}\n${this.stderr}`,
          ),
        );
      }, timeoutMs);
      const check = (): void => {
        const i = this.lines.findIndex((l, k) => k >= this.cursor && pattern.test(l));
        if (i < 0) return;
        clearTimeout(timer);
        this.waiter = null;
        const got = this.lines.slice(this.cursor, i + 1);
        this.cursor = i + 1;
        resolve(got);
      };
      this.waiter = check;
      check();
    });
  }

  exited(): Promise<number | null> {
    if (this.child.exitCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }
}

let engines: EngineProcess[] = [];
const start = (): EngineProcess => {
  const e = new EngineProcess();
  engines.push(e);
  return e;
};
afterEach(() => {
  for (const e of engines) if (e.child.exitCode === null) e.child.kill();
  engines = [];
});

const mustPosition = (text: string) => {
  const r = parsePositionCommand(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('usi command line', () => {
  it(
    'does the handshake and answers isready',
    async () => {
      const e = start();
      e.send('usi');
      const lines = await e.expect(/^usiok$/);
      expect(lines[0]).toBe('id name Yomi');
      expect(lines.some((l) => l.startsWith('option name USI_Hash type spin'))).toBe(true);
      e.send('isready');
      await e.expect(/^readyok$/);
      e.send('quit');
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'searches to depth 3 in the worker and answers a legal bestmove',
    async () => {
      const e = start();
      e.send('isready');
      await e.expect(/^readyok$/);
      e.send('position startpos moves 7g7f', 'go depth 3');
      const lines = await e.expect(/^bestmove /);
      const depths = lines.filter((l) => l.startsWith('info depth')).map((l) => l.split(' ')[2]);
      expect(depths).toEqual(['1', '2', '3']);
      const move = lines.at(-1)!.split(' ')[1]!;
      expect(parseUsiMove(mustPosition('startpos moves 7g7f'), move).ok).toBe(true);
      e.send('quit');
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'answers stop during go infinite with a bestmove within a short time',
    async () => {
      const e = start();
      e.send('isready');
      await e.expect(/^readyok$/);
      e.send('position startpos', 'go infinite');
      await e.expect(/^info depth 3 /);
      const t0 = performance.now();
      e.send('stop');
      const lines = await e.expect(/^bestmove /);
      const ms = performance.now() - t0;
      expect(ms).toBeLessThan(1000); // typically 5–50 ms; generous for a loaded machine
      expect(parseUsiMove(mustPosition('startpos'), lines.at(-1)!.split(' ')[1]!).ok).toBe(true);
      e.send('quit');
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'reports a malformed command and keeps answering; a malformed go still answers by itself',
    async () => {
      const e = start();
      e.send('go depth banana', 'position startpos moves 9z9z', 'frobnicate', 'isready');
      const lines = await e.expect(/^readyok$/);
      const messages = lines.filter((l) => l.startsWith('info string '));
      expect(messages).toHaveLength(4);
      expect(messages[0]).toBe('info string go: depth needs a whole number, got "banana"; ignored');
      expect(messages[1]).toBe(
        'info string go: no limit left that could be read; searching 1000 ms',
      );
      // No stop: the GUI that meant a limited search gets its answer after the fallback second.
      const answer = await e.expect(/^bestmove /);
      expect(parseUsiMove(mustPosition('startpos'), answer.at(-1)!.split(' ')[1]!).ok).toBe(true);
      e.send('gameover', 'isready');
      expect(await e.expect(/^readyok$/)).toEqual(['readyok']);
      e.send('quit');
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'answers a go that comes while searching: the running search first, then the new one',
    async () => {
      const e = start();
      e.send('isready');
      await e.expect(/^readyok$/);
      e.send('position startpos', 'go infinite');
      await e.expect(/^info depth 2 /);
      e.send('position startpos moves 7g7f', 'go depth 3');
      const first = await e.expect(/^bestmove /);
      expect(parseUsiMove(mustPosition('startpos'), first.at(-1)!.split(' ')[1]!).ok).toBe(true);
      const second = await e.expect(/^bestmove /);
      const depths = second.filter((l) => l.startsWith('info depth')).map((l) => l.split(' ')[2]);
      expect(depths).toEqual(['1', '2', '3']);
      const move = second.at(-1)!.split(' ')[1]!;
      expect(parseUsiMove(mustPosition('startpos moves 7g7f'), move).ok).toBe(true);
      e.send('quit');
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'thinks for the movetime it is given, less a small margin',
    async () => {
      const e = start();
      e.send('isready');
      await e.expect(/^readyok$/);
      e.send('position startpos moves 7g7f');
      const t0 = performance.now();
      e.send('go movetime 300');
      await e.expect(/^bestmove /);
      const ms = performance.now() - t0;
      // 300 ms less MOVETIME_MARGIN_MS (10); the old search gave up after about half.
      expect(ms).toBeGreaterThanOrEqual(280);
      expect(ms).toBeLessThan(300 + 1000); // generous for a loaded machine
      e.send('quit');
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'plays a session as a GUI runs it: options, a timed move, pondering, gameover, quit',
    async () => {
      const e = start();
      e.send('usi');
      await e.expect(/^usiok$/);
      e.send('setoption name USI_Hash value 256', 'setoption name USI_Ponder value true');
      e.send('isready');
      await e.expect(/^readyok$/);
      e.send('usinewgame', 'position startpos moves 7g7f');
      const t0 = performance.now();
      e.send('go btime 60000 wtime 60000 byoyomi 1000');
      const first = await e.expect(/^bestmove /);
      // The plan is 60000/50 + 1000 = 2200 ms, the hard stop three times that; iterative
      // deepening may stop earlier.
      expect(performance.now() - t0).toBeLessThan(3 * 2200 + 1000);
      const [, best, ponderWord, ponder] = first.at(-1)!.split(' ');
      expect(ponderWord).toBe('ponder');
      const moves = `startpos moves 7g7f ${best} ${ponder}`;
      expect(parsePositionCommand(moves).ok, `${moves}: best and ponder are legal`).toBe(true);
      // The GUI plays our move, guesses the reply, and lets us think on its time.
      e.send(`position ${moves}`, 'go ponder btime 57000 wtime 59000 byoyomi 1000');
      await e.expect(/^info depth 2 /);
      const t1 = performance.now();
      e.send('ponderhit');
      const second = await e.expect(/^bestmove /);
      expect(performance.now() - t1).toBeLessThan(3 * (57000 / 50 + 1000) + 1000);
      const reply = second.at(-1)!.split(' ')[1]!;
      expect(parseUsiMove(mustPosition(moves), reply).ok).toBe(true);
      e.send('gameover win', 'quit');
      expect(await e.exited()).toBe(0);
      expect(e.stderr).toBe('');
    },
    TIMEOUT_MS,
  );

  it(
    'plays 20 moves against itself, every bestmove legal',
    async () => {
      const e = start();
      e.send('usi', 'setoption name TimeMargin value 50', 'isready');
      await e.expect(/^readyok$/);
      e.send('usinewgame');
      const moves: string[] = [];
      for (let ply = 0; ply < 20; ply++) {
        const position = `startpos moves ${moves.join(' ')}`.trim();
        e.send(`position ${position}`, 'go btime 0 wtime 0 byoyomi 300');
        const answer = (await e.expect(/^bestmove /)).at(-1)!;
        const move = answer.split(' ')[1]!;
        if (move === 'resign' || move === 'win') break;
        const legal = parseUsiMove(mustPosition(position), move);
        expect(legal.ok, `${position}: ${move}`).toBe(true);
        moves.push(move);
      }
      expect(moves.length).toBeGreaterThanOrEqual(10);
      e.send('gameover draw', 'quit');
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'exits with code 0 when its input ends',
    async () => {
      const e = start();
      e.send('position startpos', 'go depth 2');
      e.child.stdin.end();
      const lines = await e.expect(/^bestmove /);
      expect(lines.at(-1)).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'answers every command of a script piped in at once, quit included, then exits',
    async () => {
      const e = start();
      e.send('usi', 'isready', 'usinewgame', 'position startpos', 'go depth 3');
      e.send('usinewgame', 'position startpos moves 7g7f', 'go depth 3', 'quit');
      const lines = [...(await e.expect(/^bestmove /)), ...(await e.expect(/^bestmove /))];
      expect(lines.filter((l) => l === 'readyok')).toHaveLength(1);
      expect(lines.filter((l) => /^bestmove [1-9][a-i][1-9][a-i]/.test(l))).toHaveLength(2);
      expect(await e.exited()).toBe(0);
    },
    TIMEOUT_MS,
  );
});
