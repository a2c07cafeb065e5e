/**
 * Every legal move, best valued first. A row opens into the terms of its value; hovering or
 * focusing a row shows it on the board, and an open row stays shown. When the constants differ
 * from seed 000's, each row says where the seed's constants had put it.
 */
import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import type { MoveEvalParams, MoveEvaluation } from '../../../engine/eval/move-evaluation';
import type { Position } from '../../../engine/index';
import { describeMove } from '../board-model';
import { breakdown, sumOfTerms } from './move-eval-model';

/** Rows shown before "show all". */
export const FIRST_ROWS = 12;

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

export interface MoveListProps {
  /** The position the moves belong to (null while the list is for a position no longer shown). */
  pos: Position | null;
  moves: readonly MoveEvaluation[];
  params: MoveEvalParams;
  ranks: ReadonlyMap<string, number>;
  /** Ranks under seed 000's constants, when the constants differ from them. */
  seedRanks: ReadonlyMap<string, number> | null;
  open: string | null;
  showAll: boolean;
  stale: boolean;
  onOpen: (usi: string | null) => void;
  onHover: (usi: string | null) => void;
  onShowAll: (all: boolean) => void;
}

export function MoveList(props: MoveListProps): JSX.Element {
  const { moves, showAll, stale, onShowAll } = props;
  const openIndex = moves.findIndex((m) => m.usi === props.open);
  const count = Math.max(FIRST_ROWS, openIndex + 1);
  const shown = showAll ? moves : moves.slice(0, count);
  return (
    <div class={`me-moves${stale ? ' stale' : ''}`} data-moves={moves.length} aria-busy={stale}>
      <ol class="me-list">
        {shown.map((m) => (
          <MoveRow key={m.usi} {...props} e={m} />
        ))}
      </ol>
      {moves.length > count && (
        <button type="button" class="me-show-all" onClick={() => onShowAll(!showAll)}>
          {showAll ? `Show the first ${count} only` : `Show all ${moves.length} moves`}
        </button>
      )}
    </div>
  );
}

function MoveRow(props: MoveListProps & { e: MoveEvaluation }): JSX.Element {
  const { e, pos, params, ranks, seedRanks, open, onOpen, onHover } = props;
  const id = useId();
  const isOpen = open === e.usi;
  const rank = ranks.get(e.usi) ?? 0;
  const was = seedRanks?.get(e.usi);
  const shift = was === undefined ? null : was - rank;
  const words = pos ? describeMove(pos, e.move) : '';
  return (
    <li class={`me-row${isOpen ? ' open' : ''}`} data-usi={e.usi} data-value={e.value}>
      <button
        type="button"
        class="me-row-head"
        aria-expanded={isOpen}
        aria-controls={`${id}-terms`}
        onClick={() => onOpen(isOpen ? null : e.usi)}
        onMouseEnter={() => onHover(e.usi)}
        onMouseLeave={() => onHover(null)}
        onFocus={() => onHover(e.usi)}
        onBlur={() => onHover(null)}
      >
        <span class="me-rank-no">{rank}</span>
        <code class="me-usi">{e.usi}</code>
        <span class="me-words">{words}</span>
        {shift !== null && shift !== 0 && (
          <span
            class={`me-shift ${shift > 0 ? 'up' : 'down'}`}
            title={`#${was} with seed 000's constants`}
          >
            {shift > 0 ? `▲${shift}` : `▼${-shift}`}
          </span>
        )}
        <span class="me-value" data-row-value={e.value}>
          {e.value}
        </span>
      </button>
      {isOpen && <Breakdown id={`${id}-terms`} e={e} params={params} />}
    </li>
  );
}

function Breakdown(props: { id: string; e: MoveEvaluation; params: MoveEvalParams }): JSX.Element {
  const { id, e, params } = props;
  const terms = breakdown(e, params);
  const sum = sumOfTerms(terms);
  return (
    <table class="me-terms" id={id} aria-label={`How the value of ${e.usi} adds up`}>
      <tbody>
        {terms.map((t) => (
          <tr key={t.key} data-term={t.key} class={t.contribution === 0 ? 'zero' : ''}>
            <th scope="row">
              {t.label}
              <span class="me-term-detail">{t.detail}</span>
            </th>
            <td data-contribution={t.contribution}>{signed(t.contribution)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Value</th>
          <td data-sum={sum}>{sum}</td>
        </tr>
      </tfoot>
    </table>
  );
}
