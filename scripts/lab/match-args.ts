/**
 * The match command's arguments, read and checked before any game starts: every problem is named
 * (the option, what was expected, what came) and the match does not begin.
 */
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import type { GameClock, MoveLimits } from '../../src/engine/lab/game';
import type { MatchSettings, Shard } from '../../src/engine/lab/match';
import { err, ok, type Result } from '../../src/engine/types';
import { argsProblem } from '../lib/cli';
import { parseSide } from './sides';

/** Defaults, each with its reason. */
export const MATCH_DEFAULTS = {
  games: 100,
  seed: 1,
  /** A shogi game rarely lasts past 300 plies; past 320 the game is called a draw. */
  maxPlies: 320,
  openings: 'src/data/openings.json',
  /**
   * The material-only evaluation sees every quiet move as equal, so two engines without contempt
   * repeat the first one they find: in 8 test games at 20,000 nodes a move, 7 ended in repetition
   * within 20 plies of the opening. With 50 (about half a pawn) both play on and most games end
   * in mate.
   */
  contempt: 50,
  alpha: 0.05,
  beta: 0.05,
} as const;

export interface MatchArgs {
  settings: MatchSettings;
  openingsFile: string;
  workers: number;
  out: string | null;
  /** Where USI sides' per-game logs go; null when no side is a USI engine. */
  logs: string | null;
  quiet: boolean;
}

export const MATCH_USAGE = `usage: npm run match -- --a <side> --b <side> [--games N]
  (--nodes N | --depth N | --movetime MS | --tc BASE[+INC] | --byoyomi MS | --tc BASE --byoyomi MS)
  [--max-plies N] [--contempt N] [--adjudicate SCORE,PLIES] [--sprt ELO0,ELO1 [--alpha A --beta B]]
  [--seed N] [--openings FILE] [--workers N] [--shard K/N] [--out FILE] [--logs DIR] [--quiet]
a side: a preset (plain, null, …), options as JSON ('{"lmr":true}'), or a USI engine:
  usi:PATH [--a-option NAME=VALUE]… [--a-commit SHA] [--a-cp-per-pawn N]   (--b-… for B)
  A USI engine's output in each game goes to DIR/game-<id>.<a|b>.log (DIR: --logs, else <out>.logs).
  A move loses on time past the main time left plus the byoyomi; an increment is added after it.`;

const positiveInteger = (name: string, text: string | undefined): Result<number | undefined> => {
  if (text === undefined) return ok(undefined);
  if (!/^\d+$/.test(text) || Number(text) < 1)
    return err(`--${name}: expected a whole number of at least 1, got ${JSON.stringify(text)}`);
  return ok(Number(text));
};

/** `--tc 10+0.1`: ten seconds each and a tenth of a second added after every move (no byoyomi). */
export function parseTimeControl(text: string): Result<GameClock> {
  const m = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text.trim());
  if (!m || Number(m[1]) <= 0)
    return err(
      `--tc: expected seconds each, optionally + seconds added per move (10+0.1), got ${JSON.stringify(text)}`,
    );
  return ok({
    baseMs: Math.round(Number(m[1]) * 1000),
    incMs: Math.round(Number(m[2] ?? 0) * 1000),
    byoyomiMs: 0,
  });
}

/**
 * The game clock from `--tc` and `--byoyomi` (milliseconds): main time with an increment, main
 * time with a byoyomi, or a byoyomi alone; null for neither. USI sends either a byoyomi or an
 * increment, so the two together are refused.
 */
export function parseClock(
  tc: string | undefined,
  byoyomi: number | undefined,
): Result<GameClock | null> {
  if (tc === undefined && byoyomi === undefined) return ok(null);
  const clock: GameClock = { baseMs: 0, incMs: 0, byoyomiMs: byoyomi ?? 0 };
  if (tc !== undefined) {
    const parsed = parseTimeControl(tc);
    if (!parsed.ok) return parsed;
    if (byoyomi !== undefined && parsed.value.incMs > 0)
      return err(`--byoyomi: a clock has a byoyomi or an increment, not both (--tc ${tc})`);
    Object.assign(clock, parsed.value, { byoyomiMs: byoyomi ?? 0 });
  }
  return ok(clock);
}

/** `--shard 2/4`: the second of four shares. */
export function parseShard(text: string): Result<Shard> {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count)
    return err(
      `--shard: expected K/N with 1 ≤ K ≤ N (2/4: the second of four), got ${JSON.stringify(text)}`,
    );
  return ok({ index, count });
}

function parsePair(name: string, text: string, what: string): Result<[number, number]> {
  const parts = text.split(',').map((s) => Number(s.trim()));
  if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n)))
    return err(`--${name}: expected ${what}, got ${JSON.stringify(text)}`);
  return ok([parts[0]!, parts[1]!]);
}

