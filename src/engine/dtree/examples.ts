/**
 * A decision-tree kind's examples as the worker builds them from a page's games (data.ts), in
 * steps so the page sees progress, with every request's settings and every game checked first:
 * an error names the field, the range and the value, or the first bad game.
 */

import { ATTRIBUTE_COUNT, BEST_MOVE_ATTRIBUTES, MATE_ATTRIBUTES } from './position-attributes';

import {
  BEST_MOVE_WIDTH,
  bestMoveDataset,
  type ExampleSource,
  type MateGame,
  mateDataset,
  outcomeDataset,
  replay,
  type TeacherGame,
} from './data';
import { BEST_MOVE_COLUMNS, OTHER_MOVE_SEED } from './tables';

import { type Dataset } from './tree';

import { parseSfen } from '../sfen';

import {
  DTREE_KINDS,
  type DtreeKind,
  type DtreeSettings,
  MAX_DTREE_DEPTH,
  MAX_DTREE_MIN_LEAF,
} from './messages';

// #region dtree-worker-constants
/** Outcome examples come from each decided game's last 50 positions unless asked otherwise (Table 1's first row). */
export const DEFAULT_OUTCOME_LAST = 50;
/** At most this many progress messages while a kind's examples are built. */
const PROGRESS_STEPS = 40;
/** At least this many games between two progress messages. */
const MIN_GAMES_PER_STEP = 20;
/**
 * bestMoveDataset seeds the other move of game g with `seed + g * 7919` (dtree/data.ts), so the
 * games can be built in steps, each with its first game's seed; a test checks the result is the
 * same as one call over all the games.
 */
const GAME_SEED_STRIDE = 7919;
// #endregion

/** The columns each kind of tree may ask: policies and attributes 1–56, mate attributes, 1–56. */
export const DTREE_COLUMNS: Record<DtreeKind, readonly number[]> = {
  best: BEST_MOVE_COLUMNS,
  mate: MATE_ATTRIBUTES,
  outcome: BEST_MOVE_ATTRIBUTES,
};

export const isKind = (kind: unknown): kind is DtreeKind =>
  typeof kind === 'string' && (DTREE_KINDS as readonly string[]).includes(kind);

export const kindProblem = (request: string, kind: unknown): string =>
  `${request}: kind must be one of ${DTREE_KINDS.join(', ')}, got ${JSON.stringify(kind)}`;

