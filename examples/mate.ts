/**
 * Prove a mate (詰み) with df-pn: the attacker plays only checks, the defender every legal
 * escape, and the search follows proof and disproof numbers to the line that settles it. The
 * line printed is the shortest the search proved, with the defender's longest resistance.
 *
 *   npx tsx examples/mate.ts             # the problem below
 *   npx tsx examples/mate.ts '<sfen>'    # a position where the side to move mates
 */
import { DfpnSearcher, parseSfen } from '../src/engine/library';

// A lone king, a pawn and four golds in hand: a mate in 7 from antma/tsumeshogi-check's tests.
const FOUR_GOLDS = '9/9/9/4k4/9/4P4/9/9/9 b 4G2r2b4s4n4l17p 1';
// The same with three golds: every check runs out.
const THREE_GOLDS = '9/9/9/4k4/9/4P4/9/9/9 b 3Gg2r2b4s4n4l17p 1';

const solver = new DfpnSearcher();
for (const sfen of process.argv.length > 2 ? process.argv.slice(2) : [FOUR_GOLDS, THREE_GOLDS]) {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) {
    console.error(`not a position: ${parsed.error}`);
    process.exit(2);
  }
  // A node budget rather than a time limit: the same answer on a fast machine and a slow one.
  const result = solver.solve(parsed.value, { nodes: 100_000 });
  // 'mate' comes with its line; 'nomate': every check was answered; 'timeout': out of budget.
  const found =
    result.status === 'mate' ? ` in ${result.pv.length} plies: ${result.pv.join(' ')}` : '';
  console.log(`${sfen}\n  ${result.status}${found} (${result.nodes} nodes)`);
}
