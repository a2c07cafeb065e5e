/**
 * Chapter 6's board: seed 003's effect evaluation of a position, square by square. Each square is
 * tinted by what it adds to sente's score (blue for sente, red for gote); pointing at a square, or
 * moving to it with the arrow keys, opens its terms, which add up to exactly what the engine's
 * `effectScore` returns. The constants are sliders: a change rebuilds the tables and re-evaluates at
 * once (a few milliseconds in this tab), and the size the seed's big table would take is shown.
 */
import { useMemo, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { Color, makeSfen, type Move, SQUARES } from '../../../engine/index';
import type { EffectParams } from '../../../engine/eval/effect/effect-eval';
import { Board } from '../Board';
import { MoveHistory } from '../MoveHistory';
import { SfenBox } from '../SfenBox';
import { squareName } from '../BoardParts';
import {
  colorName,
  type Line,
  parseLine,
  pieceName,
  positionOf,
  type SquareOverlay,
} from '../board-model';
import {
  breakDown,
  type EffectBreakdown,
  formatBytes,
  FORMS,
  type FormName,
  pointsOf,
  signed,
  type SquareBreakdown,
  tableSize,
  tablesFor,
} from './effect-model';
import { EffectConstants } from './EffectConstants';
import { formatCount } from '../../numbers';
import '../widgets.css';
import './effect.css';
import { Input } from '../controls';

export interface EffectPosition {
  id: string;
  label: string;
  /** An SFEN or a USI position command. */
  position: string;
  note: string;
  /** The square to explain first (e.g. `8h`); the strongest square when absent. */
  square?: string;
}

const lineOf = (p: EffectPosition): Line => {
  const parsed = parseLine(p.position);
  if (!parsed.ok) throw new Error(`position ${p.id}: ${parsed.error}`);
  return parsed.value;
};

/** The heat of each square: its value in points, scaled by the board's largest. */
function heatOverlay(b: EffectBreakdown, p: EffectParams): (SquareOverlay | null)[] {
  const points = b.squares.map((s) => pointsOf(s.value, p));
  const max = Math.max(1, ...points.map(Math.abs));
  return points.map((v) => {
    const shown = Math.round(v);
    if (shown === 0) return null;
    return {
      tint: v > 0 ? 'sente' : 'gote',
      strength: Math.min(1, Math.abs(v) / max),
      labels: [{ text: String(shown), corner: 'bottom-left', color: v > 0 ? 'sente' : 'gote' }],
    };
  });
}

const strongest = (b: EffectBreakdown): number =>
  b.squares.reduce((best, s) => (Math.abs(s.value) > Math.abs(best.value) ? s : best)).index;

const indexOfName = (name: string | undefined): number => {
  const i = SQUARES.findIndex((sq) => squareName(sq) === name);
  return i;
};

export function EffectBoard(props: { positions: EffectPosition[]; form?: FormName }): JSX.Element {
  const first = props.positions[0]!;
  const [line, setLine] = useState<Line>(() => lineOf(first));
  const [presetId, setPresetId] = useState<string | null>(first.id);
  const [revision, setRevision] = useState(0);
  const [form, setForm] = useState<FormName>(props.form ?? 'first');
  const [params, setParams] = useState<EffectParams>({ ...FORMS[props.form ?? 'first'] });
  const [inspected, setInspected] = useState<number>(() => indexOfName(first.square));

  const pos = useMemo(() => positionOf(line), [line]);
  const sfen = useMemo(() => makeSfen(pos), [pos]);
  const tables = useMemo(() => tablesFor(params), [params]);
  const breakdown = useMemo(() => breakDown(pos, tables), [pos, tables]);
  const overlay = useMemo(() => heatOverlay(breakdown, params), [breakdown, params]);
  const size = tableSize(params);
  const shown = breakdown.squares[inspected >= 0 ? inspected : strongest(breakdown)]!;

  const loadLine = (next: Line, preset: EffectPosition | null) => {
    setLine(next);
    setPresetId(preset?.id ?? null);
    setRevision((r) => r + 1);
    setInspected(indexOfName(preset?.square));
  };
  const loadText = (text: string): string | null => {
    const parsed = parseLine(text);
    if (!parsed.ok) return parsed.error;
    loadLine(parsed.value, null);
    return null;
  };
  const play = (move: Move) => setLine((l) => ({ setup: l.setup, moves: [...l.moves, move] }));
  const back = () => setLine((l) => ({ setup: l.setup, moves: l.moves.slice(0, -1) }));
  const chooseForm = (name: FormName) => {
    setForm(name);
    setParams({ ...FORMS[name] });
  };
  const preset = props.positions.find((p) => p.id === presetId);

  return (
    <div class="widget effect-board" data-widget="effect-board" data-form={form}>
      <div class="explorer-presets" role="group" aria-label="Example positions">
        {props.positions.map((p) => (
          <button
            type="button"
            key={p.id}
            data-preset={p.id}
            aria-pressed={p.id === presetId}
            onClick={() => loadLine(lineOf(p), p)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {preset && <p class="widget-note preset-note">{preset.note}</p>}
      <fieldset class="eb-form">
        <legend>Table</legend>
        <label>
          <Input
            type="radio"
            name="eb-form"
            checked={form === 'first'}
            onChange={() => chooseForm('first')}
          />{' '}
          the first table (85, 98, every count)
        </label>
        <label>
          <Input
            type="radio"
            name="eb-form"
            checked={form === 'kkpee9'}
            onChange={() => chooseForm('kkpee9')}
          />{' '}
          KKPEE9 (83, 92, N = 2, the piece in the entry, FV_SCALE 32)
        </label>
      </fieldset>
      <div class="eb-layout">
        <div class="eb-board">
          <Board
            position={pos}
            onMove={play}
            onInspect={(sq) => setInspected(SQUARES.indexOf(sq))}
            inspected={SQUARES[shown.index]}
            lastMove={line.moves[line.moves.length - 1]}
            overlay={overlay}
            label="Effect evaluation board: each square tinted by its value"
          />
          <p class="widget-note eb-legend">
            Point at a square (or tab to the board and use the arrow keys) for its terms; play a
            move by clicking a piece and then a square.
          </p>
          <MoveHistory moves={line.moves} onBack={back} />
        </div>
        <div class="eb-side">
          <SquareTerms square={shown} params={params} />
          <Totals breakdown={breakdown} params={params} sideToMove={pos.sideToMove} />
        </div>
      </div>
      <EffectConstants
        params={params}
        seed={FORMS[form]}
        onChange={(next) => setParams(next)}
        size={size}
      />
      <p class="eb-size" data-table-size={size.bytes}>
        The seed’s table for these constants: <code>int16_t table{size.shape}</code>,{' '}
        {formatCount(size.entries)} entries, <strong>{formatBytes(size.bytes)}</strong>. The
        factored form this page evaluates with: {formatBytes(size.factoredBytes)}.
      </p>
      <SfenBox
        sfen={sfen}
        revision={revision}
        onLoad={loadText}
        onReset={() => loadLine(lineOf(first), first)}
      />
    </div>
  );
}

const TERM_LABELS = [
  '☗ effects near ☗’s king',
  '☖ effects near ☗’s king',
  '☖ effects near ☖’s king',
  '☗ effects near ☖’s king',
] as const;

function SquareTerms(props: { square: SquareBreakdown; params: EffectParams }): JSX.Element {
  const { square: s, params: p } = props;
  const digits = p.kkpee ? 2 : 0;
  const name = squareName(SQUARES[s.index]!);
  const piece = s.piece === 0 ? 'empty' : `${colorName(s.piece >> 4)} ${pieceName(s.piece & 15)}`;
  const capNote = (i: 0 | 1) => (s.counts[i] !== s.capped[i] ? ` (counted as ${s.capped[i]})` : '');
  const raw = s.terms.reduce((a, b) => a + b, 0) + s.tenth + s.defended;
  return (
    <section class="eb-terms" aria-live="polite" data-square={name}>
      <h4>
        {name}: {piece}
      </h4>
      <p class="eb-facts">
        Effects: ☗ {s.counts[0]}
        {capNote(0)}, ☖ {s.counts[1]}
        {capNote(1)}. Distance to ☗’s king {s.distance[0]}, to ☖’s king {s.distance[1]}.
      </p>
      <table class="eb-table">
        <tbody>
          {s.terms.map((v, i) => (
            <tr key={i} data-term={i}>
              <th scope="row">{TERM_LABELS[i]}</th>
              <td>{signed(v, digits)}</td>
            </tr>
          ))}
          {s.piece !== 0 && (s.piece & 15) !== 8 && (
            <tr data-term="tenth">
              <th scope="row">a tenth of the {pieceName(s.piece & 15)} off</th>
              <td>{signed(s.tenth)}</td>
            </tr>
          )}
          {s.defended !== 0 && (
            <tr data-term="defended">
              <th scope="row">defended / attacked piece</th>
              <td>{signed(s.defended)}</td>
            </tr>
          )}
          {p.kkpee && (
            <tr class="eb-scaled">
              <th scope="row">
                sum {signed(raw, 2)} × FV_SCALE {p.fvScale}, truncated: the table entry
              </th>
              <td>{signed(s.value)}</td>
            </tr>
          )}
          <tr class="eb-total" data-square-value={s.value}>
            <th scope="row">the square adds</th>
            <td>{signed(pointsOf(s.value, p), digits)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function Totals(props: {
  breakdown: EffectBreakdown;
  params: EffectParams;
  sideToMove: number;
}): JSX.Element {
  const { breakdown: b, params: p } = props;
  const agrees = b.engine === b.total;
  const widest = Math.max(...b.squares.map((s) => Math.abs(s.value)));
  return (
    <section class="eb-totals" aria-label="The evaluation">
      <table class="eb-table">
        <tbody>
          <tr>
            <th scope="row">the 81 squares</th>
            <td>
              {p.kkpee ? `${signed(b.sum)} ÷ ${p.fvScale} → ` : ''}
              {signed(b.effects)}
            </td>
          </tr>
          <tr>
            <th scope="row">material</th>
            <td>{signed(b.material)}</td>
          </tr>
          <tr class="eb-total">
            <th scope="row">evaluation, for ☗</th>
            <td data-eval={b.total}>{signed(b.total)}</td>
          </tr>
          <tr>
            <th scope="row">for the side to move ({colorName(props.sideToMove)})</th>
            <td>{signed(b.forSideToMove)}</td>
          </tr>
        </tbody>
      </table>
      <p class={`eb-check${agrees ? '' : ' eb-mismatch'}`} data-agrees={String(agrees)}>
        {agrees
          ? `The engine’s effectScore for this position: ${signed(b.engine)}, the same.`
          : `The engine’s effectScore says ${signed(b.engine)}: the parts do not add up.`}
        {props.sideToMove === Color.Gote ? ' The search sees it from gote’s side, negated.' : ''}
      </p>
      {p.kkpee && widest > 32767 && (
        <p class="eb-warning" data-overflow>
          An entry of {formatCount(widest)} does not fit the seed’s int16_t table (at most 32,767):
          with these constants the table would wrap around.
        </p>
      )}
    </section>
  );
}
