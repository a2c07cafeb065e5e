/**
 * The searcher against a plain minimax written here (support.ts): α-β, move ordering, PVS and the
 * transposition table may skip work but must never change the value of a fixed-depth search.
 *
 * Positions come from seeded random playouts: from the start position (few pieces in hand) and
 * from middle games and endings with pieces in hand (real-game positions from ebifrier/Ragnarok's
 * CheckMatedTest.cs and a constructed one), so mates inside the tree are scored too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { legalMoves, perft, type Position, STARTPOS_SFEN } from '../../../src/engine/index';
import { type SearchOptions, Searcher } from '../../../src/engine/search/index';
import { makeRng, minimax, mustParse, randomPlayout } from './support';

const SEED = 0x3a1f;
/** How many positions from each kind of start. */
const FROM_STARTPOS = 20;
const FROM_MIDDLE_GAMES = 14;
/** Depth 3 when the 3-ply tree has about this many leaves at most (minimax: ~2 µs a leaf); else 2. */
const MAX_MINIMAX_LEAVES = 300_000;
/** Generous: the machine may be shared; alone, the whole file takes about 15 s. */
const TIMEOUT_MS = 120_000;

/** Middle games and endings with pieces in hand for both sides. */
const MIDDLE_GAMES = [
  // ebifrier/Ragnarok, Ragnarok.Shogi/Tests/CheckMatedTest.cs (real games, mate in 1 for the side to move)
  'l6nl/1PkB5/G3+B3p/pS1g3p1/6P2/PS7/1K1P4P/4G4/LNr1P3+r b 3P6pl2n2sg 1',
  'l1b4nl/1k1+P5/2n1+P4/p1ppp1G1p/1p3pP2/PsPPP3P/N1S6/K1S4+p1/L1b3r1L w PNS3GRp 1',
  'ln1g4l/2s3g2/1p1p3pp/p5p2/Pk2+B2P1/1N1B1pP2/1P1S4P/2K1+p2r1/LN1G4L b P4pn2sgr 1',
  'l4k1nl/6g2/2n1G2p1/p1p3p1p/3gSS3/P1P3P1P/1+rBKP1N2/3S1r3/LN6L w 5PG3psb 1',
  // constructed: a quiet middle game, a bishop and a silver in each hand
  'ln1g3nl/1r3kg2/p1sppp1pp/2p3p2/1p7/2PP3P1/PPS1PPP1P/1K1G3R1/LN1G3NL b BSbs 1',
];

/**
 * Everything that may change a search's value switched off explicitly (most are off by default),
 * so these tests keep measuring exactness if a default changes.
 */
const EXACT: Partial<SearchOptions> = {
  // The twin evaluates material, so the search does too.
  evaluator: 'material',
  forwardPruning: 'off',
  nullMove: false,
  lmr: false,
  futility: false,
  razoring: false,
  checkExtension: false,
  recaptureExtension: false,
};

interface Case {
  sfen: string;
  depth: number;
  value: number;
}

/** The positions with their minimax values, computed once. */
function buildCases(): Case[] {
  const rng = makeRng(SEED);
  const sfens: string[] = [];
  for (let i = 0; i < FROM_STARTPOS; i++)
    sfens.push(randomPlayout(rng, STARTPOS_SFEN, 6 + Math.floor(rng() * 60)));
  for (let i = 0; i < FROM_MIDDLE_GAMES; i++)
    sfens.push(randomPlayout(rng, MIDDLE_GAMES[i % MIDDLE_GAMES.length]!, Math.floor(rng() * 8)));
  return sfens.map((sfen) => {
    const pos = mustParse(sfen);
    const depth = estimatedLeaves(pos) <= MAX_MINIMAX_LEAVES ? 3 : 2;
    return { sfen, depth, value: minimax(pos, depth) };
  });
}

