/**
 * Seed 002's Table 7 one position at a time: a position from the test games (games the tree never
 * trained on), every legal move judged by the best-move tree, and whether the move the teacher
 * played is among those it keeps. Each move shows its policies and its leaf's share of best moves;
 * choosing one (in the list, or by playing it on the board) shows its path through the tree.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Position } from '../../../engine/index';
import type { TeacherGame } from '../../../engine/dtree/data';
import { makeRandom } from '../../../engine/lab/random';
import type {
  DtreeMovesMessage,
  DtreeMoveRow,
  DtreeSettings,
} from '../../../engine/worker/protocol';
import { makeUsiMove } from '../../../engine/index';
import { Board } from '../Board';
import { colorMark, colorName } from '../board-model';
import { useEngineClient } from '../use-engine-client';
import { useGames, useSfenPosition } from './dtree-games';
import {
  count,
  type GamePosition,
  keptSummary,
  moveArrow,
  moveLabel,
  percent,
  playedMove,
  policyOf,
  randomTestPosition,
  shareOfOnes,
} from './dtree-model';
import { PathList } from './TreeView';
import '../widgets.css';
import './dtree.css';
import { Input } from '../controls';

export interface MoveVerdictsProps {
  /** The teacher's games, as served. */
  games: string;
  /** The best-move tree's settings. */
  settings: DtreeSettings;
  /** Positions to offer as buttons: a game, the moves played before the position, a label. */
  positions?: readonly (GamePosition & { label: string })[] | undefined;
}

/** The seed of "Another test position": the same sequence on every visit. */
const RANDOM_SEED = 2026;

/** Best first: by verdict, then the leaf's share of best moves, then the teacher's move. */
function ordered(moves: readonly DtreeMoveRow[]): DtreeMoveRow[] {
  return [...moves].sort(
    (a, b) =>
      b.label - a.label ||
      shareOfOnes(b.counts) - shareOfOnes(a.counts) ||
      Number(b.teacher) - Number(a.teacher),
  );
}

