/**
 * Seed 002's 28 move policies (Watanabe & Kotani, Table 3). For each policy, a position built to
 * show it, with a move that has it and, for most, a near-identical move or position that does
 * not. Then the table's bookkeeping, a slow twin that recomputes every policy from scratch
 * (effect counts recounted with `computeEffects` on copies of the board before and after the
 * move, exchanges by the plain board walk, checks by playing the move) on every legal move of
 * random positions, and a check that asking leaves the position as it was.
 */
import { describe, expect, it } from 'vitest';
import { exchangeValue } from '../../../src/engine/eval/exchange';
import {
  movePolicies,
  Policy,
  POLICIES,
  POLICY_COUNT,
  POLICY_IDS,
  policyContext,
  type PolicyId,
  policyNumbers,
} from '../../../src/engine/dtree/move-policies';
import {
  attacks,
  BOARD_SIZE,
  type Color,
  computeEffects,
  dropKind,
  EFFECT_STRIDE,
  fileOf,
  isDrop,
  isPromotion,
  Kind,
  legalMoves,
  makeSfen,
  makeUsiMove,
  type Move,
  parseUsiMove,
  type Position,
  rankOf,
  square,
  SQUARES,
  STARTPOS_SFEN,
} from '../../../src/engine/index';
import { makeRng, mustParse, perftFixtures, pick, snapshot, snapshotDifference } from '../helpers';
import { randomPlayout } from '../search/support';

const OTHER = Policy.other;

/** What makes a set-up position illegal, or null: the checks a hand-built SFEN must pass. */
function setupProblem(pos: Position): string | null {
  const broken = pos.checkInvariants();
  if (broken) return broken;
  const them = (pos.sideToMove ^ 1) as Color;
  const king = pos.kingSquare[them]!;
  if (king !== 0 && pos.effectCount(pos.sideToMove, king) > 0)
    return 'the side not to move is in check';
  for (const color of [0, 1] as Color[])
    for (let file = 1; file <= 9; file++) {
      const pawns = SQUARES.filter(
        (sq) => fileOf(sq) === file && pos.board[sq] === (Kind.Pawn | (color << 4)),
      );
      if (pawns.length > 1) return `two pawns of colour ${color} on file ${file} (二歩)`;
    }
  for (const sq of SQUARES) {
    const p = pos.board[sq]!;
    // Ranks left in front of the piece: a pawn or lance needs one, a knight two (行き所のない駒).
    const ranksAhead = (p >> 4 === 0 ? rankOf(sq) : 10 - rankOf(sq)) - 1;
    const kind = p & 15;
    if ((kind === Kind.Pawn || kind === Kind.Lance) && ranksAhead < 1)
      return `a dead piece on ${sq}`;
    if (kind === Kind.Knight && ranksAhead < 2) return `a dead knight on ${sq}`;
  }
  return null;
}

/** A hand-built position, checked legal. */
function setup(sfen: string): Position {
  const pos = mustParse(sfen);
  expect(setupProblem(pos), sfen).toBeNull();
  return pos;
}

function usiMove(pos: Position, text: string): Move {
  const result = parseUsiMove(pos, text);
  if (!result.ok) throw new Error(`${makeSfen(pos)}: ${result.error}`);
  return result.value;
}

/**
 * The policies of the move `usi` in `sfen`; when `before` is given, that is the opponent's move
 * from `sfen`, played first and passed as the last move.
 */
function policiesOf(sfen: string, usi: string, before?: string): number {
  const pos = setup(sfen);
  let previous: Move = 0;
  if (before !== undefined) {
    previous = usiMove(pos, before);
    pos.doMove(previous);
  }
  return movePolicies(pos, usiMove(pos, usi), previous);
}

