/**
 * The chapter's main widget: a board to play on, a box to load any position, and three views of
 * the position the engine sees: its legal moves by kind, the drops the rules forbid and why, and
 * the effect counts (利き) of either side drawn over the board.
 */
import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import {
  isDrop,
  legalMoves,
  makeSfen,
  type Move,
  moveFrom,
  moveTo,
  STARTPOS_SFEN,
} from '../../engine/index';
import { type Arrow, Board } from './Board';
import { MoveHistory } from './MoveHistory';
import { SfenBox } from './SfenBox';
import { EffectsView, IllegalView, MovesView } from './ExplorerViews';
import {
  effectOverlay,
  type EffectMode,
  type Line,
  lineCommand,
  parseLine,
  positionOf,
  statusOf,
  statusText,
} from './board-model';
import { PRESETS, type Preset } from './presets';
import { publishPosition } from './shared-position';
import './widgets.css';

type Tab = 'moves' | 'illegal' | 'effects';

const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'moves', label: 'Legal moves' },
  { id: 'illegal', label: 'Illegal drops' },
  { id: 'effects', label: 'Effects (利き)' },
];

export interface BoardExplorerProps {
  /** The first position: an SFEN, `startpos` or a position command. Default: the start position. */
  initial?: string;
  /** Show the preset buttons (default true). */
  presets?: boolean;
}

const START: Line = { setup: STARTPOS_SFEN, moves: [] };

const initialLine = (text: string | undefined): Line => {
  if (text === undefined) return START;
  const parsed = parseLine(text);
  return parsed.ok ? parsed.value : START;
};

const arrowOf = (move: Move): Arrow =>
  isDrop(move) ? { to: moveTo(move) } : { from: moveFrom(move), to: moveTo(move) };

export function BoardExplorer(props: BoardExplorerProps): JSX.Element {
  const showPresets = props.presets ?? true;
  const [line, setLine] = useState<Line>(() => initialLine(props.initial));
  const [revision, setRevision] = useState(0);
  const [presetId, setPresetId] = useState<string | null>(props.initial ? null : 'start');
  const [tab, setTab] = useState<Tab>('moves');
  const [effectMode, setEffectMode] = useState<EffectMode>('sente');
  const [hovered, setHovered] = useState<Move | null>(null);
  const uid = useId();

  const pos = useMemo(() => positionOf(line), [line]);
  const legal = useMemo(() => legalMoves(pos), [pos]);
  const status = useMemo(() => statusOf(pos, legal), [pos, legal]);
  const sfen = useMemo(() => makeSfen(pos), [pos]);
  const command = lineCommand(line);
  const overlay = useMemo(
    () => (tab === 'effects' ? effectOverlay(pos, effectMode) : undefined),
    [pos, tab, effectMode],
  );

  useEffect(() => publishPosition(command), [command]);
  useEffect(() => () => publishPosition(null), []);
  useEffect(() => setHovered(null), [pos]);

  const play = (move: Move) => {
    setLine({ setup: line.setup, moves: [...line.moves, move] });
    setPresetId(null);
  };
  const back = () => setLine({ setup: line.setup, moves: line.moves.slice(0, -1) });
  const loadLine = (next: Line, preset: string | null) => {
    setLine(next);
    setPresetId(preset);
    setRevision((r) => r + 1);
  };
  const loadText = (text: string): string | null => {
    const parsed = parseLine(text);
    if (!parsed.ok) return parsed.error;
    loadLine(parsed.value, null);
    return null;
  };
  const loadPreset = (preset: Preset) => {
    const parsed = parseLine(preset.position);
    if (!parsed.ok) throw new Error(`preset ${preset.id}: ${parsed.error}`);
    loadLine(parsed.value, preset.id);
    setTab(preset.tab);
  };

  const preset = PRESETS.find((p) => p.id === presetId);
  const lastMove = line.moves[line.moves.length - 1];

  return (
    <div class="widget explorer" data-widget="board-explorer">
      {showPresets && (
        <div class="explorer-presets" role="group" aria-label="Example positions">
          {PRESETS.map((p) => (
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
      )}
      {preset && <p class="widget-note preset-note">{preset.note}</p>}
      <Board
        position={pos}
        onMove={play}
        lastMove={lastMove}
        overlay={overlay}
        arrows={hovered !== null ? [arrowOf(hovered)] : undefined}
        label="Explorer board"
      />
      <p class="explorer-status" aria-live="polite" data-status>
        {statusText(status)}
      </p>
      <MoveHistory moves={line.moves} onBack={back} />
      <SfenBox
        sfen={sfen}
        revision={revision}
        onLoad={loadText}
        onReset={() => loadLine(START, 'start')}
      />
      <div class="tabs" role="tablist" aria-label="What to show">
        {TABS.map((t) => (
          <button
            type="button"
            role="tab"
            key={t.id}
            id={`${uid}-tab-${t.id}`}
            data-tab={t.id}
            aria-selected={tab === t.id}
            aria-controls={`${uid}-panel-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${uid}-panel-${tab}`}
        aria-labelledby={`${uid}-tab-${tab}`}
        class="tab-panel"
      >
        {tab === 'moves' && (
          <MovesView pos={pos} legal={legal} onPlay={play} onHover={setHovered} />
        )}
        {tab === 'illegal' && <IllegalView pos={pos} onHover={setHovered} />}
        {tab === 'effects' && (
          <EffectsView
            pos={pos}
            mode={effectMode}
            onMode={setEffectMode}
            name={`${uid}-effect-mode`}
          />
        )}
      </div>
    </div>
  );
}

export default BoardExplorer;
