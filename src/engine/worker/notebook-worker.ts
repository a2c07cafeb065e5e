/**
 * The notebook cell's Web Worker: it runs one reader's program against the engine and posts back
 * what it prints. src/components/engine-client.ts creates it, one for each run; the cell's code
 * runs synchronously, so Stop and the time limit end it by terminating the worker.
 *
 * The program runs as the body of an async function (top-level await works) whose parameters
 * stand in for what a Node program sees: `require` (Sucrase's imports become calls to it, answered
 * with the engine's modules), `console`, `process` and, for the page, `show(position)`.
 */
import { makeSfen, Position } from '../index';
import { parsePositionText } from './protocol';
import {
  CELL_SOURCE_URL,
  cellPositionInStack,
  describeThrown,
  lineOfRedeclaration,
  lineOfSpecifier,
  requiredSpecifiers,
  resolveImport,
  transformCell,
  unknownImportMessage,
} from './notebook-cell';
import { formatArgs, makeConsole, OutputBuffer } from './notebook-format';
import {
  type CellErrorKind,
  type CellModule,
  type NotebookRequest,
  type NotebookResponse,
  type RunRequest,
} from './notebook-protocol';

/**
 * How long a finished cell waits for an `unhandledrejection` event before it is done: Chromium
 * queues the event as a task, which a zero-delay timer set before it may beat.
 */
const REJECTION_GRACE_MS = 20;

/** The engine's modules, loaded when a cell imports them (so a syntax error costs no loading). */
const LOADERS: Record<CellModule, () => Promise<unknown>> = {
  yomi: () => import('../library'),
  'yomi/internals': () => import('../internals'),
};

/** The part of a dedicated worker's global scope this file uses. */
interface WorkerScope {
  postMessage(message: NotebookResponse): void;
  onmessage: ((event: { data: NotebookRequest }) => void) | null;
  addEventListener(
    type: 'error' | 'unhandledrejection',
    listener: (event: { error?: unknown; reason?: unknown; preventDefault(): void }) => void,
  ): void;
}

type Post = (message: NotebookResponse) => void;

type CellFunction = (...args: unknown[]) => Promise<unknown>;

/** The constructor of async functions: like Function's, but the bodies it makes may await. */
const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => CellFunction;

const PARAMETERS = ['require', 'exports', 'module', 'console', 'process', 'show'];

/**
 * The reader's code as a function; the sourceURL names its frames in stack traces. The code sits
 * in a block of its own, so it may declare names of its own called `show` or `process` (a
 * `const` beside a parameter of the same name would be a syntax error). The block opens on the
 * code's first line, so lines keep their numbers.
 */
const compile = (body: string): CellFunction =>
  new AsyncFunction(...PARAMETERS, `"use strict";{${body}\n}\n//# sourceURL=${CELL_SOURCE_URL}`);

const now = (): number => performance.now();

/** setTimeout, which workers and Node have and the engine's library types leave out. */
const later = (callback: () => void, ms: number): unknown =>
  (globalThis as unknown as { setTimeout(c: () => void, ms: number): unknown }).setTimeout(
    callback,
    ms,
  );

let lineOffset: number | undefined;

/**
 * How many lines the function wrapper puts above the body (two in V8: the header and its
 * parameters). Measured once, with an error thrown on the body's first line, since engines differ.
 */
async function measureLineOffset(): Promise<number> {
  if (lineOffset !== undefined) return lineOffset;
  try {
    await compile('throw new Error()')();
  } catch (thrown) {
    const stack = thrown instanceof Error ? (thrown.stack ?? '') : '';
    lineOffset = (cellPositionInStack(stack, 0)?.line ?? 3) - 1;
  }
  return lineOffset ?? 2;
}

/** process.exit's way out of the reader's code. */
class ProcessExit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

/** Set while a cell runs: what an error escaping it (a timer's, a rejected promise's) ends. */
let uncaught: ((thrown: unknown) => void) | null = null;

