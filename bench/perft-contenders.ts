/** Everything the perft benchmark times: our engine in both counting modes and the peers. */
import { bundleEngine } from './lib/engine-bundle';
import * as fairyStockfish from './peers/fairy-stockfish';
import * as shogiops from './peers/shogiops';
import * as tsshogi from './peers/tsshogi';

/** Leaf: every last-ply move is made and unmade. Bulk: the last ply's moves are only counted. */
export type Counting = 'leaf' | 'bulk';

export interface Contender {
  readonly engine: string;
  readonly counting: Counting;
  readonly ours: boolean;
  /** Slow contenders run at a position's peerDepth instead of its depth. */
  readonly slow: boolean;
  /** How this contender counts, for the report. */
  readonly method: string;
  perft(sfen: string, depth: number): number | Promise<number>;
}

export const OUR_ENGINE = 'yomi';

/** Our engine as the site ships it: one esbuild bundle (see lib/engine-bundle.ts). */
const { parseSfen, perft: ourPerft } = await bundleEngine();

function yomi(counting: Counting): Contender {
  return {
    engine: OUR_ENGINE,
    counting,
    ours: true,
    slow: false,
    method: counting === 'leaf' ? 'doMove/undoMove every leaf' : 'last ply counted, not made',
    perft(sfen, depth) {
      const parsed = parseSfen(sfen);
      if (!parsed.ok) throw new Error(`parseSfen: ${parsed.error}`);
      return ourPerft(parsed.value, depth, { bulk: counting === 'bulk' });
    },
  };
}

export function ourContenders(): Contender[] {
  return [yomi('leaf'), yomi('bulk')];
}

export function peerContenders(withPeerBulk: boolean): Contender[] {
  const jsPeers = (counting: Counting): Contender[] => [
    {
      engine: 'tsshogi',
      counting,
      ours: false,
      slow: true,
      method: 'candidates checked by isValidMove, doMove/undoMove',
      perft: (sfen, depth) => tsshogi.perft(sfen, depth, { bulk: counting === 'bulk' }),
    },
    {
      engine: 'shogiops',
      counting,
      ours: false,
      slow: true,
      method: 'allMoveDests/allDropDests, clone+play',
      perft: (sfen, depth) => shogiops.perft(sfen, depth, { bulk: counting === 'bulk' }),
    },
  ];
  return [
    {
      engine: 'fairy-stockfish',
      counting: 'bulk',
      ours: false,
      slow: false,
      method: 'go perft (WASM, one thread)',
      perft: fairyStockfish.perft,
    },
    ...jsPeers('leaf'),
    ...(withPeerBulk ? jsPeers('bulk') : []),
  ];
}

export const stopPeers = fairyStockfish.stopSharedEngine;
