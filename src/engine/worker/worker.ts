/**
 * The engine's Web Worker: it reads requests (protocol.ts), runs them on its own thread so the
 * page never freezes, and posts back progress and results. Only src/components/engine-client.ts
 * creates it.
 *
 * The engine has no DOM types, so the few worker globals used here are declared by hand.
 */
import { evaluateMoves, MOVE_EVAL_OPTIONS, type MoveEvalParams } from '../eval/move-evaluation';
import { flattenDecls, resolveValues } from '../option-spec';
import { rankReport } from '../eval/move-rank';
import { divide } from '../perft';
import {
  checkGoLimits,
  checkGoLines,
  checkPerftRequest,
  type EngineRequest,
  type EngineResponse,
  type EvaluateRequest,
  type GoRequest,
  INFO_INTERVAL_MS,
  MAX_MATCH_DEPTH,
  MAX_MATCH_GAMES,
  MAX_MATCH_NODES,
  type MatchRequest,
  parsePositionText,
  type PerftRequest,
  type RankRequest,
} from './protocol';
import { runEvalSpeed } from './eval-speed';
import { DtreeLab } from '../dtree/lab';
import { EndOfGameLab } from '../king-capture/requests';
import { playGame } from '../lab/game';
import {
  aScoreOf,
  type MatchGame,
  type MatchSettings,
  planGames,
  tallyMatch,
  withContempt,
} from '../lab/match';
import { openingPosition } from '../lab/openings';
import { Searcher, type SearchInfo, type SearchResult } from '../search/iterate';
import { searchLines } from '../search/lines';
import type { SearchOptions } from '../search/options';
import { resolveOptions } from '../search/options';
import rankFixture from '../eval/move-rank-positions.json';

/** The part of a dedicated worker's global scope this file uses. */
interface WorkerScope {
  postMessage(message: EngineResponse): void;
  onmessage: ((event: { data: EngineRequest }) => void) | null;
}

type Post = (message: EngineResponse) => void;

/** Milliseconds on a monotonic clock (performance.now in workers and Node). */
const now = (): number =>
  (globalThis as unknown as { performance: { now(): number } }).performance.now();

/** Run a perft request to the end, posting throttled `info` messages and then `result` or `error`. */
export function runPerft(request: PerftRequest, post: Post, clock: () => number = now): void {
  const { id } = request;
  const problem = checkPerftRequest(request);
  if (problem) return post({ type: 'error', id, message: problem });
  const parsed = parsePositionText(request.sfen);
  if (!parsed.ok) return post({ type: 'error', id, message: parsed.error });

  const start = clock();
  let lastInfo = start;
  const rate = (nodes: number, ms: number): number =>
    ms > 0 ? Math.round((nodes / ms) * 1000) : 0;
  const split = divide(parsed.value, request.depth, {
    bulk: request.bulk,
    onRootMove: (done, total, nodes) => {
      const t = clock();
      if (t - lastInfo < INFO_INTERVAL_MS && done < total) return;
      lastInfo = t;
      const ms = t - start;
      post({ type: 'info', id, done, total, nodes, seconds: ms / 1000, nps: rate(nodes, ms) });
    },
  });
  const ms = clock() - start;
  const nodes = split.reduce((sum, entry) => sum + entry.nodes, 0);
  post({ type: 'result', id, nodes, seconds: ms / 1000, nps: rate(nodes, ms), divide: split });
}

/** One Searcher per worker, so the transposition table lives from one search to the next. */
let searcher: Searcher | null = null;

