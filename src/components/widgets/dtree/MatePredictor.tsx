/**
 * Seed 002's Table 8 one position at a time: a test example of the mate data, the enemy king's
 * eight neighbours tinted by their state (attributes 57–64), the mate tree's verdict with its path,
 * and the truth from the exact short-mate test, so the reader sees where the tree is right and
 * where a few counts round the king are not enough.
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  ATTRIBUTES,
  FIRST_NEIGHBOUR_ATTRIBUTE,
  MATE_ATTRIBUTES,
} from '../../../engine/dtree/position-attributes';
import { parseUsiMove } from '../../../engine/index';
import type { MateGame } from '../../../engine/dtree/data';
import { makeRandom } from '../../../engine/lab/random';
import {
  DTREE_MATE_PLIES,
  type DtreeMateMessage,
  type DtreeSettings,
} from '../../../engine/worker/protocol';
import { Board } from '../Board';
import { colorMark, colorName, describeMove } from '../board-model';
import { useEngineClient } from '../use-engine-client';
import { useGames, useSfenPosition } from './dtree-games';
import {
  count,
  KINDS,
  mateExamples,
  NEIGHBOUR_STATES,
  neighbourOverlay,
  percent,
  shareOfOnes,
  stepExample,
} from './dtree-model';
import { PathList } from './TreeView';
import '../widgets.css';
import './dtree.css';

export interface MatePredictorProps {
  /** The mate games, as served. */
  games: string;
  /** The mate tree's settings. */
  settings: DtreeSettings;
}

const RANDOM_SEED = 2026;
const MATE_SET = new Set(MATE_ATTRIBUTES);

