/**
 * Look for a perpetual-check example for chapter 8 (end-of-game.mdx, "Repetition and perpetual
 * check"): sente is behind on material and can check gote's cornered king with a dragon, the
 * king having one legal move after each check, so the checks can repeat for ever. In chess that
 * would save the game; in shogi the side that checked with every move of the cycle loses.
 *
 *   npx tsx scripts/find-repetition-example.ts [--depths 4,5,6] [--samples 2000] [--seed 8]
 *
 * The core is fixed: gote's king on 1a behind pawns on 1c and 2c, sente's dragon on 3b, and the
 * cycle 3b3a+ 1a1b 3a3b+ 1b1a. Around it the script places sente's king low on the board and gote's
 * rook, bishop and gold (sometimes a silver, and a gold for sente) on seeded random squares of
 * files 4 to 9, and keeps a candidate when
 *
 *   - every check of the cycle leaves gote exactly one legal move (the perpetual is forced),
 *   - the game so far is the cycle played two and a half times, so that the check 3a3b+ and the
 *     forced 1b1a put the set-up position on the board for the fourth time, which `repetition()`
 *     calls a loss for sente,
 *   - at every depth of `--depths` the search with default options plays another move, scores
 *     3a3b+ alone (`searchMoves`) as −RULE_WIN and every other root move above it, and
 *   - sente's best value is clearly negative but not a mate, so a draw (0) would be better: a
 *     search that scored the perpetual as a plain draw would play the check.
 *
 * Each candidate is printed as one JSON line, with the search's move, value, nodes and line at
 * each depth and whether its move gives check. The chapter's position is the 20th candidate with
 * the defaults, 4b3k/g5+R2/7pp/4r4/9/9/9/3K5/9: eight pieces, the same move (6h6g, a king step,
 * not a check) at depths 4, 5 and 6. test/engine/search/repetition-example.test.ts pins it.
 */
import { readArgs } from './lib/cli';
import {
  legalMoves,
  makeUsiMove,
  parsePositionCommand,
  parseUsiMove,
  type Position,
  repetition,
  Repetition,
} from '../src/engine/index';
import { RULE_WIN, Searcher } from '../src/engine/search/index';

const { values } = readArgs('find-repetition-example', {
  options: {
    depths: { type: 'string', default: '4,5,6', value: 'N,N,…' },
    budget: { type: 'string', default: '400000' },
    limit: { type: 'string', default: '20' },
    samples: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '8' },
  },
});
const depths = values.depths.split(',').map(Number);
const budget = Number(values.budget);
const limit = Number(values.limit);
const samples = Number(values.samples);

/** The cycle: two checks by the dragon, each answered by the king's one legal move. */
const CYCLE = ['3b3a', '1a1b', '3a3b', '1b1a'] as const;
/** The game so far: the cycle twice, then its first half (ten plies). */
const HISTORY = [...CYCLE, ...CYCLE, CYCLE[0], CYCLE[1]];
/** The move that would make the fourth occurrence (with gote's forced reply). */
const CHECK = CYCLE[2];

type Board = Map<string, string>; // square ("1a") → SFEN piece letter

function boardSfen(board: Board, hands = '-'): string {
  const ranks: string[] = [];
  for (const rank of 'abcdefghi') {
    let row = '';
    let empty = 0;
    for (let file = 9; file >= 1; file--) {
      const piece = board.get(`${file}${rank}`);
      if (piece === undefined) empty++;
      else {
        if (empty > 0) row += String(empty);
        empty = 0;
        row += piece;
      }
    }
    if (empty > 0) row += String(empty);
    ranks.push(row);
  }
  return `${ranks.join('/')} b ${hands} 1`;
}

function parse(command: string): Position | null {
  const r = parsePositionCommand(command);
  return r.ok ? r.value : null;
}

function play(pos: Position, usi: string): boolean {
  const m = parseUsiMove(pos, usi);
  if (!m.ok || !legalMoves(pos).includes(m.value)) return false;
  pos.doMove(m.value);
  return true;
}

/** Does the cycle work from `setup`: every sente move checks, every gote reply is forced? */
function cycleIsForced(setup: string): boolean {
  const pos = parse(`sfen ${setup}`);
  if (pos === null) return false;
  for (let i = 0; i < CYCLE.length; i++) {
    if (!play(pos, CYCLE[i]!)) return false;
    if (i % 2 === 0 && (!pos.inCheck() || legalMoves(pos).length !== 1)) return false;
  }
  return true;
}

