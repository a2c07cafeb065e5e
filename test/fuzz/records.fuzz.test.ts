/**
 * Fuzzing the record a reader pastes or opens on the Play and Analyse pages (importGame): KIF,
 * KI2, CSA, a USI position command or an SFEN. Short random games are exported in every format
 * and read back (they must come back as the same game), then their texts are mutated line by
 * line, character by character and number by number, and random record-like text is made up:
 * nothing may throw, an error must name the format (and a line that is in the text), and what is
 * accepted must be a game of legal moves that round-trips through KIF and CSA.
 */
import { exportKI2, Record as ShogiRecord, SpecialMoveType } from 'tsshogi';
import { describe, expect, it } from 'vitest';
import {
  exportGame,
  type Game,
  importGame,
  MAX_PLIES,
  positionCommand,
  type RecordFormat,
} from '../../src/components/play/game-model';
import {
  chance,
  FuzzLog,
  type FuzzGame,
  makeRng,
  mutateText,
  pick,
  randomGame,
  randomInt,
  type Rng,
  slowest,
  startPositions,
  badMessage,
} from './fuzz-helpers';
import { parsePositionCommand, STARTPOS_SFEN } from '../../src/engine/index';

const FUZZ_CASES = 10_000;
const RECORDS_SEED = 0x4b1f;
/** Games exported and mutated, and the longest of them. */
const BASE_GAMES = 60;
const MAX_BASE_PLIES = 12;
/**
 * Accepted inputs written out and read again: one in this many. Reading a record costs about half
 * a millisecond (most of it making the engine's position, which allocates its move stacks), and a
 * round trip more; a quarter of the accepted inputs keeps the file within a few seconds. Every
 * export is read back.
 */
const ROUND_TRIP_EVERY = 4;
/** tsshogi reads a record in well under a millisecond; this catches runaway loops. */
const IMPORT_TIME_LIMIT_MS = 200;

type Format = RecordFormat | 'ki2';
const FORMATS: readonly Format[] = ['kif', 'ki2', 'csa', 'usi', 'sfen'];

/** The game as text in `format`: exportGame's, and KI2 through tsshogi (the page reads it). */
function exportAs(game: Game, format: Format): string {
  if (format !== 'ki2') return exportGame(game, format);
  const record = ShogiRecord.newByUSI(positionCommand(game));
  if (record instanceof Error) throw record;
  if (game.resigned) record.append(SpecialMoveType.RESIGN);
  return exportKI2(record);
}

/**
 * Board, side and hand of a game's start, from its text (importGame writes `startpos` or the
 * SFEN afresh): what a record keeps of it, not the move number.
 */
function startOf(game: Game): string {
  const sfen = game.start === 'startpos' ? STARTPOS_SFEN : game.start.replace(/^sfen /, '');
  return sfen.split(' ').slice(0, 3).join(' ');
}

/** How `got` differs from `want`, or null when it is the same game. */
function gameDifference(got: Game, want: Game, keepsResignation: boolean): string | null {
  if (startOf(got) !== startOf(want)) return `starts at ${got.start}, not ${want.start}`;
  if (got.moves.join(' ') !== want.moves.join(' '))
    return `moves ${got.moves.join(' ')}, not ${want.moves.join(' ')}`;
  if (keepsResignation && got.resigned !== want.resigned)
    return `resigned ${String(got.resigned)}, not ${String(want.resigned)}`;
  return null;
}

/** USI moves as the engine writes them. */
const USI_MOVE = /^(?:[1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i])$/;

/** What is wrong with the form of a game importGame returned, or null. */
function gameShapeProblem(game: Game): string | null {
  if (game.start !== 'startpos' && !/^sfen \S+ [bw] \S+ [1-9]\d*$/.test(game.start))
    return 'the start is neither startpos nor an SFEN written afresh';
  const odd = game.moves.find((m) => !USI_MOVE.test(m));
  if (odd !== undefined) return `${JSON.stringify(odd)} is not a USI move`;
  if (game.moves.length > MAX_PLIES) return `${game.moves.length} moves`;
  return null;
}

