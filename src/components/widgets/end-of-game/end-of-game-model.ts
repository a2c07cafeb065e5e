/**
 * Chapter 8's widgets without a DOM: a search's value in words, the table of root moves (best
 * first, the moves that lose the king at once folded into one row), the comparison of the four
 * ways to know the end of the game, a FEN board for the chess diagram, and the df-pn proof
 * browser's words and order. Everything here is pure, so the unit tests read it directly.
 */
import { type EndRules, isEnd, WIN } from '../../../engine/king-capture/search';
import type { ProofChild, ProofNode } from '../../../engine/mate/proof';
import { PN_INFINITE } from '../../../engine/mate/table';
import {
  makeDrop,
  makeMove,
  type Move,
  parseSquareName,
  parseUsiMove,
  type Position,
} from '../../../engine/index';
import { parsePositionText } from '../../../engine/worker/protocol';
import { formatCount } from '../../numbers';

/** The four ways, in the order the chapter tells them. */
export const RULES: readonly EndRules[] = ['legal', 'king-capture', 'method-1', 'method-2'];

/** Short labels for the radio group and the comparison table. */
export const RULE_LABELS: Record<EndRules, string> = {
  legal: 'Legal moves',
  'king-capture': 'King capture',
  'method-1': 'Method 1: decide at the node',
  'method-2': 'Method 2: extra plies',
};

/** Shorter names for the comparison table's first column, so it fits a phone. */
export const RULE_SHORT_LABELS: Record<EndRules, string> = {
  legal: 'Legal moves',
  'king-capture': 'King capture',
  'method-1': 'Method 1',
  'method-2': 'Method 2',
};

/** Does the search count rule nodes (method 1's end tests, method 2's extra searches)? */
export const hasRuleNodes = (rules: EndRules): boolean =>
  rules === 'method-1' || rules === 'method-2';

export const count = formatCount;

export const ms = (t: number): string => `${t < 10 ? t.toFixed(1) : count(t)} ms`;

/** "1 ply", "3 plies". */
export const plies = (n: number): string => `${n} ${n === 1 ? 'ply' : 'plies'}`;

/** The value of a root move that leaves its king to be taken at once (so was never legal). */
export const LOSES_KING_AT_ONCE = -(WIN - 1);

/**
 * A value in words, for the side to move at the root. An end is ±(WIN − n), n the ply of the node
 * that decided it. At a node n plies from the root the side to move is the root's side when n is
 * even: a won end at an even n is that side taking the king there (the capture is ply n + 1); at
 * an odd n it is the other side left with no legal move, a mate after n plies. A lost end reads
 * the other way round. A chess value of exactly 0 from a search that knows stalemate is read as
 * one: the evaluation is material, and in the chapter's positions only a stalemate (or bare
 * kings) makes it 0.
 */
export function valueInWords(value: number, game: 'shogi' | 'chess', rules: EndRules): string {
  if (isEnd(value)) {
    const n = WIN - Math.abs(value);
    const mate = n % 2 === 1;
    if (value > 0) return mate ? `mates in ${plies(n)}` : `takes the king in ${plies(n + 1)}`;
    if (value === LOSES_KING_AT_ONCE) return 'loses the king at once';
    return mate ? `king taken in ${plies(n + 1)}` : `mated in ${plies(n)}`;
  }
  if (value === 0 && game === 'chess' && rules !== 'king-capture') return 'draw (stalemate)';
  return value > 0 ? `+${value}` : value === 0 ? '0' : `−${-value}`;
}

/** A root move as the worker reports it. */
export interface RootMove {
  name: string;
  text: string;
  value: number;
}

/** A row of the root-move table: one move, or every move that loses the king at once. */
export type MoveRow =
  | { kind: 'move'; name: string; text: string; value: number; words: string; chosen: boolean }
  | { kind: 'loses-king'; names: string[]; words: string };

/**
 * The root moves best first (ties keep the search's order), the chosen one marked, and the moves
 * that lose the king at once folded into one row at the end so the table stays short.
 */
export function moveRows(
  moves: readonly RootMove[],
  chosen: string | null,
  game: 'shogi' | 'chess',
  rules: EndRules,
): MoveRow[] {
  const sorted = moves
    .map((m, i) => ({ m, i }))
    .sort((a, b) => b.m.value - a.m.value || a.i - b.i)
    .map(({ m }) => m);
  const rows: MoveRow[] = [];
  const lost: string[] = [];
  for (const m of sorted) {
    if (m.value === LOSES_KING_AT_ONCE) lost.push(m.name);
    else
      rows.push({
        kind: 'move',
        name: m.name,
        text: m.text,
        value: m.value,
        words: valueInWords(m.value, game, rules),
        chosen: m.text === chosen,
      });
  }
  if (lost.length > 0)
    rows.push({
      kind: 'loses-king',
      names: lost,
      words: `loses the king at once: ${lost.length} ${lost.length === 1 ? 'move' : 'moves'}`,
    });
  return rows;
}

