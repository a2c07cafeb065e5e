// The child process of `npm run bench:instructions` (bench/instructions.ts), run under valgrind:
// plain JavaScript, so that what valgrind counts is the engine bundle and Node, not a TypeScript
// loader.
//
//   node --single-threaded bench/instructions-child.mjs <bundle> <options JSON> <positions JSON>
//        <search passes> <clear-only passes>
//
// Each search pass clears the tables and searches every position to its depth; a clear-only pass
// clears them as often without searching. The parent runs this twice, with the same number of
// passes in all, so that the difference between the two runs is searching alone: start-up,
// compilation of the first pass and clearing the 16 MiB table (a memset) cancel out.
import { pathToFileURL } from 'node:url';

const [bundle, optionsJson, positionsJson, searchArg, clearArg] = process.argv.slice(2);
const { Searcher, parseSfen } = await import(pathToFileURL(bundle).href);
const searcher = new Searcher(JSON.parse(optionsJson));
const positions = JSON.parse(positionsJson).map(({ sfen, depth }) => {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) throw new Error(parsed.error);
  return { sfen, depth };
});
let nodes = 0;
for (let pass = 0; pass < Number(searchArg); pass++)
  for (const { sfen, depth } of positions) {
    searcher.clear();
    nodes += searcher.search(parseSfen(sfen).value, { depth }).nodes;
  }
for (let pass = 0; pass < Number(clearArg); pass++)
  for (let i = 0; i < positions.length; i++) searcher.clear();
console.log(JSON.stringify({ nodes }));
