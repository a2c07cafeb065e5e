/**
 * The parts chapter 7's widgets draw a tree with: a node's class counts as a two-colour bar, the
 * tree as an indented outline whose nodes open and close (the top three levels open at first), and
 * the path one example takes through it, test by test.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { ClassCounts, PathStep } from '../../../engine/dtree/tree';
import type { DtreeKind, DtreeViewNode } from '../../../engine/worker/protocol';
import {
  childrenOf,
  columnInfo,
  columnTitle,
  count,
  isOpen,
  KINDS,
  percent,
  shareOfOnes,
  stepText,
  toggle,
} from './dtree-model';

/** Class counts as a bar (class 1 in the accent colour) with the two numbers. */
export function CountsBar(props: { kind: DtreeKind; counts: ClassCounts }): JSX.Element {
  const { kind, counts } = props;
  const [zero, one] = KINDS[kind].classes;
  const share = shareOfOnes(counts);
  const title = `${count(counts[1])} ${one}, ${count(counts[0])} ${zero} (${percent(share, 0)} ${one})`;
  return (
    <span class="dt-counts" title={title}>
      <span class="dt-bar" aria-hidden="true">
        <span class="dt-bar-one" style={{ width: `${share * 100}%` }} />
      </span>
      <span class="dt-count-one">{count(counts[1])}</span>
      <span class="dt-count-sep" aria-hidden="true">
        /
      </span>
      <span class="dt-count-zero">{count(counts[0])}</span>
      <span class="visually-hidden">{title}</span>
    </span>
  );
}

/** The verdict of a leaf (or of a trimmed subtree's root), with its class's share. */
function Verdict(props: { kind: DtreeKind; label: 0 | 1; counts: ClassCounts }): JSX.Element {
  const { kind, label, counts } = props;
  const share = shareOfOnes(counts);
  return (
    <span class={`dt-verdict dt-verdict-${label}`}>
      → {KINDS[kind].classes[label]}{' '}
      <span class="dt-p">({percent(label === 1 ? share : 1 - share, 0)})</span>
    </span>
  );
}

/** The tree as an outline; `trimmedBelow` says from which level the page got sizes only. */
export function TreeOutline(props: {
  kind: DtreeKind;
  tree: DtreeViewNode;
  trimmedBelow: number | null;
}): JSX.Element {
  const { kind, tree } = props;
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [zero, one] = KINDS[kind].classes;
  return (
    <div class="dt-outline">
      <p class="widget-note dt-outline-key">
        <span class="dt-key dt-key-one" aria-hidden="true" /> {one}{' '}
        <span class="dt-key dt-key-zero" aria-hidden="true" /> {zero}: training examples at each
        node. Gain: what the node’s test saves, in bits. ▸ opens a node.
        {props.trimmedBelow !== null &&
          ` Levels from ${props.trimmedBelow} down are too many to send to the page: their sizes only.`}
      </p>
      <ul class="dt-tree" aria-label="The tree">
        <OutlineNode
          kind={kind}
          node={tree}
          nodeKey=""
          condition="all training examples"
          toggled={toggled}
          onToggle={(key) => setToggled((t) => toggle(t, key))}
        />
      </ul>
    </div>
  );
}

function OutlineNode(props: {
  kind: DtreeKind;
  node: DtreeViewNode;
  nodeKey: string;
  condition: string;
  /** The parent's test in Japanese, and its definition or number for a tooltip. */
  ja?: string;
  title?: string;
  toggled: ReadonlyMap<string, boolean>;
  onToggle: (key: string) => void;
}): JSX.Element {
  const { kind, node, nodeKey, condition, toggled, onToggle } = props;
  const split = node.kind === 'split';
  const open = split && isOpen(nodeKey, toggled);
  const info = split ? columnInfo(kind, node.attribute) : null;
  return (
    <li class={`dt-node dt-node-${node.kind}`} data-depth={nodeKey.length}>
      <div class="dt-line">
        {split ? (
          <button
            type="button"
            class="dt-toggle"
            aria-expanded={open}
            aria-label={`${open ? 'Close' : 'Open'}: ${condition}`}
            onClick={() => onToggle(nodeKey)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span class="dt-toggle-space" aria-hidden="true" />
        )}
        <span class="dt-line-body">
          <span class="dt-cond" title={props.title}>
            {condition}
          </span>{' '}
          {props.ja && (
            <>
              <span class="dt-ja" lang="ja">
                {props.ja}
              </span>{' '}
            </>
          )}
          <CountsBar kind={kind} counts={node.counts} />{' '}
          {split && info && (
            <span
              class="dt-gain"
              title={`Splitting these examples on “${info.en}” (${info.ja}) saves ${node.gain.toFixed(3)} bits`}
            >
              gain {node.gain.toFixed(3)}
            </span>
          )}
          {node.kind === 'leaf' && <Verdict kind={kind} label={node.label} counts={node.counts} />}
          {node.kind === 'trimmed' && (
            <span class="dt-trimmed">
              <Verdict kind={kind} label={node.label} counts={node.counts} /> … {count(node.nodes)}{' '}
              more nodes, {count(node.leaves)} leaves below
            </span>
          )}
        </span>
      </div>
      {split && info && open && (
        <ul>
          {childrenOf(kind, node, nodeKey).map((child) => (
            <OutlineNode
              key={child.key}
              kind={kind}
              node={child.node}
              nodeKey={child.key}
              condition={child.condition}
              ja={info.ja}
              title={columnTitle(info)}
              toggled={toggled}
              onToggle={onToggle}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** An example's way through the tree: each test it passed, then the leaf. */
export function PathList(props: {
  kind: DtreeKind;
  path: readonly PathStep[];
  counts: ClassCounts;
  label: 0 | 1;
}): JSX.Element {
  const { kind, path, counts, label } = props;
  return (
    <ol class="dt-path">
      {path.map((step, i) => {
        const { condition, value } = stepText(kind, step);
        const info = columnInfo(kind, step.attribute);
        return (
          <li key={i} data-column={step.attribute}>
            <span class="dt-cond" title={columnTitle(info)}>
              {condition}
            </span>
            {value !== null && <span class="dt-value"> (here {value})</span>}{' '}
            <span class="dt-ja" lang="ja">
              {info.ja}
            </span>
          </li>
        );
      })}
      <li class="dt-path-leaf">
        {path.length === 0 ? 'The tree is one leaf: ' : 'Leaf: '}
        <CountsBar kind={kind} counts={counts} />{' '}
        <Verdict kind={kind} label={label} counts={counts} />
      </li>
    </ol>
  );
}
