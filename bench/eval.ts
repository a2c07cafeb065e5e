/**
 * The evaluation benchmark (chapter 6, seed 003): the same fixed-depth searches with each form of
 * the effect evaluation, and with material alone as the floor. Forms that share their constants
 * give the same value everywhere (npm run effect-agree), so they search the same tree node for
 * node; what differs is the time, and nodes per second of CPU time compare the forms directly.
 *
 *   npm run bench:eval                 # table on stdout
 *   npm run -s bench:eval -- --json    # JSON on stdout
 *   npm run bench:eval -- --depth 3 --runs 3
 *
 * Forms (src/engine/eval/effect/forms.ts, the list the chapter's widget also measures in a browser):
 * the formula recomputed square by square (no table), the factored per-king tables (what the
 * seed's previous version computed at run time, and what a browser tab can hold), the same kept
 * up to date move by move (only squares whose counts or piece changed), and the seed's big
 * precomputed table (one lookup a square) — for the first table uncapped, capped at N = 2, 3, 4,
 * and KKPEE9. Each form runs in a process of its own (tables built there, one
 * untimed search first to compile); run it on a quiet machine: the runs go round the forms and the
 * best is kept, but a busy machine still stretches CPU time.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readArgs } from '../scripts/lib/cli';
import { EVAL_FORMS, evalFormByName } from '../src/engine/eval/effect/forms';
import { Searcher } from '../src/engine/search/index';
import { parseSfen } from '../src/engine/sfen';
import { formatCount, formatRatio, formatTable } from './lib/table';
import { searchBenchPositions } from './search-positions';

const { values } = readArgs('bench:eval', {
  options: {
    depth: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
    form: { type: 'string', value: 'NAME' },
  },
});
const depth = Number(values.depth);
const runs = Number(values.runs);
if (!Number.isInteger(depth) || depth < 1 || depth > 6)
  throw new Error(`--depth must be a whole number from 1 to 6, not ${values.depth}`);
if (!Number.isInteger(runs) || runs < 1 || runs > 10)
  throw new Error(`--runs must be a whole number from 1 to 10, not ${values.runs}`);

const positions = searchBenchPositions(null).positions.map((p) => {
  const parsed = parseSfen(p.sfen);
  if (!parsed.ok) throw new Error(`${p.name}: ${parsed.error}`);
  return parsed.value;
});

/**
 * One pass: a cold search of every position (the table cleared before the clock starts), nodes
 * and CPU seconds. One Searcher serves every pass, so its transposition table's pages are touched
 * once, in the warm-up: a fresh 16 MB table per search paid its page faults inside the timing,
 * and runs of one form spread by up to 2×.
 */
function measure(searcher: Searcher): { nodes: number; cpu: number } {
  let nodes = 0;
  let cpu = 0;
  for (const pos of positions) {
    searcher.clear();
    const start = process.cpuUsage();
    const r = searcher.search(pos, { depth });
    const used = process.cpuUsage(start);
    cpu += (used.user + used.system) / 1e6;
    nodes += r.stats.nodes + r.stats.qnodes;
  }
  return { nodes, cpu };
}

/** A timed run lasts about this much CPU, in whole passes: a pass of a fraction of a second is at the JIT's and the scheduler's mercy. */
const MIN_RUN_SECONDS = 1;

const all = EVAL_FORMS;

/** In a form's own process: warm up, search every position once, print nodes and CPU seconds. */
if (values.form !== undefined) {
  const form = evalFormByName(values.form);
  if (!form.ok) throw new Error(form.error);
  const { evaluator, bytes } = form.value.make();
  const searcher = new Searcher({});
  searcher.evaluator = evaluator;
  // The first pass compiles the code and sizes the run: not timed.
  const warm = measure(searcher);
  const passes = Math.max(1, Math.ceil(MIN_RUN_SECONDS / Math.max(warm.cpu, 1e-3)));
  let cpu = 0;
  for (let i = 0; i < passes; i++) cpu += measure(searcher).cpu;
  console.log(JSON.stringify({ nodes: warm.nodes, cpu: cpu / passes, bytes }));
  process.exit(0);
}

/**
 * Each form runs in a process of its own, so that what the JIT learnt from one evaluator does not
 * slow another (one shared call site for many evaluators goes megamorphic); the runs go round the
 * forms in turn, and each form keeps its best CPU time, and its worst, so that a reader sees how far
 * runs of one form spread beside how far the forms differ.
 */
const best = all.map(() => ({ nodes: 0, cpu: Infinity, worst: 0, bytes: 0 }));
for (let run = 0; run < runs; run++)
  all.forEach((f, i) => {
    const out = execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        '--depth',
        String(depth),
        '--form',
        f.name,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    const m = JSON.parse(out.trim().split('\n').at(-1)!) as {
      nodes: number;
      cpu: number;
      bytes: number;
    };
    if (run > 0 && m.nodes !== best[i]!.nodes)
      throw new Error(`${f.name}: ${m.nodes} nodes, then ${best[i]!.nodes}`);
    best[i] = {
      nodes: m.nodes,
      cpu: Math.min(best[i]!.cpu, m.cpu),
      worst: Math.max(best[i]!.worst, m.cpu),
      bytes: m.bytes,
    };
    if (!values.json) process.stderr.write('.');
  });
if (!values.json) process.stderr.write('\n');

const rows = all.map((f, i) => ({
  name: f.name,
  group: f.group,
  nodes: best[i]!.nodes,
  cpuSeconds: best[i]!.cpu,
  nps: best[i]!.nodes / best[i]!.cpu,
  /** The slowest run's CPU time and nodes per second: with `nps`, the spread over the runs. */
  cpuSecondsWorst: best[i]!.worst,
  npsWorst: best[i]!.nodes / best[i]!.worst,
  bytes: best[i]!.bytes,
}));
// Forms of one group must read the same tree: they give the same value everywhere.
for (const r of rows) {
  const first = rows.find((x) => x.group === r.group)!;
  if (first.nodes !== r.nodes)
    throw new Error(`${r.name} read ${r.nodes}, ${first.name} ${first.nodes}`);
}
const npsOf = (name: string): number => rows.find((r) => r.name === name)!.nps;

if (values.json) {
  console.log(JSON.stringify({ depth, positions: positions.length, runs, rows }));
} else {
  const material = npsOf('material');
  console.log(
    `depth ${depth}, ${positions.length} bench positions, best of ${runs} runs; nps = nodes per CPU second\n`,
  );
  console.log(
    formatTable(
      [
        { header: 'form', align: 'left' },
        { header: 'nodes', align: 'right' },
        { header: 'nps', align: 'right' },
        { header: 'slowest run', align: 'right' },
        { header: '× material', align: 'right' },
        { header: '× factored', align: 'right' },
        { header: 'memory', align: 'right' },
      ],
      rows.map((r) => {
        const factored = rows.find((x) => x.group === r.group && x.name.endsWith('factored'));
        return [
          r.name,
          formatCount(r.nodes),
          formatCount(Math.round(r.nps)),
          formatCount(Math.round(r.npsWorst)),
          formatRatio(r.nps / material),
          factored ? formatRatio(r.nps / factored.nps) : '',
          r.bytes === 0 ? '' : `${(r.bytes / 2 ** 20).toFixed(1)} MiB`,
        ];
      }),
    ),
  );
}
