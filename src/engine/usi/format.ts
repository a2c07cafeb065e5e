/** The USI engine's text output: `info` lines, scores, and the board the `d` command prints. */
import { legalMoves } from '../movegen';
import type { Position } from '../position';
import { MATE, MATE_BOUND, type SearchInfo } from '../search/index';
import { pieceLetter } from '../sfen';
import { square } from '../square';
import { HAND_KINDS } from '../types';

// #region format-info
/** A score as USI prints it: `cp 120`, or `mate 5` / `mate -4` counted in plies (手数). */
export function formatScore(value: number): string {
  if (value > MATE_BOUND) return `mate ${MATE - value}`;
  if (value < -MATE_BOUND) return `mate -${MATE + value}`;
  return `cp ${value}`;
}

/** The `info` line of a completed depth. */
export function formatInfo(info: SearchInfo): string {
  const pv = info.pv.length > 0 ? ` pv ${info.pv.join(' ')}` : '';
  return (
    `info depth ${info.depth} seldepth ${Math.max(info.seldepth, info.depth)} ` +
    `score ${formatScore(info.value)} nodes ${info.nodes} nps ${info.nps} time ${info.timeMs} ` +
    `hashfull ${info.hashfull}${pv}`
  );
}
// #endregion

/** The board as text for the `d` command: files 9…1 left to right, gote's pieces lower case. */
export function drawBoard(pos: Position): string[] {
  const hand = (color: number): string => {
    const parts = HAND_KINDS.filter((k) => pos.hand[color * 8 + k]! > 0).map((k) => {
      const n = pos.hand[color * 8 + k]!;
      return (n > 1 ? String(n) : '') + pieceLetter(k | (color << 4));
    });
    return parts.join(' ') || '-';
  };
  const lines = [`gote hand: ${hand(1)}`, '   9  8  7  6  5  4  3  2  1'];
  for (let rank = 1; rank <= 9; rank++) {
    let row = '';
    for (let file = 9; file >= 1; file--) {
      const p = pos.board[square(file, rank)]!;
      row += (p === 0 ? '.' : pieceLetter(p)).padStart(3);
    }
    lines.push(`${row}  ${'abcdefghi'[rank - 1]}`);
  }
  lines.push(`sente hand: ${hand(0)}`);
  lines.push(
    `side to move: ${pos.sideToMove === 0 ? 'sente' : 'gote'}, in check: ` +
      `${pos.inCheck() ? 'yes' : 'no'}, legal moves: ${legalMoves(pos).length}`,
  );
  return lines;
}
