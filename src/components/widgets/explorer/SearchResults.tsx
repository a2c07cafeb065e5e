/**
 * The explorer's answers: a card per search (best move, score, depth, nodes, speed, PV), the
 * comparison of two searches of one position, and the table of every pruning and extension that
 * fired. Stale answers are dimmed, not hidden, while the next search runs.
 */
import { useMemo } from 'preact/hooks';
import type { JSX } from 'preact';
import { parseUsiMove } from '../../../engine/index';
import { parsePositionText } from '../../../engine/worker/protocol';
import type { SearchInfo, SearchResult } from '../../../engine/search/iterate';
import { formatCount } from '../../numbers';
import { colorMark, colorName, describeMove } from '../board-model';
import {
  compareResults,
  counterRows,
  firstMoveCutoffRate,
  formatRate,
  formatRatio,
  formatScore,
  formatTime,
  stopNote,
} from './search-model';
import type { Shown } from './use-search';

/** The best move in words, in the position it was found in. */
function moveWords(sfen: string, usi: string | undefined): string | null {
  if (!usi) return null;
  const parsed = parsePositionText(sfen);
  if (!parsed.ok) return null;
  const move = parseUsiMove(parsed.value, usi);
  return move.ok ? describeMove(parsed.value, move.value) : null;
}

function sideToMove(sfen: string): string {
  const parsed = parsePositionText(sfen);
  if (!parsed.ok) return '';
  const c = parsed.value.sideToMove;
  return `${colorMark(c)} ${colorName(c)}`;
}

export interface ResultCardProps {
  /** "A" or "B" in a comparison; nothing for a single search. */
  name?: string | undefined;
  alt?: boolean | undefined;
  shown: Shown | null;
  live: readonly SearchInfo[];
  /** The position the running search reads; its reports are shown as they arrive. */
  liveSfen?: string | null | undefined;
  running: boolean;
  stale: boolean;
  error: string | null;
}