export const isIndex = (v: unknown, count: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < count;

/** Check a request's tree settings; the error names the field, the range and the value. */
export function checkSettings(
  request: string,
  settings: DtreeSettings,
): Required<DtreeSettings> | string {
  const { maxDepth, minLeaf, minGain = 0 } = settings;
  if (typeof maxDepth !== 'number' || !Number.isInteger(maxDepth))
    return `${request}: maxDepth must be a whole number from 0 to ${MAX_DTREE_DEPTH}, got ${maxDepth}`;
  if (maxDepth < 0 || maxDepth > MAX_DTREE_DEPTH)
    return `${request}: maxDepth must be a whole number from 0 to ${MAX_DTREE_DEPTH}, got ${maxDepth}`;
  if (
    typeof minLeaf !== 'number' ||
    !Number.isInteger(minLeaf) ||
    minLeaf < 1 ||
    minLeaf > MAX_DTREE_MIN_LEAF
  )
    return `${request}: minLeaf must be a whole number from 1 to ${MAX_DTREE_MIN_LEAF}, got ${minLeaf}`;
  if (typeof minGain !== 'number' || !Number.isFinite(minGain) || minGain < 0 || minGain > 1)
    return `${request}: minGain must be a number of bits from 0 to 1, got ${minGain}`;
  return { maxDepth, minLeaf, minGain };
}

/** Check the shape of the games a page sent; the error names the first bad game and field. */
export function checkGames(kind: DtreeKind, games: unknown): string | null {
  if (!Array.isArray(games)) return 'dtree-load: games must be a list';
  const words = (v: unknown): boolean => Array.isArray(v) && v.every((m) => typeof m === 'string');
  for (let g = 0; g < games.length; g++) {
    const game = games[g] as Record<string, unknown> | null;
    const at = `dtree-load: game ${g}`;
    if (game === null || typeof game !== 'object') return `${at}: expected an object`;
    if (kind === 'mate') {
      if (game['sfen'] !== null && typeof game['sfen'] !== 'string')
        return `${at}: sfen must be an SFEN or null, got ${JSON.stringify(game['sfen'])}`;
      if (game['label'] !== 0 && game['label'] !== 1)
        return `${at}: label must be 0 or 1, got ${JSON.stringify(game['label'])}`;
      if (!Number.isInteger(game['ply'])) return `${at}: ply must be a whole number`;
    } else {
      if (!words(game['opening'])) return `${at}: opening must be a list of USI moves`;
      if (!words(game['moves'])) return `${at}: moves must be a list of USI moves`;
      if (!['sente', 'gote', 'draw'].includes(game['result'] as string))
        return `${at}: result must be sente, gote or draw, got ${JSON.stringify(game['result'])}`;
    }
  }
  return null;
}

/** The reason game g cannot give examples (a bad move or SFEN), or null. */
function gameProblem(kind: DtreeKind, game: TeacherGame | MateGame): string | null {
  try {
    if (kind === 'mate') {
      const sfen = (game as MateGame).sfen;
      if (sfen === null) return null;
      const pos = parseSfen(sfen);
      return pos.ok ? null : pos.error;
    }
    const { opening, moves } = game as TeacherGame;
    replay([...opening, ...moves], () => undefined);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** One call of dtree-data's builder for `games`, whose first game is game `first` of all. */
function buildPart(
  kind: DtreeKind,
  games: readonly (TeacherGame | MateGame)[],
  first: number,
  last: number,
): { data: Dataset; source: ExampleSource } {
  if (kind === 'mate') return mateDataset(games as MateGame[]);
  if (kind === 'outcome') return outcomeDataset(games as TeacherGame[], last);
  return bestMoveDataset(games as TeacherGame[], OTHER_MOVE_SEED + first * GAME_SEED_STRIDE);
}

/**
 * A kind's examples, built a step of games at a time (calling `onStep` after each) and joined:
 * the same examples, in the same order, as one call of dtree-data's builder over all the games.
 * Throws an Error naming the game when a game's moves or SFEN cannot be read.
 */
export function buildExamples(
  kind: DtreeKind,
  games: readonly (TeacherGame | MateGame)[],
  last = DEFAULT_OUTCOME_LAST,
  onStep?: (done: number, total: number) => void,
): { data: Dataset; source: ExampleSource } {
  const total = games.length;
  const step = Math.max(MIN_GAMES_PER_STEP, Math.ceil(total / PROGRESS_STEPS));
  const parts: { data: Dataset; source: ExampleSource }[] = [];
  for (let first = 0; first < total; first += step) {
    const chunk = games.slice(first, first + step);
    let part: { data: Dataset; source: ExampleSource };
    try {
      part = buildPart(kind, chunk, first, last);
    } catch (error) {
      for (const [k, game] of chunk.entries()) {
        const problem = gameProblem(kind, game);
        if (problem) throw new Error(`game ${first + k}: ${problem}`, { cause: error });
      }
      throw error;
    }
    for (let i = 0; i < part.source.game.length; i++) part.source.game[i]! += first;
    parts.push(part);
    onStep?.(Math.min(first + step, total), total);
  }
  return joinParts(kind === 'best' ? BEST_MOVE_WIDTH : ATTRIBUTE_COUNT, parts);
}

function joinParts(
  width: number,
  parts: readonly { data: Dataset; source: ExampleSource }[],
): { data: Dataset; source: ExampleSource } {
  const count = parts.reduce((n, p) => n + p.data.count, 0);
  const values = new Uint8Array(count * width);
  const labels = new Uint8Array(count);
  const game = new Int32Array(count);
  const ply = new Int32Array(count);
  let at = 0;
  for (const { data, source } of parts) {
    values.set(data.values, at * width);
    labels.set(data.labels, at);
    game.set(source.game, at);
    ply.set(source.ply, at);
    at += data.count;
  }
  return { data: { width, count, values, labels }, source: { game, ply } };
}
