/**
 * The worker's chapter 8 requests: end-rules answers what searchKingCapture answers (the plain
 * king-capture search plays the drop-pawn mate, the rule-aware searches do not; chess positions
 * by FEN), a mate search reports its line and the proof's root, mate-node walks the proof, and
 * bad requests are refused with the field named.
 */
import { describe, expect, it } from 'vitest';
import { ChessPosition } from '../../../src/engine/king-capture/chess/index';
import { chessGame } from '../../../src/engine/king-capture/game';
import { searchKingCapture } from '../../../src/engine/king-capture/search';
import {
  EndOfGameLab,
  type EndOfGameRequest,
  type EndOfGameResponse,
  MAX_END_RULES_DEPTH,
} from '../../../src/engine/king-capture/requests';
import { readFixture } from '../search/support';

type Answer = EndOfGameResponse | { type: 'error'; id: number; message: string };

function ask(lab: EndOfGameLab, request: EndOfGameRequest): Answer[] {
  const out: Answer[] = [];
  lab.handle(request, (m) => out.push(m));
  return out;
}

const tsume = readFixture<{
  problems: { name: string; sfen: string; plies: number }[];
  dropPawnMate: { name: string; sfen: string; forbidden: string }[];
}>('tsume.json');
const errorOf = (a: Answer | undefined): string => (a?.type === 'error' ? a.message : '');

const DROP = tsume.dropPawnMate[0]!;
const C8 = '8/k1P5/8/1K6/8/8/8/7Q w - - 0 1';

describe('end-rules', () => {
  const lab = new EndOfGameLab(() => Date.now());
  const run = (game: 'shogi' | 'chess', position: string, rules: string, depth: number) =>
    ask(lab, { type: 'end-rules', id: 1, game, position, rules: rules as 'legal', depth });

  it('the plain king-capture search plays the pawn drop that would mate; legal generation does not', () => {
    const [naive] = run('shogi', DROP.sfen, 'king-capture', 2);
    expect(naive).toMatchObject({ type: 'endrules', result: { moveText: DROP.forbidden } });
    const [legal] = run('shogi', DROP.sfen, 'legal', 2);
    expect(legal?.type).toBe('endrules');
    if (legal?.type !== 'endrules') return;
    expect(legal.result.moveText).not.toBe(DROP.forbidden);
    expect(legal.result.rootMoves.length).toBeGreaterThan(0);
  });

  it('answers for chess what the search answers, with SAN and UCI', () => {
    const [m] = run('chess', C8, 'method-2', 4);
    const direct = searchKingCapture(chessGame(ChessPosition.fromFen(C8)), {
      rules: 'method-2',
      depth: 4,
    });
    expect(m).toMatchObject({
      type: 'endrules',
      position: C8,
      result: { moveName: direct.moveName, moveText: direct.moveText, nodes: direct.nodes },
    });
  });

  it.each([
    ['chess', 'not a fen', 'legal', 2, /FEN/],
    ['shogi', 'lnsgkgsnl/9 b - 1', 'legal', 2, /SFEN|rank/i],
    [
      'shogi',
      DROP.sfen,
      'guess',
      2,
      /rules must be one of legal, king-capture, method-1, method-2/,
    ],
    ['shogi', DROP.sfen, 'legal', MAX_END_RULES_DEPTH + 1, /depth must be a whole number/],
    ['shogi', DROP.sfen, 'legal', 1.5, /depth must be a whole number/],
  ] as const)('refuses %s %j with %s depth %d', (game, position, rules, depth, message) => {
    const [m] = run(game, position, rules, depth);
    expect(m?.type).toBe('error');
    if (m?.type === 'error') expect(m.message).toMatch(message);
  });
});

describe('mate-search and mate-node', () => {
  const p = tsume.problems.find((q) => q.name === 'tsume3 entry 3')!;

  it('solves, then walks the proof along the line', () => {
    const lab = new EndOfGameLab(() => Date.now());
    const answers = ask(lab, { type: 'mate-search', id: 2, sfen: p.sfen, nodes: 100_000 });
    const done = answers.at(-1)!;
    expect(done).toMatchObject({
      type: 'matesearch',
      status: 'mate',
      root: { kind: 'or', proven: true },
    });
    if (done.type !== 'matesearch') return;
    expect(done.pv).toHaveLength(3);
    const [node] = ask(lab, {
      type: 'mate-node',
      id: 3,
      sfen: p.sfen,
      nodes: 100_000,
      path: done.pv.slice(0, 1),
    });
    expect(node).toMatchObject({ type: 'matenode', node: { kind: 'and', proven: true } });
    if (node?.type !== 'matenode') return;
    for (const c of node.node.children) expect(c.status).toBe('proven');
  });

  it('a fresh worker asked for a node searches first, and finds the same proof', () => {
    const lab = new EndOfGameLab(() => Date.now());
    const answers = ask(lab, { type: 'mate-node', id: 4, sfen: p.sfen, nodes: 100_000, path: [] });
    expect(answers.at(-1)).toMatchObject({
      type: 'matenode',
      node: { kind: 'or', proven: true, length: 3 },
    });
  });

  it('refuses a bad path and a bad budget', () => {
    const lab = new EndOfGameLab(() => Date.now());
    ask(lab, { type: 'mate-search', id: 5, sfen: p.sfen, nodes: 100_000 });
    const bad = ask(lab, {
      type: 'mate-node',
      id: 6,
      sfen: p.sfen,
      nodes: 100_000,
      path: ['9i9a'],
    });
    expect(errorOf(bad[0])).toMatch(/9i9a/);
    const budget = ask(lab, { type: 'mate-search', id: 7, sfen: p.sfen, nodes: 0 });
    expect(errorOf(budget[0])).toMatch(/nodes must be a whole number/);
    // The proof is still there after the refusals.
    const again = ask(lab, { type: 'mate-node', id: 8, sfen: p.sfen, nodes: 100_000, path: [] });
    expect(again.at(-1)?.type).toBe('matenode');
  });
});
