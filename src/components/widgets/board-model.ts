/**
 * What the board widgets know about shogi, without any DOM: piece names and kanji, readable move
 * descriptions, move groups, click-to-move, the status line, effect heatmaps and the preset
 * positions. Everything is computed from the engine's public functions, the same ones the chapter
 * shows, and is unit-tested in test/components/board-model.test.ts.
 */
import {
  Color,
  dropKind,
  fileOf,
  illegalDrops,
  IllegalDropReason,
  isDrop,
  isMate,
  isPromotion,
  Kind,
  legalMoves,
  makeSfen,
  makeUsiMove,
  type Move,
  moveFrom,
  moveTo,
  parseSfen,
  parseUsiMove,
  type Position,
  type Result,
  SQUARES,
  makeSquareName,
  STARTPOS_SFEN,
} from '../../engine/index';
import { parsePositionText } from '../../engine/worker/protocol';

/** Kanji on each piece's face, by kind; gote's king is written 王, sente's 玉 (as in most diagrams). */
export const PIECE_KANJI = [
  '',
  '歩',
  '香',
  '桂',
  '銀',
  '角',
  '飛',
  '金',
  '玉',
  'と',
  '杏',
  '圭',
  '全',
  '馬',
  '龍',
] as const;

export const PIECE_NAMES = [
  '',
  'pawn',
  'lance',
  'knight',
  'silver',
  'bishop',
  'rook',
  'gold',
  'king',
  'promoted pawn',
  'promoted lance',
  'promoted knight',
  'promoted silver',
  'horse',
  'dragon',
] as const;

/** The kanji of a piece as drawn: its kind's, except that gote's king is 王. */
export const pieceKanji = (piece: number): string =>
  (piece & 15) === Kind.King && piece >> 4 === Color.Gote ? '王' : PIECE_KANJI[piece & 15]!;

export const pieceName = (kind: number): string => PIECE_NAMES[kind] ?? '?';

export const colorName = (color: number): string => (color === Color.Sente ? 'sente' : 'gote');
/** ☗ is sente's mark and ☖ gote's, as in printed game records. */
export const colorMark = (color: number): string => (color === Color.Sente ? '☗' : '☖');

/** The kinds in a hand, in the order they are usually shown (most valuable first). */
export const HAND_ORDER = [
  Kind.Rook,
  Kind.Bishop,
  Kind.Gold,
  Kind.Silver,
  Kind.Knight,
  Kind.Lance,
  Kind.Pawn,
] as const;

