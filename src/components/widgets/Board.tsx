/**
 * The shogi board: our own SVG, drawn from sente's side unless flipped. Pieces are pentagons
 * pointing at the opponent with their kanji (promoted ones in red); both hands sit above and
 * below. Click a piece (or a piece in hand) to see its legal destinations, click one to play it;
 * when a move may promote or not, a small dialog asks. The squares form one tab stop: arrow keys
 * move around the board, Enter or Space clicks, Escape lets go.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import {
  Color,
  fileOf,
  isDrop,
  legalMoves,
  type Move,
  moveFrom,
  moveTo,
  type Position,
  rankOf,
  square,
  SQ81,
} from '../../engine/index';
import { parsePositionText } from '../../engine/protocol';
import {
  clickHand,
  clickSquare,
  colorMark,
  colorName,
  HAND_ORDER,
  movesOfSelection,
  NO_SELECTION,
  pieceKanji,
  pieceName,
  RANK_KANJI,
  RANK_LETTERS,
  type Selection,
  type SquareOverlay,
} from './board-model';
import './widgets.css';

/** An arrow from one square to another; without `from`, a ring on `to` (a drop). */
export interface Arrow {
  from?: number;
  to: number;
}

export interface BoardProps {
  /** The position to show. Treated as immutable: pass a new object to show a new position. */
  position?: Position | undefined;
  /** Or an SFEN (or `startpos`, or a USI position command) to show instead. */
  sfen?: string | undefined;
  /** Called with each legal move the reader makes; without it the board only shows. */
  onMove?: ((move: Move) => void) | undefined;
  /** Highlighted as the move just played. */
  lastMove?: Move | undefined;
  /** Per-square tints and labels, indexed like SQUARES (rank a first, file 9 first). */
  overlay?: readonly (SquareOverlay | null | undefined)[] | undefined;
  arrows?: readonly Arrow[] | undefined;
  /** Show gote at the bottom at first. */
  flipped?: boolean | undefined;
  /** Accessible name of the board. */
  label?: string | undefined;
}

// Geometry of the SVG, in its own units. Squares are a little taller than wide, like real boards.
const CELL_W = 44;
const CELL_H = 48;
const PAD_LEFT = 6;
const PAD_TOP = 22;
const PAD_RIGHT = 30;
const PAD_BOTTOM = 6;
const BOARD_W = 9 * CELL_W;
const BOARD_H = 9 * CELL_H;
const VIEW_W = PAD_LEFT + BOARD_W + PAD_RIGHT;
const VIEW_H = PAD_TOP + BOARD_H + PAD_BOTTOM;

/** Piece outline, centred on (0, 0), pointing up (towards the opponent of its owner). */
const PIECE_POINTS = '0,-21 14,-15 18,20 -18,20 -14,-15';
/** Bigger pieces are worth more, as on a real set: king, rook/bishop, gold/silver, knight/lance, pawn. */
const PIECE_SCALE = [
  0, 0.84, 0.88, 0.9, 0.93, 0.97, 0.97, 0.93, 1, 0.84, 0.88, 0.9, 0.93, 0.97, 0.97,
];

interface Cell {
  col: number;
  row: number;
}

const cellOf = (sq: number, flipped: boolean): Cell => {
  const col = 9 - fileOf(sq);
  const row = rankOf(sq) - 1;
  return flipped ? { col: 8 - col, row: 8 - row } : { col, row };
};

const squareAt = (col: number, row: number, flipped: boolean): number =>
  flipped ? square(col + 1, 9 - row) : square(9 - col, row + 1);

const cellX = (col: number): number => PAD_LEFT + col * CELL_W;
const cellY = (row: number): number => PAD_TOP + row * CELL_H;

const squareName = (sq: number): string => `${fileOf(sq)}${RANK_LETTERS[rankOf(sq) - 1]}`;

