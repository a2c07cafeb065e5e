/**
 * What the reader chooses on the Play page (their side, the engine's preset, its time per move,
 * whether to watch it think), kept with the game in this browser's storage so a reload loses
 * neither. Stored text is checked field by field: anything unreadable falls back to the default.
 */
import { PRESETS as LAB_PRESETS, type Preset } from '../../engine/lab/presets';
import { NEW_GAME, playMove, positionAt, type Game, type Side } from './game-model';

/**
 * The engines a reader can play: the engine's strongest settings first (the default, a good
 * opponent), then one per technique the chapters teach, in the book's order.
 */
export const PLAY_PRESET_IDS = [
  'strongest',
  'plain',
  'rank10',
  'modern',
  'check',
  'dual-credit',
  'effect',
  'kkpee9',
  'mate-probe-1',
] as const;
type PlayPresetId = (typeof PLAY_PRESET_IDS)[number];

export const PLAY_PRESETS: readonly Preset[] = PLAY_PRESET_IDS.map((id) => {
  const preset = LAB_PRESETS.find((candidate) => candidate.id === id);
  if (!preset) throw new Error(`Play: no lab preset "${id}"`);
  return preset;
});

/**
 * Shorter names for the opponent's list, where the lab's own would be cut off in a phone's
 * closed select (the lab's files keep theirs, and the status line says the whole name).
 */
const SHORT_LABELS: Readonly<Partial<Record<PlayPresetId, string>>> = {
  strongest: 'strongest: null, LMR, futility',
  'mate-probe-1': 'mate search at the leaves, ≤ 1 flight',
};

/** The name the opponent's list shows for `preset`. */
export const playLabel = (preset: Preset): string =>
  SHORT_LABELS[preset.id as PlayPresetId] ?? preset.label;

/** Time per engine move, in milliseconds. */
export const MOVE_TIMES = [200, 500, 1000, 2000, 5000] as const;

export interface PlaySettings {
  side: Side;
  preset: string;
  moveTimeMs: number;
  showThinking: boolean;
}

export const DEFAULT_SETTINGS: PlaySettings = {
  side: 'sente',
  preset: 'strongest',
  moveTimeMs: 1000,
  showThinking: true,
};

export const STORAGE_KEY = 'yomi-play';

export interface SavedPlay {
  game: Game;
  settings: PlaySettings;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads what `savePlay` wrote; a game whose moves no longer replay starts afresh. */
export function parseSaved(text: string | null): SavedPlay {
  const fallback = { game: NEW_GAME, settings: DEFAULT_SETTINGS };
  if (text === null) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (!isRecord(value)) return fallback;
  const s = isRecord(value['settings']) ? value['settings'] : {};
  const settings: PlaySettings = {
    side: s['side'] === 'gote' ? 'gote' : 'sente',
    preset: PLAY_PRESET_IDS.includes(s['preset'] as never)
      ? (s['preset'] as string)
      : DEFAULT_SETTINGS.preset,
    moveTimeMs: MOVE_TIMES.includes(s['moveTimeMs'] as never)
      ? (s['moveTimeMs'] as number)
      : DEFAULT_SETTINGS.moveTimeMs,
    showThinking: typeof s['showThinking'] === 'boolean' ? s['showThinking'] : true,
  };
  return { game: parseSavedGame(value['game']) ?? NEW_GAME, settings };
}

function parseSavedGame(value: unknown): Game | null {
  if (!isRecord(value) || typeof value['start'] !== 'string' || !Array.isArray(value['moves']))
    return null;
  let game: Game = { start: value['start'], moves: [] };
  if (!positionAt(game).ok) return null;
  for (const move of value['moves']) {
    if (typeof move !== 'string') return null;
    const next = playMove(game, move);
    if (!next.ok) return null;
    game = next.value;
  }
  const resigned = value['resigned'];
  return resigned === 'sente' || resigned === 'gote' ? { ...game, resigned } : game;
}
