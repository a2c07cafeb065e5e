/**
 * Fuzzing what a USI GUI (or a person at the command line) types: `go` (parseGo), `setoption`
 * values (parseOptionValue), and the engine reading whole sessions of right and wrong lines
 * (UsiEngine.receive: `position`, `go`, `setoption` and the rest). Each gets at least FUZZ_CASES
 * generated and mutated inputs from a seeded generator: nothing may throw, every complaint must
 * say what it complains about, and what is valid must round-trip (a `go` written from its
 * parameters reads back as them; a value set is the value the search gets; a position set is the
 * one `d` shows; every `go` gets one legal answer). `position` alone is fuzzed in
 * usi-position.fuzz.test.ts, SFEN in test/engine/sfen.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  canDeclareWin,
  legalMoves,
  makeSfen,
  makeUsiMove,
  parsePositionCommand,
  parseUsiMove,
  type Position,
} from '../../src/engine/index';
import {
  checkLimits,
  DEFAULT_OPTIONS,
  newStats,
  OPTION_SCHEMA,
  type SearchInfo,
  type SearchResult,
} from '../../src/engine/search/index';
import { getOption } from '../../src/engine/search/options';
import { err, ok, type Result } from '../../src/engine/types';
import {
  createSyncBackend,
  type SearchBackend,
  type SearchJob,
  UsiEngine,
} from '../../src/engine/usi/engine';
import {
  type BoundOption,
  makeUsiOptions,
  parseOptionValue,
  type UsiOptionValue,
} from '../../src/engine/usi/options';
import { FALLBACK_MOVETIME_MS, type GoParams, parseGo } from '../../src/engine/usi/time';
import {
  badMessage,
  chance,
  FuzzLog,
  gameCommand,
  makeRng,
  mutateText,
  mutateTokens,
  pick,
  positionInput,
  randomGame,
  randomInt,
  type Rng,
  slowest,
  startPositions,
  startpos,
  WEIRD_NUMBERS,
} from './fuzz-helpers';

const FUZZ_CASES = 10_000;
/** Generous: a parse takes microseconds; this catches runaway loops and quadratic blow-ups. */
const PARSE_TIME_LIMIT_MS = 50;
const GO_SEED = 0x6060;
const OPTION_SEED = 0x0971;
const ENGINE_SEED = 0xe9e;
const SEARCH_SEED = 0x5ea6c;
/** Random games to build `position` commands from, and the longest of them. */
const BASE_GAMES = 80;
const MAX_BASE_PLIES = 16;
/** Lines a fresh engine reads before the fuzz starts another. */
const SESSION_LINES = 250;
/** `go`s that really search (the synchronous backend), each a cheap depth-1 or 200-node search. */
const REAL_SEARCHES = 150;

// ---------------------------------------------------------------------------------------------
// go

const NUMBER_KEYS = [
  'btime',
  'wtime',
  'binc',
  'winc',
  'byoyomi',
  'movestogo',
  'movetime',
  'depth',
  'nodes',
] as const;
const AT_LEAST_ONE = new Set<string>(['depth', 'nodes', 'movestogo']);
const CLOCKS = new Set<string>(['btime', 'wtime']);
const LIMIT_KEYS = new Set<string>(NUMBER_KEYS.filter((k) => k !== 'movestogo'));
const GO_KEYWORDS = new Set<string>([...NUMBER_KEYS, 'ponder', 'infinite', 'mate', 'searchmoves']);
const SEARCHMOVE_WORDS = ['7g7f', '2g2f', '3c3d', 'P*5e', '8h2b+', '5i5h', '1a1b'];

/** A random `go` that means something: each parameter at most once, every value readable. */
function randomGo(rng: Rng): GoParams {
  const go: GoParams = { ponder: chance(rng, 0.1), infinite: chance(rng, 0.1) };
  for (const key of NUMBER_KEYS) {
    if (!chance(rng, 0.25)) continue;
    const big = chance(rng, 0.1);
    go[key] = AT_LEAST_ONE.has(key)
      ? randomInt(rng, 1, big ? 1e9 : 40)
      : randomInt(rng, 0, big ? 1e12 : 600_000);
  }
  if (chance(rng, 0.1)) go.mate = chance(rng, 0.5) ? 'infinite' : randomInt(rng, 0, 100_000);
  if (chance(rng, 0.15))
    go.searchmoves = Array.from({ length: randomInt(rng, 1, 4) }, () =>
      pick(rng, SEARCHMOVE_WORDS),
    );
  return go;
}

