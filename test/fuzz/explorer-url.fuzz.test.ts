/**
 * Fuzzing the search explorers' address (url-state.ts): each explorer's parameters under its
 * namespace (`x.pos=…&x.a=nullMove:true,lmrBase:80&x.ab=1&x.depth=6…`), written only where they
 * differ from the chapter's configuration. A state written among other parameters must read back
 * equal; a link mutated character by character or parameter by parameter must give the state,
 * nothing (no parameter of its own), or an error that names the parameter, never a throw; and
 * what a mutated link gives must be a state an explorer can search with, that round-trips.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeOptions,
  decodeState,
  encodeOptions,
  encodeState,
  type ExplorerState,
  MAX_EXPLORER_DEPTH,
  MAX_EXPLORER_TIME_MS,
  positionParam,
  readNamespace,
  writeNamespace,
} from '../../src/components/widgets/explorer/url-state';
import { DEFAULT_OPTIONS, OPTION_SCHEMA, resolveOptions } from '../../src/engine/search/options';
import { MAX_GO_NODES } from '../../src/engine/worker/protocol';
import {
  badMessage,
  chance,
  FuzzLog,
  gameCommand,
  invalidOptionValue,
  makeRng,
  mutateText,
  nest,
  OTHER_PARAMS,
  pick,
  QUERY_ALPHABET,
  randomGame,
  randomInt,
  randomOptions,
  type Rng,
  startPositions,
  WEIRD_NUMBERS,
} from './fuzz-helpers';

const FUZZ_CASES = 10_000;
const EXPLORER_SEED = 0xe8b1;
/** Positions a link may name, and the longest game behind them. */
const BASE_GAMES = 60;
const MAX_BASE_PLIES = 12;
/** States written and read back: one case in this many (the rest are mutated links). */
const WRITTEN_EVERY = 10;
/** Written links the mutated ones are made from. */
const LINK_POOL = 500;
/** Mutated links that read, written and read again: one in this many. */
const ROUND_TRIP_EVERY = 4;
/**
 * States whose position differs from the chapter's, and so travels in the link: reading one
 * costs a position (most of a link's reading time), so most states keep the chapter's.
 */
const OWN_POSITION_SHARE = 0.25;

const FALLBACK: ExplorerState = {
  position: 'startpos',
  a: structuredClone(DEFAULT_OPTIONS),
  b: { ...structuredClone(DEFAULT_OPTIONS), nullMove: true },
  compare: false,
  limits: { depth: 4, nodes: 0, timeMs: 0 },
};

