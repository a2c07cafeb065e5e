/**
 * The chapter's main widget: a board to play on, a box to load any position, and three views of
 * the position the engine sees: its legal moves by kind, the drops the rules forbid and why, and
 * the effect counts (利き) of either side drawn over the board.
 */
import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import {
  dropKind,
  type IllegalDropReason,
  isDrop,
  legalMoves,
  makeSfen,
  makeUsiMove,
  type Move,
  moveFrom,
  moveTo,
  type Position,
  STARTPOS_SFEN,
} from '../../engine/index';
import { type Arrow, Board } from './Board';
import { SfenBox } from './SfenBox';
import {
  describeMove,
  effectOverlay,
  type EffectMode,
  effectSummary,
  explainIllegalDrop,
  groupMoves,
  HAND_ORDER,
  illegalDropGroups,
  type Line,
  lineCommand,
  parseLine,
  PIECE_KANJI,
  pieceName,
  positionOf,
  PRESETS,
  type Preset,
  statusOf,
  statusText,
} from './board-model';
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

function MoveButton(props: {
  pos: Position;
  move: Move;
  onPlay: (move: Move) => void;
  onHover: (move: Move | null) => void;
}): JSX.Element {
  const { pos, move, onPlay, onHover } = props;
  return (
    <li>
      <button
        type="button"
        class="move-item"
        data-usi={makeUsiMove(move)}
        onClick={() => onPlay(move)}
        onMouseEnter={() => onHover(move)}
        onMouseLeave={() => onHover(null)}
        onFocus={() => onHover(move)}
        onBlur={() => onHover(null)}
      >
        <code>{makeUsiMove(move)}</code>
        <span class="move-words">{describeMove(pos, move)}</span>
      </button>
    </li>
  );
}

