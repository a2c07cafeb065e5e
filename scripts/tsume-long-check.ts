/**
 * Check test/fixtures/tsume-long.json without solving anything: every SFEN parses (parseSfen also
 * rejects a position whose side not to move is in check), every source key exists, and every
 * answer the source gives is legal move by move, checks with each attacking move, ends in a
 * mate (in check, no legal reply) and is `plies` long. An `answerPrefix` is only played through.
 *
 *   npx tsx scripts/tsume-long-check.ts [path/to/tsume-long.json]
 *
 * Prints one line per problem that fails and a count per length; exits 1 on any failure.
 */
import { readFileSync } from 'node:fs';
import { givesCheck } from '../src/engine/move-check';
import { legalMoves } from '../src/engine/movegen';
import { parseUsiMove } from '../src/engine/notation';
import { parseSfen } from '../src/engine/sfen';

interface Problem {
  id: string;
  sfen: string;
  plies: number;
  source: string;
  answer?: string[];
  alternativeAnswers?: string[][];
  answerPrefix?: string[];
}

const path = process.argv[2] ?? 'test/fixtures/tsume-long.json';
const fixture = JSON.parse(readFileSync(path, 'utf8')) as {
  sources: Record<string, unknown>;
  problems: Problem[];
};

/** Play `line` from `sfen`; the error names the first ply that breaks the rules of a mate. */
function playLine(sfen: string, line: string[], mustMate: boolean): string | null {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) return parsed.error;
  const pos = parsed.value;
  for (let i = 0; i < line.length; i++) {
    const move = parseUsiMove(pos, line[i]!);
    if (!move.ok) return `ply ${i + 1}: ${move.error}`;
    if (i % 2 === 0 && !givesCheck(pos, move.value)) return `ply ${i + 1}: ${line[i]} is not check`;
    pos.doMove(move.value);
  }
  if (mustMate && !(pos.inCheck() && legalMoves(pos).length === 0))
    return `the line ends without mate (${legalMoves(pos).length} legal replies)`;
  return null;
}

const ids = new Set<string>();
const perLength = new Map<number, number>();
let failures = 0;
const fail = (id: string, why: string): void => {
  failures++;
  console.log(`${id}: ${why}`);
};

for (const p of fixture.problems) {
  if (ids.has(p.id)) fail(p.id, 'duplicate id');
  ids.add(p.id);
  perLength.set(p.plies, (perLength.get(p.plies) ?? 0) + 1);
  if (!(p.source in fixture.sources)) fail(p.id, `unknown source ${p.source}`);
  if (p.plies % 2 !== 1) fail(p.id, `plies ${p.plies} is not odd`);
  const parsed = parseSfen(p.sfen);
  if (!parsed.ok) {
    fail(p.id, parsed.error);
    continue;
  }
  if (parsed.value.inCheck()) console.log(`${p.id}: note: the attacker starts in check`);
  for (const line of [p.answer, ...(p.alternativeAnswers ?? [])]) {
    if (line === undefined) continue;
    if (line.length !== p.plies) fail(p.id, `answer has ${line.length} plies, not ${p.plies}`);
    const why = playLine(p.sfen, line, true);
    if (why) fail(p.id, why);
  }
  if (p.answerPrefix) {
    const why = playLine(p.sfen, p.answerPrefix, false);
    if (why) fail(p.id, `answerPrefix: ${why}`);
  }
}

const counts = [...perLength].sort((a, b) => a[0] - b[0]).map(([n, c]) => `${n}: ${c}`);
console.log(`${fixture.problems.length} problems (${counts.join(', ')}); ${failures} failures`);
process.exit(failures > 0 ? 1 : 0);
