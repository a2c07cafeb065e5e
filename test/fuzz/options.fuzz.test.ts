/**
 * Fuzzing search options given as data (resolveOptions: a URL, a worker message, a lab player)
 * and as typed text (parsePlayer: `--a null` or `--a '{"nullMove":true}'`). Options with valid
 * values must come back as given over the defaults, and round-trip through JSON; wrong types,
 * values out of range, unknown and misplaced keys, JSON that does not parse and nesting deeper
 * than a stack must give an error that names the option (or the preset, or the JSON's fault),
 * never a throw. An independent reading of the declarations decides what is valid.
 */
import { describe, expect, it } from 'vitest';
import { describeChange, parsePlayer, PRESETS, presetById } from '../../src/engine/lab/presets';
import type { OptionSpec } from '../../src/engine/option-spec';
import {
  DEFAULT_OPTIONS,
  diffOptions,
  OPTION_SCHEMA,
  resolveOptions,
} from '../../src/engine/search/options';
import {
  badMessage,
  chance,
  FuzzLog,
  invalidOptionValue,
  makeRng,
  mutateText,
  nest,
  pick,
  randomInt,
  randomOptions,
  type Rng,
} from './fuzz-helpers';

const FUZZ_CASES = 10_000;
const RESOLVE_SEED = 0x0b7;
const PLAYER_SEED = 0x91a7;

const SPECS = new Map<string, OptionSpec>(OPTION_SCHEMA.map((s) => [s.path, s]));
/** Paths that name a group of options (`moveEval`), not an option. */
const GROUPS = new Set(
  OPTION_SCHEMA.flatMap((s) => {
    const keys = s.path.split('.');
    return keys.slice(0, -1).map((_, i) => keys.slice(0, i + 1).join('.'));
  }),
);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Does `value` fit `spec`? Read from the declaration, apart from the validator under test. */
function fits(spec: OptionSpec, value: unknown): boolean {
  const inRange = (v: unknown, min: number, max: number, whole: boolean): boolean =>
    typeof v === 'number' &&
    Number.isFinite(v) &&
    v >= min &&
    v <= max &&
    (!whole || Number.isInteger(v));
  switch (spec.kind) {
    case 'toggle':
      return value === true || value === false;
    case 'select':
      return typeof value === 'string' && spec.choices.includes(value);
    case 'integer':
      return inRange(value, spec.min, spec.max, true);
    case 'number':
      return inRange(value, spec.min, spec.max, false);
    case 'table':
      return (
        Array.isArray(value) &&
        value.length === spec.rows.length * spec.columns.length &&
        value.every((v) => inRange(v, spec.min, spec.max, spec.whole))
      );
  }
}

/** JSON of a value, or a mark where it is too deep to write. */
function safeJson(value: unknown): string {
  try {
    // As the error shows it: NaN and Infinity as themselves, not as JSON's null.
    const numbers = (_: string, v: unknown): unknown =>
      typeof v === 'number' && !Number.isFinite(v) ? String(v) : v;
    return JSON.stringify(value, numbers) ?? String(value);
  } catch {
    return '(too deep to write)';
  }
}

interface Reading {
  /** Keys that are no option (nor a group of options holding an object), by dotted path. */
  unknown: string[];
  /** Options whose value does not fit. */
  misfits: string[];
  /** Options with a value that fits. */
  values: Map<string, unknown>;
}

/** Which options `input` sets, which keys are no option, and which values do not fit. */
function readOptions(input: Record<string, unknown>, prefix = '', out?: Reading): Reading {
  const reading: Reading = out ?? { unknown: [], misfits: [], values: new Map() };
  for (const [key, value] of Object.entries(input)) {
    const path = prefix + key;
    const spec = key.includes('.') ? undefined : SPECS.get(path);
    if (spec) {
      if (value === undefined) continue; // JSON has no undefined; an object may: "not given"
      if (fits(spec, value)) reading.values.set(path, value);
      else reading.misfits.push(path);
    } else if (GROUPS.has(path) && !key.includes('.') && isPlainObject(value)) {
      readOptions(value, `${path}.`, reading);
    } else reading.unknown.push(path);
  }
  return reading;
}

/** The defaults with `values` set, as resolveOptions should return them. */
function expectedOptions(values: ReadonlyMap<string, unknown>): unknown {
  const out = structuredClone(DEFAULT_OPTIONS) as unknown as Record<string, unknown>;
  for (const [path, value] of values) {
    const keys = path.split('.');
    let o = out;
    for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
    o[keys.at(-1)!] = value;
  }
  return out;
}

