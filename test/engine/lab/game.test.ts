/**
 * Games and match plans: a game ends as the rules say, records that replay legally, adjudication
 * as stated, and determinism — the same setup at fixed nodes plays the same game, and a match's
 * shards together are exactly the whole match's games.
 */
import { describe, expect, it } from 'vitest';
import {
  adjudicate,
  endByRules,
  GameEnd,
  gameSteps,
  goCommand,
  type GameRecord,
  type GameRules,
  type GameSetup,
  type MoveReply,
  type MoveRequest,
  playGame,
  playGameWith,
  PlayerEnd,
  Searcher,
  searcherPlayer,
  usiPosition,
} from '../../../src/engine/lab/game';
import {
  planGames,
  tallyMatch,
  type MatchGame,
  type MatchSettings,
} from '../../../src/engine/lab/match';
import { makeOpenings } from '../../../src/engine/lab/openings';
import { parsePlayer } from '../../../src/engine/lab/presets';
import {
  legalMoves,
  makeUsiMove,
  parsePositionCommand,
  parseUsiMove,
  repetition,
  Repetition,
} from '../../../src/engine/index';
import { resolveOptions, type SearchOptions } from '../../../src/engine/search/options';
import { parseGo } from '../../../src/engine/usi/time';

const options = (change: Partial<SearchOptions>): SearchOptions => {
  const r = resolveOptions(change);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

const setup = (opening: string, change: Partial<SearchOptions> = {}): GameSetup => ({
  opening,
  sente: options({ contempt: 50, ...change }),
  gote: options({ contempt: 50 }),
  limits: { nodes: 3000 },
  clock: null,
  maxPlies: 200,
  adjudication: null,
});

const play = (s: GameSetup): GameRecord =>
  playGame(s, { sente: new Searcher(), gote: new Searcher() });

/** Replay a record move by move; every move must be legal, and the end must be what it says. */
function replay(record: GameRecord): void {
  const start = parsePositionCommand(record.opening);
  if (!start.ok) throw new Error(start.error);
  const pos = start.value;
  for (const [i, text] of record.moves.entries()) {
    const m = parseUsiMove(pos, text);
    if (!m.ok) throw new Error(`move ${i + 1} ${text}: ${m.error}`);
    pos.doMove(m.value);
  }
  const end = endByRules(pos, record.moves.length, Infinity);
  switch (record.end) {
    case GameEnd.Mate:
      expect(pos.inCheck()).toBe(true);
      expect(legalMoves(pos)).toHaveLength(0);
      break;
    case GameEnd.Repetition:
      expect(repetition(pos)).toBe(Repetition.Draw);
      break;
    case GameEnd.MaxPlies:
      expect(end).toBeNull();
      break;
    default:
      expect(end?.end ?? record.end).toBe(record.end);
  }
}

describe('a game', () => {
  it('plays the same moves from the same setup at fixed nodes', () => {
    const s = setup('startpos moves 7g7f 3c3d', { nullMove: true });
    const first = play(s);
    const again = play(s);
    expect(again.moves).toEqual(first.moves);
    expect(again.result).toBe(first.result);
    expect(first.moves.length).toBeGreaterThan(10);
  });

  it('records moves that replay legally to the end it reports', () => {
    for (const opening of ['startpos moves 7g7f 3c3d 8h2b+ 3a2b', 'startpos moves 2g2f 8c8d']) {
      const record = play(setup(opening));
      expect(record.scores).toHaveLength(record.moves.length);
      replay(record);
    }
  });

  it('ends at once on a position the rules decide', () => {
    // Gote is mated before it moves: sente's gold on 5b, supported by the pawn on 5c.
    const mated = play(setup('sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1'));
    expect([mated.result, mated.end, mated.moves.length]).toEqual(['sente', GameEnd.Mate, 0]);
    // Sente can declare (入玉宣言) and does.
    const declared = play(setup('sfen RRBBGGSS1/PPPP5/4K4/9/9/9/9/9/4k4 b - 1'));
    expect([declared.result, declared.end]).toEqual(['sente', GameEnd.Declaration]);
  });

  it('calls a game at the maximum length a draw', () => {
    const record = play({ ...setup('startpos'), maxPlies: 6 });
    expect([record.result, record.end, record.moves.length]).toEqual(['draw', GameEnd.MaxPlies, 6]);
  });

  it('adjudicates when both sides agree for the stated plies, and not before', () => {
    const rule = { score: 2000, plies: 4 };
    // Sente's scores +2500 and gote's −2400 on alternate plies: gote resigns after the 4th.
    expect(adjudicate([2500, -2400, 2600], 0, rule)).toBeNull();
    expect(adjudicate([2500, -2400, 2600, -2500], 1, rule)).toBe(1);
    // Gote thinks it is fine: no resignation.
    expect(adjudicate([2500, -2400, 2600, 100], 1, rule)).toBeNull();
    // Sente lost: sente resigns (its own score −3000, gote's +3000).
    expect(adjudicate([-3000, 3000, -3100, 3200], 1, rule)).toBe(0);
  });
});

/** A player that answers from a script: each reply in turn, then the first legal move. */
function scripted(replies: Partial<MoveReply>[]) {
  const asked: MoveRequest[] = [];
  return {
    asked,
    move(request: MoveRequest): MoveReply {
      asked.push({ ...request, go: { ...request.go } });
      const first = makeUsiMove(legalMoves(request.position)[0]!);
      const reply = replies.shift() ?? {};
      return { kind: 'move', move: first, score: 0, timeMs: 1, ...reply } as MoveReply;
    },
  };
}

describe('a game with players that can fail', () => {
  const rules = (clock: GameRules['clock'] = null): GameRules => ({
    opening: 'startpos moves 7g7f',
    limits: { nodes: 500 },
    clock,
    maxPlies: 6,
    adjudication: null,
  });
  const searcher = () => searcherPlayer(new Searcher(options({ contempt: 50 })));

  it('asks with the game so far as USI position and the limits as USI go', () => {
    const gote = scripted([]);
    const record = playGameSync(rules({ baseMs: 0, incMs: 0, byoyomiMs: 1000 }), searcher(), gote);
    expect(record.moves).toHaveLength(6);
    // Gote moves first after the opening's 7g7f.
    expect(gote.asked[0]!.usiPosition).toBe('startpos moves 7g7f');
    expect(gote.asked[1]!.usiPosition).toBe(
      `startpos moves 7g7f ${record.moves.slice(0, 2).join(' ')}`,
    );
    expect(goCommand(gote.asked[0]!.go)).toBe('go btime 0 wtime 0 byoyomi 1000 nodes 500');
    expect(record.moveTimesMs).toHaveLength(6);
  });

  it('loses on time past the main time left plus the byoyomi, and not before', () => {
    const clock = { baseMs: 100, incMs: 0, byoyomiMs: 50 };
    const inTime = playGameSync(rules(clock), searcher(), scripted([{ timeMs: 149 }]));
    expect(inTime.end).toBe(GameEnd.MaxPlies);
    const late = playGameSync(rules(clock), searcher(), scripted([{ timeMs: 80 }, { timeMs: 71 }]));
    expect([late.result, late.end, late.moves.length]).toEqual(['sente', GameEnd.Time, 2]);
    expect(late.fault).toEqual({
      side: 'gote',
      message: 'the move took 71.0 ms with 20 ms left and a byoyomi of 50 ms',
    });
  });

  it('adds the increment after the move, as USI binc and winc say', () => {
    const gote = scripted([{ timeMs: 900 }, { timeMs: 550 }]);
    const record = playGameSync(
      rules({ baseMs: 1000, incMs: 500, byoyomiMs: 0 }),
      searcher(),
      gote,
    );
    expect(record.end).toBe(GameEnd.MaxPlies);
    expect(gote.asked.map((r) => r.go.wtime)).toEqual([1000, 600, 550]);
    expect(goCommand(gote.asked[0]!.go)).toBe(
      'go btime 1000 wtime 1000 binc 500 winc 500 nodes 500',
    );
  });

  it('ends the game as a loss for a player that resigns, fails or plays an illegal move', () => {
    const ending = (reply: Partial<MoveReply>) =>
      playGameSync(rules(), searcher(), scripted([{}, reply]));
    expect(ending({ move: 'resign' })).toMatchObject({ result: 'sente', end: PlayerEnd.Resign });
    const illegal = ending({ move: '9i9h' });
    expect(illegal).toMatchObject({ result: 'sente', end: PlayerEnd.IllegalMove });
    expect(illegal.fault?.message).toMatch(
      /^bestmove 9i9h is not legal here \(that piece belongs to the other side\)/,
    );
    expect(ending({ move: 'xyzzy' }).fault?.message).toMatch(/"xyzzy" is not a USI move/);
    expect(ending({ move: 'win' }).fault?.message).toMatch(/declared a win/);
    const crash = ending({ kind: 'failure', end: PlayerEnd.Crash, message: 'it died' });
    expect(crash).toMatchObject({ result: 'sente', end: PlayerEnd.Crash, moves: { length: 2 } });
    expect(crash.fault).toEqual({ side: 'gote', message: 'it died' });
  });

  it('adjudicates on the scores players report, a missing one breaking the run', async () => {
    const adjudicated = { ...rules(), maxPlies: 40, adjudication: { score: 2000, plies: 4 } };
    const losing = scripted(Array.from({ length: 20 }, () => ({ score: -3000 })));
    const winning = scripted(Array.from({ length: 20 }, () => ({ score: 3000 })));
    const record = await playGameWith(adjudicated, { sente: losing, gote: winning });
    expect([record.result, record.end, record.moves.length]).toEqual([
      'gote',
      GameEnd.Adjudication,
      4,
    ]);
    const silent = scripted(Array.from({ length: 20 }, () => ({ score: null })));
    const unsure = await playGameWith(adjudicated, { sente: silent, gote: winning });
    expect(unsure.end).not.toBe(GameEnd.Adjudication);
  });

  it('writes go commands that the engine’s own parser reads back', () => {
    const go = { ponder: false, infinite: false, btime: 0, wtime: 300, byoyomi: 1000, depth: 3 };
    expect(parseGo(goCommand(go))).toEqual({ go, warnings: [] });
    expect(usiPosition('startpos', [])).toBe('startpos');
    expect(usiPosition('sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1', ['G*5b'])).toBe(
      'sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b',
    );
  });
});

/** Drive the game with two players that answer at once. */
function playGameSync(
  rules: GameRules,
  sente: { move(r: MoveRequest): MoveReply },
  gote: { move(r: MoveRequest): MoveReply },
): GameRecord {
  const game = gameSteps(rules);
  let step = game.next();
  while (!step.done) step = game.next((step.value.side === 0 ? sente : gote).move(step.value));
  return step.value;
}

describe('a match plan', () => {
  const openings = makeOpenings(7, 6);
  const settings = (shard: MatchSettings['shard'] = null): MatchSettings => {
    const a = parsePlayer('null');
    const b = parsePlayer('plain');
    if (!a.ok || !b.ok) throw new Error('presets');
    return {
      a: { name: a.value.name, label: a.value.label, change: a.value.change },
      b: { name: b.value.name, label: b.value.label, change: b.value.change },
      games: 12,
      seed: 3,
      limits: { nodes: 500 },
      clock: null,
      maxPlies: 40,
      adjudication: null,
      contempt: 50,
      sprt: null,
      shard,
    };
  };

  it('plays each opening twice, A as sente first, in an order fixed by the seed', () => {
    const plan = planGames(openings, settings());
    expect(plan).toHaveLength(12);
    expect(plan.map((g) => g.aIsSente)).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 0));
    for (let i = 0; i < 12; i += 2) expect(plan[i]!.opening).toBe(plan[i + 1]!.opening);
    expect(planGames(openings, settings()).map((g) => g.opening.id)).toEqual(
      plan.map((g) => g.opening.id),
    );
    expect(planGames(openings, { ...settings(), seed: 4 }).map((g) => g.opening.id)).not.toEqual(
      plan.map((g) => g.opening.id),
    );
  });

  it('splits into shards that together are the whole match, pairs kept whole', () => {
    const whole = planGames(openings, settings()).map((g) => g.id);
    const parts = [1, 2, 3].flatMap((index) =>
      planGames(openings, settings({ index, count: 3 })).map((g) => g.id),
    );
    expect(parts.sort((x, y) => x - y)).toEqual(whole);
  });

  it('tallies pairs into the pentanomial, and an unfinished pair apart', () => {
    const game = (id: number, aScore: number): MatchGame => ({
      id,
      pair: Math.floor(id / 2),
      openingId: 'o',
      aIsSente: id % 2 === 0,
      aScore,
      opening: 'startpos',
      moves: [],
      result: 'draw',
      end: GameEnd.Repetition,
      scores: [],
      timeMs: { sente: 0, gote: 0 },
    });
    const t = tallyMatch([game(0, 1), game(1, 1), game(2, 0.5), game(3, 0), game(4, 1)]);
    expect([t.wins, t.draws, t.losses, t.unpaired]).toEqual([3, 1, 1, 1]);
    expect(t.pentanomial.counts).toEqual([0, 1, 0, 0, 1]);
  });

  /** A drawn game of a match, A sente in game 0, with each move's time when given. */
  const game = (id: number, opening: string, moves: string[], times: number[] = []): MatchGame => {
    const sum = (first: boolean) =>
      times.filter((_, i) => (i % 2 === 0) === first).reduce((a, b) => a + b, 0);
    // The side to move after the opening plays moves[0]: sente after startpos.
    const senteFirst = opening === 'startpos';
    return {
      id,
      pair: 0,
      openingId: 'o',
      aIsSente: id === 0,
      aScore: 0.5,
      opening,
      moves,
      result: 'draw',
      end: GameEnd.MaxPlies,
      scores: [],
      timeMs: { sente: sum(senteFirst), gote: sum(!senteFirst) },
      ...(times.length > 0 ? { moveTimesMs: times } : {}),
    };
  };

  it('counts king moves by the side that played them, and the games’ lengths', () => {
    // Game 0, A sente: A plays 5i5h (king) and 7g7f; B plays 5a5b (king) and 3c3d.
    // Game 1, A gote, from a position where gote moves first: A plays 5a4b (king), B 2g2f.
    const t = tallyMatch([
      game(0, 'startpos', ['5i5h', '5a5b', '7g7f', '3c3d']),
      game(1, 'startpos moves 7g7f', ['5a4b', '2g2f']),
    ]);
    expect(t.moves).toBe(6);
    expect(t.kingMoveShare).toEqual({ all: 0.5, a: 0.6667, b: 0.3333 });
    expect(t.gameLength).toEqual({ mean: 3, median: 3 });
    // A move that does not replay ends the count of its game there.
    const broken = tallyMatch([game(0, 'startpos', ['5i5h', '9z9z', '7g7f'])]);
    expect([broken.moves, broken.kingMoveShare.all]).toEqual([1, 1]);
    expect(tallyMatch([]).kingMoveShare).toEqual({ all: null, a: null, b: null });
    expect(tallyMatch([]).gameLength).toBeNull();
  });

  it('adds up the thinking time each side used, a move’s by the side that played it', () => {
    // Game 0, A sente, sente first: A 1000 + 3000, B 2000 + 500.
    // Game 1, A gote from a position with gote to move: A plays first, 400; B 600.
    const t = tallyMatch([
      game(0, 'startpos', ['7g7f', '3c3d', '2g2f', '8c8d'], [1000, 2000, 3000, 500]),
      game(1, 'startpos moves 7g7f', ['3c3d', '2g2f'], [400, 600]),
    ]);
    expect(t.timeUsed).toEqual({
      a: { perGame: (4000 + 400) / 2 / 1000, perMove: 1.467, longestMove: 3 },
      b: { perGame: (2500 + 600) / 2 / 1000, perMove: 1.033, longestMove: 2 },
    });
    expect(tallyMatch([]).timeUsed).toEqual({ a: null, b: null });
  });
});
