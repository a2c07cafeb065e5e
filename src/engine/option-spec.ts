/**
 * Options as data. A technique declares its options once, in its own module: a label, a default,
 * a range and a line of help for each. Everything else is derived from those declarations: the
 * options type, the defaults, the one validator every untrusted value goes through (a URL, a
 * worker message, a USI `setoption`), the widgets' panels and the USI `option` lines.
 *
 * Kinds: a `toggle` is a switch; a `select` one of a few names; an `integer` a whole number
 * (plies, counts, a rank); a `number` any number in a range, in steps; a `table` a grid of
 * numbers with named rows and columns (a value per piece and per kind of move, say).
 */
import { err, ok, type Result } from './types';

interface DeclBase {
  /** Short name on a control: "Null-move R". */
  label: string;
  /** One line on what the option does, with the source of its default. */
  help: string;
}

export interface ToggleDecl extends DeclBase {
  kind: 'toggle';
  default: boolean;
}

export interface SelectDecl<C extends string = string> extends DeclBase {
  kind: 'select';
  choices: readonly C[];
  default: C;
}

export interface IntegerDecl extends DeclBase {
  kind: 'integer';
  default: number;
  min: number;
  max: number;
  /** Slider step (a whole number; 1 when absent). */
  step?: number;
  unit?: string;
}

export interface NumberDecl extends DeclBase {
  kind: 'number';
  default: number;
  min: number;
  max: number;
  step: number;
  unit?: string;
}

export interface TableDecl extends DeclBase {
  kind: 'table';
  rows: readonly string[];
  columns: readonly string[];
  /** Row-major, rows × columns values. */
  default: readonly number[];
  min: number;
  max: number;
  step: number;
  /** Every entry is a whole number. */
  whole: boolean;
}

export type OptionDecl = ToggleDecl | SelectDecl | IntegerDecl | NumberDecl | TableDecl;

/** A module's options: names to declarations, or to a nested group (`moveEval.captureBonus`). */
export interface OptionDecls {
  readonly [name: string]: OptionDecl | OptionDecls;
}

/** The values a set of declarations describes: the options type, derived. */
export type ValuesOf<D extends OptionDecls> = {
  -readonly [K in keyof D]: D[K] extends ToggleDecl
    ? boolean
    : D[K] extends SelectDecl<infer C>
      ? C
      : D[K] extends IntegerDecl | NumberDecl
        ? number
        : D[K] extends TableDecl
          ? number[]
          : D[K] extends OptionDecls
            ? ValuesOf<D[K]>
            : never;
};

/**
 * One option with its dotted path into the values, and the group it is declared in: what panels,
 * USI and URLs iterate over.
 */
export type OptionSpec = OptionDecl & { path: string; group: string };

// Declaration helpers: they only fix the kind (and keep a select's choices as literal types).
export const toggle = (d: Omit<ToggleDecl, 'kind'>): ToggleDecl => ({ kind: 'toggle', ...d });
export const select = <const C extends string>(d: Omit<SelectDecl<C>, 'kind'>): SelectDecl<C> => ({
  kind: 'select',
  ...d,
});
export const integer = (d: Omit<IntegerDecl, 'kind'>): IntegerDecl => ({ kind: 'integer', ...d });
export const number = (d: Omit<NumberDecl, 'kind'>): NumberDecl => ({ kind: 'number', ...d });
export const table = (d: Omit<TableDecl, 'kind'>): TableDecl => ({ kind: 'table', ...d });

/** A one-number option (whole or not), the kind a slider sets. */
export const isNumeric = (spec: OptionDecl): spec is IntegerDecl | NumberDecl =>
  spec.kind === 'integer' || spec.kind === 'number';

/** A numeric option's slider step. */
export const stepOf = (spec: IntegerDecl | NumberDecl): number => spec.step ?? 1;

const isDecl = (x: OptionDecl | OptionDecls): x is OptionDecl =>
  typeof (x as { kind?: unknown }).kind === 'string';

/** Every declaration with its dotted path and `group`, in declaration order. */
export function flattenDecls(decls: OptionDecls, group: string, prefix = ''): OptionSpec[] {
  const out: OptionSpec[] = [];
  for (const [name, d] of Object.entries(decls)) {
    if (isDecl(d)) out.push({ ...d, path: prefix + name, group });
    else out.push(...flattenDecls(d, group, `${prefix}${name}.`));
  }
  return out;
}

/**
 * The default values of a set of declarations (fresh objects and arrays each call).
 *
 * Returned as a spread copy: V8 leaves an object that was given more than about a dozen properties
 * by computed keys (`out[name] = …`) in dictionary mode, where every read of a property is a hash
 * lookup through a generic inline cache. The search reads its options at every node
 * (`s.options.pvs`, …), and with the 52 search options built this way those reads took 5 % of the
 * material search's instructions. A spread copy has fast properties (a hidden class and fixed
 * slots); setting a property that exists keeps them. test/engine/search/options-fast.test.ts checks it.
 */
