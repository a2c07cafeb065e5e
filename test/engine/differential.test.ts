/**
 * The engine against two independent rule implementations on 20,000+ positions from seeded random
 * playouts. At every position:
 *  - the engine's legal moves (as USI) equal shogiops' legal moves, and the engine's naive twin's;
 *  - tsshogi's `isValidMove` accepts every move the engine generates;
 *  - a sample of moves the engine does *not* generate (二歩 drops, dead-piece drops, 打ち歩詰め,
 *    moves into or through check, missing or impossible promotions, drops on occupied squares…)
 *    is rejected by tsshogi and by the engine's parseUsiMove;
 *  - every so often, tsshogi's own enumeration of legal moves equals the engine's;
 *  - after each move, board, hands and side to move equal shogiops' (doMove agrees with play());
 *  - isDropPawnMate and isMate agree with shogiops (mate found by clone-and-play).
 * The playouts prefer captures (to fill the hands), checks and drops, so positions with many
 * pieces in hand, checks and drop-pawn-mate candidates are common.
 */
import { makeSfen as makeShogiopsSfen } from 'shogiops/sfen';
import { parseUsi } from 'shogiops/util';
import type { Shogi } from 'shogiops/variant/shogi';
import type { Position as TsshogiPosition } from 'tsshogi';
import { describe, expect, it } from 'vitest';
import {
  isDrop,
  isDropPawnMate,
  isMate,
  Kind,
  legalMoves,
  legalMovesNaive,
  makeSfen,
  makeUsiMove,
  makePiece,
  makeSquareName,
  type Move,
  moveTo,
  N,
  opposite,
  parseSquareName,
  parseUsiMove,
  type Position,
  S,
} from '../../src/engine/index';
import { parseShogiops, shogiopsLegalUsi } from '../oracles/shogiops-perft';
import { parseTsshogi, tsshogiAccepts, tsshogiLegalUsi } from '../oracles/tsshogi-moves';
import {
  diffSets,
  makeRng,
  mustParse,
  perftFixtures,
  pick,
  sfenPosition,
  summarise,
} from './helpers';

/** How many positions to compare (the brief: at least 20,000). */
const TARGET_POSITIONS = Number(process.env['YOMI_DIFF_POSITIONS'] ?? 20_000);
/** A playout ends after this many plies, or at mate. */
const MAX_PLAYOUT_PLIES = 150;
/** Move choice: a capture with this probability (when there is one)… */
const CAPTURE_BIAS = 0.35;
/** …else a checking move with this probability… */
const CHECK_BIAS = 0.25;
/** …else a drop with this probability; otherwise any legal move. */
const DROP_BIAS = 0.2;
/** Non-generated candidate moves checked against tsshogi per position. */
const CANDIDATES_PER_POSITION = 6;
/** tsshogi enumerates all legal moves itself on every Nth position (slow: ~7,000 checks each). */
const FULL_TSSHOGI_EVERY = 25;
/** Override to hunt for bugs: YOMI_DIFF_SEED=7 YOMI_DIFF_POSITIONS=200000 npx vitest run … */
const SEED = Number(process.env['YOMI_DIFF_SEED'] ?? 0x5f0e1);
const DIFFERENTIAL_TIMEOUT_MS = 600_000;

/** The same game in three libraries. */
interface Game {
  engine: Position;
  ops: Shogi;
  ts: TsshogiPosition;
}

type Category =
  | 'double-pawn'
  | 'dead-drop'
  | 'pawn-drop-before-king'
  | 'self-check'
  | 'missing-promotion'
  | 'impossible-promotion'
  | 'occupied-drop'
  | 'not-in-hand'
  | 'enemy-piece';

interface Stats {
  positions: number;
  inCheck: number;
  manyInHand: number;
  dropPawnMates: number;
  fullTsshogi: number;
  rejectedByCategory: Map<Category, number>;
  failures: string[];
}

const FILES = '987654321';
const RANKS = 'abcdefghi';
const squareName = (file: number, rank: number): string => `${file}${RANKS[rank - 1]}`;
/** Rank counted from the mover's far side: 1 is where its pawns die. */
const farRank = (side: number, rank: number): number => (side === 0 ? rank : 10 - rank);

