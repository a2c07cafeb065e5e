/**
 * Shared by the fuzz tests (test/fuzz/*.fuzz.test.ts): mutations of text, of tokens and of lines,
 * random games to export and mutate, and a log that gathers failures so that one test reports
 * all of them at once. Every random choice comes from a seeded generator (makeRng), so a failure
 * replays exactly.
 */
import {
  legalMoves,
  makeUsiMove,
  parsePositionCommand,
  parseSfen,
  type Position,
  STARTPOS_SFEN,
} from '../../src/engine/index';
import type { OptionSpec } from '../../src/engine/option-spec';
import { makeRng, perftFixtures, pick, summarise } from '../engine/helpers';

export { makeRng, pick, summarise };

export type Rng = () => number;

/** A whole number from `lo` to `hi`, both included. */
export const randomInt = (rng: Rng, lo: number, hi: number): number =>
  lo + Math.floor(rng() * (hi - lo + 1));

/** True with probability `p`. */
export const chance = (rng: Rng, p: number): boolean => rng() < p;

/**
 * Numbers as a person might mistype them, or as an attacker might send them: negative, huge
 * (past 2^53, past Number.MAX_VALUE), fractional, in other notations, not numbers at all.
 */
export const WEIRD_NUMBERS: readonly string[] = [
  '0',
  '-0',
  '-1',
  '-5',
  '1.5',
  '2.0',
  '1e3',
  '1e9',
  '0x10',
  '+3',
  '00012',
  '9'.repeat(20),
  '9'.repeat(400),
  '-' + '9'.repeat(25),
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '',
  ' ',
  '１２',
  '٣',
  '3,5',
  '3_000',
];

/** Characters every text mutation draws from: ASCII, whitespace of all kinds, full width, emoji. */
export const GARBAGE =
  '0123456789+-/ *.,:;=&?%#"\'\\{}[]bwPLNSGBRKplnsgbrkxyzQ\t\n\r\u3000\u00a0\u2028９ｐ歩▲△同成打🐉\u0000\u0301\ufeff';

/** A string of `length` characters drawn from `alphabet`. */
export const randomText = (rng: Rng, length: number, alphabet = GARBAGE): string =>
  Array.from({ length }, () => pick(rng, [...alphabet])).join('');

/**
 * One character-level mutation (sometimes several): delete, duplicate, swap, replace or insert a
 * character (from `alphabet`), truncate, double the text, change its whitespace, replace a number
 * by a weird one, or replace it all with garbage.
 */
export function mutateText(base: string, rng: Rng, alphabet = GARBAGE): string {
  const chars = [...base];
  const at = Math.floor(rng() * (chars.length + 1));
  const ch = pick(rng, [...alphabet]);
  const join = (parts: string[]): string => parts.join('');
  switch (Math.floor(rng() * 11)) {
    case 0:
      return join([...chars.slice(0, at), ...chars.slice(at + 1)]); // delete
    case 1:
      return join([...chars.slice(0, at), ...chars.slice(Math.max(0, at - 1))]); // duplicate
    case 2:
      return join([
        ...chars.slice(0, at),
        ...chars.slice(at + 1, at + 2),
        ...chars.slice(at, at + 1),
        ...chars.slice(at + 2),
      ]); // swap
    case 3:
      return join([...chars.slice(0, at), ch, ...chars.slice(at + 1)]); // replace
    case 4:
      return join([...chars.slice(0, at), ch, ...chars.slice(at)]); // insert
    case 5:
      return join(chars.slice(0, at)); // truncate
    case 6: {
      // Replace one number in the text by a weird one.
      const numbers = [...base.matchAll(/\d+/g)];
      if (numbers.length === 0) return base + pick(rng, WEIRD_NUMBERS);
      const m = pick(rng, numbers);
      return base.slice(0, m.index) + pick(rng, WEIRD_NUMBERS) + base.slice(m.index + m[0].length);
    }
    case 7:
      return randomText(rng, randomInt(rng, 0, 40), alphabet);
    case 8:
      return chance(rng, 0.5) ? `${base} ${base}` : `${base}${base}`;
    case 9:
      return base.replace(/ /g, pick(rng, ['\t', '  ', '\u3000', '\n', '', '\r\n']));
    default: {
      let text = base;
      for (let i = 0; i < 3; i++) text = mutateText(text, rng, alphabet);
      return text;
    }
  }
}

