/**
 * Seed 000's move evaluation, term by term, on positions built to isolate each term; then the sum
 * and the terms recomputed independently on every legal move of random positions; then what
 * changing one constant does to the order of moves.
 */
import { describe, expect, it } from 'vitest';
import { evaluateMaterial } from '../../../src/engine/eval/material';
import {
  evaluateMove,
  evaluateMoves,
  MOVE_EVAL_DEFAULTS,
  type MoveEvalParams,
  type MoveEvaluation,
} from '../../../src/engine/eval/move-evaluation';
import {
  EMPTY,
  Kind,
  legalMoves,
  makeUsiMove,
  moveTo,
  opposite,
  type Position,
  STARTPOS_SFEN,
} from '../../../src/engine/index';
import { makeRng, mustParse, randomPlayout } from '../search/support';

const D = MOVE_EVAL_DEFAULTS;

/** The evaluation of one move, given in USI, of the position `sfen`. */
function evaluate(sfen: string, usi: string, params: MoveEvalParams = D): MoveEvaluation {
  const pos = mustParse(sfen);
  const move = legalMoves(pos).find((m) => makeUsiMove(m) === usi);
  if (move === undefined) throw new Error(`${usi} is not legal in ${sfen}`);
  return evaluateMove(pos, move, params);
}

/** The moves of `sfen` best first, as USI. */
const ranking = (sfen: string, params: MoveEvalParams = D): string[] =>
  evaluateMoves(mustParse(sfen), params).map((e) => e.usi);

describe('capture bonus', () => {
  // Sente's rook on 5e can take an undefended silver on 5c or a pawn on 2e.
  const SFEN = '4k4/9/4s4/9/4R2p1/9/9/9/4K4 b - 1';

  it('adds captureBonus for taking a silver', () => {
    const e = evaluate(SFEN, '5e5c');
    expect(e.captureBonus).toBe(D.captureBonus);
    expect(e.captureBonus).toBe(1500);
    // Material: the silver leaves gote's board and joins sente's hand.
    expect(e.evalDelta).toBe(2 * 495);
  });

  it('adds nothing for taking a pawn', () => {
    const e = evaluate(SFEN, '5e2e');
    expect(e.captureBonus).toBe(0);
    expect(e.evalDelta).toBe(2 * 90);
  });

  it('follows the parameter', () => {
    expect(evaluate(SFEN, '5e5c', { ...D, captureBonus: 700 }).captureBonus).toBe(700);
  });
});

describe('focus pawn (焦点の歩)', () => {
  // Gote's silver on 6c and gold on 4c both bear on 5d; only the gold bears on 4d.
  const SFEN = '4k4/9/3s1g3/9/9/9/9/9/4K4 b P 1';

  it('adds focusPawnBonus for a pawn dropped where the enemy bears twice', () => {
    expect(evaluate(SFEN, 'P*5d').focusPawn).toBe(50);
  });

  it('adds nothing where the enemy bears once or not at all', () => {
    expect(evaluate(SFEN, 'P*4d').focusPawn).toBe(0);
    expect(evaluate(SFEN, 'P*5e').focusPawn).toBe(0);
  });

  it('counts the effects against focusPawnMinEffects', () => {
    expect(evaluate(SFEN, 'P*4d', { ...D, focusPawnMinEffects: 1 }).focusPawn).toBe(50);
    expect(evaluate(SFEN, 'P*5d', { ...D, focusPawnMinEffects: 3 }).focusPawn).toBe(0);
  });
});

describe('threats to the king', () => {
  // Gote's king alone on 5a; sente has a pawn on 5c and a gold and a knight in hand.
  const SFEN = '4k4/9/4P4/9/9/9/9/9/4K4 b GN 1';

  it('adds kingThreatUnguarded (1500) to lossE from a square the enemy does not bear on', () => {
    const e = evaluate(SFEN, 'N*4c');
    expect(e.kingThreat).toBe(1500);
    expect(e.lossE).toBe(1500);
    expect(e.attack).toBe(150);
  });

  it('adds kingThreatSupported (1000) from a square both sides bear on', () => {
    // The king bears on 5b, and so does the pawn on 5c.
    expect(evaluate(SFEN, 'G*5b').kingThreat).toBe(1000);
  });

  it('adds kingThreatExposed (500) from a square only the enemy bears on', () => {
    const e = evaluate(SFEN, 'G*4b');
    expect(e.kingThreat).toBe(500);
    // …and the gold walks into the king's capture: the threat it takes on is lossS.
    expect(e.lossS).toBe(2 * 540);
  });

  it('counts a discovered threat as unguarded', () => {
    // The lance on 5i stands behind the silver on 5e: moving the silver off the file uncovers it.
    const e = evaluate('4k4/9/9/9/4S4/9/9/9/K3L4 b - 1', '5e4d');
    expect(e.kingThreat).toBe(D.kingThreatUnguarded);
  });
});

