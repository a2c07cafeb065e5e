/**
 * A game's moves as a numbered list, in Japanese notation (▲７六歩) or USI. With `onSelect`,
 * each move is a button that shows the position after it (the Analyse page); the one shown is
 * marked.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { MoveLine } from './game-model';

export type Notation = 'japanese' | 'usi';

export function GameMoves(props: {
  lines: readonly MoveLine[];
  notation: Notation;
  /** The ply shown (0 before the first move); default the last. */
  current?: number;
  onSelect?: (ply: number) => void;
  label: string;
}): JSX.Element {
  const { lines, notation, onSelect } = props;
  const current = props.current ?? lines.length;
  const list = useRef<HTMLOListElement>(null);
  // Keep the move shown in view, inside the list's own scroll box only.
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current]');
    if (!box || !item) return;
    if (item.offsetTop < box.scrollTop || item.offsetTop > box.scrollTop + box.clientHeight - 30)
      box.scrollTop = item.offsetTop - box.clientHeight / 2;
  }, [current, lines.length]);
  if (lines.length === 0) return <p class="game-moves-empty">No moves yet.</p>;
  return (
    <ol class="game-moves" ref={list} aria-label={props.label}>
      {lines.map((line) => {
        const text = notation === 'japanese' ? line.japanese : line.usi;
        const here = line.ply === current;
        return (
          <li key={line.ply} value={line.ply} aria-current={here ? 'step' : undefined}>
            {onSelect ? (
              <button
                type="button"
                lang={notation === 'japanese' ? 'ja' : undefined}
                onClick={() => onSelect(line.ply)}
              >
                {text}
              </button>
            ) : (
              <span lang={notation === 'japanese' ? 'ja' : undefined}>{text}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

const NOTATION_KEY = 'yomi-notation';

/**
 * The notation of the move lists on Play and Analyse: USI by default, the notation every chapter
 * uses, with Japanese notation a switch away; the reader's choice is kept in this browser.
 */
export function useNotation(): [Notation, (notation: Notation) => void] {
  const [notation, setNotation] = useState<Notation>('usi');
  useEffect(() => {
    try {
      if (localStorage.getItem(NOTATION_KEY) === 'japanese') setNotation('japanese');
    } catch {
      // Storage may be off: USI it is.
    }
  }, []);
  const choose = (next: Notation): void => {
    setNotation(next);
    try {
      localStorage.setItem(NOTATION_KEY, next);
    } catch {
      // Kept for this page only.
    }
  };
  return [notation, choose];
}

/** The switch between Japanese notation and USI for a move list. */
export function NotationSwitch(props: {
  notation: Notation;
  onChange: (notation: Notation) => void;
  class?: string;
}): JSX.Element {
  return (
    <label class={props.class}>
      <input
        type="checkbox"
        checked={props.notation === 'usi'}
        onChange={(event) => props.onChange(event.currentTarget.checked ? 'usi' : 'japanese')}
      />
      USI
    </label>
  );
}
