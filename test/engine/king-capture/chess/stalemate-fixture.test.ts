/**
 * test/fixtures/chess-stalemate.json: seed 004's two examples as positions we built from its words,
 * and a position where the seed's plain 0 misleads. Every chess fact in the file is derived again
 * here with chessops, and the stalemates with our ChessPosition too, including why a king-capture
 * search takes them for wins; every search's choice the file states is searched again.
 */
import { readFileSync } from 'node:fs';
import type { Chess } from 'chessops/chess';
import { describe, expect, it } from 'vitest';
import { ChessPosition } from '../../../../src/engine/king-capture/chess/index';
import { chessGame } from '../../../../src/engine/king-capture/game';
import { searchKingCapture, type EndRules } from '../../../../src/engine/king-capture/search';
import {
  engineMoves,
  oracleFrom,
  oracleMatesWith,
  oraclePlay,
  oracleSan,
  oracleShortestMate,
  oracleUcis,
} from './oracle';

interface Named {
  san: string;
  uci: string;
}
interface StalematePosition {
  id: string;
  fen: string;
  trapMove: Named;
  stalemating: { san: string[]; uci: string[] };
  seedMove: Named;
  seedReplies: string[];
  shortestMate: number | null;
  mateFirstMoves: string[];
  seedMoveMate: number | null;
  seedLine: string[] | null;
  mateLine: string[] | null;
  trapDepths: number[];
  seedDepths: number[];
}
interface PlainZeroPosition {
  id: string;
  fen: string;
  depths: number[];
  exactMove: Named;
  plainZeroMove: Named;
  exactReplies: string[];
  exactLine: string[];
  shortestMate: number;
  mateFirstMoves: string[];
  plainZeroMoveMate: number | null;
}

const fixture = JSON.parse(
  readFileSync(new URL('../../../fixtures/chess-stalemate.json', import.meta.url), 'utf8'),
) as { positions: StalematePosition[]; plainZero: { positions: PlainZeroPosition[] } };

/** The most white moves the mate search looks for. */
const MATE_HORIZON = 4;

const sorted = (items: string[]) => [...items].sort();

function after(pos: Chess, uci: string): Chess {
  const next = pos.clone();
  oraclePlay(next, uci);
  return next;
}

/** The fewest moves, `uci` first, in which it forces mate; null if none within the horizon. */
function mateWith(pos: Chess, uci: string): number | null {
  for (let n = 1; n <= MATE_HORIZON; n++) if (oracleMatesWith(pos, uci, n)) return n;
  return null;
}

/** Every white first move that forces mate in `n` (none when `n` is null), in SAN. */
function matingFirstMoves(pos: Chess, n: number | null): string[] {
  return oracleUcis(pos)
    .filter((uci) => n !== null && oracleMatesWith(pos, uci, n))
    .map((uci) => oracleSan(pos, uci));
}

/** Play a line given in SAN; the position at its end. */
function playLine(fen: string, line: readonly string[]): Chess {
  const pos = oracleFrom(fen);
  for (const san of line) {
    const uci = oracleUcis(pos).find((move) => oracleSan(pos, move) === san);
    expect(uci, `${san} in ${fen}`).toBeDefined();
    oraclePlay(pos, uci!);
  }
  return pos;
}

/** The depths the fixtures' search facts are stated for. */
const DEPTHS = [1, 2, 3, 4, 5];
const RULE_AWARE: EndRules[] = ['legal', 'method-1', 'method-2'];

/** The move (UCI) our search plays in `fen`. */
const searched = (fen: string, rules: EndRules, depth: number, plainZero = false) =>
  searchKingCapture(chessGame(ChessPosition.fromFen(fen)), { rules, depth, plainZero }).moveText;

