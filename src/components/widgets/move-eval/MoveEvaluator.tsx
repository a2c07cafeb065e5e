/**
 * Chapter 2's main widget: a position, every legal move valued by seed 000's move evaluation and
 * listed best first, each opening into the terms of its value, with the move's threats and
 * defences drawn on the board. The constants are sliders; the list and the rank measure follow
 * them, computed in the engine's worker (debounced, the last result dimmed while the next one
 * computes).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { makeSfen, type Move } from '../../../engine/index';
import {
  MOVE_EVAL_DEFAULTS,
  type MoveEvalParams,
  type MoveEvaluation,
} from '../../../engine/eval/move-evaluation';
import type { RankReport } from '../../../engine/eval/move-rank';
import { EngineClient } from '../../engine-client';
import { Board } from '../Board';
import { MoveHistory } from '../MoveHistory';
import { SfenBox } from '../SfenBox';
import {
  type Line,
  lineCommand,
  parseLine,
  positionOf,
  statusOf,
  statusText,
} from '../board-model';
import { publishPosition } from '../shared-position';
import { ConstantsPanel, type RankState } from './ConstantsPanel';
import { Later, useStages } from '../later';
import { MoveList } from './MoveList';
import {
  changedParams,
  isSeed,
  marksArrows,
  marksOverlay,
  moveMarks,
  type ParamKey,
  ranksOf,
} from './move-eval-model';
import { EVAL_PRESETS, type EvalPreset } from './presets';
import { useDebounced } from './use-debounced';
import '../widgets.css';
import './move-eval.css';

interface Evaluated {
  /** The position (SFEN) and constants this list was computed for. */
  sfen: string;
  params: MoveEvalParams;
  moves: MoveEvaluation[];
  seedRanks: Map<string, number> | null;
}

const lineOf = (preset: EvalPreset): Line => {
  const parsed = parseLine(preset.sfen);
  if (!parsed.ok) throw new Error(`preset ${preset.id}: ${parsed.error}`);
  return parsed.value;
};

const sameParams = (a: MoveEvalParams, b: MoveEvalParams): boolean =>
  (Object.keys(a) as (keyof MoveEvalParams)[]).every((k) => a[k] === b[k]);

