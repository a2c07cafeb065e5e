/**
 * The openings a match starts its games from: varied, and level enough that neither side starts
 * ahead. The engine makes them itself (`npm run make:openings` writes src/data/openings.json):
 * from the start position it plays a random number of uniformly random legal moves, then keeps the
 * position only if a search scores it near level and no earlier opening reached it. Each opening is
 * played twice in a match, once with each engine as sente, so what is left of an imbalance cancels.
 */
import { legalMoves } from '../movegen';
import { makeUsiMove } from '../notation';
import { Position } from '../position';
import { Searcher } from '../search/iterate';
import { makeRandom } from './random';

/** How openings are made: the numbers in the rule that src/data/openings.json states. */
export interface OpeningRule {
  /** Random plies from the start position, uniformly in [minPlies, maxPlies]. */
  minPlies: number;
  maxPlies: number;
  /** Depth of the search that judges the position (default options). */
  depth: number;
  /** Kept when the search's score is within ±maxScore (a pawn is 90). */
  maxScore: number;
}

// #region opening-rule
/**
 * Eight to fourteen random plies leave the camps mostly in place but vary the pawns, the king and
 * the first pieces out; a depth-4 search within a pawn and a half of level (±135) throws out the
 * positions where a random move hung a piece.
 */
export const OPENING_RULE: Readonly<OpeningRule> = {
  minPlies: 8,
  maxPlies: 14,
  depth: 4,
  maxScore: 135,
};
// #endregion

export interface Opening {
  id: string;
  /** The moves from the start position, in USI. */
  moves: string[];
  /** The judging search's score, for the side to move. */
  score: number;
}

/** The position an opening starts from, as a USI position argument. */
export const openingPosition = (o: Opening): string =>
  o.moves.length === 0 ? 'startpos' : `startpos moves ${o.moves.join(' ')}`;

/** Up to `plies` uniformly random legal plies from the start position (fewer if a side has no move). */
export function randomPlies(
  random: () => number,
  plies: number,
): { pos: Position; moves: string[] } {
  const pos = Position.startpos();
  const moves: string[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = legalMoves(pos);
    if (legal.length === 0) break;
    const m = legal[Math.floor(random() * legal.length)]!;
    pos.doMove(m);
    moves.push(makeUsiMove(m));
  }
  return { pos, moves };
}

/**
 * `count` openings by `rule`, from `seed`. `onProgress` hears of each candidate (kept or not).
 * Deterministic: the same seed and rule give the same openings.
 */
export function makeOpenings(
  seed: number,
  count: number,
  rule: OpeningRule = OPENING_RULE,
  onProgress?: (kept: number, tried: number) => void,
): Opening[] {
  const random = makeRandom(seed);
  const judge = new Searcher();
  const seen = new Set<string>();
  const out: Opening[] = [];
  let tried = 0;
  while (out.length < count) {
    tried++;
    const plies = rule.minPlies + Math.floor(random() * (rule.maxPlies - rule.minPlies + 1));
    const { pos, moves } = randomPlies(random, plies);
    const key = pos.keyHex();
    if (moves.length === plies && !seen.has(key) && legalMoves(pos).length > 0) {
      judge.clear();
      const { value } = judge.search(pos.clone(), { depth: rule.depth });
      if (Math.abs(value) <= rule.maxScore) {
        seen.add(key);
        out.push({ id: `o${String(out.length + 1).padStart(3, '0')}`, moves, score: value });
      }
    }
    onProgress?.(out.length, tried);
  }
  return out;
}