interface PolicyCase {
  id: PolicyId;
  /** What the example shows: the rest of the test's name. */
  shows: string;
  sfen: string;
  /** The opponent's move, played from `sfen` first (USI), when the case needs a last move. */
  before?: string;
  /** A move that has the policy. */
  has: string;
  /** A near-identical move (in `sfen`, or in its own position) that does not. */
  lacks?: { sfen?: string; before?: string; move: string };
}

// ▲ is sente (upper case in SFEN), △ gote. Squares are USI: file 1..9, rank a..i (1..9).
const CASES: PolicyCase[] = [
  {
    // The opening's 2-file pawn exchange: ▲2四歩 △同歩 ▲同飛 trades pawns, the rook on 2h
    // behind the pawn taking back. With the rook moved to 5h nobody retakes: the same push is
    // a thrust sacrifice instead.
    id: 'pawnExchange',
    shows: '▲2四歩 with the rook behind on 2h offers a pawn trade; with the rook on 5h it does not',
    sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/7P1/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1',
    has: '2e2d',
    lacks: {
      sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/7P1/9/PPPPPPP1P/1B2R4/LNSGKGSNL b - 1',
      move: '2e2d',
    },
  },
  {
    id: 'pawnThrust',
    shows: '▲2四歩 with no rook behind gives the pawn away; with the rook on 2h it is an exchange',
    sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/7P1/9/PPPPPPP1P/1B2R4/LNSGKGSNL b - 1',
    has: '2e2d',
    lacks: {
      sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/7P1/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1',
      move: '2e2d',
    },
  },
  {
    // ▲3三歩成 under △3二金: the gold takes the tokin. With ▲3八飛 behind, the gold taking
    // would be taken back: then the tokin is no sacrifice.
    id: 'pawnPromotionSacrifice',
    shows: '▲3三歩成 where the gold on 3b takes the tokin; with a rook behind on 3h it is defended',
    sfen: '4k4/6g2/9/6P2/9/9/9/9/4K4 b - 1',
    has: '3d3c+',
    lacks: { sfen: '4k4/6g2/9/6P2/9/9/9/6R2/4K4 b - 1', move: '3d3c+' },
  },
  {
    // After the 2-file exchange, ▲2四歩打 hangs over 2c: nothing can take it, and next it
    // promotes on 2c. One rank further back it is just a pawn.
    id: 'hangingPawn',
    shows: '▲2四歩打 on rank 4 with 2c empty and nothing bearing on it; ▲2五歩打 is not',
    sfen: 'lnsgkgsnl/1r5b1/ppppppp1p/9/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b Pp 1',
    has: 'P*2d',
    lacks: { move: 'P*2e' },
  },
  {
    // △6二金 and △4二銀 both guard 5c: whichever takes ▲5三歩打 leaves its post. On 7c only the
    // gold bears.
    id: 'focusPawn',
    shows: 'a pawn dropped on 5c where the gold on 6b and the silver on 4b both bear; 7c has one',
    sfen: '4k4/3g1s3/9/9/9/9/9/9/4K4 b P 1',
    has: 'P*5c',
    lacks: { move: 'P*7c' },
  },
  {
    // 金頭に歩: ▲5三歩打 strikes the gold on 5b; on 6c it strikes nothing.
    id: 'strikingPawn',
    shows: 'a pawn dropped on the head of the gold on 5b; beside it on 6c it strikes nothing',
    sfen: '4k4/4g4/9/9/9/9/9/9/4K4 b P 1',
    has: 'P*5c',
    lacks: { move: 'P*6c' },
  },
  {
    // △2四歩 has come forward; ▲2五歩打 meets it face to face. One square back it does not.
    id: 'matchingPawn',
    shows: 'a pawn dropped on 2e face to face with the enemy pawn on 2d; 2f is not',
    sfen: '4k4/9/9/7p1/9/9/9/9/4K4 b P 1',
    has: 'P*2e',
    lacks: { move: 'P*2f' },
  },
  {
    // △2九竜 runs along our back rank at the gold on 5i; ▲4九歩打 stops it, defended by the
    // gold. On rank 8 the pawn is no bottom pawn.
    id: 'bottomPawn',
    shows: '▲4九歩打 on our back rank against the dragon on 2i; ▲4八歩打 is not',
    sfen: '4k4/9/9/9/9/9/9/2K6/4G2+r1 b P 1',
    has: 'P*4i',
    lacks: { move: 'P*4h' },
  },
  {
    // The silver on 5e is attacked by △5四歩: ▲5六歩打 ties a string to it. A pawn behind an
    // empty square ties nothing.
    id: 'tetheredPawn',
    shows: 'a pawn dropped on 5f behind the silver the enemy pawn attacks; 4f is behind nothing',
    sfen: '4k4/9/9/4p4/4S4/9/9/9/4K4 b P 1',
    has: 'P*5f',
    lacks: { move: 'P*4f' },
  },
  {
    id: 'check',
    shows: '▲5二金打 checks the king on 5a; ▲5三金打 does not',
    sfen: '4k4/9/9/9/9/9/9/9/4K4 b G 1',
    has: 'G*5b',
    lacks: { move: 'G*5c' },
  },
  {
    // △3五歩 attacks 3f; ▲同歩 takes the pawn that just moved. ▲2五歩 (2f takes 2e) takes the
    // other pawn, which stood there already.
    id: 'capturesLastMoved',
    shows: 'after △3五歩, ▲同歩 takes the pawn that just moved; taking the pawn on 2e does not',
    sfen: '4k4/9/9/6p2/7p1/6PP1/9/9/4K4 w - 1',
    before: '3d3e',
    has: '3f3e',
    lacks: { move: '2f2e', before: '3d3e' },
  },
  {
    id: 'capturesOther',
    shows:
      'after △3五歩, taking the pawn on 2e takes a piece that did not just move; ▲同歩 does not',
    sfen: '4k4/9/9/6p2/7p1/6PP1/9/9/4K4 w - 1',
    before: '3d3e',
    has: '2f2e',
    lacks: { move: '3f3e', before: '3d3e' },
  },
  {
    // ▲5四飛 into △5三歩's reach with nothing of ours behind it: the pawn takes it for free.
    // With ▲5五歩 behind the rook, it is defended.
    id: 'freeSacrifice',
    shows:
      'the rook goes to 5d where the pawn on 5c takes it for nothing; with a pawn on 5e it is defended',
    sfen: '4k4/9/4p4/7R1/9/9/9/9/4K4 b - 1',
    has: '2d5d',
    lacks: { sfen: '4k4/9/4p4/7R1/4P4/9/9/9/4K4 b - 1', move: '2d5d' },
  },
  {
    // 角換わり: after ▲7六歩 △3四歩, ▲2二角成 promotes; ▲2二角不成 does not.
    id: 'promotes',
    shows: '▲2二角成 in the bishop exchange; ▲2二角不成 does not promote',
    sfen: 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3',
    has: '8h2b+',
    lacks: { move: '8h2b' },
  },
  {
    // A knight dropped on 3e jumps into the camp (2c, 4c) next move; from 3f it reaches 2d and
    // 4d, outside.
    id: 'promotesNext',
    shows: 'a knight dropped on 3e can jump into the camp and promote next; from 3f it cannot',
    sfen: '4k4/9/9/9/9/9/9/9/4K4 b N 1',
    has: 'N*3e',
    lacks: { move: 'N*3f' },
  },
  {
    // ▲7六歩 opens the bishop's diagonal onto the pawn on 3c; ▲6六歩 attacks nothing.
    id: 'attacksPiece',
    shows: '▲7六歩 opens the bishop onto the pawn on 3c; ▲6六歩 attacks nothing',
    sfen: STARTPOS_SFEN,
    has: '7g7f',
    lacks: { move: '6g6f' },
  },
  {
    // △5五歩 attacks the gold on 5f, which nothing defends: moving it aside saves it; a king
    // move to 4i does not.
    id: 'savesPiece',
    shows: 'the gold attacked by a pawn steps aside to 4f; a king move leaves it hanging',
    sfen: '4k4/9/9/9/4p4/4G4/9/9/4K4 b - 1',
    has: '5f4f',
    lacks: { move: '5i4i' },
  },
  {
    // 5c is guarded by △5二金 and △4二銀, and backed only by ▲5六飛: two against one. Without
    // the silver it is one against one.
    id: 'intoOutnumbered',
    shows:
      'a silver dropped on 5c with two enemy guards against our one rook; with one guard it is even',
    sfen: '4k4/4gs3/9/9/9/4R4/9/9/4K4 b S 1',
    has: 'S*5c',
    lacks: { sfen: '4k4/4g4/9/9/9/4R4/9/9/4K4 b S 1', move: 'S*5c' },
  },
  {
    id: 'dropInEnemyCamp',
    shows: 'a gold dropped on 4c, inside the enemy camp; on 4d it is outside',
    sfen: '4k4/9/9/9/9/9/9/9/4K4 b G 1',
    has: 'G*4c',
    lacks: { move: 'G*4d' },
  },
  {
    // After ▲7六歩 △3四歩 the gote bishop's diagonal runs 3c-4d-5e-6f-7g to our bishop;
    // ▲6六歩 cuts it. ▲5六歩 is off the line.
    id: 'blocksMajorLine',
    shows: '▲6六歩 cuts the enemy bishop’s open diagonal; ▲5六歩 is off the line',
    sfen: 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3',
    has: '6g6f',
    lacks: { move: '5g5f' },
  },
  {
    // ▲9六歩: the pawn now bears on 9e and the lance reaches 9g and 9f. ▲8六歩 is off the edge.
    id: 'edgeEffect',
    shows: '▲9六歩 adds effect on the 9-file; ▲8六歩 does not',
    sfen: STARTPOS_SFEN,
    has: '9g9f',
    lacks: { move: '8g8f' },
  },
  {
    // 2d is contested: our pawn on 2e and gote's on 2c both bear on it. ▲3五銀 adds a second
    // effect there; ▲4五銀 goes elsewhere.
    id: 'contestedEffect',
    shows: '▲3五銀 adds a second effect on 2d, where both pawns bear; ▲4五銀 does not',
    sfen: '4k4/9/7p1/9/7P1/6S2/9/9/4K4 b - 1',
    has: '3f3e',
    lacks: { move: '3f4e' },
  },
  {
    id: 'boardMove',
    shows: 'a king step moves a board piece; a gold drop does not',
    sfen: '4k4/9/9/9/9/9/9/9/4K4 b G 1',
    has: '5i4h',
    lacks: { move: 'G*4h' },
  },
  {
    // A gold dropped beside our king adds a defender within two squares; on 1h it is too far.
    id: 'ownKingPieces',
    shows: 'a gold dropped on 4h beside our king adds a defender; on 1h it is too far away',
    sfen: '4k4/9/9/9/9/9/9/9/4K4 b G 1',
    has: 'G*4h',
    lacks: { move: 'G*1h' },
  },
  {
    // ▲6八銀 brings the silver's effects round the king (its square was already within two of
    // it, so the piece count does not change); ▲7八金 takes effects away.
    id: 'ownKingEffects',
    shows: '▲6八銀 adds effects round our king; ▲7八金 does not',
    sfen: STARTPOS_SFEN,
    has: '7i6h',
    lacks: { move: '6i7h' },
  },
  {
    id: 'enemyKingPieces',
    shows: 'a gold dropped on 4c, within two squares of the king on 5a; 4d is outside',
    sfen: '4k4/9/9/9/9/9/9/9/4K4 b G 1',
    has: 'G*4c',
    lacks: { move: 'G*4d' },
  },
  {
    // ▲7六歩 opens our bishop onto 3c, within two squares of the gote king; ▲6六歩 does not.
    id: 'enemyKingEffects',
    shows: '▲7六歩 opens the bishop onto 3c near the enemy king; ▲6六歩 does not',
    sfen: STARTPOS_SFEN,
    has: '7g7f',
    lacks: { move: '6g6f' },
  },
  {
    // Two bare kings in opposite corners: a pawn dropped in the middle touches nothing. Dropped
    // on 9b it checks (and more).
    id: 'other',
    shows: 'a pawn dropped on 5e between two far-away kings touches nothing; on 9b it checks',
    sfen: 'k8/9/9/9/9/9/9/9/8K b P 1',
    has: 'P*5e',
    lacks: { move: 'P*9b' },
  },
];