export function MoveEvaluator(props: { preset?: string }): JSX.Element {
  const first = EVAL_PRESETS.find((p) => p.id === props.preset) ?? EVAL_PRESETS[0]!;
  const [line, setLine] = useState<Line>(() => lineOf(first));
  const [presetId, setPresetId] = useState<string | null>(first.id);
  const [revision, setRevision] = useState(0);
  const [params, setParams] = useState<MoveEvalParams>({ ...MOVE_EVAL_DEFAULTS });
  const settled = useDebounced(params);
  const [evaluated, setEvaluated] = useState<Evaluated | null>(null);
  const [evalError, setEvalError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(first.focus);
  const [hovered, setHovered] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  // The board, then the position box and the constants, hydrate each in a task after the rest
  // (later.tsx): together they made the chapter's longest task at load (50-69 ms here).
  const stage = useStages(2, true);
  const [rankReport, setRankReport] = useState<{
    params: MoveEvalParams;
    report: RankReport;
  } | null>(null);
  const [seedReport, setSeedReport] = useState<RankReport | null>(null);
  const [rankError, setRankError] = useState<string | null>(null);
  const evalClient = useRef<EngineClient | null>(null);
  const rankClient = useRef<EngineClient | null>(null);
  const seedRanksCache = useRef<{ sfen: string; ranks: Map<string, number> } | null>(null);

  const pos = useMemo(() => positionOf(line), [line]);
  const sfen = useMemo(() => makeSfen(pos), [pos]);
  const status = useMemo(() => statusOf(pos), [pos]);
  const command = lineCommand(line);

  useEffect(() => publishPosition(command), [command]);
  useEffect(() => () => publishPosition(null), []);
  useEffect(
    () => () => {
      evalClient.current?.shutdown();
      rankClient.current?.shutdown();
    },
    [],
  );

  // The move list: the position with the settled constants, and (once per position) the ranks
  // seed 000's constants give, to show how far each move moved.
  useEffect(() => {
    const client = (evalClient.current ??= new EngineClient());
    const want = settled;
    const done = (moves: MoveEvaluation[], seedRanks: Map<string, number> | null) => {
      setEvalError(null);
      setEvaluated({ sfen, params: want, moves, seedRanks });
    };
    const onError = (m: { message: string }) => setEvalError(m.message);
    client.evaluate(
      { sfen, params: changedParams(want) },
      {
        onError,
        onResult: (result) => {
          if (isSeed(want)) {
            seedRanksCache.current = { sfen, ranks: ranksOf(result.moves) };
            return done(result.moves, null);
          }
          const cached = seedRanksCache.current;
          if (cached?.sfen === sfen) return done(result.moves, cached.ranks);
          client.evaluate(
            { sfen, params: {} },
            {
              onError,
              onResult: (seed) => {
                seedRanksCache.current = { sfen, ranks: ranksOf(seed.moves) };
                done(result.moves, seedRanksCache.current.ranks);
              },
            },
          );
        },
      },
    );
  }, [sfen, settled]);

  // The rank measure over the fixture, for the settled constants.
  useEffect(() => {
    const client = (rankClient.current ??= new EngineClient());
    const want = settled;
    client.rank(changedParams(want), {
      onError: (m) => setRankError(m.message),
      onResult: (result) => {
        setRankError(null);
        setRankReport({ params: want, report: result.report });
        if (isSeed(want)) setSeedReport(result.report);
      },
    });
  }, [settled]);

  const current = evaluated !== null && evaluated.sfen === sfen;
  const pending = !current || !sameParams(evaluated.params, params);
  const moves = evaluated?.moves ?? [];
  const ranks = useMemo(() => ranksOf(moves), [moves]);

  const shownUsi = hovered ?? open;
  const marks = useMemo(() => {
    if (!current || shownUsi === null) return null;
    const e = moves.find((m) => m.usi === shownUsi);
    return e ? moveMarks(pos, e, evaluated.params) : null;
  }, [current, shownUsi, moves, pos, evaluated]);

  const loadLine = (next: Line, preset: string | null, focus: string | null) => {
    setLine(next);
    setPresetId(preset);
    setRevision((r) => r + 1);
    setOpen(focus);
    setHovered(null);
    setShowAll(false);
  };
  const loadPreset = (p: EvalPreset) => loadLine(lineOf(p), p.id, p.focus);
  const loadText = (text: string): string | null => {
    const parsed = parseLine(text);
    if (!parsed.ok) return parsed.error;
    loadLine(parsed.value, null, null);
    return null;
  };
  const play = (move: Move) =>
    loadLine({ setup: line.setup, moves: [...line.moves, move] }, null, null);
  const back = () =>
    loadLine({ setup: line.setup, moves: line.moves.slice(0, -1) }, presetId, null);
  const setParam = (key: ParamKey, value: number) => setParams((p) => ({ ...p, [key]: value }));

  const preset = EVAL_PRESETS.find((p) => p.id === presetId);
  const rank: RankState = {
    report: rankReport?.report ?? null,
    seed: seedReport,
    pending: rankReport === null || !sameParams(rankReport.params, params),
    error: rankError,
  };

  return (
    <div class="widget move-evaluator" data-widget="move-evaluator">
      <div class="explorer-presets" role="group" aria-label="Example positions">
        {EVAL_PRESETS.map((p) => (
          <button
            type="button"
            key={p.id}
            data-preset={p.id}
            aria-pressed={p.id === presetId}
            onClick={() => loadPreset(p)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {preset && <p class="widget-note preset-note">{preset.note}</p>}
      <Later ready={stage >= 1} class="later-part">
        <Board
          position={pos}
          onMove={play}
          lastMove={line.moves[line.moves.length - 1]}
          arrows={marks ? marksArrows(marks) : undefined}
          overlay={marks ? marksOverlay(marks) : undefined}
          label="Move evaluator board"
        />
      </Later>
      <ul class="me-legend widget-note" aria-label="What the board shows for a move">
        <li>
          <span class="me-key me-key-move" aria-hidden="true" />
          the move
        </li>
        <li>
          <span class="me-key me-key-threat" aria-hidden="true" />a piece it threatens: the exchange
          value at stake (K: king threat)
        </li>
        <li>
          <span class="me-key me-key-defend" aria-hidden="true" />a piece it defends: the threat
          taken off
        </li>
      </ul>
      <p class="explorer-status" aria-live="polite" data-status>
        {statusText(status)}
      </p>
      <MoveHistory moves={line.moves} onBack={back} />
      <Later ready={stage >= 2} class="later-part">
        <SfenBox
          sfen={sfen}
          revision={revision}
          onLoad={loadText}
          onReset={() => loadPreset(first)}
        />
        <ConstantsPanel
          params={params}
          onChange={setParam}
          onReading={(reading) => setParams((p) => ({ ...p, reading }))}
          onResetAll={() => setParams({ ...MOVE_EVAL_DEFAULTS })}
          rank={rank}
        />
      </Later>
      <h4 class="me-list-title">
        Moves by value{evaluated ? ` (${moves.length})` : ''}
        <span class="me-list-hint"> · open a row for its terms</span>
      </h4>
      {evalError && <p class="sfen-error">{evalError}</p>}
      {evaluated === null ? (
        <p class="widget-note me-waiting">Evaluating the moves in the engine’s worker…</p>
      ) : moves.length === 0 ? (
        <p class="widget-note">No legal moves: the side to move has lost.</p>
      ) : (
        <MoveList
          pos={current ? pos : null}
          moves={moves}
          params={evaluated.params}
          ranks={ranks}
          seedRanks={evaluated.seedRanks}
          open={open}
          showAll={showAll}
          stale={pending}
          onOpen={setOpen}
          onHover={setHovered}
          onShowAll={setShowAll}
        />
      )}
    </div>
  );
}

export default MoveEvaluator;
