/**
 * USI engines as sides of a match: a fake engine (test/fixtures/usi/fake-usi.ts, the first legal
 * move, failing on request) drives each way an engine can fail — it crashes, hangs, plays an
 * illegal or unparsable move, resigns, is too slow for the byoyomi, never answers `usiok` or
 * `readyok`, is not there — and each ends that game as its loss while the match goes on; every
 * game's log is written. Our own engine plays a short match through bin/yomi-usi.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GameEnd, PlayerEnd } from '../../src/engine/lab/game';
import { planGames, type MatchSettings } from '../../src/engine/lab/match';
import { matedIn, mateIn } from '../../src/engine/search/score';
import { parseMatchArgs } from '../../scripts/lab/match-args';
import { readOpenings } from '../../scripts/lab/openings-file';
import { runMatch } from '../../scripts/lab/run-match';
import { identifySides } from '../../scripts/lab/sides';
import { readInfoScore, USI_TIMEOUTS } from '../../scripts/lab/usi-engine';
import { UsiPlayer } from '../../scripts/lab/usi-player';
import { parsePositionCommand } from '../../src/engine/index';

const FAKE = 'test/fixtures/usi/fake-usi.ts';
const SILENT = 'test/fixtures/usi/silent-usi.sh';
/** Short waits, so that a hanging engine costs the tests a second, not a minute. */
const TIMEOUTS = {
  ...USI_TIMEOUTS,
  usiokMs: 5000,
  readyokMs: 3000,
  unclockedMoveMs: 600,
  stopMs: 400,
};