const byId = (id: PolicyId) => POLICIES[POLICY_IDS.indexOf(id)]!;

describe('move policies, one position each', () => {
  it('has a case for each of the 28 policies, in order', () => {
    expect(CASES.map((c) => c.id)).toEqual([...POLICY_IDS]);
  });

  for (const c of CASES) {
    const p = byId(c.id);
    it(`${p.number} ${p.ja} ${p.en}: ${c.shows}`, () => {
      const has = policiesOf(c.sfen, c.has, c.before);
      expect(policyNumbers(has), c.has).toContain(p.number);
      if (c.lacks) {
        const lacks = policiesOf(c.lacks.sfen ?? c.sfen, c.lacks.move, c.lacks.before);
        expect(policyNumbers(lacks), c.lacks.move).not.toContain(p.number);
      }
    });
  }

  it('28 その他: the quiet pawn drop has nothing else, and the 9b drop is a check', () => {
    const sfen = 'k8/9/9/9/9/9/9/9/8K b P 1';
    expect(policiesOf(sfen, 'P*5e')).toBe(OTHER);
    expect(policiesOf(sfen, 'P*9b') & Policy.check).not.toBe(0);
  });

  it('11 and 12: without a last move, every capture counts as another piece', () => {
    const pos = setup('4k4/9/9/9/6pp1/6PP1/9/9/4K4 b - 1');
    expect(movePolicies(pos, usiMove(pos, '3f3e')) & Policy.capturesOther).not.toBe(0);
    expect(movePolicies(pos, usiMove(pos, '3f3e')) & Policy.capturesLastMoved).toBe(0);
  });

  it('1 and 2 in one push: ▲2四歩 with the rook behind is an exchange, not a thrust', () => {
    const mask = policiesOf(
      'lnsgkgsnl/1r5b1/ppppppppp/9/7P1/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1',
      '2e2d',
    );
    expect(mask & Policy.pawnExchange).not.toBe(0);
    expect(mask & (Policy.pawnThrust | Policy.freeSacrifice | Policy.intoOutnumbered)).toBe(0);
  });
});