describe('defending (gainS)', () => {
  // Gote's rook on 5a attacks sente's silver on 5e; the gold on 4g can step to 5f behind it
  // (or to 4f, beside it), or away to 3g.
  const SFEN = '4r3k/9/9/9/4S4/9/5G3/9/4K4 b - 1';

  it('is positive for a move that defends an attacked piece', () => {
    const e = evaluate(SFEN, '4g5f');
    expect(e.gainS).toBe(2 * 495);
    expect(e.defended.length).toBe(1);
  });

  it('is zero for a move that does not', () => {
    expect(evaluate(SFEN, '4g3g').gainS).toBe(0);
  });
});

describe('the sum and its terms on random positions', () => {
  const rng = makeRng(0x0e7a);
  const positions = Array.from({ length: 30 }, () =>
    randomPlayout(rng, STARTPOS_SFEN, 20 + Math.floor(rng() * 80), 0.4),
  );

  it('value = evalDelta + gainS − lossS + captureBonus + focusPawn + trunc(lossE / attackDivisor)', () => {
    let checked = 0;
    for (const sfen of positions) {
      for (const e of evaluateMoves(mustParse(sfen))) {
        expect(e.attack).toBe(Math.trunc(e.lossE / D.attackDivisor));
        expect(e.value).toBe(
          e.evalDelta + e.gainS - e.lossS + e.captureBonus + e.focusPawn + e.attack,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('recomputes evalDelta, captureBonus, focusPawn and the king threat independently', () => {
    for (const sfen of positions) {
      const pos = mustParse(sfen);
      for (const e of evaluateMoves(pos)) {
        const expected = independentTerms(pos, e.move);
        const got = {
          evalDelta: e.evalDelta,
          captureBonus: e.captureBonus,
          focusPawn: e.focusPawn,
          threatensKing: e.kingThreat > 0,
        };
        expect(got, `${e.usi} in ${sfen}`).toEqual(expected);
      }
    }
  });

  it('sorts best first', () => {
    for (const sfen of positions) {
      const values = evaluateMoves(mustParse(sfen)).map((e) => e.value);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
  });
});

/** The terms that need no exchange values, from the rules' point of view. */
function independentTerms(
  pos: Position,
  move: number,
): { evalDelta: number; captureBonus: number; focusPawn: number; threatensKing: boolean } {
  const us = pos.sideToMove;
  const to = moveTo(move);
  const captured = pos.board[to]!;
  const before = evaluateMaterial(pos);
  pos.doMove(move);
  const evalDelta = -evaluateMaterial(pos) - before;
  const moved = pos.board[to]!;
  const focus = moved === (Kind.Pawn | (us << 4)) && pos.effectCount(opposite(us), to) >= 2;
  const threatensKing = pos.inCheck(); // the move gives check
  pos.undoMove(move);
  return {
    evalDelta,
    captureBonus: captured !== EMPTY && (captured & 15) !== Kind.Pawn ? D.captureBonus : 0,
    focusPawn: focus ? D.focusPawnBonus : 0,
    threatensKing,
  };
}

describe('changing a constant re-ranks moves', () => {
  // Sente's rook can take a silver that gote's gold defends (losing the rook for it) or a pawn.
  const SFEN = '4k4/3g5/4s4/9/4R2p1/9/9/9/4K4 b - 1';

  it('with the capture bonus, taking the defended silver ranks first', () => {
    expect(ranking(SFEN).slice(0, 2).sort()).toEqual(['5e5c', '5e5c+']);
  });

  it('without it, taking the silver ranks below the safe pawn capture and a quiet king move', () => {
    const order = ranking(SFEN, { ...D, captureBonus: 0 });
    expect(order[0]).toBe('5e2e');
    for (const take of ['5e5c', '5e5c+'])
      expect(order.indexOf(take)).toBeGreaterThan(order.indexOf('5i4h'));
  });

  it('a larger king-threat constant moves the checks it counts up', () => {
    const KING = '4k4/9/4P4/9/9/9/9/9/4K4 b GN 1';
    // G*4b gives check from a square only the king bears on, and hangs the gold: by default it
    // ranks below quiet king moves; worth 20,000 a threat, every exposed check ranks first.
    const big = { ...D, kingThreatExposed: 20_000 };
    expect(ranking(KING).indexOf('G*4b')).toBeGreaterThan(ranking(KING).indexOf('5i5h'));
    const exposed = evaluateMoves(mustParse(KING), big).filter((e) => e.kingThreat === 20_000);
    expect(exposed.map((e) => e.usi)).toContain('G*4b');
    expect(ranking(KING, big).slice(0, exposed.length).sort()).toEqual(
      exposed.map((e) => e.usi).sort(),
    );
  });
});