/** Candidate moves the rules forbid, by category (USI strings; some may turn out legal). */
function candidates(game: Game, legal: ReadonlySet<string>): Map<Category, string[]> {
  const { engine, ops } = game;
  const side = engine.sideToMove;
  const out = new Map<Category, string[]>();
  const add = (category: Category, usi: string): void => {
    if (legal.has(usi)) return;
    const list = out.get(category) ?? [];
    list.push(usi);
    out.set(category, list);
  };
  const sfen = makeSfen(engine);
  const rows = expandBoard(sfen.split(' ')[0]!);
  const at = (file: number, rank: number): string => rows[rank - 1]![9 - file]!;
  const own = (p: string): boolean => p !== '.' && (p === p.toUpperCase()) === (side === 0);
  const kind = (p: string): string => p.toUpperCase();
  const handHas = (letter: string): boolean =>
    engine.hand[side * 8 + 'PLNSBRG'.indexOf(letter) + 1]! > 0;

  for (const letter of 'PLNSBRG') {
    for (let rank = 1; rank <= 9; rank++) {
      for (const f of FILES) {
        const file = Number(f);
        const usi = `${letter}*${squareName(file, rank)}`;
        if (!handHas(letter)) {
          if (at(file, rank) === '.' && rank === 5) add('not-in-hand', usi);
          continue;
        }
        if (at(file, rank) !== '.') {
          add('occupied-drop', usi);
          continue;
        }
        const far = farRank(side, rank);
        if ((letter === 'P' || letter === 'L') && far === 1) add('dead-drop', usi);
        if (letter === 'N' && far <= 2) add('dead-drop', usi);
        if (letter === 'P') {
          const pawn = side === 0 ? 'P' : 'p';
          if ([1, 2, 3, 4, 5, 6, 7, 8, 9].some((r) => r !== rank && at(file, r) === pawn))
            add('double-pawn', usi);
          const kingRank = rank + (side === 0 ? -1 : 1);
          if (kingRank >= 1 && kingRank <= 9 && at(file, kingRank) === (side === 0 ? 'k' : 'K'))
            add('pawn-drop-before-king', usi);
        }
      }
    }
  }

  // Moves by geometry alone (shogiops ignores king safety here): into check, pinned, not evading.
  for (const from of ops.board.color(ops.turn)) {
    for (const to of ops.illegalMoveDests(from)) {
      const usi = `${squareNameOf(from)}${squareNameOf(to)}`;
      if (!legal.has(usi) && !legal.has(`${usi}+`)) add('self-check', usi);
    }
  }

  for (const usi of legal) {
    if (isDropUsi(usi)) continue;
    if (usi.endsWith('+')) {
      const plain = usi.slice(0, 4);
      const piece = kind(at(Number(plain[0]), RANKS.indexOf(plain[1]!) + 1));
      const far = farRank(side, RANKS.indexOf(plain[3]!) + 1);
      if (((piece === 'P' || piece === 'L') && far === 1) || (piece === 'N' && far <= 2))
        add('missing-promotion', plain);
    } else if (!legal.has(`${usi}+`)) {
      add('impossible-promotion', `${usi}+`);
    }
  }

  for (const f of FILES) {
    for (let rank = 1; rank <= 9; rank++) {
      const p = at(Number(f), rank);
      if (p === '.' || own(p)) continue;
      const target = rank + (side === 0 ? 1 : -1);
      if (target >= 1 && target <= 9 && !own(at(Number(f), target)))
        add('enemy-piece', `${f}${RANKS[rank - 1]}${squareName(Number(f), target)}`);
    }
  }
  return out;
}

