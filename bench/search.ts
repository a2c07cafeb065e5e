/**
 * The search benchmark: our engine's fixed-depth search on fixed positions (nodes, time, nps,
 * best move), the node count with each search option switched, Fairy-Stockfish's search on the
 * same positions, and the same searches in Chromium's Web Worker against Node.
 *
 *   npm run bench:search                        # tables on stdout
 *   npm run -s bench:search -- --json > r.json  # tables on stderr, JSON summary on stdout
 *   npm run bench:search -- --only startpos     # some positions (comma-separated names)
 *   npm run bench:search -- --skip switches,fsf,chromium
 *
 * nps is nodes (main search + quiescence) per second of CPU time: on a shared two-core machine
 * the wall clock stretches with other processes' load, CPU time hardly does. Wall times are shown
 * beside it. Every search starts cold (tables cleared), so node counts are reproducible.
 */
import { cpus, loadavg } from 'node:os';
import { bundleWorker, ChromiumSearch, loadBundleInNode } from './search-browser';
import { startFsfSearch, type FsfEngine } from './search-fsf';
import { SWITCHES } from './search-ours';
import {
  errorMessage,
  measureBrowser,
  measureDefaults,
  measureFsf,
  measureSwitches,
} from './search-phases';
import { searchBenchPositions, type SearchBenchPosition } from './search-positions';
import {
  browserTable,
  checkNodes,
  failureNotes,
  fsfTable,
  fsfTotal,
  positionTable,
  positionTotal,
  switchTable,
  type BrowserRow,
  type FsfRow,
  type PositionRow,
} from './search-report';
import { formatCount, formatRatio } from './lib/table';

/** Issue 7's target for material-only search speed in Node, and how far Chromium may trail it. */
const TARGET_NODE_NPS = 1_200_000;
const TARGET_CHROMIUM_SLOWDOWN = 1.5;

const PARTS = ['switches', 'fsf', 'chromium'] as const;
type Part = (typeof PARTS)[number];

interface Options {
  readonly json: boolean;
  readonly only: readonly string[] | null;
  readonly skip: ReadonlySet<Part>;
}

function listAfter(args: readonly string[], flag: string): string[] | null {
  const at = args.indexOf(flag);
  return at < 0 ? null : (args[at + 1] ?? '').split(',').filter(Boolean);
}

function parseOptions(args: readonly string[]): Options {
  const skip = listAfter(args, '--skip') ?? [];
  const unknown = skip.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0)
    throw new Error(`--skip takes ${PARTS.join(', ')}; not ${unknown.join(', ')}`);
  return {
    json: args.includes('--json'),
    only: listAfter(args, '--only'),
    skip: new Set(skip as Part[]),
  };
}

const options = parseOptions(process.argv.slice(2));
/** With --json, stdout carries only the JSON; everything for people goes to stderr. */
const say = (text: string): void => {
  (options.json ? process.stderr : process.stdout).write(`${text}\n`);
};
const progress = (text: string): void => {
  process.stderr.write(`  … ${text}\n`);
};
const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

interface FsfSummary {
  name: string;
  evaluation: string;
  rows: FsfRow[];
  total: FsfRow;
}

async function startFsf(): Promise<FsfEngine | string> {
  try {
    return await startFsfSearch();
  } catch (error) {
    return `Fairy-Stockfish did not start: ${errorMessage(error)}`;
  }
}

type BrowserSummary = { version: string; rows: BrowserRow[]; total: BrowserRow } | string;

/** Bundles the book's worker once, loads it in Node and in Chromium, and times both. */
async function chromiumAgainstNode(
  positions: readonly SearchBenchPosition[],
): Promise<BrowserSummary> {
  const bundle = await bundleWorker();
  try {
    const nodeSearch = await loadBundleInNode(bundle);
    const chromium = await ChromiumSearch.start(bundle);
    if (typeof chromium === 'string') return chromium;
    try {
      const measured = await measureBrowser(positions, chromium, nodeSearch, progress);
      return { version: chromium.version, ...measured };
    } finally {
      await chromium.close();
    }
  } finally {
    await bundle.remove();
  }
}

function reportFsf(
  fsf: FsfEngine | string,
  rows: FsfRow[],
  ours: PositionRow,
): FsfSummary | string {
  say('2. Fairy-Stockfish WASM (npm fairy-stockfish-nnue.wasm), one thread, 16 MiB hash');
  if (typeof fsf === 'string') {
    say(`   SKIPPED: ${fsf}\n`);
    return fsf;
  }
  const total = fsfTotal(rows, ours);
  say(`   ${fsf.name}; it says "${fsf.evaluation}"`);
  if (/classical/i.test(fsf.evaluation)) {
    say('   (no NNUE: EvalFile is empty and the package ships no shogi network)');
  }
  say('   FSF nodes / best: `go depth N`, its selective search makes the count incomparable;');
  say('   speed: `go nodes <our nodes>`, the same amount of work; nps per CPU second (ours ÷ FSF');
  say(
    '   above 1: ours is faster; FSF evaluates far more per node, so this is not playing strength)',
  );
  say(`   ("FSF says": its own nps, by its wall clock)`);
  say(`${fsfTable(rows, total)}\n${failureNotes(rows)}`);
  return { name: fsf.name, evaluation: fsf.evaluation, rows, total };
}

