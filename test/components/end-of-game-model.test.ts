/**
 * Chapter 8's widgets without a DOM: values read in words (mates at odd plies, king captures at
 * even ones, stalemate as a draw only where a search knows it), the root-move table best first
 * with the moves that lose the king at once folded into one row, the comparison marks the methods
 * whose move differs from the legal-move search's, the chess diagram reads a FEN with white at the
 * bottom, and the proof browser puts proven children first in the order each side wants.
 */
import { describe, expect, it } from 'vitest';
import { WIN } from '../../src/engine/king-capture/search';
import type { ProofNode } from '../../src/engine/mate/proof';
import { PN_INFINITE } from '../../src/engine/mate/table';
import {
  EndOfGameLab,
  type EndOfGameResponse,
  type EndRulesMessage,
} from '../../src/engine/king-capture/requests';
import {
  childBadge,
  comparisonRows,
  describeChessCell,
  fenCells,
  isPrefix,
  LOSES_KING_AT_ONCE,
  mateStatusText,
  moveRows,
  nodeHeading,
  positionAfter,
  proofNumber,
  RULES,
  type RuleRun,
  sortedChildren,
  uciSquares,
  usiMoveShape,
  valueInWords,
} from '../../src/components/widgets/end-of-game/end-of-game-model';
import {
  isDrop,
  legalMoves,
  makeSfen,
  makeUsiMove,
  moveTo,
  parseSfen,
} from '../../src/engine/index';

const C8 = '8/k1P5/8/1K6/8/8/8/7Q w - - 0 1';
const DROP = 'kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1';

describe('valueInWords', () => {
  it.each([
    [WIN - 1, 'mates in 1 ply'],
    [WIN - 3, 'mates in 3 plies'],
    [WIN - 2, 'takes the king in 3 plies'],
    [WIN - 4, 'takes the king in 5 plies'],
    [-(WIN - 2), 'mated in 2 plies'],
    [-(WIN - 3), 'king taken in 4 plies'],
    [LOSES_KING_AT_ONCE, 'loses the king at once'],
    [1800, '+1800'],
    [-11205, '−11205'],
  ])('reads %d as %s', (value, words) => {
    expect(valueInWords(value, 'shogi', 'legal')).toBe(words);
  });

  it('reads a chess 0 as a stalemate only in a search that knows stalemate', () => {
    expect(valueInWords(0, 'chess', 'legal')).toBe('draw (stalemate)');
    expect(valueInWords(0, 'chess', 'method-2')).toBe('draw (stalemate)');
    expect(valueInWords(0, 'chess', 'king-capture')).toBe('0');
    expect(valueInWords(0, 'shogi', 'method-1')).toBe('0');
  });

  it('reads the worker’s answers on the c8 promotion: legal moves mate, king capture takes the king', () => {
    const lab = new EndOfGameLab(() => Date.now());
    const run = (rules: (typeof RULES)[number]): EndRulesMessage['result'] => {
      const out: (EndOfGameResponse | { type: 'error' })[] = [];
      lab.handle({ type: 'end-rules', id: 1, game: 'chess', position: C8, rules, depth: 4 }, (m) =>
        out.push(m),
      );
      const m = out[0];
      if (m?.type !== 'endrules') throw new Error('no end-rules answer');
      return m.result;
    };
    const legal = run('legal');
    expect(legal.moveName).toBe('c8=B');
    expect(valueInWords(legal.value, 'chess', 'legal')).toBe('mates in 3 plies');
    const naive = run('king-capture');
    expect(naive.moveName).toBe('c8=Q');
    // The stalemate looks like a mate: every black move walks into capture.
    expect(valueInWords(naive.value, 'chess', 'king-capture')).toBe('takes the king in 3 plies');
    const rows = moveRows(naive.rootMoves, naive.moveText, 'chess', 'king-capture');
    expect(
      rows.filter((r) => r.kind === 'move' && r.chosen).map((r) => r.kind === 'move' && r.name),
    ).toEqual(['c8=Q']);
    expect(rows.at(-1)).toMatchObject({
      kind: 'loses-king',
      words: 'loses the king at once: 2 moves',
    });
  });
});