/** Words and marks records are made of, for insertions. */
const RECORD_ALPHABET =
  '０１２３４５６７８９一二三四五六七八九十歩香桂銀金角飛玉王と馬龍竜成打同右左直上寄引不▲△☗☖　 ()（）:：/+-%,\n0123456789FUKYKEGIKIKAHIOUTONYNKNGUMRYPI';

/** Lines of every format, right and wrong, for insertions and for made-up records. */
const RECORD_LINES = [
  '手合割：平手',
  '手合割：香落ち',
  '手合割：なし',
  '開始日時：2024/01/01',
  '先手：A',
  '後手：B',
  '手数----指手---------消費時間--',
  '   1 ７六歩(77)   ( 0:00/00:00:00)',
  '   2 ３四歩(33)',
  '   3 ２二角成(88)',
  '   4 同　銀(31)',
  '   5 投了',
  '  99 ９九香成(11)',
  '▲７六歩 △３四歩 ▲２二角成 △同銀',
  '▲５五歩打',
  'まで4手で後手の勝ち',
  '後手の持駒：なし',
  '先手の持駒：歩二',
  '  ９ ８ ７ ６ ５ ４ ３ ２ １',
  '+---------------------------+',
  '|v香v桂v銀v金v玉v金v銀v桂v香|一',
  '| ・ ・ ・ ・ ・ ・ ・ ・ ・|五',
  '先手番',
  '後手番',
  'V2.2',
  'PI',
  'PI82HI22KA',
  'P1-KY-KE-GI-KI-OU-KI-GI-KE-KY',
  'P5 *  *  *  *  *  *  *  *  * ',
  'P+00FU',
  'P-00AL',
  '+',
  '-',
  '+7776FU',
  '-3334FU',
  '+8822UM',
  '-3122GI',
  '+0055FU',
  '%TORYO',
  '%CHUDAN',
  'T10',
  "'comment",
  'N+sente',
  '$EVENT:x',
  'startpos moves 7g7f',
  'sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1',
  '',
];

/** A record's text with one line deleted, doubled, moved, replaced or inserted, or cut short. */
function mutateLines(text: string, rng: Rng): string {
  const lines = text.split('\n');
  const at = Math.floor(rng() * lines.length);
  switch (Math.floor(rng() * 6)) {
    case 0:
      lines.splice(at, 1);
      break;
    case 1:
      lines.splice(at, 0, lines[at]!);
      break;
    case 2: {
      const to = Math.floor(rng() * lines.length);
      [lines[at], lines[to]] = [lines[to]!, lines[at]!];
      break;
    }
    case 3:
      lines[at] = pick(rng, RECORD_LINES);
      break;
    case 4:
      lines.splice(at, 0, pick(rng, RECORD_LINES));
      break;
    default:
      lines.length = at;
  }
  return lines.join(chance(rng, 0.1) ? '\r\n' : '\n');
}

/** A record to read: an export as it is, mutated, or made up. */
function recordInput(rng: Rng, exports: readonly string[]): string {
  const roll = rng();
  const base = pick(rng, exports);
  if (roll < 0.05) return base;
  if (roll < 0.45) return mutateLines(base, rng);
  if (roll < 0.85) return mutateText(base, rng, RECORD_ALPHABET);
  if (roll < 0.9) return mutateLines(mutateText(base, rng, RECORD_ALPHABET), rng);
  // Made up: record-like lines in any order, under a header of one format or none.
  const header = pick(rng, [
    '',
    'V2.2\nPI\n+\n',
    '手合割：平手\n',
    '#KIF version=2.0 encoding=UTF-8\n',
  ]);
  const lines = Array.from({ length: randomInt(rng, 0, 12) }, () => pick(rng, RECORD_LINES));
  return header + lines.join('\n');
}

/** The error's opening: the format it read the text as, or what it could not tell. */
const ERROR_OPENING =
  /^(KIF|KI2|CSA)(, line \d+)?(, move \d+ \(.*\))?: |^USI: position: |^USI: SFEN|^SFEN( board| side to move| hand| move number)?: |^the record is empty$|^not a record this page reads: /;

