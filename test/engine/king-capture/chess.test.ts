/**
 * Chapter 8's four ways to know the end of the game, on chess (test/fixtures/chess-stalemate.json):
 * the plain king-capture search plays a stalemate as if it were the fastest mate; legal
 * generation, method 1 and method 2 score it a draw and play the seed's move; and method 2 with
 * the seed's plain 0 scores a mate behind a boxed-in king as a draw and plays a worse move than
 * the exact mapping.
 */
import { describe, expect, it } from 'vitest';
import { ChessPosition } from '../../../src/engine/king-capture/chess/index';
import { chessGame, legalMoveList } from '../../../src/engine/king-capture/game';
import {
  isEnd,
  searchKingCapture,
  WIN,
  type EndRules,
  type KingCaptureResult,
} from '../../../src/engine/king-capture/search';
import { CHESS_POSITIONS } from '../../../src/components/widgets/end-of-game/positions';
import { readFixture } from '../search/support';

interface Named {
  san: string;
  uci: string;
}
interface ChessFixture {
  positions: { id: string; fen: string; trapMove: Named; seedMove: Named; seedDepths: number[] }[];
  plainZero: {
    positions: {
      id: string;
      fen: string;
      depths: number[];
      exactMove: Named;
      plainZeroMove: Named;
    }[];
  };
}
const fixture = readFixture<ChessFixture>('chess-stalemate.json');

const search = (fen: string, rules: EndRules, depth: number, plainZero = false) =>
  searchKingCapture(chessGame(ChessPosition.fromFen(fen)), { rules, depth, plainZero });

/** The value a search gave one root move (UCI); a draw as 0 (negamax may hand back −0). */
function rootValue(r: KingCaptureResult, uci: string): number {
  const found = r.rootMoves.find((m) => m.text === uci);
  expect(found, uci).toBeDefined();
  return found!.value + 0;
}

const RULE_AWARE: EndRules[] = ['legal', 'method-1', 'method-2'];

describe.each(fixture.positions)('stalemate: $id', (example) => {
  it('the king-capture search plays the stalemate, a false win in two plies', () => {
    for (const depth of [2, 4]) {
      const r = search(example.fen, 'king-capture', depth);
      expect(r.moveText, `depth ${depth}`).toBe(example.trapMove.uci);
      // Black cannot move without losing its king: taken on ply 2, the fastest win there is.
      expect(r.value, `depth ${depth}`).toBe(WIN - 2);
    }
  });

  it('legal generation, method 1 and method 2 score it a draw and play the seed move', () => {
    const depth = 4;
    expect(example.seedDepths).toContain(depth);
    for (const rules of RULE_AWARE) {
      const r = search(example.fen, rules, depth);
      expect(r.moveText, rules).toBe(example.seedMove.uci);
      expect(isEnd(r.value) && r.value > 0, rules).toBe(true);
      expect(rootValue(r, example.trapMove.uci), rules).toBe(0);
      if (rules !== 'legal') expect(r.ruleNodes, rules).toBeGreaterThan(0);
    }
    // Plain 0 agrees on a true stalemate: every move loses the king at once.
    const plain = search(example.fen, 'method-2', depth, true);
    expect(plain.moveText).toBe(example.seedMove.uci);
    expect(rootValue(plain, example.trapMove.uci)).toBe(0);
  });
});

describe('example 1: the naive search sees the mate after Nf7 and still prefers the stalemate', () => {
  it('values Nf7 as a mate in 4 plies and Bf6 as one in 2', () => {
    const example = fixture.positions.find((p) => p.id === 'bf6-stalemate')!;
    const r = search(example.fen, 'king-capture', 4);
    expect(rootValue(r, example.seedMove.uci)).toBe(WIN - 4);
    expect(rootValue(r, example.trapMove.uci)).toBe(WIN - 2);
    // Legal generation: the mate in 2 is three plies (black has no move on ply 3), Bf6 a draw.
    const legal = search(example.fen, 'legal', 4);
    expect(legal.value).toBe(WIN - 3);
    // Only Nf7 mates within the depth: every other move scores less.
    for (const m of legal.rootMoves)
      if (m.text !== example.seedMove.uci) expect(m.value, m.name).toBeLessThan(legal.value);
  });
});

