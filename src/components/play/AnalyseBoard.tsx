/**
 * The Analyse page: a game (loaded from a record, an SFEN or a link) to step through move by move,
 * the search explorer on the position shown (any options of the schema, the PV on the board, the
 * statistics and the tree), and the best few lines (MultiPV). The game and the move shown live in
 * the address, beside the explorer's own settings, so an analysis can be shared as a link.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { SearchInfo, SearchResult } from '../../engine/search/iterate';
import { ANALYSE_EXPLORER } from '../widgets/analyse-link';
import { EXPLORER_STAGES, SearchExplorer } from '../widgets/explorer/SearchExplorer';
import { formatCount } from '../numbers';
import { formatScore } from '../widgets/explorer/search-model';
import { useEngineClient } from '../widgets/use-engine-client';
import { readAnalyseState, writeAnalyseState, type AnalyseState } from './analyse-url';
import { lineInJapanese, moveList, NEW_GAME, positionCommand, type Game } from './game-model';
import { GameMoves, NotationSwitch, useNotation } from './GameMoves';
import { keepsOwnKeys } from '../widgets/keys';
import { RecordPanel } from './RecordPanel';
import { Later, useStages } from '../widgets/later';
import '../widgets/widgets.css';
import './play.css';

const LINE_COUNTS = [2, 3, 4, 5] as const;
const LINE_DEPTHS = [2, 3, 4, 5, 6] as const;

export function AnalyseBoard(): JSX.Element {
  const [state, setState] = useState<AnalyseState>({ game: NEW_GAME, ply: 0 });
  const [urlError, setUrlError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [notation, setNotation] = useNotation();
  // The island hydrates in stages, one task each (later.tsx): first the game's navigation and
  // best lines, then the explorer's parts in the order of the page, then the record panel.
  const stage = useStages(EXPLORER_STAGES + 1, true);
  const { game, ply } = state;

  useEffect(() => {
    const read = readAnalyseState(location.search);
    if (read && read.ok) setState(read.value);
    if (read && !read.ok) setUrlError(read.error);
    setReady(true);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const search = writeAnalyseState(location.search, state);
    if (search !== location.search)
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [state, ready]);

  const lines = useMemo(() => moveList(game), [game]);
  const total = game.moves.length;
  const go = (next: number) => setState({ game, ply: Math.max(0, Math.min(total, next)) });
  const load = (loaded: Game) => {
    setUrlError(null);
    setState({ game: loaded, ply: loaded.moves.length });
  };

  // Arrow keys step through the game when focus is on the navigation or the move list, not
  // in a field of the widget (Best lines' choices), which uses them itself.
  const onKey = (event: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    if (keepsOwnKeys(event.target)) return;
    const steps: Record<string, number> = {
      ArrowLeft: ply - 1,
      ArrowRight: ply + 1,
      Home: 0,
      End: total,
    };
    const next = steps[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };

  const shown = positionCommand(game, ply);
  const current = ply === 0 ? 'the start' : lines[ply - 1]?.japanese;

  return (
    <div class="analyse">
      <div class="widget analyse-game" data-widget="analyse" onKeyDown={onKey}>
        {urlError && (
          <p class="widget-error" role="alert" data-url-error>
            {urlError}
          </p>
        )}
        <div class="analyse-nav" role="group" aria-label="Step through the game">
          <button type="button" onClick={() => go(0)} disabled={ply === 0} data-start>
            « Start
          </button>
          <button
            type="button"
            onClick={() => go(ply - 1)}
            disabled={ply === 0}
            aria-label="Back one move"
            data-back
          >
            ◀
          </button>
          <span class="analyse-where" aria-live="polite" data-ply={ply}>
            {total === 0 ? 'No moves' : `Move ${ply} of ${total}`}
            {ply > 0 && (
              <>
                {': '}
                <span lang="ja">{current}</span>
              </>
            )}
          </span>
          <button
            type="button"
            onClick={() => go(ply + 1)}
            disabled={ply === total}
            aria-label="Forward one move"
            data-forward
          >
            ▶
          </button>
          <button type="button" onClick={() => go(total)} disabled={ply === total} data-end>
            End »
          </button>
          <NotationSwitch notation={notation} onChange={setNotation} class="analyse-notation" />
        </div>
        <GameMoves
          lines={lines}
          notation={notation}
          current={ply}
          onSelect={go}
          label="Moves of the game: choose one to see the position after it"
        />
        <BestLines position={shown} />
      </div>
      {/* Held until the address is read, so that its first search is of the position shown, and
          until its parts are drawn, so that the engine's start does not hold up their tasks. */}
      <SearchExplorer
        id={ANALYSE_EXPLORER}
        label="Search the position shown"
        position={shown}
        paused={!ready || stage < EXPLORER_STAGES}
        positions={[{ id: 'start', label: 'Start position', position: 'startpos' }]}
        tree
        depth={4}
        maxDepth={10}
        stage={stage}
      />
      {/* Under the board: the board is what a reader comes for, on the first screen. */}
      <Later
        ready={stage > EXPLORER_STAGES}
        class="widget analyse-record"
        data-widget="analyse-record"
      >
        <RecordPanel game={game} onImport={load} />
      </Later>
    </div>
  );
}