const dir = mkdtempSync(join(tmpdir(), 'yomi-usi-match-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function matchOpenings() {
  const openings = readOpenings('src/data/openings.json');
  if (typeof openings === 'string') throw new Error(openings);
  return openings;
}
const openings = matchOpenings();

const settingsOf = (argv: string[]): MatchSettings => {
  const args = parseMatchArgs([...argv, '--logs', dir]);
  if (!args.ok) throw new Error(args.error);
  return args.value.settings;
};

/** Play a match and return its games; `logs` names a fresh directory for its logs. */
async function play(argv: string[], logs = mkdtempSync(join(dir, 'logs-'))) {
  const identified = await identifySides(settingsOf(argv), TIMEOUTS);
  if (!identified.ok) throw new Error(identified.error);
  const settings = identified.value;
  const run = await runMatch(settings, planGames(openings, settings), {
    workers: 1,
    logsDir: logs,
    usiTimeouts: TIMEOUTS,
  });
  return { settings, games: run.games, logs };
}

const fake = (flag: 'a' | 'b', ...options: string[]): string[] => [
  `--${flag}`,
  `usi:${FAKE}`,
  ...options.flatMap((o) => [`--${flag}-option`, o]),
];

describe('reading a USI engine', () => {
  it('reads info scores in our units: cp from the engine’s pawn, mates in plies', () => {
    expect(readInfoScore('info depth 9 score cp 100 nodes 5 pv 7g7f', 100)).toBe(90);
    expect(readInfoScore('info depth 9 score cp -90 lowerbound pv 7g7f', 90)).toBe(-90);
    expect(readInfoScore('info depth 9 score mate 5 pv 7g7f', 100)).toBe(mateIn(5));
    expect(readInfoScore('info depth 9 score mate -4 pv 7g7f', 100)).toBe(matedIn(4));
    expect(readInfoScore('info depth 9 score mate -0', 100)).toBe(matedIn(0));
    expect(readInfoScore('info depth 9 score mate +', 100)).toBe(mateIn(1));
    expect(readInfoScore('info depth 9 multipv 2 score cp 300', 100)).toBeNull();
    expect(readInfoScore('info string score cp is what we print', 100)).toBeNull();
    expect(readInfoScore('bestmove 7g7f', 100)).toBeNull();
  });

  it('names what is wrong with a USI side before the match', () => {
    const error = (argv: string[]): string => {
      const r = parseMatchArgs([...argv, '--depth', '1']);
      return r.ok ? 'no error' : r.error;
    };
    expect(error(['--a', 'plain', '--b', 'usi:', '--out', 'x.json'])).toMatch(
      /^--b: give the engine's path after usi:/,
    );
    expect(error(['--a', 'plain', '--b', 'null', '--b-option', 'USI_Hash=64'])).toMatch(
      /^--b-option, --b-commit and --b-cp-per-pawn are for a USI engine/,
    );
    expect(error(['--a', 'plain', ...fake('b', 'USI_Hash'), '--out', 'x.json'])).toBe(
      '--b-option: expected NAME=VALUE (USI_Hash=64), got "USI_Hash"',
    );
    expect(error(['--a', 'plain', '--b', `usi:${FAKE}`])).toMatch(/give --logs DIR, or --out/);
    const args = parseMatchArgs(['--a', 'plain', ...fake('b'), '--depth', '1', '--out', 'm.json']);
    expect(args.ok && args.value.logs).toBe('m.json.logs');
  });

  it('fails the match before it begins when an engine will not start, naming it', async () => {
    const identify = async (side: string, ...options: string[]) => {
      const r = await identifySides(
        settingsOf(['--a', 'plain', '--b', side, ...options, '--depth', '1']),
        TIMEOUTS,
      );
      return r.ok ? 'started' : r.error;
    };
    expect(await identify('usi:test/fixtures/usi/missing-engine')).toMatch(
      /^--b: could not start the USI engine test\/fixtures\/usi\/missing-engine: .*ENOENT/,
    );
    expect(await identify(`usi:${SILENT}`)).toMatch(
      new RegExp(`^--b: could not start the USI engine ${SILENT}: no usiok within`),
    );
    expect(await identify(`usi:${FAKE}`, '--b-option', 'Fail=no-readyok')).toMatch(
      /no readyok within 3000 ms/,
    );
    expect(await identify(`usi:${FAKE}`, '--b-option', 'Hash=16')).toMatch(
      /^--b: test\/fixtures\/usi\/fake-usi.ts has no option Hash \(its options: Fail, FailAt/,
    );
    const ok = await identifySides(settingsOf(['--a', 'plain', ...fake('b'), '--depth', '1']));
    if (!ok.ok) throw new Error(ok.error);
    expect(ok.value.b.label).toBe('FakeUSI 1.0');
    expect(ok.value.b.usi?.id).toEqual({ name: 'FakeUSI 1.0', author: 'Yomi tests' });
    // The fake lives in this checkout: its commit is this repository's.
    expect(ok.value.b.usi?.commit).toMatch(/^[0-9a-f]{40}$/);
  }, 30_000);
});

describe('a match with USI engines', () => {
  it('plays pairs against our engine, tallies them, and logs every game of the engine', async () => {
    const { games, logs } = await play([
      ...['--a', 'plain', ...fake('b'), '--games', '4', '--nodes', '300', '--max-plies', '12'],
    ]);
    expect(games.map((g) => [g.id, g.pair, g.aIsSente])).toEqual([
      [0, 0, true],
      [1, 0, false],
      [2, 1, true],
      [3, 1, false],
    ]);
    for (const g of games) {
      expect(g.moveTimesMs).toHaveLength(g.moves.length);
      expect(g.logs).toEqual({ b: join(logs, `game-${g.id}.b.log`) });
      const log = readFileSync(g.logs!.b!, 'utf8');
      expect(log).toMatch(/^ +\d+ > usi\n|^ +\d+ > isready\n/);
      expect(log).toMatch(/> usinewgame\n/);
      expect(log).toMatch(/> go nodes 300\n/);
      expect(log).toMatch(/< bestmove /);
      expect(log).toMatch(/> gameover (win|lose|draw)\n/);
    }
  }, 60_000);

  it('ends the game as the engine’s loss when it crashes, and starts it again for the next', async () => {
    const { games } = await play([
      ...['--a', 'plain', ...fake('b', 'Fail=crash', 'FailAt=2'), '--games', '2', '--nodes', '300'],
    ]);
    expect(games.map((g) => [g.end, g.aScore])).toEqual([
      [PlayerEnd.Crash, 1],
      [PlayerEnd.Crash, 1],
    ]);
    const fault = games[1]!.fault!;
    expect(fault.side).toBe('sente');
    expect(fault.message).toMatch(/fake-usi.ts: the engine exited with code 3/);
    expect(fault.lastLines).toContain('fake-usi: crashing as asked');
    expect(readFileSync(games[1]!.logs!.b!, 'utf8')).toMatch(/the engine is started again/);
  }, 60_000);

  it('ends the game as the engine’s loss for an illegal, an unparsable move, or a resignation', async () => {
    const ending = async (fail: string) =>
      (await play(['--a', 'plain', ...fake('b', `Fail=${fail}`), '--games', '2', '--nodes', '300']))
        .games;
    const illegal = await ending('illegal');
    expect(illegal.map((g) => [g.end, g.aScore])).toEqual([
      [PlayerEnd.IllegalMove, 1],
      [PlayerEnd.IllegalMove, 1],
    ]);
    // The opponent's lance, or a square its lance has left.
    expect(illegal[0]!.fault?.message).toMatch(/^bestmove 9(a9b|i9h) is not legal here \(/);
    expect(illegal[0]!.fault?.lastLines?.at(-1)).toMatch(/^bestmove 9(a9b|i9h)$/);
    const garbage = await ending('garbage');
    expect(garbage[0]!.fault?.message).toBe(
      'bestmove "xyzzy" is not a USI move (like 7g7f, 8h2b+ or P*5e)',
    );
    const resigned = await ending('resign');
    expect(resigned.map((g) => [g.end, g.aScore, g.fault])).toEqual([
      [PlayerEnd.Resign, 1, undefined],
      [PlayerEnd.Resign, 1, undefined],
    ]);
  }, 60_000);

  it('judges time by the byoyomi: a slow move loses on time, a quick one does not', async () => {
    const slow = await play([
      ...['--a', 'plain', ...fake('b', 'SlowMs=400'), '--games', '2', '--byoyomi', '200'],
    ]);
    expect(slow.games.map((g) => [g.end, g.aScore])).toEqual([
      [GameEnd.Time, 1],
      [GameEnd.Time, 1],
    ]);
    // At the flag the runner sends `stop`, and the engine answers at once, too late.
    expect(slow.games[0]!.fault?.message).toMatch(
      /^the move took 2\d\d\.\d ms with 0 ms left and a byoyomi of 200 ms$/,
    );
    const quick = await play([
      ...['--a', 'plain', ...fake('b', 'SlowMs=20'), '--games', '2', '--byoyomi', '300'],
      ...['--max-plies', '8'],
    ]);
    expect(quick.games.map((g) => g.end)).toEqual([GameEnd.MaxPlies, GameEnd.MaxPlies]);
    for (const g of quick.games) expect(Math.max(...g.moveTimesMs!)).toBeLessThanOrEqual(300);
  }, 60_000);

  it('stops waiting for an engine that hangs: on time with a clock, a timeout without', async () => {
    const clocked = await play([
      ...['--a', 'plain', ...fake('b', 'Fail=hang'), '--games', '2', '--byoyomi', '100'],
    ]);
    expect(clocked.games.map((g) => [g.end, g.aScore])).toEqual([
      [GameEnd.Time, 1],
      [GameEnd.Time, 1],
    ]);
    expect(clocked.games[0]!.fault?.message).toMatch(
      /nor 400 ms after stop; the engine was killed/,
    );
    const unclocked = await play([
      ...['--a', 'plain', ...fake('b', 'Fail=hang', 'FailAt=2'), '--games', '2', '--nodes', '300'],
    ]);
    expect(unclocked.games.map((g) => [g.end, g.aScore])).toEqual([
      [PlayerEnd.Timeout, 1],
      [PlayerEnd.Timeout, 1],
    ]);
  }, 60_000);

  it('loses the game when the engine will not answer readyok, without waiting for ever', async () => {
    const player = new UsiPlayer({
      path: FAKE,
      options: { Fail: 'no-readyok' },
      cpPerPawn: 100,
      timeouts: { ...TIMEOUTS, readyokMs: 500 },
    });
    await player.newGame();
    const start = parsePositionCommand('startpos');
    if (!start.ok) throw new Error(start.error);
    const go = { ponder: false, infinite: false, nodes: 100 };
    const reply = await player.move({
      side: 0,
      position: start.value,
      usiPosition: 'startpos',
      go,
    });
    expect(reply).toMatchObject({ kind: 'failure', end: PlayerEnd.Timeout });
    expect(reply.kind === 'failure' && reply.message).toBe(`${FAKE}: no readyok within 500 ms`);
    await player.quit();
  }, 30_000);

  it('plays two USI engines against each other and adjudicates on their scores', async () => {
    const { games, settings } = await play([
      ...fake('a', 'Score=cp -3000'),
      ...fake('b', 'Score=cp 3000'),
      ...['--games', '2', '--nodes', '300', '--adjudicate', '2000,4'],
    ]);
    expect(settings.a.usi?.options).toEqual({ Score: 'cp -3000' });
    expect(games.map((g) => [g.end, g.aScore, g.moves.length])).toEqual([
      [GameEnd.Adjudication, 0, 4],
      [GameEnd.Adjudication, 0, 4],
    ]);
    expect(Object.keys(games[0]!.logs ?? {})).toEqual(['a', 'b']);
  }, 60_000);
});

describe('stopping a match with USI engines', () => {
  it('quits the engines and keeps the finished games on Ctrl-C', async () => {
    const out = join(dir, 'stopped.json');
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', 'scripts/lab/match.ts', '--a', 'plain', ...fake('b', 'SlowMs=30')],
        ...['--games', '200', '--byoyomi', '300', '--workers', '1', '--out', out],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    // Listened for from the start: an exit before the SIGINT must not leave the test waiting.
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const engines = (): number[] => {
      const list = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], {
        encoding: 'utf8',
      }).stdout;
      return list
        .split('\n')
        .filter((line) => line.includes('fake-usi'))
        .map((line) => Number(line.trim().split(/\s+/)[0]));
    };
    let running: number[] = [];
    // Up to 60 s by the clock for the runner to start its engine: tsx compiles the runner and
    // esbuild bundles its worker first, slowly on a busy machine (CI once took longer than the
    // 30 s this allowed, and each `ps` here takes a while too, so a count of tries is no clock).
    const deadline = Date.now() + 60_000;
    while (running.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      running = engines();
    }
    expect(running).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGINT');
    const code = await exited;
    expect(code, stderr).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { stopped: boolean };
    expect(result.stopped).toBe(true);
    // The engine was told to quit (or killed): it is gone.
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0);
        return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' })
          .trim()
          .startsWith('Z');
      } catch {
        return false;
      }
    };
    expect(running.filter(alive)).toEqual([]);
  }, 120_000);
});

