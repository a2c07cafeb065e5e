/**
 * Chapter 7's main widget: grow one of seed 002's trees on our engine's games and watch it
 * overfit. The reader picks the data (best move or not, mate in 3 or not, who wins) and the
 * tree's maximum depth and minimum leaf size; the engine's worker grows the tree with id3.ts on
 * nine games in ten and measures it on the tenth. The widget shows both accuracies in the paper's
 * table form, the tree's size, a chart of both accuracies against depth (so overfitting shows:
 * training climbs toward 100 %, test levels off), and the tree itself as an outline.
 */
import type { JSX } from 'preact';
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { type MateGame, type TeacherGame, testGameCount } from '../../../engine/dtree/data';
import {
  DTREE_SWEEP_DEPTH,
  type DtreeConfusion,
  type DtreeKind,
  type DtreeLoadedMessage,
  type DtreeProgressMessage,
  type DtreeSweepPoint,
  type DtreeTreeMessage,
} from '../../../engine/worker/protocol';
import { useDebounced } from '../move-eval/use-debounced';
import { AccuracyChart } from './AccuracyChart';
import { useEngineClient } from '../use-engine-client';
import { useGames } from './dtree-games';
import {
  accuracyOf,
  confusionRows,
  count,
  KINDS,
  MIN_LEAF_STEPS,
  minLeafIndex,
  OUTCOME_LAST,
  percent,
} from './dtree-model';
import { TreeOutline } from './TreeView';
import '../widgets.css';
import './dtree.css';
import { Input } from '../controls';

export interface TreeTrainerProps {
  /** The teacher's games (best move, and who wins) and the mate games, as served. */
  best: string;
  mate: string;
  initial?: { kind?: DtreeKind; maxDepth?: number; minLeaf?: number } | undefined;
}

const KIND_ORDER: readonly DtreeKind[] = ['best', 'mate', 'outcome'];

/** What the worker is doing, for the status line and the progress bar. */
interface Busy {
  text: string;
  done: number;
  total: number;
}

function busyOf(m: DtreeProgressMessage): Busy {
  const { done, total } = m;
  if (m.stage === 'examples')
    return {
      text: `Reading the games into examples: ${count(done)} of ${count(total)}…`,
      done,
      total,
    };
  if (m.stage === 'sweep')
    return {
      text:
        done === 0
          ? `Growing a tree to depth ${DTREE_SWEEP_DEPTH} for the chart…`
          : 'Measuring every depth…',
      done,
      total,
    };
  return { text: 'Growing the tree…', done, total };
}

const sweepKey = (kind: DtreeKind, minLeaf: number): string => `${kind}|${minLeaf}`;

