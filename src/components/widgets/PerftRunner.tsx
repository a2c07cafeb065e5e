/**
 * perft in the reader's browser: the count runs in the engine's Web Worker, so the page stays
 * responsive; progress arrives after each root move, Stop ends the count at once, and the result
 * is split by root move (divide) in a table that folds away. For positions with published counts
 * (test/fixtures/perft.json) the widget says whether the count matches.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import {
  MAX_PERFT_DEPTH,
  parsePositionText,
  type ResultMessage,
} from '../../engine/worker/protocol';
import { makeSfen } from '../../engine/index';
import { EngineClient } from '../engine-client';
import { sharedPosition, subscribePosition } from './shared-position';
import fixtures from '../../../test/fixtures/perft.json';
import { formatCount } from '../numbers';
import './widgets.css';
import { Input, Select } from './controls';

export interface PerftRunnerProps {
  /** The position to count from at first (default: the start position). */
  initial?: string | undefined;
  /** The depth selected at first (default 3). */
  depth?: number | undefined;
}

interface Progress {
  done: number;
  total: number;
  nodes: number;
  nps: number;
}

interface Finished {
  result: ResultMessage;
  /** What was asked, to tell when the inputs have changed since. */
  key: string;
  depth: number;
  bulk: boolean;
  expected: number | undefined;
  source: string | undefined;
}

interface Published {
  name: string;
  sfen: string;
  perft: number[];
  source: string[];
}

const PUBLISHED = (fixtures as { positions: Published[] }).positions;

/** The first three SFEN fields (board, side, hands): the position without its move number. */
const positionKey = (sfen: string): string => sfen.split(' ').slice(0, 3).join(' ');

/** The published leaf count of a position at a depth, if the fixtures have one. */
function publishedCount(text: string, depth: number): { count: number; name: string } | undefined {
  const parsed = parsePositionText(text);
  if (!parsed.ok) return undefined;
  const key = positionKey(makeSfen(parsed.value));
  const entry = PUBLISHED.find((p) => positionKey(p.sfen) === key);
  const count = entry?.perft[depth - 1];
  return entry && count !== undefined ? { count, name: entry.name } : undefined;
}

export const formatRate = (nps: number): string =>
  nps >= 1e6
    ? `${(nps / 1e6).toFixed(2)} M nodes/s`
    : nps >= 1e3
      ? `${(nps / 1e3).toFixed(0)} k nodes/s`
      : `${nps} nodes/s`;

const formatSeconds = (s: number): string => (s < 10 ? `${s.toFixed(2)} s` : `${s.toFixed(1)} s`);

/** Positions to count from, from the fixtures: named, with their published depths. */
const CHOICES = PUBLISHED.filter((p) => !p.name.startsWith('scalashogi')).map((p) => ({
  name: p.name,
  sfen: p.sfen,
}));

