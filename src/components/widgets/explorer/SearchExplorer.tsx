/**
 * The search explorer: a position, the engine's options, and what a search of that position
 * finds — best move and line drawn on the board, score, depth, nodes, speed, the nodes each
 * iteration cost and every pruning or extension that fired. Any change cancels the running
 * search and starts a new one a moment later; the last answer stays, dimmed, until then. Side by
 * side, two option sets (A and B) search the same position in two workers and are compared.
 * With an `id`, the configuration lives in the page's address, so it can be shared.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { memo } from '../memo';
import type { JSX } from 'preact';
import { makeSfen, type Move, STARTPOS_SFEN } from '../../../engine/index';
import type { SearchInfo } from '../../../engine/search/iterate';
import type { SearchOptions } from '../../../engine/search/options';
import { Board } from '../Board';
import { lineCommand, type Line, parseLine, positionOf } from '../board-model';
import { SfenBox } from '../SfenBox';
import { LimitsBar } from './LimitsBar';
import { NodesChart } from './NodesChart';
import { OptionsPanel } from './OptionsPanel';
import { initialB, optionChanges } from './options-model';
import { setupOf } from './explorer-setup';
import { type GuidedStep, stepSetup } from './guided-steps';
import { DEFAULT_POSITIONS, positionId, type SearchPosition } from './positions';
import { CreditPanel } from '../dual-credit/CreditPanel';
import { ComparisonView, CountersTable, ResultCard } from './SearchResults';
import { pvArrows } from './search-model';
import { TraceTree } from './TreeViewer';
import { ANALYSE_EXPLORER } from '../analyse-link';
import { Later } from '../later';
import {
  decodeState,
  encodeOptions,
  encodeState,
  type ExplorerState,
  positionParam,
  readNamespace,
  writeNamespace,
} from './url-state';
import { type SearchRequest, type SearchState, useSearch } from './use-search';
import '../widgets.css';
import './explorer.css';

export type { GuidedStep } from './guided-steps';

export interface SearchExplorerProps {
  /** Namespace of this explorer's settings in the page's address; without it, none are kept. */
  id?: string | undefined;
  /** Positions offered as buttons (default: the start position and a rook exchange). */
  positions?: readonly SearchPosition[] | undefined;
  /** The first position (default: the first of `positions`). */
  initial?: string | undefined;
  /**
   * The position, set from outside (the Analyse page steps through a game): each new value
   * replaces the explorer's position, including one read from the address.
   */
  position?: string | undefined;
  /** Hold every search while true (the page that sets `position` has not read its own yet). */
  paused?: boolean | undefined;
  /** A's options, over the defaults: `{ nullMove: true, 'moveEval.captureBonus': 1000 }`. */
  options?: Readonly<Record<string, unknown>> | undefined;
  /** The options to show, as dotted paths (default: all but `evaluator` and `traceNodes`). */
  paths?: readonly string[] | undefined;
  /** Start side by side (default false). */
  compare?: boolean | undefined;
  /** B's difference from A (default: the first switch shown, turned over). */
  b?: Readonly<Record<string, unknown>> | undefined;
  /** Offer the side-by-side switch (default true). */
  allowCompare?: boolean | undefined;
  /** Depth of the first search (default 4). */
  depth?: number | undefined;
  /** Node limit at first (default 0: none). */
  nodes?: number | undefined;
  /** Time limit at first in ms (default 0: none). */
  timeMs?: number | undefined;
  /** Deepest depth offered (default 8). */
  maxDepth?: number | undefined;
  /** Show the search tree of the last iteration under the results (default false). */
  tree?: boolean | undefined;
  /** With `tree`: nodes recorded (default 400). */
  traceNodes?: number | undefined;
  /** Nodes chart on a log scale at first (default true). */
  logScale?: boolean | undefined;
  /** Accessible name of the widget. */
  label?: string | undefined;
  /**
   * For a page that is one island hydrating in stages (later.tsx), the Analyse page: the stage it
   * has reached. The explorer's parts are drawn at stages 1 to EXPLORER_STAGES, in the order of
   * the page (the board, the limits and results beside it, the options, the statistics, the
   * tree), each in a task of its own. Without it every part is drawn at once.
   */
  stage?: number | undefined;
  /**
   * A guided experiment: steps shown as buttons above the explorer, each setting the explorer up
   * (position, A's and B's options over the chapter's, side by side or not, depth) with one click,
   * and a sentence on what to look for.
   */
  steps?: readonly GuidedStep[] | undefined;
}

