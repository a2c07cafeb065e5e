/**
 * Fuzzing the Analyse page's address (analyse-url.ts): `game=` (a USI position command, read as a
 * record is) and `ply=` (the move shown). A state written into a query string, among other
 * parameters, must read back equal and leave the others alone; a query string mutated character
 * by character or parameter by parameter must give the state, nothing (no `game`), or an error
 * that says whether the game or the move is wrong, never a throw; and what a mutated address
 * gives must be a state that round-trips.
 */
import { describe, expect, it } from 'vitest';
import {
  type AnalyseState,
  readAnalyseState,
  writeAnalyseState,
} from '../../src/components/play/analyse-url';
import {
  badMessage,
  chance,
  FuzzLog,
  makeRng,
  mutateText,
  OTHER_PARAMS,
  pick,
  QUERY_ALPHABET,
  randomGame,
  randomInt,
  type Rng,
  startPositions,
  WEIRD_NUMBERS,
} from './fuzz-helpers';

const FUZZ_CASES = 10_000;
const ANALYSE_SEED = 0xa7a1;
/** The longest game an address is made from. */
const MAX_BASE_PLIES = 12;
/** States written and read back: one case in this many (the rest are mutated addresses). */
const WRITTEN_EVERY = 10;
/** Written addresses the mutated ones are made from. */
const ADDRESS_POOL = 500;
/** Mutated addresses that read, written and read again: one in this many (a read costs most). */
const ROUND_TRIP_EVERY = 4;

/** A state the Analyse page writes: a game from the start or a set-up position, and a ply. */
function randomAnalyseState(rng: Rng, starts: readonly string[]): AnalyseState {
  const game = randomGame(rng, pick(rng, starts), MAX_BASE_PLIES);
  const ply = chance(rng, 0.4) ? game.moves.length : randomInt(rng, 0, game.moves.length);
  return { game: { start: game.start, moves: game.moves }, ply };
}

/** The query string of one state, mutated as a whole or in one of its parameters. */
function mutateAnalyseQuery(query: string, rng: Rng): string {
  const params = new URLSearchParams(query);
  switch (randomInt(rng, 0, 5)) {
    case 0:
      return mutateText(query, rng, QUERY_ALPHABET);
    case 1:
      params.set('ply', pick(rng, WEIRD_NUMBERS));
      break;
    case 2:
      params.set('game', mutateText(params.get('game') ?? 'startpos', rng));
      break;
    case 3:
      params.delete(pick(rng, ['game', 'ply']));
      break;
    case 4:
      params.append(pick(rng, ['game', 'ply']), pick(rng, ['startpos', '0', '7g7f', '']));
      break;
    default:
      params.set('game', pick(rng, ['', ' ', 'sfen', 'startpos moves', 'hello', '手合割：平手']));
  }
  return `?${params.toString()}`;
}

/** What is wrong with what readAnalyseState gave for `query`, or null. */
function analyseProblem(query: string, result: ReturnType<typeof readAnalyseState>): string | null {
  const params = new URLSearchParams(query);
  if (result === null) return params.has('game') ? 'a game in the address was not read' : null;
  if (!params.has('game')) return 'read a game from an address with none';
  if (!result.ok) {
    const bad = badMessage(result.error, `${query} ${[...params.values()].join(' ')}`);
    if (bad) return `${bad}: ${result.error}`;
    if (result.error.startsWith('The game in the address: ')) return null;
    const ply =
      /^The move in the address: ply must be a whole number from 0 to \d+, got "(.*)"$/s.exec(
        result.error,
      );
    if (ply && ply[1] === params.get('ply')) return null;
    return `an error that names neither the game nor the move: ${result.error}`;
  }
  const { game, ply } = result.value;
  if (!Number.isInteger(ply) || ply < 0 || ply > game.moves.length)
    return `ply ${ply} with ${game.moves.length} moves`;
  const plyText = params.get('ply');
  if (
    plyText === null ? ply !== game.moves.length : !/^\d+$/.test(plyText) || Number(plyText) !== ply
  )
    return `ply ${ply} read from ${JSON.stringify(plyText)}`;
  return null;
}

/** How the state read back differs from the one written, or null. */
function analyseDifference(got: AnalyseState, want: AnalyseState): string | null {
  if (got.game.start !== want.game.start) return `start ${got.game.start}, not ${want.game.start}`;
  if (got.game.moves.join(' ') !== want.game.moves.join(' '))
    return `moves ${got.game.moves.join(' ')}, not ${want.game.moves.join(' ')}`;
  return got.ply === want.ply ? null : `ply ${got.ply}, not ${want.ply}`;
}

describe('Analyse address fuzz', () => {
  it(`reads back written states and reads ${FUZZ_CASES} mutated addresses or says why not`, () => {
    const rng = makeRng(ANALYSE_SEED);
    const starts = startPositions();
    const write = (): { state: AnalyseState; other: string; written: string } => {
      const state = randomAnalyseState(rng, starts);
      const other = pick(rng, OTHER_PARAMS);
      return { state, other, written: writeAnalyseState(other, state) };
    };
    // Addresses to mutate, written once (a random game costs a position to play).
    const addresses = Array.from({ length: ADDRESS_POOL }, write);
    const log = new FuzzLog();
    for (let i = 0; i < FUZZ_CASES; i++) {
      if (i % WRITTEN_EVERY === 0) {
        const { state, other, written } = write();
        // Written, read back: the same state, and the other parameters as they were.
        log.count('written');
        const back = log.attempt(written, () => readAnalyseState(written));
        if (back === undefined) continue;
        if (back === null || !back.ok) {
          log.fail(
            written,
            `a written state does not read back: ${back?.ok === false ? back.error : 'null'}`,
          );
          continue;
        }
        const difference = analyseDifference(back.value, state);
        if (difference) log.fail(written, `reads back with ${difference}`);
        const kept = [...new URLSearchParams(written)].filter(([k]) => k !== 'game' && k !== 'ply');
        if (new URLSearchParams(kept).toString() !== new URLSearchParams(other).toString())
          log.fail(
            written,
            `the other parameters ${other} became ${new URLSearchParams(kept).toString()}`,
          );
        continue;
      }
      const query = mutateAnalyseQuery(pick(rng, addresses).written, rng);
      const result = log.attempt(query, () => readAnalyseState(query));
      if (result === undefined) continue;
      log.count(result === null ? 'no game' : result.ok ? 'accepted' : 'rejected');
      const problem = analyseProblem(query, result);
      if (problem) log.fail(query, problem);
      if (!result?.ok || i % ROUND_TRIP_EVERY !== 0) continue;
      // What a mutated address gives is a state that round-trips.
      const again = readAnalyseState(writeAnalyseState(query, result.value));
      if (!again?.ok) log.fail(query, `the state read does not read back`);
      else {
        const difference = analyseDifference(again.value, result.value);
        if (difference) log.fail(query, `the state read reads back with ${difference}`);
      }
    }
    console.log(`Analyse address fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['rejected']).toBeGreaterThan(FUZZ_CASES / 5);
    expect(log.tally['accepted']).toBeGreaterThan(FUZZ_CASES / 10);
  });
});