/** Random positions of both sides to move, each with the random move that led to it. */
function randomPositions(seed: number, count: number): { pos: Position; previous: Move }[] {
  const rng = makeRng(seed);
  const starts = perftFixtures().map((f) => f.sfen);
  const out: { pos: Position; previous: Move }[] = [];
  for (let i = 0; out.length < count; i++) {
    const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 8 + ((i * 7) % 90), 0.4));
    const moves = legalMoves(pos);
    if (moves.length === 0) continue;
    const previous = pick(rng, moves);
    pos.doMove(previous);
    if (legalMoves(pos).length === 0) continue;
    out.push({ pos, previous });
  }
  return out;
}

describe('the policy table', () => {
  it('numbers the policies 1..28 in POLICY_IDS order, one bit each', () => {
    expect(POLICY_COUNT).toBe(28);
    POLICIES.forEach((p, i) => {
      expect(p.id).toBe(POLICY_IDS[i]);
      expect(p.number).toBe(i + 1);
      expect(Policy[p.id]).toBe(1 << i);
    });
  });

  it('sets other alone or not at all; boardMove, check and promotes agree with the move', () => {
    for (const { pos, previous } of randomPositions(11, 25)) {
      for (const m of legalMoves(pos)) {
        const mask = movePolicies(pos, m, previous);
        const at = `${makeSfen(pos)} ${makeUsiMove(m)}`;
        expect(mask, at).not.toBe(0);
        if (mask & OTHER) expect(mask, at).toBe(OTHER);
        expect((mask & Policy.boardMove) !== 0, at).toBe(!isDrop(m));
        expect((mask & Policy.promotes) !== 0, at).toBe(isPromotion(m));
        pos.doMove(m);
        const check = pos.inCheck();
        pos.undoMove(m);
        expect((mask & Policy.check) !== 0, at).toBe(check);
      }
    }
  });
});

