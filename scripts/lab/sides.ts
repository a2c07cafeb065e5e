/**
 * The two sides of a match as a command gives them, and what a match worker needs to play each.
 * A side is our engine with a preset or options (`--a null`, `--a '{"lmr":true}'`), played by a
 * searcher in the worker's thread, or a USI engine (`--b usi:path/to/engine`, with `--b-option
 * NAME=VALUE` for each option to set, `--b-commit SHA` and `--b-cp-per-pawn N`), played by a
 * child process per worker.
 */
import type { MatchPlayer, MatchSettings, UsiSide } from '../../src/engine/lab/match';
import { withContempt } from '../../src/engine/lab/match';
import { parsePlayer } from '../../src/engine/lab/presets';
import { resolveOptions, type SearchOptions } from '../../src/engine/search/options';
import { err, ok, type Result } from '../../src/engine/types';
import { checkoutOf } from './provenance';
import { probeUsiEngine, USI_TIMEOUTS, type UsiEngineConfig, type UsiTimeouts } from './usi-engine';

/** `--b usi:<path>` names a USI engine. */
export const USI_PREFIX = 'usi:';
/** The USI convention: `score cp 100` is a pawn. */
export const DEFAULT_CP_PER_PAWN = 100;

/** A USI side's extra arguments, as typed: `NAME=VALUE` options, a commit, the pawn's cp. */
export interface UsiArgs {
  options?: readonly string[] | undefined;
  commit?: string | undefined;
  cpPerPawn?: string | undefined;
}

// #region parse-side
/**
 * Read a side (`flag` is `a` or `b`): a preset, options JSON, or `usi:<path>` with its extras.
 * The error names the flag and what is wrong; the extras are refused for our own engine.
 */
export function parseSide(flag: string, text: string, usi: UsiArgs = {}): Result<MatchPlayer> {
  if (!text.startsWith(USI_PREFIX)) {
    const extras = (usi.options?.length ?? 0) > 0 || usi.commit !== undefined;
    if (extras || usi.cpPerPawn !== undefined)
      return err(
        `--${flag}-option, --${flag}-commit and --${flag}-cp-per-pawn are for a USI engine ` +
          `(--${flag} usi:<path>)`,
      );
    const p = parsePlayer(text);
    if (!p.ok) return err(`--${flag}: ${p.error}`);
    return ok({ name: p.value.name, label: p.value.label, change: p.value.change });
  }
  const path = text.slice(USI_PREFIX.length).trim();
  if (path === '') return err(`--${flag}: give the engine's path after usi: (usi:bin/yomi-usi)`);
  const options: Record<string, string> = {};
  for (const option of usi.options ?? []) {
    const m = /^([^=\s]+)=(.*)$/.exec(option);
    if (!m)
      return err(
        `--${flag}-option: expected NAME=VALUE (USI_Hash=64), got ${JSON.stringify(option)}`,
      );
    options[m[1]!] = m[2]!;
  }
  const cpPerPawn = usi.cpPerPawn === undefined ? DEFAULT_CP_PER_PAWN : Number(usi.cpPerPawn);
  if (!Number.isInteger(cpPerPawn) || cpPerPawn < 1)
    return err(
      `--${flag}-cp-per-pawn: expected a whole number of at least 1 (100, or 90 for Yomi's own ` +
        `engine), got ${JSON.stringify(usi.cpPerPawn)}`,
    );
  if (usi.commit !== undefined && !/^[0-9a-f]{7,40}$/i.test(usi.commit))
    return err(`--${flag}-commit: expected a git commit (7 to 40 hex digits), got ${usi.commit}`);
  const side: UsiSide = { path, options, cpPerPawn };
  if (usi.commit !== undefined) side.commit = usi.commit;
  return ok({ name: text, label: path, change: {}, usi: side });
}
// #endregion

/**
 * Start each USI side once before the match, so that an engine that will not run fails it before
 * a game is played; record what the engine says it is (its `id name` becomes the side's label)
 * and the commit of the checkout it lives in, unless one was given.
 */
export async function identifySides(
  settings: MatchSettings,
  timeouts: UsiTimeouts = USI_TIMEOUTS,
): Promise<Result<MatchSettings>> {
  const identify = async (flag: 'a' | 'b'): Promise<Result<MatchPlayer>> => {
    const side = settings[flag];
    if (!side.usi) return ok(side);
    const id = await probeUsiEngine(usiConfig(side.usi, timeouts));
    if (!id.ok) return err(`--${flag}: ${id.error}`);
    const usi: UsiSide = { ...side.usi, id: id.value };
    const checkout = usi.commit === undefined ? checkoutOf(usi.path) : null;
    if (checkout) Object.assign(usi, checkout);
    return ok({ ...side, label: id.value.name || usi.path, usi });
  };
  const [a, b] = await Promise.all([identify('a'), identify('b')]);
  if (!a.ok) return a;
  if (!b.ok) return b;
  return ok({ ...settings, a: a.value, b: b.value });
}

/** How a worker plays a side: a searcher with these options, or a USI engine. */
export type SideConfig =
  { kind: 'search'; options: SearchOptions } | { kind: 'usi'; engine: UsiEngineConfig };

export const usiConfig = (usi: UsiSide, timeouts: UsiTimeouts): UsiEngineConfig => ({
  path: usi.path,
  options: usi.options,
  cpPerPawn: usi.cpPerPawn,
  timeouts,
});

/** A side for the workers; our engine's options get the match's contempt unless they set one. */
export function sideConfig(
  player: MatchPlayer,
  contempt: number,
  timeouts: UsiTimeouts = USI_TIMEOUTS,
): Result<SideConfig> {
  if (player.usi) return ok({ kind: 'usi', engine: usiConfig(player.usi, timeouts) });
  const options = resolveOptions(withContempt(player.change, contempt));
  return options.ok ? ok({ kind: 'search', options: options.value }) : options;
}
