/**
 * One position, two option sets, the same depth: what does a technique change? Each side is a
 * preset the chapters compare (`plain`, `null`, `lmr`, `futility`, `modern`, `check`,
 * `recapture`, …) or options as JSON.
 *
 *   npx tsx examples/compare-options.ts                  # plain α-β against the check extension
 *   npx tsx examples/compare-options.ts plain modern
 *   npx tsx examples/compare-options.ts null '{"nullMove":true,"nullMoveR":3}'
 */
import { parseSfen, parsePlayer, Searcher, type SearchResult } from '../src/engine/library';

// Chapter 4's "pawn check, rook drop": gote threatens R*7i, a rook drop with check.
const SFEN = '5g1nl/B4ns2/4kp2p/p1s3P2/3g5/g6pP/P1SP4L/3GB1R2/LN2K2N1 b SL3Pr7p 85';
const DEPTH = 3;

const columns: { label: string; result: SearchResult }[] = [];
for (const text of process.argv.length > 2 ? process.argv.slice(2, 4) : ['plain', 'check']) {
  // A typo in a preset name or an option is an error that lists what would have been accepted.
  const player = parsePlayer(text);
  if (!player.ok) {
    console.error(player.error);
    process.exit(2);
  }
  // A fresh position and searcher for each side, so neither inherits the other's tables.
  const pos = parseSfen(SFEN);
  if (!pos.ok) throw new Error(pos.error);
  const searcher = new Searcher(player.value.change);
  columns.push({ label: player.value.label, result: searcher.search(pos.value, { depth: DEPTH }) });
}

const rows: [string, (r: SearchResult) => string][] = [
  ['nodes', (r) => String(r.nodes)],
  ['best move', (r) => r.bestMove ?? '-'],
  ['score', (r) => (r.score.kind === 'mate' ? `mate ${r.score.value}` : `cp ${r.score.value}`)],
  ['pv', (r) => r.pv.join(' ')],
];
const table = [
  [`depth ${DEPTH}`, ...columns.map((c) => c.label)],
  ...rows.map(([name, cell]) => [name, ...columns.map((c) => cell(c.result))]),
];
const width = Math.max(...table.flat().map((text) => text.length)) + 2;
for (const [name = '', ...cells] of table)
  console.log(name.padEnd(12) + cells.map((text) => text.padStart(width)).join(''));
