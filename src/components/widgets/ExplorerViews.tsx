/**
 * The three views under the explorer's board: the legal moves by kind (click one to play it,
 * hover to see it on the board), the drops the rules forbid with the reason for each, and the
 * controls and totals of the effect-count overlay.
 */
import { useMemo } from 'preact/hooks';
import type { JSX } from 'preact';
import {
  dropKind,
  type IllegalDropReason,
  makeUsiMove,
  type Move,
  type Position,
} from '../../engine/index';
import {
  describeMove,
  type EffectMode,
  effectSummary,
  explainIllegalDrop,
  groupMoves,
  HAND_ORDER,
  illegalDropGroups,
  PIECE_KANJI,
  pieceName,
} from './board-model';
import { Input } from './controls';

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

export function MovesView(props: {
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

export function IllegalView(props: {
  pos: Position;
  onHover: (move: Move | null) => void;
}): JSX.Element {
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

export function EffectsView(props: {
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
            <Input
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