interface Reading {
  depth: number;
  bestMove: string;
  value: number;
  nodes: number;
  pv: string[];
  /** The check's own value (`searchMoves`): −RULE_WIN, the rule's loss. */
  checkValue: number;
  /** The lowest value of any other root move, each searched alone: above −RULE_WIN. */
  worstOther: number;
  /** Does the search's own move give check (a reader might take it for the perpetual)? */
  bestChecks: boolean;
}

interface Candidate {
  position: string;
  pieces: number;
  readings: Reading[];
}

function read(command: string, d: number, root: Position): Reading | null {
  const r = new Searcher().search(parse(command)!, { depth: d, nodes: budget });
  if (r.stopped || r.bestMove === null || r.bestMove === CHECK) return null;
  // Clearly lost on material, but not mated: a draw (0) would be better for sente.
  if (!(r.value < -300 && r.value > -RULE_WIN)) return null;
  let checkValue = 0;
  let worstOther = Infinity;
  let bestChecks = false;
  for (const m of legalMoves(root)) {
    if (makeUsiMove(m) === r.bestMove) {
      root.doMove(m);
      bestChecks = root.inCheck();
      root.undoMove(m);
    }
    const one = new Searcher().search(parse(command)!, {
      depth: d,
      nodes: budget,
      searchMoves: [m],
    });
    if (one.stopped) return null;
    if (makeUsiMove(m) === CHECK) checkValue = one.value;
    else worstOther = Math.min(worstOther, one.value);
  }
  if (checkValue !== -RULE_WIN || worstOther <= -RULE_WIN) return null;
  return {
    depth: d,
    bestMove: r.bestMove,
    value: r.value,
    nodes: r.nodes,
    pv: r.pv,
    checkValue,
    worstOther,
    bestChecks,
  };
}

function examine(setup: string): Candidate | null {
  if (!cycleIsForced(setup)) return null;
  const command = `sfen ${setup} moves ${HISTORY.join(' ')}`;
  const root = parse(command);
  if (root === null || root.inCheck()) return null;
  // The real rule: the check and the forced reply make the fourth occurrence of the set-up.
  const after = parse(command)!;
  if (!play(after, CHECK) || !play(after, CYCLE[3])) return null;
  if (repetition(after) !== Repetition.Loss) return null;
  const readings: Reading[] = [];
  for (const d of depths) {
    const reading = read(command, d, root);
    if (reading === null) return null;
    readings.push(reading);
  }
  return {
    position: command,
    pieces: setup.replace(/ .*/, '').replace(/[^A-Za-z]/g, '').length,
    readings,
  };
}

// The fixed core, and seeded random squares for the rest: sente's king low on the board, gote's
// rook, bishop and gold (and a silver, for some) on files 4 to 9, where they cannot reach 2a, 2b,
// 3a or 3b in one move if the cycle is to stay forced.
const CORE: [string, string][] = [
  ['1a', 'k'],
  ['1c', 'p'],
  ['2c', 'p'],
  ['3b', '+R'],
];
let state = Number(values.seed) >>> 0;
const random = (n: number): number => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return (state >>> 8) % n;
};
const square = (files: number[], ranks: string): string =>
  `${files[random(files.length)]}${ranks[random(ranks.length)]}`;
const LEFT = [4, 5, 6, 7, 8, 9];

const found: Candidate[] = [];
const seen = new Set<string>();
for (let trial = 0; trial < samples && found.length < limit; trial++) {
  const board: Board = new Map(CORE);
  const place = (sq: string, p: string): boolean => {
    if (board.has(sq)) return false;
    board.set(sq, p);
    return true;
  };
  const pieces: [string, string][] = [
    [square(LEFT, 'ghi'), 'K'],
    [square(LEFT, 'abcdefgh'), 'r'],
    [square(LEFT, 'abcdefgh'), 'b'],
    [square(LEFT, 'abcdefgh'), 'g'],
  ];
  if (random(2) === 0) pieces.push([square(LEFT, 'abcdefgh'), 's']);
  if (random(2) === 0) pieces.push([square(LEFT, 'ghi'), 'G']);
  if (!pieces.every(([sq, p]) => place(sq, p))) continue;
  const setup = boardSfen(board);
  if (seen.has(setup)) continue;
  seen.add(setup);
  const c = examine(setup);
  if (c === null) continue;
  found.push(c);
  console.log(JSON.stringify(c));
}

console.error(
  `${found.length} candidates at depths ${depths.join(', ')} from ${seen.size} positions`,
);
