/**
 * Chapter 8's four ways for a search to know the end of the game, on the same position: legal
 * moves, plain king capture, method 1 (decide the end at every node) and method 2 (extra plies
 * where a rule may apply). One run shows the move chosen, its value in words, the nodes and the
 * rule nodes spent, and every root move's value; "Compare all four" runs them in turn at the same
 * depth and marks the methods that choose another move than the legal-move search.
 */
import type { JSX } from 'preact';
import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import type { EndRules as EndRulesKind } from '../../../engine/king-capture/search';
import { MAX_END_RULES_DEPTH, type EndRulesMessage } from '../../../engine/king-capture/requests';
import type { Position } from '../../../engine/index';
import { Board } from '../Board';
import { colorMark, colorName } from '../board-model';
import { useEngineClient } from '../use-engine-client';
import { ChessBoard } from './ChessBoard';
import {
  comparisonRows,
  count,
  hasRuleNodes,
  moveRows,
  ms,
  positionAfter,
  RULE_LABELS,
  RULES,
  type RuleRun,
  usiMoveShape,
  valueInWords,
} from './end-of-game-model';
import '../widgets.css';
import './end-of-game.css';
import { Input, Select } from '../controls';

export interface EndRulesPosition {
  id: string;
  label: string;
  /** SFEN (shogi) or FEN (chess). */
  position: string;
}

export interface EndRulesProps {
  game: 'shogi' | 'chess';
  positions: readonly EndRulesPosition[];
  initial?: {
    rules?: EndRulesKind;
    depth?: number;
    /** The id of the position shown first. */
    position?: string;
  };
}

/** Depths a reader may choose: at 6 a shogi middle game is millions of nodes. */
const DEPTHS = Array.from({ length: MAX_END_RULES_DEPTH }, (_, i) => i + 1);
const DEFAULT_DEPTH = { shogi: 2, chess: 4 } as const;

interface Settings {
  position: string;
  rules: EndRulesKind;
  depth: number;
  plainZero: boolean;
}

const keyOf = (s: Settings): string => JSON.stringify(s);

interface Run {
  key: string;
  settings: Settings;
  message: EndRulesMessage;
}

interface Comparison {
  /** The settings it compares at (its rules field unused). */
  key: string;
  depth: number;
  plainZero: boolean;
  runs: RuleRun[];
  state: 'running' | 'done' | 'interrupted';
}

const runOf = (rules: EndRulesKind, m: EndRulesMessage): RuleRun => ({ rules, ...m.result });

