/**
 * The search explorer's view of the engine's options: the schema sorted into the groups a reader
 * thinks in (ordering, pruning, extensions, the move evaluation's constants), options written by a
 * chapter as a partial record, the "B" set of a side-by-side comparison, and which options only
 * matter when another is switched on. Pure data in, data out: the panels and the tests share it.
 */
import { isNumeric, sameValue, stepOf } from '../../../engine/option-spec';
import {
  checkValue,
  DEFAULT_OPTIONS,
  getOption,
  OPTION_GROUPS,
  OPTION_SCHEMA,
  type OptionGroupId,
  type OptionSpec,
  resolveOptions,
  type SearchOptions,
  setOption,
} from '../../../engine/search/options';
import { err, ok, type Result } from '../../../engine/types';
import { groupDigits, withMinus } from '../../numbers';

export type GroupId = OptionGroupId | 'other';

/** Options an explorer hides unless a chapter asks for them: one-choice selects, the tracer. */
export const HIDDEN_BY_DEFAULT: readonly string[] = ['evaluator', 'traceNodes'];

/** The group an option is declared in (search/options.ts), or 'other' for an unknown path. */
export function groupOf(path: string): GroupId {
  return (specOf(path)?.group as OptionGroupId | undefined) ?? 'other';
}

export interface OptionGroup {
  id: GroupId;
  title: string;
  blurb: string;
  specs: OptionSpec[];
}

export interface GroupedSchema {
  groups: OptionGroup[];
  /** Paths a chapter asked for that the schema does not have (a typo, shown to the author). */
  unknown: string[];
}

/**
 * The schema in groups, each in the schema's order, keeping only `visible` paths when given
 * (default: everything but HIDDEN_BY_DEFAULT). Empty groups are left out.
 */
export function groupSchema(
  visible?: readonly string[],
  schema: readonly OptionSpec[] = OPTION_SCHEMA,
): GroupedSchema {
  const known = new Set(schema.map((s) => s.path));
  const keep = visible
    ? new Set(visible)
    : new Set([...known].filter((p) => !HIDDEN_BY_DEFAULT.includes(p)));
  const groups = OPTION_GROUPS.map((g) => ({
    id: g.id,
    title: g.title,
    blurb: g.blurb,
    specs: schema.filter((s) => keep.has(s.path) && s.group === g.id),
  })).filter((g) => g.specs.length > 0);
  return { groups, unknown: visible ? visible.filter((p) => !known.has(p)) : [] };
}

export const specOf = (path: string): OptionSpec | undefined =>
  OPTION_SCHEMA.find((s) => s.path === path);

export const optionValue = (options: SearchOptions, path: string): unknown =>
  getOption(options, path);

export const defaultValue = (path: string): unknown => getOption(DEFAULT_OPTIONS, path);

export const isDefault = (options: SearchOptions, path: string): boolean =>
  sameValue(optionValue(options, path), defaultValue(path));

/** A copy of `options` with one option changed (the value is trusted: it came from a control). */
export function withOption(options: SearchOptions, path: string, value: unknown): SearchOptions {
  const copy = structuredClone(options);
  setOption(copy, path, value);
  return copy;
}

/** A copy of `options` with every option at its default. */
export const defaultOptions = (): SearchOptions => structuredClone(DEFAULT_OPTIONS);

/**
 * Turn what a chapter writes — `{ nullMove: true, 'moveEval.captureBonus': 1000 }`, nested
 * objects, or a mix — into a nested partial that resolveOptions understands.
 */
export function nestPartial(input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (path: string, value: unknown) => {
    const keys = path.split('.');
    let o = out;
    for (const k of keys.slice(0, -1)) {
      const next = o[k];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) o[k] = {};
      o = o[k] as Record<string, unknown>;
    }
    o[keys.at(-1)!] = value;
  };
  const walk = (o: Readonly<Record<string, unknown>>, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (v !== null && typeof v === 'object' && !Array.isArray(v))
        walk(v as Record<string, unknown>, `${prefix}${k}.`);
      else put(prefix + k, v);
    }
  };
  walk(input, '');
  return out;
}

/** Options from a chapter's partial record, over the defaults; an error names the bad option. */
export const resolvePartial = (
  input: Readonly<Record<string, unknown>> | undefined,
): Result<SearchOptions> => resolveOptions(nestPartial(input ?? {}));

/** Apply a partial record (dotted or nested) over `base`, checking every value. */
export function applyPartial(
  base: SearchOptions,
  change: Readonly<Record<string, unknown>>,
): Result<SearchOptions> {
  let out = base;
  const flat: [string, unknown][] = [];
  const walk = (o: Readonly<Record<string, unknown>>, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (v !== null && typeof v === 'object' && !Array.isArray(v))
        walk(v as Record<string, unknown>, `${prefix}${k}.`);
      else flat.push([prefix + k, v]);
    }
  };
  walk(change, '');
  for (const [path, value] of flat) {
    const spec = specOf(path);
    if (!spec) return err(`options: unknown option "${path}"`);
    const problem = checkValue(spec, value);
    if (problem) return err(`options: ${path}: ${problem}`);
    out = withOption(out, path, value);
  }
  return ok(out);
}

