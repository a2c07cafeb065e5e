/**
 * SFEN: round trips, errors that name the field and the offending text, and a fuzz test.
 *
 * What the engine accepts beyond strict SFEN, and what it refuses (decided by parseSfen's
 * behaviour, and pinned down here so a change is deliberate):
 *  - accepted: surrounding and repeated whitespace, a leading "sfen ", a missing move number
 *    (3 fields), hands in any order, no king for a side (tsume positions), adjacent digits in a
 *    rank ("45" is 4 + 5 empty squares), move numbers up to 999999;
 *  - refused: 二歩 on the board (two unpromoted pawns of a side on a file), the side not to move
 *    in check, a count of 0 or 1 or with a leading zero in the hand ("1P", "01P"), a letter
 *    repeated in the hand ("PP"), more than 1000 characters.
 */
import { makeSfen as makeShogiopsSfen, parseSfen as parseShogiopsSfen } from 'shogiops/sfen';
import { describe, expect, it } from 'vitest';
import {
  legalMoves,
  makeSfen,
  parsePositionCommand,
  parseSfen,
  STARTPOS_SFEN,
} from '../../src/engine/index';
import { normaliseSfen } from '../oracles/shogiops-perft';
import { makeRng, mustParse, perftFixtures, pick, sfenPosition, summarise } from './helpers';

const FUZZ_CASES = 10_000;
/** Generous: a parse takes microseconds; this catches runaway loops and quadratic blow-ups. */
const PARSE_TIME_LIMIT_MS = 50;
const FUZZ_SEED = 0x5fe4;
const MAX_ENGINE_MOVE_NUMBER = 999_999;
const MAX_ENGINE_INPUT = 1000;

describe('SFEN round trips', () => {
  it('parse then make gives back every fixture SFEN exactly', () => {
    for (const f of perftFixtures()) {
      const made = makeSfen(mustParse(f.sfen));
      expect(made, f.name).toBe(f.sfen);
      expect(makeSfen(mustParse(made)), f.name).toBe(made);
    }
  });

  it('startpos is the initial position', () => {
    expect(makeSfen(mustParse('startpos'))).toBe(STARTPOS_SFEN);
  });

  it('reads a published non-canonical SFEN as the canonical position, or says why not', () => {
    for (const f of perftFixtures().filter((f) => f.publishedSfen !== undefined)) {
      const result = parseSfen(f.publishedSfen!);
      if (result.ok) expect(makeSfen(result.value), f.name).toBe(f.sfen);
      // The scalashogi positions spell hands with repeated letters ("SPPPPbgsnp"), which the
      // engine refuses: the error must say it is the hand.
      else expect(result.error, f.name).toMatch(/hand/);
    }
  });

  it('agrees with shogiops on every fixture position', () => {
    for (const f of perftFixtures()) expect(normaliseSfen(f.sfen), f.name).toBe(f.sfen);
  });

  it('re-parsing a position reached by moves gives the same position and key', () => {
    const rng = makeRng(7);
    for (const f of perftFixtures().filter((f) => f.perft[0]! > 0)) {
      const pos = mustParse(f.sfen);
      for (let ply = 0; ply < 40; ply++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        pos.doMove(pick(rng, moves));
        const again = mustParse(makeSfen(pos));
        expect(makeSfen(again), f.name).toBe(makeSfen(pos));
        expect([again.keyLo, again.keyHi], `${f.name}: key of ${makeSfen(pos)}`).toEqual([
          pos.keyLo,
          pos.keyHi,
        ]);
      }
    }
  });

  it('counts the move number on from the one it was given', () => {
    const pos = mustParse('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 41');
    pos.doMove(legalMoves(pos)[0]!);
    expect(makeSfen(pos).endsWith(' w - 42')).toBe(true);
  });
});