// ---- The slow twin ----

const count = (e: Uint8Array, color: number, sq: number): number => e[color * BOARD_SIZE + sq]!;
/** Rank counted from `color`'s far edge: 1 is the rank where its pieces promote last. */
const farRank = (color: number, sq: number): number => (color === 0 ? rankOf(sq) : 10 - rankOf(sq));
const inEnemyCamp = (color: number, sq: number): boolean => farRank(color, sq) <= 3;
const distance = (a: number, b: number): number =>
  Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));
/** The square `steps` forward of `sq` for `color`, or -1 off the board. */
function forwardOf(color: number, sq: number, steps = 1): number {
  const rank = rankOf(sq) + (color === 0 ? -steps : steps);
  return rank >= 1 && rank <= 9 ? square(fileOf(sq), rank) : -1;
}
const pieceAt = (board: Uint8Array, sq: number): number => (sq < 0 ? 0 : board[sq]!);
const isSide = (p: number, color: number): boolean => p !== 0 && p >> 4 === color;

/** The most `side`'s opponent wins by an exchange on one of `side`'s pieces (kings left out). */
function largestThreatSlow(board: Uint8Array, side: number): number {
  let most = 0;
  for (const sq of SQUARES) {
    const p = board[sq]!;
    if (isSide(p, side) && (p & 15) !== Kind.King) most = Math.max(most, exchangeValue(board, sq));
  }
  return most;
}

