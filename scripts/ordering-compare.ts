/**
 * Chapter 2's measurement: the same positions searched to the same depth with no move ordering,
 * the standard ordering and seed 000's move evaluation. Nothing that prunes is switched on, so the
 * three must agree on the value; only the work differs.
 *   npm run ordering-compare [-- --depth 3] [--tt] [--fixture 20] [--json]
 * --tt keeps a transposition table (then the values may differ slightly: see ordering-model.ts);
 * --fixture adds the first N positions of the rank measure's fixture to the chapter's presets.
 */
import { readArgs } from './lib/cli';
import fixture from '../src/engine/eval/move-rank-positions.json' with { type: 'json' };
import { parseSfen } from '../src/engine/sfen';
import { Searcher } from '../src/engine/search/index';
import { EVAL_PRESETS } from '../src/components/widgets/move-eval/presets';
import {
  firstMoveRate,
  ORDERING_RUNS,
  orderingOptions,
  type RunSummary,
  summarise,
  valuesAgree,
} from '../src/components/widgets/move-eval/ordering-model';

const { values } = readArgs('ordering-compare', {
  options: {
    depth: { type: 'string', default: '3' },
    tt: { type: 'boolean', default: false },
    fixture: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
  },
});
const depth = Number(values.depth);
const presets = EVAL_PRESETS.map((p) => ({ name: p.id, sfen: p.sfen }));
const positions = [
  ...presets,
  ...fixture.positions
    .slice(0, Number(values.fixture))
    .map((p, i) => ({ name: `fixture ${i}`, sfen: p.sfen }))
    // The presets are fixture positions too; count each position once.
    .filter((p) => !presets.some((q) => q.sfen === p.sfen)),
];

// Warm the JIT up first, so the first run's time is not mostly compilation.
for (const { ordering } of ORDERING_RUNS) {
  const warm = parseSfen(EVAL_PRESETS[0]!.sfen);
  if (warm.ok) new Searcher(orderingOptions(ordering, values.tt)).search(warm.value, { depth: 2 });
}

const rows = positions.map(({ name, sfen }) => {
  const runs: RunSummary[] = ORDERING_RUNS.map(({ ordering }) => {
    const parsed = parseSfen(sfen);
    if (!parsed.ok) throw new Error(`${name}: ${parsed.error}`);
    const searcher = new Searcher(orderingOptions(ordering, values.tt));
    return summarise(ordering, searcher.search(parsed.value, { depth }));
  });
  if (!values.json) process.stderr.write('.');
  return { name, runs, agree: valuesAgree(runs) };
});
if (!values.json) process.stderr.write('\n');

const total = (
  i: number,
  key: 'nodes' | 'mainNodes' | 'cutoffs' | 'firstMoveCutoffs' | 'timeMs',
): number => rows.reduce((sum, r) => sum + r.runs[i]![key], 0);
const totals = ORDERING_RUNS.map((run, i) => ({
  ordering: run.ordering,
  nodes: total(i, 'nodes'),
  mainNodes: total(i, 'mainNodes'),
  cutoffs: total(i, 'cutoffs'),
  firstMoveRate: total(i, 'firstMoveCutoffs') / Math.max(1, total(i, 'cutoffs')),
  timeMs: total(i, 'timeMs'),
}));

if (values.json) {
  console.log(JSON.stringify({ depth, tt: values.tt, rows, totals }));
} else {
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  console.log(
    `depth ${depth}, transposition table ${values.tt ? 'on' : 'off'}, no pruning; nodes = main + quiescence\n`,
  );
  for (const { name, runs, agree } of rows) {
    console.log(`${name}: ${agree ? 'values agree' : 'VALUES DIFFER'}`);
    for (const r of runs)
      console.log(
        `  ${r.ordering.padEnd(16)} value ${String(r.value).padStart(6)}  best ${(r.bestMove ?? '-').padEnd(6)} ` +
          `nodes ${String(r.nodes).padStart(9)} (main ${String(r.mainNodes).padStart(7)})  cut-offs ${String(r.cutoffs).padStart(7)}  ` +
          `first-move ${pct(firstMoveRate(r)).padStart(4)}  ${String(r.timeMs).padStart(6)} ms`,
      );
  }
  console.log(`\ntotal over ${rows.length} positions`);
  for (const t of totals)
    console.log(
      `  ${t.ordering.padEnd(16)} nodes ${String(t.nodes).padStart(10)} (${pct(t.nodes / totals[0]!.nodes).padStart(4)} of none), ` +
        `main ${String(t.mainNodes).padStart(9)} (${pct(t.mainNodes / totals[0]!.mainNodes).padStart(4)})  ` +
        `first-move ${pct(t.firstMoveRate).padStart(4)}  ${String(t.timeMs).padStart(7)} ms`,
    );
  if (rows.some((r) => !r.agree)) process.exitCode = 1;
}
