/**
 * Nodes against depth for several pruning and extension schemes on one position: each scheme is
 * searched in turn (one worker, so their times compare), and the chart draws the nodes each
 * needed to finish every depth, on a logarithmic scale. A scheme that prunes lies lower and bends
 * less; one that extends lies higher. The table beside it says what each one chose at the
 * deepest depth, and whether plain α-β agrees.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { SearchInfo } from '../../../engine/search/iterate';
import { EngineClient } from '../../engine-client';
import { compactCount, logScale } from '../explorer/chart-model';
import { formatScore } from '../explorer/search-model';
import type { SearchPosition } from '../explorer/positions';
import { toScore } from '../../../engine/search/score';
import {
  colourSlot,
  formatRatio,
  nodesAt,
  pointsOf,
  ratioToPlain,
  type Scheme,
  type SchemeRun,
  schemesByIds,
} from './scheme-model';
import { formatCount } from '../../numbers';
import '../widgets.css';
import './pruning.css';
import { Select } from '../controls';

export interface SchemeChartProps {
  positions: readonly SearchPosition[];
  /** Scheme ids from scheme-model.ts, plain first (default: plain and the pruning schemes). */
  schemes?: readonly string[] | undefined;
  /** Depth searched at first (default 4). */
  depth?: number | undefined;
  /** Deepest depth offered (default 6). */
  maxDepth?: number | undefined;
  /** A search stops after this many nodes, so a scheme that explodes cannot hang the page. */
  nodeCap?: number | undefined;
  label?: string | undefined;
}

const DEFAULT_SCHEMES = ['plain', 'threshold', 'rank10', 'null', 'lmr', 'futility', 'modern'];
const DEBOUNCE_MS = 250;

const W = 360;
const H = 210;
const LEFT = 42;
const RIGHT = 12;
const TOP = 10;
const BOTTOM = 28;

