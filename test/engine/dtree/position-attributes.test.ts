/**
 * Seed 002's 64 position attributes (Watanabe & Kotani, Table 5): the table's numbering and its
 * two columns, a from-scratch twin of every attribute on random positions of both sides to move,
 * the same values for a position and its mirror (board turned round, colours swapped), and two
 * worked examples: the start position, and a gote king on the edge.
 */
import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTE_COUNT,
  ATTRIBUTES,
  BEST_MOVE_ATTRIBUTES,
  MATE_ATTRIBUTES,
  NeighbourState,
  positionAttributes,
} from '../../../src/engine/dtree/position-attributes';
import {
  attacks,
  BOARD_SIZE,
  type Color,
  computeEffects,
  fileOf,
  Kind,
  makeSfen,
  type Position,
  rankOf,
  square,
  SQUARES,
  STARTPOS_SFEN,
} from '../../../src/engine/index';
import { makeRng, mustParse, perftFixtures } from '../helpers';
import { randomPlayout } from '../search/support';

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function attributesOf(pos: Position, us?: Color): number[] {
  const out = new Uint8Array(ATTRIBUTE_COUNT);
  positionAttributes(pos, out, 0, us);
  return Array.from(out);
}

// ---- The slow twin, from the board alone ----

/** Hand kinds in the paper's order, 歩 香 桂 銀 金 角 飛. */
const HAND = [Kind.Pawn, Kind.Lance, Kind.Knight, Kind.Silver, Kind.Gold, Kind.Bishop, Kind.Rook];

const distance = (a: number, b: number): number =>
  Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));
const kingOf = (pos: Position, color: Color): number | undefined =>
  SQUARES.find((sq) => pos.board[sq] === (Kind.King | (color << 4)));
/** A side's camp (陣): the three ranks nearest it. */
const inCampOf = (color: Color, sq: number): boolean =>
  color === 0 ? rankOf(sq) >= 7 : rankOf(sq) <= 3;