export function MoveVerdicts(props: MoveVerdictsProps): JSX.Element {
  const presets = props.positions ?? [];
  const { maxDepth, minLeaf, minGain = 0 } = props.settings;
  const file = useGames<TeacherGame>(props.games);
  const random = useRef(makeRandom(RANDOM_SEED));
  const [at, setAt] = useState<GamePosition | null>(presets[0] ?? null);
  const [preset, setPreset] = useState<number | null>(presets.length > 0 ? 0 : null);
  const [result, setResult] = useState<DtreeMovesMessage | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [onlyKept, setOnlyKept] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useEngineClient();

  // Without presets, the first position is a random test position.
  useEffect(() => {
    if (at === null && file.games) setAt(randomTestPosition(file.games, random.current));
  }, [at, file.games]);

  useEffect(() => {
    if (file.error) return setError(file.error);
    if (!file.games || at === null) return;
    const c = client();
    if (!c.hasDtreeGames('best')) c.dtreeGamesFor({ kind: 'best', games: file.games });
    setError(null);
    setBusy('Judging every move…');
    c.dtreeMoves(
      { game: at.game, ply: at.ply, maxDepth, minLeaf, minGain },
      {
        onProgress: (m) =>
          setBusy(
            m.stage === 'examples'
              ? `Reading the games into examples: ${count(m.done)} of ${count(m.total)}…`
              : 'Growing the tree…',
          ),
        onResult: (m) => {
          setResult(m);
          setSelected(m.teacher);
          setBusy(null);
        },
        onError: (m) => {
          setError(m.message);
          setBusy(null);
        },
      },
    );
  }, [at, file.games, file.error, maxDepth, minLeaf, minGain]);

  const pos = useSfenPosition(result?.sfen);

  const choose = (next: GamePosition, index: number | null) => {
    setPreset(index);
    setAt(next);
  };
  const another = () => {
    if (!file.games) return;
    const next = randomTestPosition(file.games, random.current);
    if (next) choose(next, null);
    else setError('There are no test positions in these games.');
  };

  const stale =
    result !== null && (busy !== null || result.game !== at?.game || result.ply !== at?.ply);
  const moves = result ? ordered(result.moves) : [];
  const shown = onlyKept ? moves.filter((m) => m.label === 1) : moves;
  const chosen = result?.moves.find((m) => m.usi === selected) ?? null;
  const arrows = pos
    ? [
        moveArrow(pos, result?.teacher ?? null, true),
        selected !== result?.teacher ? moveArrow(pos, selected) : null,
      ].filter((a) => a !== null)
    : [];

  return (
    <div class="widget move-verdicts" data-widget="move-verdicts">
      <div class="explorer-presets" role="group" aria-label="Test positions">
        {presets.map((p, i) => (
          <button
            type="button"
            key={`${p.game}-${p.ply}`}
            aria-pressed={preset === i}
            onClick={() => choose(p, i)}
          >
            {p.label}
          </button>
        ))}
        <button type="button" data-action="random" disabled={!file.games} onClick={another}>
          Another test position
        </button>
      </div>
      <p class="widget-note dt-status" aria-live="polite" data-state={busy ? 'busy' : 'idle'}>
        {!file.games && !file.error
          ? 'Fetching the games…'
          : busy
            ? busy
            : result && pos
              ? `Test game ${result.game}, after ${result.ply} moves; ${colorName(pos.sideToMove)} (${colorMark(pos.sideToMove)}) to move. The tree: maximum depth ${maxDepth}, minimum leaf ${minLeaf}, grown on the training games.`
              : ' '}
      </p>
      <p class="sfen-error" role="alert" hidden={!error}>
        {error}
      </p>
      {!result && !error && (
        // The room the answer will take, kept while the games are fetched and the tree grown, so
        // that it does not push the page down under the reader.
        <div class="dt-pending" aria-hidden="true" />
      )}
      {result && pos && (
        <div class={`dt-verdicts${stale ? ' stale' : ''}`} aria-busy={stale}>
          <div class="dt-board">
            <Board
              position={pos}
              lastMove={playedMove(result.previous)}
              arrows={arrows}
              onMove={(m) => setSelected(makeUsiMove(m))}
              label="The position: the teacher’s move drawn in orange, the chosen move in blue"
            />
            <p class="widget-note">
              Orange: the teacher’s move. Blue: the move chosen in the list (or play one on the
              board).
            </p>
          </div>
          <div class="dt-side">
            <p
              class="dt-kept"
              data-kept={result.kept}
              data-legal={result.legal}
              data-teacher-kept={String(result.teacherKept)}
            >
              {keptSummary(result.kept, result.legal, result.teacherKept)}
            </p>
            <label class="dt-filter">
              <Input
                type="checkbox"
                checked={onlyKept}
                onChange={(e) => setOnlyKept(e.currentTarget.checked)}
              />{' '}
              only moves judged best
            </label>
            <ul class="dt-moves" aria-label="Every legal move and the tree’s verdict">
              {shown.map((m) => (
                <MoveItem
                  key={m.usi}
                  pos={pos}
                  move={m}
                  selected={m.usi === selected}
                  onSelect={() => setSelected(m.usi)}
                />
              ))}
            </ul>
            {chosen && (
              <section class="dt-why" aria-live="polite" data-move={chosen.usi}>
                <h4>
                  {chosen.usi}
                  {chosen.teacher ? ' (the teacher’s move)' : ''}: its way through the tree
                </h4>
                <PathList
                  kind="best"
                  path={chosen.path}
                  counts={chosen.counts}
                  label={chosen.label}
                />
                {/* The chips' full names, for a reader who cannot hover: choose the move. */}
                <h5>The move's policies</h5>
                {chosen.policies.length === 0 ? (
                  <p class="widget-note">None of the 28 policies describes this move.</p>
                ) : (
                  <dl class="dt-policies" data-policies={chosen.policies.join(' ')}>
                    {chosen.policies.map((n) => {
                      const policy = policyOf(n);
                      return (
                        <div key={n}>
                          <dt>
                            {n}. {policy.en} <span lang="ja">{policy.ja}</span>
                          </dt>
                          <dd>{policy.definition}</dd>
                        </div>
                      );
                    })}
                  </dl>
                )}
              </section>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export default MoveVerdicts;

function MoveItem(props: {
  pos: Position;
  move: DtreeMoveRow;
  selected: boolean;
  onSelect: () => void;
}): JSX.Element {
  const { pos, move, selected } = props;
  const { kanji, usi } = moveLabel(pos, move.usi);
  const p = shareOfOnes(move.counts);
  return (
    <li data-usi={move.usi} data-label={move.label} data-teacher={move.teacher || undefined}>
      <button
        type="button"
        class="row-button dt-move"
        aria-pressed={selected}
        onClick={props.onSelect}
      >
        <span class="dt-move-name">
          <span lang="ja" class="dt-kanji">
            {kanji}
          </span>{' '}
          {usi}
          {move.teacher && (
            <span class="dt-teacher" title="The move the teacher played">
              {' '}
              ★ teacher
            </span>
          )}
        </span>
        <span class={`dt-verdict dt-verdict-${move.label}`}>
          {move.label === 1 ? 'best' : 'other'} <span class="dt-p">P {percent(p, 0)}</span>
        </span>
        <span class="dt-chips">
          {move.policies.map((n) => {
            const policy = policyOf(n);
            return (
              <span
                key={n}
                class="dt-chip"
                title={`Policy ${n}, ${policy.en}: ${policy.definition}`}
              >
                {n} {policy.en}
              </span>
            );
          })}
        </span>
      </button>
    </li>
  );
}