/** A `go` command that says exactly `go`, its parameters in a random order. */
function formatGo(go: GoParams, rng: Rng): string {
  const parts: string[][] = [];
  if (go.ponder) parts.push(['ponder']);
  if (go.infinite) parts.push(['infinite']);
  for (const key of NUMBER_KEYS) if (go[key] !== undefined) parts.push([key, String(go[key])]);
  if (go.mate !== undefined) parts.push(['mate', String(go.mate)]);
  if (go.searchmoves) parts.push(['searchmoves', ...go.searchmoves]);
  for (let i = parts.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [parts[i], parts[j]] = [parts[j]!, parts[i]!];
  }
  return ['go', ...parts.flat()].join(' ');
}

const GO_POOL = [
  ...GO_KEYWORDS,
  'go',
  'foo',
  'DEPTH',
  'depth5',
  'infinite',
  'stop',
  ...SEARCHMOVE_WORDS,
];

/**
 * What is wrong with a `go` warning, or null: it must be one of parseGo's kinds of warning, and
 * name a parameter that is in the input (or quote the input's word it could not read).
 */
function goWarningProblem(warning: string, words: readonly string[], text: string): string | null {
  const bad = badMessage(warning, text);
  if (bad) return bad;
  const has = (word: string): boolean => words.includes(word);
  const quotesInput = (quoted: string): boolean =>
    quoted === 'nothing' || words.some((w) => JSON.stringify(w.slice(0, 30)) === quoted);
  let m: RegExpExecArray | null;
  if (
    (m =
      /^go: unknown parameter ("(?:[^"\\]|\\.)*")( \(with "(?:[^"\\]|\\.)*"\))? ignored \(known: /.exec(
        warning,
      ))
  )
    return quotesInput(m[1]!) ? null : `names ${m[1]}, not a word of the input`;
  if (
    (m = /^go: (\w+) needs a whole number, got (nothing|"(?:[^"\\]|\\.)*"); ignored$/.exec(warning))
  )
    return has(m[1]!) && quotesInput(m[2]!) ? null : `names ${m[1]} and ${m[2]}, not in the input`;
  if ((m = /^go: (\w+) must be at least 1, got (\S+); ignored$/.exec(warning)))
    return has(m[1]!) && has(m[2]!) ? null : `names ${m[1]} and ${m[2]}, not in the input`;
  if (
    (m =
      /^go: mate needs a time in milliseconds or "infinite", got (nothing|"(?:[^"\\]|\\.)*"); searching until stop$/.exec(
        warning,
      ))
  )
    return has('mate') && quotesInput(m[1]!) ? null : 'names mate, which is not in the input';
  if (warning === 'go: searchmoves needs at least one move; ignored')
    return has('searchmoves') ? null : 'names searchmoves, which is not in the input';
  if (warning === `go: no limit left that could be read; searching ${FALLBACK_MOVETIME_MS} ms`)
    return null;
  return 'a warning of no known kind';
}

/** The words parseGo reads: the text's, less a leading `go`. */
function goWords(text: string): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words[0] === 'go') words.shift();
  return words;
}

