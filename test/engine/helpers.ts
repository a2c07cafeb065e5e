/** Helpers shared by the engine tests: fixtures, a seeded PRNG, position snapshots, set diffs. */
import { readFileSync } from 'node:fs';
import {
  divide,
  legalMoves,
  makeSfen,
  makeUsiMove,
  parseSfen,
  type Position,
} from '../../src/engine/index';
import { parseShogiops, shogiopsDivide } from '../oracles/shogiops-perft';

export interface PerftFixture {
  name: string;
  /** Canonical SFEN (4 fields, hands as counts in R B G S N L P order). */
  sfen: string;
  /** The SFEN exactly as the source prints it, when that differs from `sfen`. */
  publishedSfen?: string;
  /** perft[i] is the number of leaf nodes at depth i + 1. */
  perft: number[];
  /** perft.test.ts runs depths 1..fastDepth; perft.slow.test.ts runs the rest. */
  fastDepth: number;
  stresses: string[];
  source: string[];
  note?: string;
  confirmedBy: string;
}

let fixtureCache: PerftFixture[] | undefined;

/** test/fixtures/perft.json, parsed once. */
export function perftFixtures(): PerftFixture[] {
  fixtureCache ??= (
    JSON.parse(readFileSync(new URL('../fixtures/perft.json', import.meta.url), 'utf8')) as {
      positions: PerftFixture[];
    }
  ).positions;
  return fixtureCache;
}

export function fixture(name: string): PerftFixture {
  const found = perftFixtures().find((f) => f.name === name);
  if (!found) throw new Error(`no perft fixture named ${name}`);
  return found;
}

/** Parse an SFEN the test knows to be valid; a parse error fails the test with its message. */
export function mustParse(sfen: string): Position {
  const result = parseSfen(sfen);
  if (!result.ok) throw new Error(`parseSfen(${JSON.stringify(sfen)}) failed: ${result.error}`);
  return result.value;
}

/**
 * mulberry32: a tiny seeded PRNG, so a failing random test replays exactly.
 * (Tommy Ettinger's public-domain generator; period 2^32, plenty for test sampling.)
 */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: () => number, items: readonly T[]): T => {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)]!;
};

/** The engine's legal moves as sorted USI strings. */
export function engineUsi(pos: Position): string[] {
  return legalMoves(pos).map(makeUsiMove).sort();
}

/** What is in `want` but not in `got` (missing) and in `got` but not in `want` (extra). */
export function diffSets(
  got: readonly string[],
  want: readonly string[],
): { missing: string[]; extra: string[] } {
  const gotSet = new Set(got);
  const wantSet = new Set(want);
  return {
    missing: want.filter((m) => !gotSet.has(m)),
    extra: got.filter((m) => !wantSet.has(m)),
  };
}

/** Everything a move and its undo must leave exactly as it was. */
export interface Snapshot {
  board: number[];
  hand: number[];
  sideToMove: number;
  ply: number;
  keyLo: number;
  keyHi: number;
  sfen: string;
}

export function snapshot(pos: Position): Snapshot {
  return {
    board: Array.from(pos.board),
    hand: Array.from(pos.hand),
    sideToMove: pos.sideToMove,
    ply: pos.ply,
    keyLo: pos.keyLo,
    keyHi: pos.keyHi,
    sfen: makeSfen(pos),
  };
}

/** The first field of `a` that differs from `b`, or null. */
export function snapshotDifference(a: Snapshot, b: Snapshot): string | null {
  for (const key of ['sideToMove', 'ply', 'keyLo', 'keyHi', 'sfen'] as const) {
    if (a[key] !== b[key]) return `${key}: ${String(a[key])} != ${String(b[key])}`;
  }
  const square = a.board.findIndex((p, i) => p !== b.board[i]);
  if (square >= 0) return `board[${square}]: ${a.board[square]} != ${b.board[square]}`;
  const slot = a.hand.findIndex((n, i) => n !== b.hand[i]);
  if (slot >= 0) return `hand[${slot}]: ${a.hand[slot]} != ${b.hand[slot]}`;
  return null;
}

/** Board, side and hand: the SFEN without its move number. */
export const sfenPosition = (sfen: string): string => sfen.split(' ').slice(0, 3).join(' ');

/** Wall-clock milliseconds of `fn`, with its result. */
export function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

/** At most `limit` lines of a failure list, with a count of the rest. */
export function summarise(lines: readonly string[], limit = 10): string {
  const shown = lines.slice(0, limit).join('\n');
  return lines.length > limit ? `${shown}\n… and ${lines.length - limit} more` : shown;
}

/**
 * When a perft count is wrong, say where: the root moves whose subtree counts differ from
 * shogiops', and the moves only one side generates.
 */
export function explainPerftMismatch(sfen: string, depth: number): string {
  const ours = new Map(divide(mustParse(sfen), depth).map((d) => [d.move, d.nodes]));
  const theirs = shogiopsDivide(parseShogiops(sfen), depth);
  const lines: string[] = [];
  for (const [move, nodes] of theirs) {
    const got = ours.get(move);
    if (got === undefined) lines.push(`${move}: missing (shogiops ${nodes})`);
    else if (got !== nodes) lines.push(`${move}: ${got}, shogiops ${nodes}`);
  }
  for (const [move, nodes] of ours) if (!theirs.has(move)) lines.push(`${move}: extra (${nodes})`);
  return `divide ${depth} of ${sfen} differs from shogiops at:\n${summarise(lines, 20)}`;
}