// #region worker-go
/** Run a search, posting `searchinfo` after each completed depth and then `bestmove`. */
export function runGo(request: GoRequest, post: Post): void {
  const { id } = request;
  const problem = checkGoLimits(request.limits) ?? checkGoLines(request.lines);
  if (problem) return post({ type: 'error', id, message: problem });
  const options = resolveOptions(request.options ?? {});
  if (!options.ok) return post({ type: 'error', id, message: options.error });
  const parsed = parsePositionText(request.sfen);
  if (!parsed.ok) return post({ type: 'error', id, message: parsed.error });
  searcher ??= new Searcher(options.value);
  searcher.setOptions(options.value);
  searcher.clear(); // every widget search starts cold, so node counts are reproducible
  const onInfo = (info: SearchInfo) => post({ type: 'searchinfo', id, info });
  if ((request.lines ?? 1) > 1) {
    const onLine = (line: SearchResult, index: number) =>
      post({ type: 'searchline', id, index, line });
    const lines = searchLines(searcher, parsed.value, request.limits, request.lines!, {
      onInfo,
      onLine,
    });
    if (lines.length > 0) return post({ type: 'bestmove', id, result: lines[0]!, lines });
  }
  const result = searcher.search(parsed.value, request.limits, { onInfo });
  post({ type: 'bestmove', id, result });
}
// #endregion

/**
 * Move-evaluation constants over seed 000's, checked by the same declarations and validator as
 * the search's `moveEval` options (an unknown name or a value out of range names the constant).
 */
function moveEvalParams(params: unknown): MoveEvalParams | string {
  const r = resolveValues(MOVE_EVAL_OPTIONS, MOVE_EVAL_SCHEMA, params ?? {});
  return r.ok ? r.value : r.error.replace(/^options: /, 'move evaluation: ');
}

const MOVE_EVAL_SCHEMA = flattenDecls(MOVE_EVAL_OPTIONS, 'move-eval');

export function runEvaluate(request: EvaluateRequest, post: Post): void {
  const params = moveEvalParams(request.params);
  if (typeof params === 'string') return post({ type: 'error', id: request.id, message: params });
  const parsed = parsePositionText(request.sfen);
  if (!parsed.ok) return post({ type: 'error', id: request.id, message: parsed.error });
  post({ type: 'evaluation', id: request.id, moves: evaluateMoves(parsed.value, params) });
}

export function runRank(request: RankRequest, post: Post): void {
  const params = moveEvalParams(request.params);
  if (typeof params === 'string') return post({ type: 'error', id: request.id, message: params });
  post({ type: 'rankreport', id: request.id, report: rankReport(rankFixture.positions, params) });
}

// #region worker-match
/** Check a match request; the error names the field. Returns the settings to play. */
export function checkMatchRequest(request: MatchRequest): MatchSettings | string {
  const { games, limits, openings, seed, maxPlies, contempt } = request;
  if (!Number.isInteger(games) || games < 2 || games > MAX_MATCH_GAMES)
    return `match: games must be a whole number from 2 to ${MAX_MATCH_GAMES}, got ${games}`;
  const { depth, nodes } = limits ?? {};
  if ((depth === undefined) === (nodes === undefined))
    return 'match: give either a depth or a node count per move';
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 1 || depth > MAX_MATCH_DEPTH))
    return `match: depth must be a whole number from 1 to ${MAX_MATCH_DEPTH}, got ${depth}`;
  if (nodes !== undefined && (!Number.isInteger(nodes) || nodes < 1 || nodes > MAX_MATCH_NODES))
    return `match: nodes must be a whole number from 1 to ${MAX_MATCH_NODES}, got ${nodes}`;
  if (!Number.isInteger(maxPlies) || maxPlies < 1 || maxPlies > 400)
    return `match: maxPlies must be a whole number from 1 to 400, got ${maxPlies}`;
  if (!Number.isInteger(contempt) || contempt < 0 || contempt > 1000)
    return `match: contempt must be a whole number from 0 to 1000, got ${contempt}`;
  if (!Number.isInteger(seed)) return `match: seed must be a whole number, got ${seed}`;
  if (!Array.isArray(openings) || openings.length === 0) return 'match: no openings';
  for (const o of openings) {
    const parsed = parsePositionText(openingPosition(o));
    if (!parsed.ok) return `match: opening ${o.id}: ${parsed.error}`;
  }
  for (const [side, change] of [
    ['a', request.a],
    ['b', request.b],
  ] as const) {
    const r = resolveOptions(withContempt(change ?? {}, contempt));
    if (!r.ok) return `match: ${side}: ${r.error}`;
  }
  const player = (name: string, change: unknown) => ({
    name,
    label: name,
    change: (change ?? {}) as Partial<SearchOptions>,
  });
  return {
    a: player('A', request.a),
    b: player('B', request.b),
    games,
    seed,
    limits: depth !== undefined ? { depth } : { nodes: nodes! },
    clock: null,
    maxPlies,
    adjudication: null,
    contempt,
    sprt: null,
    shard: null,
  };
}

