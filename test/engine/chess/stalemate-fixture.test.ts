/**
 * test/fixtures/chess-stalemate.json: seed 004's two examples as positions we built from its words.
 * Every fact in the file is derived again here with chessops, and the stalemates with our
 * ChessPosition too, including why a king-capture search takes them for wins.
 */
import { readFileSync } from 'node:fs';
import type { Chess } from 'chessops/chess';
import { describe, expect, it } from 'vitest';
import { ChessPosition } from '../../../src/engine/chess/index';
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
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/chess-stalemate.json', import.meta.url), 'utf8'),
) as { positions: StalematePosition[] };

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
    const mateFirst = moves.filter(
      (uci) => shortest !== null && oracleMatesWith(pos, uci, shortest),
    );
    expect(sorted(mateFirst.map((uci) => oracleSan(pos, uci)))).toEqual(
      sorted(example.mateFirstMoves),
    );
    expect(mateWith(pos, example.seedMove.uci)).toBe(example.seedMoveMate);
  });

  it('ends the line the post gives in mate', () => {
    if (!example.seedLine) return;
    const pos = oracleFrom(example.fen);
    for (const san of example.seedLine) {
      const uci = oracleUcis(pos).find((move) => oracleSan(pos, move) === san);
      expect(uci, `${san} in ${example.fen}`).toBeDefined();
      oraclePlay(pos, uci!);
    }
    expect(pos.isCheckmate()).toBe(true);
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
