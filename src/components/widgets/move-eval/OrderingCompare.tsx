/**
 * The same position searched to the same depth three times: with no move ordering, with the
 * standard ordering and with seed 000's move evaluation. Nothing that prunes is on, so the three
 * must agree on the value (α-β's guarantee); the table shows how different the work was. The runs
 * go one after another in one worker, so their times are comparable.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { parsePositionText } from '../../../engine/worker/protocol';
import { toScore } from '../../../engine/search/score';
import { EngineClient } from '../../engine-client';
import { sharedPosition, subscribePosition } from '../shared-position';
import {
  firstMoveRate,
  nodeShare,
  ORDERING_RUNS,
  orderingOptions,
  type RunSummary,
  summarise,
  valuesAgree,
} from './ordering-model';
import { EVAL_PRESETS } from './presets';
import { groupDigits } from '../../numbers';
import '../widgets.css';
import './move-eval.css';
import { Input, Select } from '../controls';

const DEPTHS = [1, 2, 3, 4] as const;
/** Timed rounds after the warm-up round; each ordering's time is the least of them. */
const TIMED_ROUNDS = 2;
const EVALUATOR = 'evaluator';

const count = groupDigits;
const percent = (x: number): string => `${Math.round(x * 100)}%`;
const scoreText = (value: number): string => {
  const s = toScore(value);
  return s.kind === 'mate'
    ? `mate in ${Math.abs(s.value)}${s.value < 0 ? ' (against)' : ''}`
    : String(s.value);
};

interface Finished {
  key: string;
  depth: number;
  tt: boolean;
  runs: RunSummary[];
}

