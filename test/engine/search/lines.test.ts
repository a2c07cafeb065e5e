import { describe, expect, it } from 'vitest';
import { legalMoves, makeUsiMove, parseSfen, type Position } from '../../../src/engine/index';
import { MAX_LINES, searchLines, Searcher } from '../../../src/engine/search/index';

const position = (sfen: string): Position => {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

// Chapter 4's "pawn check, rook drop" position: many plausible moves, a clear best few.
const HORIZON = '5g1nl/B4ns2/4kp2p/p1s3P2/3g5/g6pP/P1SP4L/3GB1R2/LN2K2N1 b SL3Pr7p 85';

describe('searchLines', () => {
  it('gives the plain search’s best move first, then other moves, each no better', () => {
    const pos = position(HORIZON);
    const single = new Searcher().search(pos, { depth: 3 });
    const lines = searchLines(new Searcher(), pos, { depth: 3 }, 3);
    expect(lines).toHaveLength(3);
    expect(lines[0]!.bestMove).toBe(single.bestMove);
    expect(lines[0]!.value).toBe(single.value);
    const firsts = lines.map((line) => line.bestMove);
    expect(new Set(firsts).size).toBe(3);
    for (const line of lines.slice(1)) expect(line.value).toBeLessThanOrEqual(lines[0]!.value);
    for (const line of lines) expect(line.pv[0]).toBe(line.bestMove);
  });

  it('scores a move as a search of that move alone does', () => {
    const pos = position(HORIZON);
    const lines = searchLines(new Searcher(), pos, { depth: 2 }, 2);
    const second = legalMoves(pos).find((m) => makeUsiMove(m) === lines[1]!.bestMove)!;
    const alone = new Searcher().search(pos, { depth: 2, searchMoves: [second] });
    expect(lines[1]!.value).toBe(alone.value);
  });

  it('stops at the number of legal moves and at MAX_LINES', () => {
    // Sente's king in the corner, checked by a gold on 2h that covers 1h and 2i: one legal reply.
    const few = position('k8/9/9/9/9/9/9/7g1/8K b - 1');
    expect(legalMoves(few).map(makeUsiMove)).toEqual(['1i2h']);
    expect(searchLines(new Searcher(), few, { depth: 1 }, 5)).toHaveLength(1);
    const many = searchLines(new Searcher(), position('startpos'), { depth: 1 }, 50);
    expect(many).toHaveLength(MAX_LINES);
  });

  it('reports each line as it is found and stops when asked', () => {
    const found: number[] = [];
    let calls = 0;
    const lines = searchLines(new Searcher(), position('startpos'), { depth: 2 }, 4, {
      onLine: (_line, index) => found.push(index),
      shouldStop: () => ++calls > 1e9 || found.length >= 2,
    });
    expect(found).toEqual([0, 1]);
    expect(lines).toHaveLength(2);
  });
});
