/**
 * The worker's side of the protocol, run in Node: perft answers with throttled progress and a
 * result that sums its divide; bad input comes back as an error naming the problem.
 */
import { describe, expect, it } from 'vitest';
import {
  checkPerftRequest,
  type EngineResponse,
  MAX_PERFT_DEPTH,
  parsePositionText,
  type PerftRequest,
} from '../../../src/engine/worker/protocol';
import { handleRequest, runPerft } from '../../../src/engine/worker/worker';
import { makeSfen, STARTPOS_SFEN } from '../../../src/engine/index';

const request = (fields: Partial<PerftRequest> = {}): PerftRequest => ({
  type: 'perft',
  id: 7,
  sfen: 'startpos',
  depth: 2,
  bulk: false,
  ...fields,
});

function collect(run: (post: (m: EngineResponse) => void) => void): EngineResponse[] {
  const out: EngineResponse[] = [];
  run((m) => out.push(m));
  return out;
}

describe('parsePositionText', () => {
  it('reads an SFEN, startpos and a position command with moves', () => {
    const sfen = parsePositionText(STARTPOS_SFEN);
    const start = parsePositionText('startpos');
    const moved = parsePositionText('startpos moves 7g7f 3c3d');
    const full = parsePositionText(`position sfen ${STARTPOS_SFEN} moves 7g7f`);
    expect(sfen.ok && start.ok && moved.ok && full.ok).toBe(true);
    if (!moved.ok || !full.ok) return;
    expect(moved.value.ply).toBe(2);
    expect(makeSfen(full.value)).toMatch(/ w - 2$/);
    const bare = parsePositionText(`${STARTPOS_SFEN} moves 7g7f 3c3d`);
    expect(bare.ok && bare.value.ply).toBe(2);
  });

  it('names what is wrong', () => {
    const bad = parsePositionText(
      'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1',
    );
    expect(bad).toEqual({ ok: false, error: expect.stringContaining('side to move') as string });
    const illegal = parsePositionText('startpos moves 7g7e');
    expect(illegal.ok).toBe(false);
    if (!illegal.ok) expect(illegal.error).toContain('7g7e');
  });
});

describe('checkPerftRequest', () => {
  it('accepts depths 1 to the maximum and rejects the rest', () => {
    expect(checkPerftRequest(request({ depth: 1 }))).toBeNull();
    expect(checkPerftRequest(request({ depth: MAX_PERFT_DEPTH }))).toBeNull();
    for (const depth of [0, -1, 2.5, MAX_PERFT_DEPTH + 1, Number.NaN])
      expect(checkPerftRequest(request({ depth }))).toMatch(/depth/);
  });
});

describe('runPerft', () => {
  it('answers with a result whose divide sums to the count', () => {
    const messages = collect((post) => runPerft(request({ depth: 2 }), post));
    const result = messages.at(-1);
    expect(result?.type).toBe('result');
    if (result?.type !== 'result') return;
    expect(result.id).toBe(7);
    expect(result.nodes).toBe(900);
    expect(result.divide).toHaveLength(30);
    expect(result.divide.reduce((sum, d) => sum + d.nodes, 0)).toBe(900);
  });

  it('counts the same in bulk mode', () => {
    const messages = collect((post) => runPerft(request({ depth: 3, bulk: true }), post));
    expect(messages.at(-1)).toMatchObject({ type: 'result', nodes: 25470 });
  });

  it('reports progress at most once per interval, and always after the last root move', () => {
    let t = 0;
    const clock = () => (t += 1); // 1 ms per call: far below the interval
    const messages = collect((post) => runPerft(request({ depth: 1 }), post, clock));
    const infos = messages.filter((m) => m.type === 'info');
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatchObject({ done: 30, total: 30, nodes: 30 });
  });

  it('reports after every root move when each one takes longer than the interval', () => {
    let t = 0;
    const clock = () => (t += 1000);
    const messages = collect((post) => runPerft(request({ depth: 1 }), post, clock));
    const infos = messages.filter((m) => m.type === 'info');
    expect(infos).toHaveLength(30);
    expect(infos.map((m) => (m.type === 'info' ? m.done : 0))).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it('answers a bad SFEN with an error naming the field', () => {
    const messages = collect((post) => runPerft(request({ sfen: 'lnsgkgsnl/9 b - 1' }), post));
    expect(messages).toEqual([
      { type: 'error', id: 7, message: expect.stringContaining('SFEN board') as string },
    ]);
  });

  it('answers a bad depth with an error', () => {
    const messages = collect((post) => runPerft(request({ depth: 9 }), post));
    expect(messages).toEqual([
      { type: 'error', id: 7, message: expect.stringContaining('depth') as string },
    ]);
  });
});

describe('handleRequest', () => {
  it('ignores a stop that arrives after the run', () => {
    expect(collect((post) => handleRequest({ type: 'stop', id: 1 }, post))).toEqual([]);
  });

  it('runs perft requests', () => {
    const messages = collect((post) => handleRequest(request({ depth: 1 }), post));
    expect(messages.at(-1)).toMatchObject({ type: 'result', nodes: 30 });
  });
});
