/**
 * The same searches in Chromium, the way the book runs them: src/engine/worker/worker.ts bundled by
 * esbuild (as Vite bundles it for the site), started as a module Web Worker by a page served from
 * a local HTTP server, and sent `go` requests (protocol.ts) that answer with `bestmove`. Node
 * imports the very same bundle and calls its runGo, so both run identical code even if the
 * sources change while the benchmark runs.
 *
 * Time: the page measures postMessage → `bestmove` by its wall clock. CPU time is read from
 * Linux's per-thread scheduler statistics (/proc/<pid>/task/<tid>/schedstat, nanoseconds) of
 * every Chromium renderer process this one started, before and after each search, so the figure
 * is comparable with Node's process.cpuUsage and as indifferent to other load.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium';
import { BestTime, timeSync } from './search-timing';

const WORKER_ENTRY = new URL('../src/engine/worker/worker.ts', import.meta.url).pathname;

/** The page: one worker, and a function the benchmark calls to run one `go` request. */
const PAGE_HTML = `<!doctype html>
<meta charset="utf-8">
<title>Yomi search benchmark</title>
<script>
  const worker = new Worker('/worker.js', { type: 'module', name: 'yomi-engine' });
  let nextId = 1;
  window.yomiSearch = (sfen, depth) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      worker.onerror = (event) => reject(new Error('worker: ' + event.message));
      worker.onmessage = ({ data }) => {
        if (data.id !== id) return;
        if (data.type === 'error') reject(new Error(data.message));
        if (data.type !== 'bestmove') return;
        const ms = performance.now() - start;
        resolve({ ms, nodes: data.result.nodes, bestMove: data.result.bestMove });
      };
      const start = performance.now();
      worker.postMessage({ type: 'go', id, sfen, options: {}, limits: { depth } });
    });
</script>
`;

/** The bundled worker on disk; `remove` deletes it. */
export interface WorkerBundle {
  readonly file: string;
  remove(): Promise<void>;
}

export async function bundleWorker(): Promise<WorkerBundle> {
  const dir = await mkdtemp(join(tmpdir(), 'yomi-search-bench-'));
  const file = join(dir, 'worker.js');
  await build({
    entryPoints: [WORKER_ENTRY],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    outfile: file,
    logLevel: 'silent',
  });
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The part of worker.ts's exports and protocol that the benchmark uses. */
interface GoRequest {
  type: 'go';
  id: number;
  sfen: string;
  options: object;
  limits: { depth: number };
}
type Response =
  | { type: 'bestmove'; id: number; result: { nodes: number; bestMove: string | null } }
  | { type: 'error'; id: number; message: string }
  | { type: 'searchinfo' | 'info' | 'result' | 'evaluation' | 'rankreport'; id: number };
interface WorkerModule {
  runGo(request: GoRequest, post: (message: Response) => void): void;
}

/** The bundle's runGo in this process (the module installs no message handler outside a worker). */
export async function loadBundleInNode(
  bundle: WorkerBundle,
): Promise<(sfen: string, depth: number, best?: BestTime) => BrowserOutcome> {
  const module = (await import(pathToFileURL(bundle.file).href)) as WorkerModule;
  if (typeof module.runGo !== 'function') throw new Error('the worker bundle exports no runGo');
  return (sfen, depth, best) => {
    let outcome: BrowserOutcome | string = 'runGo posted no bestmove';
    const post = (message: Response): void => {
      if (message.type === 'bestmove') outcome = message.result;
      if (message.type === 'error') outcome = message.message;
    };
    const request: GoRequest = { type: 'go', id: 1, sfen, options: {}, limits: { depth } };
    if (best === undefined) module.runGo(request, post);
    else timeSync(best, () => module.runGo(request, post));
    const found = outcome as BrowserOutcome | string;
    if (typeof found === 'string') throw new Error(found);
    return { nodes: found.nodes, bestMove: found.bestMove };
  };
}

export interface BrowserOutcome {
  readonly nodes: number;
  readonly bestMove: string | null;
}

interface PageAnswer {
  ms: number;
  nodes: number;
  bestMove: string | null;
}

function isPageAnswer(value: unknown): value is PageAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['ms'] === 'number' && typeof v['nodes'] === 'number';
}

/** Process ids of this process's descendants whose command line says `--type=renderer`. */
function rendererPids(): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) follows the command name, which is in parentheses and may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) {
      if (p === process.pid) return true;
    }
    return false;
  };
  return [...parents.keys()].filter((pid) => {
    if (!descends(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}

/** CPU seconds used so far by all threads of these processes (scheduler statistics). */
function cpuSecondsOf(pids: readonly number[]): number {
  let nanoseconds = 0;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const schedstat = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8');
        nanoseconds += Number(schedstat.split(' ')[0]);
      } catch {
        // A thread that ended between the listing and the read.
      }
    }
  }
  return nanoseconds / 1e9;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('no port'));
      else resolve(address.port);
    });
  });
}

/** A Chromium page with the book's engine worker, ready for searches. */
export class ChromiumSearch {
  readonly version: string;
  readonly #browser: Browser;
  readonly #page: Page;
  readonly #server: Server;

  private constructor(browser: Browser, page: Page, server: Server) {
    this.version = browser.version();
    this.#browser = browser;
    this.#page = page;
    this.#server = server;
  }

  /** Serves the bundled worker and opens the page; a string says why it could not. */
  static async start(bundle: WorkerBundle): Promise<ChromiumSearch | string> {
    const executablePath = chromiumPath();
    if (!existsSync(executablePath)) {
      return `Chromium is not installed at ${executablePath} (set CHROMIUM_PATH, or apt-get install chromium)`;
    }
    const workerJs = readFileSync(bundle.file);
    const server = createServer((request, response) => {
      const [body, type] =
        request.url === '/worker.js'
          ? [workerJs, 'text/javascript']
          : [PAGE_HTML, 'text/html; charset=utf-8'];
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    });
    const port = await listen(server);
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      return new ChromiumSearch(browser, page, server);
    } catch (error) {
      await browser?.close();
      server.close();
      return `Chromium did not start: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /** One cold search at `depth` in the page's worker; timed into `best` if given. */
  async search(sfen: string, depth: number, best?: BestTime): Promise<BrowserOutcome> {
    const renderers = rendererPids();
    const cpuBefore = cpuSecondsOf(renderers);
    const answer: unknown = await this.#page.evaluate(
      `window.yomiSearch(${JSON.stringify(sfen)}, ${depth})`,
    );
    const cpu = cpuSecondsOf(renderers) - cpuBefore;
    if (!isPageAnswer(answer)) throw new Error(`the page answered ${JSON.stringify(answer)}`);
    best?.record(answer.ms / 1000, cpu);
    return { nodes: answer.nodes, bestMove: answer.bestMove };
  }

  async close(): Promise<void> {
    await this.#browser.close();
    this.#server.close();
  }
}
