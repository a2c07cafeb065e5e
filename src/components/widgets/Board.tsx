/**
 * The shogi board: our own SVG, drawn from sente's side unless flipped. Pieces are pentagons
 * pointing at the opponent with their kanji (promoted ones in red); both hands sit above and
 * below. Click a piece (or a piece in hand) to see its legal destinations, click one to play it;
 * when a move may promote or not, a small dialog asks. The squares form one tab stop: arrow keys
 * move around the board, Enter or Space clicks, Escape lets go.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import {
  Color,
  isDrop,
  legalMoves,
  type Move,
  moveFrom,
  moveTo,
  type Position,
  makeSfen,
  SQ81,
} from '../../engine/index';
import { parsePositionText } from '../../engine/worker/protocol';
import {
  clickHand,
  clickSquare,
  colorName,
  movesOfSelection,
  NO_SELECTION,
  pieceName,
  type Selection,
  type SquareOverlay,
} from './board-model';
import { describePosition } from './board-description';
import { analyseLink } from './analyse-link';
import {
  type Arrow,
  ArrowHead,
  Arrows,
  BOARD_H,
  BOARD_W,
  CELL_H,
  CELL_W,
  cellX,
  cellY,
  Coordinates,
  HandRow,
  PAD_LEFT,
  PAD_TOP,
  PieceGlyph,
  PromotionDialog,
  squareAt,
  squareName,
  VIEW_H,
  VIEW_W,
} from './BoardParts';

export type { Arrow } from './BoardParts';
import './widgets.css';

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
  /**
   * Called with the square (padded index) the reader points at, focuses or clicks: for widgets
   * that explain a square. With it, the squares are focusable even on a board that only shows.
   */
  onInspect?: ((sq: number) => void) | undefined;
  /** A square drawn as the one being explained. */
  inspected?: number | undefined;
  /** Offer a link that searches this position on the Analyse page (default true). */
  analyse?: boolean | undefined;
  /**
   * Settings for the Analyse page's explorer to search with (its address parameters): a search
   * explorer's board passes its own, so the link searches as the chapter's widget does.
   */
  analyseSearch?: readonly (readonly [string, string])[] | undefined;
}

/**
 * Boards drawn so far: on the server over the whole build, in the browser over the page. It numbers
 * each board's description, which useId cannot: its ids start afresh in every island.
 */
let boardsDrawn = 0;

export function Board(props: BoardProps): JSX.Element {
  const { onMove, onInspect, inspected, lastMove, overlay, arrows, label = 'Shogi board' } = props;
  const pos = useMemo(() => {
    if (props.position) return props.position;
    const parsed = parsePositionText(props.sfen ?? 'startpos');
    return parsed.ok ? parsed.value : (parsePositionText('startpos') as { value: Position }).value;
  }, [props.position, props.sfen]);
  const [flipped, setFlipped] = useState(props.flipped ?? false);
  // The page may turn the board (Play, when the reader takes gote); the reader's own Flip stays
  // until the page's wish changes again.
  useEffect(() => {
    if (props.flipped !== undefined) setFlipped(props.flipped);
  }, [props.flipped]);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [choice, setChoice] = useState<readonly [Move, Move] | null>(null);
  const [focus, setFocus] = useState(-1); // index of the focused square, visual reading order
  const squareRefs = useRef<(SVGRectElement | null)[]>([]);
  const promoteRef = useRef<SVGGElement | null>(null);
  const arrowId = useId();
  // The server's count runs over the build, so its ids are unique on a page; the browser's count
  // starts again, so its ids are marked apart, and a hydrated board adopts the server's id.
  const [descriptionId, setDescriptionId] = useState(
    () => `board-${++boardsDrawn}${typeof document === 'undefined' ? '' : '-c'}-description`,
  );
  const descriptionRef = useRef<HTMLParagraphElement | null>(null);
  const description = useMemo(() => describePosition(pos), [pos]);
  const interactive = onMove !== undefined;
  const focusable = interactive || onInspect !== undefined;

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

  // Hydration keeps the server's attributes; taking its id keeps the state saying what the page does.
  useLayoutEffect(() => {
    const id = descriptionRef.current?.id;
    if (id && id !== descriptionId) setDescriptionId(id);
  }, []);

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
      if (sq === inspected) classes.push('inspected');
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
          // A square that takes clicks is a button; on a board that only shows, each square is a
          // small picture named by what stands on it (a name needs a role to be allowed).
          role={focusable ? 'button' : 'img'}
          tabIndex={focusable ? (index === (focus < 0 ? 72 : focus) ? 0 : -1) : undefined}
          aria-label={`${squareName(sq)}, ${describe}${isTarget ? ', legal destination' : ''}${sq === selectedSquare ? ', selected' : ''}`}
          onClick={() => {
            setFocus(index);
            onInspect?.(sq);
            clickAt(sq);
          }}
          onMouseEnter={onInspect && (() => onInspect(sq))}
          onFocus={onInspect && (() => onInspect(sq))}
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
        // A label sits in a corner of its square, over the piece's edge: a small tab of paper
        // behind it keeps it apart from the kanji (its width from the digits, about 6.6 px each).
        const width = l.text.length * 6.6 + 5;
        const top = right ? y + 1 : y + CELL_H - 14;
        labels.push(
          <g key={`l${index}${l.corner}`}>
            <rect
              class="overlay-tab"
              x={right ? x + CELL_W - 1 - width : x + 1}
              y={top}
              width={width}
              height={13}
              rx={3}
            />
            <text
              class={`overlay-label label-${l.color}`}
              x={right ? x + CELL_W - 3.5 : x + 3.5}
              y={top + 10.5}
              text-anchor={right ? 'end' : 'start'}
            >
              {l.text}
            </text>
          </g>,
        );
      }
    }
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
      {/* The whole position in words, so a screen reader need not walk the 81 squares; kept out
          of the search index, where it would match every page with a board. */}
      <p
        id={descriptionId}
        ref={descriptionRef}
        class="visually-hidden board-description"
        data-pagefind-ignore
      >
        {description}
      </p>
      <svg
        class="board-svg"
        viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
        role="group"
        aria-label={`${label}${flipped ? ', seen from gote' : ''}`}
        aria-describedby={descriptionId}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && choice) choose(null);
        }}
      >
        <defs>
          <ArrowHead id={`${arrowId}-head`} />
          {arrows?.some((a) => a.alt) && <ArrowHead id={`${arrowId}-head-alt`} alt />}
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
        {arrows && <Arrows arrows={arrows} flipped={flipped} markerId={`${arrowId}-head`} />}
        <Coordinates flipped={flipped} />
        {choice && (
          <PromotionDialog
            pos={pos}
            choice={choice}
            flipped={flipped}
            onChoose={choose}
            firstRef={promoteRef}
          />
        )}
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
        {props.analyse !== false && (
          <a class="board-analyse" href={analyseLink(`sfen ${makeSfen(pos)}`, props.analyseSearch)}>
            Analyse
            <span class="visually-hidden"> this position on the Analyse page</span>
          </a>
        )}
      </div>
    </div>
  );
}

export default Board;
