/**
 * A small search, node by node. The tree starts with the root opened one level; the reader opens
 * the nodes they want. Every node shows its move, depth, window (α, β), value and why it ended as
 * it did; pruned moves are greyed with the reason, reduced or extended ones carry their note.
 * Playback replays the search in the order it visited the nodes — the tree grows as it goes — and
 * shows each open node's α and β at that moment, with the position on a board.
 *
 * Keyboard: in the tree, ↑/↓ move, → opens (or goes to the first child), ← closes (or goes to the
 * parent), Enter opens or closes. On the playback bar: ←/→ step, Space plays or pauses, Home/End
 * jump to the start or the end.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { TraceNode } from '../../../engine/search/trace';
import { Board } from '../Board';
import { nestPartial } from './options-model';
import {
  ancestors,
  buildTree,
  formatScore,
  initialExpanded,
  KIND_INFO,
  kindCounts,
  momentAt,
  nodeStatus,
  positionAt,
  type Row,
  type SearchTree,
  valueKnown,
  visibleRows,
} from './tree-model';
import { pvArrows } from './search-model';
import { useSearch } from './use-search';
import '../widgets.css';
import './explorer.css';

export interface TreeViewerProps {
  /** A recorded trace (SearchResult.trace) to show. */
  trace?: readonly TraceNode[] | undefined;
  /** The searched position: drawn on the board, and searched when no `trace` is given. */
  position?: string | undefined;
  /** Options for the viewer's own search (dotted or nested, like SearchExplorer's). */
  options?: Readonly<Record<string, unknown>> | undefined;
  /** Depth of the viewer's own search (default 3). */
  depth?: number | undefined;
  /** Most nodes to record (default 400). */
  traceNodes?: number | undefined;
  /** Show the position at the current node on a board (default true when `position` is known). */
  board?: boolean | undefined;
  /** Accessible name of the widget. */
  label?: string | undefined;
}

const SPEEDS: readonly { label: string; ms: number }[] = [
  { label: 'Slow', ms: 900 },
  { label: 'Normal', ms: 400 },
  { label: 'Fast', ms: 120 },
];

export function TreeViewer(props: TreeViewerProps): JSX.Element {
  const { trace: given, position, depth = 3, traceNodes = 400, label = 'Search tree' } = props;
  const request = useMemo(
    () =>
      given === undefined && position !== undefined
        ? {
            sfen: position,
            options: { ...nestPartial(props.options ?? {}), traceNodes },
            limits: { depth },
          }
        : null,
    // The request is rebuilt only when what it says changes.
    [given === undefined, position, JSON.stringify(props.options ?? {}), traceNodes, depth],
  );
  const search = useSearch(request);
  const trace = given ?? search.shown?.result?.trace ?? null;
  return (
    <div class="widget tree-viewer" data-widget="tree-viewer" role="region" aria-label={label}>
      {search.error && (
        <p class="explorer-error" role="alert">
          {search.error}
        </p>
      )}
      {trace === null || trace.length === 0 ? (
        <p class="widget-note" aria-live="polite">
          {given !== undefined || (!search.running && search.shown)
            ? 'This search recorded no nodes: set the trace size above zero.'
            : position === undefined
              ? 'No search to show.'
              : 'Searching…'}
        </p>
      ) : (
        <TraceTree
          trace={trace}
          position={position}
          board={props.board ?? position !== undefined}
          limit={given === undefined ? traceNodes : undefined}
        />
      )}
    </div>
  );
}

export interface TraceTreeProps {
  trace: readonly TraceNode[];
  /** The root position, for the board. */
  position: string | undefined;
  board: boolean;
  /** The trace size asked for, to say when the trace was cut short. */
  limit: number | undefined;
}

