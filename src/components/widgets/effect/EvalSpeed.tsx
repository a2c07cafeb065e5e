/**
 * How fast the search runs with each form of seed 003's effect evaluation, measured in the
 * reader's browser: the forms `npm run bench:eval` compares in Node (eval/effect/forms.ts), each in a
 * fresh engine worker that builds its tables, warms up, then times fixed-depth searches of a few
 * middle-game positions with performance.now(). Rows appear as forms finish; Stop ends the
 * measurement at once. Forms with the same constants read the same tree, and the widget says so.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import {
  BROWSER_EVAL_FORMS,
  EVAL_FORMS,
  EVAL_SPEED_POSITIONS,
  type EvalForm,
} from '../../../engine/eval/effect/forms';
import {
  EVAL_SPEED_PASSES,
  EVAL_SPEED_TIMED_MS,
  type EvalSpeedRow,
} from '../../../engine/worker/protocol';
import { formatBytes } from '../../lab/format';
import { formatCount } from '../../numbers';
import { EngineClient } from '../../engine-client';
import '../widgets.css';
import './eval-speed.css';
import { Input, Select } from '../controls';

export interface EvalSpeedProps {
  /** The forms ticked at first (names from eval/effect/forms.ts). */
  forms?: readonly string[] | undefined;
  /** The depth selected at first (default 3). */
  depth?: number | undefined;
}

const DEFAULT_FORMS = [
  'material',
  'first table, formula',
  'first table, factored',
  'first table, incremental',
  'N = 2, big table',
  'N = 2, factored',
  'KKPEE9, factored',
];
const DEPTHS = [2, 3, 4] as const;
/** The ratio column compares with this form, or with material when it was not measured. */
const BASELINES = ['first table, factored', 'material'];

/** The forms a tab can run, by constants, in the benchmark's order. */
const GROUPS: { group: string; forms: EvalForm[] }[] = [];
for (const form of BROWSER_EVAL_FORMS) {
  const last = GROUPS.at(-1);
  if (last?.group === form.group) last.forms.push(form);
  else GROUPS.push({ group: form.group, forms: [form] });
}
const NODE_ONLY = EVAL_FORMS.filter((f) => !f.browser);

/** A form's table memory: none, or in decimal units as the chapter writes them. */
export const tableBytes = (bytes: number): string => (bytes === 0 ? '—' : formatBytes(bytes));
const formatMs = (ms: number): string =>
  ms < 10 ? `${ms.toFixed(1)} ms` : `${formatCount(ms)} ms`;
/** The part of a form's name after its group ("factored" of "first table, factored"). */
const kindOf = (form: EvalForm): string =>
  form.name.startsWith(`${form.group}, `) ? form.name.slice(form.group.length + 2) : form.name;

interface Measurement {
  depth: number;
  total: number;
  rows: EvalSpeedRow[];
  state: 'running' | 'done' | 'stopped' | 'failed';
  /** The form being built and searched while running. */
  current: string | null;
}

/** Groups measured with more than one form, each with its forms' node counts. */
function sameTree(rows: readonly EvalSpeedRow[]): { group: string; nodes: number[] }[] {
  const groups = new Map<string, number[]>();
  for (const r of rows) groups.set(r.group, [...(groups.get(r.group) ?? []), r.nodes]);
  return [...groups]
    .filter(([, nodes]) => nodes.length > 1)
    .map(([group, nodes]) => ({ group, nodes }));
}

