/**
 * Chapter 8's perpetual-check example (end-of-game.mdx, "Repetition and perpetual check"; found
 * by scripts/find-repetition-example.ts). Sente has only a dragon against gote's rook, bishop and
 * gold, and can check gote's cornered king for ever: 3b3a+ 1a1b 3a3b+ 1b1a, the king having one
 * legal move after each check. The game has gone round that cycle twice and a half; one more
 * check, 3a3b+, and the forced 1b1a put the first position on the board for the fourth time. In
 * chess that would be a draw and save the game. In shogi sente, who checked with every move,
 * loses, and the search plays on two pieces down instead.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  legalMoves,
  makeUsiMove,
  parsePositionCommand,
  parseUsiMove,
  type Position,
  Repetition,
  repetition,
} from '../../../src/engine/index';
import { RULE_WIN, Searcher } from '../../../src/engine/search/index';

/**
 * A switch on the rule, for the last test: when on, `repetition()` (the search's, and this file's)
 * calls every repetition a plain draw, perpetual check or not, as chess would. Off, it is the rule.
 */
const chess = vi.hoisted(() => ({ perpetualIsDraw: false }));
vi.mock('../../../src/engine/rules', async (importOriginal) => {
  const rules = await importOriginal<typeof import('../../../src/engine/rules')>();
  return {
    ...rules,
    repetition: (...args: Parameters<typeof rules.repetition>) => {
      const r = rules.repetition(...args);
      return chess.perpetualIsDraw && r !== rules.Repetition.None ? rules.Repetition.Draw : r;
    },
  };
});

const SETUP = '4b3k/g5+R2/7pp/4r4/9/9/9/3K5/9 b - 1';
/** The example was found with material alone, and the chapter's widget searches it so. */
const MATERIAL = { evaluator: 'material' } as const;
const CYCLE = ['3b3a', '1a1b', '3a3b', '1b1a'];
/** Two and a half times round: sente to move, the dragon on 3a, the king on 1b (third time). */
const HISTORY = [...CYCLE, ...CYCLE, '3b3a', '1a1b'];
const REPETITION_EXAMPLE = `sfen ${SETUP} moves ${HISTORY.join(' ')}`;
const CHECK = '3a3b';
const DEPTH = 5;

function position(): Position {
  const r = parsePositionCommand(REPETITION_EXAMPLE);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function play(pos: Position, usi: string): void {
  const m = parseUsiMove(pos, usi);
  if (!m.ok) throw new Error(m.error);
  expect(legalMoves(pos)).toContain(m.value);
  pos.doMove(m.value);
}

function moveOf(pos: Position, usi: string): number {
  const m = parseUsiMove(pos, usi);
  if (!m.ok) throw new Error(m.error);
  return m.value;
}

describe('the perpetual-check example of chapter 8', () => {
  it('is the position the chapter’s explorer offers', () => {
    const chapter = readFileSync('src/content/chapters/end-of-game.mdx', 'utf8');
    expect(chapter).toContain(`'${REPETITION_EXAMPLE}'`);
  });

  it('is a forced perpetual check that repeats the first position a fourth time', () => {
    const pos = position();
    expect(pos.inCheck()).toBe(false);
    play(pos, CHECK);
    expect(pos.inCheck()).toBe(true);
    // The king's only move: the checks cannot be escaped.
    expect(legalMoves(pos).map(makeUsiMove)).toEqual(['1b1a']);
    expect(repetition(pos)).toBe(Repetition.None);
    play(pos, '1b1a');
    // Fourth time, sente to move, and sente gave check with every move since the first: sente loses.
    expect(repetition(pos)).toBe(Repetition.Loss);
    // A search, which counts the first repetition on its line, sees the same.
    expect(repetition(pos, 2, 16)).toBe(Repetition.Loss);
  });

  it('plays another move at depths 4 to 6, two pieces down but not lost by the rule', () => {
    for (const depth of [4, 5, 6]) {
      const r = new Searcher(MATERIAL).search(position(), { depth });
      expect(r.bestMove).toBe('6h6g');
      expect(r.value).toBeLessThan(-1000);
      expect(r.value).toBeGreaterThan(-RULE_WIN);
      expect(r.score.kind).toBe('cp');
    }
  });

  it('scores the checking move as a loss by the rule, below every other move', () => {
    const pos = position();
    const check = new Searcher(MATERIAL).search(position(), {
      depth: DEPTH,
      searchMoves: [moveOf(pos, CHECK)],
    });
    expect(check.value).toBe(-RULE_WIN);
    for (const m of legalMoves(pos)) {
      if (makeUsiMove(m) === CHECK) continue;
      const other = new Searcher(MATERIAL).search(position(), { depth: DEPTH, searchMoves: [m] });
      expect(other.value).toBeGreaterThan(-RULE_WIN);
    }
  });

  it('after the check, scores the king’s forced reply as gote’s win by the rule', () => {
    const pos = position();
    play(pos, CHECK);
    const r = new Searcher(MATERIAL).search(pos, { depth: DEPTH });
    expect(r.bestMove).toBe('1b1a');
    expect(r.value).toBe(RULE_WIN);
    expect(r.score.kind).toBe('cp');
  });

  it('would take the draw by perpetual check if the repetition were only a draw', () => {
    chess.perpetualIsDraw = true;
    try {
      for (const depth of [4, 5, 6]) {
        const r = new Searcher(MATERIAL).search(position(), { depth });
        expect(r.bestMove).toBe(CHECK);
        expect(Math.abs(r.value)).toBe(0); // a draw
      }
    } finally {
      chess.perpetualIsDraw = false;
    }
  });
});
