/**
 * Yomi as a USI engine on the command line: reads commands from stdin, writes answers to
 * stdout, and searches in a worker thread so that `stop` is read while it thinks.
 *
 *   npm run usi                 # then type: usi, isready, position startpos, go depth 5, quit
 *   bin/yomi-usi                # the same, for a shogi GUI to launch
 *
 * Set YOMI_USI_LOG=/path/to/file to append every line in (>) and out (<) to a log.
 */
import { appendFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundleWorker } from './lib/bundle-worker';
import { type SearchInfo, type SearchResult } from '../src/engine/search/index';
import { err, type Result } from '../src/engine/types';
import { UsiEngine } from '../src/engine/usi/engine';
import { type SearchBackend, type SearchJob } from '../src/engine/usi/backend';
import {
  STOP_ID,
  type WorkerData,
  type WorkerRequest,
  type WorkerResponse,
} from './usi-search-worker';

interface PendingSearch {
  onInfo: (info: SearchInfo) => void;
  onDone: (result: Result<SearchResult>) => void;
}

const WORKER_ENTRY = new URL('./usi-search-worker.ts', import.meta.url);

/**
 * Start the search thread. From an esbuild bundle of scripts/usi-search-worker.ts when there is
 * one (the engine as the site ships it: plain ES modules run 10–20 % faster than tsx's
 * transform); else from the TypeScript, through a small bootstrap that registers tsx (resolved
 * from this file, whatever the working directory), since a worker does not inherit the loader.
 */
function spawnSearchWorker(control: SharedArrayBuffer, bundle: string | null): Worker {
  const data: WorkerData = { control };
  if (bundle !== null) return new Worker(bundle, { workerData: data });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap =
    `import(${JSON.stringify(tsx)})` +
    `.then(({ register }) => { register(); return import(${JSON.stringify(WORKER_ENTRY.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

/** A thread that keeps failing (say, tsx cannot be found) is not started again after this. */
const MAX_RESPAWNS = 3;

/** Searches in a worker thread; `stop` goes through an Atomics word the search polls. */
class WorkerBackend implements SearchBackend {
  private readonly control = new Int32Array(new SharedArrayBuffer(4));
  /** The search thread, or null once it failed too often to start it again. */
  private worker: Worker | null;
  private respawns = 0;
  private failure = '';
  private nextId = 0;
  private readonly searches = new Map<number, PendingSearch>();
  private readonly prepares = new Map<number, () => void>();

  constructor(
    private readonly log: (line: string) => void,
    private readonly bundle: string | null,
  ) {
    this.worker = this.spawn();
  }

  private spawn(): Worker {
    const worker = spawnSearchWorker(this.control.buffer, this.bundle);
    worker.on('message', (message: WorkerResponse) => this.receive(message));
    worker.on('error', (error) => this.crashed(error));
    return worker;
  }

  private receive(message: WorkerResponse): void {
    switch (message.type) {
      case 'info':
        return this.searches.get(message.id)?.onInfo(message.info);
      case 'done': {
        const pending = this.searches.get(message.id);
        this.searches.delete(message.id);
        return pending?.onDone(message.result);
      }
      case 'ready': {
        const done = this.prepares.get(message.id);
        this.prepares.delete(message.id);
        return done?.();
      }
    }
  }

  /** The thread died: fail its searches, release `isready`, and start a fresh one. */
  private crashed(error: Error): void {
    this.log(`# search thread failed: ${error.stack ?? error.message}`);
    process.stderr.write(`yomi-usi: the search thread failed: ${error.stack ?? error.message}\n`);
    this.failure = `the search thread failed: ${error.message}`;
    const searches = [...this.searches.values()];
    const prepares = [...this.prepares.values()];
    this.searches.clear();
    this.prepares.clear();
    this.worker = this.respawns++ < MAX_RESPAWNS ? this.spawn() : null;
    for (const s of searches) s.onDone(err(this.failure));
    for (const done of prepares) done();
  }

  prepare(options: SearchJob['options'], done: () => void): void {
    if (!this.worker) return done();
    const id = ++this.nextId;
    this.prepares.set(id, done);
    this.post({ type: 'prepare', id, options });
  }

  start(job: SearchJob, onInfo: PendingSearch['onInfo'], onDone: PendingSearch['onDone']): void {
    if (!this.worker) return onDone(err(this.failure));
    const id = ++this.nextId;
    this.searches.set(id, { onInfo, onDone });
    this.post({ type: 'go', id, job });
  }

  private post(request: WorkerRequest): void {
    this.worker?.postMessage(request);
  }

  stop(): void {
    // Every job up to the newest stops; a job started later has a larger id and runs on.
    Atomics.store(this.control, STOP_ID, this.nextId);
  }

  clear(): void {
    this.post({ type: 'clear' });
  }

  async close(): Promise<void> {
    this.stop();
    await this.worker?.terminate();
  }
}

async function main(): Promise<void> {
  const logPath = process.env.YOMI_USI_LOG;
  const log = (line: string): void => {
    if (logPath) appendFileSync(logPath, `${line}\n`);
  };
  // The search thread's bundle, made at start (a fraction of a second) and removed on quit.
  let bundle: Awaited<ReturnType<typeof bundleWorker>> | null = null;
  try {
    bundle = await bundleWorker(fileURLToPath(WORKER_ENTRY));
  } catch (error) {
    log(`# no bundle for the search thread, running it through tsx: ${String(error)}`);
  }
  if (bundle !== null) {
    // However the process ends (quit, the GUI closing the pipe, a kill), the bundle goes with it.
    const dir = dirname(bundle.file);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
      process.once(signal, () => process.exit(0));
  }
  const backend = new WorkerBackend(log, bundle?.file ?? null);
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  const engine = new UsiEngine({
    backend,
    write: (line) => {
      log(`< ${line}`);
      process.stdout.write(`${line}\n`);
    },
    onQuit: () => {
      input.close();
      process.stdin.destroy();
      void backend.close().then(() => bundle?.remove());
    },
  });
  // A GUI that goes away closes our stdout; there is no one left to answer.
  process.stdout.on('error', () => process.exit(0));
  input.on('line', (line) => {
    log(`> ${line}`);
    engine.receive(line);
  });
  input.on('close', () => engine.endOfInput());
}

await main();