/** A piece drawn centred on (0, 0); rotated for gote. */
function PieceGlyph({ piece, flipped = false }: { piece: number; flipped?: boolean }): JSX.Element {
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

function HandRow(props: {
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
        return (
          <button
            type="button"
            class={`hand-piece${picked ? ' picked' : ''}`}
            disabled={!active}
            aria-pressed={active ? picked : undefined}
            aria-label={`${colorName(color)} ${pieceName(kind)} in hand${count > 1 ? `, ${count}` : ''}`}
            data-kind={kind}
            onClick={() => onPick(kind)}
          >
            <PieceIcon piece={kind | (color << 4)} size={32} flipped={flipped} />
            {count > 1 && <span class="hand-count">{count}</span>}
          </button>
        );
      })}
    </div>
  );
}

export function Board(props: BoardProps): JSX.Element {
  const { onMove, lastMove, overlay, arrows, label = 'Shogi board' } = props;
  const pos = useMemo(() => {
    if (props.position) return props.position;
    const parsed = parsePositionText(props.sfen ?? 'startpos');
    return parsed.ok ? parsed.value : (parsePositionText('startpos') as { value: Position }).value;
  }, [props.position, props.sfen]);
  const [flipped, setFlipped] = useState(props.flipped ?? false);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [choice, setChoice] = useState<readonly [Move, Move] | null>(null);
  const [focus, setFocus] = useState(-1); // index of the focused square, visual reading order
  const squareRefs = useRef<(SVGRectElement | null)[]>([]);
  const promoteRef = useRef<SVGGElement | null>(null);
  const arrowId = useId();
  const interactive = onMove !== undefined;

  const legal = useMemo(() => (interactive ? legalMoves(pos) : []), [pos, interactive]);
  const targets = useMemo(() => {
    const set = new Set<number>();
    for (const m of movesOfSelection(legal, selection)) set.add(moveTo(m));
    return set;
  }, [legal, selection]);

  useEffect(() => {
    setSelection(NO_SELECTION);
    setChoice(null);
  }, [pos]);

  useEffect(() => {
    if (choice) promoteRef.current?.focus();
  }, [choice]);

  const apply = (outcome: {
    selection: Selection;
    play?: Move;
    choose?: readonly [Move, Move];
  }) => {
    setSelection(outcome.selection);
    setChoice(outcome.choose ?? null);
    if (outcome.play !== undefined) onMove?.(outcome.play);
  };

  const clickAt = (sq: number) => {
    if (!interactive || choice) return;
    apply(clickSquare(pos, legal, selection, sq));
  };

  const choose = (move: Move | null) => {
    setChoice(null);
    setSelection(NO_SELECTION);
    if (move !== null) onMove?.(move);
  };

  const moveFocus = (index: number) => {
    setFocus(index);
    squareRefs.current[index]?.focus();
  };

  const onSquareKey = (
    event: { key: string; preventDefault(): void },
    index: number,
    sq: number,
  ) => {
    const col = index % 9;
    const row = Math.floor(index / 9);
    const step: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const delta = step[event.key];
    if (delta) {
      event.preventDefault();
      const c = Math.min(8, Math.max(0, col + delta[0]));
      const r = Math.min(8, Math.max(0, row + delta[1]));
      moveFocus(r * 9 + c);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      clickAt(sq);
    } else if (event.key === 'Escape') {
      setSelection(NO_SELECTION);
    }
  };

  const lastFrom = lastMove && !isDrop(lastMove) ? moveFrom(lastMove) : -1;
  const lastTo = lastMove ? moveTo(lastMove) : -1;
  const checkedKing = pos.inCheck() ? pos.kingSquare[pos.sideToMove]! : -1;
  const selectedSquare = selection.type === 'square' ? selection.square : -1;

  const heat: JSX.Element[] = [];
  const cells: JSX.Element[] = [];
  const pieces: JSX.Element[] = [];
  const labels: JSX.Element[] = [];
  const marks: JSX.Element[] = [];
  for (let row = 0; row < 9; row++) {
    for (let col = 0; col < 9; col++) {
      const index = row * 9 + col;
      const sq = squareAt(col, row, flipped);
      const x = cellX(col);
      const y = cellY(row);
      const piece = pos.board[sq]!;
      const over = overlay?.[SQ81[sq]!];
      const classes = ['sq'];
      if (sq === lastFrom || sq === lastTo) classes.push('last');
      if (sq === selectedSquare) classes.push('selected');
      if (sq === checkedKing) classes.push('checked');
      if (over?.tint) {
        heat.push(
          <rect
            key={`h${index}`}
            class={`heat heat-${over.tint}`}
            x={x}
            y={y}
            width={CELL_W}
            height={CELL_H}
            fill-opacity={0.2 + 0.45 * (over.strength ?? 0.5)}
          />,
        );
      }
      const isTarget = targets.has(sq);
      const describe = piece ? `${colorName(piece >> 4)} ${pieceName(piece & 15)}` : 'empty';
      cells.push(
        <rect
          key={`c${index}`}
          ref={(el) => {
            squareRefs.current[index] = el;
          }}
          class={classes.join(' ')}
          x={x}
          y={y}
          width={CELL_W}
          height={CELL_H}
          data-square={squareName(sq)}
          role={interactive ? 'button' : undefined}
          tabIndex={interactive ? (index === (focus < 0 ? 72 : focus) ? 0 : -1) : undefined}
          aria-label={`${squareName(sq)}, ${describe}${isTarget ? ', legal destination' : ''}${sq === selectedSquare ? ', selected' : ''}`}
          onClick={() => {
            setFocus(index);
            clickAt(sq);
          }}
          onKeyDown={(e) => onSquareKey(e, index, sq)}
        />,
      );
      if (piece) {
        pieces.push(
          <g
            key={`p${index}`}
            transform={`translate(${x + CELL_W / 2} ${y + CELL_H / 2 + 1})`}
            class="board-piece"
          >
            <PieceGlyph piece={piece} flipped={flipped} />
          </g>,
        );
      }
      if (isTarget) {
        marks.push(
          piece ? (
            <rect
              key={`t${index}`}
              class="target-capture"
              x={x + 2}
              y={y + 2}
              width={CELL_W - 4}
              height={CELL_H - 4}
              rx="4"
            />
          ) : (
            <circle
              key={`t${index}`}
              class="target-dot"
              cx={x + CELL_W / 2}
              cy={y + CELL_H / 2}
              r="6"
            />
          ),
        );
      }
      for (const l of over?.labels ?? []) {
        const right = l.corner === 'top-right';
        labels.push(
          <text
            key={`l${index}${l.corner}`}
            class={`overlay-label label-${l.color}`}
            x={right ? x + CELL_W - 3 : x + 3}
            y={right ? y + 12 : y + CELL_H - 4}
            text-anchor={right ? 'end' : 'start'}
          >
            {l.text}
          </text>,
        );
      }
    }
  }

  const fileLabels = Array.from({ length: 9 }, (_, col) => {
    const file = flipped ? col + 1 : 9 - col;
    return (
      <text key={`f${col}`} class="coord" x={cellX(col) + CELL_W / 2} y={PAD_TOP - 7}>
        {file}
      </text>
    );
  });
  const rankLabels = Array.from({ length: 9 }, (_, row) => {
    const rank = flipped ? 9 - row : row + 1;
    const cx = PAD_LEFT + BOARD_W + PAD_RIGHT / 2;
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
  });

  const center = (sq: number) => {
    const { col, row } = cellOf(sq, flipped);
    return { x: cellX(col) + CELL_W / 2, y: cellY(row) + CELL_H / 2 };
  };
  const arrowShapes = (arrows ?? []).map((a, i) => {
    const to = center(a.to);
    if (a.from === undefined)
      return <circle key={`a${i}`} class="arrow-ring" cx={to.x} cy={to.y} r={CELL_W / 2 - 4} />;
    const from = center(a.from);
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy) || 1;
    const shorten = 10;
    return (
      <line
        key={`a${i}`}
        class="arrow"
        x1={from.x}
        y1={from.y}
        x2={to.x - (dx / len) * shorten}
        y2={to.y - (dy / len) * shorten}
        marker-end={`url(#${arrowId}-head)`}
      />
    );
  });

  let dialog: JSX.Element | null = null;
  if (choice) {
    const { col, row } = cellOf(moveTo(choice[0]), flipped);
    const top = row <= 7 ? row : row - 1;
    const mover = pos.board[moveFrom(choice[0])]!;
    const options: [Move, number, string][] = [
      [choice[0], mover + 8, `Promote to ${pieceName((mover & 15) + 8)}`],
      [choice[1], mover, `Do not promote (stay a ${pieceName(mover & 15)})`],
    ];
    dialog = (
      <g class="promotion" role="dialog" aria-label="Promote?">
        <rect
          class="promotion-backdrop"
          x={PAD_LEFT}
          y={PAD_TOP}
          width={BOARD_W}
          height={BOARD_H}
          onClick={() => choose(null)}
        />
        {options.map(([move, piece, text], i) => {
          const x = cellX(col);
          const y = cellY(top + i);
          return (
            <g
              key={text}
              ref={(el) => {
                if (i === 0) promoteRef.current = el;
              }}
              class="promotion-option"
              role="button"
              tabIndex={0}
              aria-label={text}
              data-promote={i === 0 ? 'yes' : 'no'}
              onClick={() => choose(move)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(move);
                } else if (e.key === 'Escape') choose(null);
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

  const top = flipped ? Color.Sente : Color.Gote;
  const bottom = flipped ? Color.Gote : Color.Sente;
  const pickHand = (color: number) => (kind: number) => {
    if (!interactive) return;
    apply(clickHand(pos, selection, color, kind));
  };
  const star = (c: number, r: number) => (
    <circle key={`s${c}${r}`} class="star" cx={cellX(c)} cy={cellY(r)} r="2.6" />
  );

  return (
    <div class={`board${interactive ? ' interactive' : ''}`}>
      <HandRow
        pos={pos}
        color={top}
        active={interactive && pos.sideToMove === top}
        selection={selection}
        flipped={flipped}
        onPick={pickHand(top)}
      />
      <svg
        class="board-svg"
        viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
        role="group"
        aria-label={`${label}${flipped ? ', seen from gote' : ''}`}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && choice) choose(null);
        }}
      >
        <defs>
          <marker
            id={`${arrowId}-head`}
            viewBox="0 0 10 10"
            refX="5"
            refY="5"
            markerWidth="3.2"
            markerHeight="3.2"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" class="arrow-head" />
          </marker>
        </defs>
        <rect class="board-wood" x={PAD_LEFT} y={PAD_TOP} width={BOARD_W} height={BOARD_H} />
        {heat}
        {cells}
        {[3, 6].flatMap((c) => [star(c, 3), star(c, 6)])}
        <rect
          class="board-edge"
          x={PAD_LEFT}
          y={PAD_TOP}
          width={BOARD_W}
          height={BOARD_H}
          fill="none"
        />
        {marks}
        {pieces}
        {labels}
        {arrowShapes}
        {fileLabels}
        {rankLabels}
        {dialog}
      </svg>
      <div class="board-foot">
        <HandRow
          pos={pos}
          color={bottom}
          active={interactive && pos.sideToMove === bottom}
          selection={selection}
          flipped={flipped}
          onPick={pickHand(bottom)}
        />
        <button
          type="button"
          class="board-flip"
          aria-pressed={flipped}
          onClick={() => setFlipped(!flipped)}
          title="Turn the board round"
        >
          Flip ⇅
        </button>
      </div>
    </div>
  );
}

export default Board;