/**
 * The B side of a comparison: A with `change` applied, or else A with one change the reader can
 * see — the first visible switch that is off turned on (a technique added), or else the first
 * switch turned off, or else the first visible number moved one step.
 */
export function initialB(
  a: SearchOptions,
  visible: readonly string[],
  change?: Readonly<Record<string, unknown>>,
): Result<SearchOptions> {
  if (change && Object.keys(change).length > 0) return applyPartial(a, change);
  const specs = visible.map(specOf).filter((s): s is OptionSpec => s !== undefined);
  const toggle =
    specs.find((s) => s.kind === 'toggle' && optionValue(a, s.path) === false) ??
    specs.find((s) => s.kind === 'toggle');
  if (toggle) return ok(withOption(a, toggle.path, !optionValue(a, toggle.path)));
  const number = specs.find(isNumeric);
  if (number && isNumeric(number)) {
    const v = optionValue(a, number.path) as number;
    const step = stepOf(number);
    const next = v + step <= number.max ? v + step : v - step;
    return ok(withOption(a, number.path, next));
  }
  return ok(structuredClone(a));
}

/** The units that are counted words, and their singular: "1 ply", not "1 plies". */
const SINGULAR_UNIT: Readonly<Record<string, string>> = {
  plies: 'ply',
  moves: 'move',
  nodes: 'node',
  flights: 'flight',
};

/** How a value reads in a sentence: on/off for switches, the unit after numbers. */
export function formatValue(spec: OptionSpec, value: unknown): string {
  if (spec.kind === 'toggle') return value ? 'on' : 'off';
  const word = (v: unknown): string => (typeof v === 'number' ? withMinus(groupDigits(v)) : '?');
  if (isNumeric(spec)) {
    if (!spec.unit) return word(value);
    const unit = value === 1 ? (SINGULAR_UNIT[spec.unit] ?? spec.unit) : spec.unit;
    return `${word(value)} ${unit}`;
  }
  if (spec.kind === 'table') return Array.isArray(value) ? value.map(word).join(', ') : '?';
  return String(value);
}

export interface OptionChange {
  path: string;
  label: string;
  from: string;
  to: string;
}

/** Where B differs from A, in the schema's order: "Null-move pruning: off → on". */
export function optionChanges(a: SearchOptions, b: SearchOptions): OptionChange[] {
  return OPTION_SCHEMA.filter(
    (s) => !sameValue(optionValue(a, s.path), optionValue(b, s.path)),
  ).map((s) => ({
    path: s.path,
    label: s.label,
    from: formatValue(s, optionValue(a, s.path)),
    to: formatValue(s, optionValue(b, s.path)),
  }));
}

/** Options that only matter while another is set: the condition, and how to say it. */
const CONDITIONS: readonly {
  test: (path: string) => boolean;
  active: (o: SearchOptions) => boolean;
  why: string;
}[] = [
  {
    test: (p) => p === 'nullMoveR' || p === 'nullMoveVerifyDepth',
    active: (o) => o.nullMove,
    why: 'with null-move pruning on',
  },
  { test: (p) => /^lmr./.test(p), active: (o) => o.lmr, why: 'with late-move reductions on' },
  {
    test: (p) => p === 'futilityMargin' || p === 'futilityMaxDepth',
    active: (o) => o.futility,
    why: 'with futility pruning on',
  },
  {
    test: (p) => p === 'razorMargin' || p === 'razorMaxDepth',
    active: (o) => o.razoring,
    why: 'with razoring on',
  },
  {
    test: (p) => p === 'forwardThreshold',
    active: (o) => o.forwardPruning === 'threshold',
    why: 'when forward pruning is by threshold',
  },
  {
    test: (p) => p === 'forwardRank',
    active: (o) => o.forwardPruning === 'rank',
    why: 'when forward pruning is by rank',
  },
  {
    test: (p) => /^forward(Keep|MaxDepth)/.test(p),
    active: (o) => o.forwardPruning !== 'off',
    why: 'with forward pruning on',
  },
  {
    test: (p) => p === 'recapturePlies',
    active: (o) => o.recaptureExtension,
    why: 'with the recapture re-search on',
  },
  {
    test: (p) => ['captureOrder', 'killers', 'history'].includes(p),
    active: (o) => o.ordering === 'standard',
    why: 'with the standard ordering',
  },
  {
    test: (p) => p.startsWith('moveEval.'),
    active: (o) =>
      o.ordering === 'move-evaluation' || o.forwardPruning !== 'off' || o.recaptureExtension,
    why: 'with the move-evaluation ordering, forward pruning or the recapture re-search',
  },
];

/** Null when the option takes effect with these options; otherwise when it would ("with … on"). */
export function inactiveReason(path: string, options: SearchOptions): string | null {
  const c = CONDITIONS.find((c) => c.test(path));
  return c && !c.active(options) ? c.why : null;
}
