/**
 * Memory per position: what our Position reports about itself (board, hands and the per-ply
 * stacks it preallocates), and for every engine the heap growth of keeping positions alive.
 */
import { parseSfen, STARTPOS_SFEN } from '../src/engine/index';
import * as shogiops from './peers/shogiops';
import * as tsshogi from './peers/tsshogi';
import { heapBytesPerInstance } from './lib/measure';
import { OUR_ENGINE } from './perft-contenders';

export interface MemoryRow {
  readonly engine: string;
  readonly bytes: number | null;
  readonly how: string;
}

function ourPosition() {
  const parsed = parseSfen(STARTPOS_SFEN);
  if (!parsed.ok) throw new Error(`parseSfen: ${parsed.error}`);
  return parsed.value;
}

export async function measureMemory(): Promise<MemoryRow[]> {
  const heapHow = 'heap + array-buffer growth per start position kept alive (mean of 100)';
  return [
    {
      engine: OUR_ENGINE,
      bytes: ourPosition().memoryBytes(),
      how: 'Position.memoryBytes(): board, hands, effect/key/capture stacks for every ply',
    },
    { engine: OUR_ENGINE, bytes: await heapBytesPerInstance(ourPosition), how: heapHow },
    {
      engine: 'tsshogi',
      bytes: await heapBytesPerInstance(() => tsshogi.parsePosition(STARTPOS_SFEN)),
      how: heapHow,
    },
    {
      engine: 'shogiops',
      bytes: await heapBytesPerInstance(() => shogiops.parsePosition(STARTPOS_SFEN)),
      how: heapHow,
    },
    {
      engine: 'fairy-stockfish',
      bytes: null,
      how: 'not measured: its positions live in WASM memory',
    },
  ];
}
