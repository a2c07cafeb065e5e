/**
 * perft from the command line:
 *   npm run perft -- --sfen "<sfen or startpos>" --depth N [--divide] [--bulk] [--json]
 * The JSON line is {"nodes": N, "seconds": S, "nps": R} (with "divide" when asked).
 */
import { divide, parsePositionCommand, parseSfen, perft } from '../src/engine/index';
import { readArgs } from './lib/cli';

function fail(message: string): never {
  console.error(`perft: ${message}`);
  process.exit(2);
}

const args = readArgs(
  'perft',
  {
    options: {
      sfen: { type: 'string', default: 'startpos' },
      position: { type: 'string' },
      depth: { type: 'string', default: '1' },
      divide: { type: 'boolean', default: false },
      bulk: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  },
  'usage: npm run perft -- --sfen "<sfen|startpos>" --depth N [--divide] [--bulk] [--json]\n' +
    '       --position "startpos moves 7g7f 3c3d" sets the position with moves (USI syntax)',
).values;
const depth = Number(args.depth);
if (!Number.isInteger(depth) || depth < 0 || depth > 20)
  fail(`--depth must be a whole number from 0 to 20, got "${args.depth}"`);
const parsed =
  args.position !== undefined ? parsePositionCommand(args.position) : parseSfen(args.sfen);
if (!parsed.ok) fail(parsed.error);
const pos = parsed.value;

const start = performance.now();
const split = args.divide ? divide(pos, depth, { bulk: args.bulk }) : undefined;
const nodes = split
  ? split.reduce((s, d) => s + d.nodes, 0)
  : perft(pos, depth, { bulk: args.bulk });
const seconds = (performance.now() - start) / 1000;
const nps = Math.round(nodes / Math.max(seconds, 1e-9));

if (args.json) {
  console.log(
    JSON.stringify({
      nodes,
      seconds: Number(seconds.toFixed(3)),
      nps,
      ...(split ? { divide: split } : {}),
    }),
  );
} else {
  for (const { move, nodes: n } of split ?? []) console.log(`${move}: ${n}`);
  if (split) console.log();
  console.log(
    `nodes ${nodes}  time ${seconds.toFixed(3)} s  ${(nps / 1e6).toFixed(2)} M nodes/s  (${args.bulk ? 'bulk' : 'leaf'} counting)`,
  );
}
