/**
 * A game against the engine. The reader picks a side, one of the chapters' engines and its time
 * per move; the engine thinks in its worker (its depth, score and line shown if the reader wants)
 * while the page stays free. Take back, resign and new game; the game ends by the rules with the
 * reason shown; the game and the settings live in this browser's storage, so a reload keeps them;
 * the record goes out and comes in as KIF, CSA, USI or SFEN.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { makeUsiMove, parseUsiMove, type Move } from '../../engine/index';
import type { SearchInfo } from '../../engine/search/iterate';
import { Board } from '../widgets/Board';
import { analyseLink } from '../widgets/analyse-link';
import { formatScore } from '../widgets/explorer/search-model';
import { useEngineClient } from '../widgets/use-engine-client';
import {
  gameOver,
  lineInJapanese,
  moveList,
  otherSide,
  playMove,
  positionAt,
  positionCommand,
  sideOf,
  takeBack,
  NEW_GAME,
  type Game,
} from './game-model';
import { GameMoves, NotationSwitch, useNotation } from './GameMoves';
import {
  DEFAULT_SETTINGS,
  MOVE_TIMES,
  parseSaved,
  PLAY_PRESETS,
  playLabel,
  STORAGE_KEY,
  type PlaySettings,
} from './play-settings';
import { RecordPanel } from './RecordPanel';
import { Later, useStages } from '../widgets/later';
import '../widgets/widgets.css';
import './play.css';

const seconds = (ms: number): string => `${ms / 1000} s`;

export function PlayGame(): JSX.Element {
  const [game, setGame] = useState<Game>(NEW_GAME);
  const [settings, setSettings] = useState<PlaySettings>(DEFAULT_SETTINGS);
  const [draft, setDraft] = useState<PlaySettings>(DEFAULT_SETTINGS);
  const [loaded, setLoaded] = useState(false);
  const [thinking, setThinking] = useState<SearchInfo | null>(null);
  const [engineError, setEngineError] = useState<string | null>(null);
  const [notation, setNotation] = useNotation();
  const client = useEngineClient();
  const searchId = useRef<number | null>(null);
  const id = useId();
  // The board, then the new-game settings and the record panel, hydrate each in a task after the
  // rest (later.tsx): with them the island's hydration was a task of 52-60 ms here.
  const stage = useStages(2, true);

  // The saved game, once, after hydration (the server drew the start position).
  useEffect(() => {
    let text: string | null = null;
    try {
      text = localStorage.getItem(STORAGE_KEY);
    } catch {
      // Storage is off: a new game each visit.
    }
    const saved = parseSaved(text);
    setGame(saved.game);
    setSettings(saved.settings);
    setDraft(saved.settings);
    setLoaded(true);
  }, []);

  useEffect(() => {
    if (!loaded) return;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ game, settings }));
    } catch {
      // Not remembered; the game goes on.
    }
  }, [game, settings, loaded]);

  const pos = useMemo(() => {
    const result = positionAt(game);
    if (!result.ok) throw new Error(`Play: the game does not replay: ${result.error}`);
    return result.value;
  }, [game]);
  const over = useMemo(() => gameOver(game), [game]);
  const lines = useMemo(() => moveList(game), [game]);
  const toMove = sideOf(pos.sideToMove);
  const readersTurn = toMove === settings.side && !over;
  const enginesTurn = loaded && toMove !== settings.side && !over;
  const preset = PLAY_PRESETS.find((p) => p.id === settings.preset) ?? PLAY_PRESETS[0]!;

  const stopEngine = () => {
    if (searchId.current !== null) client().stop();
    searchId.current = null;
    setThinking(null);
  };

  // The engine's move: a search in the worker with the chosen preset and time.
  useEffect(() => {
    if (!enginesTurn) return;
    setEngineError(null);
    const position = positionCommand(game);
    searchId.current = client().go(
      { sfen: position, options: preset.options, limits: { timeMs: settings.moveTimeMs } },
      {
        onInfo: (message) => setThinking(message.info),
        onResult: ({ result }) => {
          searchId.current = null;
          setThinking(null);
          if (result.bestMove === null) return; // the rules have ended the game already
          const next = playMove(game, result.bestMove);
          if (next.ok) setGame(next.value);
          else setEngineError(`The engine answered ${result.bestMove}: ${next.error}`);
        },
        onError: (error) => {
          searchId.current = null;
          setThinking(null);
          setEngineError(error.message);
        },
      },
    );
    return stopEngine;
  }, [game, enginesTurn, preset, settings.moveTimeMs]);

  const play = (move: Move) => {
    if (!readersTurn) return;
    const next = playMove(game, makeUsiMove(move));
    if (next.ok) setGame(next.value);
  };

  const newGame = () => {
    stopEngine();
    setSettings(draft);
    setGame(NEW_GAME);
  };
  const undo = () => {
    stopEngine();
    setGame(takeBack(game, settings.side));
  };
  const resign = () => {
    stopEngine();
    setGame({ ...game, resigned: settings.side });
  };
  const load = (imported: Game) => {
    stopEngine();
    setGame(imported);
  };

  const lastMove = game.moves.length > 0 ? parseLast(game) : undefined;
  const status = over
    ? over.text
    : readersTurn
      ? `Your move (${settings.side}).`
      : `${preset.label} is thinking (${seconds(settings.moveTimeMs)} a move)…`;

  return (
    <div class="widget play" data-widget="play">
      <div class="play-main">
        <Later ready={stage >= 1} class="later-part">
          <Board
            position={pos}
            onMove={readersTurn ? play : undefined}
            lastMove={lastMove}
            flipped={settings.side === 'gote'}
            label={`Game board, you play ${settings.side}`}
            analyse={false}
          />
        </Later>
        <div class="play-side">
          <p
            class={`play-status${over ? ' play-over' : ''}`}
            role="status"
            data-status
            data-over={over ? over.reason : undefined}
          >
            {status}
          </p>
          {engineError && (
            <p class="widget-error" role="alert">
              {engineError}
            </p>
          )}
          {settings.showThinking && (
            <p class="play-thinking" aria-live="off" data-thinking>
              {thinking
                ? `Depth ${thinking.depth}, ${formatScore(thinking.score)}: ${lineInJapanese(positionCommand(game), thinking.pv)}`
                : '\u00a0'}
            </p>
          )}
          <div class="play-buttons">
            <button
              type="button"
              onClick={undo}
              disabled={game.moves.length === 0 && !game.resigned}
              data-takeback
            >
              Take back
            </button>
            <button type="button" onClick={resign} disabled={!!over} data-resign>
              Resign
            </button>
            <a class="play-analyse" href={analyseLink(positionCommand(game))}>
              Analyse this game
            </a>
          </div>
          <div class="play-moves-head">
            <h3 id={`${id}-moves`}>Moves</h3>
            <NotationSwitch notation={notation} onChange={setNotation} />
          </div>
          <GameMoves lines={lines} notation={notation} label="Moves of the game" />
        </div>
      </div>
      <Later ready={stage >= 2} class="later-part">
        <fieldset class="play-new">
          <legend>New game</legend>
          <label>
            You play{' '}
            <select
              value={draft.side}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  side: event.currentTarget.value === 'gote' ? 'gote' : 'sente',
                })
              }
              data-side
            >
              <option value="sente">sente (first, ☗)</option>
              <option value="gote">gote (second, ☖)</option>
            </select>
          </label>
          <label>
            against{' '}
            <select
              value={draft.preset}
              onChange={(event) => setDraft({ ...draft, preset: event.currentTarget.value })}
              data-preset
            >
              {PLAY_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {playLabel(p)}
                </option>
              ))}
            </select>
          </label>
          <label>
            thinking{' '}
            <select
              value={draft.moveTimeMs}
              onChange={(event) =>
                setDraft({ ...draft, moveTimeMs: Number(event.currentTarget.value) })
              }
              data-move-time
            >
              {MOVE_TIMES.map((ms) => (
                <option key={ms} value={ms}>
                  {seconds(ms)} a move
                </option>
              ))}
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              checked={draft.showThinking}
              onChange={(event) => {
                const showThinking = event.currentTarget.checked;
                setDraft({ ...draft, showThinking });
                setSettings({ ...settings, showThinking });
              }}
            />
            show its thinking
          </label>
          <button type="button" class="primary" onClick={newGame} data-new-game>
            New game
          </button>
        </fieldset>
        <RecordPanel game={game} onImport={load} />
      </Later>
      <p class="widget-note">
        A game loaded here goes on from its last position with the settings above: you play{' '}
        {settings.side}, the engine {otherSide(settings.side)}.
      </p>
    </div>
  );
}

function parseLast(game: Game): Move | undefined {
  const before = positionAt(game, game.moves.length - 1);
  if (!before.ok) return undefined;
  const move = parseUsiMove(before.value, game.moves.at(-1)!);
  return move.ok ? move.value : undefined;
}

export default PlayGame;
