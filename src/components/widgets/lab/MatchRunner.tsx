/**
 * A small match in the reader's browser: two option sets from the presets, a few games at a low
 * depth in the engine's worker, the board following the game under way, the result with its 95 %
 * interval as games finish, Stop at any time, and every game replayable move by move. The lab's
 * `npm run match` plays the same games (src/engine/lab), only more of them.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { MatchGame, MatchTally } from '../../../engine/lab/match';
import { PRESETS, presetById } from '../../../engine/lab/presets';
import { EngineClient } from '../../engine-client';
import { formatNumber } from '../../lab/format';
import { Board } from '../Board';
import { PlaybackIcon } from '../PlaybackIcon';
import { endText, matchOpenings, outcomeText, positionAt, resultSentence } from './match-model';
import '../widgets.css';
import './match-runner.css';
import { Input, Select } from '../controls';

export interface MatchRunnerProps {
  /** Preset ids offered for both sides (default: all). */
  presets?: readonly string[] | undefined;
  /** A's and B's presets at first. */
  a?: string | undefined;
  b?: string | undefined;
  /** Games at first (even: each opening twice). */
  games?: number | undefined;
  /** Depth per move at first. */
  depth?: number | undefined;
  /**
   * The lab's own match of the same sides, to set beside the page's few games: what it was, its
   * games and its Elo with the 95 % interval (read from its data file when the page is built).
   */
  recorded?: RecordedMatch | undefined;
}

export interface RecordedMatch {
  /** What the lab's match was: "200 games at 20,000 nodes a move". */
  what: string;
  elo: number;
  low: number;
  high: number;
  /** Where it is discussed or kept: a link to the Lab page's section. */
  href: string;
}

const labelOf = (id: string): string => presetById(id)?.label ?? id;

/** Both sides play on rather than repeat (see the match runner's --contempt). */
const CONTEMPT = 50;
/** A page's game is called a draw past this many plies: a page's match should end in minutes. */
const MAX_PLIES = 200;
const GAME_CHOICES = [2, 4, 8, 12, 20, 40, 60];
const DEPTH_CHOICES = [1, 2, 3, 4];

interface Live {
  game: number;
  opening: string;
  moves: string[];
}

