/**
 * The notebook cell's logic without the DOM: the examples and their captured output, what a run
 * printed on stdout and whether it is what the build captured, the status line, and the runner
 * that gives each run a fresh worker and ends it on Stop or at the time limit.
 */
import type { NotebookWorkerLike } from '../engine-client';
import type {
  CellErrorMessage,
  DoneMessage,
  OutputItem,
  Stream,
} from '../../engine/worker/notebook-protocol';

export interface Example {
  /** `perft` for examples/perft.ts. */
  name: string;
  source: string;
  /** What `npx tsx examples/<name>.ts` printed on stdout (src/data/examples/<name>.txt). */
  output: string;
  /** The first sentence of the program's doc comment. */
  summary: string;
}

/** The time limit in seconds: the default, and the range the input allows. */
export const TIME_LIMIT = { default: 10, min: 1, max: 120 } as const;

export const clampTimeLimit = (seconds: number): number =>
  Number.isFinite(seconds)
    ? Math.min(TIME_LIMIT.max, Math.max(TIME_LIMIT.min, Math.round(seconds)))
    : TIME_LIMIT.default;

/** What the cell holds before the reader loads an example or types. */
export const STARTER_CODE = `import { Position, legalMoves, makeUsiMove } from 'yomi';

const pos = Position.startpos();
const moves = legalMoves(pos);
console.log(\`\${moves.length} legal moves from the start position\`);
console.table(moves.slice(0, 4).map((move) => ({ usi: makeUsiMove(move) })));
show(pos, 'The start position');
`;

/** The first sentence of a program's leading doc comment, on one line. */
export function exampleSummary(source: string): string {
  const comment = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  const lines = comment.split('\n').map((line) => line.replace(/^\s*\* ?/, ''));
  const paragraph: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (paragraph.length > 0) break;
      continue;
    }
    paragraph.push(line.trim());
  }
  const text = paragraph.join(' ');
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0];
  return sentence ?? text;
}

/**
 * The examples from the build's globs: sources keyed `/examples/<name>.ts`, outputs
 * `/src/data/examples/<name>.txt`. An example without a captured output stops the build.
 */
