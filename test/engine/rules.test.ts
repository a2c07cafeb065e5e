import { describe, expect, it } from 'vitest';
import {
  canDeclareWin,
  parsePositionCommand,
  parseSfen,
  parseUsiMove,
  type Position,
  repetition,
  Repetition,
} from '../../src/engine/index';

const play = (command: string): Position => {
  const r = parsePositionCommand(command);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

const moveOf = (pos: Position, usi: string): number => {
  const r = parseUsiMove(pos, usi);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

const sfen = (text: string): Position => {
  const r = parseSfen(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('repetition (千日手)', () => {
  const shuffle = (cycles: number) => 'startpos moves' + ' 5i5h 5a5b 5h5i 5b5a'.repeat(cycles);

  it('is nothing special until a position has stood four times', () => {
    expect(repetition(play(shuffle(2)))).toBe(Repetition.None); // the start position, 3rd time
  });

  it('calls the fourth occurrence of the same position a draw', () => {
    expect(repetition(play(shuffle(3)))).toBe(Repetition.Draw);
  });

  it('lets a search treat the first repetition as final', () => {
    expect(repetition(play(shuffle(1)), 2)).toBe(Repetition.Draw);
  });

  it('does not look back past a null move (a pass is not a move of the game)', () => {
    // startpos, 5i5h, pass, 5h5i, pass: the board and side are the start again, but by passing.
    const pos = play('startpos moves 5i5h');
    pos.doNullMove();
    pos.doMove(moveOf(pos, '5h5i'));
    pos.doNullMove();
    expect(pos.keyHex()).toBe(play('startpos').keyHex());
    expect(repetition(pos, 2)).toBe(Repetition.None);
  });

  it('looks back only as far as a search asks', () => {
    // The cycle closes 4 plies back: a window of 3 plies does not reach it, one of 4 does.
    expect(repetition(play(shuffle(1)), 2, 3)).toBe(Repetition.None);
    expect(repetition(play(shuffle(1)), 2, 4)).toBe(Repetition.Draw);
  });

  // Sente's rook checks from rank a and rank b in turn; gote's king steps between 5a and 5b.
  const checks = (plies: number) => {
    const cycle = ['9a9b', '5b5a', '9b9a', '5a5b'];
    const moves = ['9i9a', '5a5b'];
    for (let i = 0; moves.length < plies; i++) moves.push(cycle[i % 4]!);
    return play(`sfen 4k4/9/9/9/9/9/9/9/R3K4 b - 1 moves ${moves.join(' ')}`);
  };

  it('makes the side that gave check with every move lose (連続王手の千日手)', () => {
    const pos = checks(14);
    expect(pos.sideToMove).toBe(0); // sente, the checking side, is to move
    expect(repetition(pos)).toBe(Repetition.Loss);
  });

  it('gives the win to the side that was checked, seen from its side', () => {
    // One more ply: gote to move after sente's (fourth) checking move repeats its own position.
    const pos = checks(15);
    expect(pos.sideToMove).toBe(1);
    expect(repetition(pos)).toBe(Repetition.Win);
  });
});

describe('entering-king declaration (入玉宣言, CSA 27-point rule)', () => {
  // Sente's king on 5c; two rooks, two bishops, two golds, two silvers on rank a and four pawns
  // on rank b: 12 pieces in the enemy camp worth 5·4 + 8 = 28 points.
  const enough = 'RRBBGGSS1/PPPP5/4K4/9/9/9/9/9/4k4 b - 1';

  it('lets sente declare with 28 points and ten pieces in the camp', () => {
    expect(canDeclareWin(sfen(enough))).toBe(true);
  });

  it('refuses sente at 27 points', () => {
    expect(canDeclareWin(sfen('RRBBGGSS1/PPP6/4K4/9/9/9/9/9/4k4 b P 1'))).toBe(true); // hand counts
    expect(canDeclareWin(sfen('RRBBGGSS1/PPP6/4K4/9/9/9/9/9/4k4 b - 1'))).toBe(false);
  });

  it('refuses a king outside the camp, or in check', () => {
    expect(canDeclareWin(sfen('RRBBGGSS1/PPPP5/9/4K4/9/9/9/9/4k4 b - 1'))).toBe(false);
    expect(canDeclareWin(sfen('RRBBGGSS1/PPPP5/4K4/9/9/9/9/9/4k4 w - 1'))).toBe(false); // not its move
    expect(canDeclareWin(sfen('RRBBGGSS1/PPPP5/4K4/4g4/9/9/9/9/4k4 b - 1'))).toBe(false); // in check
  });

  it('asks gote for 27 points only', () => {
    // Mirror image: gote's king on 5g, 12 pieces in ranks g–i worth 27 with three pawns.
    expect(canDeclareWin(sfen('4K4/9/9/9/9/9/4k4/5ppp1/1ssggbbrr w - 1'))).toBe(true);
    expect(canDeclareWin(sfen('4K4/9/9/9/9/9/4k4/6pp1/1ssggbbrr w - 1'))).toBe(false);
  });
});