/** One finished search, as the comparison needs it. */
export interface RuleRun {
  rules: EndRules;
  moveName: string | null;
  moveText: string | null;
  value: number;
  nodes: number;
  ruleNodes: number;
  timeMs: number;
  stopped: boolean;
}

export interface ComparisonRow {
  rules: EndRules;
  method: string;
  move: string;
  value: string;
  nodes: string;
  ruleNodes: string;
  time: string;
  /** The chosen move is not the one the legal-move search chose. */
  differs: boolean;
  stopped: boolean;
}

/** The comparison table's rows, in the order of `runs`; a row differs from the legal-move search's move. */
export function comparisonRows(
  runs: readonly RuleRun[],
  game: 'shogi' | 'chess',
  plainZero = false,
): ComparisonRow[] {
  const legal = runs.find((r) => r.rules === 'legal');
  return runs.map((r) => ({
    rules: r.rules,
    method: `${RULE_SHORT_LABELS[r.rules]}${r.rules === 'method-2' && plainZero && game === 'chess' ? ' (plain 0)' : ''}`,
    move: r.moveName ?? 'none',
    value: valueInWords(r.value, game, r.rules),
    nodes: count(r.nodes),
    ruleNodes: hasRuleNodes(r.rules) ? count(r.ruleNodes) : '—',
    time: ms(r.timeMs),
    differs: legal !== undefined && r.rules !== 'legal' && r.moveText !== legal.moveText,
    stopped: r.stopped,
  }));
}

/**
 * A USI move read for drawing only, without asking whether it is legal: the plain king-capture
 * search plays moves the rules forbid (a pawn drop that mates), and the board must still show them.
 */
export function usiMoveShape(text: string | null | undefined): Move | undefined {
  const t = text ?? '';
  if (/^[PLNSBRG]\*[1-9][a-i]$/.test(t))
    return makeDrop(' PLNSBRG'.indexOf(t[0]!), parseSquareName(t.slice(2)));
  if (/^[1-9][a-i][1-9][a-i]\+?$/.test(t))
    return makeMove(
      parseSquareName(t.slice(0, 2)),
      parseSquareName(t.slice(2, 4)),
      t.endsWith('+'),
    );
  return undefined;
}

// ---- the chess diagram ----

/** One square of a chess diagram: its name and the FEN letter of its piece ('' when empty). */
export interface ChessCell {
  square: string;
  piece: string;
  /** A light square (h1 is light). */
  light: boolean;
}

/** Filled chess glyphs (U+265A–265F) by FEN letter, drawn for both sides and coloured by CSS. */
export const CHESS_GLYPHS: Record<string, string> = {
  k: '\u265A',
  q: '\u265B',
  r: '\u265C',
  b: '\u265D',
  n: '\u265E',
  p: '\u265F',
};

export const CHESS_PIECE_NAMES: Record<string, string> = {
  k: 'king',
  q: 'queen',
  r: 'rook',
  b: 'bishop',
  n: 'knight',
  p: 'pawn',
};

/**
 * The 64 squares of a FEN's board field, rank 8 first and file a first in each rank (the order a
 * diagram with white at the bottom is read). Null when the field is not eight ranks of eight.
 */
export function fenCells(fen: string): ChessCell[] | null {
  const ranks = (fen.trim().split(/\s+/)[0] ?? '').split('/');
  if (ranks.length !== 8) return null;
  const cells: ChessCell[] = [];
  for (let r = 0; r < 8; r++) {
    const rank = 8 - r;
    let file = 0;
    for (const ch of ranks[r]!) {
      if (ch >= '1' && ch <= '8') {
        for (let k = 0; k < Number(ch); k++) cells.push(cell(file++, rank, ''));
      } else if (CHESS_GLYPHS[ch.toLowerCase()] !== undefined) {
        cells.push(cell(file++, rank, ch));
      } else return null;
      if (file > 8) return null;
    }
    if (file !== 8) return null;
  }
  return cells;
}

