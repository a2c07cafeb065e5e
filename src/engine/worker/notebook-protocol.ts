/**
 * The notebook cell's messages (src/components/notebook/NotebookCell.tsx ↔ notebook-worker.ts),
 * the engine modules a cell can import, and the limits that keep a chatty cell from flooding the
 * page. Types and constants only, so the page can read them without loading the transpiler.
 *
 * Each run gets a fresh worker, as each `npx tsx examples/<name>.ts` gets a fresh process: no
 * state leaks from one run to the next, and Stop is a terminate.
 */

/**
 * What a cell can import, by the short name a reader types. An example's own path
 * (`'../src/engine/library'`) names the same module, so an example runs in the cell unchanged.
 */
export const CELL_MODULES = {
  yomi: {
    path: 'src/engine/library',
    what:
      'the engine as a library: positions and SFEN, moves in USI, legal moves, the rules, perft, ' +
      'the df-pn mate search, the α-β search and its options, the evaluators, and the option ' +
      'sets the chapters compare; games as KIF, KI2 and CSA',
  },
  'yomi/internals': {
    path: 'src/engine/internals',
    what:
      'the library and the engine’s working parts: the mailbox, effect counts, the move ' +
      'generator by mode, α-β and quiescence as functions, the transposition table, the slow ' +
      'twins the tests check against',
  },
} as const;

export type CellModule = keyof typeof CELL_MODULES;

export const CELL_MODULE_NAMES = Object.keys(CELL_MODULES) as CellModule[];

/**
 * Output lines kept per run; past this the cell goes on running, its output is dropped. The
 * worker posts each line as it is printed (a line printed just before a loop that never ends
 * must still reach the page), so this also bounds the messages a chatty cell sends the page.
 */
export const MAX_OUTPUT_LINES = 5_000;
/** Characters kept per line (a line of a megabyte would stall the page's layout). */
export const MAX_LINE_CHARS = 4_000;
/** Boards drawn per run: each is an SVG of some hundred elements. */
export const MAX_BOARDS = 24;
/** Rows of one console.table kept. */
export const MAX_TABLE_ROWS = 200;
export interface RunRequest {
  type: 'run';
  code: string;
  /** The file name `process.argv[1]` reports (an example's own, or the cell's). */
  file: string;
}

export type NotebookRequest = RunRequest;

/** Node's streams: console.log, info, debug and table write stdout; warn, error and trace stderr. */
export type Stream = 'stdout' | 'stderr';

export type OutputItem =
  | { kind: 'text'; stream: Stream; text: string }
  | {
      kind: 'table';
      columns: string[];
      rows: string[][];
      /** The table as Node's console.table prints it, which is what stdout holds. */
      text: string;
    }
  | { kind: 'board'; sfen: string; caption: string }
  /** Output past a limit was dropped from here on. */
  | { kind: 'truncated'; what: string };

export interface OutputMessage {
  type: 'output';
  items: OutputItem[];
}

export interface DoneMessage {
  type: 'done';
  ms: number;
  /** process.exitCode or the code given to process.exit (0 when neither was set). */
  exitCode: number;
}

export type CellErrorKind = 'syntax' | 'import' | 'runtime';

export interface CellErrorMessage {
  type: 'error';
  kind: CellErrorKind;
  /** `TypeError: x is not a function`, `Unexpected token`, … */
  message: string;
  /** 1-based, in the reader's code, when known. */
  line?: number;
  column?: number;
  ms: number;
}

export type NotebookResponse = OutputMessage | DoneMessage | CellErrorMessage;
