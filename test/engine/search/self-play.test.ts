/**
 * The engine plays itself: 20 games with short searches, from varied openings (a seeded random
 * 4–8 plies, from the start position for half the games and from the middle games of the bench
 * fixture for the other half, where the material evaluation has something to play for).
 *
 * Every move the searcher returns must be legal (parseUsiMove accepts it), the position's
 * incremental state must match a recomputation after every move, and each game's end must be
 * classified correctly, each claim checked independently of the rule that made it.
 */
import { describe, expect, it } from 'vitest';
import {
  canDeclareWin,
  hasLegalMove,
  isMate,
  legalMoves,
  makeSfen,
  parseUsiMove,
  type Position,
  repetition,
  Repetition,
  STARTPOS_SFEN,
} from '../../../src/engine/index';
import { MATE, Searcher } from '../../../src/engine/search/index';
import { makeRng, mustParse, pick, readFixture } from './support';

const GAMES = 20;
const SEED = 0x5e1f;
/** A game still going after this many plies (after the random opening) is a draw by the move limit. */
const MAX_PLIES = 300;
/** Depth 2, with a node cap for the rare position where quiescence search explodes. */
const LIMITS = { depth: 2, nodes: 50_000 } as const;
/** Alone on the machine the 20 games take about 10 s; the machine may be shared. */
const TIMEOUT_MS = 600_000;

const MIDDLE_GAMES = readFixture<{ positions: { name: string; sfen: string }[] }>(
  'bench-positions.json',
).positions.filter((p) => /middle game|exchange|ending/.test(p.name));

type End =
  'mate' | 'no legal move' | 'repetition draw' | 'perpetual check' | 'declaration' | 'move limit';

interface Game {
  start: string;
  moves: string[];
  end: End;
  /** The winner's colour, or null for a draw. */
  winner: 0 | 1 | null;
  finalSfen: string;
}

/** Board, hand and side to move: what repetition compares. */
const positionKey = (pos: Position): string => makeSfen(pos).split(' ').slice(0, 3).join(' ');

function playGame(searcher: Searcher, rng: () => number, startSfen: string): Game {
  const pos = mustParse(startSfen);
  const opening = 4 + Math.floor(rng() * 5);
  for (let i = 0; i < opening && hasLegalMove(pos); i++) pos.doMove(pick(rng, legalMoves(pos)));
  const start = makeSfen(pos);
  const game = mustParse(start); // history starts here, as the search sees it
  searcher.clear();
  const moves: string[] = [];
  const keys = [positionKey(game)];
  const finish = (end: End, winner: 0 | 1 | null): Game => ({
    start,
    moves,
    end,
    winner,
    finalSfen: makeSfen(game),
  });
  for (;;) {
    const us = game.sideToMove;
    if (!hasLegalMove(game))
      return finish(isMate(game) ? 'mate' : 'no legal move', us === 0 ? 1 : 0);
    const rep = repetition(game);
    if (rep === Repetition.Draw) return finish('repetition draw', null);
    if (rep === Repetition.Win) return finish('perpetual check', us);
    if (rep === Repetition.Loss) return finish('perpetual check', us === 0 ? 1 : 0);
    if (canDeclareWin(game)) return finish('declaration', us);
    if (game.ply >= MAX_PLIES) return finish('move limit', null);

    const r = searcher.search(game, LIMITS);
    if (r.bestMove === null) throw new Error(`no best move in ${makeSfen(game)}`);
    const move = parseUsiMove(game, r.bestMove);
    if (!move.ok) throw new Error(`illegal best move in ${makeSfen(game)}: ${move.error}`);
    game.doMove(move.value);
    moves.push(r.bestMove);
    keys.push(positionKey(game));
    const broken = game.checkInvariants();
    if (broken !== null) throw new Error(`after ${moves.join(' ')}: ${broken}`);
  }
}

