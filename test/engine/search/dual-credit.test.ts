/**
 * Dual Credit (seed 001): Fig. 1's conversion of credit into depth with the paper's own numbers,
 * GenerateCredit() on moves of known classes, and the search with it switched on: it extends,
 * it re-searches improving moves, and with the credit given at every move it re-searches none.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, Searcher } from '../../../src/engine/search/index';
import {
  CREDIT_MEANINGS,
  CREDIT_PIECES,
  convertCredit,
  generateCredit,
} from '../../../src/engine/search/dual-credit';
import { parseUsiMove } from '../../../src/engine/index';
import { mustParse } from '../helpers';

const TABLE = DEFAULT_OPTIONS.creditTable;
const entry = (piece: (typeof CREDIT_PIECES)[number], meaning: (typeof CREDIT_MEANINGS)[number]) =>
  TABLE[CREDIT_PIECES.indexOf(piece) * CREDIT_MEANINGS.length + CREDIT_MEANINGS.indexOf(meaning)]!;

describe('Fig. 1: credit becomes depth', () => {
  it('with the paper’s numbers: limit 2, credit 2.5 gives one ply and 3.4 two', () => {
    expect(convertCredit(2.5, 0, 2, 8, false)).toEqual({ plies: 1, his: 1.5, mine: 0 });
    expect(convertCredit(3.4, 1.5, 2, 8, false).plies).toBe(2);
    expect(convertCredit(3.4, 1.5, 2, 8, false).mine).toBe(0);
    expect(convertCredit(3.4, 3, 2, 8, false).mine).toBe(1);
  });

  it('below the limit nothing happens; at exactly the limit the code extends by ceil(0) = 0', () => {
    expect(convertCredit(1.75, 1, 2, 8, false)).toEqual({ plies: 0, his: 1.75, mine: 1 });
    expect(convertCredit(2, 1, 2, 8, false)).toEqual({ plies: 0, his: 2, mine: 1 });
  });

  it('never beyond the line’s extension budget', () => {
    expect(convertCredit(5.5, 0, 2, 1, false).plies).toBe(1);
    expect(convertCredit(5.5, 0, 2, 0, false)).toEqual({ plies: 0, his: 5.5, mine: 0 });
  });

  it('one shared account: both sides see the same pool', () => {
    expect(convertCredit(4.75, 4.75, 4.5, 8, true)).toEqual({ plies: 1, his: 3.75, mine: 3.75 });
  });
});

describe('GenerateCredit()', () => {
  const credit = (sfen: string, usi: string, previous = '') => {
    const pos = mustParse(sfen);
    const m = parseUsiMove(pos, usi);
    if (!m.ok) throw new Error(m.error);
    let prev = 0;
    if (previous !== '') {
      // The previous move is only compared by its destination square.
      const p = parseUsiMove(mustParse(sfen), usi);
      if (p.ok) prev = (p.value & ~0xff) | (m.value & 0xff);
    }
    return generateCredit(pos, m.value, prev, TABLE);
  };

  it('a pawn check earns the pawn’s check credit', () => {
    // Sente's pawn on 5d steps to 5c, checking gote's king on 5b.
    expect(credit('9/4k4/9/4P4/9/9/9/9/4K4 b G 1', '5d5c')).toBe(entry('pawn', 'check'));
  });

  it('a quiet move to a square nobody attacks earns the table’s "other" entries, zero by default', () => {
    expect(credit('4k4/9/9/9/9/9/9/9/4K4 b - 1', '5i4h')).toBe(0);
  });

  it('an escape from check earns the evasion credit', () => {
    // Gote's rook on 5a checks sente's king on 5i down the file; the king steps aside.
    expect(credit('4r4/9/9/9/9/9/9/9/4K3k b - 1', '5i4i')).toBe(entry('king', 'escape from check'));
  });
});

describe('the search with Dual Credit on', () => {
  const SFEN = 'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1';
  const search = (options: object) => new Searcher(options).search(mustParse(SFEN), { depth: 3 });

  it('re-searches moves that improve the best, and some credit turns into depth', () => {
    const r = search({ dualCredit: true, creditLimit: 0.5 });
    expect(r.stats.counters['dual-credit-research']).toBeGreaterThan(0);
    expect(r.stats.counters['dual-credit-extension']).toBeGreaterThan(0);
  });

  it('with credit at every move, re-searches nothing and still extends', () => {
    const r = search({ dualCredit: true, creditWhere: 'every', creditLimit: 0.5 });
    expect(r.stats.counters['dual-credit-research'] ?? 0).toBe(0);
    expect(r.stats.counters['dual-credit-extension']).toBeGreaterThan(0);
  });

  it('reads more nodes than the same search without it', () => {
    const plain = search({});
    const dc = search({ dualCredit: true });
    expect(dc.nodes).toBeGreaterThan(plain.nodes);
  });
});