describe('moveRows', () => {
  const moves = [
    { name: 'a', text: 'a', value: 10 },
    { name: 'x', text: 'x', value: LOSES_KING_AT_ONCE },
    { name: 'b', text: 'b', value: WIN - 2 },
    { name: 'c', text: 'c', value: 10 },
    { name: 'y', text: 'y', value: LOSES_KING_AT_ONCE },
  ];

  it('puts the best first, keeps the search’s order on ties and marks the chosen move', () => {
    const rows = moveRows(moves, 'b', 'shogi', 'king-capture');
    expect(rows.map((r) => (r.kind === 'move' ? r.name : r.kind))).toEqual([
      'b',
      'a',
      'c',
      'loses-king',
    ]);
    expect(rows[0]).toMatchObject({ chosen: true, words: 'takes the king in 3 plies' });
    expect(rows[1]).toMatchObject({ chosen: false, words: '+10' });
  });

  it('folds the moves that lose the king at once into one row, with their names', () => {
    const last = moveRows(moves, 'b', 'shogi', 'king-capture').at(-1);
    expect(last).toEqual({
      kind: 'loses-king',
      names: ['x', 'y'],
      words: 'loses the king at once: 2 moves',
    });
    const one = moveRows(moves.slice(0, 2), 'a', 'shogi', 'king-capture').at(-1);
    expect(one).toMatchObject({ words: 'loses the king at once: 1 move' });
    expect(moveRows(moves.slice(0, 1), 'a', 'shogi', 'legal')).toHaveLength(1);
  });
});

describe('comparisonRows', () => {
  const run = (rules: RuleRun['rules'], moveText: string, value: number): RuleRun => ({
    rules,
    moveName: moveText.toUpperCase(),
    moveText,
    value,
    nodes: 12345,
    ruleNodes: 67,
    timeMs: 4.25,
    stopped: false,
  });

  it('marks the methods whose move differs from the legal-move search’s', () => {
    const rows = comparisonRows(
      [
        run('legal', 'c7c8b', WIN - 3),
        run('king-capture', 'c7c8q', WIN - 2),
        run('method-1', 'c7c8b', WIN - 3),
        run('method-2', 'c7c8b', WIN - 4),
      ],
      'chess',
      true,
    );
    expect(rows.map((r) => r.differs)).toEqual([false, true, false, false]);
    expect(rows[0]).toMatchObject({
      method: 'Legal moves',
      move: 'C7C8B',
      value: 'mates in 3 plies',
      nodes: '12,345',
      ruleNodes: '—',
      time: '4.3 ms',
    });
    expect(rows[2]!.ruleNodes).toBe('67');
    expect(rows[3]!.method).toBe('Method 2 (plain 0)');
  });

  it('has no mark without a legal-move row to compare with', () => {
    expect(comparisonRows([run('king-capture', 'x', 0)], 'shogi').map((r) => r.differs)).toEqual([
      false,
    ]);
  });
});

describe('the chess diagram', () => {
  it('reads a FEN rank 8 first, file a first, h1 light', () => {
    const cells = fenCells(C8)!;
    expect(cells).toHaveLength(64);
    expect(cells[0]).toEqual({ square: 'a8', piece: '', light: true });
    expect(cells[8]).toEqual({ square: 'a7', piece: 'k', light: false });
    expect(cells[10]).toMatchObject({ square: 'c7', piece: 'P' });
    expect(cells[63]).toEqual({ square: 'h1', piece: 'Q', light: true });
    expect(describeChessCell(cells[63]!)).toBe('h1, white queen');
    expect(describeChessCell(cells[8]!)).toBe('a7, black king');
    expect(describeChessCell(cells[0]!)).toBe('a8, empty');
  });

  it.each(['8/8/8 w - - 0 1', '9/8/8/8/8/8/8/8 w - - 0 1', '7x/8/8/8/8/8/8/8 w - - 0 1', ''])(
    'refuses the board %j',
    (fen) => {
      expect(fenCells(fen)).toBeNull();
    },
  );

  it('reads a UCI move’s squares', () => {
    expect(uciSquares('c7c8q')).toEqual({ from: 'c7', to: 'c8' });
    expect(uciSquares('h1c6')).toEqual({ from: 'h1', to: 'c6' });
    expect(uciSquares('P*9b')).toBeNull();
    expect(uciSquares(null)).toBeNull();
  });
});

