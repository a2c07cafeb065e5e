/**
 * The search explorer's Dual Credit panel, shown when a search ran with Dual Credit: where its
 * extensions fired (by ply, and the move classes that set them off most) and the credit along its
 * principal variation, move by move.
 */
import type { JSX } from 'preact';
import type { SearchResult } from '../../../engine/search/iterate';
import type { SearchOptions } from '../../../engine/search/options';
import { formatCount } from '../../numbers';
import { CreditTraceTable } from './CreditTraceTable';
import { topClasses, traceLine } from './credit-model';
import './dual-credit.css';

export interface CreditPanelProps {
  /** One entry per search shown (A, and B when comparing). */
  searches: readonly {
    name: string;
    result: SearchResult | null;
    sfen: string | null;
    options: SearchOptions;
  }[];
  stale: boolean;
}

export function CreditPanel(props: CreditPanelProps): JSX.Element | null {
  const shown = props.searches.filter((s) => s.result?.stats.dualCredit && s.sfen !== null);
  if (shown.length === 0) return null;
  return (
    <section
      class={`credit-panel${props.stale ? ' stale' : ''}`}
      aria-label="Dual Credit in this search"
    >
      <h4>Dual Credit</h4>
      {shown.map((s) => (
        <CreditSearch
          key={s.name}
          {...s}
          result={s.result!}
          sfen={s.sfen!}
          many={shown.length > 1}
        />
      ))}
    </section>
  );
}

function CreditSearch(props: {
  name: string;
  result: SearchResult;
  sfen: string;
  options: SearchOptions;
  many: boolean;
}): JSX.Element {
  const { result, options } = props;
  const dc = result.stats.dualCredit!;
  const total = result.stats.counters['dual-credit-extension'] ?? 0;
  const researches = result.stats.counters['dual-credit-research'] ?? 0;
  const plies = dc.byPly.map((n, ply) => ({ ply, n })).filter((p) => p.n > 0);
  const classes = topClasses(dc.byClass, 4);
  const budget = options.extensionDepthBound
    ? Math.min(options.maxExtension, result.depth)
    : options.maxExtension;
  const pv = traceLine(props.sfen, result.pv.join(' '), options, budget);
  return (
    <div class="credit-search" data-credit-search={props.name || 'A'} data-extensions={total}>
      {props.many && <h5>{props.name}</h5>}
      <p>
        <strong>{formatCount(total)}</strong> {total === 1 ? 'ply' : 'plies'} of extension from
        credit; {formatCount(researches)} {researches === 1 ? 'move' : 'moves'} searched again with
        the credit {researches === 1 ? 'it' : 'they'} earned.
      </p>
      {plies.length > 0 && (
        <p class="credit-plies">
          By ply:{' '}
          {plies.map((p, i) => (
            <span key={p.ply}>
              {i > 0 && ', '}
              ply {p.ply} <strong>{formatCount(p.n)}</strong>
            </span>
          ))}
          .
        </p>
      )}
      {classes.length > 0 && (
        <p class="credit-classes">
          Set off most by:{' '}
          {classes.map((c, i) => (
            <span key={c.entry}>
              {i > 0 && '; '}
              {c.piece}, {c.meaning} <strong>{formatCount(c.plies)}</strong>
            </span>
          ))}
          .
        </p>
      )}
      {pv.ok && pv.value.length > 0 && (
        <details class="credit-pv">
          <summary>Credit along the principal variation</summary>
          <CreditTraceTable
            rows={pv.value}
            caption="Each move of the principal variation, the credit it earned and the accounts after it"
          />
          <p class="widget-note">
            Each move of the line beat the best before it, so each earned its credit. The search may
            have read this line with other extensions too; this table shows the credit only.
          </p>
        </details>
      )}
    </div>
  );
}
