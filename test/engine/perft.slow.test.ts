/**
 * The deep published perft counts: startpos depth 5 (19,861,490), matsuri depth 3 (4,809,015)
 * and the others past each fixture's fastDepth. Slow (tens of seconds) but part of `npm test`:
 * these are the counts that catch the rare bugs, such as a wrong drop-pawn-mate test five plies
 * down. Run alone with `npx vitest run test/engine/perft.slow.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { perft } from '../../src/engine/index';
import { explainPerftMismatch, mustParse, perftFixtures, timed } from './helpers';

const SLOW_TIMEOUT_MS = 600_000;

describe('perft matches the fixture counts at depth (slow)', () => {
  for (const fixture of perftFixtures()) {
    fixture.perft.slice(fixture.fastDepth).forEach((expected, i) => {
      const depth = fixture.fastDepth + i + 1;
      it(
        `${fixture.name}: counts ${expected} leaves at depth ${depth} (leaf and bulk)`,
        () => {
          for (const bulk of [true, false]) {
            const { value: nodes, ms } = timed(() =>
              perft(mustParse(fixture.sfen), depth, { bulk }),
            );
            console.log(
              `${fixture.name} perft ${depth} ${bulk ? 'bulk' : 'leaf'}: ${nodes} in ${Math.round(ms)} ms`,
            );
            if (nodes !== expected) {
              expect.fail(
                `perft ${depth} (${bulk ? 'bulk' : 'leaf'}) = ${nodes}, fixture says ${expected}\n` +
                  explainPerftMismatch(fixture.sfen, depth),
              );
            }
          }
        },
        SLOW_TIMEOUT_MS,
      );
    });
  }
});