export function defaultsOf<D extends OptionDecls>(decls: D): ValuesOf<D> {
  const out: Record<string, unknown> = {};
  for (const [name, d] of Object.entries(decls))
    out[name] = isDecl(d) ? (d.kind === 'table' ? [...d.default] : d.default) : defaultsOf(d);
  return { ...out } as ValuesOf<D>;
}

export function getPath(obj: unknown, path: string): unknown {
  let o = obj;
  for (const k of path.split('.'))
    o = o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined;
  return o;
}

export function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[keys.at(-1)!] = value;
}

const show = (v: unknown): string => {
  // JSON writes Infinity and NaN as null.
  const text =
    typeof v === 'number' && !Number.isFinite(v) ? String(v) : (JSON.stringify(v) ?? String(v));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

// #region check-value
/** Why `value` does not fit `spec`, or null when it does: the one validator of option values. */
export function checkValue(spec: OptionDecl, value: unknown): string | null {
  switch (spec.kind) {
    case 'toggle':
      return typeof value === 'boolean' ? null : `expected true or false, got ${show(value)}`;
    case 'select':
      return (spec.choices as readonly unknown[]).includes(value)
        ? null
        : `expected one of ${spec.choices.join(', ')}, got ${show(value)}`;
    case 'integer':
      return Number.isInteger(value) &&
        (value as number) >= spec.min &&
        (value as number) <= spec.max
        ? null
        : `expected a whole number from ${spec.min} to ${spec.max}, got ${show(value)}`;
    case 'number':
      return typeof value === 'number' &&
        Number.isFinite(value) &&
        value >= spec.min &&
        value <= spec.max
        ? null
        : `expected a number from ${spec.min} to ${spec.max}, got ${show(value)}`;
    case 'table': {
      const size = spec.rows.length * spec.columns.length;
      if (!Array.isArray(value) || value.length !== size)
        return `expected ${size} numbers (${spec.rows.length} rows × ${spec.columns.length} columns), got ${show(value)}`;
      for (let i = 0; i < size; i++) {
        const v: unknown = value[i];
        const fits =
          typeof v === 'number' &&
          Number.isFinite(v) &&
          v >= spec.min &&
          v <= spec.max &&
          (!spec.whole || Number.isInteger(v));
        if (!fits) {
          const where = `${spec.rows[Math.floor(i / spec.columns.length)]} × ${spec.columns[i % spec.columns.length]}`;
          const what = spec.whole ? 'a whole number' : 'a number';
          return `${where}: expected ${what} from ${spec.min} to ${spec.max}, got ${show(v)}`;
        }
      }
      return null;
    }
  }
}
// #endregion

/**
 * Merge untrusted partial values (from a URL, a message or USI) over the defaults. An unknown
 * key or a value that does not fit gives an error naming the option.
 */
export function resolveValues<D extends OptionDecls>(
  decls: D,
  schema: readonly OptionSpec[],
  input: unknown,
): Result<ValuesOf<D>> {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return err('options: expected an object');
  const known = new Map(schema.map((s) => [s.path, s]));
  // The paths that hold options (`moveEval`): the only keys whose object is looked into. A key
  // with a dot is never read (values are nested), so it is unknown too.
  const groups = new Set(
    schema.flatMap((s) => {
      const keys = s.path.split('.');
      return keys.slice(0, -1).map((_, i) => keys.slice(0, i + 1).join('.'));
    }),
  );
  const unknownPath = (o: Record<string, unknown>, prefix: string): string | null => {
    for (const [k, v] of Object.entries(o)) {
      const path = prefix + k;
      if (k.includes('.')) return path;
      if (known.has(path)) continue;
      if (!groups.has(path) || v === null || typeof v !== 'object' || Array.isArray(v)) return path;
      const e = unknownPath(v as Record<string, unknown>, `${path}.`);
      if (e !== null) return e;
    }
    return null;
  };
  const unknown = unknownPath(input as Record<string, unknown>, '');
  if (unknown !== null) return err(`options: unknown option "${unknown}"`);
  const out = defaultsOf(decls);
  for (const spec of schema) {
    const v = getPath(input, spec.path);
    if (v === undefined) continue;
    const problem = checkValue(spec, v);
    if (problem) return err(`options: ${spec.path}: ${problem}`);
    setPath(out, spec.path, Array.isArray(v) ? [...(v as number[])] : v);
  }
  return ok(out);
}

/** Are two option values the same (tables compared entry by entry)? */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}