/** About how many leaves a 3-ply tree has: the 2-ply count times the root's branching factor. */
const estimatedLeaves = (pos: Position): number =>
  perft(pos, 2, { bulk: true }) * legalMoves(pos).length;

/** Search each case with `options` and list the ones whose value differs from minimax. */
function mismatches(cases: readonly Case[], options: Partial<SearchOptions>): string[] {
  const searcher = new Searcher({ ...EXACT, ...options });
  const out: string[] = [];
  for (const c of cases) {
    searcher.clear();
    const r = searcher.search(mustParse(c.sfen), { depth: c.depth });
    if (r.value !== c.value)
      out.push(`${c.sfen} depth ${c.depth}: searcher ${r.value}, minimax ${c.value}`);
  }
  return out;
}

describe('fixed-depth search equals plain minimax', () => {
  let cases: Case[] = [];
  beforeAll(() => {
    cases = buildCases();
  }, TIMEOUT_MS);

  it('covers at least 30 positions, at least 15 of them at depth 3', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(cases.filter((c) => c.depth === 3).length).toBeGreaterThanOrEqual(15);
    // Both kinds of start are represented: some positions have pieces in hand.
    expect(cases.some((c) => !c.sfen.includes(' - '))).toBe(true);
  });

  const plain = { quiescence: false, ttSizeMb: 0 } as const;
  const configurations: [string, Partial<SearchOptions>][] = [
    ['standard ordering (MVV-LVA)', { ...plain, ordering: 'standard' }],
    ['standard ordering (SEE)', { ...plain, ordering: 'standard', captureOrder: 'see' }],
    ['move-evaluation ordering', { ...plain, ordering: 'move-evaluation' }],
    ['no ordering', { ...plain, ordering: 'none' }],
    ['standard ordering without PVS', { ...plain, pvs: false }],
    ['no ordering without PVS', { ...plain, ordering: 'none', pvs: false }],
    ['standard ordering with the transposition table (16 MiB)', { quiescence: false }],
  ];

  for (const [name, options] of configurations) {
    it(
      `gives the minimax value with ${name}, quiescence off`,
      () => {
        expect(mismatches(cases, options)).toEqual([]);
      },
      TIMEOUT_MS,
    );
  }
});

describe('options that must not change a fixed-depth value (quiescence on)', () => {
  /** Depth 3 from the start position's playouts; depth 2 for the middle games (quiescence there is costly). */
  const cases: { sfen: string; depth: number }[] = [];
  const rng = makeRng(SEED + 1);
  for (let i = 0; i < 10; i++)
    cases.push({ sfen: randomPlayout(rng, STARTPOS_SFEN, 10 + Math.floor(rng() * 50)), depth: 3 });
  for (let i = 0; i < 6; i++)
    cases.push({
      sfen: randomPlayout(rng, MIDDLE_GAMES[i % MIDDLE_GAMES.length]!, Math.floor(rng() * 6)),
      depth: 2,
    });
  const values = (options: Partial<SearchOptions>): number[] => {
    const searcher = new Searcher({ ...EXACT, ...options });
    return cases.map(({ sfen, depth }) => {
      searcher.clear();
      return searcher.search(mustParse(sfen), { depth }).value;
    });
  };
  let reference: number[] = [];
  beforeAll(() => {
    reference = values({ ttSizeMb: 0, pvs: false });
  }, TIMEOUT_MS);

  it(
    'PVS on and off agree',
    () => {
      expect(values({ ttSizeMb: 0 })).toEqual(reference);
    },
    TIMEOUT_MS,
  );

  it(
    'the transposition table on and off agree',
    () => {
      expect(values({})).toEqual(reference);
    },
    TIMEOUT_MS,
  );

  it(
    'the move-evaluation ordering and the SEE capture order agree with the standard ordering',
    () => {
      expect(values({ ordering: 'move-evaluation' })).toEqual(reference);
      expect(values({ captureOrder: 'see' })).toEqual(reference);
    },
    TIMEOUT_MS,
  );
});
