/**
 * Search options: every technique is a switch or a number, kept as plain serializable data so
 * options travel over postMessage, into a URL and into USI `setoption`. The schema drives the
 * widgets' option panels and the USI `option` lines.
 */
import { MOVE_EVAL_DEFAULTS, type MoveEvalParams } from '../eval/move-evaluation';
import { err, ok, type Result } from '../types';

export const ORDERINGS = ['standard', 'move-evaluation', 'none'] as const;
export type Ordering = (typeof ORDERINGS)[number];
export const CAPTURE_ORDERS = ['mvv-lva', 'see'] as const;
export type CaptureOrder = (typeof CAPTURE_ORDERS)[number];
export const EVALUATOR_NAMES = ['material'] as const;

export interface SearchOptions {
  /** Which evaluator scores leaves. */
  evaluator: (typeof EVALUATOR_NAMES)[number];
  /** standard: TT move, captures, killers, history; move-evaluation: seed 000's values; none: generation order. */
  ordering: Ordering;
  /** How the standard ordering ranks captures. */
  captureOrder: CaptureOrder;
  ttMove: boolean;
  killers: boolean;
  history: boolean;
  /** Principal-variation search: null windows after the first move. */
  pvs: boolean;
  /** Quiescence search (captures and promotions) at the leaves. */
  quiescence: boolean;
  /** Transposition table size in MiB; 0 turns it off. */
  ttSizeMb: number;
  /** Constants of seed 000's move evaluation (used by the move-evaluation ordering). */
  moveEval: MoveEvalParams;
  /** Record the tree for the tree viewer, up to this many nodes (0 = off). */
  traceNodes: number;
}

export const DEFAULT_OPTIONS: Readonly<SearchOptions> = {
  evaluator: 'material',
  ordering: 'standard',
  captureOrder: 'mvv-lva',
  ttMove: true,
  killers: true,
  history: true,
  pvs: true,
  quiescence: true,
  ttSizeMb: 16,
  moveEval: { ...MOVE_EVAL_DEFAULTS },
  traceNodes: 0,
};

/** One option as widgets and USI see it. `path` is a dotted key into SearchOptions. */
export type OptionSpec =
  | { path: string; label: string; kind: 'toggle'; help: string }
  | { path: string; label: string; kind: 'select'; choices: readonly string[]; help: string }
  | {
      path: string;
      label: string;
      kind: 'number';
      min: number;
      max: number;
      step: number;
      unit?: string;
      help: string;
    };

