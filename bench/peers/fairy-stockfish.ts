/**
 * Fairy-Stockfish (the WebAssembly build in `fairy-stockfish-nnue.wasm`) as a benchmark peer: a
 * loader that works under Node 20, a small UCI driver, and perft.
 *
 * Loading: the package is an Emscripten module built with pthreads. Its own `uci.js` fails on
 * Node 18+ because Emscripten sees the global `fetch` and tries to fetch the .wasm by file path;
 * handing it the bytes as `wasmBinary` skips that. The engine then runs in worker_threads it
 * spawns itself; output lines reach us through `addMessageListener`.
 *
 * Shogi FEN: Fairy-Stockfish plays shogi through UCI with its own FEN (see `sfenToFen`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import createFairyStockfish, {
  type FairyStockfishModule,
} from 'fairy-stockfish-nnue.wasm/stockfish.js';

/** Fairy-Stockfish needs no hash for perft; keep the default small so loading stays quick. */
const HASH_MB = 16;
/** Loading compiles 1.6 MB of WASM and starts threads: seconds on a busy machine, never a minute. */
const STARTUP_TIMEOUT_MS = 60_000;

type LineWaiter = { prefix: string; resolve: (line: string) => void };

/** A UCI conversation with one engine instance. Lines are consumed in order by `waitFor`. */
export class UciEngine {
  readonly #module: FairyStockfishModule;
  readonly #pending: string[] = [];
  #waiter: LineWaiter | undefined;
  #listeners: ((line: string) => void)[] = [];

  constructor(module: FairyStockfishModule) {
    this.#module = module;
    module.addMessageListener((line) => this.#receive(line));
  }

  /** Sends one command line (no trailing newline). */
  send(command: string): void {
    this.#module.postMessage(command);
  }

  /**
   * Resolves with the next line that starts with `prefix`; lines before it are dropped.
   * Lines that arrived since the previous `waitFor` count too, so send-then-wait never races.
   * Rejects after `timeoutMs` if given (a perft or a search may legitimately take long).
   */
  waitFor(prefix: string, timeoutMs?: number): Promise<string> {
    if (this.#waiter) throw new Error(`already waiting for "${this.#waiter.prefix}"`);
    while (this.#pending.length > 0) {
      const line = this.#pending.shift()!;
      if (line.startsWith(prefix)) return Promise.resolve(line);
    }
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.#waiter = undefined;
              reject(new Error(`Fairy-Stockfish sent no "${prefix}" line within ${timeoutMs} ms`));
            }, timeoutMs);
      this.#waiter = {
        prefix,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
    });
  }

  /** Sees every output line as it arrives (e.g. `info` lines during a search). */
  onLine(listener: (line: string) => void): () => void {
    this.#listeners.push(listener);
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  /**
   * Stops the engine threads; the instance is unusable afterwards. No UCI `quit`: the engine
   * would answer it by calling process.exit (or overwriting process.exitCode) from its own thread.
   */
  quit(): void {
    this.#module.terminate();
  }

  #receive(line: string): void {
    for (const listener of this.#listeners) listener(line);
    const waiter = this.#waiter;
    if (waiter === undefined) {
      this.#pending.push(line);
    } else if (line.startsWith(waiter.prefix)) {
      this.#waiter = undefined;
      waiter.resolve(line);
    }
  }
}

/** Loads the engine, completes the UCI handshake and selects shogi. */
export async function startFairyStockfish(): Promise<UciEngine> {
  const wasmPath = createRequire(import.meta.url).resolve(
    'fairy-stockfish-nnue.wasm/stockfish.wasm',
  );
  const engine = new UciEngine(await createFairyStockfish({ wasmBinary: readFileSync(wasmPath) }));
  engine.send('uci');
  await engine.waitFor('uciok', STARTUP_TIMEOUT_MS);
  engine.send('setoption name UCI_Variant value shogi');
  engine.send(`setoption name Hash value ${HASH_MB}`);
  engine.send('isready');
  await engine.waitFor('readyok', STARTUP_TIMEOUT_MS);
  return engine;
}

/**
 * SFEN → Fairy-Stockfish shogi FEN. The board field is the same text (FSF's files a..i run from
 * SFEN's file 9 to file 1, so the strings coincide; promoted pieces keep their `+`). Hands go in
 * brackets with counts spelled out (`RGgsn5p` → `[RGgsnppppp]`). The side letters are swapped:
 * FSF calls the first player (sente, SFEN `b`) white, `w`. SFEN's ply becomes a full-move number.
 */
export function sfenToFen(sfen: string): string {
  const fields = sfen.trim().split(/\s+/);
  const [board, side, hand = '-', ply = '1'] = fields;
  if (board === undefined || (side !== 'b' && side !== 'w') || fields.length > 4) {
    throw new Error(`not an SFEN "board side hand ply": "${sfen}"`);
  }
  const handText =
    hand === '-'
      ? ''
      : hand.replace(/(\d+)(\D)/g, (_, n: string, piece: string) => piece.repeat(Number(n)));
  const fullMove = Math.max(1, Math.ceil(Number(ply) / 2));
  return `${board}[${handText}] ${side === 'b' ? 'w' : 'b'} - - 0 ${fullMove}`;
}

/** Fairy-Stockfish's `go perft` (bulk counting at the last ply, like Stockfish's). */
export async function perftWith(engine: UciEngine, sfen: string, depth: number): Promise<number> {
  engine.send(`position fen ${sfenToFen(sfen)}`);
  engine.send(`go perft ${depth}`);
  const line = await engine.waitFor('Nodes searched:');
  return Number(line.slice('Nodes searched:'.length).trim());
}

let shared: Promise<UciEngine> | undefined;

/** perft on a shared engine, started on first use; `stopSharedEngine` ends it. */
export async function perft(sfen: string, depth: number): Promise<number> {
  shared ??= startFairyStockfish();
  return perftWith(await shared, sfen, depth);
}

export async function stopSharedEngine(): Promise<void> {
  if (shared === undefined) return;
  const engine = await shared;
  shared = undefined;
  engine.quit();
}