/** What is wrong with what parseGo read from `text`, or null. */
function goResultProblem(go: GoParams, warnings: readonly string[], text: string): string | null {
  const words = goWords(text);
  const fellBack = warnings.some((w) => w.startsWith('go: no limit left'));
  const isKey = (i: number): boolean =>
    GO_KEYWORDS.has(words[i]!) && !(words[i] === 'infinite' && words[i - 1] === 'mate');
  for (const key of NUMBER_KEYS) {
    const value = go[key];
    // Pairs `key value` where the value is a whole number the key accepts.
    const readable = words
      .map((w, i) => (w === key && isKey(i) ? words[i + 1] : undefined))
      .filter(
        (v): v is string => v !== undefined && (CLOCKS.has(key) ? /^-?\d+$/ : /^\d+$/).test(v),
      )
      .filter((v) => !AT_LEAST_ONE.has(key) || Number(v) >= 1);
    if (value === undefined) {
      if (readable.length > 0) return `${key} ${readable[0]} was not read`;
      continue;
    }
    // parseGo reads digits as Number does: 400 nines are Infinity (the search's limits check
    // refuses it later, and the engine searches FALLBACK_MOVETIME_MS with a warning).
    if (!(Number.isInteger(value) && value >= 0) && value !== Infinity)
      return `${key} is ${value}, not a whole number`;
    const fallback = key === 'movetime' && fellBack && value === FALLBACK_MOVETIME_MS;
    if (!fallback && !readable.some((v) => Math.max(0, Number(v)) === value))
      return `${key} is ${value}, which the input does not say`;
  }
  const flag = (name: string): boolean => words.some((w, i) => w === name && isKey(i));
  if (go.ponder !== flag('ponder')) return `ponder is ${go.ponder}`;
  if (go.infinite !== flag('infinite')) return `infinite is ${go.infinite}`;
  if ((go.mate !== undefined) !== flag('mate')) return `mate is ${String(go.mate)}`;
  if (go.searchmoves?.some((m) => GO_KEYWORDS.has(m) && m !== 'infinite'))
    return `searchmoves took a keyword: ${go.searchmoves.join(' ')}`;
  // A `go` that meant to limit the search still ends without a `stop`.
  const limited =
    go.infinite ||
    go.ponder ||
    go.mate !== undefined ||
    NUMBER_KEYS.some((k) => LIMIT_KEYS.has(k) && go[k] !== undefined);
  if (words.some((w, i) => LIMIT_KEYS.has(w) && isKey(i)) && !limited)
    return 'a go that gave a limit has none left, and would search until a stop';
  return null;
}

const sameGo = (a: GoParams, b: GoParams): boolean =>
  JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