/** The chart follows a running search depth by depth; otherwise it shows the last one. */
const chartInfos = (search: SearchState): readonly SearchInfo[] =>
  search.running && search.live.length > 0 ? search.live : (search.shown?.infos ?? []);

/**
 * Whether two configurations are the same: at once when they share their parts (as a page's
 * first render does), else by what the address would hold for each.
 */
const sameState = (x: ExplorerState, y: ExplorerState, fallback: ExplorerState): boolean =>
  (x.a === y.a &&
    x.b === y.b &&
    x.limits === y.limits &&
    x.compare === y.compare &&
    positionParam(x.position) === positionParam(y.position)) ||
  JSON.stringify(encodeState(x, fallback)) === JSON.stringify(encodeState(y, fallback));

// While a search runs, each depth it finishes re-renders the explorer to show it: the parts that
// do not show the search (the board, the options, the finished search's tree and tables) render
// again only when their own inputs change, so that a report stays a short task on a slow phone.
const StillBoard = memo(Board);
const StillOptions = memo(OptionsPanel);
const StillTree = memo(TraceTree);
const StillCounters = memo(CountersTable);
const StillCredit = memo(CreditPanel);
/** How many stages an island drawing the explorer in stages gives it (the `stage` prop). */
export const EXPLORER_STAGES = 5;
const NAMES_AB = ['A', 'B'];
const NAMES_ONE = [''];