function reportBrowser(browser: BrowserSummary): void {
  say(
    '3. Chromium against Node: src/engine/worker/worker.ts bundled by esbuild; Chromium runs it in a',
  );
  say("   Web Worker, Node imports the same bundle and calls its runGo. Chromium's CPU time is");
  say("   its renderer processes' threads'; Node's, this process's (Node ÷ Chromium above 1:");
  say('   Node is faster)');
  if (typeof browser === 'string') {
    say(`   SKIPPED: ${browser}\n`);
    return;
  }
  say(`   Chromium ${browser.version}`);
  say(`${browserTable(browser.rows, browser.total)}\n${failureNotes(browser.rows)}`);
}

function reportTargets(nodeNps: number | null, slowdown: number | null): void {
  const verdict = (met: boolean): string => (met ? 'met' : 'NOT MET');
  const nps =
    nodeNps === null
      ? 'not measured'
      : `${formatCount(nodeNps)} nps — ${verdict(nodeNps >= TARGET_NODE_NPS)}`;
  const browser =
    slowdown === null
      ? 'not measured'
      : `Node ÷ Chromium ${formatRatio(slowdown)} — ${verdict(slowdown <= TARGET_CHROMIUM_SLOWDOWN)}`;
  say('targets');
  say(`  Node ≥ ${formatCount(TARGET_NODE_NPS)} nps (material, CPU time): ${nps}`);
  say(`  Chromium within ${TARGET_CHROMIUM_SLOWDOWN}× of Node (CPU time): ${browser}`);
}

async function main(): Promise<void> {
  const { from, positions } = searchBenchPositions(options.only);
  const cores = cpus();
  say(`search benchmark — Node ${process.versions.node}, ${cores[0]?.model ?? 'unknown CPU'}`);
  say(`${cores.length} cores; load average at start ${load()} (1 / 5 / 15 min)`);
  say(`positions: ${from}; fixed depth per position; every search starts from cleared tables`);
  say('nps = nodes (main + quiescence) per CPU second; best of up to 3 interleaved runs\n');

  const rows = await measureDefaults(positions, progress);
  const total = positionTotal(rows);
  say('1. Our search, default options (material evaluator)');
  say(`${positionTable(rows, total)}\n${failureNotes(rows)}`);

  // Started only now: its threads stay busy for a moment after loading and after each search.
  const fsf = options.skip.has('fsf') ? '--skip fsf' : await startFsf();
  const fsfEngine = typeof fsf === 'string' ? null : fsf;
  const fsfRows =
    fsfEngine === null
      ? []
      : await measureFsf(positions, fsfEngine, rows, progress).finally(() =>
          fsfEngine.engine.quit(),
        );
  const fsfSummary = reportFsf(fsf, fsfRows, total);

  const browser = options.skip.has('chromium')
    ? '--skip chromium'
    : await chromiumAgainstNode(positions);
  reportBrowser(browser);

  const switches = options.skip.has('switches')
    ? null
    : await measureSwitches(positions, SWITCHES, progress);
  if (switches !== null) {
    say('4. One option switched from the defaults (all positions summed; × default = ratio)');
    say(`${switchTable(switches, positions.length)}\n${failureNotes(switches)}`);
  }

  const slowdown = typeof browser === 'string' ? null : browser.total.nodeOverChromium;
  reportTargets(total.nps, slowdown);
  say(`load average at end ${load()}`);
  const failures = rows.filter((r) => r.expectedNodes !== null && checkNodes(r) !== 'ok');
  if (failures.length > 0) {
    say(`!!! ${failures.length} position(s) where the default search's node count is off:`);
    for (const r of failures) say(`!!!   ${r.position}: ${checkNodes(r)}`);
    process.exitCode = 1;
  }
  if (!options.json) return;
  const summary = {
    benchmark: 'search',
    date: new Date().toISOString(),
    node: process.versions.node,
    cpu: cores[0]?.model ?? null,
    cores: cores.length,
    loadavg: loadavg(),
    positionsFrom: from,
    positions,
    defaults: { rows: rows, total },
    fairyStockfish: fsfSummary,
    chromium: browser,
    switches,
    targets: {
      nodeNps: { target: TARGET_NODE_NPS, measured: total.nps },
      nodeOverChromium: { target: TARGET_CHROMIUM_SLOWDOWN, measured: slowdown },
    },
    failures: failures.length,
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}

await main();