/**
 * One token-level mutation (sometimes several) of a list of words: delete, duplicate, swap,
 * insert a word from `pool`, replace a word by a weird number or a pool word, truncate, shuffle.
 */
export function mutateTokens(base: readonly string[], rng: Rng, pool: readonly string[]): string[] {
  const tokens = [...base];
  const at = Math.floor(rng() * (tokens.length + 1));
  const word = (): string => (chance(rng, 0.3) ? pick(rng, WEIRD_NUMBERS) : pick(rng, pool));
  switch (Math.floor(rng() * 9)) {
    case 0:
      tokens.splice(at, 1);
      return tokens;
    case 1:
      if (at > 0) tokens.splice(at, 0, tokens[at - 1]!);
      return tokens;
    case 2:
      if (at + 1 < tokens.length) [tokens[at], tokens[at + 1]] = [tokens[at + 1]!, tokens[at]!];
      return tokens;
    case 3:
      tokens.splice(at, 0, word());
      return tokens;
    case 4:
      tokens[Math.min(at, tokens.length - 1)] = word();
      return tokens;
    case 5:
      return tokens.slice(0, at);
    case 6:
      for (let i = tokens.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [tokens[i], tokens[j]] = [tokens[j]!, tokens[i]!];
      }
      return tokens;
    case 7:
      // A number token replaced by a weird number.
      for (let tries = 0; tries < 5; tries++) {
        const i = Math.floor(rng() * tokens.length);
        if (/^\d+$/.test(tokens[i] ?? '')) {
          tokens[i] = pick(rng, WEIRD_NUMBERS);
          break;
        }
      }
      return tokens;
    default: {
      let out = tokens;
      for (let i = 0; i < 3; i++) out = mutateTokens(out, rng, pool);
      return out;
    }
  }
}

/** A game as the Play page keeps it: a USI start (`startpos` or `sfen …`) and USI moves. */
export interface FuzzGame {
  start: string;
  moves: string[];
}

/** Fixture positions a game can start from: those with a legal move for the side to move. */
export function startPositions(): string[] {
  const out = ['startpos'];
  for (const f of perftFixtures()) {
    const pos = parsePositionCommand(`sfen ${f.sfen}`);
    if (pos.ok && legalMoves(pos.value).length > 0 && f.sfen !== STARTPOS_SFEN)
      out.push(`sfen ${f.sfen}`);
  }
  return out;
}

/** Up to `maxPlies` random legal moves from `start`; the game stops early where none is legal. */
export function randomGame(rng: Rng, start: string, maxPlies: number): FuzzGame {
  const parsed = parsePositionCommand(start);
  if (!parsed.ok) throw new Error(`randomGame: ${start}: ${parsed.error}`);
  const pos = parsed.value;
  const moves: string[] = [];
  const plies = randomInt(rng, 0, maxPlies);
  for (let i = 0; i < plies; i++) {
    const legal = legalMoves(pos);
    if (legal.length === 0) break;
    const move = pick(rng, legal);
    moves.push(makeUsiMove(move));
    pos.doMove(move);
  }
  return { start, moves };
}

/** The start position, fresh. */
export function startpos(): Position {
  const pos = parseSfen(STARTPOS_SFEN);
  if (!pos.ok) throw new Error(pos.error);
  return pos.value;
}

