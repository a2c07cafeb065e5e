/**
 * Read ahead: iterative deepening searches depth 1, 2, 3, … and reports after each depth. Here
 * late move reductions are switched on; every option the book's panels show can be set the same
 * way, and anything left out keeps its default (everything that prunes or extends is off).
 *
 *   npx tsx examples/search.ts
 *
 * The limit is a depth, not a time, so the nodes and the moves are the same on every run.
 */
import { parseSfen, Searcher, type Score, type SearchInfo } from '../src/engine/library';

// Chapter 4's "pawn check, rook drop": gote threatens R*7i, a rook drop with check. At depth 3
// the search still plays the pawn check P*5d, which only pushes the threat past its horizon.
const SFEN = '5g1nl/B4ns2/4kp2p/p1s3P2/3g5/g6pP/P1SP4L/3GB1R2/LN2K2N1 b SL3Pr7p 85';

const parsed = parseSfen(SFEN);
if (!parsed.ok) throw new Error(parsed.error);

// Scores are from the side to move's point of view: centipawns (a pawn is 90) or a mate in n.
const show = (s: Score): string => (s.kind === 'mate' ? `mate ${s.value}` : `cp ${s.value}`);
const report = (info: SearchInfo): void =>
  console.log(
    `depth ${info.depth}  ${show(info.score).padEnd(7)}  nodes ${String(info.nodes).padStart(6)}` +
      `  pv ${info.pv.join(' ')}`,
  );

// Unknown option names and values out of range are refused here, naming the option.
const searcher = new Searcher({ lmr: true });
const result = searcher.search(parsed.value, { depth: 5 }, { onInfo: report });
console.log(`best move ${result.bestMove}, ${result.nodes} nodes in all`);