/** The tree, its playback and the moment view, without a widget frame (the explorer embeds it). */
export function TraceTree(props: TraceTreeProps): JSX.Element {
  const { trace, position, board, limit } = props;
  const tree = useMemo(() => buildTree(trace), [trace]);
  // Playback positions: 0 … n − 1 enter the nodes in visiting order; n is the finished search.
  const end = tree.order.length;
  const [index, setIndex] = useState(end);
  const [expanded, setExpanded] = useState<Set<number>>(() => initialExpanded(tree));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [focus, setFocus] = useState<number>(tree.roots[0] ?? 0);
  const rowRefs = useRef(new Map<number, HTMLElement>());
  const treeBox = useRef<HTMLDivElement | null>(null);
  const follow = useRef(false);

  // A new trace (a new search) starts over.
  useEffect(() => {
    setIndex(tree.order.length);
    setExpanded(initialExpanded(tree));
    setPlaying(false);
    setFocus(tree.roots[0] ?? 0);
  }, [tree]);

  const finished = index >= end;
  const step = finished ? (tree.order.at(-1) ?? -1) + 1 : tree.order[index]!;

  const goTo = (i: number) => {
    const next = Math.max(0, Math.min(end, i));
    follow.current = true;
    setIndex(next);
    if (next === end) return;
    const id = tree.order[next]!;
    setExpanded((e) => {
      const missing = ancestors(tree, id).filter((a) => !e.has(a));
      return missing.length ? new Set([...e, ...missing]) : e;
    });
  };

  useEffect(() => {
    if (!playing) return;
    if (index >= end) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => goTo(index + 1), SPEEDS[speed]!.ms);
    return () => clearTimeout(timer);
  }, [playing, index, speed, end]);

  // Keep the current node in view inside the tree's own box (never scroll the page).
  useEffect(() => {
    if (!follow.current) return;
    follow.current = false;
    const row = rowRefs.current.get(step);
    const box = treeBox.current;
    if (!row || !box) return;
    const top = row.offsetTop - box.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + row.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = top + row.offsetHeight - box.clientHeight;
  });

  const togglePlay = () => {
    if (playing) setPlaying(false);
    else {
      if (finished) goTo(0);
      setPlaying(true);
    }
  };

  const onPlaybackKey = (e: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('[role="tree"]') || target.tagName === 'SELECT') return;
    const isButton = target.tagName === 'BUTTON';
    if (e.key === ' ') {
      // A focused button answers Space itself (it clicks); elsewhere Space plays or pauses.
      if (isButton) return;
      togglePlay();
    } else if (
      e.key === 'ArrowLeft' ||
      e.key === 'ArrowRight' ||
      e.key === 'Home' ||
      e.key === 'End'
    ) {
      setPlaying(false);
      goTo(
        e.key === 'ArrowLeft'
          ? index - 1
          : e.key === 'ArrowRight'
            ? index + 1
            : e.key === 'Home'
              ? 0
              : end,
      );
    } else return;
    e.preventDefault();
  };

  const rows = visibleRows(tree, expanded, step);
  const counts = kindCounts(trace);
  const truncated = limit !== undefined && trace.length >= limit;

  return (
    <div class="tv" onKeyDown={onPlaybackKey}>
      <p class="widget-note tv-summary">
        {trace.length.toLocaleString('en-US')} nodes of the last iteration
        {truncated ? ` (the first ${limit.toLocaleString('en-US')} the search visited)` : ''}:{' '}
        {Object.entries(counts)
          .map(([k, n]) => `${n} ${KIND_INFO[k as keyof typeof KIND_INFO].label}`)
          .join(', ')}
        .
      </p>
      <div
        class="tv-playback"
        role="toolbar"
        aria-label="Replay the search: ← and → step, Space plays or pauses, Home and End jump"
        tabIndex={0}
      >
        <button type="button" onClick={() => goTo(0)} aria-label="First node" title="Home">
          ⇤
        </button>
        <button
          type="button"
          onClick={() => {
            setPlaying(false);
            goTo(index - 1);
          }}
          aria-label="Step back"
          title="←"
          disabled={index === 0}
        >
          ◀
        </button>
        <button
          type="button"
          class="primary tv-play"
          onClick={togglePlay}
          aria-label={playing ? 'Pause' : finished ? 'Replay from the start' : 'Play'}
          aria-pressed={playing}
          title="Space"
        >
          {playing ? '⏸ Pause' : '▶ Play'}
        </button>
        <button
          type="button"
          onClick={() => {
            setPlaying(false);
            goTo(index + 1);
          }}
          aria-label="Step forward"
          title="→"
          disabled={finished}
        >
          ▶
        </button>
        <button type="button" onClick={() => goTo(end)} aria-label="End of the search" title="End">
          ⇥
        </button>
        <span class="tv-step" aria-live="polite" data-step={index}>
          {finished ? `Finished: ${end} nodes` : `Node ${index + 1} of ${end}`}
        </span>
        <label class="tv-speed">
          <span class="visually-hidden">Playback speed</span>
          <select
            value={speed}
            onChange={(e) => setSpeed(Number(e.currentTarget.value))}
            aria-label="Playback speed"
          >
            {SPEEDS.map((s, i) => (
              <option key={s.label} value={i}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class={`tv-main${board && position ? ' with-board' : ''}`}>
        <TreeRows
          tree={tree}
          rows={rows}
          step={step}
          expanded={expanded}
          setExpanded={setExpanded}
          focus={focus}
          setFocus={setFocus}
          rowRefs={rowRefs.current}
          boxRef={treeBox}
        />
        <MomentView tree={tree} step={step} finished={finished} position={position} board={board} />
      </div>
      <Legend />
    </div>
  );
}

function TreeRows(props: {
  tree: SearchTree;
  rows: Row[];
  step: number;
  expanded: Set<number>;
  setExpanded: (f: (e: Set<number>) => Set<number>) => void;
  focus: number;
  setFocus: (id: number) => void;
  rowRefs: Map<number, HTMLElement>;
  boxRef: { current: HTMLDivElement | null };
}): JSX.Element {
  const { tree, rows, step, setExpanded, setFocus, rowRefs, boxRef } = props;
  const focusId = rows.some((r) => r.id === props.focus) ? props.focus : (rows[0]?.id ?? -1);
  const toggle = (id: number, open?: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open ?? !e.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const moveFocus = (id: number) => {
    setFocus(id);
    rowRefs.get(id)?.focus();
  };
  const onKey = (e: JSX.TargetedKeyboardEvent<HTMLElement>, at: number) => {
    const row = rows[at]!;
    const entry = tree.entries.get(row.id)!;
    let handled = true;
    if (e.key === 'ArrowDown') {
      if (at + 1 < rows.length) moveFocus(rows[at + 1]!.id);
    } else if (e.key === 'ArrowUp') {
      if (at > 0) moveFocus(rows[at - 1]!.id);
    } else if (e.key === 'ArrowRight') {
      if (row.childCount > 0 && !row.expanded) toggle(row.id, true);
      else if (row.expanded) moveFocus(rows[at + 1]!.id);
    } else if (e.key === 'ArrowLeft') {
      if (row.expanded) toggle(row.id, false);
      else if (tree.entries.has(entry.node.parent)) moveFocus(entry.node.parent);
    } else if (e.key === 'Enter' || e.key === ' ') {
      if (row.childCount > 0) toggle(row.id);
    } else if (e.key === 'Home') {
      moveFocus(rows[0]!.id);
    } else if (e.key === 'End') {
      moveFocus(rows.at(-1)!.id);
    } else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const siblingsOf = (id: number) => {
    const parent = tree.entries.get(tree.entries.get(id)!.node.parent);
    return parent ? parent.children.filter((c) => c <= step) : tree.roots;
  };
  return (
    <div class="tv-tree" role="tree" aria-label="Search tree" ref={boxRef}>
      {rows.map((row, at) => {
        const { node } = tree.entries.get(row.id)!;
        const status = nodeStatus(tree, row.id, step);
        const known = valueKnown(tree, row.id, step);
        const siblings = siblingsOf(row.id);
        const kind = known ? node.kind : 'open';
        const value = known ? formatScore(node.value) : '…';
        const info = known ? KIND_INFO[node.kind] : null;
        const name = `${node.move || 'root'}, ${info ? `${info.label} node` : 'being searched'}, depth ${node.depth}, window ${formatScore(node.alpha)} to ${formatScore(node.beta)}, value ${value}${node.note ? `, ${node.note}` : ''}${known && node.reason ? `: ${node.reason}` : ''}`;
        return (
          <div
            key={row.id}
            ref={(el) => {
              if (el) rowRefs.set(row.id, el);
              else rowRefs.delete(row.id);
            }}
            role="treeitem"
            aria-level={row.level + 1}
            aria-setsize={siblings.length}
            aria-posinset={siblings.indexOf(row.id) + 1}
            aria-expanded={row.childCount > 0 ? row.expanded : undefined}
            aria-selected={row.id === step}
            aria-label={name}
            tabIndex={row.id === focusId ? 0 : -1}
            class={`tv-row row-${kind} status-${status}`}
            data-node={row.id}
            style={{ paddingLeft: `${0.3 + row.level * 0.9}rem` }}
            onClick={() => {
              setFocus(row.id);
              if (row.childCount > 0) toggle(row.id);
            }}
            onFocus={() => setFocus(row.id)}
            onKeyDown={(e) => onKey(e, at)}
          >
            <span class="tv-line">
              <span class="tv-twisty" aria-hidden="true">
                {row.childCount === 0 ? '·' : row.expanded ? '▾' : '▸'}
              </span>
              <code class="tv-move">{node.move || 'root'}</code>
              <span class={`tv-kind kind-${kind}`}>{info ? info.label : 'open'}</span>
              <span class="tv-nums">
                d {node.depth} · α {formatScore(node.alpha)} · β {formatScore(node.beta)} ·{' '}
                <strong>{value}</strong>
              </span>
              {row.childCount > 0 && !row.expanded && (
                <span class="tv-count">
                  {row.childCount} move{row.childCount === 1 ? '' : 's'}
                </span>
              )}
            </span>
            {(node.note || (known && node.reason)) && (
              <span class="tv-why">
                {node.note && <span class="tv-note">{node.note}</span>}
                {known && node.reason && <span class="tv-reason">{node.reason}</span>}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

function MomentView(props: {
  tree: SearchTree;
  step: number;
  finished: boolean;
  position: string | undefined;
  board: boolean;
}): JSX.Element {
  const { tree, step, finished, position, board } = props;
  const path = momentAt(tree, step);
  const root = path[0];
  const shownId = finished ? (root?.id ?? step) : step;
  const at = board && position ? positionAt(tree, position, shownId) : null;
  const current = finished ? undefined : tree.entries.get(step)?.node;
  const lineText =
    path
      .map((m) => m.move)
      .filter(Boolean)
      .join(' ') || 'the root';
  const arrows =
    finished && position && root?.bestMove ? pvArrows(position, [root.bestMove]) : undefined;
  return (
    <div class="tv-side">
      {at && (
        <div class="tv-board">
          <Board
            position={at.position}
            lastMove={at.lastMove}
            arrows={arrows}
            label={finished ? 'The searched position' : `Position at node ${step + 1}`}
          />
        </div>
      )}
      <div class="tv-moment">
        <p class="tv-moment-head">
          {finished && root ? (
            root.best === null ? (
              <>The search is over.</>
            ) : (
              <>
                The search is over: the root is worth <strong>{formatScore(root.best)}</strong>, by{' '}
                <code>{root.bestMove}</code>. Press Play to watch it happen.
              </>
            )
          ) : current?.kind === 'pruned' ? (
            <>
              Skipping <code>{lineText}</code> without reading it: {current.reason}.
            </>
          ) : current ? (
            <>
              Entering <code>{lineText}</code> with {current.depth}{' '}
              {current.depth === 1 ? 'ply' : 'plies'} to go
              {current.note ? ` (${current.note})` : ''}.
            </>
          ) : null}
        </p>
        <table class="tv-window">
          <caption class="visually-hidden">α and β of each open node at this moment</caption>
          <thead>
            <tr>
              <th scope="col">Ply</th>
              <th scope="col">Move</th>
              <th scope="col" class="num">
                α
              </th>
              <th scope="col" class="num">
                β
              </th>
              <th scope="col">Best so far</th>
            </tr>
          </thead>
          <tbody>
            {path.map((m) => (
              <tr key={m.id} class={m.id === step ? 'current' : undefined}>
                <td>{m.ply}</td>
                <td>
                  <code>{m.move || 'root'}</code>
                </td>
                <td class="num" data-alpha={m.alpha}>
                  {formatScore(m.alpha)}
                </td>
                <td class="num" data-beta={m.beta}>
                  {formatScore(m.beta)}
                </td>
                <td>
                  {m.best === null ? (
                    '—'
                  ) : (
                    <>
                      <code>{m.bestMove}</code> {formatScore(m.best)}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p class="widget-note">
          Values are from the side to move at each node: a child&rsquo;s value counts negated for
          its parent (negamax), and a move searched again counts once, by its last search.
        </p>
      </div>
    </div>
  );
}

function Legend(): JSX.Element {
  return (
    <details class="tv-legend">
      <summary>What the labels mean</summary>
      <ul>
        {Object.entries(KIND_INFO).map(([k, v]) => (
          <li key={k}>
            <span class={`tv-kind kind-${k}`}>{v.label}</span> {v.meaning}
          </li>
        ))}
        <li>
          <span class="tv-kind kind-open">open</span> still being searched at this step of the
          replay
        </li>
        <li>d: depth left · α, β: the window the node was searched with · M5: mate at ply 5</li>
      </ul>
    </details>
  );
}

export default TreeViewer;
