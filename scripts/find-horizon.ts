/**
 * Look for horizon-effect positions: a fixed-depth search plays a delaying move (a sacrifice or a
 * spite check) that only pushes a loss past its horizon, and reading further (two plies deeper,
 * the check extension, or seed 000's recapture re-search) plays something else.
 *
 *   npx tsx scripts/find-horizon.ts [--playouts 300] [--depth 3] [--seed 4242] [--budget 300000]
 *
 * Positions come from seeded random playouts that prefer captures (scripts/lib/playouts.ts).
 * A candidate is a position where the depth-d move either has a negative move value (seed 000's
 * evaluateMove: it puts the piece where it stands to be lost) or gives check from a square only
 * the opponent bears on, and where one of the deeper readings picks a different move. Each
 * candidate is printed as one JSON line with both moves' values read two plies deeper.
 */
import { readArgs } from './lib/cli';
import { evaluateMove } from '../src/engine/eval/move-evaluation';
import { makeSfen, makeUsiMove, moveTo, parseUsiMove, type Position } from '../src/engine/index';
import { Searcher, type SearchOptions } from '../src/engine/search/index';
import { randomPlayouts } from './lib/playouts';

const { values } = readArgs('find-horizon', {
  options: {
    playouts: { type: 'string', default: '300' },
    depth: { type: 'string', default: '3' },
    seed: { type: 'string', default: '4242' },
    budget: { type: 'string', default: '300000' },
  },
});
const playouts = Number(values.playouts);
const depth = Number(values.depth);
/** Node budget of one deeper search; positions whose trees explode are skipped. */
const budget = Number(values.budget);

const READINGS: Record<string, { extra: number; options: Partial<SearchOptions> }> = {
  deeper: { extra: 2, options: {} },
  'check extension': { extra: 0, options: { checkExtension: true } },
  'recapture re-search': { extra: 0, options: { recaptureExtension: true } },
};

function bestMove(
  pos: Position,
  d: number,
  options: Partial<SearchOptions>,
): { move: string; value: number; pv: string[]; nodes: number } | null {
  const r = new Searcher(options).search(pos.clone(), { depth: d, nodes: budget });
  if (r.stopped || r.bestMove === null) return null;
  return { move: r.bestMove, value: r.value, pv: r.pv, nodes: r.nodes };
}

/** The value of playing `usi` in `pos`, read `d` plies deep in all (one ply for the move). */
function valueOf(pos: Position, usi: string, d: number): number | null {
  const parsed = parseUsiMove(pos, usi);
  if (!parsed.ok) return null;
  const child = pos.clone();
  child.doMove(parsed.value);
  const r = new Searcher().search(child, { depth: d - 1, nodes: budget });
  return r.stopped ? null : -r.value;
}

let found = 0;
for (const { playout, position: pos } of randomPlayouts(Number(values.seed), playouts)) {
  const root = pos.clone();
  const plain = bestMove(root, depth, {});
  if (plain === null || Math.abs(plain.value) > 10000) continue;
  const parsed = parseUsiMove(root, plain.move);
  if (!parsed.ok) continue;
  const move = parsed.value;
  const moveValue = evaluateMove(root, move).value;
  const to = moveTo(move);
  root.doMove(move);
  const givesCheck = root.inCheck();
  const exposed =
    root.effectCount(root.sideToMove, to) > 0 &&
    root.effectCount((root.sideToMove ^ 1) as 0 | 1, to) === 0;
  root.undoMove(move);
  if (!(moveValue < 0 || (givesCheck && exposed))) continue;

  const others: Record<string, string | null> = {};
  let differs = false;
  for (const [name, reading] of Object.entries(READINGS)) {
    const r = bestMove(root, depth + reading.extra, reading.options);
    others[name] = r?.move ?? null;
    if (r !== null && r.move !== plain.move) differs = true;
  }
  if (!differs) continue;
  const alternative = others.deeper ?? others['check extension'] ?? others['recapture re-search'];
  const deepX = valueOf(root, plain.move, depth + 2);
  const deepY = alternative ? valueOf(root, alternative, depth + 2) : null;
  found++;
  console.log(
    JSON.stringify({
      sfen: makeSfen(root),
      playout,
      depth,
      plain: { move: plain.move, value: plain.value, pv: plain.pv, moveValue, givesCheck },
      others,
      deeperValues: { [plain.move]: deepX, ...(alternative ? { [alternative]: deepY } : {}) },
    }),
  );
  process.stderr.write(`playout ${playout}: candidate ${found} (${makeUsiMove(move)})\n`);
}
process.stderr.write(`${found} candidates in ${playouts} playouts\n`);