describe('USI go fuzz', () => {
  it(`reads back ${FUZZ_CASES / 2} written go commands and warns, by name, on ${FUZZ_CASES} mutated ones`, () => {
    const rng = makeRng(GO_SEED);
    const log = new FuzzLog();
    for (let i = 0; i < FUZZ_CASES / 2; i++) {
      const go = randomGo(rng);
      const text = formatGo(go, rng);
      const parsed = log.attempt(text, () => parseGo(text));
      if (!parsed) continue;
      if (parsed.warnings.length > 0) log.fail(text, `warned: ${parsed.warnings.join(' | ')}`);
      if (!sameGo(parsed.go, go))
        log.fail(text, `read ${JSON.stringify(parsed.go)}, wrote ${JSON.stringify(go)}`);
      log.count('round trips');
    }
    for (let i = 0; i < FUZZ_CASES; i++) {
      const base = formatGo(randomGo(rng), rng);
      const text = chance(rng, 0.7)
        ? mutateTokens(base.split(' '), rng, GO_POOL).join(' ')
        : chance(rng, 0.8)
          ? mutateText(base, rng)
          : Array.from({ length: randomInt(rng, 0, 10) }, () =>
              pick(rng, [...GO_POOL, ...WEIRD_NUMBERS]),
            ).join(' ');
      const timed = log.attempt(text, () => slowest(() => parseGo(text), PARSE_TIME_LIMIT_MS));
      if (!timed) continue;
      if (timed.ms > PARSE_TIME_LIMIT_MS) log.fail(text, `took ${timed.ms.toFixed(1)} ms`);
      const { go, warnings } = timed.value;
      log.count(warnings.length > 0 ? 'warned' : 'clean');
      for (const warning of warnings) {
        const problem = goWarningProblem(warning, goWords(text), text);
        if (problem) log.fail(text, `${problem}: ${warning}`);
      }
      const problem = goResultProblem(go, warnings, text);
      if (problem) log.fail(text, `${problem} (read ${JSON.stringify(go)})`);
    }
    console.log(`USI go fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['warned']).toBeGreaterThan(FUZZ_CASES / 3);
    expect(log.tally['clean']).toBeGreaterThan(FUZZ_CASES / 20);
  });
});

// ---------------------------------------------------------------------------------------------
// setoption values

const OPTIONS: readonly BoundOption[] = makeUsiOptions(OPTION_SCHEMA);

/** A value `option` accepts, as `setoption` sends it, and the search option value it means. */
function validValue(option: BoundOption, rng: Rng): { text: string; value: UsiOptionValue } {
  switch (option.type) {
    case 'check': {
      const value = chance(rng, 0.5);
      return { text: String(value), value };
    }
    case 'spin': {
      const value = chance(rng, 0.2)
        ? pick(rng, [option.min, option.max, option.default])
        : randomInt(rng, option.min, option.max);
      return { text: String(value), value };
    }
    case 'combo': {
      const value = pick(rng, option.vars);
      return { text: value, value };
    }
    case 'string': {
      const spec = OPTION_SCHEMA.find((s) => s.path === option.path);
      if (spec?.kind !== 'table') return { text: 'x', value: 'x' };
      const steps = Math.round((spec.max - spec.min) / spec.step);
      const cells = Array.from(
        { length: spec.rows.length * spec.columns.length },
        () => spec.min + randomInt(rng, 0, steps) * spec.step,
      );
      const text = cells.join(pick(rng, [',', ', ', ' ']));
      return { text, value: text };
    }
    case 'button':
      return { text: '', value: true };
  }
}

/** The value the search should get for a USI value: spins scaled, tables as numbers. */
function searchValue(option: BoundOption, value: UsiOptionValue): unknown {
  if (typeof value === 'number') return value / (option.scale ?? 1);
  if (option.table === true)
    return String(value)
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
  return value;
}

describe('USI setoption value fuzz', () => {
  it(`accepts ${FUZZ_CASES / 2} valid values and names the option for ${FUZZ_CASES} bad ones`, () => {
    const rng = makeRng(OPTION_SEED);
    const log = new FuzzLog();
    for (let i = 0; i < FUZZ_CASES / 2; i++) {
      const option = pick(rng, OPTIONS);
      const { text, value } = validValue(option, rng);
      const parsed = log.attempt(text, () => parseOptionValue(option, text));
      if (!parsed) continue;
      if (!parsed.ok) log.fail(`${option.name} ${text}`, `refused: ${parsed.error}`);
      else if (parsed.value !== value)
        log.fail(`${option.name} ${text}`, `read as ${String(parsed.value)}`);
      log.count('valid');
    }
    for (let i = 0; i < FUZZ_CASES; i++) {
      const option = pick(rng, OPTIONS);
      const base = validValue(option, rng).text;
      const roll = rng();
      const text =
        roll < 0.1 ? undefined : roll < 0.4 ? pick(rng, WEIRD_NUMBERS) : mutateText(base, rng);
      const label = `${option.name} ${String(text)}`;
      const parsed = log.attempt(label, () => parseOptionValue(option, text));
      if (!parsed) continue;
      if (parsed.ok) {
        log.count('accepted');
        // What is accepted is what the text says, in the option's type and range.
        const v = parsed.value;
        if (
          option.type === 'spin' &&
          !(
            Number.isInteger(v) &&
            String(v) === String(Number(text)) &&
            (v as number) >= option.min &&
            (v as number) <= option.max
          )
        )
          log.fail(label, `a spin read as ${String(v)}`);
        if (option.type === 'check' && String(v) !== text)
          log.fail(label, `a check read as ${String(v)}`);
        if (option.type === 'combo' && !option.vars.includes(String(v)))
          log.fail(label, `a combo read as ${String(v)}`);
        continue;
      }
      log.count('rejected');
      const bad = badMessage(parsed.error, label);
      if (bad) log.fail(label, `${bad}: ${parsed.error}`);
      if (!parsed.error.startsWith(`setoption ${option.name}: expected `))
        log.fail(label, `the error does not name the option: ${parsed.error}`);
      const got = text === undefined ? 'no value' : JSON.stringify(text.slice(0, 30));
      if (!parsed.error.endsWith(`got ${got}`))
        log.fail(label, `the error does not quote the value: ${parsed.error}`);
    }
    console.log(`USI setoption value fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['rejected']).toBeGreaterThan(FUZZ_CASES / 2);
  });
});

// ---------------------------------------------------------------------------------------------
// The engine, line by line

/**
 * A backend that answers at once, without searching: the first searchmove or legal move. It
 * checks what the engine hands it: a position that parses, limits the search accepts.
 */
