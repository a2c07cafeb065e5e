/**
 * USI options: the `option` lines an engine announces after `usi`, and the values a GUI sets
 * with `setoption`. Every search option of OPTION_SCHEMA becomes one USI option (a toggle a
 * `check`, a select a `combo`, a number a `spin`), next to the engine's own: USI_Ponder and
 * TimeMargin. The transposition table's size is USI_Hash, the name every GUI already knows.
 */
import { checkValue, getOption, setOption } from '../search/options';
import { DEFAULT_OPTIONS, MATE, type OptionSpec, type SearchOptions } from '../search/index';
import { err, ok, type Result } from '../types';
import { DEFAULT_TIME_MARGIN_MS } from './time';

export type UsiOptionType = 'check' | 'spin' | 'combo' | 'string' | 'button';
export type UsiOptionValue = boolean | number | string;

/** One USI option as an `option` line describes it. */
export type UsiOption =
  | { name: string; type: 'check'; default: boolean }
  | { name: string; type: 'spin'; default: number; min: number; max: number }
  | { name: string; type: 'combo'; default: string; vars: readonly string[] }
  | { name: string; type: 'string'; default: string }
  | { name: string; type: 'button' };

/** A USI option and where its value goes: a search option (`path`), scaled, or the engine. */
export type BoundOption = UsiOption & {
  /** Dotted path into SearchOptions; absent for the engine's own options. */
  path?: string;
  /** A spin's value is the option's value times `scale` (USI spins are whole numbers). */
  scale?: number;
  /** A string that holds a table option's numbers, comma-separated. */
  table?: boolean;
};

/** USI's own name for the transposition table size, which every GUI sends. */
export const HASH_OPTION = 'USI_Hash';
export const PONDER_OPTION = 'USI_Ponder';
/**
 * Milliseconds kept back from the time a clock allows (not from `go movetime`), for the trip from
 * the search to the GUI's clock. The default, DEFAULT_TIME_MARGIN_MS, kept 898 of 900
 * `byoyomi 1000` moves in time on a busy two-core machine (`npm run usi:overrun` measures it);
 * raise it if a GUI on a loaded machine reports losses on time, lower it on an idle machine to
 * think longer.
 */
export const TIME_MARGIN_OPTION = 'TimeMargin';
/**
 * Resign (answer `bestmove resign`) when the search's score is at or below minus this value, in
 * the engine's units (a pawn is 90; mate is 32000). 0, the default, never resigns, as in
 * YaneuraOu's `ResignValue` (whose default is beyond any score). The score is the final one of
 * the search, from the side to move's view, so 31990 resigns only when mated within 10 plies.
 */
export const RESIGN_OPTION = 'ResignValue';
/**
 * The engine plays with its strongest settings (lab/presets.ts, STRONGEST): those are the search
 * options' announced defaults. With `BookBaseline` true it plays the book's baseline instead,
 * every technique off as a chapter starts (the search options' own defaults), and a search option
 * counts only where the GUI set it to something other than its announced default: a GUI that
 * sends every option it shows does not bring the strongest settings back.
 */
export const BASELINE_OPTION = 'BookBaseline';
const HASH_PATH = 'ttSizeMb';
const MAX_TIME_MARGIN_MS = 10_000;
/** The most decimal places a number option's step, min or max may have (then it scales). */
const MAX_DECIMALS = 6;

/**
 * The USI name of a search option: its label in PascalCase ("TT move first" → TTMoveFirst),
 * or USI_Hash for the table size. A number with a fractional step counts in units of
 * 1/scale and says so in its name ("Margin" with step 0.5 → Margin_x2).
 */
export function usiOptionName(spec: OptionSpec): string {
  if (spec.path === HASH_PATH) return HASH_OPTION;
  const words = spec.label.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name =
    words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') ||
    spec.path.replace(/[^A-Za-z0-9]+/g, '_');
  const scale = spec.kind === 'number' ? numberScale(spec) : 1;
  return scale === 1 ? name : `${name}_x${scale}`;
}