const ORTHOGONAL = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
];
const DIAGONAL = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** Does an enemy rook, bishop, dragon or horse slide across the empty `to` onto a square beyond? */
function crossesMajorLineSlow(board: Uint8Array, to: number, them: number): boolean {
  for (const sq of SQUARES) {
    const p = board[sq]!;
    if (!isSide(p, them)) continue;
    const kind = p & 15;
    const lines =
      kind === Kind.Rook || kind === Kind.Dragon
        ? ORTHOGONAL
        : kind === Kind.Bishop || kind === Kind.Horse
          ? DIAGONAL
          : [];
    for (const [df, dr] of lines) {
      let file = fileOf(sq) + df!;
      let rank = rankOf(sq) + dr!;
      while (file >= 1 && file <= 9 && rank >= 1 && rank <= 9) {
        const s = square(file, rank);
        if (s === to) {
          // The line goes on past `to`: a piece there cuts it short.
          const file2 = file + df!;
          const rank2 = rank + dr!;
          if (file2 >= 1 && file2 <= 9 && rank2 >= 1 && rank2 <= 9) return true;
          break;
        }
        if (board[s] !== 0) break;
        file += df!;
        rank += dr!;
      }
    }
  }
  return false;
}

/** Pieces and effects, ours minus theirs, within two squares of `kingColor`'s king (24 近傍). */
function kingBalances(
  board: Uint8Array,
  effects: Uint8Array,
  kingColor: number,
  us: number,
): { pieces: number; effects: number } {
  const king = SQUARES.find((sq) => board[sq] === (Kind.King | (kingColor << 4)));
  if (king === undefined) return { pieces: 0, effects: 0 };
  // The king's own effects are left out.
  const reach = new Set(attacks(board, board[king]!, king));
  const own = (color: number, sq: number) =>
    count(effects, color, sq) - (color === kingColor && reach.has(sq) ? 1 : 0);
  let pieces = 0;
  let balance = 0;
  for (const sq of SQUARES) {
    const d = distance(sq, king);
    if (d === 0 || d > 2) continue;
    const p = board[sq]!;
    if (p !== 0 && (p & 15) !== Kind.King) pieces += isSide(p, us) ? 1 : -1;
    balance += own(us, sq) - own(us ^ 1, sq);
  }
  return { pieces, effects: balance };
}

