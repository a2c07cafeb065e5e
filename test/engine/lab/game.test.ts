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
  type GameRecord,
  type GameSetup,
  playGame,
  Searcher,
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
  parsePositionCommand,
  parseUsiMove,
  repetition,
  Repetition,
} from '../../../src/engine/index';
import { resolveOptions, type SearchOptions } from '../../../src/engine/search/options';

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
});
