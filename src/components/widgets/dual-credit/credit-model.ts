/**
 * Chapter 5's widgets, the part without a DOM: a line of moves read into its credit trace (the
 * engine's creditTrace) with the words a table needs, Table 1's classes by name, and the classes
 * that set off the most extension in a search.
 */
import { CREDIT_MEANINGS, CREDIT_PIECES } from '../../../engine/dual-credit/credit-table';
import { type CreditSettings, creditTrace } from '../../../engine/dual-credit/dual-credit';
import { Color, type Move, type Result } from '../../../engine/types';
import { parseUsiMove } from '../../../engine/notation';
import { parsePositionText } from '../../../engine/worker/protocol';
import { describeMove } from '../board-model';

/** One move of a trace, ready to print. */
export interface TraceRow {
  ply: number;
  usi: string;
  move: Move;
  /** "rook 9i–9a", in words. */
  text: string;
  mover: 'sente' | 'gote';
  /** The table entry it earned, −1 for none; and the entry's words. */
  entry: number;
  piece: string;
  meaning: string;
  credit: number;
  /** Plies of extension on entering the position after the move. */
  extension: number;
  sente: number;
  gote: number;
}

/** Table 1's class of a table entry: its piece and its meaning. */
export function classOf(entry: number): { piece: string; meaning: string } {
  if (entry < 0) return { piece: '—', meaning: 'nothing that earns credit' };
  const columns = CREDIT_MEANINGS.length;
  return {
    piece: CREDIT_PIECES[Math.floor(entry / columns)]!,
    meaning: CREDIT_MEANINGS[entry % columns]!,
  };
}

/**
 * Read `position` (SFEN, `startpos` or a USI position command) and the USI moves of `line` into
 * the credit each move earns and what becomes depth. An error names the move that is not legal
 * and where it stands in the line.
 */
export function traceLine(
  position: string,
  line: string,
  settings: CreditSettings,
  budget = Infinity,
): Result<TraceRow[]> {
  const start = parsePositionText(position);
  if (!start.ok) return start;
  const pos = start.value;
  const startColor = pos.sideToMove;
  const words = line.trim().split(/\s+/).filter(Boolean);
  const moves: Move[] = [];
  const texts: string[] = [];
  for (const [i, usi] of words.entries()) {
    const m = parseUsiMove(pos, usi);
    if (!m.ok) {
      for (const done of [...moves].reverse()) pos.undoMove(done);
      return { ok: false, error: `move ${i + 1} of the line, ${usi}: ${m.error}` };
    }
    texts.push(describeMove(pos, m.value));
    pos.doMove(m.value);
    moves.push(m.value);
  }
  for (const done of [...moves].reverse()) pos.undoMove(done);
  const steps = creditTrace(pos, moves, settings, budget);
  const senteIndex = startColor === Color.Sente ? 0 : 1;
  return {
    ok: true,
    value: steps.map((s, i) => {
      const { piece, meaning } = classOf(s.entry);
      const moverIsSente = (s.side === 0) === (startColor === Color.Sente);
      return {
        ply: i + 1,
        usi: words[i]!,
        move: s.move,
        text: texts[i]!,
        mover: moverIsSente ? 'sente' : 'gote',
        entry: s.entry,
        piece,
        meaning,
        credit: s.credit,
        extension: s.extension,
        sente: s.accounts[senteIndex],
        gote: s.accounts[1 - senteIndex]!,
      };
    }),
  };
}

/** The classes that set off the most plies of extension, most first (ties in table order). */
export function topClasses(
  byClass: readonly number[],
  count: number,
): { entry: number; piece: string; meaning: string; plies: number }[] {
  return byClass
    .map((plies, entry) => ({ entry, plies, ...classOf(entry) }))
    .filter((c) => c.plies > 0)
    .sort((a, b) => b.plies - a.plies || a.entry - b.entry)
    .slice(0, count);
}

/** A credit as the page prints it: 1.25, 0.5, 0. */
export const formatCredit = (c: number): string =>
  Number.isInteger(c) ? String(c) : c.toFixed(2).replace(/0$/, '');