export function ResultCard(props: ResultCardProps): JSX.Element {
  const { name, alt, shown, live, running, error } = props;
  // While a search runs, its deepest finished depth is shown as it arrives (best move, score,
  // line); the finished answer replaces it.
  const liveInfo = running && props.liveSfen ? (live.at(-1) ?? null) : null;
  const stale = props.stale && liveInfo === null;
  const info = liveInfo ?? shown?.info ?? null;
  const result = liveInfo ? null : (shown?.result ?? null);
  const best = info?.pv[0];
  // Reading the position again is a legal-move check per move of its line: once per position and
  // move, not once per render.
  const sfen = liveInfo ? props.liveSfen! : shown?.sfen;
  const words = useMemo(() => (sfen ? moveWords(sfen, best) : null), [sfen, best]);
  const side = useMemo(() => (sfen ? sideToMove(sfen) : ''), [sfen]);
  const note = liveInfo
    ? null
    : result
      ? stopNote(result, shown!.limits)
      : shown
        ? 'Stopped by you.'
        : null;
  const lastLive = live.at(-1);
  const status = running
    ? lastLive
      ? `Searching… depth ${lastLive.depth} done, ${formatCount(lastLive.nodes)} nodes`
      : 'Searching…'
    : stale
      ? 'Stopped: showing the result for the earlier settings.'
      : '';
  return (
    <section
      class={`result-card${alt ? ' alt' : ''}${stale ? ' stale' : ''}`}
      data-result={name ?? 'single'}
      aria-busy={running}
      aria-label={name ? `Search ${name}` : 'Search result'}
    >
      {name && <h4 class="result-name">{name}</h4>}
      {error && (
        <p class="explorer-error" role="alert">
          {error}
        </p>
      )}
      {info ? (
        <div class="result-body">
          <p class="result-best">
            <span class="result-label">Best move</span>{' '}
            <code class="result-move" data-best-move>
              {best ?? '—'}
            </code>
            {words && <span class="result-words"> {words}</span>}
          </p>
          <p class="result-score">
            <span class="result-label">Score</span>{' '}
            <strong data-score>{formatScore(info.score)}</strong>{' '}
            <span class="result-words">for {side}, to move</span>
          </p>
          <dl class="result-numbers">
            <div>
              <dt>Depth</dt>
              <dd data-depth>
                {info.depth}
                {info.seldepth > info.depth && (
                  <span class="result-words" title="The deepest ply any line reached">
                    {' '}
                    (sel {info.seldepth})
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>Nodes</dt>
              <dd data-nodes={info.nodes}>{formatCount(info.nodes)}</dd>
            </div>
            <div>
              <dt>Speed</dt>
              <dd>{formatRate(info.nps)}</dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>{formatTime(info.timeMs)}</dd>
            </div>
          </dl>
          <p class="result-pv">
            <span class="result-label">Line</span>{' '}
            <code data-pv={info.pv.join(' ')}>{info.pv.length ? info.pv.join(' ') : '—'}</code>
          </p>
          {note && <p class="widget-note">{note}</p>}
        </div>
      ) : (
        !error && <EmptyBody running={running} />
      )}
      <p class="result-status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

/**
 * The card before its first answer: the same rows, empty, so that the card keeps its size when the
 * answer arrives and nothing below it moves (no data-* attributes: tests read those as a result).
 */
function EmptyBody(props: { running: boolean }): JSX.Element {
  return (
    <div class="result-body result-empty">
      <p class="result-best">
        <span class="result-label">Best move</span> <code class="result-move">—</code>
        <span class="result-words"> {props.running ? '' : 'No result yet.'}</span>
      </p>
      <p class="result-score">
        <span class="result-label">Score</span> <strong>—</strong>
      </p>
      <dl class="result-numbers">
        {['Depth', 'Nodes', 'Speed', 'Time'].map((name) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>—</dd>
          </div>
        ))}
      </dl>
      <p class="result-pv">
        <span class="result-label">Line</span> <code>—</code>
      </p>
    </div>
  );
}

export function ComparisonView(props: {
  a: SearchResult | null;
  b: SearchResult | null;
  changes: readonly string[];
  stale: boolean;
}): JSX.Element {
  const { a, b, changes, stale } = props;
  const c = a && b ? compareResults(a, b) : null;
  return (
    <section class={`comparison${stale ? ' stale' : ''}`} aria-label="A and B compared">
      <p class="comparison-changes">
        {changes.length === 0 ? (
          'B is the same as A: change an option of B to compare.'
        ) : (
          <>
            B differs from A in: <span>{changes.join('; ')}</span>.
          </>
        )}
      </p>
      {c ? (
        <dl class="comparison-numbers">
          <div>
            <dt>Nodes B/A</dt>
            <dd data-node-ratio>{formatRatio(c.nodeRatio)}</dd>
          </div>
          <div>
            <dt title="One search each, in two workers at once: a timing on a shared machine moves by tens of per cent from run to run">
              Time B/A
            </dt>
            {/* With B the same as A the two searches are the same work: any ratio is noise. */}
            <dd data-time-ratio>{changes.length === 0 ? '—' : formatRatio(c.timeRatio)}</dd>
          </div>
          <div>
            <dt>Best move</dt>
            <dd data-same-move={c.sameMove} class={c.sameMove ? 'agree' : 'disagree'}>
              {c.sameMove ? '✓ the same' : '✗ differs'}
            </dd>
          </div>
          <div>
            <dt>Score</dt>
            <dd data-same-score={c.sameScore} class={c.sameScore ? 'agree' : 'disagree'}>
              {c.sameScore
                ? '✓ the same'
                : c.scoreDelta !== null
                  ? `✗ B ${c.scoreDelta > 0 ? '+' : '−'}${Math.abs(c.scoreDelta)}`
                  : '✗ differs'}
            </dd>
          </div>
          {!c.sameDepth && (
            <div>
              <dt>Depth</dt>
              <dd class="disagree">
                A {a!.depth}, B {b!.depth}
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p class="widget-note comparison-waiting">
          The comparison appears when both searches have finished.
        </p>
      )}
    </section>
  );
}

export function CountersTable(props: {
  results: readonly (SearchResult | null)[];
  names: readonly string[];
  stale: boolean;
}): JSX.Element {
  const { results, names, stale } = props;
  const rows = counterRows(results);
  const many = results.length > 1;
  const percent = (r: SearchResult | null) => {
    const rate = r ? firstMoveCutoffRate(r) : null;
    return rate === null ? '—' : `${Math.round(rate * 100)}%`;
  };
  const cell = (r: SearchResult | null, f: (r: SearchResult) => number) =>
    r ? formatCount(f(r)) : '—';
  const standard: [string, string, (r: SearchResult | null) => string][] = [
    ['cutoffs', 'β cut-offs', (r) => cell(r, (x) => x.stats.cutoffs)],
    ['first-move', '…made by the first move', percent],
    ['qnodes', 'Quiescence nodes', (r) => cell(r, (x) => x.stats.qnodes)],
    ['tt-hits', 'Transposition-table hits', (r) => cell(r, (x) => x.stats.ttHits)],
  ];
  return (
    <section class={`counters${stale ? ' stale' : ''}`} aria-label="What fired during the search">
      <h4>What fired</h4>
      {results.every((r) => r === null) ? (
        <p class="widget-note counters-waiting">The counts appear when a search finishes.</p>
      ) : (
        <table class="counters-table">
          {many && (
            <thead>
              <tr>
                <th scope="col">
                  <span class="visually-hidden">Counter</span>
                </th>
                {names.map((n) => (
                  <th scope="col" key={n} class="num">
                    {n}
                  </th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-counter={row.key} class={`counter-${row.kind}`}>
                <th scope="row">{row.label}</th>
                {row.values.map((v, i) => (
                  <td key={i} class="num">
                    {results[i] ? formatCount(v) : '—'}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr class="counter-none">
                <td colSpan={results.length + 1}>
                  No pruning, reduction or extension fired (they are off, or found nothing to do).
                </td>
              </tr>
            )}
            {standard.map(([key, label, f]) => (
              <tr key={key} data-counter={key} class="counter-standard">
                <th scope="row">{label}</th>
                {results.map((r, i) => (
                  <td key={i} class="num">
                    {f(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