/** What is wrong with an error of importGame, or null. */
function errorProblem(error: string, text: string): string | null {
  // A move's description is tsshogi's, which writes a square off the board (a CSA "-0804KY")
  // as "undefined": the message still names the line, the move and its USI.
  const bad = badMessage(error.replace(/, move \d+ \([^,]*, /, ', move (…, '), text);
  if (bad) return bad;
  if (!ERROR_OPENING.test(error)) return 'the error names no format';
  const line = /^(?:KIF|KI2|CSA), line (\d+)/.exec(error);
  const lineCount = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/).length;
  if (line && (Number(line[1]) < 1 || Number(line[1]) > lineCount))
    return `the error names line ${line[1]}; the text has ${lineCount}`;
  return null;
}

describe('record import fuzz', () => {
  it(`reads back every export, and ${FUZZ_CASES} mutated and made-up records without a throw`, () => {
    const rng = makeRng(RECORDS_SEED);
    const starts = startPositions();
    const games: Game[] = Array.from({ length: BASE_GAMES }, () => {
      const game: FuzzGame & Game = randomGame(rng, pick(rng, starts), MAX_BASE_PLIES);
      if (chance(rng, 0.3)) {
        const pos = parsePositionCommand(positionCommand(game));
        if (pos.ok) game.resigned = pos.value.sideToMove === 0 ? 'sente' : 'gote';
      }
      return game;
    });
    const log = new FuzzLog();
    // Every export reads back as the game it was made from.
    const exports: string[] = [];
    for (const game of games) {
      for (const format of FORMATS) {
        const text = exportAs(game, format);
        exports.push(text);
        const back = log.attempt(text, () => importGame(text));
        if (!back) continue;
        log.count('exports');
        if (!back.ok) {
          log.fail(text, `an export (${format}) does not read back: ${back.error}`);
          continue;
        }
        const want: Game = format === 'sfen' ? { start: `sfen ${text}`, moves: [] } : game;
        // USI and SFEN have no word for a resignation; tsshogi reads a KI2 file with no move
        // as KIF, which loses the resignation in its last line ("まで0手で後手の勝ち").
        const keepsResignation =
          format === 'kif' || format === 'csa' || (format === 'ki2' && game.moves.length > 0);
        const difference = gameDifference(back.value, want, keepsResignation);
        if (difference) log.fail(text, `an export (${format}) reads back with ${difference}`);
      }
    }
    for (let i = 0; i < FUZZ_CASES; i++) {
      const text = recordInput(rng, exports);
      const timed = log.attempt(text, () => slowest(() => importGame(text), IMPORT_TIME_LIMIT_MS));
      if (!timed) continue;
      if (timed.ms > IMPORT_TIME_LIMIT_MS) log.fail(text, `took ${timed.ms.toFixed(1)} ms`);
      const result = timed.value;
      if (!result.ok) {
        log.count('rejected');
        const problem = errorProblem(result.error, text);
        if (problem) log.fail(text, `${problem}: ${result.error}`);
        continue;
      }
      const accepted = (log.tally['accepted'] ?? 0) + 1;
      log.count('accepted');
      // What was read is a game in the form the pages keep (importGame played every move on the
      // engine's board), and some of it round-trips through a record format.
      const game = result.value;
      const shape = gameShapeProblem(game);
      if (shape) log.fail(text, `read as ${JSON.stringify(game)}: ${shape}`);
      if (accepted % ROUND_TRIP_EVERY !== 0) continue;
      log.count('round trips');
      const format = pick(rng, ['kif', 'csa', 'usi'] as const);
      const again = log.attempt(text, () => importGame(exportGame(game, format)));
      if (!again) continue;
      if (!again.ok) log.fail(text, `read, written as ${format} and not read back: ${again.error}`);
      else {
        const difference = gameDifference(again.value, game, format !== 'usi');
        if (difference) log.fail(text, `written as ${format}, reads back with ${difference}`);
      }
    }
    console.log(`record import fuzz: ${JSON.stringify(log.tally)}`);
    expect(log.failures, log.report).toEqual([]);
    expect(log.tally['rejected']).toBeGreaterThan(FUZZ_CASES / 4);
    expect(log.tally['accepted']).toBeGreaterThan(FUZZ_CASES / 10);
  });
});
