/**
 * The positions the perft benchmark runs, with their depths. SFENs and expected counts come from
 * test/fixtures/perft.json, which records where each count was published.
 */
import fixtures from '../test/fixtures/perft.json' with { type: 'json' };

export interface BenchPosition {
  /** The fixture's name. */
  readonly name: string;
  readonly sfen: string;
  /** Depth for the fast engines (ours, Fairy-Stockfish): a few seconds per run. */
  readonly depth: number;
  /** Depth for tsshogi and shogiops, which are 5–25× slower; ours also runs it for the ratio. */
  readonly peerDepth: number;
  /** Published leaf counts; expected[d - 1] is perft(d). */
  readonly expected: readonly number[];
}

const CHOSEN = [
  // The opening: few captures, no drops until pieces are traded. perft(5) = 19,861,490.
  { name: 'startpos', depth: 5, peerDepth: 4 },
  // 指し手生成祭り: a move-generator stress test with 207 moves, drops and promotions everywhere.
  { name: 'matsuri', depth: 3, peerDepth: 3 },
  // A real late middlegame (YaneuraOu's bench set): dragons on both sides, pieces in hand.
  { name: 'late-middlegame', depth: 3, peerDepth: 3 },
] as const;

export function benchPositions(): BenchPosition[] {
  return CHOSEN.map(({ name, depth, peerDepth }) => {
    const fixture = fixtures.positions.find((p) => p.name === name);
    if (fixture === undefined)
      throw new Error(`test/fixtures/perft.json has no position "${name}"`);
    return { name, sfen: fixture.sfen, depth, peerDepth, expected: fixture.perft };
  });
}