/** The power of ten that makes a number option's min, max and step whole (1 when they are). */
export function numberScale(spec: { min: number; max: number; step: number }): number {
  for (let scale = 1; scale <= 10 ** MAX_DECIMALS; scale *= 10) {
    const whole = [spec.min, spec.max, spec.step].every(
      (v) => Math.abs(v * scale - Math.round(v * scale)) < 1e-9,
    );
    if (whole) return scale;
  }
  return 10 ** MAX_DECIMALS;
}

// #region usi-options
/** Every option the engine announces, search options first, in schema order. */
export function makeUsiOptions(
  schema: readonly OptionSpec[],
  defaults: Readonly<SearchOptions> = DEFAULT_OPTIONS,
): BoundOption[] {
  const out: BoundOption[] = schema.map((spec): BoundOption => {
    const name = usiOptionName(spec);
    const value = getOption(defaults, spec.path);
    switch (spec.kind) {
      case 'toggle':
        return { name, type: 'check', default: value === true, path: spec.path };
      case 'select':
        return { name, type: 'combo', default: String(value), vars: spec.choices, path: spec.path };
      case 'integer':
        return {
          name,
          type: 'spin',
          default: Number(value),
          min: spec.min,
          max: spec.max,
          path: spec.path,
        };
      case 'table':
        // A table travels as its numbers, comma-separated, row by row.
        return {
          name,
          type: 'string',
          default: (value as number[]).join(','),
          path: spec.path,
          table: true,
        };
      case 'number': {
        const scale = numberScale(spec);
        const spin = (v: number): number => Math.round(v * scale);
        return {
          name,
          type: 'spin',
          default: spin(Number(value)),
          min: spin(spec.min),
          max: spin(spec.max),
          path: spec.path,
          scale,
        };
      }
    }
  });
  out.push({ name: PONDER_OPTION, type: 'check', default: false });
  out.push({
    name: TIME_MARGIN_OPTION,
    type: 'spin',
    default: DEFAULT_TIME_MARGIN_MS,
    min: 0,
    max: MAX_TIME_MARGIN_MS,
  });
  out.push({ name: RESIGN_OPTION, type: 'spin', default: 0, min: 0, max: MATE });
  out.push({ name: BASELINE_OPTION, type: 'check', default: false });
  return out;
}
// #endregion

/** The `option` line of an option, as printed after `usi`. */
export function makeOptionLine(option: UsiOption): string {
  const head = `option name ${option.name} type ${option.type}`;
  switch (option.type) {
    case 'check':
    case 'spin':
    case 'string': {
      const d = option.type === 'string' && option.default === '' ? '<empty>' : option.default;
      const range = option.type === 'spin' ? ` min ${option.min} max ${option.max}` : '';
      return `${head} default ${d}${range}`;
    }
    case 'combo':
      return `${head} default ${option.default}${option.vars.map((v) => ` var ${v}`).join('')}`;
    case 'button':
      return head;
  }
}

const OPTION_FIELDS = new Set(['name', 'type', 'default', 'min', 'max', 'var']);

/** Read an `option` line back, as a GUI does; the error names the field that is wrong. */
export function parseOptionLine(line: string): Result<UsiOption> {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] !== 'option') return err(`option line: expected "option", got "${tokens[0]}"`);
  const fields = new Map<string, string[]>();
  const vars: string[] = [];
  let key: string | null = null;
  for (const token of tokens.slice(1)) {
    if (OPTION_FIELDS.has(token)) {
      key = token;
      if (key === 'var') vars.push('');
      else fields.set(key, []);
    } else if (key === null) {
      return err(`option line: unexpected "${token}" before "name"`);
    } else if (key === 'var') {
      vars[vars.length - 1] = vars.at(-1) ? `${vars.at(-1)} ${token}` : token;
    } else {
      fields.get(key)!.push(token);
    }
  }
  const text = (k: string): string | undefined => fields.get(k)?.join(' ');
  const name = text('name');
  if (!name) return err('option line: no name');
  const type = text('type');
  const value = text('default');
  const integer = (k: string): number | null => {
    const t = text(k);
    return t !== undefined && /^-?\d+$/.test(t) ? Number(t) : null;
  };
  switch (type) {
    case 'check':
      if (value !== 'true' && value !== 'false')
        return err(`option ${name}: check default must be true or false, got "${value}"`);
      return ok({ name, type, default: value === 'true' });
    case 'spin': {
      const [d, min, max] = [integer('default'), integer('min'), integer('max')];
      if (d === null || min === null || max === null)
        return err(`option ${name}: spin needs whole default, min and max`);
      if (min > max || d < min || d > max)
        return err(`option ${name}: default ${d} is not within min ${min} and max ${max}`);
      return ok({ name, type, default: d, min, max });
    }
    case 'combo': {
      if (value === undefined || !vars.includes(value))
        return err(`option ${name}: combo default "${value}" is not one of its vars`);
      return ok({ name, type, default: value, vars });
    }
    case 'string':
      return ok({ name, type, default: value === '<empty>' ? '' : (value ?? '') });
    case 'button':
      return ok({ name, type });
    default:
      return err(`option ${name}: unknown type "${type}"`);
  }
}