/** Search options with a few valid values set. */
function randomSearchOptions(rng: Rng): ExplorerState['a'] {
  const r = resolveOptions(nest(randomOptions(rng, OPTION_SCHEMA)));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** A state an explorer writes: a position, options, compare mode and limits in range. */
function randomExplorerState(rng: Rng, positions: readonly string[]): ExplorerState {
  return {
    position: chance(rng, OWN_POSITION_SHARE) ? pick(rng, positions) : FALLBACK.position,
    a: chance(rng, 0.5) ? FALLBACK.a : randomSearchOptions(rng),
    b: chance(rng, 0.5) ? FALLBACK.b : randomSearchOptions(rng),
    compare: chance(rng, 0.5),
    limits: {
      depth: randomInt(rng, 1, MAX_EXPLORER_DEPTH),
      nodes: chance(rng, 0.5) ? 0 : randomInt(rng, 1, MAX_GO_NODES),
      timeMs: chance(rng, 0.5) ? 0 : randomInt(rng, 1, MAX_EXPLORER_TIME_MS),
    },
  };
}

/** An `a=`/`b=` value mutated as options: unknown, misspelt, wrong values, wrong separators. */
function mutateOptionsText(text: string, rng: Rng): string {
  const items = text.split(',').filter(Boolean);
  const spec = pick(rng, OPTION_SCHEMA);
  const value = invalidOptionValue(spec, rng);
  const written = Array.isArray(value) ? value.join('_') : String(value);
  switch (randomInt(rng, 0, 5)) {
    case 0:
      return [...items, `${spec.path}:${written}`].join(',');
    case 1:
      return [...items, `${spec.path}x:1`].join(',');
    case 2:
      return [...items, spec.path].join(',');
    case 3:
      return [...items, `${spec.path}:${pick(rng, WEIRD_NUMBERS)}`].join(',');
    case 4:
      return text.replace(/,/g, pick(rng, [';', '&', ', ', ',,']));
    default:
      return mutateText(text, rng, QUERY_ALPHABET);
  }
}

const PARAM_KEYS = ['pos', 'a', 'ab', 'b', 'depth', 'nodes', 'time'] as const;

/** An explorer's query string mutated as a whole or in one of its parameters. */
function mutateExplorerQuery(query: string, rng: Rng, positions: readonly string[]): string {
  const entries = [...new URLSearchParams(query)];
  const key = pick(rng, PARAM_KEYS);
  const set = (value: string): string =>
    writeNamespace(
      query,
      'x',
      [...readNamespace(query, 'x')].filter(([k]) => k !== key).concat([[key, value]]),
    );
  switch (randomInt(rng, 0, 5)) {
    case 0:
      return mutateText(query, rng, QUERY_ALPHABET);
    case 1:
      return set(pick(rng, WEIRD_NUMBERS));
    case 2:
      return set(
        key === 'pos'
          ? mutateText(pick(rng, positions), rng)
          : key === 'a' || key === 'b'
            ? mutateOptionsText(readNamespace(query, 'x').get(key) ?? '', rng)
            : pick(rng, [
                '0',
                '1',
                `${MAX_EXPLORER_DEPTH + 1}`,
                `${MAX_GO_NODES + 1}`,
                `${MAX_EXPLORER_TIME_MS}`,
                '1.0',
              ]),
      );
    case 3:
      return `?${new URLSearchParams(entries.filter(() => chance(rng, 0.6))).toString()}`;
    case 4:
      return `${query || '?'}&x.${key}=${pick(rng, ['', '1', 'startpos', 'nullMove:true'])}`;
    default:
      return query.replace(/x\./g, pick(rng, ['', 'X.', 'x..', 'xy.', 'x%2E']));
  }
}

/** How two explorer states differ, or null (positions compared as a link writes them). */
function explorerDifference(got: ExplorerState, want: ExplorerState): string | null {
  if (positionParam(got.position) !== positionParam(want.position))
    return `position ${got.position}, not ${want.position}`;
  for (const side of ['a', 'b'] as const)
    if (JSON.stringify(got[side]) !== JSON.stringify(want[side]))
      return `${side} ${encodeOptions(got[side])}, not ${encodeOptions(want[side])}`;
  if (got.compare !== want.compare) return `compare ${got.compare}`;
  if (JSON.stringify(got.limits) !== JSON.stringify(want.limits))
    return `limits ${JSON.stringify(got.limits)}, not ${JSON.stringify(want.limits)}`;
  return null;
}

/** Through a real query string: encode, write among `other`, read, decode. */
function explorerRoundTrip(state: ExplorerState, other: string): ReturnType<typeof decodeState> {
  const written = writeNamespace(other, 'x', encodeState(state, FALLBACK));
  return decodeState(readNamespace(written, 'x'), FALLBACK);
}

/** What is wrong with the state a link gave (it must be one an explorer can search with). */
function explorerStateProblem(
  state: ExplorerState,
  params: ReadonlyMap<string, string>,
): string | null {
  // (A side the link does not set is the chapter's, which is valid.)
  for (const side of (['a', 'b'] as const).filter((s) => params.has(s))) {
    const checked = resolveOptions(state[side]);
    if (!checked.ok) return `${side}: ${checked.error}`;
  }
  const { depth, nodes, timeMs } = state.limits;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_EXPLORER_DEPTH) return `depth ${depth}`;
  if (!Number.isInteger(nodes) || nodes < 0 || nodes > MAX_GO_NODES) return `nodes ${nodes}`;
  if (!Number.isInteger(timeMs) || timeMs < 0 || timeMs > MAX_EXPLORER_TIME_MS)
    return `time ${timeMs}`;
  return typeof state.compare === 'boolean' ? null : `compare ${String(state.compare)}`;
}

