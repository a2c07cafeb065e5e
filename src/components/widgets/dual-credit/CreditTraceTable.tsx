/**
 * A credit trace as a table: each move of a line, the class it falls in (Table 1's piece and
 * meaning), the credit it earns, both sides' accounts after it, and the plies that became depth.
 * A row can be chosen (to show its position on a board), and the credits can be made editable:
 * changing one changes that class's entry for every move of the line.
 */
import type { JSX } from 'preact';
import { formatCredit, type TraceRow } from './credit-model';
import { Input } from '../controls';

export interface CreditTraceTableProps {
  rows: readonly TraceRow[];
  /** The chosen row's ply, or 0 for none. */
  selected?: number;
  onSelect?: (ply: number) => void;
  /** Given, the credits are inputs: a new value for a table entry. */
  onCredit?: (entry: number, credit: number) => void;
  stale?: boolean;
  caption: string;
}

export function CreditTraceTable(props: CreditTraceTableProps): JSX.Element {
  const { rows, selected = 0, onSelect, onCredit, stale = false } = props;
  return (
    <div
      class={`credit-trace-box${stale ? ' stale' : ''}`}
      role="region"
      aria-label={props.caption}
      tabIndex={0}
    >
      <table class="credit-trace-table">
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col" class="num">
              #
            </th>
            <th scope="col">Move</th>
            <th scope="col">Class (Table 1)</th>
            <th scope="col" class="num">
              Credit
            </th>
            <th scope="col" class="num">
              <span aria-hidden="true">☗ </span>Sente
            </th>
            <th scope="col" class="num">
              <span aria-hidden="true">☖ </span>Gote
            </th>
            <th scope="col" class="num">
              Extension
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.ply}
              data-ply={r.ply}
              data-extension={r.extension}
              class={`${r.extension > 0 ? 'extends' : ''}${selected === r.ply ? ' chosen' : ''}`}
            >
              <td class="num">{r.ply}</td>
              <td>
                {onSelect ? (
                  <button
                    type="button"
                    class="link-button"
                    aria-pressed={selected === r.ply}
                    onClick={() => onSelect(selected === r.ply ? 0 : r.ply)}
                  >
                    <span aria-hidden="true">{r.mover === 'sente' ? '☗' : '☖'}</span>
                    <span class="visually-hidden">{r.mover}: </span>
                    {r.text}
                  </button>
                ) : (
                  <span>
                    <span aria-hidden="true">{r.mover === 'sente' ? '☗' : '☖'}</span>
                    <span class="visually-hidden">{r.mover}: </span>
                    {r.text}
                  </span>
                )}
                <code class="credit-usi">{r.usi}</code>
              </td>
              <td class="credit-class">
                {r.entry < 0 ? (
                  <span class="muted">{r.meaning}</span>
                ) : (
                  <>
                    {r.piece}, <span class="credit-meaning">{r.meaning}</span>
                  </>
                )}
              </td>
              <td class="num">
                {onCredit && r.entry >= 0 ? (
                  <Input
                    type="number"
                    min={0}
                    max={4}
                    step={0.25}
                    value={r.credit}
                    aria-label={`Credit for ${r.piece}, ${r.meaning}`}
                    onChange={(e) => {
                      const n = Number(e.currentTarget.value);
                      if (Number.isFinite(n)) onCredit(r.entry, Math.min(4, Math.max(0, n)));
                    }}
                  />
                ) : (
                  formatCredit(r.credit)
                )}
              </td>
              <td class="num">{formatCredit(r.sente)}</td>
              <td class="num">{formatCredit(r.gote)}</td>
              <td class="num credit-extension">
                {r.extension > 0 ? `+${r.extension} ${r.extension === 1 ? 'ply' : 'plies'}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
