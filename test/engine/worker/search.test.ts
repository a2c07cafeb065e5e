import { describe, expect, it } from 'vitest';
import type { EngineResponse } from '../../../src/engine/worker/protocol';
import { runEvaluate, runGo, runRank } from '../../../src/engine/worker/worker';

const collect = (run: (post: (m: EngineResponse) => void) => void): EngineResponse[] => {
  const out: EngineResponse[] = [];
  run((m) => out.push(m));
  return out;
};

describe('worker search requests', () => {
  it('streams one searchinfo per depth and ends with a legal bestmove', () => {
    const out = collect((post) =>
      runGo(
        { type: 'go', id: 7, sfen: 'startpos moves 7g7f', options: {}, limits: { depth: 3 } },
        post,
      ),
    );
    const infos = out.filter((m) => m.type === 'searchinfo');
    expect(infos.map((m) => m.type === 'searchinfo' && m.info.depth)).toEqual([1, 2, 3]);
    const last = out.at(-1)!;
    expect(last.type).toBe('bestmove');
    if (last.type !== 'bestmove') return;
    expect(last.id).toBe(7);
    expect(last.result.bestMove).toMatch(/^[1-9][a-i][1-9][a-i]\+?$|^[PLNSGBR]\*[1-9][a-i]$/);
    expect(last.result.stats.nodes).toBeGreaterThan(0);
  });

  it('gives the same node count for the same request twice (every search starts cold)', () => {
    const nodes = () => {
      const out = collect((post) =>
        runGo(
          { type: 'go', id: 1, sfen: 'startpos', options: { lmr: true }, limits: { depth: 4 } },
          post,
        ),
      );
      const last = out.at(-1)!;
      return last.type === 'bestmove' ? last.result.nodes : -1;
    };
    expect(nodes()).toBe(nodes());
  });

  it('names a bad option, a bad limit and a bad position', () => {
    const error = (req: Parameters<typeof runGo>[0]) => {
      const out = collect((post) => runGo(req, post));
      expect(out).toHaveLength(1);
      const first = out[0]!;
      return first.type === 'error' ? first.message : '';
    };
    expect(
      error({
        type: 'go',
        id: 1,
        sfen: 'startpos',
        options: { nullMoveR: 9 },
        limits: { depth: 2 },
      }),
    ).toMatch(/nullMoveR/);
    expect(
      error({ type: 'go', id: 1, sfen: 'startpos', options: { bogus: 1 }, limits: { depth: 2 } }),
    ).toMatch(/bogus/);
    expect(
      error({ type: 'go', id: 1, sfen: 'startpos', options: {}, limits: { depth: 99 } }),
    ).toMatch(/depth/);
    expect(error({ type: 'go', id: 1, sfen: 'startpos', options: {}, limits: {} })).toMatch(
      /depth|node|time/,
    );
    expect(error({ type: 'go', id: 1, sfen: 'xyz', options: {}, limits: { depth: 1 } })).toMatch(
      /SFEN/,
    );
  });

  it('evaluates every legal move, best first, and re-ranks when a constant changes', () => {
    const sfen = 'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1';
    const values = (params: object) => {
      const out = collect((post) => runEvaluate({ type: 'evaluate', id: 1, sfen, params }, post));
      const m = out[0]!;
      return m.type === 'evaluation' ? m.moves : [];
    };
    const seed = values({});
    expect(seed).toHaveLength(207);
    expect(seed.map((e) => e.value)).toEqual([...seed.map((e) => e.value)].sort((a, b) => b - a));
    const noBonus = values({ captureBonus: 0 });
    expect(noBonus.map((e) => e.usi)).not.toEqual(seed.map((e) => e.usi));
    const bad = collect((post) =>
      runEvaluate({ type: 'evaluate', id: 1, sfen, params: { attackDivisor: 0 } }, post),
    );
    expect(bad[0]!.type).toBe('error');
  });

  it('reports the rank measure over the fixture positions', () => {
    const out = collect((post) => runRank({ type: 'rank', id: 3, params: {} }, post));
    const m = out[0]!;
    expect(m.type).toBe('rankreport');
    if (m.type !== 'rankreport') return;
    expect(m.report.ranks.length).toBeGreaterThanOrEqual(40);
    expect(m.report.averageRank).toBeGreaterThanOrEqual(1);
    expect(m.report.averageRank).toBeLessThan(m.report.averageMoves / 2);
  });
});
