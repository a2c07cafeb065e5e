/**
 * The drawing pieces of the board widget: the SVG geometry, the pieces themselves, the hands,
 * the coordinates, arrows and the promotion dialog. Board.tsx puts them together and holds the
 * state (selection, focus, flip).
 */
import type { JSX, RefObject } from 'preact';
import {
  Color,
  fileOf,
  type Move,
  moveFrom,
  moveTo,
  type Position,
  rankOf,
  square,
} from '../../engine/index';
import {
  colorMark,
  colorName,
  HAND_ORDER,
  pieceKanji,
  pieceName,
  RANK_KANJI,
  RANK_LETTERS,
  type Selection,
} from './board-model';

/** An arrow from one square to another; without `from`, a ring on `to` (a drop). */
export interface Arrow {
  from?: number;
  to: number;
  /** Drawn lighter: the later moves of a line after a strong first one. */
  faint?: boolean;
  /** Drawn in the second colour, for the other side of a comparison. */
  alt?: boolean;
}

// Geometry of the SVG, in its own units. Squares are a little taller than wide, like real boards.
export const CELL_W = 44;
export const CELL_H = 48;
export const PAD_LEFT = 6;
export const PAD_TOP = 22;
export const PAD_RIGHT = 30;
export const PAD_BOTTOM = 6;
export const BOARD_W = 9 * CELL_W;
export const BOARD_H = 9 * CELL_H;
export const VIEW_W = PAD_LEFT + BOARD_W + PAD_RIGHT;
export const VIEW_H = PAD_TOP + BOARD_H + PAD_BOTTOM;

/** Piece outline, centred on (0, 0), pointing up (towards the opponent of its owner). */
const PIECE_POINTS = '0,-21 14,-15 18,20 -18,20 -14,-15';
/** Bigger pieces are worth more, as on a real set: king, rook/bishop, gold/silver, knight/lance, pawn. */
const PIECE_SCALE = [
  0, 0.84, 0.88, 0.9, 0.93, 0.97, 0.97, 0.93, 1, 0.84, 0.88, 0.9, 0.93, 0.97, 0.97,
];

export interface Cell {
  col: number;
  row: number;
}

export const cellOf = (sq: number, flipped: boolean): Cell => {
  const col = 9 - fileOf(sq);
  const row = rankOf(sq) - 1;
  return flipped ? { col: 8 - col, row: 8 - row } : { col, row };
};

export const squareAt = (col: number, row: number, flipped: boolean): number =>
  flipped ? square(col + 1, 9 - row) : square(9 - col, row + 1);

export const cellX = (col: number): number => PAD_LEFT + col * CELL_W;
export const cellY = (row: number): number => PAD_TOP + row * CELL_H;

export const squareName = (sq: number): string => `${fileOf(sq)}${RANK_LETTERS[rankOf(sq) - 1]}`;

/** A piece drawn centred on (0, 0); rotated for gote. */
export function PieceGlyph({
  piece,
  flipped = false,
}: {
  piece: number;
  flipped?: boolean;
}): JSX.Element {
  const kind = piece & 15;
  const scale = PIECE_SCALE[kind] ?? 1;
  const gote = (piece >> 4 === Color.Gote) !== flipped;
  return (
    <g
      class={`piece${kind > 8 ? ' promoted' : ''}`}
      transform={`${gote ? 'rotate(180) ' : ''}scale(${scale})`}
    >
      <polygon points={PIECE_POINTS} class="piece-body" />
      <text y="3" class="piece-kanji">
        {pieceKanji(piece)}
      </text>
    </g>
  );
}

/** A piece as a small standalone SVG (for the hands and the promotion dialog). */
export function PieceIcon(props: { piece: number; size?: number; flipped?: boolean }): JSX.Element {
  const { piece, size = 30, flipped = false } = props;
  return (
    <svg
      class="piece-icon"
      viewBox="-22 -24 44 48"
      width={size}
      height={(size * 48) / 44}
      aria-hidden="true"
    >
      <PieceGlyph piece={piece} flipped={flipped} />
    </svg>
  );
}

export function HandRow(props: {
  pos: Position;
  color: number;
  active: boolean;
  selection: Selection;
  flipped: boolean;
  onPick: (kind: number) => void;
}): JSX.Element {
  const { pos, color, active, selection, flipped, onPick } = props;
  const held = HAND_ORDER.filter((kind) => pos.hand[color * 8 + kind]! > 0);
  const who = `${colorMark(color)} ${color === Color.Sente ? 'Sente' : 'Gote'}`;
  return (
    <div class={`hand hand-${colorName(color)}`} role="group" aria-label={`${who}'s hand`}>
      <span class="hand-label">{who}</span>
      {held.length === 0 && <span class="hand-empty">no pieces in hand</span>}
      {held.map((kind) => {
        const count = pos.hand[color * 8 + kind]!;
        const picked = active && selection.type === 'hand' && selection.kind === kind;
        // Named by its content, not aria-label: the name ("gote pawn in hand, 2") then holds the
        // count the button shows, as WCAG 2.5.3 asks; the piece's kanji is part of the picture.
        return (
          <button
            type="button"
            class={`hand-piece${picked ? ' picked' : ''}`}
            disabled={!active}
            aria-pressed={active ? picked : undefined}
            data-kind={kind}
            onClick={() => onPick(kind)}
          >
            <PieceIcon piece={kind | (color << 4)} size={32} flipped={flipped} />
            <span class="visually-hidden">
              {`${colorName(color)} ${pieceName(kind)} in hand${count > 1 ? ', ' : ''}`}
            </span>
            {count > 1 && <span class="hand-count">{count}</span>}
          </button>
        );
      })}
    </div>
  );
}