const KEY_TYPOS = [
  'nulMove',
  'NullMove',
  'null_move',
  '',
  ' ',
  'constructor',
  'toString',
  '__proto__',
];

/** Options as an object, right or wrong: valid values, then mutated by key and by value. */
function optionsInput(rng: Rng): unknown {
  const flat = randomOptions(rng, OPTION_SCHEMA);
  const roll = rng();
  if (roll < 0.25) return nest(flat);
  if (roll < 0.5) {
    // A value that does not fit.
    const spec = pick(rng, OPTION_SCHEMA);
    flat.set(spec.path, invalidOptionValue(spec, rng));
    return nest(flat);
  }
  if (roll < 0.6) {
    // A key that is no option: misspelled, inside a group, or an unknown group.
    const nested = nest(flat);
    const where = chance(rng, 0.5)
      ? nested
      : ((nested['moveEval'] ??= {}) as Record<string, unknown>);
    const key = chance(rng, 0.5) ? pick(rng, KEY_TYPOS) : `${pick(rng, OPTION_SCHEMA).path}x`;
    // An own property, as JSON.parse makes it, even for `__proto__`.
    Object.defineProperty(where, key, {
      value: chance(rng, 0.3) ? {} : pick(rng, [true, 1, 'x', null, [], { nullMove: true }]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return nested;
  }
  if (roll < 0.7) {
    // An option written with its dotted path as one key, which the nesting never reads.
    const nested = nest(flat);
    const spec = pick(
      rng,
      OPTION_SCHEMA.filter((s) => s.path.includes('.')),
    );
    nested[spec.path] = invalidOptionValue(spec, rng);
    return nested;
  }
  if (roll < 0.8) {
    // A group that is no object, or an option given as a group.
    const nested = nest(flat);
    if (chance(rng, 0.5)) nested[pick(rng, [...GROUPS])] = pick(rng, [1, 'x', null, [], true]);
    else
      nested[
        pick(
          rng,
          OPTION_SCHEMA.filter((s) => !s.path.includes('.')),
        ).path
      ] = { x: 1 };
    return nested;
  }
  if (roll < 0.85) return pick(rng, [null, undefined, 1, 'nullMove', [], [{}], true]);
  // Mutated as JSON text, and read back as JSON when it still parses.
  const text = mutateText(JSON.stringify(nest(flat)), rng, '{}[]":,0123456789.-eE truefalsn');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return nest(flat);
  }
}

/** What is wrong with resolveOptions' answer for `input`, or null. */
function resolveProblem(given: unknown, result: ReturnType<typeof resolveOptions>): string | null {
  const input = given === undefined ? {} : given; // resolveOptions() means no options
  if (!isPlainObject(input)) {
    if (result.ok) return 'accepted options that are no object';
    return result.error === 'options: expected an object' ? null : `says ${result.error}`;
  }
  const reading = readOptions(input);
  const valid = reading.unknown.length === 0 && reading.misfits.length === 0;
  if (result.ok) {
    if (!valid)
      return `accepted, with unknown keys ${JSON.stringify(reading.unknown)} and misfits ${JSON.stringify(reading.misfits)}`;
    const want = expectedOptions(reading.values);
    return JSON.stringify(result.value) === JSON.stringify(want)
      ? null
      : `resolved to ${JSON.stringify(diffOptions(result.value))}, not the values given`;
  }
  const bad = badMessage(result.error, safeJson(input));
  if (bad) return `${bad}: ${result.error}`;
  if (valid) return `refused valid options: ${result.error}`;
  const unknown = /^options: unknown option "(.*)"$/s.exec(result.error);
  if (unknown)
    return reading.unknown.includes(unknown[1]!)
      ? null
      : `names ${unknown[1]} as unknown; the unknown keys are ${JSON.stringify(reading.unknown)}`;
  // A table's error names the cell too: `options: creditTable: gold × check: expected …`.
  const misfit = /^options: ([\w.]+): (?:[^:]+: )?expected /.exec(result.error);
  if (misfit)
    return reading.unknown.length === 0 && reading.misfits.includes(misfit[1]!)
      ? null
      : `names ${misfit[1]}; the misfits are ${JSON.stringify(reading.misfits)}, the unknown keys ${JSON.stringify(reading.unknown)}`;
  return `an error that names no option: ${result.error}`;
}

/** `{"a":{"a":…1…}}`, `depth` objects deep: deeper than any stack a recursive reader has. */
const deepJson = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('option JSON fuzz', () => {
  it(`resolves ${FUZZ_CASES} generated and mutated option objects as the declarations say`, () => {
    const rng = makeRng(RESOLVE_SEED);
    const log = new FuzzLog();
    for (let i = 0; i < FUZZ_CASES; i++) {
      const input = optionsInput(rng);
      const label = safeJson(input);
      const result = log.attempt(label, () => resolveOptions(input));
      if (!result) continue;
      log.count(result.ok ? 'accepted' : 'rejected');
      const problem = resolveProblem(input, result);
      if (problem) log.fail(label, problem);
      if (!result.ok) continue;
      // The options round-trip through their differences from the defaults, as nested JSON.
      const change = JSON.parse(
        JSON.stringify(nest(new Map(Object.entries(diffOptions(result.value))))),
      ) as unknown;
      const again = resolveOptions(change);
      if (!again.ok || JSON.stringify(again.value) !== JSON.stringify(result.value))
        log.fail(label, `does not round-trip through ${JSON.stringify(change)}`);
    }
    console.log(`option JSON fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['accepted']).toBeGreaterThan(FUZZ_CASES / 5);
    expect(log.tally['rejected']).toBeGreaterThan(FUZZ_CASES / 3);
  });

  it(`reads ${FUZZ_CASES} typed players (preset names and JSON) or names what is wrong`, () => {
    const rng = makeRng(PLAYER_SEED);
    const log = new FuzzLog();
    const ids = PRESETS.map((p) => p.id);
    for (let i = 0; i < FUZZ_CASES; i++) {
      const roll = rng();
      const json = JSON.stringify(optionsInput(rng)) ?? 'undefined';
      const text =
        roll < 0.2
          ? pick(rng, ids)
          : roll < 0.3
            ? mutateText(pick(rng, ids), rng)
            : roll < 0.6
              ? json
              : roll < 0.99
                ? mutateText(json, rng)
                : deepJson(randomInt(rng, 1_000, 30_000));
      const spaced = chance(rng, 0.1) ? ` ${text}\n` : text;
      const result = log.attempt(spaced, () => parsePlayer(spaced));
      if (!result) continue;
      log.count(result.ok ? 'accepted' : 'rejected');
      const trimmed = spaced.trim();
      if (!trimmed.startsWith('{')) {
        const preset = presetById(trimmed);
        if (preset) {
          const want = resolveOptions(preset.options);
          if (!result.ok || !want.ok || result.value.name !== preset.id)
            log.fail(spaced, `the preset ${preset.id} was not read`);
          else if (JSON.stringify(result.value.options) !== JSON.stringify(want.value))
            log.fail(spaced, `the preset ${preset.id} read as other options`);
        } else if (result.ok) log.fail(spaced, `no preset, but read as ${result.value.name}`);
        else if (!result.error.startsWith(`unknown preset ${JSON.stringify(trimmed)} (presets: `))
          log.fail(spaced, `the error does not quote the name: ${result.error}`);
        else {
          // (The list of presets names one `null`.)
          const bad = badMessage(result.error.split(' (presets: ')[0]!, spaced);
          if (bad) log.fail(spaced, `${bad}: ${result.error}`);
        }
        continue;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        if (result.ok) log.fail(spaced, 'JSON that does not parse was read');
        else if (!/^options JSON does not parse: \S/.test(result.error))
          log.fail(spaced, `the error does not say the JSON is wrong: ${result.error}`);
        continue;
      }
      const problem = resolveProblem(
        parsed,
        result.ok ? { ok: true, value: result.value.options } : result,
      );
      if (problem) log.fail(spaced, problem);
      if (!result.ok) continue;
      if (result.value.name !== 'custom' || result.value.label !== describeChange(parsed))
        log.fail(spaced, `named ${result.value.name} (${result.value.label})`);
      // What was read round-trips: its change, written as JSON, reads as the same options.
      const again = parsePlayer(JSON.stringify(result.value.change));
      if (!again.ok || JSON.stringify(again.value.options) !== JSON.stringify(result.value.options))
        log.fail(spaced, 'the change read does not read back as the same options');
    }
    console.log(`player fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['accepted']).toBeGreaterThan(FUZZ_CASES / 5);
    expect(log.tally['rejected']).toBeGreaterThan(FUZZ_CASES / 3);
  });
});
