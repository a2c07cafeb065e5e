/**
 * USI move notation: every legal move of every fixture position survives makeUsiMove →
 * parseUsiMove unchanged and is spelled as shogiops spells it; text that is not a legal move
 * gives an error that quotes it or says what is wrong.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, makeUsiMove, parseUsiMove } from '../../src/engine/index';
import { parseShogiops, shogiopsLegalUsi } from '../oracles/shogiops-perft';
import { fixture, mustParse, perftFixtures } from './helpers';

const USI_MOVE = /^(?:[1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i])$/;

describe('USI move round trips', () => {
  for (const f of perftFixtures()) {
    it(`${f.name}: every legal move reads back as itself`, () => {
      const pos = mustParse(f.sfen);
      const moves = legalMoves(pos);
      const texts = moves.map(makeUsiMove);
      expect(new Set(texts).size).toBe(texts.length);
      for (const [i, move] of moves.entries()) {
        const text = texts[i]!;
        expect(text).toMatch(USI_MOVE);
        const parsed = parseUsiMove(pos, text);
        expect(parsed, text).toEqual({ ok: true, value: move });
      }
      expect([...texts].sort()).toEqual(shogiopsLegalUsi(parseShogiops(f.sfen)));
    });
  }
});

/** [what is wrong, text]; each against the start position. */
const BAD_AT_START: readonly [string, string][] = [
  ['empty text', ''],
  ['a space', ' '],
  ['a truncated move', '7g7'],
  ['a trailing square', '7g7f7'],
  ['two promotion marks', '7g7f++'],
  ['a promotion mark that is not "+"', '7g7f='],
  ['file 0', '0g0f'],
  ['rank j', '7j7f'],
  ['upper-case ranks', '7G7F'],
  ['a lower-case drop letter', 'p*5e'],
  ['a king drop', 'K*5e'],
  ['a promoted drop', '+P*5e'],
  ['a reversed drop', '5e*P'],
  ['surrounding space', ' 7g7f '],
  ['full-width characters', '７ｇ７ｆ'],
  ['a null move', '5i5i'],
  ['a resign word', 'resign'],
  ['a pawn moving two squares', '7g7e'],
  ['a promotion outside the zone', '7g7f+'],
  ['a blocked bishop', '8h2b+'],
  ['a move from an empty square', '5e5d'],
  ['moving the opponent’s piece', '3c3d'],
  ['a drop with nothing in hand', 'P*5e'],
];

describe('bad USI text', () => {
  it.each(BAD_AT_START)('rejects %s (%j) with a message', (_, text) => {
    const result = parseUsiMove(mustParse('startpos'), text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.trim()).not.toBe('');
  });

  it('quotes malformed text and says which legal-looking move is illegal', () => {
    const pos = mustParse('startpos');
    const malformed = parseUsiMove(pos, '7g7');
    expect(!malformed.ok && malformed.error).toContain('"7g7"');
    const illegal = parseUsiMove(pos, '7g7e');
    expect(!illegal.ok && illegal.error).toContain('7g7e');
  });

  it.each([
    ['a drop-pawn mate', 'uchifuzume-lance-blocks-escape', 'P*9b'],
    ['a pawn drop on a file that has a pawn (二歩)', 'pawn-push-mate-allowed', 'P*9e'],
    ['a pawn drop on the last rank', 'kings-and-full-hands', 'P*5a'],
    ['a knight drop on the second-last rank', 'kings-and-full-hands', 'N*5b'],
    ['a drop on an occupied square', 'kings-and-full-hands', 'G*6d'],
    ['a pawn moving to the last rank unpromoted', 'scalashogi-random-02', '8h8i'],
    ['a lance moving to the last rank unpromoted', 'max-legal-moves', '8i8a'],
    ['a knight jumping to the last rank unpromoted', 'scalashogi-random-05', '7c6a'],
    ['a move that ignores the check', 'single-evasion', '9i9h'],
    ['a pinned piece leaving the pin', 'pinned-silver-boxed-king', '2c3d'],
    ['a gote drop-pawn mate beside a sente lance', 'uchifuzume-gote-lance-beside', 'P*5h'],
    ['a capture that leaves a knight check standing', 'knight-check-lance-beside-king', '6c6d'],
  ])('rejects %s', (_, name, text) => {
    const pos = mustParse(fixture(name).sfen);
    expect(legalMoves(pos).map(makeUsiMove)).not.toContain(text);
    const result = parseUsiMove(pos, text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(text);
  });

  it('accepts the legal pawn-push mate that 打ち歩詰め does not forbid', () => {
    const pos = mustParse(fixture('pawn-push-mate-allowed').sfen);
    expect(parseUsiMove(pos, '9c9b').ok).toBe(true);
  });

  it('accepts taking the checking knight', () => {
    const pos = mustParse(fixture('knight-check-lance-beside-king').sfen);
    expect(parseUsiMove(pos, '4f4g').ok).toBe(true);
  });
});