function MovesView(props: {
  pos: Position;
  legal: readonly Move[];
  onPlay: (move: Move) => void;
  onHover: (move: Move | null) => void;
}): JSX.Element {
  const { pos, legal, onPlay, onHover } = props;
  const groups = useMemo(() => groupMoves(pos, legal), [pos, legal]);
  if (legal.length === 0)
    return <p class="widget-note">No legal moves: the side to move has lost.</p>;
  const boardGroups: [string, string, Move[]][] = [
    ['captures', 'Captures', groups.captures],
    ['promotions', 'Promotions (without a capture)', groups.promotions],
    ['quiet', 'Other board moves', groups.quiet],
  ];
  return (
    <div class="moves-view">
      {boardGroups.map(([id, title, moves]) =>
        moves.length === 0 ? null : (
          <section class="move-group" data-group={id} key={id}>
            <h4>
              {title} ({moves.length})
            </h4>
            <ul class="move-list">
              {moves.map((m) => (
                <MoveButton key={m} pos={pos} move={m} onPlay={onPlay} onHover={onHover} />
              ))}
            </ul>
          </section>
        ),
      )}
      {groups.drops.length > 0 && (
        <section class="move-group" data-group="drops">
          <h4>Drops ({groups.drops.length})</h4>
          {HAND_ORDER.map((kind) => {
            const drops = groups.drops.filter((m) => dropKind(m) === kind);
            if (drops.length === 0) return null;
            return (
              <div key={kind}>
                <p class="widget-note">
                  <span lang="ja">{PIECE_KANJI[kind]}</span> {pieceName(kind)}: {drops.length}{' '}
                  square{drops.length === 1 ? '' : 's'}
                </p>
                <ul class="drop-chips">
                  {drops.map((m) => (
                    <li key={m}>
                      <button
                        type="button"
                        class="move-item drop-chip"
                        data-usi={makeUsiMove(m)}
                        title={describeMove(pos, m)}
                        onClick={() => onPlay(m)}
                        onMouseEnter={() => onHover(m)}
                        onMouseLeave={() => onHover(null)}
                        onFocus={() => onHover(m)}
                        onBlur={() => onHover(null)}
                      >
                        <code>{makeUsiMove(m)}</code>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      )}
    </div>
  );
}

const GROUP_SENTENCES: Record<IllegalDropReason, string> = {
  'drop-pawn-mate':
    'A pawn dropped straight in front of the enemy king may check it, but not mate it. Each drop below would leave the king no escape, no capture and no block.',
  'double-pawn':
    'A side may not have two unpromoted pawns on one file, so a pawn can only be dropped on a file without one of its own.',
  'dead-piece':
    'A piece may not be dropped where it could never move: a pawn or lance on the last rank, a knight on the last two.',
};

function IllegalView(props: { pos: Position; onHover: (move: Move | null) => void }): JSX.Element {
  const { pos, onHover } = props;
  const groups = useMemo(() => illegalDropGroups(pos), [pos]);
  const us = pos.sideToMove;
  const held = HAND_ORDER.some((kind) => pos.hand[us * 8 + kind]! > 0);
  if (!held)
    return (
      <p class="widget-note">
        The side to move has nothing in hand, so there are no drops to forbid. Try the
        &ldquo;Drop-pawn mate&rdquo; or &ldquo;Double pawn&rdquo; preset.
      </p>
    );
  if (groups.length === 0)
    return <p class="widget-note">No drop onto an empty square is forbidden in this position.</p>;
  return (
    <div class="illegal-view">
      {groups.map((group) => (
        <section class="illegal-group" data-reason={group.reason} key={group.reason}>
          <h4>
            {group.title} (<span lang="ja">{group.japanese}</span>, {group.reading}):{' '}
            {group.moves.length} drop{group.moves.length === 1 ? '' : 's'}
          </h4>
          <p>{GROUP_SENTENCES[group.reason]}</p>
          {group.reason === 'drop-pawn-mate' ? (
            group.moves.map((m) => (
              <p
                class="illegal-entry"
                key={m}
                data-usi={makeUsiMove(m)}
                onMouseEnter={() => onHover(m)}
                onMouseLeave={() => onHover(null)}
              >
                <code>{makeUsiMove(m)}</code> — {explainIllegalDrop(pos, m, group.reason)}
              </p>
            ))
          ) : (
            <ul class="drop-chips">
              {group.moves.map((m) => (
                <li key={m}>
                  <code data-usi={makeUsiMove(m)} title={explainIllegalDrop(pos, m, group.reason)}>
                    {makeUsiMove(m)}
                  </code>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function EffectsView(props: {
  pos: Position;
  mode: EffectMode;
  onMode: (mode: EffectMode) => void;
  /** Name of the radio group, unique on the page. */
  name: string;
}): JSX.Element {
  const { pos, mode, onMode, name } = props;
  const sente = effectSummary(pos, 0);
  const gote = effectSummary(pos, 1);
  const modes: [EffectMode, string][] = [
    ['sente', 'Sente'],
    ['gote', 'Gote'],
    ['both', 'Both'],
  ];
  return (
    <div class="effects-view">
      <fieldset class="effect-modes">
        <legend>Whose effect counts to draw on the board</legend>
        {modes.map(([value, text]) => (
          <label key={value}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={mode === value}
              onChange={() => onMode(value)}
            />
            {value !== 'both' && <span class={`swatch swatch-${value}`} aria-hidden="true" />}
            {text}
          </label>
        ))}
      </fieldset>
      <p class="widget-note">
        Each number is how many of that side&rsquo;s pieces bear on the square: could move or
        capture there if it were the enemy&rsquo;s, or defend it if it is their own. Pinned pieces
        count too.
        {mode === 'both' &&
          ' Sente’s count is at the bottom left, gote’s at the top right; the tint shows who has more.'}
      </p>
      <p class="widget-note effect-totals">
        <span class="swatch swatch-sente" aria-hidden="true" /> Sente: {sente.total} in all, at most{' '}
        {sente.max} on one square. <span class="swatch swatch-gote" aria-hidden="true" /> Gote:{' '}
        {gote.total} in all, at most {gote.max}.
      </p>
    </div>
  );
}

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
      {line.moves.length > 0 && (
        <p class="explorer-history">
          <span>
            Played: <code>{line.moves.map(makeUsiMove).join(' ')}</code>
          </span>
          <button type="button" onClick={back}>
            ← Back
          </button>
        </p>
      )}
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
