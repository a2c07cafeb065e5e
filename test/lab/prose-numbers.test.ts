/**
 * No measured number is typed into a chapter by hand. Every number left in a chapter's prose
 * (after what components render: `<M>`, `<ExperimentTable>`, the lab's charts, which read the data
 * files of `npm run experiment`) must be covered by a phrase below that says why the chapter may
 * state it: a rule or a constant of the seed, a setting, a count fixed by the text itself, or a
 * value of a worked example that a test pins, in which case the number must appear in the file
 * that pins it. A new measured number fails here with a pointer to <M>; a phrase the chapter no
 * longer contains fails too, so the list stays what the chapters say.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coveredBy, plainNumber, proseOf, statedNumbers } from './prose-numbers';

interface Allowed {
  /** Text as the chapter's prose has it (inline code and tags blanked, whitespace squeezed). */
  phrase: string;
  why: string;
  /** A test or fixture that holds every number of the phrase. */
  pinnedBy?: string;
}

const CONSTANT = 'a rule, a constant or a setting, not a measurement';
const ARITHMETIC = 'arithmetic on the formula above it, for an illustrative branching factor';
const SETTING = 'a search setting the text chooses (a depth, a cap, an option value)';
const PAPER_CLAIM = 'what the paper (seed 001) states, set beside ours, not our measurement';
const SEED_003 = 'what seed 003 states or computes, set beside ours, not our measurement';
const ARITHMETIC_003 = 'arithmetic on seed 003’s constants';
const SEED_002 = 'what seed 002 states, set beside ours, not our measurement';
const CLASS = 'a class label (1 the chosen move or a mate, 0 the rest)';
const TRY = 'a setting the reader is asked to try';
const LABEL = 'a name: a policy’s number, a widget’s label, the algorithm’s name';