export function EvalSpeed(props: EvalSpeedProps): JSX.Element {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(props.forms ?? DEFAULT_FORMS),
  );
  const [depth, setDepth] = useState(props.depth ?? 3);
  const [now, setNow] = useState<Measurement | null>(null);
  /** The last finished measurement, shown dimmed until the new one has a row. */
  const [last, setLast] = useState<Measurement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useRef<EngineClient | null>(null);
  const id = useId();

  useEffect(() => () => client.current?.shutdown(), []);

  const running = now?.state === 'running';
  const forms = BROWSER_EVAL_FORMS.filter((f) => chosen.has(f.name)).map((f) => f.name);

  const toggle = (name: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    setChosen(next);
  };

  const start = () => {
    if (forms.length === 0) return setError('Tick at least one form to measure.');
    setError(null);
    if (now && now.rows.length > 0) setLast(now);
    setNow({ depth, total: forms.length, rows: [], state: 'running', current: forms[0]! });
    client.current ??= new EngineClient();
    client.current.evalSpeed(
      { forms, positions: EVAL_SPEED_POSITIONS.map((p) => p.sfen), depth },
      {
        onInfo: (m) =>
          setNow(
            (n) =>
              n && {
                ...n,
                rows: m.row ? [...n.rows, m.row] : n.rows,
                current: m.row ? null : m.form,
              },
          ),
        onResult: (m) => setNow((n) => n && { ...n, rows: m.rows, state: 'done', current: null }),
        onError: (m) => {
          setNow((n) => n && { ...n, state: 'failed', current: null });
          setError(m.message);
        },
      },
    );
  };

  const stop = () => {
    client.current?.stop();
    setNow((n) => n && { ...n, state: 'stopped', current: null });
  };

  // While a new measurement has no row yet, the last one stays on screen, dimmed.
  const shown = now && (now.rows.length > 0 || !last) ? now : last;
  const stale = shown !== null && shown !== now;
  const rows = shown?.rows ?? [];
  const baseline = BASELINES.map((name) => rows.find((r) => r.name === name)).find(Boolean);
  const checks = sameTree(rows);

  return (
    <div class="widget eval-speed" data-widget="eval-speed">
      <fieldset class="es-forms" disabled={running}>
        <legend>Forms to measure</legend>
        {GROUPS.map(({ group, forms: inGroup }, g) => (
          <div key={group} class="es-group" role="group" aria-labelledby={`${id}-group-${g}`}>
            <span class="es-group-name" id={`${id}-group-${g}`}>
              {group}
            </span>
            <span class="es-kinds">
              {inGroup.map((form) => (
                <label key={form.name}>
                  <Input
                    type="checkbox"
                    name="form"
                    value={form.name}
                    checked={chosen.has(form.name)}
                    onChange={(e) => toggle(form.name, e.currentTarget.checked)}
                  />
                  {kindOf(form)}
                  {form.bytes >= 1e6 && <span class="es-bytes">{tableBytes(form.bytes)}</span>}
                </label>
              ))}
            </span>
          </div>
        ))}
      </fieldset>
      <p class="widget-note es-node-only">
        The big tables too large for a tab are left to Node (<code>npm run bench:eval</code>):{' '}
        {NODE_ONLY.map((f) => `${f.group}’s (${tableBytes(f.bytes)})`)
          .join(', ')
          .replace(/, ([^,]*)$/, ' and $1')}
        .
      </p>

      <div class="es-controls">
        <label>
          Depth
          <Select
            name="depth"
            value={String(depth)}
            disabled={running}
            onChange={(e) => setDepth(Number(e.currentTarget.value))}
          >
            {DEPTHS.map((d) => (
              <option key={d} value={String(d)}>
                {d}
              </option>
            ))}
          </Select>
        </label>
        <button
          type="button"
          class={running ? undefined : 'primary'}
          data-action={running ? 'stop' : 'measure'}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={running ? stop : start}
        >
          {running ? 'Stop' : 'Measure'}
        </button>
      </div>

      <progress max={now?.total ?? 1} value={now?.rows.length ?? 0} aria-label="Forms measured" />
      <p class="widget-note es-status" aria-live="polite" data-state={now?.state ?? 'idle'}>
        {statusText(now)}
      </p>
      <p class="sfen-error" id={`${id}-error`} role="alert" hidden={!error}>
        {error}
      </p>

      {shown && rows.length > 0 && (
        <div
          class={`table-scroll es-results${stale ? ' stale' : ''}`}
          role="region"
          aria-label="Measured speeds"
          tabIndex={0}
          aria-busy={running}
        >
          <table>
            <caption>
              Depth {shown.depth}, {EVAL_SPEED_POSITIONS.length} positions
            </caption>
            <thead>
              <tr>
                <th scope="col">Form</th>
                <th scope="col" class="num">
                  Nodes
                </th>
                <th scope="col" class="num">
                  Time
                </th>
                <th scope="col" class="num">
                  Nodes/s
                </th>
                <th scope="col" class="num">
                  <span aria-hidden="true">×</span>
                  <span class="visually-hidden">
                    {baseline ? `Ratio to ${baseline.name}` : 'Ratio'}
                  </span>
                </th>
                <th scope="col" class="num">
                  Tables
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.name} data-form={r.name} data-nodes={r.nodes} data-nps={r.nps}>
                  <th scope="row">{r.name}</th>
                  <td class="num">{formatCount(r.nodes)}</td>
                  <td class="num">{formatMs(r.ms)}</td>
                  <td class="num">{formatCount(r.nps)}</td>
                  <td class="num">{baseline ? `${(r.nps / baseline.nps).toFixed(2)}×` : ''}</td>
                  <td class="num">
                    {tableBytes(r.bytes)}
                    {r.bytes > 0 && <span class="es-build">built in {formatMs(r.buildMs)}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {baseline && (
        <p class="widget-note es-baseline">
          × : nodes per second as a multiple of {baseline.name}’s.
        </p>
      )}
      {checks.length > 0 && (
        <ul class="es-checks" aria-label="Same constants, same tree">
          {checks.map(({ group, nodes }) => {
            const same = nodes.every((n) => n === nodes[0]);
            return (
              <li key={group} class={same ? 'ok' : 'bad'} data-group={group} data-same={same}>
                {same
                  ? `✓ ${group}: its ${nodes.length} forms read the same ${formatCount(nodes[0]!)} nodes, as they must (same constants, same values, same tree).`
                  : `✗ ${group}: its forms read different trees (${nodes.map(formatCount).join(', ')} nodes): they should agree.`}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export default EvalSpeed;

function statusText(m: Measurement | null): string {
  if (!m)
    return `Each form gets a fresh engine worker: it builds its tables, warms up, then searches ${EVAL_SPEED_POSITIONS.length} middle-game positions to the chosen depth, pass after pass (${EVAL_SPEED_PASSES} at least, for ${EVAL_SPEED_TIMED_MS / 1000} s at least), and keeps its fastest pass. The times are this tab’s wall clock: a busy machine stretches them.`;
  const done = m.rows.length;
  if (m.state === 'running')
    return `Form ${Math.min(done + 1, m.total)} of ${m.total}${m.current ? `: ${m.current}, building its tables and searching` : ''}…`;
  if (m.state === 'stopped') return `Stopped after ${done} of ${m.total} forms.`;
  if (m.state === 'failed') return `The measurement failed after ${done} of ${m.total} forms.`;
  return `Done: ${m.total} forms at depth ${m.depth}. Measure again for a second reading: the numbers move from one to the next.`;
}