export function EndRules(props: EndRulesProps): JSX.Element {
  const { game, positions } = props;
  const initialId = props.initial?.position;
  const [posId, setPosId] = useState(
    positions.find((p) => p.id === initialId)?.id ?? positions[0]?.id ?? '',
  );
  const [rules, setRules] = useState<EndRulesKind>(props.initial?.rules ?? 'legal');
  const [depth, setDepth] = useState(props.initial?.depth ?? DEFAULT_DEPTH[game]);
  const [plainZero, setPlainZero] = useState(false);
  const [result, setResult] = useState<Run | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const client = useEngineClient();
  const uid = useId();
  const [stopped, setStopped] = useState(false);

  const preset = positions.find((p) => p.id === posId) ?? positions[0];
  const settings: Settings = {
    position: preset?.position ?? '',
    rules,
    depth,
    plainZero: game === 'chess' && rules === 'method-2' && plainZero,
  };
  const key = keyOf(settings);
  // Compared at: the position, the depth and plain 0 (the rules are all four).
  const compareKey = keyOf({
    ...settings,
    rules: 'legal',
    plainZero: game === 'chess' && plainZero,
  });

  const run = (s: Settings, handlers: { done: (m: EndRulesMessage) => void }) => {
    setError(null);
    setStopped(false);
    client().endRules(
      { game, position: s.position, rules: s.rules, depth: s.depth, plainZero: s.plainZero },
      {
        onResult: handlers.done,
        onError: (m) => {
          setError(m.message);
          setBusy(null);
          setComparison((c) => (c && c.state === 'running' ? { ...c, state: 'interrupted' } : c));
        },
      },
    );
  };

  const runOne = (s: Settings) => {
    const k = keyOf(s);
    setBusy(`Searching: ${RULE_LABELS[s.rules].toLowerCase()}, depth ${s.depth}…`);
    setComparison((c) => (c && c.state === 'running' ? { ...c, state: 'interrupted' } : c));
    run(s, {
      done: (message) => {
        setResult({ key: k, settings: s, message });
        setBusy(null);
      },
    });
  };

  useEffect(() => {
    if (!preset) return setError('No positions given.');
    runOne(settings);
  }, [key]);

  const compare = () => {
    const base = { ...settings, plainZero: game === 'chess' && plainZero };
    const runs: RuleRun[] = [];
    const ck = compareKey;
    setComparison({
      key: ck,
      depth: base.depth,
      plainZero: base.plainZero,
      runs: [],
      state: 'running',
    });
    const next = (i: number) => {
      const r = RULES[i]!;
      const s: Settings = { ...base, rules: r, plainZero: r === 'method-2' && base.plainZero };
      setBusy(`Comparing: ${RULE_LABELS[r].toLowerCase()} (${i + 1} of ${RULES.length})…`);
      run(s, {
        done: (message) => {
          runs.push(runOf(r, message));
          const finished = i + 1 === RULES.length;
          setComparison({
            key: ck,
            depth: base.depth,
            plainZero: base.plainZero,
            runs: [...runs],
            state: finished ? 'done' : 'running',
          });
          // The run of the chosen method is also the one-run result (a comparison abandons it).
          if (keyOf(s) === key) setResult({ key: keyOf(s), settings: s, message });
          if (finished) setBusy(null);
          else next(i + 1);
        },
      });
    };
    next(0);
  };

  const stop = () => {
    client().stop();
    setBusy(null);
    setStopped(true);
    setComparison((c) => (c && c.state === 'running' ? { ...c, state: 'interrupted' } : c));
  };

  // The board: the chosen position, with the move of a result for it.
  const shown = result && result.settings.position === settings.position ? result : null;
  const shogi = useMemo(() => {
    if (game !== 'shogi' || !preset) return null;
    const read = positionAfter(preset.position, []);
    if (!read.ok) return null;
    return { pos: read.pos, move: usiMoveShape(shown?.message.result.moveText) };
  }, [game, preset?.position, shown?.message.result.moveText]);

  const stale = result !== null && (busy !== null || result.key !== key);
  const r = result?.message.result;
  const rs = result?.settings;
  const rows = r && rs ? moveRows(r.rootMoves, r.moveText, game, rs.rules) : [];
  const lostRow = rows.find((x) => x.kind === 'loses-king');
  const compared = comparison ? comparisonRows(comparison.runs, game, comparison.plainZero) : [];
  const compareStale =
    comparison !== null && (comparison.key !== compareKey || comparison.state !== 'done');
  const sideToMove = game === 'chess' ? chessSide(settings.position) : shogiSide(shogi);

  return (
    <div class="widget end-rules" data-widget="end-rules" data-game={game}>
      {positions.length > 1 && (
        <div class="explorer-presets" role="group" aria-label="Positions">
          {positions.map((p) => (
            <button
              type="button"
              key={p.id}
              data-position={p.id}
              aria-pressed={p.id === preset?.id}
              onClick={() => setPosId(p.id)}
            >
              {p.label}
            </button>
          ))}
        </div>
      )}
      <fieldset class="eog-rules">
        <legend>How the search knows the end</legend>
        {RULES.map((k) => (
          <label key={k}>
            <Input
              type="radio"
              name={`${uid}-rules`}
              value={k}
              checked={rules === k}
              onChange={() => setRules(k)}
            />{' '}
            {RULE_LABELS[k]}
          </label>
        ))}
      </fieldset>
      <div class="eog-controls">
        {game === 'chess' && (
          <label
            class="eog-plain"
            title="Method 2 only: any win or loss at a possible stalemate becomes 0"
          >
            <Input
              type="checkbox"
              checked={plainZero}
              disabled={rules !== 'method-2'}
              onChange={(e) => setPlainZero(e.currentTarget.checked)}
            />{' '}
            plain 0 (the seed’s mapping)
          </label>
        )}
        <label class="eog-depth">
          Depth{' '}
          <Select value={depth} onChange={(e) => setDepth(Number(e.currentTarget.value))}>
            {DEPTHS.map((d) => (
              <option key={d} value={d}>
                {d} {d === 1 ? 'ply' : 'plies'}
              </option>
            ))}
          </Select>
        </label>
        <button type="button" class="primary" data-action="compare" onClick={compare}>
          Compare all four
        </button>
        {busy && (
          <button type="button" data-action="stop" onClick={stop}>
            Stop
          </button>
        )}
      </div>
      <p class="widget-note eog-status" aria-live="polite" data-state={busy ? 'busy' : 'idle'}>
        {busy ??
          (stopped ? 'Stopped. ' : '') +
            `${sideToMove} to move. ${game === 'chess' ? 'Moves in SAN.' : 'Moves in USI.'} Values are material, or the end of the game in plies.`}
      </p>
      <p class="sfen-error" role="alert" hidden={!error}>
        {error}
      </p>
      <div class="eog-main">
        <div class="eog-board">
          {game === 'chess' ? (
            <ChessBoard
              fen={settings.position}
              move={shown?.message.result.moveText}
              label="The position, the chosen move highlighted"
            />
          ) : shogi ? (
            <Board
              position={shogi.pos}
              lastMove={shogi.move}
              label="The position, the chosen move highlighted"
            />
          ) : (
            <p class="sfen-error">Not a position: {preset?.position}</p>
          )}
        </div>
        {r && rs ? (
          <div class={`eog-result${stale ? ' stale' : ''}`} aria-busy={stale} data-rules={rs.rules}>
            <dl class="eog-summary">
              <div>
                <dt>Chosen move</dt>
                <dd>
                  <strong class="eog-move" data-move={r.moveName ?? ''} data-usi={r.moveText ?? ''}>
                    {r.moveName ?? 'none: every move loses the king'}
                  </strong>
                  {game === 'chess' && r.moveText && <span class="eog-uci"> ({r.moveText})</span>}
                </dd>
              </div>
              <div>
                <dt>Value</dt>
                <dd data-value={r.value}>{valueInWords(r.value, game, rs.rules)}</dd>
              </div>
              <div>
                <dt>Nodes</dt>
                <dd data-nodes={r.nodes}>{count(r.nodes)}</dd>
              </div>
              <div>
                <dt>Rule nodes</dt>
                <dd data-rule-nodes={r.ruleNodes}>
                  {hasRuleNodes(rs.rules) ? count(r.ruleNodes) : '—'}
                </dd>
              </div>
              <div>
                <dt>Time</dt>
                <dd>{ms(r.timeMs)}</dd>
              </div>
            </dl>
            {r.stopped && (
              <p class="widget-note">
                The search stopped at its node limit: these values are unfinished.
              </p>
            )}
            <p class="widget-note">
              {RULE_LABELS[rs.rules]}, depth {rs.depth}
              {rs.plainZero ? ', plain 0' : ''}. Every root move, best first:
            </p>
            <div
              class="eog-moves"
              role="region"
              aria-label={`Root moves, ${RULE_LABELS[rs.rules]}`}
              tabIndex={0}
            >
              <table aria-label="Every root move and its value">
                <thead>
                  <tr>
                    <th scope="col">Move</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) =>
                    row.kind === 'move' ? (
                      <tr
                        key={row.text}
                        data-move={row.name}
                        class={row.chosen ? 'eog-chosen' : ''}
                      >
                        <th scope="row">
                          {row.name}
                          {row.chosen && <span class="eog-mark"> ◀ chosen</span>}
                        </th>
                        <td>{row.words}</td>
                      </tr>
                    ) : null,
                  )}
                </tbody>
              </table>
              {lostRow?.kind === 'loses-king' && (
                <details class="eog-lost">
                  <summary>{lostRow.words}</summary>
                  <p>{lostRow.names.join(', ')}</p>
                </details>
              )}
            </div>
          </div>
        ) : (
          // The room the first answer will take, kept while it is searched for, so that it does
          // not push the page down under the reader.
          <div class="eog-pending" aria-busy="true">
            <p class="widget-note">Searching…</p>
          </div>
        )}
      </div>
      {comparison && (
        <section
          class={`eog-compare${compareStale ? ' stale' : ''}`}
          aria-busy={comparison.state === 'running'}
          data-state={comparison.state}
        >
          <h4>
            All four at depth {comparison.depth}
            {comparison.state === 'interrupted' ? ' (interrupted)' : ''}
          </h4>
          <div
            class="eog-compare-box"
            role="region"
            aria-label={`All four at depth ${comparison.depth}`}
            tabIndex={0}
          >
            <table>
              <thead>
                <tr>
                  <th scope="col">Method</th>
                  <th scope="col">Move</th>
                  <th scope="col">Value</th>
                  <th scope="col" class="num">
                    Nodes
                  </th>
                  <th scope="col" class="num">
                    Rule nodes
                  </th>
                  <th scope="col" class="num">
                    Time
                  </th>
                </tr>
              </thead>
              <tbody>
                {compared.map((c) => (
                  <tr
                    key={c.rules}
                    data-rules={c.rules}
                    data-move={c.move}
                    data-differs={String(c.differs)}
                    class={c.differs ? 'eog-differs' : ''}
                  >
                    <th scope="row" title={RULE_LABELS[c.rules]}>
                      {c.method}
                    </th>
                    <td>
                      {c.move}
                      {c.differs && (
                        <span class="eog-mark" title="Not the legal-move search’s move">
                          {' '}
                          ≠
                        </span>
                      )}
                    </td>
                    <td>{c.value}</td>
                    <td class="num">{c.nodes}</td>
                    <td class="num">{c.ruleNodes}</td>
                    <td class="num">{c.time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="widget-note">≠ marks a move other than the legal-move search’s.</p>
        </section>
      )}
    </div>
  );
}

export default EndRules;

function chessSide(fen: string): string {
  return fen.trim().split(/\s+/)[1] === 'b' ? 'Black' : 'White';
}

function shogiSide(s: { pos: Position } | null): string {
  if (!s) return 'Nobody';
  const c = s.pos.sideToMove;
  const name = colorName(c);
  return `${name[0]!.toUpperCase()}${name.slice(1)} (${colorMark(c)})`;
}
