/**
 * Chapter 6's proof that seed 003's evaluation has one value in its three forms: the formula
 * computed square by square, the seed's big precomputed table (128 MB for the first table, 306 MB
 * for KKPEE9: Node only) and the factored tables a browser tab uses, compared on random positions
 * from seeded playouts, with the memory each form needs.
 *   npm run effect-agree [-- --positions 100000] [--seed 2026] [--json]
 */
import { readArgs } from './lib/cli';
import {
  buildFullTable,
  EffectTables,
  effectScore,
  effectScoreDirect,
  effectScoreFull,
  FIRST_TABLE,
  KKPEE9,
  type EffectParams,
} from '../src/engine/eval/effect/effect-eval';
import { randomPlayouts } from './lib/playouts';

const { values } = readArgs('effect-agree', {
  options: {
    positions: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '2026' },
    json: { type: 'boolean', default: false },
  },
});
const wanted = Number(values.positions);
const seed = Number(values.seed);
if (!Number.isInteger(wanted) || wanted < 1)
  throw new Error(`--positions must be a whole number above 0, not ${values.positions}`);
if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not ${values.seed}`);

const FORMS: { name: string; params: EffectParams }[] = [
  { name: 'first table', params: FIRST_TABLE },
  { name: 'KKPEE9', params: KKPEE9 },
];

const progress = (s: string): void => {
  if (!values.json) process.stderr.write(s);
};

const tables = FORMS.map(({ name, params }) => {
  const small = new EffectTables(params);
  const full = buildFullTable(small);
  progress(`${name}: tables built\n`);
  return { name, params, small, full };
});

const counts = tables.map(() => ({ positions: 0, fullDiffers: 0, factoredDiffers: 0 }));
let examples: string[] = [];
let seen = 0;
// A playout that ends early yields nothing, so ask for more playouts than positions wanted.
for (const { position } of randomPlayouts(seed, wanted * 2)) {
  if (seen === wanted) break;
  seen++;
  tables.forEach((t, i) => {
    const direct = effectScoreDirect(position, t.params);
    const full = effectScoreFull(position, t.small, t.full);
    const factored = effectScore(position, t.small);
    const c = counts[i]!;
    c.positions++;
    if (full !== direct) c.fullDiffers++;
    if (factored !== direct) c.factoredDiffers++;
    if ((full !== direct || factored !== direct) && examples.length < 5)
      examples = [...examples, `${t.name}: direct ${direct}, full ${full}, factored ${factored}`];
  });
  if (seen % 10_000 === 0) progress(`${seen} positions\n`);
}

const results = {
  seed,
  positions: seen,
  forms: tables.map((t, i) => ({
    name: t.name,
    ...counts[i]!,
    agree: counts[i]!.fullDiffers === 0 && counts[i]!.factoredDiffers === 0,
    fullTableBytes: t.full.byteLength,
    // The two per-king tables, as Float64 here; an Int32 pair would do for the first table.
    factoredBytes: t.small.our.byteLength + t.small.their.byteLength,
  })),
  examples,
};

if (values.json) console.log(JSON.stringify(results));
else {
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
  console.log(`${results.positions} positions from seeded playouts (seed ${seed})`);
  for (const f of results.forms)
    console.log(
      `  ${f.name.padEnd(12)} big table ${f.fullDiffers} differ, factored ${f.factoredDiffers} differ; big table ${mb(f.fullTableBytes)}, factored ${mb(f.factoredBytes)}`,
    );
  for (const e of examples) console.log(`  ${e}`);
}
