/**
 * A small read-only chess diagram for chapter 8: the 8×8 board of a FEN with white at the bottom,
 * files a–h and ranks 1–8 along the edges, and a move's from and to squares highlighted. Pieces
 * are the filled chess glyphs of Noto Sans Symbols 2 (the Fontsource subset that holds U+2654–265F)
 * for both sides, told apart by colour: white pieces light with a dark outline, black pieces dark
 * with a light one, on squares whose colours do not change with the theme.
 */
import type { JSX } from 'preact';
import {
  CHESS_GLYPHS,
  CHESS_PIECE_NAMES,
  type ChessCell,
  fenCells,
  uciSquares,
} from './end-of-game-model';
import '../widgets.css';
import './end-of-game.css';

export interface ChessBoardProps {
  /** The position, as FEN (only the board field is drawn). */
  fen: string;
  /** A move to highlight, in UCI ('c7c8q'). */
  move?: string | null | undefined;
  /** Accessible name of the diagram. */
  label?: string | undefined;
}

const CELL = 40;
const PAD_LEFT = 16;
const PAD_BOTTOM = 16;
const SIZE = 8 * CELL;

/** "white: Kb5, Qh1, Pc7; black: Ka7", for the diagram's accessible name. */
function pieceList(cells: readonly ChessCell[]): string {
  const letter = (c: ChessCell) => (c.piece.toLowerCase() === 'p' ? '' : c.piece.toUpperCase());
  const side = (white: boolean) =>
    cells
      .filter((c) => c.piece !== '' && (c.piece === c.piece.toUpperCase()) === white)
      .map((c) => `${letter(c) || 'pawn '}${c.square}`)
      .join(', ') || 'nothing';
  return `white: ${side(true)}; black: ${side(false)}`;
}

export function ChessBoard(props: ChessBoardProps): JSX.Element {
  const { fen, move, label = 'Chess position' } = props;
  const cells = fenCells(fen);
  const squares = uciSquares(move);
  if (!cells)
    return (
      <p class="sfen-error" role="alert">
        Not a chess board: {fen}
      </p>
    );
  const toMove = fen.trim().split(/\s+/)[1] === 'b' ? 'black' : 'white';
  const name = `${label}: ${pieceList(cells)}; ${toMove} to move${squares ? `; the move ${squares.from}–${squares.to} highlighted` : ''}`;
  return (
    <div class="chess-board">
      <svg
        class="chess-board-svg"
        viewBox={`0 0 ${PAD_LEFT + SIZE} ${SIZE + PAD_BOTTOM}`}
        role="img"
        aria-label={name}
      >
        {cells.map((c, i) => {
          const x = PAD_LEFT + (i % 8) * CELL;
          const y = Math.floor(i / 8) * CELL;
          const lit = squares !== null && (c.square === squares.from || c.square === squares.to);
          const kind = c.piece.toLowerCase();
          const white = c.piece !== '' && c.piece === c.piece.toUpperCase();
          return (
            <g key={c.square} data-square={c.square} data-piece={c.piece || undefined}>
              <rect
                class={`chess-sq ${c.light ? 'chess-light' : 'chess-dark'}${lit ? ' chess-lit' : ''}`}
                x={x}
                y={y}
                width={CELL}
                height={CELL}
              />
              {c.piece !== '' && (
                <text
                  class={`chess-piece ${white ? 'chess-white' : 'chess-black'}`}
                  x={x + CELL / 2}
                  y={y + CELL / 2}
                >
                  <title>{`${white ? 'white' : 'black'} ${CHESS_PIECE_NAMES[kind]!}`}</title>
                  {`${CHESS_GLYPHS[kind]!}\uFE0E`}
                </text>
              )}
            </g>
          );
        })}
        <rect class="chess-edge" x={PAD_LEFT} y={0} width={SIZE} height={SIZE} />
        {Array.from({ length: 8 }, (_, r) => (
          <text
            key={`r${r}`}
            class="chess-coord"
            x={PAD_LEFT / 2}
            y={r * CELL + CELL / 2}
            aria-hidden="true"
          >
            {8 - r}
          </text>
        ))}
        {Array.from({ length: 8 }, (_, f) => (
          <text
            key={`f${f}`}
            class="chess-coord"
            x={PAD_LEFT + f * CELL + CELL / 2}
            y={SIZE + PAD_BOTTOM / 2}
            aria-hidden="true"
          >
            {'abcdefgh'[f]}
          </text>
        ))}
      </svg>
    </div>
  );
}

export default ChessBoard;