export function TreeTrainer(props: TreeTrainerProps): JSX.Element {
  const init = props.initial ?? {};
  const [kind, setKind] = useState<DtreeKind>(init.kind ?? 'best');
  const [maxDepth, setMaxDepth] = useState(init.maxDepth ?? 8);
  const [leafStep, setLeafStep] = useState(() => minLeafIndex(init.minLeaf ?? 20));
  const minLeaf = MIN_LEAF_STEPS[leafStep]!;
  const wanted = useMemo(() => ({ kind, maxDepth, minLeaf }), [kind, maxDepth, minLeaf]);
  const settled = useDebounced(wanted);
  const [mateWanted, setMateWanted] = useState(kind === 'mate');
  const bestFile = useGames<TeacherGame>(props.best);
  const mateFile = useGames<MateGame>(mateWanted ? props.mate : null);
  const [result, setResult] = useState<DtreeTreeMessage | null>(null);
  const [sweep, setSweep] = useState<{ key: string; points: DtreeSweepPoint[] } | null>(null);
  const sweepShown = useRef<string | null>(null);
  const [loaded, setLoaded] = useState<Partial<Record<DtreeKind, DtreeLoadedMessage>>>({});
  const [busy, setBusy] = useState<Busy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useEngineClient();
  const id = useId();

  const fileOf = (k: DtreeKind) => (KINDS[k].file === 'best' ? bestFile : mateFile);
  const file = fileOf(settled.kind);

  useEffect(() => {
    const { kind: k, maxDepth: depth, minLeaf: leaf } = settled;
    if (file.error) return setError(file.error);
    if (!file.games) return;
    const c = client();
    if (!c.hasDtreeGames(k))
      c.dtreeGamesFor({
        kind: k,
        games: file.games,
        ...(k === 'outcome' ? { last: OUTCOME_LAST } : {}),
      });
    const key = sweepKey(k, leaf);
    setError(null);
    setBusy({ text: 'Growing the tree…', done: 0, total: 1 });
    c.dtreeTrain(
      { kind: k, maxDepth: depth, minLeaf: leaf, minGain: 0, sweep: sweepShown.current !== key },
      {
        onProgress: (m) => setBusy(busyOf(m)),
        onLoaded: (m) => setLoaded((l) => ({ ...l, [k]: m })),
        onResult: (m) => {
          setResult(m);
          if (m.sweep) {
            sweepShown.current = key;
            setSweep({ key, points: m.sweep });
          }
          setBusy(null);
        },
        onError: (m) => {
          setError(m.message);
          setBusy(null);
        },
      },
    );
  }, [settled, file.games, file.error]);

  const chooseKind = (k: DtreeKind) => {
    if (k === 'mate') setMateWanted(true);
    setKind(k);
  };

  const fetching = !fileOf(kind).games && !fileOf(kind).error;
  const current =
    result !== null &&
    result.kind === kind &&
    result.settings.maxDepth === maxDepth &&
    result.settings.minLeaf === minLeaf;
  const stale = result !== null && (busy !== null || fetching || !current);
  const info = loaded[kind];
  const trainAccuracy = result ? accuracyOf(result.train) : null;
  const testAccuracy = result ? accuracyOf(result.test) : null;

  return (
    <div class="widget tree-trainer" data-widget="tree-trainer" data-kind={kind}>
      <fieldset class="dt-kinds">
        <legend>Data</legend>
        {KIND_ORDER.map((k) => (
          <label key={k}>
            <Input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => chooseKind(k)}
            />{' '}
            {KINDS[k].label}
          </label>
        ))}
      </fieldset>

      <div class="dt-sliders">
        <div class="dt-slider" data-param="maxDepth">
          <label for={`${id}-depth`}>Maximum depth</label>
          <output for={`${id}-depth`}>{maxDepth}</output>
          <Input
            id={`${id}-depth`}
            type="range"
            min={0}
            max={DTREE_SWEEP_DEPTH}
            step={1}
            value={maxDepth}
            onInput={(e) => setMaxDepth(Number(e.currentTarget.value))}
          />
        </div>
        <div class="dt-slider" data-param="minLeaf">
          <label for={`${id}-leaf`}>Minimum leaf size</label>
          <output for={`${id}-leaf`}>{minLeaf}</output>
          <Input
            id={`${id}-leaf`}
            type="range"
            min={0}
            max={MIN_LEAF_STEPS.length - 1}
            step={1}
            value={leafStep}
            aria-valuetext={`${minLeaf} examples`}
            onInput={(e) => setLeafStep(Number(e.currentTarget.value))}
          />
        </div>
      </div>

      <p
        class="widget-note dt-status"
        aria-live="polite"
        data-state={busy ? 'busy' : 'idle'}
        data-load-ms={info?.ms}
        data-train-ms={result?.ms.train}
        data-sweep-ms={result?.ms.sweep}
      >
        {fetching
          ? 'Fetching the games…'
          : busy
            ? busy.text
            : info
              ? loadedText(info, result)
              : ' '}
      </p>
      {busy && busy.total > 1 && (
        <progress max={busy.total} value={busy.done} aria-label="Progress" />
      )}
      <p class="sfen-error" role="alert" hidden={!error}>
        {error}
      </p>

      {!result && !error && (
        // The room the answer will take, kept while the games are fetched and the tree grown, so
        // that it does not push the page down under the reader.
        <div class="dt-pending" aria-hidden="true" />
      )}
      {result && (
        <div class={`dt-results${stale ? ' stale' : ''}`} aria-busy={stale}>
          <div class="dt-summary">
            <p class="dt-score" data-train-accuracy={trainAccuracy}>
              Training accuracy <strong>{percent(trainAccuracy!)}</strong>
            </p>
            <p class="dt-score" data-test-accuracy={testAccuracy}>
              Test accuracy <strong>{percent(testAccuracy!)}</strong>
            </p>
            <p
              class="dt-size"
              data-leaves={result.stats.leaves}
              data-nodes={result.stats.nodes}
              data-depth={result.stats.depth}
            >
              The tree: {count(result.stats.nodes)} nodes, {count(result.stats.leaves)} leaves,
              depth {result.stats.depth}
            </p>
          </div>
          <div class="dt-tables">
            <ConfusionTable caption="Training examples" kind={result.kind} m={result.train} />
            <ConfusionTable caption="Test examples" kind={result.kind} m={result.test} />
          </div>
        </div>
      )}
      {sweep && (
        <AccuracyChart
          points={sweep.points}
          depth={maxDepth}
          stale={sweep.key !== sweepKey(kind, minLeaf)}
        />
      )}
      {result && (
        <div class={`dt-tree-box${stale ? ' stale' : ''}`}>
          <h4>The tree</h4>
          <TreeOutline
            key={result.kind}
            kind={result.kind}
            tree={result.tree}
            trimmedBelow={result.trimmedBelow}
          />
        </div>
      )}
    </div>
  );
}

