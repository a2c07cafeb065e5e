/**
 * Fairy-Stockfish compiled by Emscripten (MODULARIZE, pthreads). The factory resolves once the
 * engine's main thread runs; commands go in with postMessage and output lines come back to the
 * listeners (or to console.log when there are none).
 */
declare module 'fairy-stockfish-nnue.wasm/stockfish.js' {
  export interface FairyStockfishModule {
    postMessage(command: string): void;
    addMessageListener(listener: (line: string) => void): void;
    removeMessageListener(listener: (line: string) => void): void;
    terminate(): void;
  }
  export interface FairyStockfishOptions {
    /** The .wasm bytes; without them Emscripten tries fetch(), which Node cannot do on a path. */
    wasmBinary?: Uint8Array;
  }
  const createFairyStockfish: (options?: FairyStockfishOptions) => Promise<FairyStockfishModule>;
  export default createFairyStockfish;
}