export const OPTION_SCHEMA: readonly OptionSpec[] = [
  {
    path: 'evaluator',
    label: 'Evaluator',
    kind: 'select',
    choices: EVALUATOR_NAMES,
    help: 'What scores a leaf position.',
  },
  {
    path: 'ordering',
    label: 'Move ordering',
    kind: 'select',
    choices: ORDERINGS,
    help: 'The order moves are searched in.',
  },
  {
    path: 'captureOrder',
    label: 'Capture order',
    kind: 'select',
    choices: CAPTURE_ORDERS,
    help: 'MVV-LVA or static exchange.',
  },
  {
    path: 'ttMove',
    label: 'TT move first',
    kind: 'toggle',
    help: 'Search the transposition table move first.',
  },
  {
    path: 'killers',
    label: 'Killer moves',
    kind: 'toggle',
    help: 'Quiet moves that cut off at the same ply.',
  },
  {
    path: 'history',
    label: 'History heuristic',
    kind: 'toggle',
    help: 'Quiet moves that cut off often, anywhere.',
  },
  { path: 'pvs', label: 'PVS', kind: 'toggle', help: 'Null-window search after the first move.' },
  {
    path: 'quiescence',
    label: 'Quiescence search',
    kind: 'toggle',
    help: 'Resolve captures at the leaves.',
  },
  {
    path: 'ttSizeMb',
    label: 'TT size',
    kind: 'number',
    min: 0,
    max: 1024,
    step: 1,
    unit: 'MiB',
    help: '0 turns the table off.',
  },
  {
    path: 'moveEval.captureBonus',
    label: 'Capture bonus',
    kind: 'number',
    min: 0,
    max: 5000,
    step: 50,
    help: 'Seed 000: +1500 for taking anything but a pawn.',
  },
  {
    path: 'moveEval.focusPawnBonus',
    label: 'Focus pawn bonus',
    kind: 'number',
    min: 0,
    max: 1000,
    step: 10,
    help: 'Seed 000: +50 for 焦点の歩.',
  },
  {
    path: 'moveEval.focusPawnMinEffects',
    label: 'Focus pawn effects',
    kind: 'number',
    min: 1,
    max: 8,
    step: 1,
    help: 'Enemy effects that make a focus.',
  },
  {
    path: 'moveEval.attackDivisor',
    label: 'Attack divisor',
    kind: 'number',
    min: 1,
    max: 100,
    step: 1,
    help: 'Threats count 1/N (seed: 10).',
  },
  {
    path: 'moveEval.kingThreatUnguarded',
    label: 'King threat, unguarded',
    kind: 'number',
    min: 0,
    max: 5000,
    step: 50,
    help: 'Seed 000: 1500.',
  },
  {
    path: 'moveEval.kingThreatSupported',
    label: 'King threat, supported',
    kind: 'number',
    min: 0,
    max: 5000,
    step: 50,
    help: 'Seed 000: 1000.',
  },
  {
    path: 'moveEval.kingThreatExposed',
    label: 'King threat, exposed',
    kind: 'number',
    min: 0,
    max: 5000,
    step: 50,
    help: 'Seed 000: 500.',
  },
  {
    path: 'traceNodes',
    label: 'Trace nodes',
    kind: 'number',
    min: 0,
    max: 20000,
    step: 100,
    help: 'Record the tree (0 = off).',
  },
];

function getPath(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      obj,
    );
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[keys.at(-1)!] = value;
}

/**
 * Merge untrusted partial options (from a URL, a message or USI) over the defaults. Unknown keys
 * and values out of range give an error naming the option.
 */
export function resolveOptions(input: unknown = {}): Result<SearchOptions> {
  const out = structuredClone(DEFAULT_OPTIONS) as SearchOptions;
  if (input === null || typeof input !== 'object') return err('options: expected an object');
  const known = new Set(OPTION_SCHEMA.map((s) => s.path));
  const walk = (o: Record<string, unknown>, prefix: string): string | null => {
    for (const [k, v] of Object.entries(o)) {
      const path = prefix + k;
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
        const e = walk(v as Record<string, unknown>, path + '.');
        if (e) return e;
      } else if (!known.has(path)) return `unknown option "${path}"`;
    }
    return null;
  };
  const unknown = walk(input as Record<string, unknown>, '');
  if (unknown) return err(`options: ${unknown}`);
  for (const spec of OPTION_SCHEMA) {
    const v = getPath(input, spec.path);
    if (v === undefined) continue;
    const e = checkValue(spec, v);
    if (e) return err(`options: ${spec.path}: ${e}`);
    setPath(out as unknown as Record<string, unknown>, spec.path, v);
  }
  return ok(out);
}

/** Why `value` does not fit `spec`, or null. */
export function checkValue(spec: OptionSpec, value: unknown): string | null {
  switch (spec.kind) {
    case 'toggle':
      return typeof value === 'boolean'
        ? null
        : `expected true or false, got ${JSON.stringify(value)}`;
    case 'select':
      return spec.choices.includes(value as string)
        ? null
        : `expected one of ${spec.choices.join(', ')}, got ${JSON.stringify(value)}`;
    case 'number':
      return typeof value === 'number' &&
        Number.isFinite(value) &&
        value >= spec.min &&
        value <= spec.max
        ? null
        : `expected a number from ${spec.min} to ${spec.max}, got ${JSON.stringify(value)}`;
  }
}

/** The options that differ from the defaults, as a flat record of dotted paths (for URLs). */
export function diffOptions(options: SearchOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of OPTION_SCHEMA) {
    const v = getPath(options, spec.path);
    if (v !== getPath(DEFAULT_OPTIONS, spec.path)) out[spec.path] = v;
  }
  return out;
}

export { getPath as getOption, setPath as setOption };
