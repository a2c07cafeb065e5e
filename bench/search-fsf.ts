/**
 * Fairy-Stockfish's search on the benchmark positions, through the UCI driver of
 * peers/fairy-stockfish.ts: one search thread, a cleared hash before every search, and the last
 * `info … nodes … nps …` line and `bestmove` read back. Its moves are translated to USI so they
 * can stand beside ours.
 */
import { legalMoves, makeUsiMove, parseSfen } from '../src/engine/index';
import { sfenToFen, startFairyStockfish, type UciEngine } from './peers/fairy-stockfish';
import { BestTime, timeAsync } from './search-timing';

/** A search may legitimately take long on a loaded machine; one that hangs should still end. */
const GO_TIMEOUT_MS = 600_000;
/** The size of our engine's default transposition table (SearchOptions.ttSizeMb). */
const HASH_MB = 16;

export interface FsfEngine {
  readonly engine: UciEngine;
  /** The `id name` line's text. */
  readonly name: string;
  /** The engine's own words for the evaluation it uses (an `info string` line). */
  readonly evaluation: string;
}

export interface FsfOutcome {
  /** From the last `info` line with a node count. */
  readonly nodes: number;
  readonly depth: number;
  /** Fairy-Stockfish's own figures (its clock: wall time in milliseconds). */
  readonly reportedNps: number;
  readonly reportedTimeMs: number;
  /** In USI notation, and as Fairy-Stockfish wrote it. */
  readonly bestMove: string;
  readonly bestMoveFsf: string;
}

/** Starts the engine with one search thread and finds out which evaluation it runs. */
export async function startFsfSearch(): Promise<FsfEngine> {
  const engine = await startFairyStockfish();
  // A second `uci` to read the engine's name; it puts UCI_Variant back to chess, so set it again.
  engine.send('uci');
  const name = (await engine.waitFor('id name', GO_TIMEOUT_MS)).slice('id name '.length);
  await engine.waitFor('uciok', GO_TIMEOUT_MS);
  engine.send('setoption name UCI_Variant value shogi');
  engine.send(`setoption name Hash value ${HASH_MB}`);
  engine.send('setoption name Threads value 1');
  engine.send('position startpos');
  const strings: string[] = [];
  const stopListening = engine.onLine((line) => {
    if (line.startsWith('info string')) strings.push(line.slice('info string '.length));
  });
  engine.send('go depth 1');
  await engine.waitFor('bestmove', GO_TIMEOUT_MS);
  stopListening();
  const evaluation = strings.find((s) => /evaluation/i.test(s)) ?? 'not reported';
  return { engine, name, evaluation };
}

const numberAfter = (line: string, key: string): number | null => {
  const match = new RegExp(`\\b${key} (\\d+)`).exec(line);
  return match === null ? null : Number(match[1]);
};

/**
 * One search from a cleared hash: `go` is the part after `go` (`depth 5`, `nodes 60000`). Only
 * the `go` … `bestmove` exchange is timed into `best`.
 */
export async function fsfSearch(
  { engine }: FsfEngine,
  sfen: string,
  go: string,
  best: BestTime = new BestTime(),
): Promise<FsfOutcome> {
  engine.send('ucinewgame');
  engine.send('isready');
  await engine.waitFor('readyok', GO_TIMEOUT_MS);
  engine.send(`position fen ${sfenToFen(sfen)}`);
  let last = '';
  const stopListening = engine.onLine((line) => {
    if (line.startsWith('info ') && / nodes \d/.test(line)) last = line;
  });
  const bestLine = await timeAsync(best, () => {
    engine.send(`go ${go}`);
    return engine.waitFor('bestmove', GO_TIMEOUT_MS);
  });
  stopListening();
  const nodes = numberAfter(last, 'nodes');
  if (nodes === null) throw new Error(`Fairy-Stockfish reported no node count for "go ${go}"`);
  const bestMoveFsf = bestLine.split(/\s+/)[1] ?? '(none)';
  const bestMove = fsfMoveToUsi(bestMoveFsf);
  checkLegal(sfen, bestMove, bestMoveFsf);
  return {
    nodes,
    depth: numberAfter(last, 'depth') ?? 0,
    reportedNps: numberAfter(last, 'nps') ?? 0,
    reportedTimeMs: numberAfter(last, 'time') ?? 0,
    bestMove,
    bestMoveFsf,
  };
}

/** Catches an engine that plays another variant, or a wrong square translation. */
function checkLegal(sfen: string, move: string, asWritten: string): void {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) throw new Error(parsed.error);
  if (!legalMoves(parsed.value).some((m) => makeUsiMove(m) === move)) {
    throw new Error(`Fairy-Stockfish's move ${asWritten} (${move}) is not legal in ${sfen}`);
  }
}

/**
 * Fairy-Stockfish's shogi squares → USI: files a..i are SFEN's files 9..1 and ranks 1..9 count
 * from sente's side (rank 1 = SFEN rank i). Drops are written `P@e5`, promotions end in `+`.
 * `c3c4` → `7g7f`, `N@a6` → `N*9d`. Anything else comes back unchanged.
 */
export function fsfMoveToUsi(move: string): string {
  const square = (file: string, rank: string): string =>
    `${9 - (file.charCodeAt(0) - 97)}${String.fromCharCode(97 + 9 - Number(rank))}`;
  const drop = /^([A-Z])@([a-i])([1-9])$/.exec(move);
  if (drop !== null) return `${drop[1]!}*${square(drop[2]!, drop[3]!)}`;
  const step = /^([a-i])([1-9])([a-i])([1-9])(\+?)$/.exec(move);
  if (step === null) return move;
  return `${square(step[1]!, step[2]!)}${square(step[3]!, step[4]!)}${step[5]!}`;
}