export function MatchRunner(props: MatchRunnerProps): JSX.Element {
  const offered = useMemo(
    () => (props.presets ?? PRESETS.map((p) => p.id)).filter((id) => presetById(id)),
    [props.presets],
  );
  const [a, setA] = useState(props.a ?? offered[1] ?? 'null');
  const [b, setB] = useState(props.b ?? 'plain');
  const [games, setGames] = useState(props.games ?? 6);
  const [depth, setDepth] = useState(props.depth ?? 2);
  const [running, setRunning] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [finished, setFinished] = useState<MatchGame[]>([]);
  const [tally, setTally] = useState<MatchTally | null>(null);
  const [replay, setReplay] = useState<{ game: number; ply: number } | null>(null);
  const client = useRef<EngineClient | null>(null);
  const id = useId();

  useEffect(() => () => client.current?.shutdown(), []);

  const start = () => {
    const pa = presetById(a);
    const pb = presetById(b);
    if (!pa || !pb) return setError('choose a preset for each side');
    setError(null);
    setStopped(false);
    setFinished([]);
    setTally(null);
    setReplay(null);
    setLive(null);
    setRunning(true);
    client.current ??= new EngineClient();
    client.current.match(
      {
        a: pa.options,
        b: pb.options,
        games,
        limits: { depth },
        openings: matchOpenings(games / 2),
        seed: 1,
        maxPlies: MAX_PLIES,
        contempt: CONTEMPT,
      },
      {
        onMove: (m) => setLive({ game: m.game, opening: m.opening, moves: m.moves }),
        onGame: (m) => {
          setFinished((done) => [...done, m.game]);
          setTally(m.tally);
        },
        onResult: (m) => {
          setRunning(false);
          setLive(null);
          setFinished(m.games);
          setTally(m.tally);
        },
        onError: (m) => {
          setRunning(false);
          setError(m.message);
        },
      },
    );
  };

  const stop = () => {
    client.current?.stop();
    setRunning(false);
    setStopped(true);
    setLive(null);
  };

  // The board: the game under way, or the game being replayed.
  const shown = replay ? finished[replay.game] : undefined;
  const board = shown
    ? positionAt(shown.opening, shown.moves, replay!.ply)
    : live
      ? positionAt(live.opening, live.moves, live.moves.length)
      : null;
  const label = (id: string) => presetById(id)?.label ?? id;

  return (
    <div class="widget match-runner" data-widget="match-runner">
      <form
        class="match-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!running) start();
        }}
      >
        <Choice
          label="A"
          name="a"
          value={a}
          choices={offered}
          text={label}
          disabled={running}
          onChange={setA}
        />
        <span class="match-vs">against</span>
        <Choice
          label="B"
          name="b"
          value={b}
          choices={offered}
          text={label}
          disabled={running}
          onChange={setB}
        />
        <Choice
          label="Games"
          name="games"
          value={String(games)}
          choices={GAME_CHOICES.map(String)}
          disabled={running}
          onChange={(v) => setGames(Number(v))}
        />
        <Choice
          label="Depth"
          name="depth"
          value={String(depth)}
          choices={DEPTH_CHOICES.map(String)}
          disabled={running}
          onChange={(v) => setDepth(Number(v))}
        />
        <span class="match-buttons">
          <button type="submit" class="primary" disabled={running}>
            Play
          </button>
          <button type="button" disabled={!running} onClick={stop}>
            Stop
          </button>
        </span>
      </form>

      <progress max={games} value={finished.length} aria-label="Games finished" />
      <p
        class="widget-note"
        aria-live="polite"
        data-state={running ? 'running' : stopped ? 'stopped' : tally ? 'done' : 'idle'}
      >
        {running
          ? `Game ${finished.length + 1} of ${games}${live ? `, ply ${live.moves.length}` : ''}: each side searches to depth ${depth} in the worker.`
          : stopped
            ? `Stopped after ${finished.length} game${finished.length === 1 ? '' : 's'}.`
            : tally
              ? 'Done. Pick a game below to replay it.'
              : `Each opening is played twice, once with A as sente (先手, the first player). Both sides are told to avoid repetitions (contempt ${CONTEMPT}), and a game past ${MAX_PLIES} plies is a draw.`}
      </p>
      {error && (
        <p class="sfen-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
      {tally && <p class="match-result">{resultSentence(tally)}</p>}
      {props.recorded && (
        <p class="widget-note match-recorded" data-recorded-elo={props.recorded.elo}>
          The lab's match of {labelOf(a)} against {labelOf(b)}, {props.recorded.what}:{' '}
          <strong>
            Elo {formatNumber(props.recorded.elo, 'elo')} ({formatNumber(props.recorded.low, 'elo')}{' '}
            to {formatNumber(props.recorded.high, 'elo')})
          </strong>{' '}
          (<a href={props.recorded.href}>the Lab page</a>).
          {(a !== props.a || b !== props.b) &&
            ' That was for the sides the chapter set; you have changed them.'}
        </p>
      )}

      <div class="match-body">
        <div class="match-board">
          <Board
            position={board?.position}
            lastMove={board?.lastMove}
            label={
              shown ? `Game ${replay!.game + 1}, after ${replay!.ply} moves` : 'The game under way'
            }
          />
          {shown && replay && (
            <div class="match-replay" role="group" aria-label="Replay">
              <button
                type="button"
                onClick={() => setReplay({ ...replay, ply: 0 })}
                aria-label="First position"
              >
                <PlaybackIcon symbol="first" />
              </button>
              <button
                type="button"
                onClick={() => setReplay({ ...replay, ply: Math.max(0, replay.ply - 1) })}
                aria-label="Back one move"
              >
                ◀
              </button>
              <Input
                type="range"
                min={0}
                max={shown.moves.length}
                value={replay.ply}
                aria-label="Move"
                onInput={(e) => setReplay({ ...replay, ply: Number(e.currentTarget.value) })}
              />
              <button
                type="button"
                onClick={() =>
                  setReplay({ ...replay, ply: Math.min(shown.moves.length, replay.ply + 1) })
                }
                aria-label="Forward one move"
              >
                ▶
              </button>
              <span class="match-ply">
                {replay.ply} / {shown.moves.length}
              </span>
            </div>
          )}
        </div>
        {finished.length > 0 && (
          <div class="table-scroll match-games" role="region" aria-label="Games" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col">A plays</th>
                  <th scope="col">Result</th>
                  <th scope="col">Ended by</th>
                  <th scope="col">Moves</th>
                  <th scope="col">
                    <span class="visually-hidden">Replay</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {finished.map((g, i) => (
                  <tr key={g.id} class={replay?.game === i ? 'selected' : undefined}>
                    <td class="num">{g.id + 1}</td>
                    <td>{g.aIsSente ? 'sente' : 'gote'}</td>
                    <td>{outcomeText(g)}</td>
                    <td>{endText(g.end)}</td>
                    <td class="num">{g.moves.length}</td>
                    <td>
                      <button
                        type="button"
                        disabled={running}
                        onClick={() => setReplay({ game: i, ply: g.moves.length })}
                      >
                        Replay
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

export default MatchRunner;

/** A labelled select: one of the match's settings. */
function Choice(props: {
  label: string;
  name: string;
  value: string;
  choices: readonly string[];
  text?: (choice: string) => string;
  disabled: boolean;
  onChange: (value: string) => void;
}): JSX.Element {
  return (
    <label>
      {props.label}
      <Select
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.choices.map((c) => (
          <option key={c} value={c}>
            {props.text ? props.text(c) : c}
          </option>
        ))}
      </Select>
    </label>
  );
}
