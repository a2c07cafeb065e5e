/**
 * The match command: every bad argument is named before a game starts; a match run in worker
 * threads is repeatable at fixed depth; its shards merge into the same result; Ctrl-C keeps the
 * games finished so far.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planGames } from '../../src/engine/lab/match';
import {
  parseClock,
  parseMatchArgs,
  parseShard,
  parseTimeControl,
} from '../../scripts/lab/match-args';
import { matchResult, mergeResults } from '../../scripts/lab/match-result';
import { readOpenings } from '../../scripts/lab/openings-file';
import { provenance } from '../../scripts/lab/provenance';
import { runMatch } from '../../scripts/lab/run-match';

const dir = mkdtempSync(join(tmpdir(), 'yomi-match-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const error = (argv: string[]): string => {
  const r = parseMatchArgs(argv);
  return r.ok ? 'no error' : r.error;
};

describe('match arguments', () => {
  it('names the problem and does not start', () => {
    expect(error(['--a', 'nul', '--b', 'plain', '--depth', '2'])).toMatch(
      /^--a: unknown preset "nul" \(presets: plain, strongest, threshold/,
    );
    expect(error(['--a', 'null', '--b', '{"lmr":tru}', '--depth', '2'])).toMatch(
      /^--b: options JSON does not parse/,
    );
    expect(error(['--a', '{"nullMoveR":1.5}', '--b', 'plain', '--depth', '2'])).toBe(
      '--a: options: nullMoveR: expected a whole number from 1 to 5, got 1.5',
    );
    expect(error(['--a', 'null', '--b', 'plain'])).toMatch(/^give a limit per move/);
    expect(error(['--a', 'null', '--b', 'plain', '--tc', '10+x'])).toMatch(
      /^--tc: expected seconds/,
    );
    expect(error(['--a', 'null', '--b', 'plain', '--depth', '0'])).toMatch(
      /^--depth: expected a whole/,
    );
    expect(error(['--a', 'null', '--b', 'plain', '--depth', '2', '--shard', '3/2'])).toMatch(
      /^--shard/,
    );
    expect(error(['--a', 'null', '--b', 'plain', '--depth', '2', '--sprt', '10,0'])).toMatch(
      /^--sprt/,
    );
    expect(error(['--a', 'null', '--depth', '2'])).toMatch(/^give both sides/);
    expect(error(['--a', 'null', '--b', 'plain', '--depth', '2', '--frobnicate'])).toMatch(
      /frobnicate/,
    );
  });

  it('reads time controls and shards', () => {
    expect(parseTimeControl('10+0.1')).toEqual({
      ok: true,
      value: { baseMs: 10_000, incMs: 100, byoyomiMs: 0 },
    });
    expect(parseTimeControl('60')).toEqual({
      ok: true,
      value: { baseMs: 60_000, incMs: 0, byoyomiMs: 0 },
    });
    expect(parseShard('2/4')).toEqual({ ok: true, value: { index: 2, count: 4 } });
  });

  it('reads a byoyomi alone or after main time, and refuses it with an increment', () => {
    expect(parseClock(undefined, 1000)).toEqual({
      ok: true,
      value: { baseMs: 0, incMs: 0, byoyomiMs: 1000 },
    });
    expect(parseClock('60', 1000)).toEqual({
      ok: true,
      value: { baseMs: 60_000, incMs: 0, byoyomiMs: 1000 },
    });
    expect(parseClock('60+1', 1000)).toEqual({
      ok: false,
      error: '--byoyomi: a clock has a byoyomi or an increment, not both (--tc 60+1)',
    });
    expect(parseClock(undefined, undefined)).toEqual({ ok: true, value: null });
  });

  it('exits with a message and no games when run with a bad argument', () => {
    const out = join(dir, 'bad.json');
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/lab/match.ts',
        '--a',
        'null',
        '--b',
        'plain',
        '--tc',
        'soon',
        '--out',
        out,
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^match: --tc: expected seconds/m);
    expect(existsSync(out)).toBe(false);
  });
});

describe('a match in worker threads', () => {
  const openings = readOpenings('src/data/openings.json');
  if (typeof openings === 'string') throw new Error(openings);
  const args = (shard?: string) => {
    const r = parseMatchArgs([
      ...['--a', 'null', '--b', 'plain', '--games', '8', '--depth', '2', '--max-plies', '60'],
      ...(shard ? ['--shard', shard] : []),
    ]);
    if (!r.ok) throw new Error(r.error);
    return r.value.settings;
  };
  const play = async (shard?: string) => {
    const settings = args(shard);
    const run = await runMatch(settings, planGames(openings, settings), { workers: 2 });
    return matchResult(provenance('test'), settings, 'src/data/openings.json', run);
  };

  it('plays the same games again at fixed depth, and shards merge into the whole', async () => {
    const whole = await play();
    const again = await play();
    expect(again.games.map((g) => g.moves)).toEqual(whole.games.map((g) => g.moves));
    expect(whole.games).toHaveLength(8);
    const merged = mergeResults([await play('2/2'), await play('1/2')]);
    if (!merged.ok) throw new Error(merged.error);
    expect(merged.value.games.map((g) => [g.id, g.moves])).toEqual(
      whole.games.map((g) => [g.id, g.moves]),
    );
    // Everything but the thinking time, which no two runs share.
    const { timeUsed: mergedTime, ...mergedTally } = merged.value.tally;
    const { timeUsed: wholeTime, ...wholeTally } = whole.tally;
    expect(mergedTally).toEqual(wholeTally);
    expect(mergedTime?.a?.perGame).toBeGreaterThan(0);
    expect(wholeTime?.b?.perGame).toBeGreaterThan(0);
    expect(merged.value.stopped).toBe(false);
    // A shard missing makes an unfinished match; a shard given twice is refused.
    const half = await play('1/2');
    const partial = mergeResults([half]);
    expect(partial.ok && partial.value.stopped).toBe(true);
    expect(mergeResults([half, half])).toEqual({ ok: false, error: 'shard 1 is given twice' });
  }, 120_000);

  it('keeps the finished games when stopped with Ctrl-C', async () => {
    const out = join(dir, 'stopped.json');
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', 'scripts/lab/match.ts', '--a', 'null', '--b', 'plain'],
        ...['--games', '200', '--depth', '2', '--workers', '1', '--out', out],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 4000));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, stderr).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { stopped: boolean; games: unknown[] };
    expect(result.stopped).toBe(true);
    expect(result.games.length).toBeLessThan(200);
    expect(stderr).toMatch(/stopping; the finished games are kept/);
  }, 60_000);
});