const cell = (file: number, rank: number, piece: string): ChessCell => ({
  square: `${'abcdefgh'[file]}${rank}`,
  piece,
  light: (file + rank) % 2 === 0,
});

/** The from and to squares of a UCI move ('c7c8q' → c7, c8); null when it is not one. */
export function uciSquares(uci: string | null | undefined): { from: string; to: string } | null {
  const m = /^([a-h][1-8])([a-h][1-8])[qrbn]?$/.exec(uci ?? '');
  return m ? { from: m[1]!, to: m[2]! } : null;
}

/** "white queen on h1" for a cell, "empty" for none. */
export function describeChessCell(c: ChessCell): string {
  if (c.piece === '') return `${c.square}, empty`;
  const white = c.piece === c.piece.toUpperCase();
  return `${c.square}, ${white ? 'white' : 'black'} ${CHESS_PIECE_NAMES[c.piece.toLowerCase()]!}`;
}

// ---- the mate search ----

export type MateStatus = 'mate' | 'nomate' | 'timeout';

/** The node budgets a reader may give the mate search. */
export const NODE_BUDGETS = [10_000, 100_000, 1_000_000] as const;

export const budgetLabel = (n: number): string =>
  n >= 1_000_000 ? `${n / 1_000_000}M nodes` : `${n / 1_000}k nodes`;

/**
 * The verdict: a mate with its length (and whether a shorter one was ruled out), no mate, or a
 * budget that ran out.
 */
export function mateStatusText(status: MateStatus, lineLength: number, shortest = true): string {
  if (status === 'mate')
    return shortest || lineLength <= 1
      ? `Mate in ${plies(lineLength)}`
      : `Mate in ${plies(lineLength)}; the budget ran out before a shorter one was ruled out`;
  if (status === 'nomate') return 'No mate';
  return 'The budget ran out: neither a mate nor a proof that there is none';
}

/** What the side to move at a proof node needs. */
export const nodeHeading = (kind: ProofNode['kind']): string =>
  kind === 'or'
    ? 'Attacker to move: one check must mate'
    : 'Defender to move: every reply must lose';

/** A proof or disproof number; PN_INFINITE as ∞. */
export const proofNumber = (n: number): string => (n >= PN_INFINITE ? '∞' : count(n));

/** The badge of a child of a proof node. */
export function childBadge(c: ProofChild): string {
  switch (c.status) {
    case 'proven':
      return `mate in ${plies(c.length)}`;
    case 'disproven':
      return 'no mate';
    case 'repeats':
      return 'repeats';
    case 'beyond':
      return 'past the length cap';
    case 'open':
      return 'open';
  }
}

const STATUS_ORDER: Record<ProofChild['status'], number> = {
  proven: 0,
  open: 1,
  repeats: 2,
  beyond: 3,
  disproven: 4,
};

/**
 * A proof node's children in reading order: proven first — at the attacker's node the shortest
 * mate first (the check to play), at the defender's the longest (the best defence) — then the open
 * ones nearest to a proof (at the attacker's node) or to a refutation (at the defender's), then
 * repeats, then those past the search's cap on the line's length, then disproven. Ties keep the generator's order.
 */
export function sortedChildren(node: ProofNode): ProofChild[] {
  const or = node.kind === 'or';
  return node.children
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      const s = STATUS_ORDER[a.c.status] - STATUS_ORDER[b.c.status];
      if (s !== 0) return s;
      if (a.c.status === 'proven')
        return (or ? a.c.length - b.c.length : b.c.length - a.c.length) || a.i - b.i;
      if (a.c.status === 'open') return (or ? a.c.pn - b.c.pn : a.c.dn - b.c.dn) || a.i - b.i;
      return a.i - b.i;
    })
    .map(({ c }) => c);
}

/** The position after `moves` (USI) from `sfen`, and the last move played; an error names the bad move. */
export function positionAfter(
  sfen: string,
  moves: readonly string[],
): { ok: true; pos: Position; last: Move | undefined } | { ok: false; error: string } {
  const read = parsePositionText(sfen);
  if (!read.ok) return read;
  const pos = read.value;
  let last: Move | undefined;
  for (const usi of moves) {
    const m = parseUsiMove(pos, usi);
    if (!m.ok) return { ok: false, error: m.error };
    pos.doMove(m.value);
    last = m.value;
  }
  return { ok: true, pos, last };
}

/** Is `prefix` the start of `line`? */
export const isPrefix = (prefix: readonly string[], line: readonly string[]): boolean =>
  prefix.length <= line.length && prefix.every((m, i) => line[i] === m);
