/** The in-page match's words and replay positions. */
import { describe, expect, it } from 'vitest';
import { matchStats } from '../../src/engine/lab/elo';
import type { MatchTally } from '../../src/engine/lab/match';
import { makeSfen } from '../../src/engine/index';
import { formatPoints } from '../../src/components/lab/format';
import {
  matchOpenings,
  positionAt,
  resultSentence,
} from '../../src/components/widgets/lab/match-model';

const tally = (
  counts: [number, number, number, number, number],
  wins: number,
  draws: number,
  losses: number,
): MatchTally => ({
  games: wins + draws + losses,
  wins,
  draws,
  losses,
  pentanomial: { counts },
  unpaired: 0,
  stats: matchStats({ counts }),
  sprt: null,
  ends: {},
  moves: 0,
  kingMoveShare: { all: null, a: null, b: null },
  gameLength: null,
});

describe('the match widget’s words', () => {
  it('writes points, the games and the interval, and says when few games leave it open', () => {
    expect(formatPoints(5.5)).toBe('5½');
    expect(formatPoints(0.5)).toBe('½');
    const few = resultSentence(tally([0, 1, 1, 1, 0], 3, 0, 3));
    expect(few).toMatch(
      /^A scored 3 of 6 \(3 wins, 0 draws, 3 losses\): Elo 0, 95 % interval −\d+ to \+\d+\./,
    );
    expect(few).toMatch(/leave the difference open/);
    const many = resultSentence(tally([20, 60, 90, 60, 20], 160, 180, 160));
    expect(many).not.toMatch(/open/);
    expect(resultSentence(tally([0, 0, 0, 0, 1], 2, 0, 0))).toMatch(/to \+∞/);
  });

  it('replays a game to any ply', () => {
    const start = positionAt('startpos', ['7g7f', '3c3d'], 0);
    const two = positionAt('startpos', ['7g7f', '3c3d'], 2);
    expect(start && makeSfen(start.position)).toBe(
      'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    );
    expect(two?.lastMove).toBeDefined();
    expect(two && makeSfen(two.position)).toBe(
      'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3',
    );
    expect(positionAt('startpos', ['7g7f', '9z9z'], 2)).toBeNull();
    expect(matchOpenings(3)).toHaveLength(3);
  });
});
