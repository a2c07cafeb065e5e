/** FEN: round trips, and an error that names the field for every kind of bad FEN. */
import { describe, expect, it } from 'vitest';
import {
  ChessPosition,
  FenError,
  parseFen,
  STARTING_FEN,
} from '../../../../src/engine/king-capture/chess/index';
import { oracleFen, oracleFrom, oraclePlay, STANDARD } from './oracle';

const START = STARTING_FEN;

/** A bad FEN and a fragment its error message must contain. */
const BAD: [string, string][] = [
  ['', 'expected 4 to 6 fields'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq', 'got 3'],
  [START + ' extra', 'got 7'],
  ['rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'board has 7 ranks, expected 8'],
  ['rnbqkbnr/pppppppp/8/8/8/p8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rank 3 has 9 squares'],
  ['rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rank 3 has 7 squares'],
  ['rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', "rank 7 has an unknown piece 'x'"],
  [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
    "side to move must be w or b, got 'x'",
  ],
  ['4k3/8/8/8/8/8/8/8 w - - 0 1', 'white has 0 kings, expected exactly 1'],
  ['4k2k/8/8/8/8/8/8/4K3 w - - 0 1', 'black has 2 kings, expected exactly 1'],
  ['P3k3/8/8/8/8/8/8/4K3 w - - 0 1', 'a pawn cannot stand on rank 8'],
  ['4k3/8/8/8/8/8/8/p3K3 w - - 0 1', 'a pawn cannot stand on rank 1'],
  ['4k3/8/8/8/8/8/8/4K3 w KX - 0 1', "castling must be - or some of KQkq in that order, got 'KX'"],
  ['4k3/8/8/8/8/8/8/4K3 w QK - 0 1', 'in that order'],
  [
    '4k3/8/8/8/8/8/8/4K3 w K - 0 1',
    'castling right K needs the white king on e1 and a white rook on h1',
  ],
  [
    'r2k4/8/8/8/8/8/8/4K3 w q - 0 1',
    'castling right q needs the black king on e8 and a black rook on a8',
  ],
  [
    START.replace('KQkq -', 'KQkq e3'),
    "en passant square must be - or a square on rank 6 (white to move), got 'e3'",
  ],
  [START.replace('KQkq -', 'KQkq z9'), "got 'z9'"],
  [START.replace('KQkq -', 'KQkq e6'), 'en passant square e6 needs a black pawn on e5'],
  [
    START.replace('KQkq - 0', 'KQkq - x'),
    "halfmove clock must be a whole number of at least 0, got 'x'",
  ],
  [
    START.replace('- 0 1', '- 0 0'),
    "fullmove number must be a whole number of at least 1, got '0'",
  ],
  ['4k3/4R3/8/8/8/8/8/4K3 w - - 0 1', 'black is not to move but is in check'],
];

describe('chess FEN', () => {
  it.each(BAD)('rejects %j, naming what is wrong', (fen, fragment) => {
    expect(() => ChessPosition.fromFen(fen)).toThrow(FenError);
    expect(() => ChessPosition.fromFen(fen)).toThrow(fragment);
    const result = parseFen(fen);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^FEN: /);
  });

  it('round-trips the standard positions and agrees with chessops on them', () => {
    for (const fen of Object.values(STANDARD)) {
      expect(ChessPosition.fromFen(fen).toFen()).toBe(fen);
      expect(oracleFen(oracleFrom(fen))).toBe(fen);
    }
  });

  it('reads the four-field form with default counters and writes all six fields', () => {
    expect(ChessPosition.fromFen('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -').toFen()).toBe(
      STANDARD.position3,
    );
  });

  it('writes the en passant square only when a capture there is legal, as chessops does', () => {
    const capturable = ChessPosition.fromFen('4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1');
    capturable.doMove(capturable.parseUci('e7e5'));
    expect(capturable.toFen()).toBe('4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2');
    expect(ChessPosition.fromFen(capturable.toFen()).toFen()).toBe(capturable.toFen());
    // Taking en passant would take both pawns off the fifth rank and bare the king to the rook.
    const fen = '4k3/4p3/8/r2P3K/8/8/8/8 b - - 0 1';
    const pinned = ChessPosition.fromFen(fen);
    pinned.doMove(pinned.parseUci('e7e5'));
    expect(pinned.epSquare).not.toBe(0);
    expect(pinned.toFen()).toBe('4k3/8/8/r2Pp2K/8/8/8/8 w - - 0 2');
    const oracle = oracleFrom(fen);
    oraclePlay(oracle, 'e7e5');
    expect(oracleFen(oracle)).toBe(pinned.toFen());
  });
});
