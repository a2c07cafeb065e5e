/**
 * An independent oracle for move generation, built on shogiops (lishogi's rules library).
 *
 * Nothing here shares code with src/engine: shogiops uses bitboards with hyperbola quintessence,
 * checks 打ち歩詰め (drop-pawn mate) by clone-and-play, and has its own SFEN parser. The tests use
 * it to confirm the published perft counts in test/fixtures/perft.json and, in the differential
 * test, to compare legal move sets position by position.
 *
 * Run it as a script to re-confirm every fixture count (and the normalised SFENs):
 *   npx tsx test/oracles/shogiops-perft.ts            # all counts up to 5 M nodes
 *   npx tsx test/oracles/shogiops-perft.ts --max 30000000
 */
import { readFileSync } from 'node:fs';
import { makeSfen, parseSfen } from 'shogiops/sfen';
import type { MoveOrDrop, Role } from 'shogiops/types';
import { makeUsi } from 'shogiops/util';
import type { Shogi } from 'shogiops/variant/shogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';

export const SHOGIOPS_VERSION = '0.18.0';

const STARTPOS = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

/** Parse an SFEN (or 'startpos') with shogiops; throws with shogiops' error code when it fails. */
export function parseShogiops(sfen: string): Shogi {
  const text = sfen === 'startpos' ? STARTPOS : sfen;
  const result = parseSfen('standard', text, false);
  if (result.isErr)
    throw new Error(`shogiops rejects ${JSON.stringify(sfen)}: ${result.error.message}`);
  return result.value;
}

/** shogiops' canonical SFEN: hands in R B G S N L P order, counts instead of repeated letters. */
export function normaliseSfen(sfen: string): string {
  return makeSfen(parseShogiops(sfen));
}

/** Every legal move (board moves, then drops), each promotion choice a separate move. */
export function shogiopsLegalMoves(pos: Shogi): MoveOrDrop[] {
  const out: MoveOrDrop[] = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allMoveDests(ctx)) {
    const piece = pos.board.get(from);
    if (!piece) continue;
    for (const to of dests) {
      const canPromote = pieceCanPromote('standard')(piece, from, to, pos.board.get(to));
      const mustPromote = pieceForcePromote('standard')(piece, to);
      if (canPromote) out.push({ from, to, promotion: true });
      if (!mustPromote) out.push({ from, to, promotion: false });
    }
  }
  for (const [pieceName, dests] of pos.allDropDests(ctx)) {
    const role = pieceName.split(' ')[1] as Role;
    for (const to of dests) out.push({ role, to });
  }
  return out;
}

/** The legal moves as sorted USI strings ('7g7f', '8h2b+', 'P*5e'). */
export function shogiopsLegalUsi(pos: Shogi): string[] {
  return shogiopsLegalMoves(pos).map(makeUsi).sort();
}

/** Leaf nodes at `depth`, counting the last ply by the length of the move list (bulk). */
export function shogiopsPerft(pos: Shogi, depth: number): number {
  if (depth <= 0) return 1;
  const moves = shogiopsLegalMoves(pos);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) {
    const child = pos.clone();
    child.play(move);
    nodes += shogiopsPerft(child, depth - 1);
  }
  return nodes;
}

/** Perft split by first move, keyed by USI. */
export function shogiopsDivide(pos: Shogi, depth: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const move of shogiopsLegalMoves(pos)) {
    const child = pos.clone();
    child.play(move);
    out.set(makeUsi(move), shogiopsPerft(child, depth - 1));
  }
  return out;
}

interface FixtureLike {
  name: string;
  sfen: string;
  publishedSfen?: string;
  perft: number[];
}

function checkFixtures(maxNodes: number): boolean {
  const path = new URL('../fixtures/perft.json', import.meta.url);
  const data = JSON.parse(readFileSync(path, 'utf8')) as { positions: FixtureLike[] };
  let allAgree = true;
  for (const fixture of data.positions) {
    if (
      fixture.publishedSfen !== undefined &&
      normaliseSfen(fixture.publishedSfen) !== fixture.sfen
    ) {
      allAgree = false;
      console.log(`${fixture.name}: sfen is not the normalised published SFEN`);
    }
    const pos = parseShogiops(fixture.sfen);
    fixture.perft.forEach((expected, i) => {
      const depth = i + 1;
      if (expected > maxNodes) {
        console.log(`${fixture.name} depth ${depth}: ${expected} skipped (over --max)`);
        return;
      }
      const start = performance.now();
      const nodes = shogiopsPerft(pos, depth);
      const ms = Math.round(performance.now() - start);
      const verdict = nodes === expected ? 'agrees' : `DISAGREES (shogiops ${nodes})`;
      if (nodes !== expected) allAgree = false;
      console.log(`${fixture.name} depth ${depth}: ${expected} ${verdict} [${ms} ms]`);
    });
  }
  return allAgree;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const maxIndex = process.argv.indexOf('--max');
  const maxNodes = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : 5_000_000;
  process.exit(checkFixtures(maxNodes) ? 0 : 1);
}