export function SchemeChart(props: SchemeChartProps): JSX.Element {
  const { positions, nodeCap = 3_000_000, maxDepth = 6 } = props;
  const { schemes, unknown } = schemesByIds(props.schemes ?? DEFAULT_SCHEMES);
  const [positionId, setPositionId] = useState(positions[0]?.id ?? '');
  const [depth, setDepth] = useState(props.depth ?? 4);
  const [runs, setRuns] = useState<SchemeRun[]>([]);
  const [running, setRunning] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [finishedKey, setFinishedKey] = useState<string | null>(null);
  const client = useRef<EngineClient | null>(null);

  const position = positions.find((p) => p.id === positionId) ?? positions[0];
  const key = `${position?.position ?? ''}|${depth}`;

  useEffect(() => () => client.current?.shutdown(), []);

  useEffect(() => {
    if (!position) return;
    const timer = setTimeout(() => measure(position.position, depth, key), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  function measure(sfen: string, d: number, k: string): void {
    client.current ??= new EngineClient();
    setError(null);
    const done: SchemeRun[] = [];
    setRuns([]);
    const next = (i: number): void => {
      if (i === schemes.length) {
        setRunning(-1);
        setFinishedKey(k);
        return;
      }
      setRunning(i);
      const scheme = schemes[i]!;
      const infos: SearchInfo[] = [];
      client.current!.go(
        { sfen, options: scheme.options, limits: { depth: d, nodes: nodeCap } },
        {
          onInfo: (m) => {
            infos.push(m.info);
            setRuns([...done, runOf(scheme, infos, null, d)]);
          },
          onResult: (m) => {
            done.push(runOf(scheme, infos, m.result, d));
            setRuns([...done]);
            next(i + 1);
          },
          onError: (m) => {
            setRunning(-1);
            setError(m.message);
          },
        },
      );
    };
    next(0);
  }

  const stop = (): void => {
    client.current?.stop();
    setRunning(-1);
  };

  const plain = runs.find((r) => r.id === 'plain') ?? null;
  const all = runs.flatMap((r) => r.points.map((p) => p.nodes));
  const scale = logScale(Math.min(...all, 10), Math.max(...all, 100));
  const x = (d: number): number => LEFT + ((d - 0.5) / depth) * (W - LEFT - RIGHT);
  const y = (n: number): number => TOP + (1 - scale.at(n)) * (H - TOP - BOTTOM);
  const stale = running < 0 && finishedKey !== null && finishedKey !== key;
  const summary = schemes
    .map((s) => {
      const r = runs.find((x) => x.id === s.id);
      const n = r ? nodesAt(r, depth) : null;
      return `${s.label}: ${n === null ? 'not finished' : `${formatCount(n)} nodes`}`;
    })
    .join('; ');

  return (
    <div
      class="widget scheme-chart"
      data-widget="scheme-chart"
      data-state={running >= 0 ? 'running' : finishedKey === key ? 'done' : 'idle'}
      role="region"
      aria-label={props.label ?? 'Nodes against depth, scheme by scheme'}
    >
      {unknown.length > 0 && (
        <p class="explorer-error" role="alert">
          Unknown schemes: {unknown.join(', ')}
        </p>
      )}
      <div class="sc-controls">
        <label>
          Position
          <Select value={positionId} onChange={(e) => setPositionId(e.currentTarget.value)}>
            {positions.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </Select>
        </label>
        <label>
          Depth
          <Select value={String(depth)} onChange={(e) => setDepth(Number(e.currentTarget.value))}>
            {Array.from({ length: maxDepth - 1 }, (_, i) => i + 2).map((d) => (
              <option key={d} value={String(d)}>
                {d}
              </option>
            ))}
          </Select>
        </label>
        <button type="button" class="sc-stop" disabled={running < 0} onClick={stop}>
          Stop
        </button>
        <span class="sc-status" aria-live="polite">
          {running >= 0
            ? `Searching: ${schemes[running]?.label ?? ''} (${running + 1} of ${schemes.length})`
            : error
              ? ''
              : finishedKey === key
                ? 'Done.'
                : ''}
        </span>
      </div>
      {position?.note && <p class="widget-note">{position.note}</p>}
      {error && (
        <p class="explorer-error" role="alert">
          {error}
        </p>
      )}
      <div class={`sc-body${stale ? ' stale' : ''}`}>
        <svg
          class="sc-chart"
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={`Nodes needed to finish each depth, log scale. At depth ${depth}: ${summary}.`}
        >
          {scale.ticks.map((t) => (
            <g key={t.value} class="sc-tick">
              <line x1={LEFT} x2={W - RIGHT} y1={y(t.value)} y2={y(t.value)} />
              <text x={LEFT - 5} y={y(t.value) + 3.5} text-anchor="end">
                {t.label}
              </text>
            </g>
          ))}
          {Array.from({ length: depth }, (_, i) => i + 1).map((d) => (
            <text key={d} class="sc-depth" x={x(d)} y={H - BOTTOM + 15} text-anchor="middle">
              {d}
            </text>
          ))}
          <text class="sc-axis" x={(LEFT + W - RIGHT) / 2} y={H - 2} text-anchor="middle">
            depth
          </text>
          {schemes.map((s) => {
            const r = runs.find((x) => x.id === s.id);
            if (!r || hidden.has(s.id) || r.points.length === 0) return null;
            const pts = r.points.map((p) => `${x(p.depth)},${y(p.nodes)}`).join(' ');
            return (
              <g
                key={s.id}
                class={`sc-series sc-${s.kind}`}
                data-scheme={s.id}
                style={seriesStyle(s.id)}
              >
                <polyline points={pts} />
                {r.points.map((p) => (
                  <circle key={p.depth} cx={x(p.depth)} cy={y(p.nodes)} r={2.6} />
                ))}
              </g>
            );
          })}
        </svg>
        <div
          class="table-scroll"
          role="region"
          aria-label={`Each scheme at depth ${depth}`}
          tabIndex={0}
        >
          <table class="sc-table">
            <thead>
              <tr>
                <th scope="col">scheme</th>
                <th scope="col">nodes, depth {depth}</th>
                <th scope="col">× plain</th>
                <th scope="col">best move</th>
                <th scope="col">score</th>
              </tr>
            </thead>
            <tbody>
              {schemes.map((s, i) => {
                const r = runs.find((x) => x.id === s.id);
                const n = r ? nodesAt(r, depth) : null;
                const ratio = r && plain && r !== plain ? ratioToPlain(r, plain) : null;
                const differs =
                  r?.bestMove != null && plain?.bestMove != null && r.bestMove !== plain.bestMove;
                return (
                  <tr key={s.id} data-scheme={s.id}>
                    <th scope="row">
                      <button
                        type="button"
                        class="sc-key"
                        aria-pressed={!hidden.has(s.id)}
                        title="Show or hide this line"
                        onClick={() => setHidden(toggle(hidden, s.id))}
                        style={seriesStyle(s.id)}
                      >
                        <svg class={`sc-swatch sc-${s.kind}`} viewBox="0 0 24 8" aria-hidden="true">
                          <line x1="1" x2="23" y1="4" y2="4" />
                        </svg>
                        {s.label}
                      </button>
                    </th>
                    <td class="num" data-nodes={n ?? ''}>
                      {n !== null
                        ? formatCount(n)
                        : r?.capped
                          ? `over ${compactCount(nodeCap)}`
                          : running === i
                            ? '…'
                            : '–'}
                    </td>
                    <td class="num">
                      {ratio !== null
                        ? `${formatRatio(ratio.ratio)}${ratio.depth < depth ? ` (depth ${ratio.depth})` : ''}`
                        : ''}
                    </td>
                    <td class={differs ? 'sc-differs' : ''}>
                      {r?.bestMove ?? ''}
                      {differs && <span class="visually-hidden"> (differs from plain α-β)</span>}
                    </td>
                    <td class="num">{r?.value != null ? formatScore(toScore(r.value)) : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      <p class="widget-note">
        Nodes count the main search and quiescence, summed over iterative deepening up to each
        depth. × plain compares nodes at the deepest depth both finished. A move in red differs from
        plain α-β’s. Each search stops at {compactCount(nodeCap)} nodes.
      </p>
    </div>
  );
}

function runOf(
  scheme: Scheme,
  infos: readonly SearchInfo[],
  result: { bestMove: string | null; value: number; depth: number; timeMs: number } | null,
  depth: number,
): SchemeRun {
  return {
    id: scheme.id,
    points: pointsOf(infos),
    bestMove: result?.bestMove ?? infos.at(-1)?.pv[0] ?? null,
    value: result?.value ?? infos.at(-1)?.value ?? null,
    capped: result !== null && infos.length < depth,
    timeMs: result?.timeMs ?? 0,
  };
}

const seriesStyle = (id: string): string => `--series: var(--scheme-${colourSlot(id)})`;

const toggle = (set: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};