/** Play a match game by game, posting every move, every finished game, then the result. */
export function runMatchRequest(request: MatchRequest, post: Post): void {
  const { id } = request;
  const settings = checkMatchRequest(request);
  if (typeof settings === 'string') return post({ type: 'error', id, message: settings });
  const a = new Searcher(withContempt(settings.a.change, settings.contempt));
  const b = new Searcher(withContempt(settings.b.change, settings.contempt));
  const games: MatchGame[] = [];
  for (const spec of planGames(request.openings, settings)) {
    const moves: string[] = [];
    const record = playGame(
      {
        opening: spec.position,
        sente: (spec.aIsSente ? a : b).options,
        gote: (spec.aIsSente ? b : a).options,
        limits: settings.limits,
        clock: null,
        maxPlies: settings.maxPlies,
        adjudication: null,
      },
      { sente: spec.aIsSente ? a : b, gote: spec.aIsSente ? b : a },
      (move) => {
        moves.push(move);
        post({ type: 'matchmove', id, game: spec.id, opening: spec.position, moves: [...moves] });
      },
    );
    games.push({
      ...record,
      id: spec.id,
      pair: spec.pair,
      openingId: spec.opening.id,
      aIsSente: spec.aIsSente,
      aScore: aScoreOf(record, spec.aIsSente),
    });
    post({ type: 'matchgame', id, game: games.at(-1)!, tally: tallyMatch(games) });
  }
  post({ type: 'matchresult', id, games, tally: tallyMatch(games) });
}
// #endregion

/** The worker's decision-tree examples and trees, kept from one request to the next. */
const dtree = new DtreeLab(now);
/** Chapter 8's mate search keeps its proof from one request to the next. */
const endOfGame = new EndOfGameLab(now);

/** Answer one request. */
export function handleRequest(request: EngineRequest, post: Post): void {
  const guard = (name: string, run: () => void): void => {
    try {
      run();
    } catch (error) {
      post({ type: 'error', id: request.id, message: `${name} failed: ${String(error)}` });
    }
  };
  switch (request.type) {
    case 'go':
      return guard('search', () => runGo(request, post));
    case 'evaluate':
      return guard('move evaluation', () => runEvaluate(request, post));
    case 'rank':
      return guard('rank measure', () => runRank(request, post));
    case 'match':
      return guard('match', () => runMatchRequest(request, post));
    case 'evalspeed':
      return guard('speed measurement', () => runEvalSpeed(request, post, now));
    case 'dtree-load':
    case 'dtree-train':
    case 'dtree-moves':
    case 'dtree-mate':
      return guard(request.type, () => dtree.handle(request, post));
    case 'end-rules':
    case 'mate-search':
    case 'mate-node':
      return guard(request.type, () => endOfGame.handle(request, post));
    case 'perft':
      try {
        runPerft(request, post);
      } catch (error) {
        post({ type: 'error', id: request.id, message: `perft failed: ${String(error)}` });
      }
      return;
    case 'stop':
      // perft runs synchronously, so a stop read here arrives after the run it meant: nothing to do.
      return;
  }
}

const scope = globalThis as unknown as Partial<WorkerScope>;
// Install the handler only inside a worker (tests import this module in Node to call runPerft).
if (typeof scope.postMessage === 'function' && 'onmessage' in scope) {
  const post: Post = (message) => scope.postMessage!(message);
  scope.onmessage = (event) => handleRequest(event.data, post);
}