class InstantBackend implements SearchBackend {
  readonly problems: string[] = [];
  jobs: SearchJob[] = [];
  /** Positions read before (a position costs more to make than a `go` to answer). */
  private readonly positions = new Map<string, Result<Position>>();
  prepare(_options: unknown, done: () => void): void {
    done();
  }
  start(
    job: SearchJob,
    onInfo: (info: SearchInfo) => void,
    onDone: (result: Result<SearchResult>) => void,
  ): void {
    this.jobs.push(job);
    const pos = this.positions.get(job.position) ?? parsePositionCommand(job.position);
    this.positions.set(job.position, pos);
    if (!pos.ok) {
      this.problems.push(`job position ${JSON.stringify(job.position)}: ${pos.error}`);
      return onDone(err(pos.error));
    }
    const limits = checkLimits(job.limits);
    if (!limits.ok) this.problems.push(`job limits ${JSON.stringify(job.limits)}: ${limits.error}`);
    const move = job.limits.searchMoves?.[0] ?? legalMoves(pos.value)[0];
    const pv = move === undefined ? [] : [makeUsiMove(move)];
    const info: SearchInfo = {
      depth: 1,
      seldepth: 1,
      score: { kind: 'cp', value: 0 },
      value: 0,
      nodes: 1,
      nps: 1,
      timeMs: 0,
      pv,
      hashfull: 0,
    };
    onInfo(info);
    onDone(
      ok({
        ...info,
        bestMove: pv[0] ?? null,
        ponder: null,
        stopped: false,
        stats: newStats(),
        ...(job.solver === 'dfpn' ? { mateStatus: 'timeout' as const } : {}),
      }),
    );
  }
  stop(): void {}
  clear(): void {}
}

type LineKind = 'position' | 'go' | 'setoption-valid' | 'setoption' | 'other';

/** One line for the engine: a command right or wrong, and what kind it was made as. */
function engineLine(
  rng: Rng,
  positions: readonly string[],
  options: readonly BoundOption[],
): { line: string; kind: LineKind; option?: BoundOption; value?: UsiOptionValue } {
  const roll = rng();
  if (roll < 0.15) {
    const text = positionInput(rng, positions);
    return { line: text.startsWith('position') ? text : `position ${text}`, kind: 'position' };
  }
  if (roll < 0.45) {
    const base = formatGo(randomGo(rng), rng);
    const line = chance(rng, 0.3)
      ? base
      : chance(rng, 0.7)
        ? mutateTokens(base.split(' '), rng, GO_POOL).join(' ')
        : mutateText(base, rng);
    return { line: line.startsWith('go') ? line : `go ${line}`, kind: 'go' };
  }
  if (roll < 0.75) {
    const option = pick(rng, options);
    const { text, value } = validValue(option, rng);
    const name = chance(rng, 0.8) ? option.name : (option.path ?? option.name.toLowerCase());
    const line = `setoption name ${name} value ${text}`;
    if (chance(rng, 0.4)) return { line, kind: 'setoption-valid', option, value };
    const mutated = chance(rng, 0.5)
      ? mutateTokens(line.split(' '), rng, [
          'name',
          'value',
          'setoption',
          ...options.map((o) => o.name),
        ]).join(' ')
      : mutateText(line, rng);
    return { line: mutated, kind: 'setoption' };
  }
  const other = pick(rng, [
    'stop',
    'ponderhit',
    'isready',
    'usinewgame',
    'gameover win',
    'gameover',
    `gameover ${pick(rng, WEIRD_NUMBERS)}`,
    'd',
    'usi',
    '',
    '   ',
    'hello',
    'go\r',
    'position',
    'setoption',
    'setoption name',
    `${pick(rng, ['isready', 'stop', 'd'])} ${pick(rng, WEIRD_NUMBERS)}`,
  ]);
  return { line: chance(rng, 0.2) ? mutateText(other, rng) : other, kind: 'other' };
}

const COMMAND_WORDS = new Set([
  'usi',
  'isready',
  'setoption',
  'usinewgame',
  'position',
  'go',
  'stop',
  'ponderhit',
  'gameover',
  'quit',
  'd',
]);