/** Words `position` commands are made of, right and wrong. */
export function positionWords(rng: Rng): string[] {
  const file = (): number => randomInt(rng, 0, 10);
  const rank = (): string => 'abcdefghij'[randomInt(rng, 0, 9)]!;
  return [
    'startpos',
    'sfen',
    'moves',
    'position',
    'b',
    'w',
    '-',
    '1',
    `${file()}${rank()}${file()}${rank()}`,
    `${file()}${rank()}${file()}${rank()}+`,
    `${pick(rng, [...'PLNSGBRKp'])}*${file()}${rank()}`,
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL',
    '4k4/9/9/9/9/9/9/9/4K4',
    'Sbgn3p',
    'resign',
    '7g7f',
    '3c3d',
  ];
}

/**
 * A `position` argument made from one of `bases` (valid commands): as it is, with its words
 * mutated, with its characters mutated, or random words.
 */
export function positionInput(rng: Rng, bases: readonly string[]): string {
  const base = pick(rng, bases);
  const roll = rng();
  if (roll < 0.08) return base; // valid as it is
  if (roll < 0.6) return mutateTokens(base.split(' '), rng, positionWords(rng)).join(' ');
  if (roll < 0.9) return mutateText(base, rng);
  // Generated: random words.
  return Array.from({ length: randomInt(rng, 0, 12) }, () => pick(rng, positionWords(rng))).join(
    ' ',
  );
}

/** The USI `position` argument of a game. */
export const gameCommand = (game: FuzzGame): string =>
  game.moves.length === 0 ? game.start : `${game.start} moves ${game.moves.join(' ')}`;

/**
 * Text that says nothing: what a message built from a missing value looks like. An error that
 * contains one of these (when the input did not) names nothing.
 */
const EMPTY_WORDS = ['undefined', 'NaN', '[object Object]', 'null'];

/** What is wrong with an error message as a message, or null when it reads as one. */
export function badMessage(error: unknown, input: string): string | null {
  if (typeof error !== 'string') return `the error is a ${typeof error}, not a string`;
  if (error.trim() === '') return 'the error is empty';
  for (const word of EMPTY_WORDS)
    if (error.includes(word) && !input.includes(word)) return `the error says ${word}`;
  if (error.length > 2000) return `the error is ${error.length} characters long`;
  return null;
}

/** The strings a message quotes ("…" in JSON form), without a trailing ellipsis. */
export function quotedParts(message: string): string[] {
  const out: string[] = [];
  for (const m of message.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    try {
      out.push((JSON.parse(`"${m[1]!}"`) as string).replace(/…$/, ''));
    } catch {
      out.push(m[1]!);
    }
  }
  return out;
}

/**
 * Gathers the failures of one fuzz run, so that the test reports the first few with their
 * inputs, and counts how the inputs were judged, so that it can check the mix.
 */
export class FuzzLog {
  readonly failures: string[] = [];
  readonly tally: Record<string, number> = {};

  fail(input: string, what: string): void {
    this.failures.push(
      `${JSON.stringify(input.length > 300 ? input.slice(0, 300) + '…' : input)}: ${what}`,
    );
  }

  count(key: string): void {
    this.tally[key] = (this.tally[key] ?? 0) + 1;
  }