const ALLOWED: Readonly<Record<string, readonly Allowed[]>> = {
  board: [
    { phrase: '9 × 9 squares', why: CONSTANT },
    { phrase: 'numbered 1 to 9', why: CONSTANT },
    { phrase: 'sente, file 7, rank 6', why: 'reading a square’s name' },
    { phrase: 'onto the 9-file', why: 'a file of the board' },
    {
      phrase:
        '5 for each rook or bishop, promoted or not, and 1 for every other piece, with 28 points needed by sente and 27 by gote',
      why: 'the CSA declaration rule’s constants',
    },
    {
      phrase: '(0x11 is 1a, 0x99 is 9i), with walls around the 81',
      why: 'the seed program’s board encoding',
    },
    {
      phrase: 'keeps the pieces in bitboards, 81-bit',
      why: 'YaneuraOu’s board encoding',
    },
    {
      phrase: 'The start position has 30 legal moves',
      why: 'a perft count',
      pinnedBy: 'test/fixtures/perft.json',
    },
    { phrase: 'known to have is 593', why: 'a published record, the position is in the fixtures' },
    { phrase: 'the 593-move position', why: 'the name of a fixture position' },
    { phrase: '2-file', why: 'a file of the board' },
    { phrase: '5-file', why: 'a file of the board' },
    { phrase: '64-bit hash, kept as two 32-bit halves', why: CONSTANT },
    { phrase: 'its kind (1 to 14) with its colour in bit 4', why: CONSTANT },
    { phrase: 'unpromoted kind plus 8', why: CONSTANT },
    { phrase: 'with bit 3 cleared', why: CONSTANT },
    { phrase: 'file 9 to file 1', why: CONSTANT },
    {
      phrase: '| 1 | 30 | | 2 | 900 | | 3 | 25,470 | | 4 | 719,731 | | 5 | 19,861,490 |',
      why: 'the start position’s perft, published and held by the fixture',
      pinnedBy: 'test/fixtures/perft.json',
    },
    { phrase: 'Run depth 3', why: SETTING },
  ],
  'move-evaluation': [
    { phrase: '⌈_d_/2⌉ + _b_ ⌊_d_/2⌋ − 1', why: 'the Knuth–Moore formula' },
    {
      phrase: 'For a round 93 moves at depth 4, the worst order means 93 4 = 74,805,201',
      why: ARITHMETIC,
    },
    { phrase: 'best 93 2 + 93 2 − 1 = 17,297', why: ARITHMETIC },
    { phrase: '100 per cent would mean', why: 'the definition of the rate' },
    {
      phrase:
        'a pawn is 90, a lance 315, a knight 405, a silver 495, a gold 540, a bishop 855, a rook 990',
      why: 'Apery’s piece values, a constant',
    },
    {
      phrase: 'the 26th World Computer Shogi Championship (WCSC26, 2016)',
      why: 'the name of a tournament',
    },
    { phrase: 'two or more enemy pieces bear gets 50', why: 'seed 000’s constant' },
    {
      phrase: 'a drop with origin 0 and a board move with a square (0x11 or more)',
      why: 'the seed program’s move encoding',
    },
    { phrase: 'The comment says 1,500 for taking', why: 'seed 000’s constant' },
    { phrase: 'a fixed 1,500, 1,000 or 500', why: 'seed 000’s constants' },
    {
      phrase: 'so they weigh 150, 100 and 50 in the value',
      why: 'seed 000’s constants, divided by its 10',
    },
    {
      phrase: "nearly the king's value of 15,000",
      why: 'the king’s value in the material table, a constant',
    },
    {
      phrase: "(14,190 in chapter 3's knight fork)",
      why: 'the fork’s exchange value of the king, and the chapter it is in',
      pinnedBy: 'test/engine/eval/move-evaluation-reading.test.ts',
    },
    { phrase: 'the fixed 1,500 of an unguarded threat', why: 'seed 000’s constant' },
    {
      phrase: 'about 15,000 above the others',
      why: 'the king’s value in the material table, a constant',
    },
    { phrase: 'each given the 1,500 bonus', why: 'seed 000’s constant' },
    { phrase: 'exchange value of 1,980', why: 'twice the rook’s 990: the rule just stated' },
    {
      phrase:
        '1,500 when the enemy does not bear on the square the piece moved to, 1,000 when both sides bear on it, 500 when only the enemy does',
      why: 'seed 000’s constants',
    },
    { phrase: '**Capture bonus**: 1,500', why: 'seed 000’s constant' },
    { phrase: '**Focus pawn**: 50', why: 'seed 000’s constant' },
    { phrase: 'divided by 10', why: 'seed 000’s constant' },
    { phrase: 'LossE/10', why: 'seed 000’s constant' },
    { phrase: 'footnote (※1)', why: 'the seed’s footnote mark' },
    { phrase: 'has rank 1 everywhere', why: 'the definition of the measure' },
    { phrase: 'depth-5', why: SETTING },
    { phrase: 'a 50-point bonus', why: 'seed 000’s constant' },
    { phrase: 'top-1', why: 'a column’s name' },
    { phrase: 'To depth 4', why: SETTING },
    { phrase: 'ordering-compare-depth4', why: 'an experiment’s name' },
    { phrase: 'depth-3 run', why: SETTING },
  ],
  pruning: [
    { phrase: 'Elo (95 %)', why: 'the interval’s confidence' },
    {
      phrase: 'finds seven candidates in the same playouts',
      why: 'the script’s output, pinned for its first candidate',
      pinnedBy: 'test/fixtures/forward-miss-literal.json',
    },
    {
      phrase: 'values it −661 whichever way the seed is read, 153rd of 196 moves',
      why: 'the worked example’s move value',
      pinnedBy: 'test/fixtures/forward-miss-literal.json',
    },
    {
      phrase: 'to depth 3 reads at 675 for gote against 945',
      why: 'the worked example’s values',
      pinnedBy: 'test/fixtures/forward-miss-literal.json',
    },
    {
      phrase: 'plain α-β reads the drop at −135 and at 180',
      why: 'the worked example’s values two plies deeper',
      pinnedBy: 'test/fixtures/forward-miss-literal.json',
    },
    { phrase: 'The depth-3 search', why: SETTING },
    { phrase: 'a threshold of −100, moves at or below', why: 'seed 000’s constant' },
    {
      phrase: 'start position all 30 moves are valued 0, so "the first ten" would read all 30',
      why: 'the start position’s move count and values',
      pinnedBy: 'test/engine/search/pruning.test.ts',
    },
    {
      phrase: "king's exchange value, 14,190, where ours adds the fixed 1,500",
      why: 'the worked example’s move-evaluation terms',
      pinnedBy: 'test/engine/eval/move-evaluation-reading.test.ts',
    },
    {
      phrase: 'lifts the move from −182 to +1,087, the second of the 32 moves',
      why: 'the worked example’s move value, read as written',
      pinnedBy: 'test/engine/eval/move-evaluation-reading.test.ts',
    },
    { phrase: 'depth-2 search', why: SETTING },
    { phrase: 'forty games at depth 2', why: 'the in-page match’s default setting' },
    {
      phrase: 'has 44 legal moves',
      why: 'the move count of the chapter’s position, shown in the tree beside it',
      pinnedBy: 'test/engine/search/pruning.test.ts',
    },
    { phrase: '(−1, 0)', why: 'the null window, by definition' },
    { phrase: 'scores 0, which is β', why: 'the tree’s own label above it' },
    {
      phrase: '"β cut-off: 0 ≥ 0 after 1 move". The other 43',
      why: 'the tree’s own label, quoted',
    },
    { phrase: '1. **By value.**', why: 'a list number' },
    { phrase: 'The seed uses −100', why: 'seed 000’s constant' },
    { phrase: 'at or below −100 with nothing exempt', why: 'seed 000’s constant' },
    { phrase: '2. **By rank.**', why: 'a list number' },
    { phrase: 'adds 1,500 to every capture', why: 'seed 000’s constant' },
    { phrase: 'test depth of 3 or 4 plies', why: 'the fixture’s depths, a setting' },
    { phrase: '"Depth in 1 s"', why: 'the benchmark’s time per position, a setting' },
    { phrase: 'the 3-file', why: 'a file of the board' },
    {
      phrase: 'the 630 it stands to lose',
      why: 'a term of the worked example’s move value',
      pinnedBy: 'test/fixtures/forward-miss.json',
    },
    {
      phrase: "(448, king threats included). The move's value is −182, the lowest of sente's 32",
      why: 'the worked example’s move value',
      pinnedBy: 'test/fixtures/forward-miss.json',
    },
    { phrase: 'depth 3 plays it', why: SETTING },
    { phrase: 'at −100 with', why: 'seed 000’s constant' },
    {
      phrase: 'is worth −540 for sente and −1,710',
      why: 'the worked example’s values',
      pinnedBy: 'test/fixtures/forward-miss.json',
    },
    { phrase: 'with R = 2', why: CONSTANT },
    { phrase: 'at a depth of 3 or more', why: CONSTANT },
    { phrase: 'a margin of 200 per ply', why: CONSTANT },
    { phrase: '400 or more per ply', why: CONSTANT },
    { phrase: 'a pawn is 90', why: 'the engine’s piece value (Apery’s table), a constant' },
    { phrase: '**Null-move R** to 4', why: SETTING },
    {
      phrase: '+100 means the stronger side scores about 64 per cent',
      why: 'the Elo formula, 1 / (1 + 10^(−100/400)) = 0.64',
    },
    { phrase: '**Futility margin** to 0', why: SETTING },
  ],
  horizon: [
    { phrase: 'what does A play at depth 3', why: SETTING },
    { phrase: 'position to depth 3 with plain α-β', why: SETTING },
    { phrase: 'Raise the depth to 4', why: SETTING },
    { phrase: 'in A at depth 3', why: SETTING },
    { phrase: 'other two positions at depth 3', why: SETTING },
    {
      phrase: 'the root is depth 0, and then the recapture at ply 1',
      why: 'the seed’s code, read',
    },
    {
      phrase: '(**Re-search from ply** set to 2 in B), depth 3 plays',
      why: SETTING,
      pinnedBy: 'test/fixtures/horizon.json',
    },
    { phrase: 'Ours starts at ply 1', why: SETTING },
    { phrase: 'A search to depth 3', why: SETTING },
    {
      phrase: 'depth 3 plays and scores it 1,980',
      why: 'the worked example’s value',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    {
      phrase: 'taking the silver on 7d and promoting, at 1,530',
      why: 'the worked example’s five-ply value of 9b7d+',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    {
      phrase: 'scores it 1,530',
      why: 'the worked example’s value',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    {
      phrase: 'worth only 1,215',
      why: 'the worked example’s value',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    {
      phrase: 'worth 1,035 and 1,350',
      why: 'the worked example’s values',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    { phrase: 'at depth 4, plain', why: SETTING },
    { phrase: 'Depth 3 first drops a pawn', why: SETTING },
    {
      phrase: ', 1,935, with',
      why: 'the worked example’s value',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    {
      phrase: 'worth 1,485, against 1,710 for promoting at once and 1,800',
      why: 'the worked example’s values',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    {
      phrase: 'Depth 3 first drops a silver with check on 4c, scoring −675',
      why: 'the worked example’s value',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    {
      phrase: 'worth −1,710 and taking the rook at once −90',
      why: 'the worked example’s values',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    { phrase: 'depth 3 and keeps it', why: 'the script’s setting' },
    { phrase: '3 with the check extension', why: SETTING },
    { phrase: '8 by default', why: 'the option’s default' },
    { phrase: 'to depth 3 may read a line to 6 plies, not to 11', why: ARITHMETIC },
    { phrase: 'Depth 3 saw the gold', why: SETTING },
    {
      phrase: 'is valued −80',
      why: 'the worked example’s move value',
      pinnedBy: 'test/fixtures/horizon.json',
    },
    { phrase: 'At depth 3 with the', why: SETTING },
    { phrase: 'depth 3 takes', why: 'the fixture’s test depth, a setting' },
    { phrase: 'the cap of 8 plies', why: 'the option’s default' },
    { phrase: '+2 (seed 000)" and "check extension +1"', why: 'option labels' },
    { phrase: '**Extension cap** to 0', why: SETTING },
  ],
  'dual-credit': [
    { phrase: 'is fixed at 0.5', why: 'seed 001 on the transition-probability search it cites' },
    {
      phrase: 'misprinted (64 for 46, or 32 for 14, would each make them add up)',
      why: 'the paper’s printed shares and the one-figure corrections that make them sum to 100',
    },
    { phrase: 'At depth 3, which move does each search choose?', why: SETTING },
    { phrase: '**Credit limit** from 2 to 3', why: SETTING },
    { phrase: 'Then move it to 1, and watch', why: SETTING },
    { phrase: 'Go to depth 4. Does plain', why: SETTING },
    {
      phrase: 'At depth 3, plain α-β takes the rook',
      why: SETTING,
      pinnedBy: 'test/engine/dual-credit/dual-credit.test.ts',
    },
    {
      phrase: 'reads two plies further: at depth 5 it',
      why: SETTING,
      pinnedBy: 'test/lab/chapter-claims.test.ts',
    },
    { phrase: "deeper search's idea at depth 3", why: SETTING },
    {
      phrase:
        'of 3 the extensions are gone and A takes the rook as B does; at a limit of 1 they multiply',
      why: 'the worked example, tested',
      pinnedBy: 'test/engine/dual-credit/dual-credit.test.ts',
    },
    {
      phrase: 'a limit of 2, a credit of 2.5 becoming one ply of extension and 3.4 becoming two',
      why: 'the paper’s worked example of Fig. 1',
      pinnedBy: 'test/engine/dual-credit/dual-credit.test.ts',
    },
    { phrase: 'but ceil(0) extends nothing', why: CONSTANT },
    { phrase: '(lines 10 to 15 of its Figure 1)', why: PAPER_CLAIM },
    { phrase: '## Figure 1, read closely', why: PAPER_CLAIM },
    { phrase: 'Figure 1 has no transposition table', why: PAPER_CLAIM },
    {
      phrase: 'at depth 4, our first version extended nothing at all',
      why: 'a regression the tests hold',
      pinnedBy: 'test/engine/dual-credit/dual-credit.test.ts',
    },
    {
      phrase:
        'with the limit at 2, two checks by one side earn it a ply. A check earns 1.25, and 1.5 for a rook',
      why: 'the credit table’s defaults (src/engine/dual-credit/credit-table.ts)',
    },
    {
      phrase: 'from 0.25 to 0.75',
      why: 'the credit table’s defaults (src/engine/dual-credit/credit-table.ts)',
    },
    {
      phrase: 'earns 0.5, a threatened piece moving away 0.25',
      why: 'the credit table’s defaults (src/engine/dual-credit/credit-table.ts)',
    },
    { phrase: "Set the rook's check credit to 1", why: SETTING },
    { phrase: 'a shared limit of 1:', why: SETTING },
    { phrase: "The paper's Figure 2 counts", why: PAPER_CLAIM },
    { phrase: 'add up to 118%', why: 'the sum of the paper’s four shares (64 + 32 + 11 + 11)' },
    { phrase: '(its section 4.3)', why: PAPER_CLAIM },
    { phrase: 'at limits from 2 to 4.5', why: 'the limits the command sweeps, a setting' },
    { phrase: 'the separate limit, 4, it reads', why: SETTING },
    { phrase: 'holds only two moves of each side', why: 'what a depth-4 line is, by counting' },
    { phrase: "the paper's base depth was 4 or 6", why: PAPER_CLAIM },
    {
      phrase:
        'three matches of 100 games, with a base depth of 4 or 6 plies, 10 seconds a move on a Pentium 4 at 1.9 GHz',
      why: PAPER_CLAIM,
    },
    {
      phrase: 'Ours play 200 games each, 100 openings',
      why: 'the series’ settings (scripts/lab/experiments.ts)',
    },
    {
      phrase: 'of the 100 openings the two games',
      why: 'the series’ settings (scripts/lab/experiments.ts)',
    },
    { phrase: 'about equal, 47–53, a score of 0.47', why: PAPER_CLAIM },
    { phrase: 'clearest result, 66–34', why: PAPER_CLAIM },
    { phrase: 'its Table 4 was', why: PAPER_CLAIM },
    { phrase: 'a shared account at 4 hardly ever fills', why: SETTING },
    { phrase: 'at depth 4 ours does not', why: SETTING },
    { phrase: 'depth 3 so that a game takes seconds (at depth 2 a side', why: SETTING },
  ],
  'effect-tables': [
    { phrase: 'at a byoyomi of 1 s a move', why: SETTING },
    {
      phrase: 'came with 20–30 % more nodes a second',
      why: 'seed 003’s claim for its table (“nps 2,3割増し”), not our measurement',
    },
    { phrase: 'KKPEE9', why: 'the name of seed 003’s evaluation (9 count combinations)' },
    { phrase: 'halfKPE9', why: 'the name of an NNUE evaluation' },
    { phrase: 'int16', why: 'a C++ type' },
    { phrase: 'V8', why: 'the name of a JavaScript engine' },
    { phrase: 'The 81 squares', why: CONSTANT },
    { phrase: 'the 81 squares', why: CONSTANT },
    { phrase: '81 lookups', why: CONSTANT },
    { phrase: '81 rounding errors', why: CONSTANT },
    { phrase: 'add the 81 entries', why: CONSTANT },
    { phrase: '85 × 1024/(d + 1)', why: SEED_003 },
    { phrase: '98 × 1024/(d + 1). Both are in 1/1024 of a point', why: SEED_003 },
    {
      phrase:
        'distance 1, an own effect is worth 42 points and an enemy one costs 49 (a pawn is 90)',
      why: ARITHMETIC_003,
      pinnedBy: 'test/components/effect-model.test.ts',
    },
    { phrase: '6365 − 0.8525 m−1 × 5341', why: SEED_003 },
    {
      phrase:
        '1/1024: 1 for one effect, about 1.8 for two, 2.4 for three, climbing slowly to about 5 for ten',
      why: ARITHMETIC_003,
    },
    { phrase: "sente's m1 effects less gote's m2 effects", why: 'variable names' },
    { phrase: 'numbered 0 to 80, square 80 − sq', why: CONSTANT },
    { phrase: '81 × 81 × 81 × 11 × 11 entries of two bytes each, about 128 MB', why: SEED_003 },
    {
      phrase: 'search 20 to 30 % faster than computing the terms, and about R70 stronger',
      why: SEED_003,
    },
    { phrase: '128 MB for one table (and KKPEE9, below, needs 306 MB,', why: SEED_003 },
    { phrase: '81 × 81 × 11 each', why: 'the factored tables’ shape' },
    { phrase: "(32 codes in YaneuraOu's", why: CONSTANT },
    { phrase: 'With 11 counts a side that table would be 32 times 128 MB, 4 GB', why: SEED_003 },
    { phrase: '81 × 81 × 81 × 3 × 3 × 32 entries, 306 MB', why: SEED_003 },
    { phrase: '**9** combinations', why: CONSTANT },
    { phrase: 'the 140 characters of a tweet', why: 'a tweet’s limit, as the seed counts it' },
    {
      phrase: 'uses 83 and 92 for the two weights where the first table used 85 and 98',
      why: SEED_003,
    },
    { phrase: 'store every entry 32 times larger', why: SEED_003 },
    { phrase: 'sum by 32 once at the end', why: SEED_003 },
    { phrase: 'FV_SCALE 32', why: SEED_003 },
    { phrase: '**FV_SCALE 1**', why: 'a setting of the widget' },
    { phrase: 'FV_SCALE at 64', why: 'a setting of the widget' },
    { phrase: 'at most 32,767', why: CONSTANT },
    {
      phrase: '15000 × 104 / 1024 = 1,523 points, 48,736 at ×32',
      why: 'arithmetic on YaneuraOu’s king value and the seed’s constants',
    },
    { phrase: '(N + 1) 2 count combinations replace 121', why: CONSTANT },
    { phrase: 'The seed tried N = 2, 3, 4', why: SEED_003 },
    { phrase: 'N = 2 played about as strongly', why: SEED_003 },
    { phrase: 'N = 3 about R10 stronger, with a table 9/4 the size', why: SEED_003 },
    {
      phrase:
        'N = 4 about as strong as N = 2 again, because its table, four times the size (1,224 MB)',
      why: SEED_003,
    },
    { phrase: 'from N = 5 on', why: SEED_003 },
    { phrase: 'not N + 1', why: CONSTANT },
    {
      phrase:
        'N + 1 states, so N = 3 has 16 combinations against 9 (16/9 the size of N = 2, 544 MB with the piece) and N = 4 has 25 (25/9, 850 MB)',
      why: 'arithmetic of the table’s shape',
      pinnedBy: 'test/components/effect-model.test.ts',
    },
    { phrase: 'times 32 pieces', why: CONSTANT },
    {
      phrase:
        '81 × 9 × 32 entries of two bytes for KKPEE9, about 47 KB, and about 130 KB for KKPEE25',
      why: 'arithmetic on the table’s shape: 81 squares × 9 or 25 count states × 32 pieces × 2 bytes',
    },
    { phrase: 'table of N = 2 fits', why: SETTING },
    { phrase: 'the 128 and 306 MB tables', why: SEED_003 },
    { phrase: "the seed's R10 for N = 3", why: SEED_003 },
    { phrase: 'N = 4 is the same as N = 2', why: SETTING },
    { phrase: 'writes them R70, R10)', why: SEED_003 },
    { phrase: 'about 3-kyū', why: 'the program’s strength as its author gives it' },
    { phrase: 'kyū count down to 1', why: 'how shogi grades count' },
    { phrase: 'Difference (95 %)', why: 'the interval’s confidence' },
    { phrase: 'Edge pawn (file 1 or 9)', why: 'the two edge files of the board' },
    { phrase: '(58金)', why: 'a move, in Japanese notation' },
    { phrase: '10 % say', why: SEED_003 },
    { phrase: '20 % say', why: SEED_003 },
    { phrase: "the seed's curve, 83", why: SEED_003 },
    { phrase: "the seed's curve, 92", why: SEED_003 },
    {
      phrase: '| 0 ',
      why: 'the starting value of the tuned families that the seed does not have',
    },
    { phrase: 'to 30, then play', why: SETTING },
    { phrase: 'back to 0 and the **Defended share** to 0.1', why: SETTING },
    { phrase: "the low end of the seed's 20 to 30 %", why: SEED_003 },
    { phrase: 'the counts capped at 3 (KKPEE16', why: SETTING },
    { phrase: 'and at 4 (KKPEE25', why: SETTING },
    { phrase: "the seed's halfKPE16 and halfKPE25", why: SEED_003 },
    { phrase: 'KKPEE16', why: 'the name of KKPEE9 with four count states a side' },
    { phrase: 'KKPEE25', why: 'the name of KKPEE9 with five count states a side' },
  ],
  'end-of-game': [
    {
      phrase: 'proves a mate in 7',
      why: 'what examples/mate.ts prints, shown under it',
      pinnedBy: 'src/data/examples/mate.txt',
    },
    { phrase: 'method 1', why: 'the seed numbers its two methods' },
    { phrase: 'method 2', why: 'the seed numbers its two methods' },
    { phrase: 'Method 1', why: 'the seed numbers its two methods' },
    { phrase: 'Method 2', why: 'the seed numbers its two methods' },
    { phrase: '方法1', why: 'the seed numbers its two methods' },
    { phrase: '方法2', why: 'the seed numbers its two methods' },
    { phrase: 'plain 0', why: 'the value of a draw' },
    { phrase: 'becomes 0', why: 'the value of a draw' },
    { phrase: 'the 1 + ε trick', why: 'the name of a technique' },
    {
      phrase: 'so a mate in five plies is out of sight at depth 3',
      why: 'the widget’s first problem, searched at depth 3 without the probe',
      pinnedBy: 'test/engine/search/mate-probe.test.ts',
    },
    { phrase: 'with a 300-node mate search', why: SETTING },
    {
      phrase: 'that are 5 to 13 plies long',
      why: 'the experiment’s choice of problems (bench/mate-probe.ts)',
    },
  ],
  'decision-trees': [
    {
      phrase:
        'paper prints 0.297 for that share, though its own averages, 116.2 moves and 33.34 called best, give 0.287',
      why: PAPER_CLAIM,
    },
    { phrase: 'From the 40th ply on', why: SETTING },
    { phrase: 'played (class 1)', why: CLASS },
    { phrase: 'at random (class 0)', why: CLASS },
    { phrase: 'by its 28 policies and 56 facts about the position', why: CONSTANT },
    { phrase: 'Set the depth to 0:', why: TRY },
    { phrase: 'minimum leaf size from 1 up to 100', why: TRY },
    { phrase: 'Mate in 3 or not', why: LABEL },
    { phrase: 'ID3', why: LABEL },
    { phrase: 'of class 1 and of class 0', why: CLASS },
    { phrase: 'runs from 0 to 18, which gives 18 places to cut it in two, but 153', why: SEED_002 },
    { phrase: 'The 28 policies', why: CONSTANT },
    { phrase: 'policy 20,', why: LABEL },
    { phrase: 'it set 25 policies, and its Table 3 lists 27', why: SEED_002 },
    { phrase: 'The position in 64 numbers', why: CONSTANT },
    { phrase: 'Table 5 describes a position by 64 numbers', why: CONSTANT },
    { phrase: '(attributes 1 to 14)', why: LABEL },
    { phrase: 'learned from 500 professional games', why: SEED_002 },
    { phrase: 'From the 40th move on', why: SEED_002 },
    { phrase: '76,674 examples', why: SEED_002 },
    { phrase: 'a search of 30,000 nodes', why: SETTING },
    { phrase: 'tested on 50 of its 500', why: SEED_002 },
    { phrase: 'full-width searches to 3 plies', why: SETTING },
    { phrase: 'from 8 to 14 random moves', why: SETTING },
    { phrase: '2, 4, 6, 8 or 10 plies earlier', why: SEED_002 },
    { phrase: "the paper's 8,953", why: SEED_002 },
    { phrase: 'against 8,953', why: SEED_002 },
    { phrase: '(policy 23)', why: LABEL },
    { phrase: '(policy 23) | 74%', why: SEED_002 },
    { phrase: 'legal moves per position | 116.5', why: SEED_002 },
    { phrase: '(policy 16)', why: LABEL },
    { phrase: '(policy 16) | 60%', why: SEED_002 },
    { phrase: 'first 27 policies', why: CONSTANT },
    { phrase: 'first 27 policies | 99.8%', why: SEED_002 },
    { phrase: "the teacher's (1) or the other (0)", why: CLASS },
    { phrase: "the paper's | 92.3% | 75.1%", why: SEED_002 },
    { phrase: "short of the paper's 75%", why: SEED_002 },
    { phrase: "near the paper's 72%", why: SEED_002 },
    { phrase: 'From its 72% the paper argues', why: SEED_002 },
    { phrase: 'with probability 0.72, it survives three plies with 0.72³ ≈ 0.37', why: SEED_002 },
    { phrase: 'the last 50, 40, 30, 20 and 10 positions', why: SEED_002 },
    {
      phrase: "the test games' last 50 positions (49.8%), rising only to 63.5% on the last 10",
      why: SEED_002,
    },
    { phrase: 'from the last 50 positions,', why: LABEL },
    { phrase: 'from the last 10.', why: LABEL },
    { phrase: 'recognised 92.5% of the mates and 82.4% of the no-mates', why: SEED_002 },
    { phrase: 'at least 90% of the training positions held a mate', why: SETTING },
  ],
};

const DIR = 'src/content/chapters';
const chapters = readdirSync(DIR)
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => f.replace(/\.mdx$/, ''));

describe.each(chapters)('chapter %s states no measured number by hand', (chapter) => {
  const prose = proseOf(readFileSync(`${DIR}/${chapter}.mdx`, 'utf8'));
  const allowed = ALLOWED[chapter] ?? [];
  const { covered, unused } = coveredBy(
    prose,
    allowed.map((a) => a.phrase),
  );

  it('every number in the prose is rendered from data or allowed with a reason', () => {
    const loose = statedNumbers(prose)
      .filter((n) => !covered(n.at))
      .map((n) => `line ${n.line}: ${n.text} in “${n.context}”`);
    expect(
      loose,
      'render a measured number with <M e="experiment" p="path" f="format" /> (src/components/lab/M.astro), or allow it here with the reason it is not a measurement',
    ).toEqual([]);
  });

  it('starts no line with <M> or an inline tag (MDX would make it a block and split the sentence) or with punctuation (a space would open before it)', () => {
    const source = readFileSync(`${DIR}/${chapter}.mdx`, 'utf8').split('\n');
    const starts = source.flatMap((l, i) =>
      /^\(?<M[\s/]/.test(l) ||
      /^\s*<(?:a|span|abbr|em|strong|code|Term)[\s>]/.test(l) ||
      /^[,.;:)]/.test(l)
        ? [`line ${i + 1}: ${l}`]
        : [],
    );
    expect(starts).toEqual([]);
  });

  it('every allowed phrase is still in the chapter', () => {
    expect(unused).toEqual([]);
  });

  it.each(allowed.filter((a) => a.pinnedBy).map((a) => [a.phrase, a.pinnedBy!] as const))(
    '“%s” is pinned by %s',
    (phrase, file) => {
      const held = readFileSync(file, 'utf8').replace(/_/g, '');
      for (const n of statedNumbers(phrase)) {
        const plain = plainNumber(n.text);
        expect(held, `${file} does not hold ${n.text}`).toMatch(
          new RegExp(`(?<![\\d.])${plain.replace('-', '[-−]')}(?![\\d.])`),
        );
      }
    },
  );
});