/** Check a game's end from its move list alone, without the rule functions that ended it. */
function verifyEnd(g: Game): void {
  const pos = mustParse(g.start);
  const keys = [positionKey(pos)];
  const checks = [pos.inCheck()];
  for (const usi of g.moves) {
    const m = parseUsiMove(pos, usi);
    expect(m.ok, `${usi} replays`).toBe(true);
    if (m.ok) pos.doMove(m.value);
    keys.push(positionKey(pos));
    checks.push(pos.inCheck());
  }
  expect(makeSfen(pos)).toBe(g.finalSfen);
  const last = keys.length - 1;
  const occurrences = keys.filter((k) => k === keys[last]).length;
  const us = pos.sideToMove;
  switch (g.end) {
    case 'mate':
      expect(pos.inCheck()).toBe(true);
      expect(legalMoves(pos)).toEqual([]);
      expect(g.winner).toBe(us ^ 1);
      // The searcher agrees: no move, and the value of being mated now.
      expect(new Searcher().search(pos, { depth: 1 })).toMatchObject({
        bestMove: null,
        value: -MATE,
      });
      break;
    case 'no legal move':
      expect(pos.inCheck()).toBe(false);
      expect(legalMoves(pos)).toEqual([]);
      expect(g.winner).toBe(us ^ 1);
      break;
    case 'repetition draw':
    case 'perpetual check': {
      expect(occurrences).toBeGreaterThanOrEqual(4);
      expect(legalMoves(pos).length).toBeGreaterThan(0);
      // Since the first occurrence: did every move of one side give check?
      const first = keys.indexOf(keys[last]!);
      const checkedBy = (side: number): boolean =>
        checks.every((c, i) => i <= first || (last - i) % 2 !== side || c);
      const perpetualByMover = checkedBy(0);
      const perpetualByOther = checkedBy(1);
      if (g.end === 'repetition draw') {
        expect(perpetualByMover || perpetualByOther).toBe(false);
        expect(g.winner).toBeNull();
      } else {
        expect(perpetualByMover || perpetualByOther).toBe(true);
        // The side that gave every check loses.
        expect(g.winner).toBe(perpetualByMover ? us : us ^ 1);
      }
      break;
    }
    case 'declaration':
      expect(pos.inCheck()).toBe(false);
      expect(g.winner).toBe(us);
      break;
    case 'move limit':
      expect(g.moves.length).toBe(MAX_PLIES);
      expect(g.winner).toBeNull();
      break;
  }
}

describe('self-play', () => {
  it(
    `plays ${GAMES} legal games to a correctly classified end`,
    () => {
      const rng = makeRng(SEED);
      const searcher = new Searcher();
      const games: Game[] = [];
      for (let i = 0; i < GAMES; i++) {
        const from =
          i % 2 === 0 ? STARTPOS_SFEN : MIDDLE_GAMES[(i >> 1) % MIDDLE_GAMES.length]!.sfen;
        games.push(playGame(searcher, rng, from));
      }
      for (const g of games) verifyEnd(g);

      const tally = new Map<string, number>();
      for (const g of games) {
        const who = g.winner === null ? 'draw' : g.winner === 0 ? 'sente wins' : 'gote wins';
        const key = `${g.end} (${who})`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
      const lines = games.map(
        (g, i) =>
          `game ${String(i + 1).padStart(2)}: ${String(g.moves.length).padStart(3)} plies, ${g.end}` +
          (g.winner === null ? '' : g.winner === 0 ? ', sente wins' : ', gote wins'),
      );
      console.log(
        `self-play summary (${LIMITS.depth} plies, at most ${LIMITS.nodes} nodes a move)\n` +
          `${lines.join('\n')}\n${[...tally].map(([k, n]) => `${n} × ${k}`).join('\n')}`,
      );
      expect(games.length).toBe(GAMES);
      expect(games.some((g) => g.winner !== null)).toBe(true);
    },
    TIMEOUT_MS,
  );
});
