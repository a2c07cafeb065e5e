/**
 * Seed 002's data as the engine makes it: the best-move examples (the teacher's move class 1, one
 * other legal move class 0, from ply 40, their policies and attributes exactly what the feature
 * functions give), the mate examples (a mate in 3 for class 1, none for class 0, the same side to
 * move), the outcome examples of Table 1, and the split by game.
 */
import { describe, expect, it } from 'vitest';
import {
  BEST_MOVE_FROM_PLY,
  BEST_MOVE_WIDTH,
  bestMoveDataset,
  isTestGame,
  type MateGame,
  mateDataset,
  outcomeDataset,
  playMateGame,
  replay,
  splitByGame,
  type TeacherGame,
} from '../../../src/engine/dtree/data';
import { movePolicies, POLICY_COUNT } from '../../../src/engine/dtree/move-policies';
import { ATTRIBUTE_COUNT, positionAttributes } from '../../../src/engine/dtree/position-attributes';
import { randomPlies } from '../../../src/engine/lab/openings';
import { makeRandom } from '../../../src/engine/lab/random';
import { findShortMate } from '../../../src/engine/short-mate';
import { legalMoves, parseSfen } from '../../../src/engine/index';

/** A game of `plies` random legal moves (seeded), as a teacher game with a given result. */
function randomGame(seed: number, plies: number, result: TeacherGame['result']): TeacherGame {
  const { moves } = randomPlies(makeRandom(seed), plies);
  return { opening: moves.slice(0, 10), moves: moves.slice(10), result, end: 'mate' };
}

describe('best-move examples', () => {
  const games = [randomGame(1, 60, 'sente'), randomGame(2, 55, 'gote')];
  const { data, source } = bestMoveDataset(games, 7);

  it('take two rows per position from ply 40 on, the teacher’s move first', () => {
    const positions = games.reduce(
      (n, g) => n + g.opening.length + g.moves.length - BEST_MOVE_FROM_PLY,
      0,
    );
    expect(data.count).toBe(2 * positions);
    expect(data.width).toBe(BEST_MOVE_WIDTH);
    for (let i = 0; i < data.count; i++) expect(data.labels[i]).toBe(i % 2 === 0 ? 1 : 0);
    expect(source.ply[0]).toBe(BEST_MOVE_FROM_PLY);
    expect(source.game[data.count - 1]).toBe(1);
  });

  it('hold each move’s policies and its position’s attributes, and another move than the teacher’s', () => {
    const attributes = new Uint8Array(ATTRIBUTE_COUNT);
    let row = 0;
    games.forEach((game) =>
      replay([...game.opening, ...game.moves], (pos, ply, move, previous) => {
        if (ply < BEST_MOVE_FROM_PLY) return;
        const mask = movePolicies(pos, move, previous);
        const at = row * BEST_MOVE_WIDTH;
        for (let p = 0; p < POLICY_COUNT; p++)
          expect(data.values[at + p], `policy ${p + 1} at ply ${ply}`).toBe((mask >>> p) & 1);
        positionAttributes(pos, attributes);
        expect(Array.from(data.values.subarray(at + POLICY_COUNT, at + BEST_MOVE_WIDTH))).toEqual(
          Array.from(attributes),
        );
        // The other move's row differs in its policies unless the two moves share them all.
        const other = data.values.subarray(
          at + BEST_MOVE_WIDTH,
          at + BEST_MOVE_WIDTH + POLICY_COUNT,
        );
        const found = legalMoves(pos).filter((m) => {
          if (m === move) return false;
          const o = movePolicies(pos, m, previous);
          return Array.from(other).every((bit, p) => bit === ((o >>> p) & 1));
        });
        expect(found.length).toBeGreaterThan(0);
        row += 2;
      }),
    );
  });

  it('are the same for the same seed and differ for another', () => {
    expect(bestMoveDataset(games, 7).data.values).toEqual(data.values);
    expect(bestMoveDataset(games, 8).data.values).not.toEqual(data.values);
  });
});

describe('the split by game', () => {
  it('tests on the last tenth of the games, as the paper tested on 50 of 500', () => {
    const tests = Array.from({ length: 500 }, (_, g) => isTestGame(g, 500)).filter(Boolean);
    expect(tests.length).toBe(50);
    expect(isTestGame(449, 500)).toBe(false);
    expect(isTestGame(450, 500)).toBe(true);
  });

  it('never puts one game’s examples on both sides', () => {
    const games = Array.from({ length: 12 }, (_, g) => randomGame(100 + g, 44, 'sente'));
    const { source } = bestMoveDataset(games, 1);
    const { train, test } = splitByGame(source, games.length);
    expect(train.length + test.length).toBe(source.game.length);
    const trainGames = new Set(Array.from(train, (i) => source.game[i]));
    for (const i of test) expect(trainGames.has(source.game[i])).toBe(false);
  });
});

describe('outcome examples (Table 1)', () => {
  it('take the last N positions of decided games, class 1 where the side to move won', () => {
    const games = [
      randomGame(3, 40, 'sente'),
      randomGame(4, 40, 'draw'),
      randomGame(5, 40, 'gote'),
    ];
    const { data, source } = outcomeDataset(games, 10);
    expect(data.count).toBe(20);
    expect(Array.from(new Set(source.game))).toEqual([0, 2]);
    for (let i = 0; i < data.count; i++) {
      const senteToMove = source.ply[i]! % 2 === 0;
      const senteWon = source.game[i] === 0;
      expect(data.labels[i]).toBe(senteToMove === senteWon ? 1 : 0);
    }
  });
});

describe('mate examples', () => {
  it('are a mate in 3 for class 1 and none for class 0, the side to move the mating side', () => {
    // Three games: each plays to a mate in 3, asking the exact search at every ply.
    const games: MateGame[] = [];
    for (let g = 0; g < 3; g++) {
      const random = makeRandom(40 + g);
      const { moves } = randomPlies(random, 10);
      games.push(playMateGame({ id: `t${g}`, moves, score: 0 }, random));
    }
    const found = games.filter((g) => g.sfen !== null);
    expect(found.length).toBeGreaterThan(0);
    for (const game of found) {
      const pos = parseSfen(game.sfen!);
      expect(pos.ok).toBe(true);
      if (!pos.ok) continue;
      expect(findShortMate(pos.value, 3) !== 0).toBe(game.label === 1);
      expect(game.ply).toBeLessThanOrEqual(game.plies);
      expect((game.plies - game.ply) % 2).toBe(0);
    }
    const { data } = mateDataset(games);
    expect(data.count).toBe(found.length);
    expect(Array.from(data.labels)).toEqual(found.map((g) => g.label));
    // About 15 s alone; a busy two-core machine (a match, the suite's other files) doubles it.
  }, 120_000);
});
