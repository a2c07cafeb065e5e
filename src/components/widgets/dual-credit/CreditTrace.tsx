/**
 * Chapter 5's credit trace: a line of moves from a position, each move's class and credit, both
 * sides' accounts, and where an account turned into depth. The reader picks a line or types one,
 * moves CREDIT_LIMIT, switches to one shared account, and edits the credit of any class the line
 * uses; choosing a move shows its position on the board. Pure arithmetic over the engine's own
 * creditTrace: no search, so it answers at once.
 */
import type { JSX } from 'preact';
import { useId, useMemo, useState } from 'preact/hooks';
import { DEFAULT_OPTIONS } from '../../../engine/search/options';
import { parsePositionText } from '../../../engine/worker/protocol';
import { Board } from '../Board';
import { CreditTraceTable } from './CreditTraceTable';
import { formatCredit, traceLine } from './credit-model';
import './dual-credit.css';
import { Input, Select } from '../controls';

export interface CreditLine {
  id: string;
  label: string;
  /** Where the line starts: an SFEN, `startpos` or a USI position command. */
  position: string;
  /** The moves, in USI. */
  line: string;
  note?: string;
}

export interface CreditTraceProps {
  lines: readonly CreditLine[];
  label?: string;
}

type Pool = 'separate' | 'combined';

export function CreditTrace(props: CreditTraceProps): JSX.Element {
  const uid = useId();
  const [index, setIndex] = useState(0);
  const chosen = props.lines[index] ?? props.lines[0]!;
  const [text, setText] = useState(chosen.line);
  const [limit, setLimit] = useState(DEFAULT_OPTIONS.creditLimit);
  const [pool, setPool] = useState<Pool>('separate');
  const [combinedLimit, setCombinedLimit] = useState(DEFAULT_OPTIONS.combinedCreditLimit);
  const [table, setTable] = useState<readonly number[]>(DEFAULT_OPTIONS.creditTable);
  const [selected, setSelected] = useState(0);

  const traced = useMemo(
    () =>
      traceLine(chosen.position, text, {
        creditTable: table,
        creditLimit: limit,
        creditPool: pool,
        combinedCreditLimit: combinedLimit,
      }),
    [chosen.position, text, table, limit, pool, combinedLimit],
  );
  const rows = traced.ok ? traced.value : [];
  const total = rows.reduce((sum, r) => sum + r.extension, 0);
  const shownPly = Math.min(selected, rows.length);
  const board = useMemo(() => {
    const start = parsePositionText(chosen.position);
    if (!start.ok) return null;
    for (const r of rows.slice(0, shownPly)) start.value.doMove(r.move);
    return start.value;
  }, [chosen.position, rows, shownPly]);
  const edited = table.some((v, i) => v !== DEFAULT_OPTIONS.creditTable[i]);

  const pick = (i: number) => {
    setIndex(i);
    setText(props.lines[i]!.line);
    setSelected(0);
  };

  return (
    <div
      class="widget credit-trace"
      data-widget="credit-trace"
      data-extensions={total}
      role="region"
      aria-label={props.label ?? 'Credit along a line'}
    >
      {props.lines.length > 1 && (
        <div class="explorer-presets" role="group" aria-label="Lines">
          {props.lines.map((l, i) => (
            <button
              type="button"
              key={l.id}
              data-line={l.id}
              aria-pressed={i === index}
              onClick={() => pick(i)}
            >
              {l.label}
            </button>
          ))}
        </div>
      )}
      {chosen.note && <p class="widget-note">{chosen.note}</p>}
      <div class="ct-main">
        <div class="ct-board">
          {board && (
            <Board
              position={board}
              lastMove={shownPly > 0 ? rows[shownPly - 1]!.move : undefined}
              label={shownPly > 0 ? `The position after move ${shownPly}` : 'The starting position'}
            />
          )}
          <p class="widget-note">
            {shownPly > 0
              ? `After move ${shownPly}. Choose it again to go back to the start.`
              : 'The start of the line. Choose a move in the table to see its position.'}
          </p>
        </div>
        <div class="ct-side">
          <label class="ct-line" for={`${uid}-line`}>
            Moves (USI)
          </label>
          <Input
            id={`${uid}-line`}
            class="ct-line-input"
            type="text"
            spellcheck={false}
            autocomplete="off"
            value={text}
            onInput={(e) => {
              setText(e.currentTarget.value);
              setSelected(0);
            }}
            aria-invalid={!traced.ok}
            aria-describedby={`${uid}-status`}
          />
          <div class="ct-controls">
            <label>
              <span>Accounts</span>
              <Select
                value={pool}
                onChange={(e) => setPool(e.currentTarget.value as Pool)}
                aria-label="Credit accounts"
              >
                <option value="separate">one per side</option>
                <option value="combined">one shared</option>
              </Select>
            </label>
            {pool === 'separate' ? (
              <label>
                <span>
                  Credit limit <code>CREDIT_LIMIT</code>
                </span>
                <Input
                  type="range"
                  min={0.5}
                  max={4}
                  step={0.25}
                  value={limit}
                  aria-valuetext={formatCredit(limit)}
                  onInput={(e) => setLimit(Number(e.currentTarget.value))}
                />
                <output>{formatCredit(limit)}</output>
              </label>
            ) : (
              <label>
                <span>Shared limit</span>
                <Input
                  type="range"
                  min={0.5}
                  max={8}
                  step={0.25}
                  value={combinedLimit}
                  aria-valuetext={formatCredit(combinedLimit)}
                  onInput={(e) => setCombinedLimit(Number(e.currentTarget.value))}
                />
                <output>{formatCredit(combinedLimit)}</output>
              </label>
            )}
            {edited && (
              <button type="button" onClick={() => setTable(DEFAULT_OPTIONS.creditTable)}>
                Restore the credits
              </button>
            )}
          </div>
          <p
            id={`${uid}-status`}
            class={traced.ok ? 'ct-status' : 'ct-status explorer-error'}
            role={traced.ok ? undefined : 'alert'}
          >
            {traced.ok
              ? `${rows.length} ${rows.length === 1 ? 'move' : 'moves'}; ${total === 0 ? 'no credit became depth' : `${total} ${total === 1 ? 'ply' : 'plies'} of extension`}.`
              : traced.error}
          </p>
        </div>
      </div>
      <CreditTraceTable
        rows={rows}
        selected={shownPly}
        onSelect={setSelected}
        onCredit={(entry, credit) => setTable((t) => t.map((v, i) => (i === entry ? credit : v)))}
        caption="Each move's class, credit, the two accounts after it, and the plies that became depth"
      />
    </div>
  );
}

export default CreditTrace;
