/**
 * Fuzzing USI `position` (parsePositionCommand), what a GUI or a person at the command line
 * types to set up a position: FUZZ_CASES generated and mutated commands from a seeded generator.
 * Nothing may throw; an error must name the field (and quote only what is in the input, or name
 * the move that is wrong by its number and text); a command that is accepted must reach the
 * position an independent replay reaches (legal moves listed by the move generator, matched by
 * name), and that position must round-trip through `sfen …`. SFEN itself is fuzzed in
 * test/engine/sfen.test.ts, `go` and `setoption` in usi.fuzz.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  legalMoves,
  makeSfen,
  makeUsiMove,
  type Move,
  parsePositionCommand,
  parseSfen,
  type Position,
} from '../../src/engine/index';
import {
  badMessage,
  chance,
  FuzzLog,
  gameCommand,
  makeRng,
  pick,
  positionInput,
  quotedParts,
  randomGame,
  slowest,
  startPositions,
  startpos,
} from './fuzz-helpers';

const FUZZ_CASES = 10_000;
/** Generous: a parse takes well under a millisecond; this catches runaway loops. */
const PARSE_TIME_LIMIT_MS = 50;
const POSITION_SEED = 0x05171;
/** Accepted commands whose position is read again from its SFEN: one in this many (and see below). */
const ROUND_TRIP_EVERY = 4;
/** Positions whose invariants are checked: one in this many (a check costs as much as a parse). */
const INVARIANT_EVERY = 10;
/** Random games to build `position` commands from, and the longest of them. */
const BASE_GAMES = 80;
const MAX_BASE_PLIES = 16;

/**
 * What a `position` argument should give, read independently of parsePositionCommand: the words
 * up to `moves` set the position up (`startpos`, or `sfen` and an SFEN, which parseSfen reads),
 * and every word after it must be the USI name of a legal move there. Only judged for text of
 * words separated by single spaces; other whitespace is 'either'. Set-ups are parsed once and
 * kept in `setups` (a position costs more to make than to play moves on): the moves are played
 * and taken back. The legal moves' names after each line of moves are kept in `legalNames`.
 */
function referencePosition(
  text: string,
  setups: Map<string, Position | null>,
  legalNames: Map<string, Map<string, Move>>,
): { verdict: 'valid'; sfen: string } | { verdict: 'invalid' | 'either' } {
  if (!/^\S+( \S+)*$/.test(text)) return { verdict: 'either' };
  let words = text.split(' ');
  if (words[0] === 'position') words = words.slice(1);
  const movesAt = words.indexOf('moves');
  const setup = movesAt < 0 ? words : words.slice(0, movesAt);
  const moves = movesAt < 0 ? [] : words.slice(movesAt + 1);
  const key = setup.join(' ');
  if (!setups.has(key)) {
    let pos: Position | null = null;
    if (key === 'startpos') pos = startpos();
    else if (setup[0] === 'sfen' && setup.length > 1) {
      const parsed = parseSfen(setup.slice(1).join(' '));
      pos = parsed.ok ? parsed.value : null;
    }
    setups.set(key, pos);
  }
  const pos = setups.get(key);
  if (!pos) return { verdict: 'invalid' };
  const played: Move[] = [];
  let line = key;
  for (const word of moves) {
    let names = legalNames.get(line);
    if (!names) {
      names = new Map(legalMoves(pos).map((m) => [makeUsiMove(m), m]));
      legalNames.set(line, names);
    }
    const move = names.get(word);
    if (move === undefined) break;
    pos.doMove(move);
    played.push(move);
    line += ` ${word}`;
  }
  const sfen = makeSfen(pos);
  for (const move of played.reverse()) pos.undoMove(move);
  return played.length === moves.length ? { verdict: 'valid', sfen } : { verdict: 'invalid' };
}

/** Quoted texts that are the parser's own words, not quotes from the input. */
const POSITION_OWN_WORDS = new Set(['startpos', 'sfen ', 'b', 'w', '/', '+', '', 'moves']);