describe('SFEN leniencies the engine documents', () => {
  it.each([
    ['surrounding whitespace', `  ${STARTPOS_SFEN}  `],
    ['repeated spaces', STARTPOS_SFEN.replace(/ /g, '   ')],
    ['a leading "sfen "', `sfen ${STARTPOS_SFEN}`],
    ['a missing move number', STARTPOS_SFEN.slice(0, -2)],
    [
      'adjacent digits in a rank',
      'lnsgkgsnl/1r5b1/ppppppppp/45/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    ],
  ])('accepts %s', (_, text) => {
    const result = parseSfen(text);
    expect(result.ok).toBe(true);
    if (result.ok) expect(makeSfen(result.value)).toBe(STARTPOS_SFEN);
  });

  it('accepts hands in any order and writes them in the canonical order', () => {
    const result = parseSfen('4k4/9/9/9/9/9/9/9/4K4 b p2PrB 1');
    expect(result.ok).toBe(true);
    if (result.ok) expect(makeSfen(result.value)).toBe('4k4/9/9/9/9/9/9/9/4K4 b B2Prp 1');
  });

  it('accepts a side without a king (tsume positions)', () => {
    expect(parseSfen('4k4/9/9/9/9/9/9/9/9 b 16P 1').ok).toBe(true);
    expect(parseSfen('9/9/9/9/9/9/9/9/9 b - 1').ok).toBe(true);
  });
});

/** Malformed SFENs: [what is wrong, text, the field the error names, text it must quote]. */
const MALFORMED: readonly [string, string, RegExp, string][] = [
  [
    'a bad piece letter',
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1',
    /board/,
    '"X"',
  ],
  [
    'a short rank',
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    /board.*rank 6/,
    '"8"',
  ],
  [
    'a long rank',
    'lnsgkgsnl1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    /board.*rank 1/,
    '"lnsgkgsnl1"',
  ],
  ['too many ranks', `${STARTPOS_SFEN.split(' ')[0]}/9 b - 1`, /board.*10/, '"lnsgkgsnl/'],
  [
    'too few ranks',
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1',
    /board.*8/,
    '"lnsgkgsnl/',
  ],
  ['two sente kings', '4k4/9/9/9/9/9/9/9/3KK4 b - 1', /board.*two sente kings/, 'sente'],
  ['two gote kings', '3kk4/9/9/9/9/9/9/9/4K4 b - 1', /board.*two gote kings/, 'gote'],
  ['a pawn on the last rank', 'P3k4/9/9/9/9/9/9/9/4K4 b - 1', /board.*rank 1/, '"P" on 9a'],
  ['a lance on the last rank', '4k4/9/9/9/9/9/9/9/l3K4 b - 1', /board.*rank 9/, '"l" on 9i'],
  [
    'a knight on the second-last rank',
    '4k4/N8/9/9/9/9/9/9/4K4 b - 1',
    /board.*rank 2/,
    '"N" on 9b',
  ],
  ['a knight on the last rank', '4k4/9/9/9/9/9/9/9/n3K4 b - 1', /board.*rank 9/, '"n" on 9i'],
  ['a promoted gold', '4k4/9/9/9/9/9/9/9/4K+G3 b - 1', /board/, '"+G"'],
  ['a dangling "+"', '4k4/9/9/9/9/9/9/9/4K+ b - 1', /board/, '"+"'],
  ['double pawns (二歩)', '4k4/9/9/9/9/9/9/P8/P3K4 b - 1', /board.*file 9/, '二歩'],
  [
    'double pawns with the set’s 18 pawns (chapter 1’s example)',
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/P8/P1PPPPPPP/1B5R1/LNSGKGSNL b - 1',
    /board.*file 9/,
    '二歩',
  ],
  ['more pawns in hand than a set has', '4k4/9/9/9/9/9/9/9/4K4 b 19P 1', /hand/, '19P'],
  ['three rooks on board and in hand', 'R3k4/9/9/9/9/9/9/9/4K4 b 2R 1', /rooks/, '3 rooks'],
  ['19 pawns on board and in hand', 'k8/9/9/9/9/9/PPPPPPPPP/9/4K4 b 9Pp 1', /pawns/, '19 pawns'],
  ['a bad side to move', `${STARTPOS_SFEN.split(' ')[0]} x - 1`, /side to move/, '"x"'],
  ['an unknown piece in hand', '4k4/9/9/9/9/9/9/9/4K4 b 2Q 1', /hand/, '"Q"'],
  ['a king in hand', '4k4/9/9/9/9/9/9/9/4K4 b K 1', /hand/, '"K"'],
  ['a promoted piece in hand', '4k4/9/9/9/9/9/9/9/4K4 b +P 1', /hand/, '"+"'],
  ['a repeated letter in hand', '4k4/9/9/9/9/9/9/9/4K4 b PP 1', /hand/, '"PP"'],
  ['a count of one in hand', '4k4/9/9/9/9/9/9/9/4K4 b 1P 1', /hand/, '"1"'],
  ['"-" mixed into a hand', '4k4/9/9/9/9/9/9/9/4K4 b 2P- 1', /hand/, '"2P-"'],
  ['a word for a move number', `${STARTPOS_SFEN.slice(0, -1)}abc`, /move number/, '"abc"'],
  ['move number 0', `${STARTPOS_SFEN.slice(0, -1)}0`, /move number/, '"0"'],
  ['a negative move number', `${STARTPOS_SFEN.slice(0, -1)}-1`, /move number/, '"-1"'],
  ['a huge move number', `${STARTPOS_SFEN.slice(0, -1)}${'9'.repeat(30)}`, /move number/, '999999'],
  ['a fifth field', `${STARTPOS_SFEN} 2`, /after the move number/, '"2"'],
  ['two fields', `${STARTPOS_SFEN.split(' ')[0]} b`, /3 or 4 fields/, 'got 2'],
  ['an empty string', '', /3 or 4 fields/, 'got 0'],
  ['the side not to move in check', '4k4/4R4/9/9/9/9/9/9/4K4 b - 1', /in check/, 'gote'],
];

describe('malformed SFEN', () => {
  it.each(MALFORMED)('rejects %s, naming the field and the text', (_, text, field, quoted) => {
    const result = parseSfen(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^SFEN/);
      expect(result.error).toMatch(field);
      expect(result.error).toContain(quoted);
    }
  });

  it('rejects text longer than the engine reads', () => {
    const result = parseSfen(`${STARTPOS_SFEN}${' '.repeat(MAX_ENGINE_INPUT)}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/too long/);
  });
});

describe('parsePositionCommand', () => {
  it('plays the moves after startpos', () => {
    const result = parsePositionCommand('startpos moves 7g7f 3c3d 8h2b+');
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(makeSfen(result.value)).toBe(
        'lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4',
      );
  });

  it('plays the moves after an sfen, with or without a leading "position"', () => {
    const sfen = 'kl7/9/1G7/9/9/9/9/9/8K b P 1';
    for (const prefix of ['', 'position ']) {
      const result = parsePositionCommand(`${prefix}sfen ${sfen} moves P*9c 8a8b`);
      expect(result.ok).toBe(true);
      if (result.ok) expect(makeSfen(result.value)).toBe('k8/1l7/PG7/9/9/9/9/9/8K b - 3');
    }
  });

  it.each([
    ['an illegal move, by number and text', 'startpos moves 7g7f 7g7f', /move 2.*"7g7f"/],
    ['a drop-pawn mate', 'sfen kl7/9/1G7/9/9/9/9/9/8K b P 1 moves P*9b', /move 1.*"P\*9b"/],
    ['a malformed move', 'startpos moves 7g7f 3c3', /move 2.*"3c3"/],
    ['a bad setup word', 'startpoz moves 7g7f', /position.*"startpoz/],
    ['a bad sfen', 'sfen 9/9 b - 1 moves 7g7f', /SFEN board/],
  ])('rejects %s', (_, text, message) => {
    const result = parsePositionCommand(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

// ---------------------------------------------------------------------------------------------
// Fuzz: mutated SFENs never throw, return quickly, and are accepted only when valid.

type Verdict = 'valid' | 'invalid' | 'either';

const HAND_LIMIT: Record<string, number> = { P: 18, L: 4, N: 4, S: 4, G: 4, B: 2, R: 2 };
const PROMOTABLE = new Set(['P', 'L', 'N', 'S', 'B', 'R']);
const PIECE = /^[PLNSGBRK]$/i;

/**
 * An independent reading of the SFEN rules: 'invalid' when strict SFEN and the rules of play
 * say no, 'valid' when they say yes, 'either' where only the engine's documented leniencies
 * (above) decide. The check for the side not to move being in check is left to shogiops.
 */
function referenceVerdict(text: string): Verdict {
  let lenient = false;
  if (text.length > MAX_ENGINE_INPUT) return 'either';
  if (text === 'startpos') return 'valid';
  if (text !== text.trim() || /\s{2,}|[^\S ]/.test(text.trim())) lenient = true;
  let fields = text.trim().split(/\s+/);
  if (fields[0] === 'sfen') {
    lenient = true;
    fields = fields.slice(1);
  }
  if (fields.length === 1 && fields[0] === 'startpos') return 'either';
  if (fields.length === 3) lenient = true;
  else if (fields.length !== 4) return 'invalid';
  const [boardText, side, handText, moveText] = fields as [string, string, string, string?];

  const counts: Record<string, number> = { P: 0, L: 0, N: 0, S: 0, G: 0, B: 0, R: 0, K: 0 };
  const kings = { b: 0, w: 0 };
  const pawnFiles = { b: new Set<number>(), w: new Set<number>() };
  const ranks = boardText.split('/');
  if (ranks.length !== 9) return 'invalid';
  for (let r = 0; r < 9; r++) {
    const rank = ranks[r]!;
    let file = 9;
    let previousDigit = false;
    for (let i = 0; i < rank.length; i++) {
      const ch = rank[i]!;
      if (/[1-9]/.test(ch)) {
        if (previousDigit) lenient = true;
        previousDigit = true;
        file -= Number(ch);
        if (file < 0) return 'invalid';
        continue;
      }
      previousDigit = false;
      const promoted = ch === '+';
      const letter = promoted ? (rank[++i] ?? '') : ch;
      if (!PIECE.test(letter)) return 'invalid';
      const upper = letter.toUpperCase();
      if (promoted && !PROMOTABLE.has(upper)) return 'invalid';
      if (file < 1) return 'invalid';
      const color = letter === upper ? 'b' : 'w';
      const far = color === 'b' ? r + 1 : 9 - r;
      if (!promoted && (upper === 'P' || upper === 'L') && far === 1) return 'invalid';
      if (!promoted && upper === 'N' && far <= 2) return 'invalid';
      if (upper === 'K') kings[color]++;
      if (upper === 'P' && !promoted) {
        if (pawnFiles[color].has(file)) return 'invalid';
        pawnFiles[color].add(file);
      }
      counts[upper]!++;
      file--;
    }
    if (file !== 0) return 'invalid';
  }
  if (kings.b > 1 || kings.w > 1) return 'invalid';
  if (kings.b === 0 || kings.w === 0) lenient = true;

  if (side !== 'b' && side !== 'w') return 'invalid';

  if (handText !== '-') {
    if (!/^(\d*[PLNSGBRplnsgbr])+$/.test(handText)) return 'invalid';
    const seen = new Set<string>();
    for (const [, countText, letter] of handText.matchAll(/(\d*)([A-Za-z])/g)) {
      if (countText === '0' || countText === '1' || countText!.startsWith('0')) lenient = true;
      if (seen.has(letter!)) lenient = true;
      seen.add(letter!);
      counts[letter!.toUpperCase()]! += countText === '' ? 1 : Number(countText);
    }
  }
  for (const [kind, limit] of Object.entries(HAND_LIMIT))
    if (counts[kind]! > limit) return 'invalid';

  if (moveText !== undefined) {
    if (!/^\d+$/.test(moveText) || Number(moveText) < 1) return 'invalid';
    if (moveText.startsWith('0') || Number(moveText) > MAX_ENGINE_MOVE_NUMBER) lenient = true;
  }

  // The rules of play: the side not to move must not be in check. shogiops decides.
  const canonical = `${boardText} ${side} ${handText === '-' ? '-' : handText} 1`;
  const ops = parseShogiopsSfen('standard', canonical, false);
  if (ops.isErr) {
    if (ops.error.message === 'ERR_OPPOSITE_CHECK') return 'invalid';
    // shogiops refuses things the rules allow (e.g. hand counts over 99): no verdict then.
    return 'either';
  }
  return lenient ? 'either' : 'valid';
}

const GARBAGE = '0123456789+-/ *bwPLNSGBRKplnsgbrkxyzQ#\t\n\u3000\u00a0９ｐ歩🐉\u0000\u0301';

function mutate(base: string, rng: () => number): string {
  const at = Math.floor(rng() * (base.length + 1));
  const ch = pick(rng, [...GARBAGE]);
  switch (Math.floor(rng() * 12)) {
    case 0:
      return base.slice(0, at) + base.slice(at + 1); // delete
    case 1:
      return base.slice(0, at) + base.slice(at - 1, at) + base.slice(at); // duplicate
    case 2:
      return base.slice(0, at) + base[at + 1] + base[at] + base.slice(at + 2); // swap
    case 3:
      return base.slice(0, at) + ch + base.slice(at + 1); // replace
    case 4:
      return base.slice(0, at) + ch + base.slice(at); // insert
    case 5:
      return base.slice(0, at); // truncate
    case 6: {
      const fields = base.split(' ');
      fields[3] = pick(rng, [
        '0',
        '-5',
        '1e9',
        '9'.repeat(25),
        '00012',
        '999999',
        '1000000',
        'NaN',
      ]);
      return fields.join(' ');
    }
    case 7: {
      const fields = base.split(' ');
      fields[2] = pick(rng, [
        '99P',
        '18P',
        '19p',
        '2K',
        'P2',
        '2R2r',
        'RRp',
        '-P',
        '',
        '10N',
        '4G1g',
      ]);
      return fields.join(' ');
    }
    case 8:
      return Array.from({ length: Math.floor(rng() * 40) }, () => pick(rng, [...GARBAGE])).join('');
    case 9:
      return `${base} ${base}`;
    case 10:
      return base.replace(/ /g, pick(rng, ['\t', '  ', '\u3000', '\n', '']));
    default: {
      // Several mutations at once.
      let text = base;
      for (let i = 0; i < 3; i++) text = mutate(text, rng);
      return text;
    }
  }
}

/** Three more timings of one parse, in milliseconds. */
function retime(text: string): number[] {
  return [0, 1, 2].map(() => {
    const start = performance.now();
    parseSfen(text);
    return performance.now() - start;
  });
}

describe('SFEN fuzz', () => {
  it(`never throws on ${FUZZ_CASES} malformed strings, and accepts only what round-trips`, () => {
    const rng = makeRng(FUZZ_SEED);
    const bases = [STARTPOS_SFEN, ...perftFixtures().map((f) => f.sfen)];
    const failures: string[] = [];
    const tally = { accepted: 0, rejected: 0, valid: 0, invalid: 0 };
    for (let i = 0; i < FUZZ_CASES; i++) {
      const text = mutate(pick(rng, bases), rng);
      const label = JSON.stringify(text);
      const start = performance.now();
      let result: ReturnType<typeof parseSfen>;
      try {
        result = parseSfen(text);
      } catch (error) {
        failures.push(`${label}: threw ${String(error)}`);
        continue;
      }
      // A garbage-collection pause can stall any one call: a slow case is timed again.
      const ms = Math.min(
        performance.now() - start,
        ...(performance.now() - start > PARSE_TIME_LIMIT_MS ? retime(text) : []),
      );
      if (ms > PARSE_TIME_LIMIT_MS) failures.push(`${label}: took ${ms.toFixed(1)} ms`);
      const verdict = referenceVerdict(text);
      if (verdict !== 'either') tally[verdict]++;
      if (!result.ok) {
        tally.rejected++;
        if (typeof result.error !== 'string' || result.error.trim() === '')
          failures.push(`${label}: rejected with an empty message`);
        if (verdict === 'valid') failures.push(`${label}: valid but rejected: ${result.error}`);
        continue;
      }
      tally.accepted++;
      if (verdict === 'invalid') failures.push(`${label}: invalid but accepted`);
      const made = makeSfen(result.value);
      const again = parseSfen(made);
      if (!again.ok) failures.push(`${label}: made ${made}, which does not parse: ${again.error}`);
      else if (makeSfen(again.value) !== made)
        failures.push(`${label}: ${made} does not round-trip`);
      const invariant = result.value.checkInvariants();
      if (invariant !== null)
        failures.push(`${label}: parsed into a broken position: ${invariant}`);
      if (verdict === 'valid') {
        const theirs = parseShogiopsSfen('standard', text.trim(), false);
        if (theirs.isOk && sfenPosition(makeShogiopsSfen(theirs.value)) !== sfenPosition(made))
          failures.push(
            `${label}: read as ${made}, shogiops reads ${makeShogiopsSfen(theirs.value)}`,
          );
      }
    }
    console.log(`SFEN fuzz: ${JSON.stringify(tally)}`);
    expect(failures, summarise(failures)).toEqual([]);
    // The mutations must produce both kinds, or the test proves little.
    expect(tally.rejected).toBeGreaterThan(FUZZ_CASES / 2);
    expect(tally.accepted).toBeGreaterThan(FUZZ_CASES / 50);
    expect(tally.invalid).toBeGreaterThan(FUZZ_CASES / 2);
    expect(tally.valid).toBeGreaterThan(FUZZ_CASES / 50);
  });
});