/** Every policy of `move`, the slow way, from each definition in POLICIES. */
function computeMovePolicies(pos: Position, move: Move, previous: Move): number {
  const us = pos.sideToMove;
  const them = us ^ 1;
  const to = move & 0xff;
  const from = (move >> 8) & 0xff;
  const drop = isDrop(move);
  const promote = isPromotion(move);
  const boardBefore = Uint8Array.from(pos.board);
  const before = computeEffects(boardBefore);
  const kind = drop ? dropKind(move) : boardBefore[from]! & 15;
  const captured = boardBefore[to]!;
  pos.doMove(move);
  const check = pos.inCheck();
  const boardAfter = Uint8Array.from(pos.board);
  pos.undoMove(move);
  const after = computeEffects(boardAfter);
  const theirsOnTo = count(after, them, to);
  const oursOnTo = count(after, us, to);
  const lost = exchangeValue(Uint8Array.from(boardAfter), to);
  const ahead = pieceAt(boardBefore, forwardOf(us, to));
  let f = 0;
  const set = (id: PolicyId, yes: boolean) => {
    if (yes) f |= Policy[id];
  };

  if (kind === Kind.Pawn) {
    set('focusPawn', theirsOnTo >= 2);
    if (!drop && promote) set('pawnPromotionSacrifice', captured === 0 && lost > 0);
    if (!drop && !promote && captured === 0) {
      set('pawnExchange', isSide(ahead, them) && (ahead & 15) === Kind.Pawn && lost === 0);
      set('pawnThrust', theirsOnTo > 0 && lost > 0);
    }
    if (drop) {
      const rank = farRank(us, to);
      set('hangingPawn', rank >= 2 && rank <= 4 && ahead === 0 && lost === 0);
      set('strikingPawn', isSide(ahead, them) && (ahead & 15) !== Kind.Pawn);
      set('matchingPawn', isSide(ahead, them) && (ahead & 15) === Kind.Pawn);
      set('bottomPawn', rank === 9);
      set('tetheredPawn', isSide(ahead, us) && count(after, them, forwardOf(us, to)) > 0);
    }
  }
  set('check', check);
  set('capturesLastMoved', captured !== 0 && previous !== 0 && (previous & 0xff) === to);
  set('capturesOther', captured !== 0 && !(previous !== 0 && (previous & 0xff) === to));
  set('freeSacrifice', captured === 0 && theirsOnTo > 0 && oursOnTo === 0 && kind !== Kind.King);
  set('promotes', promote);
  const moved = boardAfter[to]!;
  const reachesCamp = attacks(boardAfter, moved, to).some(
    (s) => !isSide(boardAfter[s]!, us) && inEnemyCamp(us, s),
  );
  set(
    'promotesNext',
    !promote && kind >= Kind.Pawn && kind <= Kind.Rook && (inEnemyCamp(us, to) || reachesCamp),
  );
  let attacksPiece = false;
  let contested = false;
  for (const sq of SQUARES) {
    if (count(after, us, sq) <= count(before, us, sq)) continue;
    const p = boardAfter[sq]!;
    if (isSide(p, them) && (p & 15) !== Kind.King) attacksPiece = true;
    if (count(before, us, sq) > 0 && count(before, them, sq) > 0) contested = true;
  }
  set('attacksPiece', attacksPiece);
  const threat = largestThreatSlow(boardBefore, us);
  set('savesPiece', threat > 0 && largestThreatSlow(boardAfter, us) < threat);
  set('intoOutnumbered', theirsOnTo > oursOnTo);
  set('dropInEnemyCamp', drop && inEnemyCamp(us, to));
  set('blocksMajorLine', captured === 0 && crossesMajorLineSlow(boardBefore, to, them));
  const edge = (e: Uint8Array) =>
    SQUARES.filter((sq) => fileOf(sq) === 1 || fileOf(sq) === 9).reduce(
      (sum, sq) => sum + count(e, us, sq),
      0,
    );
  set('edgeEffect', edge(after) > edge(before));
  set('contestedEffect', contested);
  set('boardMove', !drop);
  const ownBefore = kingBalances(boardBefore, before, us, us);
  const ownAfter = kingBalances(boardAfter, after, us, us);
  const enemyBefore = kingBalances(boardBefore, before, them, us);
  const enemyAfter = kingBalances(boardAfter, after, them, us);
  set('ownKingPieces', ownAfter.pieces > ownBefore.pieces);
  set('ownKingEffects', ownAfter.effects > ownBefore.effects);
  set('enemyKingPieces', enemyAfter.pieces > enemyBefore.pieces);
  set('enemyKingEffects', enemyAfter.effects > enemyBefore.effects);
  return f === 0 ? OTHER : f;
}

