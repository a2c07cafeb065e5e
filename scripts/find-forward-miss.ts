/**
 * Look for positions where seed 000's forward pruning misses a good sacrifice: plain α-β at
 * depth d plays a quiet move that the move evaluation values at or below the threshold (−100),
 * forward pruning at that threshold plays something else, and reading both moves with plain α-β
 * says the sacrifice was better. For each, lower the threshold step by step to find where forward
 * pruning finds the sacrifice again.
 *
 *   npx tsx scripts/find-forward-miss.ts [--playouts 300] [--depth 3] [--seed 31] [--margin 200]
 *     [--keep captures,checks]   # what forward pruning keeps; --keep none is seed 000's own rule
 *     [--reading intent|code]    # read seed 000's move evaluation as its comments intend or as written
 *
 * Prints one JSON line per candidate.
 */
import { readArgs } from './lib/cli';
import { evaluateMove, MOVE_EVAL_DEFAULTS } from '../src/engine/eval/move-evaluation';
import { EMPTY, makeSfen, moveTo, parseUsiMove, type Position } from '../src/engine/index';
import { Searcher, type SearchOptions } from '../src/engine/search/index';
import { randomPlayouts } from './lib/playouts';

const { values } = readArgs('find-forward-miss', {
  options: {
    playouts: { type: 'string', default: '300' },
    depth: { type: 'string', default: '3' },
    seed: { type: 'string', default: '31' },
    margin: { type: 'string', default: '200' },
    budget: { type: 'string', default: '300000' },
    /** What forward pruning never prunes: "captures,checks" (the engine's default) or less. */
    keep: { type: 'string', default: 'captures,checks', value: 'captures,checks' },
    reading: { type: 'string', default: 'intent', value: 'intent|code' },
  },
});
const keep = values.keep.split(',');
const READINGS = ['intent', 'code'] as const;
const reading = READINGS.find((r) => r === values.reading);
if (reading === undefined)
  throw new Error(`--reading must be intent or code, not "${values.reading}"`);
const moveEval = { ...MOVE_EVAL_DEFAULTS, reading };
const FORWARD: Partial<SearchOptions> = {
  forwardPruning: 'threshold',
  forwardKeepCaptures: keep.includes('captures'),
  forwardKeepChecks: keep.includes('checks'),
  moveEval,
};
const depth = Number(values.depth);
/** How much better (by plain α-β) the sacrifice must be than forward pruning's move. */
const margin = Number(values.margin);
const budget = Number(values.budget);
/** Seed 000's threshold, and the step and floor of the scan below it. */
const SEED_THRESHOLD = -100;
const STEP = 50;
const FLOOR = -3000;

const search = (pos: Position, d: number, options: Partial<SearchOptions>) =>
  new Searcher(options).search(pos.clone(), { depth: d, nodes: budget });

/** Plain α-β's value of playing `usi` in `pos`, reading `d` plies in all. */
function valueOf(pos: Position, usi: string, d: number): number | null {
  const parsed = parseUsiMove(pos, usi);
  if (!parsed.ok) return null;
  const child = pos.clone();
  child.doMove(parsed.value);
  const r = new Searcher().search(child, { depth: d - 1, nodes: budget });
  return r.stopped ? null : -r.value;
}

let found = 0;
for (const { playout, position: pos } of randomPlayouts(
  Number(values.seed),
  Number(values.playouts),
)) {
  const plain = search(pos, depth, {});
  if (plain.stopped || plain.bestMove === null || Math.abs(plain.value) > 10000) continue;
  const parsed = parseUsiMove(pos, plain.bestMove);
  if (!parsed.ok) continue;
  const move = parsed.value;
  const moveValue = evaluateMove(pos, move, moveEval).value;
  if (moveValue > SEED_THRESHOLD) continue;
  if (FORWARD.forwardKeepCaptures && pos.board[moveTo(move)] !== EMPTY) continue;
  const child = pos.clone();
  child.doMove(move);
  if (FORWARD.forwardKeepChecks && child.inCheck()) continue;
  const pruned = search(pos, depth, FORWARD);
  if (pruned.stopped || pruned.bestMove === plain.bestMove || pruned.bestMove === null) continue;
  const prunedValue = valueOf(pos, pruned.bestMove, depth);
  if (prunedValue === null || plain.value - prunedValue < margin) continue;
  let threshold: number | null = null;
  for (let t = SEED_THRESHOLD - STEP; t >= FLOOR; t -= STEP) {
    const r = search(pos, depth, { ...FORWARD, forwardThreshold: t });
    if (r.bestMove === plain.bestMove) {
      threshold = t;
      break;
    }
  }
  const rank = [10, 5].map(
    (k) => search(pos, depth, { ...FORWARD, forwardPruning: 'rank', forwardRank: k }).bestMove,
  );
  found++;
  console.log(
    JSON.stringify({
      sfen: makeSfen(pos),
      playout,
      depth,
      keep,
      reading,
      plain: { move: plain.bestMove, value: plain.value, pv: plain.pv, moveValue },
      pruned: {
        move: pruned.bestMove,
        value: pruned.value,
        pv: pruned.pv,
        plainValue: prunedValue,
      },
      foundAtThreshold: threshold,
      rank10: rank[0],
      rank5: rank[1],
    }),
  );
  process.stderr.write(`playout ${playout}: candidate ${found} (${plain.bestMove})\n`);
}
process.stderr.write(`${found} candidates\n`);
