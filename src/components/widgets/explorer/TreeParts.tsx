/**
 * The tree viewer's drawing parts: the rows of the tree (a keyboard-operable ARIA tree), the view
 * of the current moment (the path with each node's α and β, and the position on a board) and the
 * legend. TreeViewer.tsx puts them together and holds the playback state.
 */
import type { JSX } from 'preact';
import { Board } from '../Board';
import { pvArrows } from './search-model';
import {
  formatScore,
  KIND_INFO,
  momentAt,
  nodeStatus,
  positionAt,
  type Row,
  type SearchTree,
  valueKnown,
} from './tree-model';

export function TreeRows(props: {
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
            {/* The row is named by its own text (what it shows, in the same order), with the
                short forms spelled out for screen readers: "7g7f, cut node, depth 2, window
                −50 to 50, value 12, 30 moves". */}
            <span class="tv-line">
              <span class="tv-twisty" aria-hidden="true">
                {row.childCount === 0 ? '·' : row.expanded ? '▾' : '▸'}
              </span>
              <code class="tv-move">{node.move || 'root'}</code>
              <span class="visually-hidden">, </span>
              <span class={`tv-kind kind-${kind}`}>{info ? info.label : 'open'}</span>
              <span class="visually-hidden">{info ? ' node, ' : ', being searched, '}</span>
              <span class="tv-nums">
                <span aria-hidden="true">
                  d {node.depth} · α {formatScore(node.alpha)} · β {formatScore(node.beta)} ·{' '}
                </span>
                <span class="visually-hidden">
                  {`depth ${node.depth}, window ${formatScore(node.alpha)} to ${formatScore(node.beta)}, value `}
                </span>
                <strong>{value}</strong>
              </span>
              {row.childCount > 0 && !row.expanded && (
                <span class="tv-count">
                  <span class="visually-hidden">, </span>
                  {row.childCount} move{row.childCount === 1 ? '' : 's'}
                </span>
              )}
            </span>
            {(node.note || (known && node.reason)) && (
              <span class="tv-why">
                {node.note && (
                  <span class="tv-note">
                    <span class="visually-hidden">, </span>
                    {node.note}
                  </span>
                )}
                {known && node.reason && (
                  <span class="tv-reason">
                    <span class="visually-hidden">: </span>
                    {node.reason}
                  </span>
                )}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

export function MomentView(props: {
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
        <table class="tv-window" aria-label="α and β of each open node at this moment">
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

export function Legend(): JSX.Element {
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