describe('movePolicies against the slow twin', () => {
  it('agrees on every legal move of random positions, and leaves each position as it was', () => {
    const seen = new Set<number>();
    let moves = 0;
    // One context reused position after position, as a search reuses one per ply.
    const context = policyContext(mustParse(STARTPOS_SFEN));
    for (const { pos, previous } of randomPositions(2002, 40)) {
      policyContext(pos, context);
      const state = snapshot(pos);
      const base = pos.effectBase;
      const effects = Array.from(pos.effects.subarray(base, base + EFFECT_STRIDE));
      for (const m of legalMoves(pos)) {
        const got = movePolicies(pos, m, previous, context);
        const want = computeMovePolicies(pos, m, previous);
        if (got !== want)
          expect.fail(
            `${makeSfen(pos)} ${makeUsiMove(m)} after ${makeUsiMove(previous)}: ` +
              `got ${policyNumbers(got).join(',')}; want ${policyNumbers(want).join(',')}`,
          );
        for (const n of policyNumbers(got)) seen.add(n);
        moves++;
      }
      expect(snapshotDifference(snapshot(pos), state)).toBeNull();
      expect(pos.effectBase).toBe(base);
      expect(Array.from(pos.effects.subarray(base, base + EFFECT_STRIDE))).toEqual(effects);
    }
    expect(moves).toBeGreaterThan(2_000);
    expect([...seen].sort((a, b) => a - b)).toEqual(POLICIES.map((p) => p.number));
  });
});

describe('movePolicies leaves the position unchanged', () => {
  it('restores board, hand, key and effects after each move it looks at', () => {
    for (const { pos, previous } of randomPositions(7, 6)) {
      const base = pos.effectBase;
      for (const m of legalMoves(pos)) {
        const state = snapshot(pos);
        const effects = Array.from(pos.effects.subarray(base, base + EFFECT_STRIDE));
        movePolicies(pos, m, previous);
        const at = `${makeSfen(pos)} ${makeUsiMove(m)}`;
        expect(snapshotDifference(snapshot(pos), state), at).toBeNull();
        expect(pos.effectBase, at).toBe(base);
        expect(Array.from(pos.effects.subarray(base, base + EFFECT_STRIDE)), at).toEqual(effects);
        expect(pos.checkInvariants(), at).toBeNull();
      }
    }
  });
});