  /** Run `fn`; a throw is a failure (returns undefined). */
  attempt<T>(input: string, fn: () => T): T | undefined {
    try {
      return fn();
    } catch (error) {
      this.fail(
        input,
        `threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return undefined;
    }
  }

  get report(): string {
    return summarise(this.failures);
  }
}

/** A slow parse is timed again: a garbage-collection pause can stall any one call. */
export function slowest<T>(fn: () => T, limitMs: number): { value: T; ms: number } {
  let start = performance.now();
  const value = fn();
  let ms = performance.now() - start;
  for (let i = 0; i < 2 && ms > limitMs; i++) {
    start = performance.now();
    fn();
    ms = Math.min(ms, performance.now() - start);
  }
  return { value, ms };
}

/** A value that `spec` accepts: on its step grid, anywhere in its range, or at an end. */
export function validOptionValue(spec: OptionSpec, rng: Rng): unknown {
  switch (spec.kind) {
    case 'toggle':
      return chance(rng, 0.5);
    case 'select':
      return pick(rng, spec.choices);
    case 'integer':
      return chance(rng, 0.2)
        ? pick(rng, [spec.min, spec.max])
        : randomInt(rng, spec.min, spec.max);
    case 'number':
      return randomNumber(spec, rng);
    case 'table':
      return Array.from({ length: spec.rows.length * spec.columns.length }, () =>
        spec.whole ? randomInt(rng, spec.min, spec.max) : randomNumber(spec, rng),
      );
  }
}

/** A number from `min` to `max`: on the step grid, at an end, anywhere, or tiny. */
function randomNumber(spec: { min: number; max: number; step: number }, rng: Rng): number {
  const roll = rng();
  if (roll < 0.5)
    return spec.min + randomInt(rng, 0, Math.round((spec.max - spec.min) / spec.step)) * spec.step;
  if (roll < 0.6) return pick(rng, [spec.min, spec.max]);
  if (roll < 0.7 && spec.min <= 1e-7 && 1e-7 <= spec.max) return pick(rng, [1e-7, 2.5e-9]);
  return Math.min(spec.max, spec.min + rng() * (spec.max - spec.min));
}

/** A value `spec` refuses: of the wrong type, out of range, a fraction, a table of the wrong size. */
export function invalidOptionValue(spec: OptionSpec, rng: Rng): unknown {
  if (chance(rng, 0.3))
    return pick(rng, [null, 'true', '1', {}, [], [1], NaN, Infinity, -Infinity]);
  switch (spec.kind) {
    case 'toggle':
      return pick(rng, [0, 1, 'false', 'yes', null]);
    case 'select':
      return pick(rng, [`${spec.choices[0]!}x`, spec.choices[0]!.toUpperCase() + '!', '', 0]);
    case 'integer':
      return pick(rng, [spec.min - 1, spec.max + 1, spec.min + 0.5, 1e300, String(spec.min)]);
    case 'number':
      return pick(rng, [spec.min - spec.step, spec.max + spec.step, String(spec.max), -1e300]);
    case 'table': {
      const good = validOptionValue(spec, rng) as number[];
      const at = randomInt(rng, 0, good.length - 1);
      switch (randomInt(rng, 0, 4)) {
        case 0:
          return good.slice(1);
        case 1:
          return [...good, good[0]];
        case 2:
          good[at] = spec.max + 1;
          return good;
        case 3:
          good[at] = spec.whole ? spec.min + 0.5 : spec.min - spec.step;
          return good;
        default:
          return good.map(String);
      }
    }
  }
}

/** Dotted paths and their values as nested objects: `{ 'moveEval.x': 1 }` → `{ moveEval: { x: 1 } }`. */
export function nest(flat: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of flat) {
    const keys = path.split('.');
    let o = out;
    for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
    o[keys.at(-1)!] = value;
  }
  return out;
}

/** A few search options, each with a value it accepts, by dotted path. */
export function randomOptions(rng: Rng, schema: readonly OptionSpec[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const count = randomInt(rng, 0, 6);
  for (let i = 0; i < count; i++) {
    const spec = pick(rng, schema);
    out.set(spec.path, validOptionValue(spec, rng));
  }
  return out;
}

/** Characters a query string is made of (a `%` before others makes a broken escape), and others. */
export const QUERY_ALPHABET = '?&=+%#/:,._-0123456789abcdefxyzABCEF \u3000歩🐉';

/** Other parameters a page's address may carry, which reading and writing must leave alone. */
export const OTHER_PARAMS = [
  '',
  'lang=en',
  'analyse.a=nullMove:true',
  'x.depth=5&y.pos=startpos',
  'ply2=3',
];