describe('the proof browser', () => {
  const child = (
    move: string,
    status: 'proven' | 'disproven' | 'open' | 'repeats' | 'beyond',
    length = 0,
    pn = 1,
    dn = 1,
  ) => ({ move, status, length, pn, dn });
  const children = [
    child('d', 'disproven', 0, PN_INFINITE, 0),
    child('o1', 'open', 0, 5, 2),
    child('p3', 'proven', 3, 0, PN_INFINITE),
    child('r', 'repeats', 0, PN_INFINITE, 0),
    child('o2', 'open', 0, 2, 7),
    child('p1', 'proven', 1, 0, PN_INFINITE),
    child('p5', 'proven', 5, 0, PN_INFINITE),
    child('b', 'beyond', 0, PN_INFINITE, 0),
  ];
  const node = (kind: 'or' | 'and'): ProofNode => ({ kind, proven: true, length: 3, children });

  it('at the attacker’s node: the shortest mate first, then open by pn, repeats, beyond the cap, disproven', () => {
    expect(sortedChildren(node('or')).map((c) => c.move)).toEqual([
      'p1',
      'p3',
      'p5',
      'o2',
      'o1',
      'r',
      'b',
      'd',
    ]);
  });

  it('at the defender’s node: the longest defence first, then open by dn', () => {
    expect(sortedChildren(node('and')).map((c) => c.move)).toEqual([
      'p5',
      'p3',
      'p1',
      'o1',
      'o2',
      'r',
      'b',
      'd',
    ]);
  });

  it('says what each side needs, and what each child is', () => {
    expect(nodeHeading('or')).toBe('Attacker to move: one check must mate');
    expect(nodeHeading('and')).toBe('Defender to move: every reply must lose');
    expect(children.map(childBadge)).toEqual([
      'no mate',
      'open',
      'mate in 3 plies',
      'repeats',
      'open',
      'mate in 1 ply',
      'mate in 5 plies',
      'past the length cap',
    ]);
    expect(proofNumber(PN_INFINITE)).toBe('∞');
    expect(proofNumber(12345)).toBe('12,345');
    expect(mateStatusText('mate', 3)).toBe('Mate in 3 plies');
    expect(mateStatusText('mate', 9, false)).toBe(
      'Mate in 9 plies; the budget ran out before a shorter one was ruled out',
    );
    expect(mateStatusText('nomate', 0)).toBe('No mate');
    expect(mateStatusText('timeout', 0)).toMatch(/^The budget ran out/);
  });

  it('plays a path from the problem, and names a move that is not legal', () => {
    const after = positionAfter(DROP, ['8d7b+']);
    expect(after.ok).toBe(true);
    if (after.ok) expect(makeSfen(after.pos)).toMatch(/^kn7\/1s\+N6\/9\/9\/9\/9\/9\/9\/9 w /);
    const bad = positionAfter(DROP, ['9i9a']);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/9i9a/);
    expect(isPrefix(['a'], ['a', 'b'])).toBe(true);
    expect(isPrefix(['b'], ['a', 'b'])).toBe(false);
    expect(isPrefix(['a', 'b', 'c'], ['a', 'b'])).toBe(false);
  });
});

describe('usiMoveShape', () => {
  it('reads the forbidden pawn drop, which the legal parser refuses, for the board to draw', () => {
    const m = usiMoveShape('P*9b');
    expect(m).toBeDefined();
    expect(isDrop(m!)).toBe(true);
    expect(makeUsiMove(m!)).toBe('P*9b');
    expect(positionAfter(DROP, ['P*9b']).ok).toBe(false);
    expect(usiMoveShape('c7c8q')).toBeUndefined();
    expect(usiMoveShape(null)).toBeUndefined();
  });

  it('reads every legal move as the move generator writes it', () => {
    const pos = parseSfen(DROP);
    if (!pos.ok) throw new Error(pos.error);
    for (const m of legalMoves(pos.value)) {
      const shape = usiMoveShape(makeUsiMove(m))!;
      expect(shape).toBe(m);
      expect(moveTo(shape)).toBe(moveTo(m));
    }
  });
});