describe('our own engine as a USI side', () => {
  it('plays bin/yomi-usi against the engine in the runner, from the command line', () => {
    const out = join(dir, 'yomi.json');
    const run = spawnSync(
      process.execPath,
      [
        ...['--import', 'tsx', 'scripts/lab/match.ts', '--a', 'plain', '--b', 'usi:bin/yomi-usi'],
        ...['--b-cp-per-pawn', '90', '--games', '2', '--depth', '2', '--max-plies', '40'],
        ...['--workers', '1', '--quiet', '--out', out],
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as {
      settings: MatchSettings;
      games: { end: string; moves: string[]; logs: { b: string } }[];
    };
    expect(result.settings.b.usi).toMatchObject({ id: { name: 'Yomi' }, cpPerPawn: 90 });
    expect(result.games).toHaveLength(2);
    for (const g of result.games) {
      expect(g.moves.length).toBeGreaterThan(0);
      expect(existsSync(g.logs.b)).toBe(true);
      expect(['mate', 'max-plies', 'repetition', 'perpetual-check', 'declaration']).toContain(
        g.end,
      );
    }
  }, 120_000);

  it('refuses to begin when the engine cannot be started, naming its path', () => {
    const run = spawnSync(
      process.execPath,
      [
        ...['--import', 'tsx', 'scripts/lab/match.ts', '--a', 'plain'],
        ...['--b', 'usi:no/such/engine', '--depth', '1', '--out', join(dir, 'none.json')],
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^match: --b: could not start the USI engine no\/such\/engine: /m);
    expect(existsSync(join(dir, 'none.json'))).toBe(false);
  }, 30_000);
});
