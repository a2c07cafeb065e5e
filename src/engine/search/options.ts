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

  // Forward pruning (seed 000): skip moves the move evaluation calls useless, before reading them.
  /** off; threshold: skip moves valued at or below `forwardThreshold`; rank: search only the first `forwardRank`. */
  forwardPruning: ForwardPruning;
  forwardThreshold: number;
  forwardRank: number;
  /** Never forward-prune captures / moves that give check. (Evasions are never pruned.) */
  forwardKeepCaptures: boolean;
  forwardKeepChecks: boolean;
  /** Forward-prune only where the remaining depth is at most this. */
  forwardMaxDepth: number;

  // Backward pruning that may change the result (the "safe enough" kind modern engines use).
  nullMove: boolean;
  /** Depth reduction of the null-move search. */
  nullMoveR: number;
  /** Re-search a null-move cut-off without the null move at this depth or more (0 = never). */
  nullMoveVerifyDepth: number;
  lmr: boolean;
  /** LMR applies from this remaining depth… */
  lmrMinDepth: number;
  /** …to quiet moves after this many moves. */
  lmrMinMove: number;
  /** Reduction = lmrBase/100 + ln(depth)·ln(move number)·100/lmrDivisor plies, rounded down. */
  lmrBase: number;
  lmrDivisor: number;
  futility: boolean;
  /** Margin per ply of remaining depth. */
  futilityMargin: number;
  futilityMaxDepth: number;
  razoring: boolean;
  razorMargin: number;
  razorMaxDepth: number;

  // Extensions: read some lines deeper.
  checkExtension: boolean;
  /** Seed 000's horizon re-search: a recapture of a piece just moved to a bad square is read 2 plies deeper. */
  recaptureExtension: boolean;
  recapturePlies: number;
  /** Most plies of extension one line may collect. */
  maxExtension: number;
}

export const FORWARD_PRUNINGS = ['off', 'threshold', 'rank'] as const;
export type ForwardPruning = (typeof FORWARD_PRUNINGS)[number];

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
  forwardPruning: 'off',
  forwardThreshold: -100,
  forwardRank: 10,
  forwardKeepCaptures: true,
  forwardKeepChecks: true,
  forwardMaxDepth: 64,
  nullMove: false,
  nullMoveR: 2,
  nullMoveVerifyDepth: 0,
  lmr: false,
  lmrMinDepth: 3,
  lmrMinMove: 3,
  lmrBase: 75,
  lmrDivisor: 225,
  futility: false,
  futilityMargin: 200,
  futilityMaxDepth: 3,
  razoring: false,
  razorMargin: 400,
  razorMaxDepth: 2,
  checkExtension: false,
  recaptureExtension: false,
  recapturePlies: 2,
  maxExtension: 8,
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
  {
    path: 'forwardPruning',
    label: 'Forward pruning',
    kind: 'select',
    choices: FORWARD_PRUNINGS,
    help: 'Seed 000: skip moves by value threshold or by rank.',
  },
  {
    path: 'forwardThreshold',
    label: 'Value threshold',
    kind: 'number',
    min: -3000,
    max: 3000,
    step: 50,
    help: 'Skip moves valued at or below this (seed: −100).',
  },
  {
    path: 'forwardRank',
    label: 'Rank limit',
    kind: 'number',
    min: 1,
    max: 100,
    step: 1,
    unit: 'moves',
    help: 'Search only this many moves, best valued first.',
  },
  {
    path: 'forwardKeepCaptures',
    label: 'Keep captures',
    kind: 'toggle',
    help: 'Never forward-prune a capture.',
  },
  {
    path: 'forwardKeepChecks',
    label: 'Keep checks',
    kind: 'toggle',
    help: 'Never forward-prune a check.',
  },
  {
    path: 'forwardMaxDepth',
    label: 'Prune at depth ≤',
    kind: 'number',
    min: 1,
    max: 64,
    step: 1,
    unit: 'plies',
    help: 'Forward-prune only this close to the horizon.',
  },
  {
    path: 'nullMove',
    label: 'Null-move pruning',
    kind: 'toggle',
    help: 'Pass; if still ≥ β, cut.',
  },
  {
    path: 'nullMoveR',
    label: 'Null-move R',
    kind: 'number',
    min: 1,
    max: 5,
    step: 1,
    unit: 'plies',
    help: 'Depth reduction of the null-move search.',
  },
  {
    path: 'nullMoveVerifyDepth',
    label: 'Verify from depth',
    kind: 'number',
    min: 0,
    max: 32,
    step: 1,
    unit: 'plies',
    help: '0 = never verify a null-move cut-off.',
  },
  {
    path: 'lmr',
    label: 'Late-move reductions',
    kind: 'toggle',
    help: 'Search late quiet moves shallower.',
  },
  {
    path: 'lmrMinDepth',
    label: 'LMR from depth',
    kind: 'number',
    min: 2,
    max: 16,
    step: 1,
    unit: 'plies',
    help: 'Reduce only at this depth or more.',
  },
  {
    path: 'lmrMinMove',
    label: 'LMR after move',
    kind: 'number',
    min: 1,
    max: 40,
    step: 1,
    help: 'Reduce moves after this many.',
  },
  {
    path: 'lmrBase',
    label: 'LMR base',
    kind: 'number',
    min: 0,
    max: 300,
    step: 5,
    unit: '/100 ply',
    help: 'Constant part of the reduction.',
  },
  {
    path: 'lmrDivisor',
    label: 'LMR divisor',
    kind: 'number',
    min: 50,
    max: 1000,
    step: 5,
    unit: '/100',
    help: 'Larger reduces less.',
  },
  {
    path: 'futility',
    label: 'Futility pruning',
    kind: 'toggle',
    help: 'Skip quiet moves that cannot lift the score to α.',
  },
  {
    path: 'futilityMargin',
    label: 'Futility margin',
    kind: 'number',
    min: 0,
    max: 2000,
    step: 10,
    unit: 'per ply',
    help: 'How much a quiet move might still gain.',
  },
  {
    path: 'futilityMaxDepth',
    label: 'Futility depth',
    kind: 'number',
    min: 1,
    max: 8,
    step: 1,
    unit: 'plies',
    help: 'Apply this close to the horizon.',
  },
  {
    path: 'razoring',
    label: 'Razoring',
    kind: 'toggle',
    help: 'Hopeless nodes drop straight into quiescence.',
  },
  {
    path: 'razorMargin',
    label: 'Razor margin',
    kind: 'number',
    min: 0,
    max: 3000,
    step: 10,
    unit: 'per ply',
    help: 'How far below α is hopeless.',
  },
  {
    path: 'razorMaxDepth',
    label: 'Razor depth',
    kind: 'number',
    min: 1,
    max: 6,
    step: 1,
    unit: 'plies',
    help: 'Apply this close to the horizon.',
  },
  {
    path: 'checkExtension',
    label: 'Check extension',
    kind: 'toggle',
    help: 'A move that gives check is read one ply deeper.',
  },
  {
    path: 'recaptureExtension',
    label: 'Recapture re-search',
    kind: 'toggle',
    help: 'Seed 000: re-read recaptures of a badly placed piece deeper.',
  },
  {
    path: 'recapturePlies',
    label: 'Re-search plies',
    kind: 'number',
    min: 1,
    max: 4,
    step: 1,
    unit: 'plies',
    help: 'Seed 000 adds 2.',
  },
  {
    path: 'maxExtension',
    label: 'Extension cap',
    kind: 'number',
    min: 0,
    max: 32,
    step: 1,
    unit: 'plies',
    help: 'Most extension one line may collect.',
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
