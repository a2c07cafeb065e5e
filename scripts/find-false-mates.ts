/**
 * Look for false mates: positions where a search with a pruning switched on reports a mate (for
 * either side) at a fixed depth, while plain α-β at the same depth finds none. It imports the
 * engine named by --engine, so it can be pointed at an older checkout to find what a fix must
 * change (test/fixtures/false-mates.json was found this way, before the fix).
 *
 *   npx tsx scripts/find-false-mates.ts [--engine src/engine] [--playouts 400] [--seed 7]
 *     [--depth 3] [--options '{"futility":true}'] [--max 5]
 *
 * Prints one JSON line per position found.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readArgs } from './lib/cli';
import { makeSfen } from '../src/engine/index';
import { randomPlayouts } from './lib/playouts';

const { values } = readArgs('find-false-mates', {
  options: {
    engine: { type: 'string', default: 'src/engine', value: 'DIR' },
    playouts: { type: 'string', default: '400' },
    seed: { type: 'string', default: '7' },
    depth: { type: 'string', default: '3' },
    options: { type: 'string', default: '{"futility":true}', value: 'JSON' },
    max: { type: 'string', default: '5' },
    budget: { type: 'string', default: '400000' },
  },
});

interface SearcherLike {
  search(
    pos: unknown,
    limits: Record<string, number>,
  ): {
    value: number;
    stopped: boolean;
    bestMove: string | null;
  };
}
interface EngineModule {
  Searcher: new (options?: Record<string, unknown>) => SearcherLike;
  MATE_BOUND: number;
}
interface SfenModule {
  parseSfen: (sfen: string) => { ok: true; value: unknown } | { ok: false; error: string };
}

const root = resolve(values.engine);
const engine = (await import(pathToFileURL(`${root}/search/index.ts`).href)) as EngineModule;
const { parseSfen } = (await import(pathToFileURL(`${root}/sfen.ts`).href)) as SfenModule;
const options = JSON.parse(values.options) as Record<string, unknown>;
const depth = Number(values.depth);
const limits = { depth, nodes: Number(values.budget) };
const isMate = (v: number): boolean => Math.abs(v) > engine.MATE_BOUND;

let found = 0;
for (const { playout, position } of randomPlayouts(Number(values.seed), Number(values.playouts))) {
  const sfen = makeSfen(position);
  const parse = (): unknown => {
    const r = parseSfen(sfen);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };
  const pruned = new engine.Searcher(options).search(parse(), limits);
  if (pruned.stopped || !isMate(pruned.value)) continue;
  const plain = new engine.Searcher().search(parse(), limits);
  if (plain.stopped || isMate(plain.value)) continue;
  console.log(
    JSON.stringify({
      playout,
      sfen,
      depth,
      options,
      pruned: { value: pruned.value, bestMove: pruned.bestMove },
      plain: { value: plain.value, bestMove: plain.bestMove },
    }),
  );
  if (++found >= Number(values.max)) break;
}