/** Japanese rank numerals, rank 1 (a) to 9 (i). */
export const RANK_KANJI = ['一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;
export const RANK_LETTERS = 'abcdefghi';

// ---- moves ----------------------------------------------------------------------------------

/** A move in words: "pawn 7g–7f", "bishop 8h×2b (takes bishop), promotes", "pawn dropped on 5e". */
export function describeMove(pos: Position, move: Move): string {
  const to = makeSquareName(moveTo(move));
  if (isDrop(move)) return `${pieceName(dropKind(move))} dropped on ${to}`;
  const piece = pos.board[moveFrom(move)]!;
  const target = pos.board[moveTo(move)]!;
  const from = makeSquareName(moveFrom(move));
  let text = `${pieceName(piece & 15)} ${from}${target ? '×' : '–'}${to}`;
  if (target) text += ` (takes ${pieceName(target & 15)})`;
  if (isPromotion(move)) text += `, promotes to ${pieceName((piece & 15) + 8)}`;
  return text;
}

export interface MoveGroups {
  /** Board moves that take a piece (promoting or not). */
  captures: Move[];
  /** Promotions that take nothing. */
  promotions: Move[];
  /** Every other board move. */
  quiet: Move[];
  drops: Move[];
}

/** Split moves into the groups the explorer lists, each group in generation order. */
export function groupMoves(pos: Position, moves: readonly Move[]): MoveGroups {
  const groups: MoveGroups = { captures: [], promotions: [], quiet: [], drops: [] };
  for (const move of moves) {
    if (isDrop(move)) groups.drops.push(move);
    else if (pos.board[moveTo(move)] !== 0) groups.captures.push(move);
    else if (isPromotion(move)) groups.promotions.push(move);
    else groups.quiet.push(move);
  }
  return groups;
}

// ---- click to move --------------------------------------------------------------------------

/** What the reader has picked up: nothing, a piece on a square, or a piece kind from the hand. */
export type Selection =
  { type: 'none' } | { type: 'square'; square: number } | { type: 'hand'; kind: number };

export const NO_SELECTION: Selection = { type: 'none' };

/** The legal moves of the selected piece. */
export function movesOfSelection(legal: readonly Move[], selection: Selection): Move[] {
  if (selection.type === 'square')
    return legal.filter((m) => !isDrop(m) && moveFrom(m) === selection.square);
  if (selection.type === 'hand')
    return legal.filter((m) => isDrop(m) && dropKind(m) === selection.kind);
  return [];
}

/** What a click did: a new selection, and maybe a move to play or a promotion to choose. */
export interface ClickOutcome {
  selection: Selection;
  /** Play this move now. */
  play?: Move;
  /** Ask: promote (first) or not (second)? */
  choose?: readonly [Move, Move];
}

/** A click on a board square. */
export function clickSquare(
  pos: Position,
  legal: readonly Move[],
  selection: Selection,
  square: number,
): ClickOutcome {
  const candidates = movesOfSelection(legal, selection).filter((m) => moveTo(m) === square);
  if (candidates.length === 1) return { selection: NO_SELECTION, play: candidates[0]! };
  if (candidates.length === 2) {
    const promote = candidates.find(isPromotion)!;
    const stay = candidates.find((m) => !isPromotion(m))!;
    return { selection, choose: [promote, stay] };
  }
  const piece = pos.board[square]!;
  const own = piece !== 0 && piece >> 4 === pos.sideToMove;
  if (own && !(selection.type === 'square' && selection.square === square))
    return { selection: { type: 'square', square } };
  return { selection: NO_SELECTION };
}

/** A click on a piece in hand; only the side to move's hand can be picked from. */
export function clickHand(
  pos: Position,
  selection: Selection,
  color: number,
  kind: number,
): ClickOutcome {
  if (color !== pos.sideToMove || pos.hand[color * 8 + kind] === 0)
    return { selection: NO_SELECTION };
  if (selection.type === 'hand' && selection.kind === kind) return { selection: NO_SELECTION };
  return { selection: { type: 'hand', kind } };
}

// ---- status ---------------------------------------------------------------------------------

export interface Status {
  sideToMove: number;
  moveNumber: number;
  inCheck: boolean;
  /** In check with no legal move (詰み). */
  mate: boolean;
  /** No legal move at all (with or without check): the side to move has lost. */
  noMoves: boolean;
  legalCount: number;
}

export function statusOf(pos: Position, legal: readonly Move[] = legalMoves(pos)): Status {
  return {
    sideToMove: pos.sideToMove,
    moveNumber: pos.startMoveNumber + pos.ply,
    inCheck: pos.inCheck(),
    mate: isMate(pos),
    noMoves: legal.length === 0,
    legalCount: legal.length,
  };
}

/** The status as one line: "☗ Sente to move · move 1 · 30 legal moves". */
export function statusText(status: Status): string {
  const side = `${colorMark(status.sideToMove)} ${status.sideToMove === Color.Sente ? 'Sente' : 'Gote'}`;
  const winner = status.sideToMove === Color.Sente ? 'gote' : 'sente';
  const parts = [`${side} to move`, `move ${status.moveNumber}`];
  if (status.mate) parts.push(`checkmate (詰み): ${winner} wins`);
  else if (status.noMoves) parts.push(`no legal move, so ${winner} wins (shogi has no stalemate)`);
  else {
    if (status.inCheck) parts.push('in check (王手)');
    parts.push(`${status.legalCount} legal move${status.legalCount === 1 ? '' : 's'}`);
  }
  return parts.join(' · ');
}

// ---- illegal drops --------------------------------------------------------------------------

export interface IllegalDropGroup {
  reason: IllegalDropReason;
  /** The rule's names. */
  title: string;
  japanese: string;
  reading: string;
  moves: Move[];
}

const ILLEGAL_DROP_TITLES: Record<
  IllegalDropReason,
  { title: string; japanese: string; reading: string }
> = {
  [IllegalDropReason.DropPawnMate]: {
    title: 'Drop-pawn mate',
    japanese: '打ち歩詰め',
    reading: 'uchifuzume',
  },
  [IllegalDropReason.DoublePawn]: { title: 'Double pawn', japanese: '二歩', reading: 'nifu' },
  [IllegalDropReason.DeadPiece]: {
    title: 'Dead piece',
    japanese: '行き所のない駒',
    reading: 'ikidokoro no nai koma',
  },
};

/** The forbidden drops of `pos`, grouped by rule (drop-pawn mate first: it is the rare one). */
export function illegalDropGroups(pos: Position): IllegalDropGroup[] {
  const order = [
    IllegalDropReason.DropPawnMate,
    IllegalDropReason.DoublePawn,
    IllegalDropReason.DeadPiece,
  ];
  const found = illegalDrops(pos);
  return order
    .map((reason) => ({
      reason,
      ...ILLEGAL_DROP_TITLES[reason],
      moves: found.filter((d) => d.reason === reason).map((d) => d.move),
    }))
    .filter((group) => group.moves.length > 0);
}

/** One sentence on why `move` (an illegal drop for `reason`) is forbidden. */
export function explainIllegalDrop(pos: Position, move: Move, reason: IllegalDropReason): string {
  const to = makeSquareName(moveTo(move));
  const name = pieceName(dropKind(move));
  const side = colorName(pos.sideToMove);
  switch (reason) {
    case IllegalDropReason.DropPawnMate:
      return `A pawn dropped on ${to} would check the king in front of it and leave no escape, capture or block: that is mate by a dropped pawn, which the rules forbid (a pawn pushed there, or any other piece dropped there, may mate).`;
    case IllegalDropReason.DoublePawn:
      return `File ${fileOf(moveTo(move))} already holds an unpromoted ${side} pawn, and a side may have only one on each file.`;
    case IllegalDropReason.DeadPiece:
      return `A ${name} on ${to} could never move again, so it may not be dropped there.`;
  }
}

// ---- effect heatmaps ------------------------------------------------------------------------

export type EffectMode = 'sente' | 'gote' | 'both';

export interface OverlayLabel {
  text: string;
  /** Where in the square: sente's counts sit bottom left, gote's top right. */
  corner: 'bottom-left' | 'top-right';
  color: 'sente' | 'gote';
}

/** What to draw on one square over the board: a tint and small labels. */
export interface SquareOverlay {
  tint?: 'sente' | 'gote';
  /** 0..1 */
  strength?: number;
  labels?: OverlayLabel[];
}

/** Counts at or above this are drawn at full strength. */
const HEAT_FULL = 4;

/**
 * The effect counts of `pos` as an overlay indexed like `SQUARES` (reading order): for one side,
 * its count on each square; for both, each side's count and a tint for whoever has more.
 */
export function effectOverlay(pos: Position, mode: EffectMode): (SquareOverlay | null)[] {
  return SQUARES.map((sq) => {
    const sente = pos.effectCount(Color.Sente, sq);
    const gote = pos.effectCount(Color.Gote, sq);
    if (mode !== 'both') {
      const n = mode === 'sente' ? sente : gote;
      if (n === 0) return null;
      return {
        tint: mode,
        strength: Math.min(n, HEAT_FULL) / HEAT_FULL,
        labels: [{ text: String(n), corner: 'bottom-left', color: mode }],
      };
    }
    if (sente === 0 && gote === 0) return null;
    const labels: OverlayLabel[] = [];
    if (sente > 0) labels.push({ text: String(sente), corner: 'bottom-left', color: 'sente' });
    if (gote > 0) labels.push({ text: String(gote), corner: 'top-right', color: 'gote' });
    const diff = sente - gote;
    if (diff === 0) return { labels };
    return {
      tint: diff > 0 ? 'sente' : 'gote',
      strength: Math.min(Math.abs(diff), HEAT_FULL) / HEAT_FULL,
      labels,
    };
  });
}

/** Sum of a side's effect counts over the board, and the square it bears on most. */
export function effectSummary(pos: Position, color: number): { total: number; max: number } {
  let total = 0;
  let max = 0;
  for (const sq of SQUARES) {
    const n = pos.effectCount(color as 0 | 1, sq);
    total += n;
    max = Math.max(max, n);
  }
  return { total, max };
}

// ---- lines of play --------------------------------------------------------------------------

/** A position as the explorer keeps it: where it was set up, and the moves played since. */
export interface Line {
  /** SFEN of the set-up position. */
  setup: string;
  moves: Move[];
}

/**
 * Read what a person typed (an SFEN, `startpos`, or `startpos moves …` / `sfen … moves …`) into
 * a line, so that the moves can be stepped back through.
 */
export function parseLine(text: string): Result<Line> {
  const whole = parsePositionText(text);
  if (!whole.ok) return whole;
  const trimmed = text.trim().replace(/^position\s+/, '');
  const [setupText, movesText] = trimmed.split(/\s+moves(?:\s+|$)/) as [string, string?];
  if (movesText === undefined)
    return { ok: true, value: { setup: makeSfen(whole.value), moves: [] } };
  const start = parseSfen(setupText.replace(/^sfen\s+/, ''));
  if (!start.ok) return start;
  const pos = start.value;
  const setup = makeSfen(pos);
  const moves: Move[] = [];
  for (const usi of movesText.trim().split(/\s+/).filter(Boolean)) {
    const move = parseUsiMove(pos, usi);
    if (!move.ok) return move;
    pos.doMove(move.value);
    moves.push(move.value);
  }
  return { ok: true, value: { setup, moves } };
}

/** The position at the end of a line (its moves were legal when they were added). */
export function positionOf(line: Line): Position {
  const parsed = parseSfen(line.setup);
  if (!parsed.ok) throw new Error(`bad set-up SFEN in a line: ${parsed.error}`);
  const pos = parsed.value;
  for (const move of line.moves) pos.doMove(move);
  return pos;
}

/** The line as a USI position command: `position sfen … moves 7g7f`. */
export function lineCommand(line: Line): string {
  const setup = line.setup === STARTPOS_SFEN ? 'startpos' : `sfen ${line.setup}`;
  const moves = line.moves.length ? ` moves ${line.moves.map(makeUsiMove).join(' ')}` : '';
  return `position ${setup}${moves}`;
}
