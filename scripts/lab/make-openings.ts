/**
 * Make the match openings: `npm run make:openings [-- --seed 2026 --count 200]` writes
 * src/data/openings.json with the rule that made them (src/engine/lab/openings.ts).
 */
import { writeFileSync } from 'node:fs';
import { readArgs } from '../lib/cli';
import { makeOpenings, OPENING_RULE } from '../../src/engine/lab/openings';

const USAGE = 'usage: npm run make:openings -- [--seed N] [--count N] [--out file]';
const { values } = readArgs(
  'make:openings',
  {
    options: {
      seed: { type: 'string', default: '2026' },
      count: { type: 'string', default: '200' },
      out: { type: 'string', default: 'src/data/openings.json', value: 'FILE' },
    },
  },
  USAGE,
);
const seed = Number(values.seed);
const count = Number(values.count);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) {
  console.error(USAGE);
  process.exit(2);
}
const openings = makeOpenings(seed, count, OPENING_RULE, (kept, tried) => {
  process.stderr.write(`\r  … ${kept}/${count} kept of ${tried} tried`);
});
process.stderr.write('\n');
const { minPlies, maxPlies, depth, maxScore } = OPENING_RULE;
writeFileSync(
  values.out,
  `${JSON.stringify(
    {
      description:
        'Match openings, each played twice (once with each engine as sente). Made by the engine: ' +
        `from the start position, ${minPlies} to ${maxPlies} uniformly random legal plies; kept when ` +
        `a depth-${depth} search with the default options scores the position within ±${maxScore} ` +
        "(a pawn is 90) and no earlier opening reached it. `score` is that search's value for the side to move.",
      command: `npm run make:openings -- --seed ${seed} --count ${count}`,
      rule: OPENING_RULE,
      seed,
      openings,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${openings.length} openings to ${values.out}`);