/** What is wrong with a `position` error, or null. */
function positionErrorProblem(error: string, text: string): string | null {
  const bad = badMessage(error, text);
  if (bad) return bad;
  if (!/^(position: |SFEN( board| side to move| hand| move number)?: )/.test(error))
    return 'the error names no field';
  const move = /^position: move (\d+) \(("(?:[^"\\]|\\.)*")\)/.exec(error);
  if (move) {
    const body = text.trim();
    const divider = /\s+moves(?:\s+|$)/.exec(body);
    const words = divider ? body.slice(divider.index + divider[0].length).split(/\s+/) : [];
    const quoted = (JSON.parse(move[2]!) as string).replace(/…$/, '');
    if (!(words[Number(move[1]) - 1] ?? '').startsWith(quoted))
      return `the error names move ${move[1]} as ${move[2]}, which is not that word of the input`;
  }
  // Messages show the input's words separated by single spaces.
  const spaced = (t: string): string => t.replace(/\s+/g, ' ');
  const foreign = quotedParts(error).filter(
    (q) => !POSITION_OWN_WORDS.has(q) && !spaced(text).includes(spaced(q)),
  );
  if (foreign.length > 0) return `the error quotes ${JSON.stringify(foreign)}, not in the input`;
  return null;
}

describe('USI position fuzz', () => {
  it(`reads ${FUZZ_CASES} generated and mutated position commands as an independent replay does`, () => {
    const rng = makeRng(POSITION_SEED);
    const starts = startPositions();
    const bases = Array.from({ length: BASE_GAMES }, () => {
      const command = gameCommand(randomGame(rng, pick(rng, starts), MAX_BASE_PLIES));
      return chance(rng, 0.5) ? `position ${command}` : command;
    });
    const log = new FuzzLog();
    const setups = new Map<string, Position | null>();
    const legalNames = new Map<string, Map<string, Move>>();
    for (let i = 0; i < FUZZ_CASES; i++) {
      const text = positionInput(rng, bases);
      const timed = log.attempt(text, () =>
        slowest(() => parsePositionCommand(text), PARSE_TIME_LIMIT_MS),
      );
      if (!timed) continue;
      if (timed.ms > PARSE_TIME_LIMIT_MS) log.fail(text, `took ${timed.ms.toFixed(1)} ms`);
      const result = timed.value;
      const reference = referencePosition(text, setups, legalNames);
      log.count(reference.verdict);
      if (!result.ok) {
        log.count('rejected');
        const problem = positionErrorProblem(result.error, text);
        if (problem) log.fail(text, `${problem}: ${result.error}`);
        if (reference.verdict === 'valid') log.fail(text, `valid but rejected: ${result.error}`);
        continue;
      }
      log.count('accepted');
      const made = makeSfen(result.value);
      if (reference.verdict === 'invalid') log.fail(text, `accepted as ${made}, but it is invalid`);
      if (reference.verdict === 'valid' && reference.sfen !== made)
        log.fail(text, `read as ${made}, an independent replay reaches ${reference.sfen}`);
      // What was read round-trips as USI writes a position, `sfen <its SFEN>`: every input the
      // replay could not judge, and a sample of the rest (the replay has already shown that the
      // SFEN is the right one, and test/engine/sfen.test.ts round-trips SFEN by the thousand).
      if (reference.verdict === 'either' || i % ROUND_TRIP_EVERY === 0) {
        const again = parsePositionCommand(`sfen ${made}`);
        if (!again.ok || makeSfen(again.value) !== made)
          log.fail(text, `${made} does not round-trip through "sfen …"`);
      }
      // Checking a position's invariants takes as long as reading it: every tenth will do.
      const invariant = i % INVARIANT_EVERY === 0 ? result.value.checkInvariants() : null;
      if (invariant !== null) log.fail(text, `a broken position: ${invariant}`);
    }
    console.log(`USI position fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['rejected']).toBeGreaterThan(FUZZ_CASES / 2);
    expect(log.tally['accepted']).toBeGreaterThan(FUZZ_CASES / 20);
    expect(log.tally['valid']).toBeGreaterThan(FUZZ_CASES / 20);
  });
});