/** Read a `setoption` value for `option`; the error names the option and what it expects. */
export function parseOptionValue(
  option: UsiOption,
  text: string | undefined,
): Result<UsiOptionValue> {
  const name = option.name;
  const got = text === undefined ? 'no value' : JSON.stringify(text.slice(0, 30));
  switch (option.type) {
    case 'check':
      if (text === 'true' || text === 'false') return ok(text === 'true');
      return err(`setoption ${name}: expected true or false, got ${got}`);
    case 'spin': {
      const n = text !== undefined && /^-?\d+$/.test(text) ? Number(text) : NaN;
      if (Number.isInteger(n) && n >= option.min && n <= option.max) return ok(n);
      return err(
        `setoption ${name}: expected a whole number from ${option.min} to ${option.max}, got ${got}`,
      );
    }
    case 'combo':
      if (text !== undefined && option.vars.includes(text)) return ok(text);
      return err(`setoption ${name}: expected one of ${option.vars.join(', ')}, got ${got}`);
    case 'string':
      return ok(text ?? '');
    case 'button':
      return ok(true);
  }
}

/** A table option's text: numbers separated by commas (or spaces); anything else stays text. */
function parseTable(text: string): unknown {
  const cells = text.split(/[\s,]+/).filter(Boolean);
  const numbers = cells.map(Number);
  return numbers.every((n, i) => Number.isFinite(n) && cells[i] !== '') ? numbers : text;
}

/**
 * The search options that a set of USI values describes: `base`, overwritten by every value that
 * belongs to a search option (spins divided by their scale) — or, with `onlyChanged`, by every
 * such value that differs from the option's announced default.
 */
export function searchOptionsFrom(
  options: readonly BoundOption[],
  values: ReadonlyMap<string, UsiOptionValue>,
  schema: readonly OptionSpec[],
  base: Readonly<SearchOptions> = DEFAULT_OPTIONS,
  onlyChanged = false,
): Result<SearchOptions> {
  const out = structuredClone(base) as SearchOptions;
  for (const option of options) {
    if (option.path === undefined) continue;
    const raw = values.get(option.name);
    if (raw === undefined) continue;
    if (onlyChanged && 'default' in option && raw === option.default) continue;
    const value =
      typeof raw === 'number'
        ? raw / (option.scale ?? 1)
        : option.table === true
          ? parseTable(String(raw))
          : raw;
    const spec = schema.find((s) => s.path === option.path);
    const problem = spec ? checkValue(spec, value) : `no such search option`;
    if (problem) return err(`option ${option.name}: ${problem}`);
    setOption(out, option.path, value);
  }
  return ok(out);
}

/**
 * The options a `go mate` searches with: the given ones with every technique that can skip a
 * defence switched off (forward pruning, null move, futility, razoring, late-move reductions).
 * A mate found with any of them on may rest on a defence that was never read, so it is no proof;
 * without them `checkmate <moves>` is only answered for a mate the search proved.
 */
export function mateProofOptions(options: Readonly<SearchOptions>): SearchOptions {
  return {
    ...options,
    forwardPruning: 'off',
    nullMove: false,
    futility: false,
    razoring: false,
    lmr: false,
  };
}