/** Is `answer` (a `bestmove` or `checkmate` line) a possible answer where `pos` stands? */
function answerProblem(answer: string, pos: Position | null): string | null {
  const [kind, first, ...rest] = answer.split(' ');
  if (kind === 'checkmate') {
    if (first === 'nomate' || first === 'timeout') return null;
    if (pos === null) return 'a mate with no position';
    return parseUsiMove(pos, first ?? '').ok ? null : `checkmate ${first} is not legal`;
  }
  if (first === 'resign') return null;
  if (pos === null) return `bestmove ${first} with no position`;
  if (first === 'win')
    return canDeclareWin(pos) ? null : 'bestmove win where no win can be declared';
  if (!parseUsiMove(pos, first ?? '').ok) return `bestmove ${first} is not legal here`;
  if (rest.length > 0 && rest[0] !== 'ponder') return `bestmove with ${rest.join(' ')}`;
  return null;
}

describe('USI engine fuzz', () => {
  it(`answers ${FUZZ_CASES} fuzzed command lines without a throw, and says what was wrong`, () => {
    const rng = makeRng(ENGINE_SEED);
    const starts = startPositions();
    const positions = Array.from({ length: BASE_GAMES }, () =>
      gameCommand(randomGame(rng, pick(rng, starts), MAX_BASE_PLIES)),
    );
    const log = new FuzzLog();
    let engine: UsiEngine | null = null;
    let backend = new InstantBackend();
    let out: string[] = [];
    let current: Position | null = null;
    /** A message may quote any line of the session (`go` repeats the last position's error). */
    let session = '';
    for (let i = 0; i < FUZZ_CASES; i++) {
      if (i % SESSION_LINES === 0) {
        backend = new InstantBackend();
        const lines: string[] = [];
        out = lines;
        engine = new UsiEngine({ write: (line) => lines.push(line), backend });
        current = startpos();
        session = '';
      }
      const usi = engine!;
      const { line, kind, option, value } = engineLine(rng, positions, usi.options);
      session += `${line}\n`;
      const from = out.length;
      log.attempt(line, () => usi.receive(line));
      // A `go` that waits for `stop` (infinite, ponder) gets it, so that every go is answered.
      if (usi.searching) log.attempt(`${line} + stop`, () => usi.receive('stop'));
      const written = out.slice(from);
      for (const w of written) {
        if (/[\r\n]/.test(w))
          log.fail(line, `wrote a line with a line break: ${JSON.stringify(w)}`);
        if (w.startsWith('info string ')) {
          const bad = badMessage(w.slice('info string '.length), session);
          if (bad) log.fail(line, `${bad}: ${w}`);
        }
      }
      if (usi.searching) log.fail(line, 'still searching after stop');
      const infos = written.filter((w) => w.startsWith('info string '));
      const answers = written.filter((w) => /^(bestmove|checkmate) /.test(w));
      const word = line.trim().split(/\s+/)[0] ?? '';
      log.count(kind);
      switch (word) {
        case 'position': {
          const expected = parsePositionCommand(line.trim());
          if (expected.ok) {
            current = expected.value;
            if (written.length > 0) log.fail(line, `a valid position wrote ${written.join(' | ')}`);
          } else {
            current = null;
            if (infos.length !== 1 || !infos[0]!.includes(expected.error))
              log.fail(
                line,
                `expected one info string with "${expected.error}", got ${written.join(' | ')}`,
              );
          }
          break;
        }
        case 'go': {
          log.count('go answered');
          if (answers.length !== 1)
            log.fail(line, `${answers.length} answers: ${written.join(' | ')}`);
          for (const a of answers) {
            const problem = answerProblem(a, current);
            if (problem) log.fail(line, problem);
          }
          for (const info of infos)
            if (!info.startsWith('info string go: '))
              log.fail(line, `a go wrote an info string that is not about go: ${info}`);
          break;
        }
        case 'setoption': {
          for (const info of infos)
            if (!/^info string setoption[ :]/.test(info))
              log.fail(line, `a setoption wrote an info string that is not about it: ${info}`);
          if (written.length !== infos.length)
            log.fail(line, `setoption wrote ${written.join(' | ')}`);
          if (kind === 'setoption-valid' && option && value !== undefined) {
            if (written.length > 0)
              log.fail(line, `a valid value was refused: ${written.join(' | ')}`);
            else if (option.path !== undefined) {
              const got = getOption(usi.searchOptions(), option.path);
              const want = searchValue(option, value);
              const asBaseline =
                value === (option as { default?: unknown }).default &&
                JSON.stringify(got) === JSON.stringify(getOption(DEFAULT_OPTIONS, option.path));
              if (JSON.stringify(got) !== JSON.stringify(want) && !asBaseline)
                log.fail(
                  line,
                  `the search gets ${JSON.stringify(got)}, not ${JSON.stringify(want)}`,
                );
            }
          }
          break;
        }
        case 'd': {
          if (current === null) {
            if (!/^info string no position \(/.test(written[0] ?? ''))
              log.fail(line, `d with no position wrote ${written[0]}`);
          } else if (written[0] !== `sfen ${makeSfen(current)}`)
            log.fail(line, `d wrote ${written[0]}, expected sfen ${makeSfen(current)}`);
          break;
        }
        case '':
          if (written.length > 0) log.fail(line, `an empty line wrote ${written.join(' | ')}`);
          break;
        default:
          if (!COMMAND_WORDS.has(word)) {
            const expected = `info string unknown command ${JSON.stringify(word.slice(0, 40))}`;
            if (written.length !== 1 || !written[0]!.startsWith(expected))
              log.fail(line, `expected "${expected} …", got ${written.join(' | ')}`);
          }
      }
      if (answers.length > 0 && word !== 'go' && word !== 'stop' && word !== 'ponderhit')
        log.fail(line, `answered ${answers.join(' | ')} to a line that is not go`);
      for (const problem of backend.problems.splice(0)) log.fail(line, problem);
    }
    console.log(`USI engine fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['go answered']).toBeGreaterThan(FUZZ_CASES / 5);
  });

  it(`answers ${REAL_SEARCHES} cheap real searches on fuzzed positions with a legal move`, () => {
    const rng = makeRng(SEARCH_SEED);
    const starts = startPositions();
    const positions = Array.from({ length: BASE_GAMES }, () =>
      gameCommand(randomGame(rng, pick(rng, starts), MAX_BASE_PLIES)),
    );
    const out: string[] = [];
    const engine = new UsiEngine({ write: (line) => out.push(line), backend: createSyncBackend() });
    engine.receive('setoption name USI_Hash value 1');
    const log = new FuzzLog();
    let searched = 0;
    for (let i = 0; i < REAL_SEARCHES; i++) {
      let text = chance(rng, 0.5) ? pick(rng, positions) : positionInput(rng, positions);
      text = text.startsWith('position') ? text : `position ${text}`;
      engine.receive(text);
      const pos = parsePositionCommand(text.trim());
      const moves = pos.ok ? legalMoves(pos.value).map(makeUsiMove) : [];
      const searchmoves = chance(rng, 0.3)
        ? ` searchmoves ${Array.from({ length: randomInt(rng, 1, 3) }, () => (chance(rng, 0.5) && moves.length > 0 ? pick(rng, moves) : pick(rng, SEARCHMOVE_WORDS))).join(' ')}`
        : '';
      const go = `${pick(rng, ['go depth 1', 'go nodes 200', 'go depth 1 nodes 200'])}${searchmoves}${
        chance(rng, 0.2)
          ? ` ${pick(
              rng,
              GO_POOL.filter((w) => !GO_KEYWORDS.has(w)),
            )} ${pick(rng, WEIRD_NUMBERS)}`
          : ''
      }`;
      const from = out.length;
      log.attempt(`${text} / ${go}`, () => engine.receive(go));
      const answers = out.slice(from).filter((w) => w.startsWith('bestmove'));
      if (answers.length !== 1 || engine.searching) {
        log.fail(`${text} / ${go}`, `answered ${answers.join(' | ') || 'nothing'}`);
        continue;
      }
      const problem = answerProblem(answers[0]!, pos.ok ? pos.value : null);
      if (problem) log.fail(`${text} / ${go}`, problem);
      if (pos.ok && moves.length > 0) searched++;
    }
    console.log(`USI real search fuzz: ${searched} searched`);
    expect(log.failures, log.report).toEqual([]);
    expect(searched).toBeGreaterThan(REAL_SEARCHES / 10);
  });
});