export function examplesFrom(
  sources: Record<string, string>,
  outputs: Record<string, string>,
): Example[] {
  return Object.entries(sources)
    .map(([path, source]) => {
      const name = path.replace(/^.*\//, '').replace(/\.ts$/, '');
      const output = outputs[`/src/data/examples/${name}.txt`];
      if (output === undefined)
        throw new Error(
          `examples/${name}.ts has no captured output in src/data/examples/${name}.txt; ` +
            'run `npm run examples:capture`',
        );
      return { name, source, output, summary: exampleSummary(source) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What the run wrote to stdout, as a file would hold it: console.table's tables included. */
export function stdoutOf(items: readonly OutputItem[]): string {
  const lines: string[] = [];
  for (const item of items) {
    if (item.kind === 'text' && item.stream === 'stdout') lines.push(item.text);
    else if (item.kind === 'table') lines.push(item.text);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export type Comparison =
  | { same: true }
  /** The first line (1-based) where they differ, and each side's text of it. */
  | { same: false; line: number; printed: string | undefined; captured: string | undefined };

/** Does the cell's stdout equal the captured output, line for line? */
export function compareWithCaptured(printed: string, captured: string): Comparison {
  if (printed === captured) return { same: true };
  const a = printed.replace(/\n$/, '').split('\n');
  const b = captured.replace(/\n$/, '').split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return { same: false, line: i + 1, printed: a[i], captured: b[i] };
  // Only the final line break differs.
  return { same: false, line: a.length, printed: a.at(-1), captured: b.at(-1) };
}

/** Output as the page draws it: runs of lines on one stream in one block. */
export type Block =
  { kind: 'text'; stream: Stream; text: string } | Exclude<OutputItem, { kind: 'text' }>;

export function groupOutput(items: readonly OutputItem[]): Block[] {
  const blocks: Block[] = [];
  for (const item of items) {
    const last = blocks.at(-1);
    if (item.kind === 'text' && last?.kind === 'text' && last.stream === item.stream)
      blocks[blocks.length - 1] = { ...last, text: `${last.text}\n${item.text}` };
    else blocks.push(item);
  }
  return blocks;
}

export type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; ms: number }
  | { phase: 'done'; ms: number; exitCode: number }
  | { phase: 'stopped'; ms: number; reason: 'stop' | 'time-limit'; limitSeconds: number }
  | {
      phase: 'error';
      ms: number;
      kind: CellErrorMessage['kind'];
      message: string;
      line?: number | undefined;
      column?: number | undefined;
    };

/** "812 ms" under a second, "2.4 s" from there. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Where an error is: "line 3, column 7", "line 3", or ''. */
export function errorPlace(line?: number, column?: number): string {
  if (line === undefined) return '';
  return column === undefined ? `line ${line}` : `line ${line}, column ${column}`;
}

/** The status line under the controls. */
export function statusText(state: RunState): string {
  switch (state.phase) {
    case 'idle':
      return 'Not run yet.';
    case 'running':
      return `Running for ${formatDuration(state.ms)}…`;
    case 'done':
      return state.exitCode === 0
        ? `Done in ${formatDuration(state.ms)}.`
        : `Done in ${formatDuration(state.ms)}, exit code ${state.exitCode}.`;
    case 'stopped':
      return state.reason === 'stop'
        ? `Stopped after ${formatDuration(state.ms)}.`
        : `Stopped: the time limit of ${state.limitSeconds} s ran out.`;
    case 'error': {
      const what = { syntax: 'Syntax error', import: 'Import error', runtime: 'Error' }[state.kind];
      const place = errorPlace(state.line, state.column);
      return `${what}${place ? ` at ${place}` : ''}: ${state.message}`;
    }
  }
}

export interface RunHandlers {
  onOutput: (items: OutputItem[]) => void;
  onDone: (message: DoneMessage) => void;
  onError: (message: CellErrorMessage) => void;
  /** Stop or the time limit ended the run after `ms`. */
  onStopped: (reason: 'stop' | 'time-limit', ms: number) => void;
}

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

/**
 * Runs cells, one at a time, each in a fresh worker. Starting a run ends the one before;
 * Stop and the time limit terminate the worker at once, and nothing it sent afterwards arrives.
 */
export class NotebookRunner {
  private worker: NotebookWorkerLike | null = null;
  private timer: unknown = null;

  constructor(
    private readonly spawn: () => NotebookWorkerLike,
    private readonly timers: Timers = defaultTimers,
  ) {}

  get running(): boolean {
    return this.worker !== null;
  }

  run(code: string, file: string, limitMs: number, handlers: RunHandlers): void {
    this.end();
    const started = this.timers.now();
    const worker = this.spawn();
    this.worker = worker;
    this.stopRun = (reason) => {
      this.end();
      handlers.onStopped(reason, this.timers.now() - started);
    };
    worker.onmessage = ({ data }) => {
      if (this.worker !== worker) return; // sent before a Stop, arriving after it
      if (data.type === 'output') return handlers.onOutput(data.items);
      this.end();
      if (data.type === 'done') handlers.onDone(data);
      else handlers.onError(data);
    };
    worker.onerror = (event) => {
      // The worker's script failed to load or run: say so in the cell, not the page's console.
      event.preventDefault?.();
      this.end();
      handlers.onError({
        type: 'error',
        kind: 'runtime',
        message: `the notebook worker failed${event.message ? `: ${event.message}` : ''}`,
        ms: this.timers.now() - started,
      });
    };
    this.timer = this.timers.setTimeout(() => this.stopRun?.('time-limit'), limitMs);
    worker.postMessage({ type: 'run', code, file });
  }

  /** Stop the run now (the worker is terminated: the only way to end code that never yields). */
  stop(): void {
    if (this.worker) this.stopRun?.('stop');
  }

  /** End the run without a word: the worker goes, its handlers with it. */
  end(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.stopRun = null;
    if (!this.worker) return;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.worker = null;
  }

  private stopRun: ((reason: 'stop' | 'time-limit') => void) | null = null;
}
