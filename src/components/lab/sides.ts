/**
 * How the Lab names a match's sides: the game clock, each side's program and options, and the
 * thinking time it used (MatchSides.astro shows them).
 */
import type { MatchPlayer, SideTime } from '../../engine/lab/match';
import type { GameClock } from '../../engine/lab/game';
import { shortCommit } from './experiments';

/** "10 s + 0.1 s a move", "byoyomi 1 s", "10 s, then byoyomi 1 s". */
export function describeClock(c: GameClock): string {
  const s = (ms: number) => `${Number((ms / 1000).toPrecision(3))} s`;
  if (c.byoyomiMs > 0)
    return c.baseMs > 0
      ? `${s(c.baseMs)}, then byoyomi ${s(c.byoyomiMs)}`
      : `byoyomi ${s(c.byoyomiMs)} a move`;
  return c.incMs > 0 ? `${s(c.baseMs)} + ${s(c.incMs)} a move` : `${s(c.baseMs)} a game`;
}

/** The options a side was given, as `Name=value` pairs; its search options for our own engine. */
export function optionsOf(side: MatchPlayer): string {
  if (side.usi) {
    const pairs = Object.entries(side.usi.options).map(([k, v]) => `${k}=${v}`);
    return pairs.length > 0 ? pairs.join(', ') : 'its defaults';
  }
  const pairs = Object.entries(side.change).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return pairs.length > 0 ? pairs.join(', ') : 'the defaults';
}

/** "12.3 s a game; a move 0.35 s on average, 2.9 s at most". */
export function describeTime(t: SideTime | null | undefined): string | null {
  if (!t) return null;
  const s = (x: number, decimals: number) => `${x.toFixed(decimals)} s`;
  const game = `${s(t.perGame, 1)} a game`;
  if (t.perMove === null || t.longestMove === null) return game;
  return `${game}; a move ${s(t.perMove, 2)} on average, ${s(t.longestMove, 2)} at most`;
}

/** "a USI program, bin/yomi-usi, built from commit 0de3563 (with changes not committed)". */
export function describeProgram(usi: NonNullable<MatchPlayer['usi']>): string {
  const commit = usi.commit
    ? `built from commit ${shortCommit(usi.commit)}${usi.dirty ? ' (with changes not committed)' : ''}`
    : 'its commit not recorded';
  return `a USI program, ${usi.path}, ${commit}`;
}