describe('search explorer address fuzz', () => {
  it(`reads back written states and reads ${FUZZ_CASES} mutated links or names the parameter`, () => {
    const rng = makeRng(EXPLORER_SEED);
    const starts = startPositions();
    const positions = Array.from({ length: BASE_GAMES }, () => {
      const command = gameCommand(randomGame(rng, pick(rng, starts), MAX_BASE_PLIES));
      return chance(rng, 0.2) ? `position ${command}` : command;
    });
    const write = (): { state: ExplorerState; other: string; written: string } => {
      const state = randomExplorerState(rng, positions);
      const other = pick(rng, OTHER_PARAMS);
      return { state, other, written: writeNamespace(other, 'x', encodeState(state, FALLBACK)) };
    };
    // Links to mutate, written once: writing one costs about as much as reading it.
    const links = Array.from({ length: LINK_POOL }, write);
    const log = new FuzzLog();
    for (let i = 0; i < FUZZ_CASES; i++) {
      if (i % WRITTEN_EVERY === 0) {
        const { state, other, written } = write();
        log.count('written');
        const back = log.attempt(written, () => explorerRoundTrip(state, other));
        if (back === undefined) continue;
        const read = back === null ? structuredClone(FALLBACK) : back.ok ? back.value : null;
        if (read === null)
          log.fail(
            written,
            `a written state does not read back: ${back?.ok === false ? back.error : ''}`,
          );
        else {
          const difference = explorerDifference(read, state);
          if (difference) log.fail(written, `reads back with ${difference}`);
        }
        // The options alone, as a link writes them, read back as themselves.
        const text = encodeOptions(state.a);
        const options = decodeOptions(text);
        if (!options.ok || JSON.stringify(options.value) !== JSON.stringify(state.a))
          log.fail(
            text,
            `options do not read back: ${options.ok ? encodeOptions(options.value) : options.error}`,
          );
        continue;
      }
      const { other, written } = pick(rng, links);
      const query = mutateExplorerQuery(written, rng, positions);
      const params = log.attempt(query, () => readNamespace(query, 'x'));
      if (!params) continue;
      const result = log.attempt(query, () => decodeState(params, FALLBACK));
      if (result === undefined) continue;
      log.count(result === null ? 'nothing' : result.ok ? 'accepted' : 'rejected');
      if (result === null) {
        if (PARAM_KEYS.some((k) => params.has(k)))
          log.fail(query, 'parameters of its own, read as none');
        continue;
      }
      if (!result.ok) {
        const bad = badMessage(result.error, `${query} ${[...params.values()].join(' ')}`);
        if (bad) log.fail(query, `${bad}: ${result.error}`);
        const named = /^(pos|a|b|ab|depth|nodes|time): /.exec(result.error);
        if (!named) log.fail(query, `the error names no parameter: ${result.error}`);
        else if (!params.has(named[1]!))
          log.fail(query, `the error names ${named[1]}, which the link lacks`);
        continue;
      }
      const problem = explorerStateProblem(result.value, params);
      if (problem) log.fail(query, `read a state no explorer can use: ${problem}`);
      if (i % ROUND_TRIP_EVERY !== 0) continue;
      // What a mutated link gives round-trips.
      const again = log.attempt(query, () => explorerRoundTrip(result.value, other));
      const read = again === null ? structuredClone(FALLBACK) : again?.ok ? again.value : null;
      if (read === null) log.fail(query, `the state read does not read back`);
      else {
        const difference = explorerDifference(read, result.value);
        if (difference) log.fail(query, `the state read reads back with ${difference}`);
      }
    }
    console.log(`explorer address fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['rejected']).toBeGreaterThan(FUZZ_CASES / 5);
    expect(log.tally['accepted']).toBeGreaterThan(FUZZ_CASES / 10);
  });
});
