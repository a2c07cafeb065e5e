/**
 * Judge positions without reading ahead. `material` counts the pieces on the board and in hand;
 * `effect` (seed 003's first table) and `kkpee9` add a value for each side's effects (利き) on
 * every square, larger the nearer the square is to a king, and take a tenth off each piece;
 * `tuned`, the engine's default, is KKPEE9's table with its parameters tuned on self-play games;
 * `basic` is 将棋ベーシック's rule: material and a point for each piece its own side defends.
 * They come from the registry the `evaluator` search option names, so
 * `new Searcher({ evaluator: 'kkpee9' })` searches with the same numbers.
 *
 *   npx tsx examples/effect-eval.ts
 *
 * Scores are from the side to move's point of view, in Bonanza's units: a pawn is 90.
 */
import { EVALUATOR_NAMES, EVALUATORS, parseSfen } from '../src/engine/library';

const POSITIONS = {
  'start position': 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
  'an opening': 'lnsgkgsnl/1r7/ppppp1bpp/5pp2/7P1/2P6/PP1PPPP1P/1B5R1/LNSGKGSNL b - 7',
  'quiet middle game':
    'ln1g3nl/1r3kg2/p1sppp1pp/2p3p2/1p7/2PP3P1/PPS1PPP1P/1K1G3R1/LN1G3NL b BSbs 1',
  'horizon position': '5g1nl/B4ns2/4kp2p/p1s3P2/3g5/g6pP/P1SP4L/3GB1R2/LN2K2N1 b SL3Pr7p 85',
  'an ending': 'l7l/4S1g2/2+Ppp2p1/6p1p/P1SG1R3/2SP1G1kP/KPN6/2P2PG2/Lr3S2L b NP2b2n5p 130',
};

console.log('position'.padEnd(20) + EVALUATOR_NAMES.map((name) => name.padStart(10)).join(''));
for (const [name, sfen] of Object.entries(POSITIONS)) {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) throw new Error(`${name}: ${parsed.error}`);
  // The effect evaluators build their tables the first time they are asked, then reuse them.
  const scores = EVALUATOR_NAMES.map((e) => EVALUATORS[e].evaluate(parsed.value));
  console.log(name.padEnd(20) + scores.map((v) => String(v).padStart(10)).join(''));
}