export default TreeTrainer;

function loadedText(info: DtreeLoadedMessage, result: DtreeTreeMessage | null): string {
  const testGames = testGameCount(info.games);
  const n = (c: readonly [number, number]) => count(c[0] + c[1]);
  const grown = !result
    ? ''
    : result.ms.train > 0
      ? ` Grown in ${Math.round(result.ms.train)} ms.`
      : result.ms.sweep > 0
        ? ` Grown to depth ${DTREE_SWEEP_DEPTH} and measured at every depth in ${Math.round(result.ms.sweep)} ms.`
        : ` Cut from the depth-${DTREE_SWEEP_DEPTH} tree grown for the chart, without training again.`;
  return (
    `${n(info.train)} training examples from ${count(info.games - testGames)} games; ` +
    `${n(info.test)} test examples from the other ${count(testGames)}, which the tree never sees.${grown}`
  );
}

function ConfusionTable(props: {
  caption: string;
  kind: DtreeKind;
  m: DtreeConfusion;
}): JSX.Element {
  const { caption, kind, m } = props;
  const total = m[0][0] + m[0][1] + m[1][0] + m[1][1];
  return (
    <table class="dt-confusion">
      <caption>
        {caption} ({count(total)})
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <span class="visually-hidden">Class</span>
          </th>
          <th scope="col" class="num">
            judged 1
          </th>
          <th scope="col" class="num">
            judged 0
          </th>
          <th scope="col" class="num">
            accuracy
          </th>
        </tr>
      </thead>
      <tbody>
        {confusionRows(m).map((r) => (
          <tr key={r.actual} data-class={r.actual}>
            <th scope="row">
              class {r.actual} <span class="dt-class-name">{KINDS[kind].classes[r.actual]}</span>
            </th>
            <td class="num">{count(r.judgedOne)}</td>
            <td class="num">{count(r.judgedZero)}</td>
            <td class="num">{percent(r.accuracy)}</td>
          </tr>
        ))}
        <tr class="dt-total">
          <th scope="row">all</th>
          <td class="num" />
          <td class="num" />
          <td class="num">{percent(accuracyOf(m))}</td>
        </tr>
      </tbody>
    </table>
  );
}
