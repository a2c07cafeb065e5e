/**
 * The Analyse page's address: the game (`game=`, a USI position command: `startpos moves 7g7f …`
 * or `sfen … moves …`) and the move shown (`ply=`). The search explorer on the page keeps its own
 * settings beside them under `analyse.`; these two parameters leave the others as they are.
 */
import { importGame, type Game, positionCommand } from './game-model';
import { err, ok, type Result } from '../../engine/types';

export interface AnalyseState {
  game: Game;
  /** Moves played before the position shown: 0 is the start, `game.moves.length` the end. */
  ply: number;
}

/** Reads the state from a query string; null when it names no game, an error when it is wrong. */
export function readAnalyseState(search: string): Result<AnalyseState> | null {
  const params = new URLSearchParams(search);
  const text = params.get('game');
  if (text === null) return null;
  const game = importGame(text);
  if (!game.ok) return err(`The game in the address: ${game.error}`);
  const plyText = params.get('ply');
  const total = game.value.moves.length;
  if (plyText === null) return ok({ game: game.value, ply: total });
  // Digits only: Number() would read "", "-0", "2.0" and "0x2" as whole numbers too.
  const ply = /^\d+$/.test(plyText) ? Number(plyText) : NaN;
  if (!Number.isInteger(ply) || ply < 0 || ply > total)
    return err(
      `The move in the address: ply must be a whole number from 0 to ${total}, got "${plyText}"`,
    );
  return ok({ game: game.value, ply });
}

/** The query string with the state written over `game` and `ply`, other parameters kept. */
export function writeAnalyseState(search: string, state: AnalyseState): string {
  const params = new URLSearchParams(search);
  params.set('game', positionCommand(state.game));
  if (state.ply === state.game.moves.length) params.delete('ply');
  else params.set('ply', String(state.ply));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export { analyseLink } from '../widgets/analyse-link';
