/**
 * Named option sets: the schemes chapters 3 to 6 compare (each a difference from the default
 * options, where everything that prunes or extends is off), by a short name a match, an
 * experiment, a chart or a reader's link can use. `npm run match -- --a null --b plain` plays
 * two of them.
 */
import { OPTION_SCHEMA, resolveOptions, type SearchOptions } from '../search/options';
import { err, ok, type Result } from '../types';

export type PresetKind = 'plain' | 'forward' | 'backward' | 'extension' | 'evaluation';

export interface Preset {
  id: string;
  label: string;
  kind: PresetKind;
  options: Partial<SearchOptions>;
}

/**
 * The engine's strongest settings, for a game rather than a lesson: what `bin/yomi-usi` and the
 * Play page use unless told otherwise. The book's baseline (the default options) keeps every
 * technique off so that a chapter's reader can switch one on; a player wants the ones that win.
 * The choice rests on chapter 3's matches at equal time (src/data/experiments/pruning-elo-time.json,
 * npm run experiment -- pruning-elo-time): null move, late-move reductions and futility pruning
 * together score the most of the backward schemes against the baseline, every interval clear of
 * zero; and a larger table than a tab's default. The `strongest` experiment plays these settings
 * against the baseline directly and asks whether the check extension would add to them: it did at
 * 100 ms a move, but not clear of zero at 300 ms (`check-extension-300ms`), so it stays off.
 */
export const STRONGEST: Partial<SearchOptions> = {
  nullMove: true,
  lmr: true,
  futility: true,
  ttSizeMb: 64,
};

/** The schemes of chapters 3 to 5 (the first two chapters' with the settings `npm run bench:pruning` measures). */
export const PRESETS: readonly Preset[] = [
  { id: 'plain', label: 'plain α-β', kind: 'plain', options: {} },
  {
    id: 'strongest',
    label: 'the strongest settings (null + LMR + futility)',
    kind: 'backward',
    options: STRONGEST,
  },
  {
    id: 'threshold',
    label: 'forward, value > −100',
    kind: 'forward',
    options: { forwardPruning: 'threshold', forwardThreshold: -100 },
  },
  {
    id: 'rank10',
    label: 'forward, first 10',
    kind: 'forward',
    options: { forwardPruning: 'rank', forwardRank: 10 },
  },
  {
    id: 'rank5',
    label: 'forward, first 5',
    kind: 'forward',
    options: { forwardPruning: 'rank', forwardRank: 5 },
  },
  {
    // Seed 000's forward pruning as it stands: the move evaluation's order, −100, nothing exempt.
    id: 'seed-rule',
    label: 'seed 000’s rule: move-evaluation order, value > −100, nothing kept',
    kind: 'forward',
    options: {
      ordering: 'move-evaluation',
      forwardPruning: 'threshold',
      forwardThreshold: -100,
      forwardKeepCaptures: false,
      forwardKeepChecks: false,
    },
  },
  { id: 'null', label: 'null move', kind: 'backward', options: { nullMove: true } },
  { id: 'lmr', label: 'LMR', kind: 'backward', options: { lmr: true } },
  { id: 'futility', label: 'futility', kind: 'backward', options: { futility: true } },
  { id: 'razoring', label: 'razoring', kind: 'backward', options: { razoring: true } },
  {
    id: 'modern',
    label: 'null + LMR + futility',
    kind: 'backward',
    options: { nullMove: true, lmr: true, futility: true },
  },
  { id: 'check', label: 'check extension', kind: 'extension', options: { checkExtension: true } },
  {
    id: 'recapture',
    label: 'recapture re-search',
    kind: 'extension',
    options: { recaptureExtension: true },
  },
  {
    id: 'mate-probe',
    label: 'mate search at the leaves, king with ≤ 2 flights',
    kind: 'extension',
    options: { mateProbeNodes: 300, mateProbeDepth: 1, mateProbeFlights: 2 },
  },
  {
    id: 'mate-probe-1',
    label: 'mate search at the leaves, king with ≤ 1 flight',
    kind: 'extension',
    options: { mateProbeNodes: 300, mateProbeDepth: 1, mateProbeFlights: 1 },
  },
  { id: 'dual-credit', label: 'Dual Credit', kind: 'extension', options: { dualCredit: true } },
  {
    id: 'dual-credit-every',
    label: 'Dual Credit, credit at every move',
    kind: 'extension',
    options: { dualCredit: true, creditWhere: 'every' },
  },
  {
    id: 'dual-credit-combined',
    label: 'Dual Credit, one shared account',
    kind: 'extension',
    options: { dualCredit: true, creditPool: 'combined' },
  },
  {
    id: 'effect',
    label: 'effect evaluation',
    kind: 'evaluation',
    options: { evaluator: 'effect' },
  },
  { id: 'kkpee9', label: 'KKPEE9', kind: 'evaluation', options: { evaluator: 'kkpee9' } },
];

export const presetById = (id: string): Preset | undefined => PRESETS.find((p) => p.id === id);

/** A player's options as typed: a preset name, or a JSON object of options over the defaults. */
export interface PlayerChoice {
  /** The preset's id, or "custom" for JSON. */
  name: string;
  label: string;
  /** The options that differ from the defaults, as given. */
  change: Partial<SearchOptions>;
  options: SearchOptions;
}

// #region parse-player
/**
 * Read `--a` or `--b`: a preset name (`null`, `rank10`, …) or options as JSON
 * (`{"nullMove":true,"nullMoveR":3}`). The error names what is wrong: an unknown preset with the
 * list of names, JSON that does not parse, or the option that does not fit.
 */
/**
 * A change of options as a reader reads it, with each option's label from the schema:
 * `{"evaluator":"effect","effectEval":{"cap":2}}` → "Evaluator: effect, Effect count cap: 2". What
 * the schema does not know is written as its dotted path.
 */
export function describeChange(change: unknown): string {
  const parts: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
      return;
    }
    const label = OPTION_SCHEMA.find((spec) => spec.path === path)?.label ?? path;
    const shown =
      value === true
        ? 'on'
        : value === false
          ? 'off'
          : Array.isArray(value)
            ? value.join(', ')
            : String(value);
    parts.push(`${label}: ${shown}`);
  };
  walk(change, '');
  return parts.length > 0 ? parts.join(', ') : 'the defaults';
}

export function parsePlayer(text: string): Result<PlayerChoice> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let change: unknown;
    try {
      change = JSON.parse(trimmed);
    } catch (error) {
      return err(`options JSON does not parse: ${(error as Error).message}`);
    }
    const resolved = resolveOptions(change);
    if (!resolved.ok) return resolved;
    return ok({
      name: 'custom',
      label: describeChange(change),
      change: change as Partial<SearchOptions>,
      options: resolved.value,
    });
  }
  const preset = presetById(trimmed);
  if (!preset)
    return err(
      `unknown preset ${JSON.stringify(trimmed)} (presets: ${PRESETS.map((p) => p.id).join(', ')}; or options as JSON)`,
    );
  const resolved = resolveOptions(preset.options);
  if (!resolved.ok) return resolved;
  return ok({
    name: preset.id,
    label: preset.label,
    change: preset.options,
    options: resolved.value,
  });
}
// #endregion
