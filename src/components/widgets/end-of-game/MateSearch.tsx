/**
 * Chapter 8's df-pn mate search on a tsume problem: solve within a node budget (with progress and a
 * Stop that works), read the mating line move by move on the board, and browse the proof the
 * search left in its table: at the attacker's node one check must mate, at the defender's every
 * reply must lose; each child shows what the table knows of it (proven with its length, disproven,
 * open, repeats) and its proof and disproof numbers, and a click walks into it.
 */
import type { JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { ProofChild, ProofNode } from '../../../engine/mate/proof';
import type { MateSearchMessage } from '../../../engine/king-capture/requests';
import { Board } from '../Board';
import { colorMark, colorName } from '../board-model';
import { useEngineClient } from '../use-engine-client';
import {
  budgetLabel,
  childBadge,
  count,
  isPrefix,
  mateStatusText,
  ms,
  NODE_BUDGETS,
  nodeHeading,
  plies,
  positionAfter,
  proofNumber,
  sortedChildren,
} from './end-of-game-model';
import '../widgets.css';
import './end-of-game.css';
import { Select } from '../controls';

export interface MateProblem {
  id: string;
  label: string;
  /** The problem as SFEN, the attacker to move, with both hands. */
  sfen: string;
}

export interface MateSearchProps {
  problems: readonly MateProblem[];
  /** The node budget chosen at first (10k, 100k or 1M; default 100k). */
  initialNodes?: number;
}

interface Solved {
  problem: MateProblem;
  budget: number;
  message: MateSearchMessage;
}

export function MateSearch(props: MateSearchProps): JSX.Element {
  const { problems } = props;
  const [problemId, setProblemId] = useState(problems[0]?.id ?? '');
  const [budget, setBudget] = useState<number>(
    NODE_BUDGETS.find((b) => b === props.initialNodes) ?? 100_000,
  );
  const [solved, setSolved] = useState<Solved | null>(null);
  /** The moves from the root to the node shown on the board and in the proof browser. */
  const [path, setPath] = useState<string[]>([]);
  const [node, setNode] = useState<{ path: string[]; node: ProofNode } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  const client = useEngineClient();

  const problem = problems.find((p) => p.id === problemId) ?? problems[0];
  const current = solved && solved.problem.id === problem?.id ? solved : null;
  const pv = current?.message.pv ?? [];
  const shownPath = current ? path : [];
  const board = useMemo(
    () => (problem ? positionAfter(problem.sfen, shownPath) : null),
    [problem?.sfen, shownPath.join(' ')],
  );
  const attacker = useMemo(() => {
    const root = problem ? positionAfter(problem.sfen, []) : null;
    return root?.ok ? root.pos.sideToMove : 0;
  }, [problem?.sfen]);

  const solve = () => {
    if (!problem) return;
    const p = problem;
    const b = budget;
    setError(null);
    setStopped(false);
    setBusy(`Searching with ${budgetLabel(b)}…`);
    client().mateSearch(
      { sfen: p.sfen, nodes: b },
      {
        onProgress: (m) => setBusy(`Searching: ${count(m.nodes)} of ${count(b)} nodes…`),
        onResult: (m) => {
          setSolved({ problem: p, budget: b, message: m });
          setPath([]);
          setNode({ path: [], node: m.root });
          setBusy(null);
        },
        onError: (m) => {
          setError(m.message);
          setBusy(null);
        },
      },
    );
  };

  const stop = () => {
    client().stop();
    setBusy(null);
    setError(null);
    setStopped(true);
  };

  /** Show the node at `to`: the board at once, the proof node when the worker answers. */
  const walk = (to: string[]) => {
    if (!current) return;
    setPath(to);
    setError(null);
    setStopped(false);
    if (to.length === 0) return setNode({ path: [], node: current.message.root });
    setBusy('Reading the proof…');
    client().mateNode(
      { sfen: current.problem.sfen, nodes: current.budget, path: to },
      {
        onProgress: (m) =>
          setBusy(`The worker was restarted: searching again, ${count(m.nodes)} nodes…`),
        onResult: (m) => {
          setNode({ path: m.path, node: m.node });
          setBusy(null);
        },
        onError: (m) => {
          setError(m.message);
          setBusy(null);
        },
      },
    );
  };

  const onLine = isPrefix(shownPath, pv);
  const step = onLine ? shownPath.length : -1;
  const stale = current !== null && busy !== null && !busy.startsWith('Reading');
  const proofStale = node === null || node.path.join(' ') !== shownPath.join(' ') || busy !== null;
  const r = current?.message;
  const sideOf = (plies: number) => (plies % 2 === 0 ? attacker : attacker ^ 1);

  return (
    <div class="widget mate-search" data-widget="mate-search">
      {problems.length > 1 && (
        <div class="explorer-presets" role="group" aria-label="Problems">
          {problems.map((p) => (
            <button
              type="button"
              key={p.id}
              data-problem={p.id}
              aria-pressed={p.id === problem?.id}
              onClick={() => {
                setProblemId(p.id);
                setError(null);
                setStopped(false);
              }}
            >
              {p.label}
            </button>
          ))}
        </div>
      )}
      <div class="ms-controls">
        <label class="eog-budget">
          Node budget
          <Select value={budget} onChange={(e) => setBudget(Number(e.currentTarget.value))}>
            {NODE_BUDGETS.map((b) => (
              <option key={b} value={b}>
                {budgetLabel(b)}
              </option>
            ))}
          </Select>
        </label>
        <button type="button" class="primary" data-action="solve" onClick={solve}>
          Solve
        </button>
        <button type="button" data-action="stop" disabled={busy === null} onClick={stop}>
          Stop
        </button>
      </div>
      <p class="widget-note eog-status" aria-live="polite" data-state={busy ? 'busy' : 'idle'}>
        {busy ??
          (stopped
            ? 'Stopped before an answer.'
            : current
              ? `Solved with a budget of ${budgetLabel(current.budget)}.`
              : `${capitalized(colorName(attacker))} (${colorMark(attacker)}) checks at every move; Solve looks for a mate.`)}
      </p>
      <p class="sfen-error" role="alert" hidden={!error}>
        {error}
      </p>
      <div class="ms-main">
        <div class="eog-board">
          {board?.ok ? (
            <Board
              position={board.pos}
              lastMove={board.last}
              label={`The problem${shownPath.length > 0 ? ` after ${shownPath.join(' ')}` : ''}`}
            />
          ) : (
            <p class="sfen-error">{board ? board.error : 'No problem given.'}</p>
          )}
        </div>
        <div>
          {r && current && (
            <section class={`ms-result${stale ? ' stale' : ''}`} aria-busy={stale}>
              <p
                class="ms-verdict"
                data-status={r.status}
                data-plies={r.pv.length}
                data-shortest={r.shortest}
              >
                {mateStatusText(r.status, r.pv.length, r.shortest)}
              </p>
              <p class="ms-numbers">
                <span>
                  Nodes <strong data-nodes={r.nodes}>{count(r.nodes)}</strong>
                </span>
                <span>
                  Time <strong>{ms(r.timeMs)}</strong>
                </span>
              </p>
              {pv.length > 0 && (
                <>
                  <ol class="ms-line" aria-label="The mating line">
                    {pv.map((m, i) => (
                      <li key={i}>
                        <button
                          type="button"
                          data-ply={i + 1}
                          aria-current={step === i + 1 ? 'step' : undefined}
                          onClick={() => walk(pv.slice(0, i + 1))}
                        >
                          {colorMark(sideOf(i))}
                          {m}
                        </button>
                      </li>
                    ))}
                  </ol>
                  <div class="ms-steps">
                    <button
                      type="button"
                      data-action="back"
                      aria-label="One move back"
                      disabled={shownPath.length === 0}
                      onClick={() => walk(shownPath.slice(0, -1))}
                    >
                      ◀
                    </button>
                    <button
                      type="button"
                      data-action="forward"
                      aria-label="One move forward along the line"
                      disabled={!onLine || step >= pv.length}
                      onClick={() => walk(pv.slice(0, step + 1))}
                    >
                      ▶
                    </button>
                  </div>
                </>
              )}
            </section>
          )}
          {current && node && (
            <ProofBrowser
              path={shownPath}
              node={node.node}
              stale={proofStale}
              attackerMark={colorMark(attacker)}
              defenderMark={colorMark(attacker ^ 1)}
              onWalk={walk}
            />
          )}
        </div>
      </div>
    </div>
  );
}

export default MateSearch;

const capitalized = (s: string): string => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

function ProofBrowser(props: {
  path: string[];
  node: ProofNode;
  stale: boolean;
  attackerMark: string;
  defenderMark: string;
  onWalk: (path: string[]) => void;
}): JSX.Element {
  const { path, node, stale, onWalk } = props;
  const children = sortedChildren(node);
  const mover = node.kind === 'or' ? props.attackerMark : props.defenderMark;
  return (
    <section
      class={`ms-proof${stale ? ' stale' : ''}`}
      aria-busy={stale}
      data-kind={node.kind}
      data-depth={path.length}
    >
      <h4>The proof</h4>
      <nav class="ms-crumbs" aria-label="Where in the proof">
        <ol>
          <li>
            <button
              type="button"
              aria-current={path.length === 0 ? 'step' : undefined}
              onClick={() => onWalk([])}
            >
              root
            </button>
          </li>
          {path.map((m, i) => (
            <li key={i}>
              <button
                type="button"
                aria-current={i === path.length - 1 ? 'step' : undefined}
                onClick={() => onWalk(path.slice(0, i + 1))}
              >
                {m}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <p class="ms-node">
        <strong>{nodeHeading(node.kind)}</strong>{' '}
        {node.proven ? `— proven: mate in ${plies(node.length)}.` : '— not proven here.'}
      </p>
      <p class="widget-note">
        pn (proof number): at least how many more positions must be proven to prove a mate here; dn
        (disproof number): how many to prove there is none. pn 0 is a proof, dn 0 a disproof.
      </p>
      {children.length === 0 ? (
        <p class="widget-note">{node.kind === 'or' ? 'No check here.' : 'No legal reply: mate.'}</p>
      ) : (
        <ul class="ms-children" aria-label={`${mover} moves from here`}>
          {children.map((c) => (
            <ChildItem
              key={c.move}
              child={c}
              mark={mover}
              onWalk={() => onWalk([...path, c.move])}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ChildItem(props: { child: ProofChild; mark: string; onWalk: () => void }): JSX.Element {
  const { child, mark } = props;
  return (
    <li data-move={child.move} data-status={child.status}>
      <button type="button" class="row-button ms-child" onClick={props.onWalk}>
        <span class="ms-child-move">
          {mark}
          {child.move}
        </span>
        <span class={`ms-badge ms-badge-${child.status}`}>{childBadge(child)}</span>
        <span class="ms-pn">
          pn {proofNumber(child.pn)} · dn {proofNumber(child.dn)}
        </span>
      </button>
    </li>
  );
}
