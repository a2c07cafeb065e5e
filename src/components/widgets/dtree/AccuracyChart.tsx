/**
 * Training and test accuracy against the tree's maximum depth, from the worker's depth sweep: the
 * training line climbs toward 100 % as the tree learns its games by heart, the test line levels
 * off or falls. The current depth is marked, and moves with the slider at once (the sweep already
 * holds every depth).
 */
import type { JSX } from 'preact';
import type { DtreeSweepPoint } from '../../../engine/worker/protocol';
import { chartGeometry, chartSummary, count, percent } from './dtree-model';

export function AccuracyChart(props: {
  points: readonly DtreeSweepPoint[];
  depth: number;
  stale: boolean;
}): JSX.Element {
  const { points, depth } = props;
  const g = chartGeometry(points);
  const { box } = g;
  const at = points.find((p) => p.maxDepth === Math.min(depth, g.xMax));
  const bottom = box.height - box.bottom;
  return (
    <figure class={`dt-chart${props.stale ? ' stale' : ''}`} data-sweep={points.length}>
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        role="img"
        aria-label={`Accuracy against maximum depth. ${chartSummary(points)}`}
      >
        {g.yTicks.map((v) => (
          <g key={`y${v}`} class="dt-grid">
            <line x1={box.left} x2={box.width - box.right} y1={g.y(v)} y2={g.y(v)} />
            <text x={box.left - 4} y={g.y(v)} text-anchor="end" dominant-baseline="central">
              {Math.round(v * 100)}%
            </text>
          </g>
        ))}
        {g.xTicks.map((d) => (
          <text key={`x${d}`} class="dt-tick" x={g.x(d)} y={bottom + 12} text-anchor="middle">
            {d}
          </text>
        ))}
        <text
          class="dt-axis"
          x={(box.left + box.width - box.right) / 2}
          y={box.height - 2}
          text-anchor="middle"
        >
          maximum depth
        </text>
        <path class="dt-line-train" d={g.train} />
        <path class="dt-line-test" d={g.test} />
        {at && (
          <g class="dt-marker" data-depth={at.maxDepth}>
            <line x1={g.x(at.maxDepth)} x2={g.x(at.maxDepth)} y1={box.top} y2={bottom} />
            <circle class="dt-dot-train" cx={g.x(at.maxDepth)} cy={g.y(at.train)} r="3.5" />
            <circle class="dt-dot-test" cx={g.x(at.maxDepth)} cy={g.y(at.test)} r="3.5" />
          </g>
        )}
      </svg>
      <figcaption>
        <span class="dt-legend dt-legend-train">training</span>{' '}
        <span class="dt-legend dt-legend-test">test</span>
        {at && (
          <span class="dt-chart-at">
            {' '}
            at depth {at.maxDepth}: {percent(at.train)} and {percent(at.test)}, {count(at.leaves)}{' '}
            leaves
          </span>
        )}
      </figcaption>
    </figure>
  );
}
