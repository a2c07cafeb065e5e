/**
 * perft: count the positions a fixed number of moves away. The counts from the start position
 * are known (30, 900, 25,470, 719,731), so a move generator that matches them is very likely
 * right; a generator that drops or invents a move shows up as a wrong count.
 *
 *   npx tsx examples/perft.ts
 *
 * Times go to stderr: they differ from run to run, the counts on stdout never do.
 */
import { Position, perft } from '../src/engine/library';

const EXPECTED = [30, 900, 25_470, 719_731];

/** Runs a count, reports how long it took on stderr, and returns the count. */
function timed(label: string, count: () => number): number {
  const start = performance.now();
  const nodes = count();
  const ms = Math.max(performance.now() - start, 1);
  console.error(`  ${label}: ${ms.toFixed(0)} ms, ${Math.round(nodes / ms)}k nodes/s`);
  return nodes;
}

const pos = Position.startpos();
let allRight = true;
for (let depth = 1; depth <= EXPECTED.length; depth++) {
  const nodes = timed(`depth ${depth}`, () => perft(pos, depth));
  const expected = EXPECTED[depth - 1]!;
  allRight &&= nodes === expected;
  const verdict = nodes === expected ? 'ok' : `WRONG, expected ${expected}`;
  console.log(`perft(${depth}) = ${nodes.toLocaleString('en-US').padStart(7)}  ${verdict}`);
}

// With `bulk`, the last ply is counted, not played: the same number, far fewer moves made.
const bulk = timed('depth 4 in bulk', () => perft(pos, 4, { bulk: true }));
console.log(`perft(4) counting the last ply in bulk = ${bulk.toLocaleString('en-US')}`);
process.exitCode = allRight && bulk === EXPECTED[3] ? 0 : 1;