export function MatePredictor(props: MatePredictorProps): JSX.Element {
  const { maxDepth, minLeaf, minGain = 0 } = props.settings;
  const file = useGames<MateGame>(props.games);
  const tests = useMemo(
    () => (file.games ? mateExamples(file.games).filter((e) => e.test) : []),
    [file.games],
  );
  const random = useRef(makeRandom(RANDOM_SEED));
  const [at, setAt] = useState(0);
  const [result, setResult] = useState<DtreeMateMessage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useEngineClient();
  const example = tests[at] ?? null;

  useEffect(() => {
    if (file.error) return setError(file.error);
    if (!file.games) return;
    if (!example) return setError('There are no test examples in these games.');
    const c = client();
    if (!c.hasDtreeGames('mate')) c.dtreeGamesFor({ kind: 'mate', games: file.games });
    setError(null);
    setBusy('Asking the tree and the exact search…');
    c.dtreeMate(
      { index: example.index, maxDepth, minLeaf, minGain },
      {
        onProgress: (m) =>
          setBusy(
            m.stage === 'examples'
              ? `Reading the games into examples: ${count(m.done)} of ${count(m.total)}…`
              : 'Growing the tree…',
          ),
        onResult: (m) => {
          setResult(m);
          setBusy(null);
        },
        onError: (m) => {
          setError(m.message);
          setBusy(null);
        },
      },
    );
  }, [example, file.games, file.error, maxDepth, minLeaf, minGain]);

  const pos = useSfenPosition(result?.sfen);
  const overlay = useMemo(
    () =>
      pos && result
        ? neighbourOverlay(pos, result.attributes.slice(FIRST_NEIGHBOUR_ATTRIBUTE))
        : undefined,
    [pos, result],
  );

  const go = (i: number | null) => {
    if (i === null) return setError('No test example of that kind.');
    setAt(i);
  };
  const stale = result !== null && (busy !== null || result.index !== example?.index);
  const truth = result ? (result.mate === null ? 0 : 1) : null;
  const right = result !== null && result.label === truth;
  const mateText = (() => {
    if (!result || !pos || result.mate === null) return null;
    const move = parseUsiMove(pos, result.mate);
    return `${colorMark(pos.sideToMove)}${result.mate}${move.ok ? ` (${describeMove(pos, move.value)})` : ''}`;
  })();
  const [zero, one] = KINDS.mate.classes;
  const attacker = pos ? colorName(pos.sideToMove) : '';

  return (
    <div class="widget mate-predictor" data-widget="mate-predictor">
      <div class="explorer-presets" role="group" aria-label="Test examples">
        <button
          type="button"
          data-action="previous"
          disabled={tests.length === 0}
          onClick={() => go(stepExample(tests, at, -1))}
        >
          ◀ Previous
        </button>
        <button
          type="button"
          data-action="next"
          disabled={tests.length === 0}
          onClick={() => go(stepExample(tests, at, 1))}
        >
          Next ▶
        </button>
        <button
          type="button"
          data-action="mate"
          disabled={tests.length === 0}
          onClick={() => go(stepExample(tests, at, 1, 1))}
        >
          A mate
        </button>
        <button
          type="button"
          data-action="no-mate"
          disabled={tests.length === 0}
          onClick={() => go(stepExample(tests, at, 1, 0))}
        >
          A no-mate
        </button>
        <button
          type="button"
          data-action="random"
          disabled={tests.length === 0}
          onClick={() => go(Math.floor(random.current() * tests.length))}
        >
          Random
        </button>
      </div>
      <p class="widget-note dt-status" aria-live="polite" data-state={busy ? 'busy' : 'idle'}>
        {!file.games && !file.error
          ? 'Fetching the games…'
          : busy
            ? busy
            : result && pos
              ? `Test example ${at + 1} of ${count(tests.length)} (game ${count(result.game ?? 0)}); ${attacker} (${colorMark(pos.sideToMove)}) to move and looking for a mate. The tree: maximum depth ${maxDepth}, minimum leaf ${minLeaf}.`
              : ' '}
      </p>
      <p class="sfen-error" role="alert" hidden={!error}>
        {error}
      </p>
      {!result && !error && (
        // The room the answer will take, kept while the games are fetched and the tree grown, so
        // that it does not push the page down under the reader.
        <div class="dt-pending" aria-hidden="true" />
      )}
      {result && pos && (
        <div class={`dt-mate${stale ? ' stale' : ''}`} aria-busy={stale}>
          <div class="dt-board">
            <Board
              position={pos}
              overlay={overlay}
              inspected={pos.kingSquare[pos.sideToMove ^ 1]}
              label="The mate example: the enemy king’s neighbours tinted by their state"
            />
            <ul class="dt-states" aria-label="The enemy king’s neighbours">
              <li>
                <span class={`dt-swatch dt-swatch-ours dt-side-${attacker}`} aria-hidden="true" />
                ours: only {attacker} (to move) bears on it
              </li>
              <li>
                <span class={`dt-swatch dt-swatch-theirs dt-side-${attacker}`} aria-hidden="true" />
                theirs: only the king’s side bears on it (the king’s own effect not counted)
              </li>
              <li>
                <span class={`dt-swatch dt-swatch-both dt-side-${attacker}`} aria-hidden="true" />
                both bear on it
              </li>
              <li>
                <span class="dt-swatch dt-swatch-none" aria-hidden="true" />
                none: neither does
              </li>
              <li>
                off the board:{' '}
                {result.attributes.slice(FIRST_NEIGHBOUR_ATTRIBUTE).filter((s) => s === 4).length}{' '}
                of 8
              </li>
            </ul>
          </div>
          <div class="dt-side">
            <section class="dt-answer" data-verdict={result.label === 1 ? 'mate' : 'no-mate'}>
              <h4>
                The tree:{' '}
                <span class={`dt-verdict dt-verdict-${result.label}`}>
                  {result.label === 1 ? one : zero}
                </span>
              </h4>
              <p class="widget-note">
                Its leaf: {percent(shareOfOnes(result.counts), 0)} of the training examples that
                reach it are mates.
              </p>
              <PathList
                kind="mate"
                path={result.path}
                counts={result.counts}
                label={result.label}
              />
            </section>
            <section
              class="dt-answer"
              data-truth={truth === 1 ? 'mate' : 'no-mate'}
              data-right={String(right)}
            >
              <h4>The exact search</h4>
              <p>
                {mateText !== null
                  ? `Mate in ${DTREE_MATE_PLIES}: ${mateText} first.`
                  : `No mate within ${DTREE_MATE_PLIES} plies.`}{' '}
                <strong class={right ? 'dt-right' : 'dt-wrong'}>
                  {right ? 'The tree is right.' : 'The tree is wrong.'}
                </strong>
              </p>
              {result.exampleLabel !== null && (
                <p class="widget-note" data-label={result.exampleLabel}>
                  The data labels this example {KINDS.mate.classes[result.exampleLabel]}
                  {result.exampleLabel === truth
                    ? ', as it should.'
                    : ': the data and the search disagree.'}
                </p>
              )}
            </section>
            <details class="dt-attributes">
              <summary>The position’s 64 attributes</summary>
              <table>
                <tbody>
                  {ATTRIBUTES.map((a, i) => (
                    <tr
                      key={a.number}
                      class={`${MATE_SET.has(i) ? '' : 'dt-unused'}${result.path.some((s) => s.attribute === i) ? ' dt-on-path' : ''}`}
                    >
                      <th scope="row">
                        {a.number}. {a.en}{' '}
                        <span lang="ja" class="dt-ja">
                          {a.ja}
                        </span>
                      </th>
                      <td class="num">
                        {i >= 56 ? NEIGHBOUR_STATES[result.attributes[i]!] : result.attributes[i]}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p class="widget-note">
                Greyed: not asked by the mate trees. Bold: on this example’s path.
              </p>
            </details>
          </div>
        </div>
      )}
    </div>
  );
}

export default MatePredictor;