describe.each(fixture.plainZero.positions)('plain 0: $id', (example) => {
  it.each(example.depths)(
    'at depth %i plain 0 gives up the mate that the exact mapping plays',
    (depth) => {
      const exact = search(example.fen, 'method-2', depth);
      const plain = search(example.fen, 'method-2', depth, true);
      const legal = search(example.fen, 'legal', depth);
      expect(exact.moveText).toBe(example.exactMove.uci);
      expect(legal.moveText).toBe(example.exactMove.uci);
      expect(plain.moveText).toBe(example.plainZeroMove.uci);
      // The exact mapping: a mate in 2 (the king taken on ply 4); legal generation sees it a ply
      // sooner, when black has no move on ply 3.
      expect(exact.value).toBe(WIN - 4);
      expect(legal.value).toBe(WIN - 3);
      // Plain 0: black's boxed-in king, not in check but with a pawn move left, is mated on the
      // next move, and that mate becomes a draw; a pawn won looks better.
      expect(rootValue(plain, example.exactMove.uci)).toBe(0);
      expect(isEnd(plain.value)).toBe(false);
      expect(plain.value).toBeGreaterThan(0);
      // Worse by the exact search's own values: material instead of mate.
      expect(rootValue(exact, example.plainZeroMove.uci)).toBe(plain.value);
      expect(rootValue(exact, example.plainZeroMove.uci)).toBeLessThan(exact.value);
    },
  );

  it('is, after the exact move, a node method 2 extends and that is no stalemate', () => {
    const pos = ChessPosition.fromFen(example.fen);
    const game = chessGame(pos);
    pos.doMove(pos.parseUci(example.exactMove.uci));
    expect(game.inCheck()).toBe(false);
    expect(game.kingCanMove()).toBe(false);
    expect(legalMoveList(game).length).toBeGreaterThan(0);
  });
});

describe("chapter 8's chess widget", () => {
  it('shows the fixture’s positions, with their traps', () => {
    const known = new Map<string, string>([
      ...fixture.positions.map((p) => [p.fen, p.trapMove.uci] as const),
      ...fixture.plainZero.positions.map((p) => [p.fen, p.plainZeroMove.uci] as const),
    ]);
    for (const c of CHESS_POSITIONS) expect(known.get(c.position), c.id).toBe(c.trap);
    expect(CHESS_POSITIONS).toHaveLength(known.size);
  });
});

describe('method 2 reads one ply more, and no more, where a king cannot step', () => {
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

  it('from the start position, where both kings are boxed in at every node', () => {
    // Depth 1: the root, its 20 moves, and at each of those black's 20 moves read once (the
    // extra ply), with nothing below them. Before, the extra ply extended again at every boxed
    // king and ran past 3,000,000 nodes even here (review-ch7-8.md §2).
    const capped = (depth: number) =>
      searchKingCapture(chessGame(ChessPosition.fromFen(START)), {
        rules: 'method-2',
        depth,
        maxNodes: 1_000_000,
      });
    expect(capped(1).nodes).toBe(1 + 20 + 20 * 20);
    for (const depth of [2, 3]) {
      const capture = search(START, 'king-capture', depth);
      const method2 = capped(depth);
      expect(method2.stopped).toBe(false);
      // At most the extra ply's moves at each node of the plain search: not a runaway.
      expect(method2.nodes, `depth ${depth}`).toBeLessThanOrEqual(40 * capture.nodes);
      expect(method2.moveText).toBe(capture.moveText);
    }
  });

  it('scores a side with no move at all, not in check, as stalemated: a draw', () => {
    // A game of one move, after which the other side has no pseudo-legal move at all: its king
    // walled in by its own pieces, not in check.
    let played = 0;
    const walledIn = {
      name: 'chess' as const,
      stalemateIsDraw: true,
      dropPawnMateRule: false,
      pseudoLegalMoves: (out: Uint32Array, start: number) => {
        if (played > 0) return start;
        out[start] = 1;
        return start + 1;
      },
      legalMoves(out: Uint32Array, start: number) {
        return this.pseudoLegalMoves(out, start);
      },
      doMove: () => void played++,
      undoMove: () => void played--,
      canCaptureKing: () => false,
      inCheck: () => false,
      kingCanMove: () => false,
      material: () => 0,
      orderValue: () => 0,
      isCheckingPawnDrop: () => false,
      moveName: () => 'the move',
      moveText: () => 'a1a2',
    };
    for (const depth of [1, 3]) {
      expect(searchKingCapture(walledIn, { rules: 'legal', depth }).value).toBe(0);
      expect(searchKingCapture(walledIn, { rules: 'method-1', depth }).value).toBe(0);
      // Before, method 2 scored it as the walled-in side's loss, a win for the root.
      expect(searchKingCapture(walledIn, { rules: 'method-2', depth }).value).toBe(0);
    }
  });
});
