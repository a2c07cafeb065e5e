/**
 * Parse a position from SFEN and list its legal moves in USI, board moves and drops apart.
 *
 *   npx tsx examples/legal-moves.ts             # the position below
 *   npx tsx examples/legal-moves.ts '<sfen>'    # any position, or 'startpos'
 */
import { isDrop, legalMoves, makeUsiMove, parseSfen } from '../src/engine/library';

// Gote's rook on 5c checks sente's king: step away, block with the silver, or drop the gold.
const IN_CHECK = '3gkg3/9/4r4/9/9/9/9/3S5/4K4 b G 1';

// Parsing can fail (an SFEN is text from outside), so it returns a Result instead of throwing:
// look at `ok` before touching `value`.
const parsed = parseSfen(process.argv[2] ?? IN_CHECK);
if (!parsed.ok) {
  console.error(`not a position: ${parsed.error}`);
  process.exit(2);
}
const pos = parsed.value;

// Moves are packed numbers, fast to make and compare; USI text is for people and other programs.
const moves = legalMoves(pos);
const boardMoves = moves.filter((m) => !isDrop(m));
const drops = moves.filter(isDrop);
const usi = (list: number[]): string => list.map(makeUsiMove).join(' ') || '-';

console.log(`${moves.length} legal moves (${pos.inCheck() ? 'in check' : 'not in check'})`);
console.log(`board moves (${boardMoves.length}): ${usi(boardMoves)}`);
console.log(`drops (${drops.length}): ${usi(drops)}`);

// A malformed SFEN gives a message naming what is wrong, not an exception.
const broken = parseSfen('4k4/9/9 b - 1');
console.log(`'4k4/9/9 b - 1': ${broken.ok ? 'parsed' : broken.error}`);
