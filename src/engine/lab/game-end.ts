/**
 * How the rules end a game before the side to move plays, apart from the game loop (game.ts):
 * the Play and Analyse pages judge their games with it on the main thread, where game.ts would
 * bring the whole search along.
 */
import { legalMoves } from '../movegen';
import type { Position } from '../position';
import { canDeclareWin, repetition, Repetition } from '../rules';
import { GameEnd, type GameResult } from './game-types';

/** Does the game end before the side to move plays? Returns the result and why, or null. */
export function endByRules(
  pos: Position,
  plies: number,
  maxPlies: number,
): { result: GameResult; end: GameEnd } | null {
  const us = pos.sideToMove;
  const winner = (side: number): GameResult => (side === 0 ? 'sente' : 'gote');
  const rep = repetition(pos);
  if (rep === Repetition.Draw) return { result: 'draw', end: GameEnd.Repetition };
  if (rep === Repetition.Win) return { result: winner(us), end: GameEnd.PerpetualCheck };
  if (rep === Repetition.Loss) return { result: winner(us ^ 1), end: GameEnd.PerpetualCheck };
  if (legalMoves(pos).length === 0)
    return { result: winner(us ^ 1), end: pos.inCheck() ? GameEnd.Mate : GameEnd.NoLegalMove };
  if (canDeclareWin(pos)) return { result: winner(us), end: GameEnd.Declaration };
  if (plies >= maxPlies) return { result: 'draw', end: GameEnd.MaxPlies };
  return null;
}