export function PerftRunner(props: PerftRunnerProps): JSX.Element {
  const [text, setText] = useState(props.initial ?? 'startpos');
  const [depth, setDepth] = useState(props.depth ?? 3);
  const [bulk, setBulk] = useState(false);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [finished, setFinished] = useState<Finished | null>(null);
  const [stopped, setStopped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [explorer, setExplorer] = useState<string | null>(null);
  const client = useRef<EngineClient | null>(null);
  const started = useRef(0);
  const id = useId();

  useEffect(() => {
    setExplorer(sharedPosition());
    return subscribePosition(setExplorer);
  }, []);

  useEffect(() => () => client.current?.shutdown(), []);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setElapsed((performance.now() - started.current) / 1000), 100);
    return () => clearInterval(timer);
  }, [running]);

  const key = `${text.trim()}|${depth}|${bulk}`;

  const run = () => {
    const parsed = parsePositionText(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setStopped(false);
    setProgress(null);
    setElapsed(0);
    setRunning(true);
    started.current = performance.now();
    const published = publishedCount(text, depth);
    client.current ??= new EngineClient();
    client.current.perft(
      { sfen: text, depth, bulk },
      {
        onInfo: (info) => setProgress(info),
        onResult: (result) => {
          setRunning(false);
          setProgress({
            done: result.divide.length,
            total: result.divide.length,
            nodes: result.nodes,
            nps: result.nps,
          });
          setElapsed(result.seconds);
          setFinished({
            result,
            key,
            depth,
            bulk,
            expected: published?.count,
            source: published?.name,
          });
        },
        onError: (message) => {
          setRunning(false);
          setError(message.message);
        },
      },
    );
  };

  const stop = () => {
    client.current?.stop();
    setRunning(false);
    setStopped(true);
  };

  const result = finished?.result;
  const stale = finished !== null && (running || finished.key !== key);
  const nodesNow = running ? (progress?.nodes ?? 0) : (result?.nodes ?? progress?.nodes ?? 0);

  return (
    <div class="widget perft" data-widget="perft-runner">
      <form
        class="perft-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!running) run();
        }}
      >
        <div class="sfen-box">
          <label for={`${id}-position`}>Position to count from</label>
          <div class="sfen-row">
            <Input
              id={`${id}-position`}
              name="position"
              type="text"
              spellcheck={false}
              autocomplete="off"
              value={text}
              aria-invalid={error ? 'true' : 'false'}
              aria-describedby={error ? `${id}-error` : undefined}
              onInput={(e) => {
                setText(e.currentTarget.value);
                setError(null);
              }}
            />
            {explorer !== null && (
              <button
                type="button"
                class="perft-from-explorer"
                onClick={() => {
                  setText(explorer);
                  setError(null);
                }}
              >
                Use the explorer&rsquo;s position
              </button>
            )}
          </div>
          <p class="sfen-error" id={`${id}-error`} role="alert" hidden={!error}>
            {error}
          </p>
        </div>
        <div class="perft-controls">
          <label>
            From the fixtures
            <Select
              value=""
              onChange={(e) => {
                const choice = CHOICES.find((c) => c.name === e.currentTarget.value);
                if (choice) setText(choice.name === 'startpos' ? 'startpos' : choice.sfen);
                e.currentTarget.value = '';
                setError(null);
              }}
            >
              <option value="">choose…</option>
              {CHOICES.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </Select>
          </label>
          <label>
            Depth
            <Select
              name="depth"
              value={String(depth)}
              onChange={(e) => setDepth(Number(e.currentTarget.value))}
            >
              {Array.from({ length: MAX_PERFT_DEPTH }, (_, i) => (
                <option key={i} value={String(i + 1)}>
                  {i + 1}
                </option>
              ))}
            </Select>
          </label>
          <label title="Bulk counting adds up the last ply's legal moves without making them">
            <Input
              type="checkbox"
              name="bulk"
              checked={bulk}
              onChange={(e) => setBulk(e.currentTarget.checked)}
            />
            Bulk counting
          </label>
          <span class="perft-buttons">
            <button type="submit" class="primary perft-run" disabled={running}>
              Run
            </button>
            <button type="button" class="perft-stop" disabled={!running} onClick={stop}>
              Stop
            </button>
          </span>
        </div>
      </form>

      <div class="perft-progress">
        <progress
          max={progress?.total || 1}
          value={progress?.done ?? 0}
          aria-label="Root moves counted"
        />
        <div class="perft-numbers">
          <span>
            Nodes <strong data-nodes={nodesNow}>{formatCount(nodesNow)}</strong>
          </span>
          <span>Root moves {progress ? `${progress.done} / ${progress.total}` : '–'}</span>
          <span>{formatSeconds(elapsed)}</span>
          <span>{progress && progress.nps > 0 ? formatRate(progress.nps) : ''}</span>
        </div>
        <p
          class="perft-state widget-note"
          aria-live="polite"
          data-state={running ? 'running' : stopped ? 'stopped' : result ? 'done' : 'idle'}
        >
          {running
            ? `Counting to depth ${depth} in the worker; the page stays usable.`
            : stopped
              ? 'Stopped: the worker was shut down mid-count; a new one starts with the next run.'
              : result && finished
                ? `Done: ${formatCount(result.nodes)} leaves at depth ${finished.depth} (${finished.bulk ? 'bulk' : 'leaf'} counting) in ${formatSeconds(result.seconds)}.`
                : 'Pick a depth and press Run. Deep counts can take minutes; Stop ends them at once.'}
        </p>
        {finished && !running && finished.expected !== undefined && (
          <p class={`perft-check ${finished.expected === finished.result.nodes ? 'ok' : 'bad'}`}>
            {finished.expected === finished.result.nodes
              ? `✓ Matches the published count for “${finished.source}”.`
              : `✗ The published count for “${finished.source}” is ${formatCount(finished.expected)}.`}
          </p>
        )}
      </div>

      {result && result.divide.length > 0 && (
        <details class={`perft-divide${stale ? ' stale' : ''}`}>
          <summary>Divide: the count split by root move ({result.divide.length} moves)</summary>
          <div class="divide-scroll" role="region" aria-label="Divide" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Move</th>
                  <th scope="col">Leaves</th>
                </tr>
              </thead>
              <tbody>
                {result.divide.map((d) => (
                  <tr key={d.move}>
                    <td>
                      <code>{d.move}</code>
                    </td>
                    <td class="num">{formatCount(d.nodes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </div>
  );
}

export default PerftRunner;
