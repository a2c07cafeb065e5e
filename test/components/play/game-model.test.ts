import { describe, expect, it } from 'vitest';
import {
  exportGame,
  gameOver,
  importGame,
  moveList,
  NEW_GAME,
  playMove,
  positionAt,
  takeBack,
  type Game,
} from '../../../src/components/play/game-model';

const play = (game: Game, ...moves: string[]): Game =>
  moves.reduce((g, move) => {
    const next = playMove(g, move);
    if (!next.ok) throw new Error(next.error);
    return next.value;
  }, game);

/** Sente mates with G*5b: gote's king on 5a, sente's pawn on 5c guards the drop square. */
const MATE_IN_1 = 'sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1';

describe('playing', () => {
  it('accepts legal moves and names the illegal one', () => {
    const game = play(NEW_GAME, '7g7f', '3c3d');
    expect(game.moves).toEqual(['7g7f', '3c3d']);
    const bad = playMove(game, '7f7d');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^move 3 \(7f7d\): 7f7d is not legal here/);
  });

  it('takes back the reader’s last move and the engine’s answer', () => {
    const game = play(NEW_GAME, '7g7f', '3c3d', '2g2f', '8c8d');
    expect(takeBack(game, 'sente').moves).toEqual(['7g7f', '3c3d']);
    // The engine has not answered yet: only the reader's move goes.
    expect(takeBack(play(game, '2f2e'), 'sente').moves).toEqual(game.moves);
    expect(takeBack(game, 'gote').moves).toEqual(['7g7f', '3c3d', '2g2f']);
    expect(takeBack(NEW_GAME, 'sente').moves).toEqual([]);
  });

  it('takes back a resignation first', () => {
    const game = { ...play(NEW_GAME, '7g7f'), resigned: 'gote' as const };
    expect(takeBack(game, 'gote')).toEqual({ start: 'startpos', moves: ['7g7f'] });
  });
});

describe('the end of the game', () => {
  it('ends by mate, with the winner and the reason', () => {
    const game = play({ start: MATE_IN_1, moves: [] }, 'G*5b');
    expect(gameOver(game)).toMatchObject({ result: 'sente', reason: 'mate' });
    expect(gameOver(game)!.text).toBe('Sente wins: mate (詰み, tsumi).');
    expect(playMove(game, '5a4a').ok).toBe(false);
  });

  it('ends by fourfold repetition as a draw', () => {
    const shuffle = ['5i4h', '5a4b', '4h5i', '4b5a'];
    let game = NEW_GAME;
    for (let i = 0; i < 3; i++) game = play(game, ...shuffle);
    expect(gameOver(game)).toMatchObject({ result: 'draw', reason: 'repetition' });
  });

  it('ends by resignation', () => {
    expect(gameOver({ ...NEW_GAME, resigned: 'sente' })!.text).toBe('Gote wins: resignation.');
  });

  it('is not over at the start', () => {
    expect(gameOver(NEW_GAME)).toBeNull();
  });
});

describe('the move list', () => {
  it('writes each move in Japanese notation beside its USI', () => {
    const game = play(NEW_GAME, '7g7f', '3c3d', '8h2b+', '3a2b');
    expect(moveList(game)).toEqual([
      { ply: 1, japanese: '▲７六歩', usi: '7g7f' },
      { ply: 2, japanese: '△３四歩', usi: '3c3d' },
      { ply: 3, japanese: '▲２二角成', usi: '8h2b+' },
      { ply: 4, japanese: '△同　銀', usi: '3a2b' },
    ]);
  });
});

describe('records', () => {
  const game = play(NEW_GAME, '7g7f', '3c3d', '8h2b+', '3a2b', 'B*4e');

  it.each(['kif', 'csa', 'usi'] as const)('writes %s and reads the same moves back', (format) => {
    const text = exportGame(game, format);
    const back = importGame(text);
    expect(back).toEqual({ ok: true, value: { start: 'startpos', moves: game.moves } });
  });

  it('keeps a resignation through KIF and CSA', () => {
    const resigned = { ...game, resigned: 'gote' as const };
    expect(exportGame(resigned, 'kif')).toContain('投了');
    for (const format of ['kif', 'csa'] as const) {
      const back = importGame(exportGame(resigned, format));
      expect(back.ok && back.value.resigned).toBe('gote');
    }
  });

  it('writes the SFEN of the position reached and reads it as a starting position', () => {
    const sfen = exportGame(game, 'sfen');
    expect(sfen).toBe('lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6');
    const back = importGame(sfen);
    expect(back.ok && back.value).toEqual({ start: `sfen ${sfen}`, moves: [] });
  });

  it('keeps a game from a set-up position', () => {
    const setUp = play({ start: MATE_IN_1, moves: [] }, 'G*5b');
    for (const format of ['kif', 'csa', 'usi'] as const) {
      const back = importGame(exportGame(setUp, format));
      expect(back.ok && positionAt(back.value).ok && back.value.moves).toEqual(['G*5b']);
      expect(back.ok && back.value.start).toBe(MATE_IN_1);
    }
  });

  it('names the line of an illegal move in a KIF file', () => {
    const kif = exportGame(game, 'kif').replace('３四歩(33)', '３五歩(33)');
    const line = kif.split('\n').findIndex((l) => l.includes('３五歩')) + 1;
    const result = importGame(kif);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(new RegExp(`^KIF, line ${line}, move 2 \\(△３五歩`));
  });

  it('names the line of an illegal move in a CSA file', () => {
    const result = importGame('V2.2\nPI\n+\n+7776FU\n-3335FU\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^CSA, line 5, move 2 .*3c3e/);
  });

  it('names the line tsshogi could not read', () => {
    const result = importGame('V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822ZZ\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe('CSA, line 6: Invalid piece name: +8822ZZ');
  });

  it('names the bad move of a USI line', () => {
    const result = importGame('position startpos moves 7g7f 7f7e 3c3d');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^USI: position: move 2 \("7f7e"\)/);
  });

  it('reads a line that starts with a board as an SFEN, and says what is wrong with it', () => {
    const sfen = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
    expect(importGame(sfen).ok).toBe(true);
    expect(importGame(`${sfen} hello`)).toEqual({
      ok: false,
      error: 'SFEN: unexpected text after the move number: "hello"',
    });
  });

  it('refuses what is not a record', () => {
    expect(importGame('')).toEqual({ ok: false, error: 'the record is empty' });
    const result = importGame('hello\nworld');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe('KIF: no moves and no position found in the text');
    expect(importGame('{"not": "a record"}').ok).toBe(false);
  });
});