/** File numbers along the top and rank numerals with their USI letters down the right. */
export function Coordinates({ flipped }: { flipped: boolean }): JSX.Element {
  const cx = PAD_LEFT + BOARD_W + PAD_RIGHT / 2;
  return (
    <g class="coords">
      {Array.from({ length: 9 }, (_, col) => (
        <text key={`f${col}`} class="coord" x={cellX(col) + CELL_W / 2} y={PAD_TOP - 7}>
          {flipped ? col + 1 : 9 - col}
        </text>
      ))}
      {Array.from({ length: 9 }, (_, row) => {
        const rank = flipped ? 9 - row : row + 1;
        return (
          <g key={`r${row}`} class="coord">
            <text x={cx} y={cellY(row) + CELL_H / 2 - 4} class="coord-kanji">
              {RANK_KANJI[rank - 1]}
            </text>
            <text x={cx} y={cellY(row) + CELL_H / 2 + 13} class="coord-letter">
              {RANK_LETTERS[rank - 1]}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const ARROW_SHORTEN = 10;
const ALT_OFFSET = 7;

const centerOf = (sq: number, flipped: boolean) => {
  const { col, row } = cellOf(sq, flipped);
  return { x: cellX(col) + CELL_W / 2, y: cellY(row) + CELL_H / 2 };
};

/**
 * Arrows for moves, rings for drops; `markerId` names the arrowhead marker in the SVG's defs and
 * `${markerId}-alt` the second colour's.
 */
export function Arrows(props: {
  arrows: readonly Arrow[];
  flipped: boolean;
  markerId: string;
}): JSX.Element {
  const { arrows, flipped, markerId } = props;
  return (
    <g class="arrows">
      {arrows.map((a, i) => {
        const to = centerOf(a.to, flipped);
        const style = `${a.faint ? ' faint' : ''}${a.alt ? ' alt' : ''}`;
        if (a.from === undefined)
          return (
            <circle
              key={i}
              class={`arrow-ring${style}`}
              cx={to.x}
              cy={to.y}
              r={CELL_W / 2 - (a.alt ? 9 : 4)}
            />
          );
        const from = centerOf(a.from, flipped);
        const dx = to.x - from.x;
        const dy = to.y - from.y;
        const len = Math.hypot(dx, dy) || 1;
        // The second colour runs beside the first, so the same move in both stays visible.
        const ox = a.alt ? (-dy / len) * ALT_OFFSET : 0;
        const oy = a.alt ? (dx / len) * ALT_OFFSET : 0;
        return (
          <line
            key={i}
            class={`arrow${style}`}
            x1={from.x + ox}
            y1={from.y + oy}
            x2={to.x - (dx / len) * ARROW_SHORTEN + ox}
            y2={to.y - (dy / len) * ARROW_SHORTEN + oy}
            marker-end={`url(#${markerId}${a.alt ? '-alt' : ''})`}
          />
        );
      })}
    </g>
  );
}

/** The arrowhead, for the SVG's defs (`alt`: in the second colour). */
export const ArrowHead = ({ id, alt = false }: { id: string; alt?: boolean }): JSX.Element => (
  <marker
    id={id}
    viewBox="0 0 10 10"
    refX="5"
    refY="5"
    markerWidth="3.2"
    markerHeight="3.2"
    orient="auto-start-reverse"
  >
    <path d="M0,0 L10,5 L0,10 z" class={`arrow-head${alt ? ' alt' : ''}`} />
  </marker>
);

/**
 * "Promote?" drawn over the destination: the promoted piece and the unpromoted one, stacked;
 * clicking elsewhere or pressing Escape cancels. `choice` is [promoting move, non-promoting move].
 */
export function PromotionDialog(props: {
  pos: Position;
  choice: readonly [Move, Move];
  flipped: boolean;
  onChoose: (move: Move | null) => void;
  firstRef: RefObject<SVGGElement | null>;
}): JSX.Element {
  const { pos, choice, flipped, onChoose, firstRef } = props;
  const { col, row } = cellOf(moveTo(choice[0]), flipped);
  const top = row <= 7 ? row : row - 1;
  const mover = pos.board[moveFrom(choice[0])]!;
  const options: [Move, number, string][] = [
    [choice[0], mover + 8, `Promote to ${pieceName((mover & 15) + 8)}`],
    [choice[1], mover, `Do not promote (stay a ${pieceName(mover & 15)})`],
  ];
  return (
    <g class="promotion" role="dialog" aria-label="Promote?">
      <rect
        class="promotion-backdrop"
        x={PAD_LEFT}
        y={PAD_TOP}
        width={BOARD_W}
        height={BOARD_H}
        onClick={() => onChoose(null)}
      />
      {options.map(([move, piece, text], i) => {
        const x = cellX(col);
        const y = cellY(top + i);
        return (
          <g
            key={text}
            ref={(el) => {
              if (i === 0) firstRef.current = el;
            }}
            class="promotion-option"
            role="button"
            tabIndex={0}
            aria-label={text}
            data-promote={i === 0 ? 'yes' : 'no'}
            onClick={() => onChoose(move)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onChoose(move);
              } else if (e.key === 'Escape') onChoose(null);
            }}
          >
            <title>{text}</title>
            <rect x={x} y={y} width={CELL_W} height={CELL_H} rx="3" />
            <g transform={`translate(${x + CELL_W / 2} ${y + CELL_H / 2 + 1})`}>
              <PieceGlyph piece={piece} flipped={flipped} />
            </g>
          </g>
        );
      })}
    </g>
  );
}