/** Every attribute of `pos`, recounted from its board and hands, seen by `us`. */
function computeAttributes(pos: Position, us: Color): number[] {
  const them = (us ^ 1) as Color;
  const board = pos.board;
  const effects = computeEffects(board);
  const count = (color: Color, sq: number) => effects[color * BOARD_SIZE + sq]!;
  const pieces = SQUARES.filter((sq) => board[sq] !== 0 && (board[sq]! & 15) !== Kind.King);
  const ownedBy = (color: Color) => pieces.filter((sq) => board[sq]! >> 4 === color);
  const out: number[] = [];

  // 1–14: hands.
  for (const color of [us, them]) for (const kind of HAND) out.push(pos.handCount(color, kind));
  // 15, 16: promoted majors (竜 and 馬).
  for (const color of [us, them])
    out.push(
      ownedBy(color).filter((sq) => {
        const kind = board[sq]! & 15;
        return kind === Kind.Dragon || kind === Kind.Horse;
      }).length,
    );
  // 17–20: pieces in each camp, kings not counted.
  for (const camp of [us, them])
    for (const color of [us, them])
      out.push(ownedBy(color).filter((sq) => inCampOf(camp, sq)).length);

  // The squares within `radius` of `color`'s king, and the king's own reach, left out of counts.
  const zone = (color: Color, radius: number) => {
    const king = kingOf(pos, color);
    if (king === undefined) return { king, squares: [] as number[], reach: new Set<number>() };
    const squares = SQUARES.filter((sq) => distance(sq, king) >= 1 && distance(sq, king) <= radius);
    return { king, squares, reach: new Set(attacks(board, board[king]!, king)) };
  };
  // 21–24: freedom, squares near the king the enemy (its king included) does not bear on.
  for (const color of [us, them])
    for (const radius of [1, 2])
      out.push(
        zone(color, radius).squares.filter((sq) => count((color ^ 1) as Color, sq) === 0).length,
      );
  // 25–56: counts a, b, c, d of each side's effects round each king, its own effects left out.
  for (const radius of [1, 2])
    for (const kingColor of [us, them]) {
      const { squares, reach } = zone(kingColor, radius);
      const net = (color: Color, sq: number) =>
        count(color, sq) - (color === kingColor && reach.has(sq) ? 1 : 0);
      for (const side of [us, them]) {
        const other = (side ^ 1) as Color;
        out.push(squares.filter((sq) => net(side, sq) > 0).length);
        out.push(squares.reduce((sum, sq) => sum + net(side, sq), 0));
        out.push(squares.filter((sq) => net(side, sq) > net(other, sq)).length);
        out.push(squares.filter((sq) => net(side, sq) > 0 && net(other, sq) === 0).length);
      }
    }
  // 57–64: the enemy king's neighbours as we sit: far left, far, far right, left, right, near
  // left, near, near right. For sente "far" is towards rank 1 and "left" towards file 9.
  const { king, reach } = zone(them, 1);
  const turn = us === 0 ? 1 : -1;
  const seat = [
    [1, -1],
    [0, -1],
    [-1, -1],
    [1, 0],
    [-1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
  ];
  for (const [df, dr] of seat) {
    const file = king === undefined ? 0 : fileOf(king) + df! * turn;
    const rank = king === undefined ? 0 : rankOf(king) + dr! * turn;
    if (file < 1 || file > 9 || rank < 1 || rank > 9) {
      out.push(NeighbourState.OffBoard);
      continue;
    }
    const sq = square(file, rank);
    const ours = count(us, sq) > 0;
    const theirs = count(them, sq) - (reach.has(sq) ? 1 : 0) > 0;
    out.push(
      ours && theirs
        ? NeighbourState.Both
        : ours
          ? NeighbourState.OursOnly
          : theirs
            ? NeighbourState.TheirsOnly
            : NeighbourState.Neither,
    );
  }
  return out;
}

/** The SFEN of `sfen` turned round: board rotated 180°, colours and hands swapped, other side to move. */
function mirrorSfen(sfen: string): string {
  const [board, side, hand, moveNumber] = sfen.split(' ');
  const swap = (text: string) =>
    text.replace(/[a-z]/gi, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
  const rows = board!
    .split('/')
    .reverse()
    .map((row) => (row.match(/\+?[a-z]|\d/gi) ?? []).reverse().map(swap).join(''));
  return [
    rows.join('/'),
    side === 'b' ? 'w' : 'b',
    hand === '-' ? '-' : swap(hand!),
    moveNumber,
  ].join(' ');
}

describe('the attribute table', () => {
  it('has the 64 attributes of Table 5, numbered 1..64', () => {
    expect(ATTRIBUTE_COUNT).toBe(64);
    expect(ATTRIBUTES.map((a) => a.number)).toEqual(range(1, 64));
    expect(ATTRIBUTES[14]!.ja).toBe('自分の大駒が成っている');
    expect(ATTRIBUTES[20]!.ja).toBe('自玉8近傍自由度');
    expect(ATTRIBUTES[23]!.ja).toBe('相手玉24近傍自由度');
    expect(ATTRIBUTES[32]!.ja).toMatch(/^相手玉8近傍の自分の利き a/);
    expect(ATTRIBUTES[55]!.ja).toMatch(/^相手玉24近傍の相手の利き d/);
    expect(ATTRIBUTES[56]!.ja).toMatch(/^相手玉8近傍の利き状態/);
  });

  it('asks attributes 1–56 in the best-move trees (Table 5, first column)', () => {
    expect(BEST_MOVE_ATTRIBUTES).toEqual(range(0, 55));
  });

  it('asks 1–14, 23, 24, 33–40 and 49–64 in the mate trees (Table 5, second column)', () => {
    const numbers = [...range(1, 14), 23, 24, ...range(33, 40), ...range(49, 64)];
    expect(MATE_ATTRIBUTES).toEqual(numbers.map((n) => n - 1));
  });
});

describe('positionAttributes', () => {
  it('agrees with the from-scratch twin on random positions, seen by either side', () => {
    const rng = makeRng(64);
    const starts = perftFixtures().map((f) => f.sfen);
    const sides = [0, 0];
    for (let i = 0; i < 300; i++) {
      const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 4 + (i % 90), 0.5));
      const us = pos.sideToMove;
      expect(attributesOf(pos), makeSfen(pos)).toEqual(computeAttributes(pos, us));
      // Seen by the side that just moved, as if it were to move again.
      const them = (us ^ 1) as Color;
      expect(attributesOf(pos, them), `${makeSfen(pos)} seen by ${them}`).toEqual(
        computeAttributes(pos, them),
      );
      sides[us]!++;
    }
    expect(Math.min(...sides)).toBeGreaterThan(100);
  });

  it('gives a position and its mirror (board turned, colours swapped) the same values', () => {
    const rng = makeRng(65);
    const starts = perftFixtures().map((f) => f.sfen);
    for (let i = 0; i < 100; i++) {
      const sfen = randomPlayout(rng, starts[i % starts.length]!, 10 + (i % 70), 0.5);
      expect(attributesOf(mustParse(mirrorSfen(sfen))), sfen).toEqual(
        attributesOf(mustParse(sfen)),
      );
    }
  });

  it('writes 64 values at the offset and nothing else', () => {
    const out = new Uint8Array(70).fill(99);
    positionAttributes(mustParse(STARTPOS_SFEN), out, 3);
    expect(Array.from(out.subarray(0, 3))).toEqual([99, 99, 99]);
    expect(Array.from(out.subarray(67))).toEqual([99, 99, 99]);
    expect(Array.from(out.subarray(3, 67))).toEqual(attributesOf(mustParse(STARTPOS_SFEN)));
  });

  it('reads the start position, sente to move', () => {
    // prettier-ignore
    expect(attributesOf(mustParse(STARTPOS_SFEN))).toEqual([
      // 1–14: nobody holds anything.
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      // 15, 16: no dragon or horse. 17–20: our 19 pieces (20 less the king) in our camp, none
      // in the other's; theirs likewise.
      0, 0, 19, 0, 0, 19,
      // 21–24: of the 8 squares round each king 3 are off the board and the 5 others free; of
      // the 24, 14 are on the board (files 3–7 of the king's three ranks, less its own square),
      // all free.
      5, 14, 5, 14,
      // 25–28, round our king (8): we bear on 4h, 5h, 6h three times each (a gold and a
      // silver, or two golds, and the rook along rank 8); 4i and 6i only by the king, which is
      // left out.
      3, 9, 3, 3,
      // 29–32: gote bears on nothing there. 33–36: we bear on nothing round its king.
      0, 0, 0, 0, 0, 0, 0, 0,
      // 37–40: gote round its own king, the mirror image of 25–28.
      3, 9, 3, 3,
      // 41–44, round our king (24): also 3g (knight), 7g (knight and bishop), 3h and 7h (three
      // each), 3i (gold) and 7i (gold and bishop): 9 squares, 21 effects.
      9, 21, 9, 9,
      // 45–48, 49–52: nothing of the other side's within two squares of either king.
      0, 0, 0, 0, 0, 0, 0, 0,
      // 53–56: gote round its own king, the mirror image of 41–44.
      9, 21, 9, 9,
      // 57–64: gote's king on 5a. Beyond it (rank 0) is off the board; 6a and 4a beside it are
      // borne on by its king alone, which is not counted: neither side. 6b, 5b, 4b in front are
      // gote's only.
      4, 4, 4, 1, 1, 0, 0, 0,
    ]);
  });

  it('reads the neighbours of a gote king on the edge, with sente or (mirrored) gote to move', () => {
    // △1二玉 and △2三金; ▲3二銀, ▲3四桂, ▲5九玉.
    //   2a: the silver bears on it, gote's king alone: ours only.
    //   1a: gote's king alone: neither.
    //   2b: the knight, and the gold from behind: both.
    //   2c: the silver (backwards diagonal); the gold stands there but does not bear on itself.
    //   1c: the gold beside it: theirs only.
    //   File 0, right of the king from sente's seat, is off the board.
    const sfen = '9/6S1k/7g1/6N2/9/9/9/9/4K4 b - 1';
    const { OursOnly, Neither, Both, TheirsOnly, OffBoard } = NeighbourState;
    const want = [OursOnly, Neither, OffBoard, Both, OffBoard, OursOnly, TheirsOnly, OffBoard];
    expect(attributesOf(mustParse(sfen)).slice(56)).toEqual(want);
    // Turned round, gote to move sees the same king the same way: ▲9八玉 with its neighbours
    // listed from gote's seat (far is rank i, left is file 1).
    const mirrored = mirrorSfen(sfen);
    expect(mirrored).toBe('4k4/9/9/9/9/2n6/1G7/K1s6/9 w - 1');
    expect(attributesOf(mustParse(mirrored)).slice(56)).toEqual(want);
  });

  it('gives a missing enemy king no freedom, no counts and every neighbour off the board', () => {
    // Gote to move; sente has no king and 16 pawns in hand.
    const values = attributesOf(mustParse('4k4/9/9/9/9/9/9/9/9 w 16P 1'));
    expect(values.slice(7, 14)).toEqual([16, 0, 0, 0, 0, 0, 0]);
    expect(values.slice(22, 24)).toEqual([0, 0]);
    expect([...values.slice(32, 40), ...values.slice(48, 56)]).toEqual(Array<number>(16).fill(0));
    expect(values.slice(56)).toEqual(Array<number>(8).fill(NeighbourState.OffBoard));
  });
});