export function SearchExplorer(props: SearchExplorerProps): JSX.Element {
  const setup = useMemo(() => setupOf(props), []);
  const { fallback, problems, visible } = setup;
  const positions = props.positions ?? DEFAULT_POSITIONS;
  const traceNodes = props.traceNodes ?? 400;
  const [state, setState] = useState<ExplorerState>(fallback);
  const [editing, setEditing] = useState<'a' | 'b'>('a');
  const [bEdited, setBEdited] = useState(false);
  const [log, setLog] = useState(props.logScale ?? true);
  const [treeSide, setTreeSide] = useState<'a' | 'b'>('a');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const [step, setStep] = useState<number | null>(null);
  const written = useRef<string | null>(null);
  const mounted = useRef(false);
  const [ready, setReady] = useState(false);
  const stage = props.stage ?? EXPLORER_STAGES;

  // A position set from outside (the Analyse page's game) replaces the explorer's own; until the
  // state has taken a new one, no search starts, so the first search is of the position shown.
  const outside = props.position === undefined ? undefined : positionParam(props.position);
  const applied = useRef<string | undefined>(undefined);
  const catchingUp = outside !== undefined && outside !== applied.current;
  // What the address and the "Chapter's settings" button compare against: the chapter's
  // configuration, at the outside position if there is one (the page keeps that in its own part
  // of the address; only a move played on this board departs from it).
  const baseline = useMemo(
    () => (outside === undefined ? fallback : { ...fallback, position: outside }),
    [outside],
  );

  // Read the address once, in the browser; write it whenever the configuration changes.
  useEffect(() => {
    // No search before the address is read: a search started and cancelled at once would
    // leave a worker half-loaded for nothing.
    setReady(true);
    if (!props.id) return;
    const decoded = decodeState(readNamespace(location.search, props.id), fallback);
    if (decoded && !decoded.ok) setUrlError(decoded.error);
    const loaded = decoded?.ok ? decoded.value : fallback;
    if (decoded?.ok) {
      setState(loaded);
      setBEdited(true);
      setRevision((r) => r + 1);
    }
    written.current = JSON.stringify(encodeState(loaded, baseline));
  }, []);

  // After the address: the outside position wins over one the address gave.
  useEffect(() => {
    if (outside === undefined) return;
    applied.current = outside;
    update({ position: outside });
  }, [outside]);

  useEffect(() => {
    // The first run sees the chapter's configuration, before the address has been applied.
    if (!props.id || written.current === null || !mounted.current) {
      mounted.current = true;
      return;
    }
    const entries = encodeState(state, baseline);
    const text = JSON.stringify(entries);
    if (text === written.current) return;
    written.current = text;
    const search = writeNamespace(location.search, props.id, entries);
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [state]);

  const line = useMemo<Line>(() => {
    const parsed = parseLine(state.position);
    return parsed.ok ? parsed.value : { setup: STARTPOS_SFEN, moves: [] };
  }, [state.position]);
  const pos = useMemo(() => positionOf(line), [line]);
  const sfen = useMemo(() => makeSfen(pos), [pos]);

  const request = (options: SearchOptions): SearchRequest => ({
    sfen: state.position,
    options: props.tree && options.traceNodes === 0 ? { ...options, traceNodes } : options,
    limits: {
      depth: state.limits.depth,
      ...(state.limits.nodes > 0 ? { nodes: state.limits.nodes } : {}),
      ...(state.limits.timeMs > 0 ? { timeMs: state.limits.timeMs } : {}),
    },
  });
  const go = ready && !props.paused && !catchingUp;
  const searchA = useSearch(go ? request(state.a) : null);
  const searchB = useSearch(go && state.compare ? request(state.b) : null);
  const running = searchA.running || (state.compare && searchB.running);

  const update = useCallback(
    (patch: Partial<ExplorerState>) => setState((s) => ({ ...s, ...patch })),
    [],
  );
  const setPosition = (text: string) => update({ position: positionParam(text) });
  const play = useCallback(
    (move: Move) =>
      update({
        position: positionParam(lineCommand({ setup: line.setup, moves: [...line.moves, move] })),
      }),
    [line],
  );
  const changeA = useCallback((a: SearchOptions) => update({ a }), []);
  const changeB = useCallback((b: SearchOptions) => {
    setBEdited(true);
    update({ b });
  }, []);
  const back = () =>
    setPosition(lineCommand({ setup: line.setup, moves: line.moves.slice(0, -1) }));
  const loadText = (text: string): string | null => {
    const parsed = parseLine(text);
    if (!parsed.ok) return parsed.error;
    setPosition(lineCommand(parsed.value));
    return null;
  };
  const setCompare = (on: boolean) => {
    setState((s) => {
      if (!on || bEdited) return { ...s, compare: on };
      const b = initialB(s.a, visible, props.b);
      return { ...s, compare: on, b: b.ok ? b.value : s.b };
    });
    if (!on) setEditing('a');
  };
  const stop = () => {
    searchA.stop();
    searchB.stop();
  };
  const takeStep = (i: number) => {
    const s = props.steps?.[i];
    if (!s) return;
    const setup = stepSetup(s, props.options);
    if (!setup.ok) return;
    const { position, a, b, compare, depth } = setup.value;
    setState((st) => ({
      ...st,
      position: position ? positionParam(position) : st.position,
      a,
      b: b ?? st.b,
      compare,
      limits: depth ? { ...st.limits, depth } : st.limits,
    }));
    if (b) setBEdited(true);
    setEditing('a');
    setRevision((r) => r + 1);
    setStep(i);
  };
  const restore = () => {
    setState(baseline);
    setBEdited(false);
    setUrlError(null);
    setRevision((r) => r + 1);
  };

  const shownA = searchA.shown;
  const shownB = state.compare ? searchB.shown : null;
  const samePosition = (shown: { sfen: string } | null) =>
    shown !== null && positionParam(shown.sfen) === positionParam(state.position);
  // The lines drawn: each search's deepest finished depth while it runs, else its answer.
  const lineOf = (search: SearchState, shown: typeof shownA) => {
    const live = search.running && search.liveSfen ? search.live.at(-1) : undefined;
    return live
      ? { sfen: search.liveSfen!, pv: live.pv }
      : shown
        ? { sfen: shown.sfen, pv: shown.info?.pv ?? [] }
        : null;
  };
  const lineA = lineOf(searchA, shownA);
  const lineB = state.compare ? lineOf(searchB, shownB) : null;
  const arrows = useMemo(
    () => [
      ...(samePosition(lineA) ? pvArrows(lineA!.sfen, lineA!.pv) : []),
      ...(samePosition(lineB) ? pvArrows(lineB!.sfen, lineB!.pv, true) : []),
    ],
    [lineA?.sfen, lineA?.pv.join(' '), lineB?.sfen, lineB?.pv.join(' '), state.position],
  );
  const activePreset = positions.find(
    (p) => positionParam(p.position) === positionParam(state.position),
  );
  const changes = optionChanges(state.a, state.b).map((c) => `${c.label} ${c.from} → ${c.to}`);
  const treeShown = treeSide === 'b' && state.compare ? shownB : shownA;
  const treeTrace = treeShown?.result?.trace;
  // The board's link to the Analyse page carries A's options and limits, so it searches there as
  // it does here (the chapter's pruning, its depth), not at the Analyse page's defaults.
  const analyseSearch = useMemo(() => {
    // On the Analyse page itself the board's link carries no settings: the page has its own.
    if (props.id === ANALYSE_EXPLORER) return undefined;
    const out: [string, string][] = [];
    const options = encodeOptions(state.a);
    if (options !== '') out.push(['a', options]);
    out.push(['depth', String(state.limits.depth)]);
    if (state.limits.nodes > 0) out.push(['nodes', String(state.limits.nodes)]);
    if (state.limits.timeMs > 0) out.push(['time', String(state.limits.timeMs)]);
    return out;
  }, [state.a, state.limits]);
  const customised = useMemo(() => !sameState(state, baseline, baseline), [state, baseline]);
  const resultsA = shownA?.result ?? null;
  const resultsB = shownB?.result ?? null;
  const counted = useMemo(
    () => (state.compare ? [resultsA, resultsB] : [resultsA]),
    [state.compare, resultsA, resultsB],
  );
  const credited = useMemo(
    () => [
      {
        name: state.compare ? 'A' : '',
        result: resultsA,
        sfen: shownA?.sfen ?? null,
        options: state.a,
      },
      ...(state.compare
        ? [{ name: 'B', result: resultsB, sfen: shownB?.sfen ?? null, options: state.b }]
        : []),
    ],
    [state.compare, state.a, state.b, shownA, shownB],
  );

  return (
    <div
      class={`widget search-explorer${state.compare ? ' comparing' : ''}`}
      data-widget="search-explorer"
      data-explorer={props.id}
      role="region"
      aria-label={props.label ?? 'Search explorer'}
    >
      {problems.length > 0 && (
        <p class="explorer-error" role="alert">
          This explorer&rsquo;s settings in the chapter are wrong: {problems.join('; ')}.
        </p>
      )}
      {urlError && (
        <div class="explorer-error url-error" role="alert">
          <p>
            The link&rsquo;s settings for this explorer could not be used ({urlError}), so it shows
            the chapter&rsquo;s.
          </p>
          <button type="button" onClick={() => setUrlError(null)}>
            Dismiss
          </button>
        </div>
      )}
      {props.steps && props.steps.length > 0 && (
        <div class="guided-steps" role="group" aria-label="Try it, step by step">
          <ol>
            {props.steps.map((s, i) => (
              <li key={i}>
                <button
                  type="button"
                  aria-pressed={step === i}
                  data-step={i + 1}
                  onClick={() => takeStep(i)}
                >
                  {s.label}
                </button>
              </li>
            ))}
          </ol>
          <p class="guided-note" aria-live="polite">
            {step === null
              ? 'Click the steps in order: each sets the explorer up and searches.'
              : props.steps[step]!.note}
          </p>
        </div>
      )}
      {positions.length > 1 && (
        <div class="explorer-presets" role="group" aria-label="Positions to search">
          {positions.map((p) => (
            <button
              type="button"
              key={positionId(p)}
              data-preset={positionId(p)}
              aria-pressed={p === activePreset}
              onClick={() => {
                setPosition(p.position);
                setRevision((r) => r + 1);
              }}
            >
              {p.label}
            </button>
          ))}
        </div>
      )}
      {activePreset?.note && <p class="widget-note preset-note">{activePreset.note}</p>}
      <div class="se-main">
        <Later ready={stage >= 1} class="se-board">
          <StillBoard
            position={pos}
            onMove={play}
            lastMove={line.moves.at(-1)}
            arrows={arrows}
            analyseSearch={analyseSearch}
            label="Position searched"
          />
          {line.moves.length > 0 && (
            <p class="explorer-history">
              <span>
                Played: <code>{positionParam(state.position).replace(/^.*moves\s+/, '')}</code>
              </span>
              <button type="button" onClick={back}>
                ← Back
              </button>
            </p>
          )}
          <SfenBox sfen={sfen} revision={revision} onLoad={loadText} />
        </Later>
        <Later ready={stage >= 2} class="se-side">
          <LimitsBar
            limits={state.limits}
            maxDepth={props.maxDepth ?? 8}
            onLimits={(limits) => update({ limits })}
            running={running}
            onStop={stop}
            compare={state.compare}
            allowCompare={props.allowCompare ?? true}
            onCompare={setCompare}
            customised={customised}
            onRestore={restore}
          />
          <div class="se-results">
            <ResultCard
              name={state.compare ? 'A' : undefined}
              shown={shownA}
              live={searchA.live}
              liveSfen={searchA.liveSfen}
              running={searchA.running}
              stale={searchA.stale}
              error={searchA.error}
            />
            {state.compare && (
              <ResultCard
                name="B"
                alt
                shown={shownB}
                live={searchB.live}
                liveSfen={searchB.liveSfen}
                running={searchB.running}
                stale={searchB.stale}
                error={searchB.error}
              />
            )}
          </div>
          {state.compare && (
            <ComparisonView
              a={shownA?.result ?? null}
              b={shownB?.result ?? null}
              changes={changes}
              stale={searchA.stale || searchB.stale}
            />
          )}
        </Later>
      </div>
      <Later ready={stage >= 3} class="se-options">
        <h4 class="se-heading">Options</h4>
        {state.compare && (
          <div class="se-editing" role="group" aria-label="Option set to edit">
            {(['a', 'b'] as const).map((side) => (
              <button
                type="button"
                key={side}
                aria-pressed={editing === side}
                class={side === 'b' ? 'alt' : undefined}
                onClick={() => setEditing(side)}
              >
                Edit {side.toUpperCase()}
              </button>
            ))}
          </div>
        )}
        {editing === 'b' && state.compare ? (
          <StillOptions
            options={state.b}
            onChange={changeB}
            paths={props.paths}
            compareTo={state.a}
            setName="B"
          />
        ) : (
          <StillOptions
            options={state.a}
            onChange={changeA}
            paths={props.paths}
            setName={state.compare ? 'A' : undefined}
          />
        )}
      </Later>
      <Later ready={stage >= 4} class="se-stats">
        <NodesChart
          series={[
            { name: 'A', infos: chartInfos(searchA) },
            ...(state.compare ? [{ name: 'B', infos: chartInfos(searchB), alt: true }] : []),
          ]}
          log={log}
          onLog={setLog}
          stale={[searchA, ...(state.compare ? [searchB] : [])].some(
            (s) => s.stale && !(s.running && s.live.length > 0),
          )}
        />
        <StillCounters
          results={counted}
          names={state.compare ? NAMES_AB : NAMES_ONE}
          stale={searchA.stale || (state.compare && searchB.stale)}
        />
        <StillCredit
          searches={credited}
          stale={searchA.stale || (state.compare && searchB.stale)}
        />
      </Later>
      {props.tree && (
        <Later ready={stage >= 5} class="se-tree">
          <h4 class="se-heading">The tree of the last iteration</h4>
          {state.compare && (
            <div class="se-editing" role="group" aria-label="Tree to show">
              {(['a', 'b'] as const).map((side) => (
                <button
                  type="button"
                  key={side}
                  aria-pressed={treeSide === side}
                  onClick={() => setTreeSide(side)}
                >
                  {side.toUpperCase()}
                </button>
              ))}
            </div>
          )}
          {/* A box of fixed height (the reader may drag it taller): the tree arrives after the
              page has laid out, and would otherwise push everything below it down. */}
          <div class="se-tree-box" tabIndex={0} role="region" aria-label="The search tree">
            {treeTrace && treeTrace.length > 0 ? (
              <StillTree
                trace={treeTrace}
                position={treeShown.sfen}
                board={false}
                limit={traceNodes}
              />
            ) : (
              <p class="widget-note">The tree appears when the search finishes.</p>
            )}
          </div>
        </Later>
      )}
    </div>
  );
}

export default SearchExplorer;