// #region parse-match-args
export function parseMatchArgs(argv: readonly string[]): Result<MatchArgs> {
  let values;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        a: { type: 'string' },
        b: { type: 'string' },
        'a-option': { type: 'string', multiple: true },
        'b-option': { type: 'string', multiple: true },
        'a-commit': { type: 'string' },
        'b-commit': { type: 'string' },
        'a-cp-per-pawn': { type: 'string' },
        'b-cp-per-pawn': { type: 'string' },
        byoyomi: { type: 'string' },
        logs: { type: 'string' },
        games: { type: 'string' },
        nodes: { type: 'string' },
        depth: { type: 'string' },
        movetime: { type: 'string' },
        tc: { type: 'string' },
        'max-plies': { type: 'string' },
        contempt: { type: 'string' },
        adjudicate: { type: 'string' },
        sprt: { type: 'string' },
        alpha: { type: 'string' },
        beta: { type: 'string' },
        seed: { type: 'string' },
        openings: { type: 'string' },
        workers: { type: 'string' },
        shard: { type: 'string' },
        out: { type: 'string' },
        quiet: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    const problem = argsProblem(error);
    if (problem === null) throw error;
    return err(`${problem}\n${MATCH_USAGE}`);
  }
  if (values.a === undefined || values.b === undefined)
    return err(`give both sides: --a and --b\n${MATCH_USAGE}`);
  const a = parseSide('a', values.a, {
    options: values['a-option'],
    commit: values['a-commit'],
    cpPerPawn: values['a-cp-per-pawn'],
  });
  if (!a.ok) return a;
  const b = parseSide('b', values.b, {
    options: values['b-option'],
    commit: values['b-commit'],
    cpPerPawn: values['b-cp-per-pawn'],
  });
  if (!b.ok) return b;

  const numbers: Record<string, number | undefined> = {};
  const counts = [
    'games',
    'nodes',
    'depth',
    'movetime',
    'byoyomi',
    'max-plies',
    'workers',
  ] as const;
  for (const name of counts) {
    const r = positiveInteger(name, values[name]);
    if (!r.ok) return r;
    numbers[name] = r.value;
  }
  const contempt =
    values.contempt === undefined ? MATCH_DEFAULTS.contempt : Number(values.contempt);
  if (!Number.isInteger(contempt) || contempt < 0 || contempt > 1000)
    return err(
      `--contempt: expected a whole number from 0 to 1000, got ${JSON.stringify(values.contempt)}`,
    );
  const seed = values.seed === undefined ? MATCH_DEFAULTS.seed : Number(values.seed);
  if (!Number.isInteger(seed))
    return err(`--seed: expected a whole number, got ${JSON.stringify(values.seed)}`);

  const limits: MoveLimits = {};
  if (numbers['nodes'] !== undefined) limits.nodes = numbers['nodes'];
  if (numbers['depth'] !== undefined) limits.depth = numbers['depth'];
  if (numbers['movetime'] !== undefined) limits.movetimeMs = numbers['movetime'];
  const clock = parseClock(values.tc, numbers['byoyomi']);
  if (!clock.ok) return clock;
  if (Object.keys(limits).length === 0 && clock.value === null)
    return err(
      'give a limit per move (--nodes, --depth or --movetime) or a game clock (--tc, --byoyomi)',
    );
  const usi = a.value.usi !== undefined || b.value.usi !== undefined;
  const out = values.out ?? null;
  if (usi && values.logs === undefined && out === null)
    return err(
      'a USI engine’s games are logged: give --logs DIR, or --out FILE (logs in FILE.logs)',
    );

  let adjudication = null;
  if (values.adjudicate !== undefined) {
    const p = parsePair('adjudicate', values.adjudicate, 'SCORE,PLIES (2000,8)');
    if (!p.ok) return p;
    if (p.value[0] <= 0 || !Number.isInteger(p.value[1]) || p.value[1] < 2)
      return err(
        `--adjudicate: expected a score above 0 and at least 2 plies, got ${JSON.stringify(values.adjudicate)}`,
      );
    adjudication = { score: p.value[0], plies: p.value[1] };
  }
  let sprt = null;
  if (values.sprt !== undefined) {
    const p = parsePair('sprt', values.sprt, 'ELO0,ELO1 (0,10)');
    if (!p.ok) return p;
    if (p.value[0] >= p.value[1]) return err(`--sprt: ELO0 must be below ELO1, got ${values.sprt}`);
    const alpha = values.alpha === undefined ? MATCH_DEFAULTS.alpha : Number(values.alpha);
    const beta = values.beta === undefined ? MATCH_DEFAULTS.beta : Number(values.beta);
    for (const [name, v] of [
      ['alpha', alpha],
      ['beta', beta],
    ] as const)
      if (!(v > 0 && v < 0.5))
        return err(`--${name}: expected a probability between 0 and 0.5, got ${v}`);
    sprt = { elo0: p.value[0], elo1: p.value[1], alpha, beta };
  }
  let shard = null;
  if (values.shard !== undefined) {
    const s = parseShard(values.shard);
    if (!s.ok) return s;
    shard = s.value;
  }
  return ok({
    settings: {
      a: a.value,
      b: b.value,
      games: numbers['games'] ?? MATCH_DEFAULTS.games,
      seed,
      limits,
      clock: clock.value,
      maxPlies: numbers['max-plies'] ?? MATCH_DEFAULTS.maxPlies,
      adjudication,
      contempt,
      sprt,
      shard,
    },
    openingsFile: values.openings ?? MATCH_DEFAULTS.openings,
    workers: numbers['workers'] ?? availableParallelism(),
    out,
    logs: usi ? (values.logs ?? `${out}.logs`) : null,
    quiet: values.quiet,
  });
}
// #endregion
