/**
 * Nodes per iteration of iterative deepening, as bars: one group per depth, one bar per search
 * compared (A, B). Each depth costs several times the one before — the effective branching factor
 * — so a logarithmic scale keeps the early depths visible; pruning shows as shorter bars.
 */
import { useId } from 'preact/hooks';
import type { JSX } from 'preact';
import type { SearchInfo } from '../../../engine/search/iterate';
import { growthFactors, iterationCosts, scaleFor } from './chart-model';
import { formatCount } from '../../numbers';
import { Input } from '../controls';

export interface ChartSeries {
  name: string;
  infos: readonly SearchInfo[];
  /** Draw in the second colour. */
  alt?: boolean;
}

export interface NodesChartProps {
  series: readonly ChartSeries[];
  log: boolean;
  onLog: (log: boolean) => void;
  /** Dim the bars (they belong to an older search). */
  stale?: boolean;
}

const W = 340;
const H = 170;
const LEFT = 40;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 26;

export function NodesChart(props: NodesChartProps): JSX.Element {
  const { series, log, onLog, stale = false } = props;
  const uid = useId();
  const costs = series.map((s) => iterationCosts(s.infos));
  const depths = [...new Set(costs.flatMap((c) => c.map((x) => x.depth)))].sort((x, y) => x - y);
  const scale = scaleFor(
    costs.flatMap((c) => c.map((x) => x.nodes)),
    log,
  );
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const groupW = depths.length ? plotW / depths.length : plotW;
  const barW = Math.min(28, (groupW * 0.72) / Math.max(1, series.length));
  const y = (v: number) => TOP + plotH * (1 - scale.at(v));
  const summary = series
    .map(
      (s, i) =>
        `${series.length > 1 ? `${s.name}: ` : ''}${costs[i]!.map((c) => `depth ${c.depth} ${formatCount(c.nodes)}`).join(', ')}`,
    )
    .join('; ');
  return (
    <figure class={`nodes-chart${stale ? ' stale' : ''}`}>
      <figcaption>
        <span>Nodes searched per iteration</span>
        <label class="chart-log">
          <Input type="checkbox" checked={log} onChange={(e) => onLog(e.currentTarget.checked)} />{' '}
          Log scale
        </label>
      </figcaption>
      {/* The frame is drawn before the first depth finishes, so that bars arriving do not move
          the page. */}
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${uid}-desc`} class="chart-svg">
        <desc id={`${uid}-desc`}>
          {depths.length === 0
            ? 'No depth finished yet.'
            : `Nodes per iteration${log ? ' (logarithmic scale)' : ''}: ${summary}.`}
        </desc>
        {depths.length === 0 && (
          <text class="chart-empty" x={LEFT + plotW / 2} y={TOP + plotH / 2}>
            No depth finished yet.
          </text>
        )}
        {depths.length > 0 &&
          scale.ticks.map((t) => (
            <g key={t.value} class="chart-tick">
              <line x1={LEFT} x2={W - RIGHT} y1={y(t.value)} y2={y(t.value)} />
              <text x={LEFT - 5} y={y(t.value)}>
                {t.label}
              </text>
            </g>
          ))}
        {depths.map((d, di) =>
          series.map((s, si) => {
            const cost = costs[si]!.find((c) => c.depth === d);
            if (!cost) return null;
            const x = LEFT + di * groupW + (groupW - barW * series.length) / 2 + si * barW;
            const top = y(cost.nodes);
            return (
              <rect
                key={`${d}-${si}`}
                class={`chart-bar${s.alt ? ' alt' : ''}`}
                x={x + 1}
                y={top}
                width={Math.max(1, barW - 2)}
                height={Math.max(0, TOP + plotH - top)}
              >
                <title>
                  {`${series.length > 1 ? `${s.name}, ` : ''}depth ${d}: ${formatCount(cost.nodes)} nodes`}
                </title>
              </rect>
            );
          }),
        )}
        <line class="chart-axis" x1={LEFT} x2={W - RIGHT} y1={TOP + plotH} y2={TOP + plotH} />
        {depths.map((d, di) => (
          <text
            key={d}
            class="chart-depth"
            x={LEFT + di * groupW + groupW / 2}
            y={TOP + plotH + 14}
          >
            {d}
          </text>
        ))}
        <text class="chart-axis-label" x={LEFT + plotW / 2} y={H - 1}>
          depth
        </text>
      </svg>
      {/* Kept (empty) until two depths have finished, for the same reason. */}
      {series.length > 0 && (
        <p class="widget-note chart-growth">
          {series.map((s, i) => {
            const g = growthFactors(costs[i]!).filter((x): x is number => x !== null);
            if (depths.length < 2 || g.length === 0) return null;
            const mean = Math.exp(
              g.reduce((sum, x) => sum + Math.log(Math.max(x, 1e-9)), 0) / g.length,
            );
            return (
              <span key={s.name} class={s.alt ? 'alt' : undefined}>
                {series.length > 1 ? `${s.name}: ` : ''}each depth costs about {mean.toFixed(1)}×
                the one before{i < series.length - 1 ? '; ' : '.'}
              </span>
            );
          })}
        </p>
      )}
      {series.length > 1 && (
        <p class="chart-legend" aria-hidden="true">
          {series.map((s) => (
            <span key={s.name}>
              <span class={`swatch chart-swatch${s.alt ? ' alt' : ''}`} /> {s.name}
            </span>
          ))}
        </p>
      )}
    </figure>
  );
}

export default NodesChart;