/** The best few lines of the position shown (MultiPV), found when the reader asks. */
function BestLines({ position }: { position: string }): JSX.Element {
  const client = useEngineClient();
  const [count, setCount] = useState<number>(3);
  const [depth, setDepth] = useState<number>(4);
  const [found, setFound] = useState<{ position: string; lines: SearchResult[] } | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The line being searched now: its deepest finished depth, shown under the lines found so far.
  const [live, setLive] = useState<SearchInfo | null>(null);

  // A new position makes the old lines stale: stop a search for it.
  useEffect(() => {
    if (running) client().stop();
    setRunning(false);
  }, [position]);

  const find = () => {
    setRunning(true);
    setError(null);
    setLive(null);
    // Each line is listed as soon as its search ends; Stop keeps the lines found so far.
    setFound({ position, lines: [] });
    client().go(
      { sfen: position, options: {}, limits: { depth }, lines: count },
      {
        onInfo: (message) => setLive(message.info),
        onLine: (message) => {
          setLive(null);
          setFound((f) =>
            f && f.position === position
              ? { position, lines: [...f.lines.slice(0, message.index), message.line] }
              : { position, lines: [message.line] },
          );
        },
        onResult: (message) => {
          setRunning(false);
          setLive(null);
          setFound({ position, lines: message.lines ?? [message.result] });
        },
        onError: (message) => {
          setRunning(false);
          setLive(null);
          setError(message.message);
        },
      },
    );
  };
  const stop = () => {
    client().stop();
    setRunning(false);
    setLive(null);
  };

  const shown = found && found.position === position ? found.lines : null;
  return (
    <section class="best-lines" aria-label="Best lines">
      <div class="best-lines-head">
        <h3>Best lines</h3>
        <label>
          <select
            value={count}
            onChange={(e) => setCount(Number(e.currentTarget.value))}
            aria-label="Number of lines"
            data-line-count
          >
            {LINE_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n} lines
              </option>
            ))}
          </select>
        </label>
        <label>
          <select
            value={depth}
            onChange={(e) => setDepth(Number(e.currentTarget.value))}
            aria-label="Depth of each line's search"
          >
            {LINE_DEPTHS.map((n) => (
              <option key={n} value={n}>
                depth {n}
              </option>
            ))}
          </select>
        </label>
        {running ? (
          <button type="button" onClick={stop}>
            Stop
          </button>
        ) : (
          <button type="button" class="primary" onClick={find} data-find-lines>
            Find
          </button>
        )}
      </div>
      <p class="widget-note">
        Plain α-β with the engine's defaults. Each line is a search of the moves the lines above did
        not take, so its score is that move's alone.
      </p>
      {error && (
        <p class="widget-error" role="alert">
          {error}
        </p>
      )}
      {shown && shown.length > 0 && (
        <ol class="best-lines-list" data-lines={shown.length}>
          {shown.map((line) => (
            <li key={line.bestMove}>
              <strong>{formatScore(line.score)}</strong>{' '}
              <span lang="ja">{lineInJapanese(position, line.pv)}</span>{' '}
              <span class="best-lines-nodes">({formatCount(line.nodes)} nodes)</span>
            </li>
          ))}
        </ol>
      )}
      {running && (
        <p class="widget-note best-lines-live" aria-live="polite" data-live-line>
          {live && live.pv.length > 0 ? (
            <>
              Line {(shown?.length ?? 0) + 1}, depth {live.depth}:{' '}
              <strong>{formatScore(live.score)}</strong>{' '}
              <span lang="ja">{lineInJapanese(position, live.pv)}</span>
            </>
          ) : (
            `Searching line ${(shown?.length ?? 0) + 1} of ${count}…`
          )}
        </p>
      )}
    </section>
  );
}

export default AnalyseBoard;