export async function runCell({ code, file }: RunRequest, post: Post): Promise<void> {
  const start = now();
  const output = new OutputBuffer();
  let finished = false;
  // Each print is posted at once: output waiting in a buffer would never arrive if the code
  // went on to loop for ever, and OutputBuffer's limits bound how much is posted.
  const flush = () => {
    if (output.hasPending) post({ type: 'output', items: output.take() });
  };
  const finish = (message: NotebookResponse) => {
    if (finished) return;
    finished = true;
    uncaught = null;
    output.end();
    flush();
    post(message);
  };
  const ms = () => Math.round(now() - start);
  const fail = (kind: CellErrorKind, message: string, where?: { line: number; column?: number }) =>
    finish({ type: 'error', kind, message, ...where, ms: ms() });

  const transformed = transformCell(code);
  if (!transformed.ok) {
    const { message, line, column } = transformed.error;
    return fail('syntax', message, { line, column });
  }
  const modules = new Map<string, unknown>();
  for (const specifier of requiredSpecifiers(transformed.code)) {
    const name = resolveImport(specifier);
    if (name === undefined) {
      const line = lineOfSpecifier(code, specifier);
      return fail('import', unknownImportMessage(specifier), line ? { line } : undefined);
    }
    modules.set(specifier, await LOADERS[name]());
  }
  let cell: CellFunction;
  try {
    cell = compile(transformed.code);
  } catch (thrown) {
    // A mistake Sucrase let through (a name declared twice, say): the engine gives no place.
    const message = describeThrown(thrown);
    const line = lineOfRedeclaration(code, message);
    return fail('syntax', message, line === undefined ? undefined : { line });
  }
  const offset = await measureLineOffset();
  const failWith = (thrown: unknown) => {
    if (thrown instanceof ProcessExit)
      return finish({ type: 'done', ms: ms(), exitCode: thrown.code });
    const stack = thrown instanceof Error ? (thrown.stack ?? '') : '';
    // The line only: Sucrase keeps lines but not columns (`f(x)` may become `_m.f.call(void 0, x)`).
    const line = cellPositionInStack(stack, offset)?.line;
    fail('runtime', describeThrown(thrown), line === undefined ? undefined : { line });
  };
  uncaught = failWith;

  const exports: Record<string, unknown> = {};
  const require = (specifier: string) => {
    if (!modules.has(specifier)) throw new Error(unknownImportMessage(specifier));
    return modules.get(specifier);
  };
  const stream = (name: 'stdout' | 'stderr') => ({
    write: (text: unknown) => {
      output.write(name, String(text));
      flush();
      return true;
    },
  });
  const process = {
    argv: ['node', file],
    env: {},
    platform: 'browser',
    exitCode: undefined as number | undefined,
    exit: (code?: number) => {
      throw new ProcessExit(code ?? process.exitCode ?? 0);
    },
    stdout: stream('stdout'),
    stderr: stream('stderr'),
  };
  const show = (position: unknown, caption?: unknown) => {
    let sfen: string;
    if (position instanceof Position) sfen = makeSfen(position);
    else if (typeof position === 'string') {
      const parsed = parsePositionText(position);
      if (!parsed.ok) throw new Error(`show: ${parsed.error}`);
      sfen = makeSfen(parsed.value);
    } else
      throw new TypeError('show: give a Position, an SFEN, startpos or a USI position command');
    output.board(sfen, caption === undefined ? '' : formatArgs([caption]));
    flush();
  };
  const console = makeConsole(output, flush, now);

  try {
    await cell(require, exports, { exports }, console, process, show);
    // A moment more, so a promise rejected and never awaited is reported (as Node reports it)
    // before the run is called done: the browser fires that event from a task of its own.
    await new Promise<void>((resolve) => later(resolve, REJECTION_GRACE_MS));
    finish({ type: 'done', ms: ms(), exitCode: process.exitCode ?? 0 });
  } catch (thrown) {
    failWith(thrown);
  }
}

const scope = globalThis as unknown as Partial<WorkerScope>;
// Install the handlers only inside a worker (tests import runCell in Node).
if (typeof scope.postMessage === 'function' && 'onmessage' in scope) {
  const worker = scope as WorkerScope;
  const post: Post = (message) => worker.postMessage(message);
  worker.onmessage = (event) => void runCell(event.data, post);
  // An error thrown in a timer or a promise nobody awaited ends the run like one thrown inline,
  // and goes no further (not to the page's console).
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    uncaught?.(event.error);
  });
  worker.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    uncaught?.(event.reason);
  });
}
