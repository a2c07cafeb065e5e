/**
 * `npm run match:merge -- --out match.json shard1.json shard2.json …`: combine the shards of one
 * match (the same settings but for `--shard`, each run anywhere) into the result a single run
 * would have written. Refuses files from different matches, a shard given twice, or a game that
 * two files both played.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readArgs } from '../lib/cli';
import { formatTally, mergeResults, type MatchResult } from './match-result';

const { values, positionals } = readArgs(
  'match:merge',
  { options: { out: { type: 'string', value: 'FILE' } }, allowPositionals: true },
  'usage: npm run match:merge -- [--out FILE] SHARD.json…',
);
function read(file: string): MatchResult {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as MatchResult;
  } catch (error) {
    console.error(`match:merge: ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
}
const merged = mergeResults(positionals.map(read));
if (!merged.ok) {
  console.error(`match:merge: ${merged.error}`);
  process.exit(2);
}
const json = `${JSON.stringify(merged.value, null, 2)}\n`;
if (values.out) writeFileSync(values.out, json);
else process.stdout.write(json);
process.stderr.write(`${formatTally(merged.value.tally)}\n`);
