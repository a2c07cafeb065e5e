/**
 * `npm run bench`: every benchmark, one after another, each in its own process so one's heap and
 * JIT state do not colour the next. Extra arguments (e.g. `--json`) are passed to each.
 *   npm run bench [-- --only perft,search]
 */
import { spawnSync } from 'node:child_process';

const BENCHES = ['perft', 'search', 'pruning'] as const;

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',') : null;
const passThrough = onlyAt >= 0 ? args.filter((_, i) => i !== onlyAt && i !== onlyAt + 1) : args;

let failed = 0;
for (const name of BENCHES) {
  if (only && !only.includes(name)) continue;
  console.log(`\n=== bench:${name} ===\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, ...passThrough], {
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    failed++;
    console.error(`bench:${name} exited with ${run.status ?? run.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