describe.each(fixture.positions)('seed 004 stalemate example $id', (example) => {
  it('holds every fact the fixture states, by chessops', () => {
    const pos = oracleFrom(example.fen);
    expect(pos.turn).toBe('white');
    const moves = oracleUcis(pos);
    const stalemating = moves.filter((uci) => after(pos, uci).isStalemate());
    expect(sorted(stalemating)).toEqual(sorted(example.stalemating.uci));
    expect(sorted(stalemating.map((uci) => oracleSan(pos, uci)))).toEqual(
      sorted(example.stalemating.san),
    );
    for (const named of [example.trapMove, example.seedMove]) {
      expect(moves).toContain(named.uci);
      expect(oracleSan(pos, named.uci)).toBe(named.san);
    }
    expect(stalemating).toContain(example.trapMove.uci);
    expect(stalemating).not.toContain(example.seedMove.uci);

    const afterSeed = after(pos, example.seedMove.uci);
    expect(oracleUcis(afterSeed).map((uci) => oracleSan(afterSeed, uci))).toEqual(
      example.seedReplies,
    );
    const shortest = oracleShortestMate(pos, MATE_HORIZON);
    expect(shortest).toBe(example.shortestMate);
    expect(sorted(matingFirstMoves(pos, shortest))).toEqual(sorted(example.mateFirstMoves));
    expect(mateWith(pos, example.seedMove.uci)).toBe(example.seedMoveMate);
  });

  it('ends in mate the line the post gives, or ours where it gives none', () => {
    // Exactly one of the two: the post's line, or one of ours.
    expect((example.seedLine === null) !== (example.mateLine === null)).toBe(true);
    const line = (example.seedLine ?? example.mateLine)!;
    expect(line[0]).toBe(example.seedMove.san);
    expect(line[1] !== undefined && example.seedReplies.includes(line[1])).toBe(true);
    expect(playLine(example.fen, line).isCheckmate()).toBe(true);
  });

  it('has the searches choose as it says: the trap without the rule, the seed move with it', () => {
    const trap = DEPTHS.filter(
      (d) => searched(example.fen, 'king-capture', d) === example.trapMove.uci,
    );
    expect(trap).toEqual(example.trapDepths);
    const seed = DEPTHS.filter((d) =>
      RULE_AWARE.every((rules) => searched(example.fen, rules, d) === example.seedMove.uci),
    );
    expect(seed).toEqual(example.seedDepths);
  });

  it('finds the same stalemates with ChessPosition, each a false win for a king-capture search', () => {
    const pos = ChessPosition.fromFen(example.fen);
    const stalemating: string[] = [];
    for (const m of engineMoves(pos)) {
      const san = pos.moveToSan(m);
      pos.doMove(m);
      if (!pos.inCheck() && engineMoves(pos).length === 0) {
        stalemating.push(san);
        // Black is not in check, its king has no safe step, and every move it has by piece
        // movement lets white take the king: to a king-capture search this looks like mate.
        expect(pos.kingCanMove()).toBe(false);
        const replies = engineMoves(pos, false);
        expect(replies.length).toBeGreaterThan(0);
        for (const reply of replies) {
          pos.doMove(reply);
          expect(engineMoves(pos, false).some((take) => pos.capturesKing(take))).toBe(true);
          pos.undoMove(reply);
        }
      }
      pos.undoMove(m);
    }
    expect(sorted(stalemating)).toEqual(sorted(example.stalemating.san));
    // No mate in one, so that false win is the fastest "win" such a search can see.
    expect(example.shortestMate).toBeGreaterThan(1);
  });
});

describe.each(fixture.plainZero.positions)('a plain 0 that misleads: $id', (example) => {
  it('holds every chess fact the fixture states, by chessops', () => {
    const pos = oracleFrom(example.fen);
    expect(pos.turn).toBe('white');
    const moves = oracleUcis(pos);
    for (const named of [example.exactMove, example.plainZeroMove]) {
      expect(moves).toContain(named.uci);
      expect(oracleSan(pos, named.uci)).toBe(named.san);
    }
    // After exactMove black is boxed in: not in check, no king move; but it has a move, so it
    // is no stalemate.
    const afterExact = after(pos, example.exactMove.uci);
    expect(afterExact.isCheck()).toBe(false);
    expect(afterExact.dests(afterExact.board.kingOf('black')!).isEmpty()).toBe(true);
    expect(oracleUcis(afterExact).map((uci) => oracleSan(afterExact, uci))).toEqual(
      example.exactReplies,
    );
    expect(example.exactReplies.length).toBeGreaterThan(0);
    expect(example.exactLine.slice(0, 2)).toEqual([example.exactMove.san, example.exactReplies[0]]);
    expect(playLine(example.fen, example.exactLine).isCheckmate()).toBe(true);

    const shortest = oracleShortestMate(pos, MATE_HORIZON);
    expect(shortest).toBe(example.shortestMate);
    expect(sorted(matingFirstMoves(pos, shortest))).toEqual(sorted(example.mateFirstMoves));
    expect(example.mateFirstMoves).toContain(example.exactMove.san);
    expect(mateWith(pos, example.plainZeroMove.uci)).toBe(example.plainZeroMoveMate);
  });

  it('is a possible stalemate to our ChessPosition after exactMove, and no stalemate', () => {
    const pos = ChessPosition.fromFen(example.fen);
    pos.doMove(pos.parseUci(example.exactMove.uci));
    expect(pos.inCheck()).toBe(false);
    expect(pos.kingCanMove()).toBe(false);
    expect(engineMoves(pos).map((m) => pos.moveToSan(m))).toEqual(example.exactReplies);
  });

  it('has method 2 choose as it says, with the exact mapping and with plain 0', () => {
    const depths = DEPTHS.filter(
      (d) =>
        searched(example.fen, 'method-2', d, true) === example.plainZeroMove.uci &&
        searched(example.fen, 'method-2', d) === example.exactMove.uci &&
        searched(example.fen, 'legal', d) === example.exactMove.uci,
    );
    expect(depths).toEqual(example.depths);
  });
});