export function OrderingCompare(props: { depth?: number }): JSX.Element {
  const [choice, setChoice] = useState<string>(EVAL_PRESETS[0]!.id);
  const [evaluatorPosition, setEvaluatorPosition] = useState<string | null>(null);
  const [depth, setDepth] = useState(props.depth ?? 3);
  const [tt, setTt] = useState(false);
  const [runs, setRuns] = useState<RunSummary[]>([]);
  const [running, setRunning] = useState<number>(-1);
  const [round, setRound] = useState(0);
  const [finished, setFinished] = useState<Finished | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useRef<EngineClient | null>(null);

  useEffect(() => {
    setEvaluatorPosition(sharedPosition());
    return subscribePosition(setEvaluatorPosition);
  }, []);
  useEffect(() => () => client.current?.shutdown(), []);

  const position =
    choice === EVALUATOR
      ? (evaluatorPosition ?? EVAL_PRESETS[0]!.sfen)
      : (EVAL_PRESETS.find((p) => p.id === choice) ?? EVAL_PRESETS[0]!).sfen;
  const key = `${position}|${depth}|${tt}`;

  const run = () => {
    const parsed = parsePositionText(position);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    setRuns([]);
    client.current ??= new EngineClient();
    // Each ordering searches TIMED_ROUNDS + 1 times. The first round warms the engine up (the
    // first search of a page pays for compiling its code, which made a first click read several
    // times slower than the next); its nodes are shown at once, since they never change. The time
    // shown is the least of the rounds after it.
    const done: RunSummary[] = [];
    const rounds = TIMED_ROUNDS + 1;
    const next = (step: number) => {
      if (step === rounds * ORDERING_RUNS.length) {
        setRunning(-1);
        setFinished({ key, depth, tt, runs: done });
        return;
      }
      const round = Math.floor(step / ORDERING_RUNS.length);
      const i = step % ORDERING_RUNS.length;
      setRunning(i);
      setRound(round);
      const { ordering } = ORDERING_RUNS[i]!;
      client.current!.go(
        { sfen: position, options: orderingOptions(ordering, tt), limits: { depth } },
        {
          onResult: (m) => {
            const summary = summarise(ordering, m.result);
            if (round === 0) done.push({ ...summary, timeMs: NaN });
            else {
              const before = done[i]!.timeMs;
              done[i] = {
                ...done[i]!,
                timeMs: Number.isNaN(before) ? summary.timeMs : Math.min(before, summary.timeMs),
              };
            }
            setRuns([...done]);
            next(step + 1);
          },
          onError: (m) => {
            setRunning(-1);
            setError(m.message);
          },
        },
      );
    };
    next(0);
  };

  const stop = () => {
    client.current?.stop();
    setRunning(-1);
  };

  const isRunning = running >= 0;
  const shown = isRunning || !finished ? runs : finished.runs;
  const stale = !isRunning && finished !== null && finished.key !== key;
  const none = shown.find((r) => r.ordering === 'none');
  const complete = shown.length === ORDERING_RUNS.length;
  const agree = complete && valuesAgree(shown);
  const maxNodes = Math.max(1, ...shown.map((r) => r.nodes));

  const cell = (i: number, render: (r: RunSummary) => JSX.Element | string) => {
    const r = shown[i];
    if (r) return render(r);
    return isRunning && running === i ? 'searching…' : '–';
  };

  return (
    <div class="widget ordering-compare" data-widget="ordering-compare">
      <form
        class="oc-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!isRunning) run();
        }}
      >
        <label>
          Position
          <Select name="position" value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
            {EVAL_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
            <option value={EVALUATOR} disabled={evaluatorPosition === null}>
              The evaluator’s position
            </option>
          </Select>
        </label>
        <label>
          Depth
          <Select
            name="depth"
            value={String(depth)}
            onChange={(e) => setDepth(Number(e.currentTarget.value))}
          >
            {DEPTHS.map((d) => (
              <option key={d} value={String(d)}>
                {d}
              </option>
            ))}
          </Select>
        </label>
        <label title="A stored result of a deeper search may answer a shallower question, so the values can differ a little">
          <Input
            type="checkbox"
            name="tt"
            checked={tt}
            onChange={(e) => setTt(e.currentTarget.checked)}
          />
          Transposition table
        </label>
        <span class="perft-buttons">
          <button type="submit" class="primary oc-run" disabled={isRunning}>
            Search three times
          </button>
          <button type="button" class="oc-stop" disabled={!isRunning} onClick={stop}>
            Stop
          </button>
        </span>
      </form>
      {depth >= 4 && (
        <p class="widget-note">
          Depth 4 without ordering can take a minute or more; Stop ends it at once.
        </p>
      )}
      {error && <p class="sfen-error">{error}</p>}
      <div
        class={`oc-table-wrap${stale ? ' stale' : ''}`}
        role="region"
        aria-label="Move orderings compared"
        tabIndex={0}
      >
        <table class="oc-table" data-state={isRunning ? 'running' : complete ? 'done' : 'idle'}>
          <thead>
            <tr>
              <th scope="col">
                <span class="visually-hidden">Measure</span>
              </th>
              {ORDERING_RUNS.map((r) => (
                <th scope="col" key={r.ordering} data-ordering={r.ordering} title={r.detail}>
                  {r.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr class={`oc-same${agree ? ' agree' : ''}`}>
              <th scope="row">Value</th>
              {ORDERING_RUNS.map((_, i) => (
                <td key={i} data-value={shown[i]?.value}>
                  {cell(i, (r) => scoreText(r.value))}
                </td>
              ))}
            </tr>
            <tr class={`oc-same${agree ? ' agree' : ''}`}>
              <th scope="row">Best move</th>
              {ORDERING_RUNS.map((_, i) => (
                <td key={i}>
                  {cell(i, (r) => (
                    <code>{r.bestMove ?? '–'}</code>
                  ))}
                </td>
              ))}
            </tr>
            <tr class="oc-work">
              <th scope="row">Nodes</th>
              {ORDERING_RUNS.map((_, i) => (
                <td key={i} data-nodes={shown[i]?.nodes}>
                  {cell(i, (r) => (
                    <>
                      {count(r.nodes)}
                      <span class="oc-bar" style={{ width: `${(100 * r.nodes) / maxNodes}%` }} />
                      {none && r !== none && (
                        <span class="oc-share">{percent(nodeShare(r, none))} of none</span>
                      )}
                    </>
                  ))}
                </td>
              ))}
            </tr>
            <tr class="oc-work">
              <th scope="row">β cut-offs</th>
              {ORDERING_RUNS.map((_, i) => (
                <td key={i}>{cell(i, (r) => count(r.cutoffs))}</td>
              ))}
            </tr>
            <tr class="oc-work">
              <th scope="row">First move cut</th>
              {ORDERING_RUNS.map((_, i) => (
                <td
                  key={i}
                  data-first-move-rate={shown[i] ? firstMoveRate(shown[i]).toFixed(3) : undefined}
                >
                  {cell(i, (r) => percent(firstMoveRate(r)))}
                </td>
              ))}
            </tr>
            <tr class="oc-work">
              <th scope="row">Time</th>
              {ORDERING_RUNS.map((_, i) => (
                <td key={i}>
                  {cell(i, (r) => (Number.isNaN(r.timeMs) ? 'timing…' : `${count(r.timeMs)} ms`))}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p
        class="widget-note oc-verdict"
        aria-live="polite"
        data-agree={complete ? String(agree) : undefined}
      >
        {isRunning
          ? `Searching with ${ORDERING_RUNS[running]!.label.toLowerCase()} ordering to depth ${depth}${round === 0 ? '' : `, timing it (${round} of ${TIMED_ROUNDS})`}…`
          : complete
            ? agree
              ? `All three find the same value at depth ${finished?.depth ?? depth}: ordering changes only how much of the tree α-β has to read.`
              : finished?.tt
                ? 'The values differ: with the transposition table on, a result stored by a deeper iteration answered a shallower question. Switch it off and they agree.'
                : 'The values differ, which α-β without pruning should never allow.'
            : 'Nodes count the main search and the quiescence search; “first move cut” is the share of β cut-offs made by the first move tried.'}
      </p>
    </div>
  );
}

export default OrderingCompare;
