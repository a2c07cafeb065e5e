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
import { keepsOwnKeys } from '../keys';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { TraceNode } from '../../../engine/search/trace';
import { nestPartial } from './options-model';
import { Legend, MomentView, TreeRows } from './TreeParts';
import {
  ancestors,
  buildTree,
  initialExpanded,
  KIND_INFO,
  kindCounts,
  visibleRows,
} from './tree-model';
import { useSearch } from './use-search';
import { PlaybackIcon } from '../PlaybackIcon';
import { formatCount } from '../../numbers';
import '../widgets.css';
import './explorer.css';
import { Select } from '../controls';

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
  // Until the first search answers, the widget keeps about the room its tree will take, so that
  // the tree arriving does not push the page down under the reader.
  const pending = given === undefined && position !== undefined && !search.shown && !search.error;
  return (
    <div
      class={`widget tree-viewer${pending ? ' tv-pending' : ''}`}
      data-widget="tree-viewer"
      role="region"
      aria-label={label}
    >
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
    if (target.closest('[role="tree"]') || keepsOwnKeys(target)) return;
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
        {formatCount(trace.length)} nodes of the last iteration
        {truncated ? ` (the first ${formatCount(limit)} the search visited)` : ''}:{' '}
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
          aria-pressed={playing}
          title="Space"
        >
          {/* Named by its words, as shown; at the end, Play starts again from the first node. */}
          <PlaybackIcon symbol={playing ? 'pause' : 'play'} /> {playing ? 'Pause' : 'Play'}
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
          <Select
            value={speed}
            onChange={(e) => setSpeed(Number(e.currentTarget.value))}
            aria-label="Playback speed"
          >
            {SPEEDS.map((s, i) => (
              <option key={s.label} value={i}>
                {s.label}
              </option>
            ))}
          </Select>
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

export default TreeViewer;
