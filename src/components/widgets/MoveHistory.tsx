/**
 * The moves a reader has played on a widget's board since its position was loaded, in USI, with a
 * Back button that takes the last one back. Nothing shows before the first move.
 */
import type { JSX } from 'preact';
import { makeUsiMove, type Move } from '../../engine/index';

export function MoveHistory(props: {
  moves: readonly Move[];
  onBack: () => void;
}): JSX.Element | null {
  if (props.moves.length === 0) return null;
  return (
    <p class="explorer-history">
      <span>
        Played: <code>{props.moves.map(makeUsiMove).join(' ')}</code>
      </span>
      <button type="button" onClick={props.onBack}>
        ← Back
      </button>
    </p>
  );
}