function shuffle<T>(items: T[], rng: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const isDropUsi = (usi: string): boolean => usi[1] === '*';
/** shogiops squares: rank * 16 + file index (file index 0 is file 1). */
const squareNameOf = (sq: number): string => `${(sq & 15) + 1}${RANKS[sq >> 4]}`;

/** The board field of an SFEN as 9 rows of 9 cells: '.' empty, 'P' sente pawn, '+p' gote tokin. */
function expandBoard(board: string): string[][] {
  return board.split('/').map((row) => {
    const cells: string[] = [];
    let promoted = false;
    for (const ch of row) {
      if (ch === '+') promoted = true;
      else if (ch >= '1' && ch <= '9') cells.push(...Array<string>(Number(ch)).fill('.'));
      else {
        cells.push(promoted ? `+${ch}` : ch);
        promoted = false;
      }
    }
    return cells;
  });
}

/** Did the side to move just have a drop-pawn mate forbidden? (independently, with shogiops) */
function isDropPawnMateByShogiops(ops: Shogi, usi: string): boolean {
  const drop = parseUsi(usi);
  if (!drop) return false;
  const child = ops.clone();
  child.play(drop);
  return child.isCheckmate();
}

function checkPosition(game: Game, stats: Stats, rng: () => number): Move[] {
  const { engine, ops, ts } = game;
  const sfen = makeSfen(engine);
  const moves = legalMoves(engine);
  const ours = moves.map(makeUsiMove).sort();
  const fail = (what: string): void => {
    stats.failures.push(`${sfen}: ${what}`);
  };

  const vsShogiops = diffSets(ours, shogiopsLegalUsi(ops));
  if (vsShogiops.missing.length > 0 || vsShogiops.extra.length > 0)
    fail(
      `vs shogiops missing [${vsShogiops.missing.join(' ')}] extra [${vsShogiops.extra.join(' ')}]`,
    );

  const vsNaive = diffSets(ours, legalMovesNaive(engine).map(makeUsiMove));
  if (vsNaive.missing.length > 0 || vsNaive.extra.length > 0)
    fail(
      `vs legalMovesNaive missing [${vsNaive.missing.join(' ')}] extra [${vsNaive.extra.join(' ')}]`,
    );

  for (const usi of ours) if (!tsshogiAccepts(ts, usi)) fail(`tsshogi rejects generated ${usi}`);

  const legal = new Set(ours);
  const pool = candidates(game, legal);
  const categories = shuffle([...pool.keys()], rng);
  for (let i = 0; i < CANDIDATES_PER_POSITION && categories.length > 0; i++) {
    const category = categories[i % categories.length]!;
    const usi = pick(rng, pool.get(category)!);
    if (tsshogiAccepts(ts, usi)) fail(`${category} ${usi}: not generated, but tsshogi accepts it`);
    else stats.rejectedByCategory.set(category, (stats.rejectedByCategory.get(category) ?? 0) + 1);
    if (parseUsiMove(engine, usi).ok)
      fail(`${category} ${usi}: not generated, but parseUsiMove accepts it`);
  }
  const otherReasons = new Set([
    ...(pool.get('double-pawn') ?? []),
    ...(pool.get('dead-drop') ?? []),
  ]);
  for (const usi of pool.get('pawn-drop-before-king') ?? []) {
    if (engine.inCheck() || otherReasons.has(usi)) continue;
    const mate = isDropPawnMateByShogiops(ops, usi);
    if (mate) stats.dropPawnMates++;
    if (isDropPawnMate(engine, parseSquareName(usi.slice(2))) !== mate)
      fail(`isDropPawnMate(${usi}) is ${!mate}, shogiops says ${mate}`);
  }
  // A generated pawn drop in front of the enemy king is never a drop-pawn mate.
  const enemyKing = makePiece(opposite(engine.sideToMove), Kind.King);
  const ahead = engine.sideToMove === 0 ? N : S;
  for (const usi of ours) {
    if (!usi.startsWith('P*')) continue;
    const to = parseSquareName(usi.slice(2));
    if (engine.board[to + ahead] === enemyKing && isDropPawnMate(engine, to))
      fail(`${usi} is generated but isDropPawnMate says it mates`);
  }
  const mated = ours.length === 0 && ops.isCheckmate();
  if (isMate(engine) !== mated) fail(`isMate is ${isMate(engine)}, shogiops says ${mated}`);

  if (stats.positions % FULL_TSSHOGI_EVERY === 0) {
    stats.fullTsshogi++;
    const vsTsshogi = diffSets(ours, tsshogiLegalUsi(ts));
    if (vsTsshogi.missing.length > 0 || vsTsshogi.extra.length > 0)
      fail(
        `vs tsshogi missing [${vsTsshogi.missing.join(' ')}] extra [${vsTsshogi.extra.join(' ')}]`,
      );
  }

  stats.positions++;
  if (engine.inCheck()) stats.inCheck++;
  if (engine.hand.reduce((a, b) => a + b, 0) >= 8) stats.manyInHand++;
  // Continue the playout only with moves all three agree on.
  return moves.filter((m) => !vsShogiops.extra.includes(makeUsiMove(m)));
}

function chooseMove(engine: Position, moves: readonly Move[], rng: () => number): Move {
  const r = rng();
  if (r < CAPTURE_BIAS) {
    const captures = moves.filter((m) => !isDrop(m) && engine.board[moveTo(m)] !== 0);
    if (captures.length > 0) return pick(rng, captures);
  } else if (r < CAPTURE_BIAS + CHECK_BIAS) {
    const checks = moves.filter((m) => {
      engine.doMove(m);
      const check = engine.inCheck();
      engine.undoMove(m);
      return check;
    });
    if (checks.length > 0) return pick(rng, checks);
  } else if (r < CAPTURE_BIAS + CHECK_BIAS + DROP_BIAS) {
    const drops = moves.filter(isDrop);
    if (drops.length > 0) return pick(rng, drops);
  }
  return pick(rng, moves);
}

function playout(start: string, stats: Stats, rng: () => number): void {
  const game: Game = {
    engine: mustParse(start),
    ops: parseShogiops(start),
    ts: parseTsshogi(start),
  };
  for (let ply = 0; ply < MAX_PLAYOUT_PLIES && stats.positions < TARGET_POSITIONS; ply++) {
    const moves = checkPosition(game, stats, rng);
    if (moves.length === 0) return;
    const move = chooseMove(game.engine, moves, rng);
    const usi = makeUsiMove(move);
    const before = makeSfen(game.engine);
    game.engine.doMove(move);
    game.ops.play(parseUsi(usi)!);
    const tsMove = game.ts.createMoveByUSI(usi);
    if (!tsMove || !game.ts.doMove(tsMove)) {
      stats.failures.push(`${before}: tsshogi cannot play ${usi}`);
      return;
    }
    const ours = sfenPosition(makeSfen(game.engine));
    const theirs = sfenPosition(makeShogiopsSfen(game.ops));
    if (ours !== theirs) {
      stats.failures.push(`${before}: after ${usi} the engine has ${ours}, shogiops ${theirs}`);
      return;
    }
  }
}

describe('drop-pawn mate against shogiops', () => {
  it('isDropPawnMate agrees on every pawn drop in front of a king in the fixtures', () => {
    const failures: string[] = [];
    for (const f of perftFixtures()) {
      const pos = mustParse(f.sfen);
      const ops = parseShogiops(f.sfen);
      if (pos.inCheck() || pos.hand[pos.sideToMove * 8 + Kind.Pawn] === 0) continue;
      const king = pos.kingSquare[opposite(pos.sideToMove)]!;
      const to = king - (pos.sideToMove === 0 ? N : S);
      if (king === 0 || pos.board[to] !== 0) continue;
      const usi = `P*${makeSquareName(to)}`;
      const mate = isDropPawnMateByShogiops(ops, usi);
      if (isDropPawnMate(pos, to) !== mate)
        failures.push(`${f.sfen}: isDropPawnMate(${usi}) != ${mate}`);
    }
    expect(failures, summarise(failures)).toEqual([]);
  });
});

describe('differential: engine vs shogiops vs tsshogi on random playouts', () => {
  it(
    `agrees on the legal moves of ${TARGET_POSITIONS} positions`,
    () => {
      const stats: Stats = {
        positions: 0,
        inCheck: 0,
        manyInHand: 0,
        dropPawnMates: 0,
        fullTsshogi: 0,
        rejectedByCategory: new Map(),
        failures: [],
      };
      const starts = [
        'startpos',
        ...perftFixtures()
          .filter((f) => f.perft[0]! > 0)
          .map((f) => f.sfen),
      ];
      const rng = makeRng(SEED);
      for (let i = 0; stats.positions < TARGET_POSITIONS && stats.failures.length < 50; i++) {
        playout(starts[i % starts.length]!, stats, rng);
      }
      console.log(
        `differential: ${stats.positions} positions, ${stats.inCheck} in check, ` +
          `${stats.manyInHand} with 8+ pieces in hand, ${stats.dropPawnMates} drop-pawn mates ` +
          `refused, ${stats.fullTsshogi} full tsshogi enumerations; rejected candidates: ` +
          [...stats.rejectedByCategory].map(([c, n]) => `${c} ${n}`).join(', '),
      );
      expect(stats.failures, summarise(stats.failures)).toEqual([]);
      expect(stats.positions).toBeGreaterThanOrEqual(TARGET_POSITIONS);
      // The bias has to produce the positions this test exists for.
      expect(stats.inCheck).toBeGreaterThan(TARGET_POSITIONS / 20);
      expect(stats.manyInHand).toBeGreaterThan(TARGET_POSITIONS / 4);
      expect(stats.dropPawnMates).toBeGreaterThan(20);
      for (const category of [
        'double-pawn',
        'dead-drop',
        'pawn-drop-before-king',
        'self-check',
        'missing-promotion',
        'impossible-promotion',
        'occupied-drop',
        'not-in-hand',
        'enemy-piece',
      ] as const) {
        expect(stats.rejectedByCategory.get(category) ?? 0, category).toBeGreaterThan(20);
      }
    },
    DIFFERENTIAL_TIMEOUT_MS,
  );
});
