/**
 * The USI state machine (src/engine/usi/engine.ts) driven line by line: the handshake and its option
 * lines, setoption, position, go in every form, stop / ponderhit / gameover / quit, errors, and
 * the time allocation of usi/time.ts. Real searches run through the synchronous backend; a
 * scripted backend stands in where the order of events matters (stop while searching).
 */
import { newStats } from '../../../src/engine/search/search-data';
import { describe, expect, it } from 'vitest';
import {
  legalMoves,
  makeSfen,
  makeUsiMove,
  parsePositionCommand,
  parseUsiMove,
  Position,
} from '../../../src/engine/index';
import {
  DEFAULT_OPTIONS,
  MATE,
  OPTION_SCHEMA,
  type OptionSpec,
  type SearchInfo,
  type SearchOptions,
  type SearchResult,
} from '../../../src/engine/search/index';
import { err, ok, type Result } from '../../../src/engine/types';
import { STRONGEST } from '../../../src/engine/lab/presets';
import {
  createSyncBackend,
  drawBoard,
  ENGINE_DEFAULTS,
  formatInfo,
  formatScore,
  type SearchBackend,
  type SearchJob,
  UsiEngine,
} from '../../../src/engine/usi/engine';
import {
  makeUsiOptions,
  numberScale,
  parseOptionLine,
  parseOptionValue,
  usiOptionName,
} from '../../../src/engine/usi/options';
import {
  allocateTime,
  DEFAULT_TIME_MARGIN_MS,
  goLimits,
  MIN_THINK_MS,
  MOVES_TO_GO,
  FALLBACK_MOVETIME_MS,
  MOVETIME_MARGIN_MS,
  parseGo,
  readSearchMoves,
  MAX_TIME_RATIO,
  MAX_TIME_SHARE,
} from '../../../src/engine/usi/time';

/** A backend whose searches end only when the test says so. */
class ScriptedBackend implements SearchBackend {
  readonly jobs: {
    job: SearchJob;
    onInfo: (info: SearchInfo) => void;
    onDone: (r: Result<SearchResult>) => void;
  }[] = [];
  stops = 0;
  clears = 0;
  readonly prepared: SearchOptions[] = [];
  prepare(options: SearchOptions, done: () => void): void {
    this.prepared.push(options);
    done();
  }
  start(
    job: SearchJob,
    onInfo: (info: SearchInfo) => void,
    onDone: (r: Result<SearchResult>) => void,
  ): void {
    this.jobs.push({ job, onInfo, onDone });
  }
  stop(): void {
    this.stops++;
  }
  clear(): void {
    this.clears++;
  }
  /** Finish job `i` with this best line. */
  finish(i: number, pv: string[], value = 50, stopped = false): void {
    const info = fakeInfo(pv, value);
    this.jobs[i]!.onInfo(info);
    this.jobs[i]!.onDone(ok(fakeResult(pv, value, stopped)));
  }
}

function fakeInfo(pv: string[], value: number): SearchInfo {
  return {
    depth: 5,
    seldepth: 9,
    score: { kind: 'cp', value },
    value,
    nodes: 12345,
    nps: 100000,
    timeMs: 123,
    pv,
    hashfull: 7,
  };
}

function fakeResult(pv: string[], value: number, stopped: boolean): SearchResult {
  return {
    ...fakeInfo(pv, value),
    bestMove: pv[0] ?? null,
    ponder: pv[1] ?? null,
    stopped,
    stats: newStats(),
  };
}

function engineWith(backend: SearchBackend = createSyncBackend(), schema?: readonly OptionSpec[]) {
  const out: string[] = [];
  let quits = 0;
  const engine = new UsiEngine({
    write: (line) => out.push(line),
    backend,
    onQuit: () => quits++,
    ...(schema ? { schema } : {}),
  });
  /** Send lines; return what they wrote. */
  const send = (...lines: string[]): string[] => {
    const from = out.length;
    for (const line of lines) engine.receive(line);
    return out.slice(from);
  };
  return { engine, out, send, quits: () => quits };
}

const bestMoveOf = (lines: string[]): string | undefined =>
  lines.find((l) => l.startsWith('bestmove'))?.split(' ')[1];

/**
 * `go depth 2` on the extension regression position read 833 nodes when this test was written;
 * the search before extensions were bounded by the iteration depth (82a4926~1) did not finish
 * depth 2 in a minute. About twelve times the measured count leaves room for ordering changes.
 */
const EXTENSION_REGRESSION_NODES = 10_000;

const MATED = 'sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1';
const MATE_IN_ONE = 'sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1';
const DECLARATION = 'sfen RRBBGGGG1/4K4/SSSS5/9/9/9/9/9/4k4 b - 1';
const LONE_ROOK = 'sfen 4k4/9/9/9/9/9/9/9/4K4 b R 1';

describe('usi: the handshake', () => {
  it('answers usi with id lines, one option line per option, then usiok', () => {
    const { send } = engineWith();
    const lines = send('usi');
    expect(lines[0]).toBe('id name Yomi');
    expect(lines[1]).toMatch(/^id author \S/);
    expect(lines.at(-1)).toBe('usiok');
    const options = lines.filter((l) => l.startsWith('option '));
    // and USI_Ponder, TimeMargin, ResignValue, BookBaseline
    expect(options).toHaveLength(OPTION_SCHEMA.length + 4);
    expect(lines).toHaveLength(options.length + 3);
  });

  it('announces option lines that parse back to the same options', () => {
    const { send, engine } = engineWith();
    const lines = send('usi').filter((l) => l.startsWith('option '));
    const parsed = lines.map((l) => {
      const r = parseOptionLine(l);
      if (!r.ok) throw new Error(r.error);
      return r.value;
    });
    const expected = engine.options.map(({ path: _path, scale: _scale, table: _table, ...o }) => o);
    expect(parsed).toEqual(expected);
    const names = parsed.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
    expect(names).toContain('USI_Hash');
    expect(names).toContain('USI_Ponder');
  });

  it('maps toggles to check, selects to combo and numbers to spin', () => {
    const options = makeUsiOptions(OPTION_SCHEMA);
    for (const spec of OPTION_SCHEMA) {
      const o = options.find((x) => x.path === spec.path)!;
      if (spec.kind === 'toggle') expect(o.type).toBe('check');
      if (spec.kind === 'select') expect(o).toMatchObject({ type: 'combo', vars: spec.choices });
      if (spec.kind === 'integer')
        expect(o).toMatchObject({ type: 'spin', min: spec.min, max: spec.max });
      if (spec.kind === 'number') {
        // A fractional step becomes a whole spin in units of 1/scale.
        const k = numberScale(spec);
        expect(o).toMatchObject({
          type: 'spin',
          min: Math.round(spec.min * k),
          max: Math.round(spec.max * k),
        });
      }
    }
    expect(options.find((o) => o.path === 'ttSizeMb')).toMatchObject({
      name: 'USI_Hash',
      default: DEFAULT_OPTIONS.ttSizeMb,
    });
    expect(usiOptionName(OPTION_SCHEMA.find((s) => s.path === 'ttMove')!)).toBe('TTMoveFirst');
  });

  it('scales numbers with a fractional step into whole spins', () => {
    expect(numberScale({ min: 0, max: 10, step: 1 })).toBe(1);
    expect(numberScale({ min: 0, max: 2.5, step: 0.5 })).toBe(10);
    expect(numberScale({ min: 0, max: 1, step: 0.25 })).toBe(100);
    const spec: OptionSpec = {
      path: 'margin',
      label: 'Safety margin',
      kind: 'number',
      default: 1.5,
      min: 0,
      max: 2.5,
      step: 0.5,
      help: 'test',
      group: 'test',
    };
    const defaults = { ...DEFAULT_OPTIONS, margin: 1.5 } as unknown as SearchOptions;
    expect(makeUsiOptions([spec], defaults)[0]).toMatchObject({
      name: 'SafetyMargin_x10',
      type: 'spin',
      default: 15,
      min: 0,
      max: 25,
      scale: 10,
    });
    const { send, engine } = engineWith(createSyncBackend(), [spec]);
    expect(send('setoption name SafetyMargin_x10 value 5')).toEqual([]);
    expect((engine.searchOptions() as unknown as { margin: number }).margin).toBe(0.5);
  });

  it('answers isready with readyok after preparing the search options', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    expect(send('setoption name USI_Hash value 64', 'isready')).toEqual(['readyok']);
    expect(backend.prepared[0]!.ttSizeMb).toBe(64);
  });
});

describe('usi: setoption', () => {
  it('sets search options by their USI names', () => {
    const { send, engine } = engineWith();
    const lines = send(
      'setoption name USI_Hash value 256',
      'setoption name KillerMoves value false',
      'setoption name MoveOrdering value none',
      'setoption name CaptureBonus value 800',
      'setoption name usi_ponder value true',
      'setoption name moveEval.attackDivisor value 20',
    );
    expect(lines).toEqual([]);
    const o = engine.searchOptions();
    expect(o.ttSizeMb).toBe(256);
    expect(o.killers).toBe(false);
    expect(o.ordering).toBe('none');
    expect(o.moveEval.captureBonus).toBe(800);
    expect(o.moveEval.attackDivisor).toBe(20);
  });

  it('takes a USI_Hash above its maximum as the maximum, and says so', () => {
    const { send, engine } = engineWith();
    expect(send('setoption name USI_Hash value 4096')).toEqual([
      'info string setoption USI_Hash: 4096 is more than 1024; using 1024',
    ]);
    expect(engine.searchOptions().ttSizeMb).toBe(1024);
  });

  it('names the option and the problem when a value is wrong', () => {
    const { send, engine } = engineWith();
    expect(send('setoption name NoSuchThing value 1')).toEqual([
      'info string setoption: unknown option "NoSuchThing"',
    ]);
    expect(send('setoption name KillerMoves value yes')[0]).toBe(
      'info string setoption KillerMoves: expected true or false, got "yes"',
    );
    expect(send('setoption name KillerMoves')[0]).toContain('got no value');
    expect(send('setoption name CaptureBonus value 9999')[0]).toBe(
      'info string setoption CaptureBonus: expected a whole number from 0 to 5000, got "9999"',
    );
    expect(send('setoption name CaptureBonus value 1.5')[0]).toContain('whole number');
    expect(send('setoption name MoveOrdering value fast')[0]).toContain(
      'expected one of standard, move-evaluation, decision-tree, none',
    );
    expect(send('setoption USI_Hash 16')[0]).toContain('expected "setoption name <name>');
    expect(engine.searchOptions()).toEqual(ENGINE_DEFAULTS);
  });

  it('refuses a table the search cannot read at setoption, keeps the old value, and plays on', () => {
    const { send, engine } = engineWith();
    send('setoption name CreditsByMoveClass value ' + Array(196).fill(2).join(','));
    const kept = engine.searchOptions().creditTable;
    for (const bad of ['abc', '1,2,3', '']) {
      const lines = send(`setoption name CreditsByMoveClass value ${bad}`.trim());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^info string setoption: option CreditsByMoveClass: expected 196 numbers \(14 rows × 14 columns\), got .*; keeping the value it had$/,
      );
      expect(engine.searchOptions().creditTable).toEqual(kept);
    }
    // Before, the next isready or go threw, and the engine died without an answer.
    expect(send('isready')).toEqual(['readyok']);
    expect(send('position startpos', 'go depth 1').at(-1)).toMatch(/^bestmove /);
  });

  it('plays with the strongest settings unless BookBaseline is set', () => {
    const { send, engine } = engineWith();
    const lines = send('usi');
    // The announced defaults are the strongest settings…
    expect(lines).toContain('option name NullMovePruning type check default true');
    expect(lines).toContain('option name BookBaseline type check default false');
    expect(engine.searchOptions()).toEqual({ ...DEFAULT_OPTIONS, ...STRONGEST });
    // …and a GUI that sends every option it shows, unchanged, gets them.
    for (const o of engine.options)
      if (o.type !== 'button') send(`setoption name ${o.name} value ${String(o.default)}`);
    expect(engine.searchOptions()).toEqual(ENGINE_DEFAULTS);
  });

  it('plays the book’s baseline with BookBaseline, keeping what the GUI changed', () => {
    const { send, engine } = engineWith();
    send('usi');
    send('setoption name BookBaseline value true');
    expect(engine.searchOptions()).toEqual(DEFAULT_OPTIONS);
    // A GUI that sends the shown defaults after it does not bring the strongest settings back…
    send('setoption name NullMovePruning value true');
    send('setoption name USI_Hash value 64');
    expect(engine.searchOptions()).toEqual(DEFAULT_OPTIONS);
    // …but what the user changed from them counts.
    send('setoption name KillerMoves value false');
    send('setoption name USI_Hash value 32');
    expect(engine.searchOptions()).toEqual({ ...DEFAULT_OPTIONS, killers: false, ttSizeMb: 32 });
  });

  it('reads values for every option type', () => {
    expect(parseOptionValue({ name: 'B', type: 'button' }, undefined)).toEqual(ok(true));
    expect(parseOptionValue({ name: 'S', type: 'string', default: '' }, 'a b')).toEqual(ok('a b'));
    expect(
      parseOptionValue({ name: 'N', type: 'spin', default: 0, min: -5, max: 5 }, '-5'),
    ).toEqual(ok(-5));
  });

  it('reads option lines of every type, as a GUI would', () => {
    expect(parseOptionLine('option name BookFile type string default <empty>')).toEqual(
      ok({ name: 'BookFile', type: 'string', default: '' }),
    );
    expect(parseOptionLine('option name Clear Hash type button')).toEqual(
      ok({ name: 'Clear Hash', type: 'button' }),
    );
    expect(parseOptionLine('option name X type spin default 9 min 0 max 5').ok).toBe(false);
    expect(parseOptionLine('option name X type combo default c var a var b').ok).toBe(false);
    expect(parseOptionLine('option name X type slider default 1').ok).toBe(false);
  });
});

describe('usi: position and d', () => {
  it('sets up startpos with moves and prints it', () => {
    const { send } = engineWith();
    const lines = send('position startpos moves 7g7f 3c3d', 'd');
    expect(lines[0]).toBe(
      'sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3',
    );
    expect(lines).toContain('  l  n  s  g  k  g  s  n  l  a');
    expect(lines.at(-1)).toBe('side to move: sente, in check: no, legal moves: 39');
  });

  it('sets up an SFEN with moves', () => {
    const { send } = engineWith();
    const lines = send(`position ${MATE_IN_ONE} moves G*5b`, 'd');
    expect(lines[0]).toBe('sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2');
    expect(lines.at(-1)).toBe('side to move: gote, in check: yes, legal moves: 0');
  });

  it('draws hands and promoted pieces', () => {
    const pos = parsePositionCommand('position sfen 4k4/9/9/9/9/9/9/4+p4/4K4 b 2Pr 1');
    if (!pos.ok) throw new Error(pos.error);
    const lines = drawBoard(pos.value);
    expect(lines[0]).toBe('gote hand: r');
    expect(lines).toContain('  .  .  .  . +p  .  .  .  .  h');
    expect(lines).toContain('sente hand: 2P');
  });

  it('reports a bad position and answers go with resign until a good one comes', () => {
    const { send } = engineWith();
    const bad = send('position startpos moves 7g7f 7g7f');
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(/^info string position: move 2 \("7g7f"\)/);
    const go = send('go depth 1');
    expect(go[0]).toMatch(/^info string go: no position to search/);
    expect(go[1]).toBe('bestmove resign');
    expect(send('d')[0]).toMatch(/^info string no position/);
    send('position startpos');
    expect(bestMoveOf(send('go depth 1'))).toBeDefined();
  });

  it('reports a malformed position command', () => {
    const { send } = engineWith();
    expect(send('position nowhere')[0]).toMatch(/expected "startpos" or "sfen …"/);
  });
});

describe('usi: go', () => {
  it('searches to a depth, one info line per depth, then a legal bestmove', () => {
    const { send } = engineWith();
    const lines = send('position startpos moves 7g7f', 'go depth 3');
    const infos = lines.filter((l) => l.startsWith('info depth'));
    expect(infos.map((l) => Number(l.split(' ')[2]))).toEqual([1, 2, 3]);
    for (const l of infos)
      expect(l).toMatch(
        /^info depth \d+ seldepth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ hashfull \d+ pv( \S+)+$/,
      );
    expect(lines.at(-1)).toMatch(/^bestmove \S+$/);
    const pos = parsePositionCommand('position startpos moves 7g7f');
    if (!pos.ok) throw new Error(pos.error);
    expect(parseUsiMove(pos.value, bestMoveOf(lines)!).ok).toBe(true);
  });

  it('stops at a node limit', () => {
    const { send } = engineWith();
    const lines = send('position startpos', 'go nodes 2000');
    const nodes = lines.filter((l) => l.startsWith('info')).map((l) => Number(l.split(' ')[9]));
    expect(Math.max(...nodes)).toBeLessThan(2000 + 2048);
    expect(bestMoveOf(lines)).toMatch(/^[1-9][a-i][1-9][a-i]/);
  });

  it('adds a ponder move only when USI_Ponder is on', () => {
    const { send } = engineWith();
    expect(send('position startpos', 'go depth 3').at(-1)).toMatch(/^bestmove \S+$/);
    send('setoption name USI_Ponder value true');
    expect(send('go depth 3').at(-1)).toMatch(/^bestmove \S+ ponder \S+$/);
  });

  it('finds a mate in one and reports it in plies', () => {
    const { send } = engineWith();
    const lines = send(`position ${MATE_IN_ONE}`, 'go depth 3');
    expect(lines.at(-1)).toBe('bestmove G*5b');
    expect(lines.some((l) => l.includes(' score mate 1 '))).toBe(true);
  });

  it('resigns when mated and declares a win when it can, without searching', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    expect(send(`position ${MATED}`, 'go btime 1000 wtime 1000')).toEqual(['bestmove resign']);
    expect(send(`position ${DECLARATION}`, 'go byoyomi 1000')).toEqual(['bestmove win']);
    expect(backend.jobs).toHaveLength(0);
  });

  it('passes the time allocation and the options to the backend', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    send('setoption name TimeMargin value 100', 'setoption name PVS value false');
    send('position startpos moves 7g7f', 'go btime 60000 wtime 90000 byoyomi 1000');
    const { job } = backend.jobs[0]!;
    expect(job.position).toBe('startpos moves 7g7f');
    // Gote's plan: its share of main time and the byoyomi; the hard stop at MAX_TIME_RATIO × it.
    const planned = 90000 / MOVES_TO_GO + 1000;
    expect(job.limits).toEqual({ timeMs: MAX_TIME_RATIO * planned, softTimeMs: planned });
    expect(job.options.pvs).toBe(false);
    backend.finish(0, ['3c3d', '2g2f']);
    expect(send('go depth 4 nodes 500')).toEqual([]);
    expect(backend.jobs[1]!.job.limits).toEqual({ depth: 4, nodes: 500 });
  });

  it('answers isready at once while searching', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    send('go infinite');
    expect(send('isready')).toEqual(['readyok']);
  });

  it('answers resign, with the reason, when the search fails', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go depth 3');
    backend.jobs[0]!.onDone(err('out of memory'));
    expect(out.slice(-2)).toEqual(['info string search failed: out of memory', 'bestmove resign']);
  });
});

describe('usi: a go it cannot fully read still ends in an answer', () => {
  it.each([
    ['go depth 0', 'go: depth must be at least 1, got 0; ignored'],
    ['go depth abc', 'go: depth needs a whole number, got "abc"; ignored'],
    ['go nodes', 'go: nodes needs a whole number, got nothing; ignored'],
    ['go movetime -5', 'go: movetime needs a whole number, got "-5"; ignored'],
  ])('%s: says what it left out, and searches a second on its own', (command, warning) => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    expect(send('position startpos', command)).toEqual([
      `info string ${warning}`,
      'info string go: no limit left that could be read; searching 1000 ms',
    ]);
    expect(backend.jobs).toHaveLength(1);
    // The GUI meant a limited search and will not send stop: the engine answers by itself.
    expect(backend.jobs[0]!.job.limits).toEqual({ timeMs: 1000 - MOVETIME_MARGIN_MS });
    backend.finish(0, ['2g2f'], 30, false);
    expect(out.at(-1)).toBe('bestmove 2g2f');
  });

  it('go searchmoves with no legal move left: as plain go, until stop', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    expect(send('position startpos', 'go searchmoves 7g7e')).toEqual([
      'info string go: searchmoves: 7g7e is not legal here; ignored',
    ]);
    expect(backend.jobs[0]!.job.limits).toEqual({});
    send('stop');
    expect(backend.stops).toBe(1);
    backend.finish(0, ['2g2f'], 30, true);
    expect(out.at(-1)).toBe('bestmove 2g2f');
  });

  it('searches with the parameters it could read, one info string per problem', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    const lines = send('position startpos', 'go depth abc nodes 800 wibble 3 movetime');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('info string go: depth needs a whole number, got "abc"; ignored');
    expect(lines[1]).toMatch(/^info string go: unknown parameter "wibble" \(with "3"\) ignored/);
    expect(lines[2]).toBe('info string go: movetime needs a whole number, got nothing; ignored');
    expect(backend.jobs[0]!.job.limits).toEqual({ nodes: 800 });
    backend.finish(0, ['7g7f']);
    expect(out.at(-1)).toBe('bestmove 7g7f');
  });

  it('searches a chess GUI’s go with movestogo on its clock, with no message', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    expect(send('position startpos', 'go movestogo 40 btime 60000 wtime 60000')).toEqual([]);
    expect(backend.jobs[0]!.job.limits).toEqual({
      timeMs: (MAX_TIME_RATIO * 60000) / 40,
      softTimeMs: 60000 / 40,
    });
    send('go movestogo 4 btime 60000 wtime 60000');
    backend.finish(0, ['7g7f']);
    // A quarter of main time planned; at most MAX_TIME_SHARE of it spent.
    expect(backend.jobs[1]!.job.limits).toEqual({
      timeMs: 60000 * MAX_TIME_SHARE,
      softTimeMs: 15000,
    });
  });

  it('really searches a go depth 0 nodes 3000 and answers a legal move', () => {
    const { send } = engineWith();
    const lines = send('position startpos moves 7g7f', 'go depth 0 nodes 3000');
    expect(lines[0]).toBe('info string go: depth must be at least 1, got 0; ignored');
    const move = bestMoveOf(lines);
    expect(parseUsiMove(mustPosition('startpos moves 7g7f'), move!).ok).toBe(true);
  });

  it('searches only the legal moves of searchmoves, and reports the others', () => {
    const { send } = engineWith();
    const lines = send('position startpos', 'go searchmoves 1g1f 9z9z 5a4b depth 3');
    expect(lines.slice(0, 2)).toEqual([
      'info string go: searchmoves: "9z9z" is not a USI move (like 7g7f, 8h2b+ or P*5e); ignored',
      'info string go: searchmoves: 5a4b is not legal here (that piece belongs to the other side); ignored',
    ]);
    const infos = lines.filter((l) => l.startsWith('info depth'));
    expect(infos).toHaveLength(3);
    for (const info of infos) expect(info).toMatch(/ pv 1g1f( |$)/);
    expect(lines.at(-1)).toBe('bestmove 1g1f');
  });

  it('passes the legal searchmoves to the backend as moves', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    send('position startpos', 'go searchmoves 7g7f 2g2f btime 1000 wtime 1000');
    expect(backend.jobs[0]!.job.limits.searchMoves?.map(makeUsiMove)).toEqual(['7g7f', '2g2f']);
  });

  it('answers a go without a position after the search before it', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite', 'position nowhere');
    expect(send('go depth 2')[0]).toMatch(/^info string go: no position to search/);
    backend.finish(0, ['7g7f'], 0, true);
    expect(out.slice(-2)).toEqual(['bestmove 7g7f', 'bestmove resign']);
    expect(backend.jobs).toHaveLength(1);
  });
});

describe('usi: a go while another search is under way', () => {
  it('stops the running search, answers it, then starts the new one and answers it', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go btime 60000 wtime 60000');
    send('position startpos moves 7g7f', 'setoption name PVS value false');
    expect(send('go depth 5')).toEqual([]);
    expect(backend.stops).toBe(1);
    expect(backend.jobs).toHaveLength(1);
    backend.finish(0, ['2g2f'], 20, true);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove 2g2f']);
    expect(backend.jobs).toHaveLength(2);
    expect(backend.jobs[1]!.job).toMatchObject({
      position: 'startpos moves 7g7f',
      limits: { depth: 5 },
      options: { pvs: false },
    });
    backend.finish(1, ['3c3d']);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove 2g2f', 'bestmove 3c3d']);
    expect(send('isready')).toEqual(['readyok']);
  });

  it('writes the held answer of an infinite search, then starts the new one', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    send('position startpos', 'go infinite');
    backend.finish(0, ['2g2f']);
    expect(send('go depth 3')).toEqual(['bestmove 2g2f']);
    expect(backend.jobs[1]!.job.limits).toEqual({ depth: 3 });
    expect(backend.stops).toBe(0);
  });

  it('answers a ponder search when a new go comes, then searches on the clock', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos moves 7g7f 3c3d', 'go ponder btime 1000 wtime 1000 byoyomi 1000');
    send('position startpos moves 7g7f 8c8d', 'go btime 1000 wtime 1000 byoyomi 1000');
    expect(backend.stops).toBe(1);
    backend.finish(0, ['2g2f'], 0, true);
    expect(out.at(-1)).toBe('bestmove 2g2f');
    expect(backend.jobs[1]!.job.position).toBe('startpos moves 7g7f 8c8d');
    expect(backend.jobs[1]!.job.limits.timeMs).toBeDefined();
    backend.finish(1, ['6i7h']);
    expect(out.at(-1)).toBe('bestmove 6i7h');
  });

  it('takes a ponderhit for the ponder go still waiting its turn: it begins on the clock', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go ponder btime 1000 wtime 1000 byoyomi 1000');
    send('position startpos moves 7g7f', 'go ponder btime 1000 wtime 1000 byoyomi 2000');
    expect(send('ponderhit')).toEqual([]);
    backend.finish(0, ['2g2f'], 0, true);
    expect(out.at(-1)).toBe('bestmove 2g2f');
    // Main time (1000) is under 1.2 byoyomi (2000): the move lives on byoyomi and spends it all.
    const planned = 1000 / MOVES_TO_GO + 2000;
    expect(backend.jobs[1]!.job.limits).toEqual({ timeMs: planned, softTimeMs: planned });
    backend.finish(1, ['3c3d']);
    expect(out.at(-1)).toBe('bestmove 3c3d');
  });

  it('answers every go in order; one overtaken while it waited searches depth 1 only', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite', 'go infinite', 'go depth 4');
    expect(backend.jobs).toHaveLength(1);
    backend.finish(0, ['7g7f'], 0, true);
    expect(backend.jobs[1]!.job.limits).toEqual({ depth: 1 });
    backend.finish(1, ['2g2f']);
    expect(backend.jobs[2]!.job.limits).toEqual({ depth: 4 });
    backend.finish(2, ['5g5f']);
    const answers = out.filter((l) => l.startsWith('bestmove'));
    expect(answers).toEqual(['bestmove 7g7f', 'bestmove 2g2f', 'bestmove 5g5f']);
  });

  it('on stop answers the running search and every go waiting behind it', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite', 'go infinite', 'stop');
    backend.finish(0, ['7g7f'], 0, true);
    expect(backend.jobs[1]!.job.limits).toEqual({ depth: 1 });
    backend.finish(1, ['2g2f']);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove 7g7f', 'bestmove 2g2f']);
  });

  it('drops the waiting go too on gameover', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite', 'go depth 3', 'gameover draw');
    backend.finish(0, ['7g7f'], 0, true);
    expect(backend.jobs).toHaveLength(1);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
  });

  it('runs two real searches back to back, each answered', () => {
    const { send } = engineWith();
    const lines = send('position startpos', 'go depth 2', 'go depth 3');
    expect(lines.filter((l) => l.startsWith('bestmove'))).toHaveLength(2);
  });
});

describe('usi: ResignValue', () => {
  const answerFor = (resignValue: number | null, value: number, stopped = false) => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    if (resignValue !== null) send(`setoption name ResignValue value ${resignValue}`);
    send('position startpos', 'go depth 6');
    backend.finish(0, ['7g7f', '3c3d'], value, stopped);
    return out;
  };

  it('resigns when the score is at or below minus ResignValue, after the info lines', () => {
    const out = answerFor(900, -900);
    expect(out).toEqual([formatInfo(fakeInfo(['7g7f', '3c3d'], -900)), 'bestmove resign']);
    expect(answerFor(900, -2000).at(-1)).toBe('bestmove resign');
    expect(answerFor(31990, -MATE + 6).at(-1)).toBe('bestmove resign');
  });

  it('plays on above the threshold, and never resigns with ResignValue 0 (the default)', () => {
    expect(answerFor(900, -899).at(-1)).toBe('bestmove 7g7f');
    expect(answerFor(31990, -MATE + 12).at(-1)).toBe('bestmove 7g7f');
    expect(answerFor(0, -MATE + 2).at(-1)).toBe('bestmove 7g7f');
    expect(answerFor(null, -MATE + 2).at(-1)).toBe('bestmove 7g7f');
  });

  it('does not resign over the score of a search stopped inside depth 1', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('setoption name ResignValue value 100', 'position startpos', 'go infinite', 'stop');
    backend.jobs[0]!.onDone(ok(fakeResult(['7g7f'], -5000, true)));
    expect(out.at(-1)).toBe('bestmove 7g7f');
  });
});

describe('usi: extensions stay bounded', () => {
  it('finishes go depth 2 with extensions at their widest in few nodes, after an earlier search', () => {
    const { send } = engineWith();
    send(
      'setoption name CheckExtension value true',
      'setoption name RecaptureReSearch value true',
      'setoption name ReSearchPlies value 4',
      'setoption name ExtensionCap value 32',
    );
    expect(bestMoveOf(send('position startpos moves 7g7f 3c3d', 'go depth 3'))).toBeDefined();
    const lines = send(
      'position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f',
      // The node limit only keeps a regression from hanging the test: depth 2 must finish first.
      `go depth 2 nodes ${EXTENSION_REGRESSION_NODES}`,
    );
    expect(lines.at(-1)).toMatch(/^bestmove \S+$/);
    const infos = lines.filter((l) => l.startsWith('info depth'));
    expect(infos.map((l) => l.split(' ')[2])).toEqual(['1', '2']);
    const nodes = Number(/ nodes (\d+) /.exec(infos.at(-1)!)![1]);
    expect(nodes).toBeLessThan(EXTENSION_REGRESSION_NODES);
  });
});

describe('usi: stop, infinite and ponder', () => {
  it('holds the answer of an infinite search until stop', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite');
    expect(backend.jobs[0]!.job.limits).toEqual({});
    backend.finish(0, ['2g2f', '8c8d']);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    expect(send('stop')).toEqual(['bestmove 2g2f']);
    expect(backend.stops).toBe(0);
  });

  it('stops a running search and answers when it returns', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite');
    expect(send('stop')).toEqual([]);
    expect(backend.stops).toBe(1);
    backend.finish(0, ['7g7f']);
    expect(out.at(-1)).toBe('bestmove 7g7f');
  });

  it('plays a legal move when stopped before depth 1 finished', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite', 'stop');
    backend.jobs[0]!.onDone(ok(fakeResult([], 0, true)));
    const move = out.at(-1)!.split(' ')[1]!;
    expect(legalMoves(Position.startpos()).map(makeUsiMove)).toContain(move);
  });

  it('ignores stop and ponderhit when nothing is searching', () => {
    const { send } = engineWith();
    expect(send('stop', 'ponderhit')).toEqual([]);
  });

  it('answers a ponder search on stop (the opponent played something else)', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    send('setoption name USI_Ponder value true');
    send('position startpos moves 7g7f 3c3d', 'go ponder btime 1000 wtime 1000 byoyomi 1000');
    expect(backend.jobs[0]!.job.limits).toEqual({});
    backend.finish(0, ['2g2f', '8c8d']);
    expect(send('stop')).toEqual(['bestmove 2g2f ponder 8c8d']);
  });

  it('on ponderhit searches again on the clock, keeping what pondering learnt', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos moves 7g7f 3c3d', 'go ponder btime 30000 wtime 1000 byoyomi 2000');
    expect(send('ponderhit')).toEqual([]);
    expect(backend.stops).toBe(1);
    backend.finish(0, ['2g2f'], 40, true);
    expect(backend.jobs).toHaveLength(2);
    expect(backend.jobs[1]!.job.limits).toEqual({
      timeMs: MAX_TIME_RATIO * (30000 / MOVES_TO_GO + 2000),
      softTimeMs: 30000 / MOVES_TO_GO + 2000,
    });
    backend.finish(1, ['6i7h']);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove 6i7h']);
  });

  it('answers at once on ponderhit when the ponder search already finished', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    send('position startpos', 'go ponder byoyomi 1000');
    backend.finish(0, ['2g2f']);
    expect(send('ponderhit')).toEqual(['bestmove 2g2f']);
  });

  it('lets a ponder search without a clock run on after ponderhit', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go ponder depth 6', 'ponderhit');
    expect(backend.stops).toBe(0);
    backend.finish(0, ['2g2f']);
    expect(out.at(-1)).toBe('bestmove 2g2f');
  });

  it('drops an infinite search on gameover and on usinewgame', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite', 'gameover lose');
    backend.finish(0, ['7g7f']);
    send('go infinite', 'usinewgame');
    backend.finish(1, ['7g7f']);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    expect(backend.clears).toBe(1);
    expect(send('gameover maybe')).toEqual([
      'info string gameover: expected win, lose or draw, got "maybe"',
    ]);
  });

  it('accepts a bare gameover, as cshogi sends it, without a message', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite');
    expect(send('gameover')).toEqual([]);
    expect(backend.stops).toBe(1);
    backend.finish(0, ['7g7f']);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
  });
});

describe('usi: go mate', () => {
  it('searches with every technique that can skip a defence off, and the other options kept', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    send(
      'setoption name ForwardPruning value rank',
      'setoption name NullMovePruning value true',
      'setoption name FutilityPruning value true',
      'setoption name Razoring value true',
      'setoption name LateMoveReductions value true',
      'setoption name KillerMoves value false',
      'setoption name USI_Hash value 64',
    );
    send(`position ${LONE_ROOK}`, 'go mate 1000');
    expect(backend.jobs[0]!.job.options).toEqual({
      ...DEFAULT_OPTIONS,
      killers: false,
      ttSizeMb: 64,
    });
    backend.finish(0, ['R*5b'], 0, true);
    send('go depth 2');
    expect(backend.jobs[1]!.job.options).toMatchObject({
      forwardPruning: 'rank',
      nullMove: true,
      futility: true,
      razoring: true,
      lmr: true,
    });
  });

  it('proves a mate, and so stops at once, with null move and forward pruning switched on', () => {
    const { send } = engineWith();
    send('setoption name NullMovePruning value true', 'setoption name ForwardPruning value rank');
    const lines = send(`position ${MATE_IN_ONE}`, 'go mate 5000');
    // A proof ends the search at depth 1; a mate that proves nothing read on until the time ran out.
    expect(lines.filter((l) => l.startsWith('info depth'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('checkmate G*5b');
  });

  it('answers checkmate with the mating line', () => {
    const { send } = engineWith();
    expect(send(`position ${MATE_IN_ONE}`, 'go mate 2000').at(-1)).toBe('checkmate G*5b');
  });

  it('solves with df-pn: a mate in 3 answered with its line, and no α-β depth lines', () => {
    const { send } = engineWith();
    // tsume3 entry 3 of test/fixtures/tsume.json
    const lines = send('position sfen 9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1', 'go mate 5000');
    expect(lines.at(-1)).toBe('checkmate G*5c 5b6a G*6b');
    expect(lines.filter((l) => l.startsWith('info'))).toHaveLength(1);
    // USI counts a mate's length in plies.
    expect(lines[0]).toMatch(/^info depth 3 .*score mate 3 .*pv G\*5c 5b6a G\*6b/);
  });

  it('answers nomate when the checks run out or only repeat (perpetual check is no mate)', () => {
    const { send } = engineWith();
    expect(send('position sfen 8k/9/9/9/9/9/9/9/K6R1 b - 1', 'go mate 5000').at(-1)).toBe(
      'checkmate nomate',
    );
  });

  it('answers nomate when no check is possible', () => {
    const { send } = engineWith();
    expect(send('position startpos', 'go mate infinite')).toEqual(['checkmate nomate']);
  });

  it('answers timeout when time runs out before a mate is certain', () => {
    const { send } = engineWith();
    // Refuting this position's checks takes df-pn about 17,000 nodes; the clock is read every 1,024.
    const hard = 'sfen ln7/9/knpG5/9/1S1P5/K1P1PL3/1gSG5/2+bS5/L8 w 2RBGS2NL11P3p 1';
    expect(send(`position ${hard}`, 'go mate 1').at(-1)).toBe('checkmate timeout');
  });

  it('answers a stopped mate search with timeout', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send(`position ${LONE_ROOK}`, 'go mate infinite', 'stop');
    backend.finish(0, ['R*5b'], 0, true);
    expect(out.at(-1)).toBe('checkmate timeout');
    expect(backend.jobs[0]!.job.limits.timeMs).toBeUndefined();
  });
});

describe('usi: errors and quitting', () => {
  it('answers an unknown command with info string and keeps running', () => {
    const { send } = engineWith();
    const lines = send('hello there');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^info string unknown command "hello" \(commands: usi, isready/);
    expect(send('', '   ', 'isready')).toEqual(['readyok']);
  });

  it('quits on quit and ignores what follows', () => {
    const { send, quits, engine } = engineWith();
    send('quit');
    expect(quits()).toBe(1);
    expect(engine.hasQuit).toBe(true);
    expect(send('isready')).toEqual([]);
  });

  it('on quit, stops the search under way, writes its answer, then quits', () => {
    const backend = new ScriptedBackend();
    const { out, send, quits, engine } = engineWith(backend);
    send('position startpos', 'go depth 9', 'quit');
    expect(backend.stops).toBe(1);
    expect(quits()).toBe(0);
    expect(engine.hasQuit).toBe(false);
    // What follows quit is ignored even while the answer is on its way.
    expect(send('go depth 3')).toEqual([]);
    backend.finish(0, ['7g7f'], 50, true);
    expect(out.at(-1)).toBe('bestmove 7g7f');
    expect(backend.jobs).toHaveLength(1);
    expect(quits()).toBe(1);
  });

  it('on quit, still writes the readyok it owes', () => {
    let ready: (() => void) | null = null;
    const backend = new ScriptedBackend();
    backend.prepare = (_options, done) => {
      ready = done;
    };
    const { out, send, quits } = engineWith(backend);
    send('isready', 'quit');
    expect(quits()).toBe(0);
    ready!();
    expect(out.at(-1)).toBe('readyok');
    expect(quits()).toBe(1);
  });

  it('answers each go of a piped script with usinewgame between them', () => {
    const backend = new ScriptedBackend();
    const { out, send, quits } = engineWith(backend);
    send('usinewgame', 'position startpos', 'go depth 5', 'usinewgame', 'position startpos');
    expect(backend.stops).toBe(1);
    expect(backend.clears).toBe(2);
    send('go depth 5', 'quit');
    backend.finish(0, ['7g7f'], 50, true);
    backend.finish(1, ['2g2f'], 50, true);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove 7g7f', 'bestmove 2g2f']);
    expect(quits()).toBe(1);
  });

  it('finishes the search in progress when the input ends, then quits', () => {
    const backend = new ScriptedBackend();
    const { out, send, quits, engine } = engineWith(backend);
    send('position startpos', 'go depth 9');
    engine.endOfInput();
    expect(quits()).toBe(0);
    backend.finish(0, ['7g7f']);
    expect(out.at(-1)).toBe('bestmove 7g7f');
    expect(quits()).toBe(1);
  });

  it('stops an infinite search when the input ends', () => {
    const backend = new ScriptedBackend();
    const { quits, engine, send } = engineWith(backend);
    send('go infinite');
    engine.endOfInput();
    expect(backend.stops).toBe(1);
    backend.finish(0, ['7g7f']);
    expect(quits()).toBe(1);
  });
});

describe('usi: info lines', () => {
  it('prints centipawns and mates in plies', () => {
    expect(formatScore(-35)).toBe('cp -35');
    expect(formatScore(MATE - 3)).toBe('mate 3');
    expect(formatScore(-MATE + 2)).toBe('mate -2');
    expect(formatInfo(fakeInfo(['7g7f', '3c3d'], 12))).toBe(
      'info depth 5 seldepth 9 score cp 12 nodes 12345 nps 100000 time 123 hashfull 7 pv 7g7f 3c3d',
    );
    expect(formatInfo(fakeInfo([], 0))).not.toContain(' pv');
  });

  it('keeps the SFEN of the position it searched', () => {
    const { send } = engineWith();
    send('position startpos moves 2g2f');
    expect(send('d')[0]).toBe(`sfen ${makeSfen(mustPosition('startpos moves 2g2f'))}`);
  });
});

function mustPosition(text: string): Position {
  const r = parsePositionCommand(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('usi: go parameters and time allocation', () => {
  it('reads every go parameter', () => {
    expect(
      parseGo('go btime 60000 wtime -5 binc 1000 winc 2000 byoyomi 0 depth 5 nodes 100'),
    ).toEqual({
      go: {
        ponder: false,
        infinite: false,
        btime: 60000,
        wtime: 0,
        binc: 1000,
        winc: 2000,
        byoyomi: 0,
        depth: 5,
        nodes: 100,
      },
      warnings: [],
    });
    expect(parseGo('go ponder infinite movetime 300')).toEqual({
      go: { ponder: true, infinite: true, movetime: 300 },
      warnings: [],
    });
    expect(parseGo('mate infinite')).toEqual({
      go: { ponder: false, infinite: false, mate: 'infinite' },
      warnings: [],
    });
    expect(parseGo('go mate 5000').go).toEqual({ ponder: false, infinite: false, mate: 5000 });
    expect(parseGo('go movestogo 40 btime 1000 wtime 2000')).toEqual({
      go: { ponder: false, infinite: false, movestogo: 40, btime: 1000, wtime: 2000 },
      warnings: [],
    });
    expect(parseGo('go searchmoves 7g7f P*5e 2g2f depth 3')).toEqual({
      go: { ponder: false, infinite: false, searchmoves: ['7g7f', 'P*5e', '2g2f'], depth: 3 },
      warnings: [],
    });
  });

  it('leaves out what it cannot read, with one warning naming each parameter', () => {
    const read = (text: string) => parseGo(text);
    const plain = { ponder: false, infinite: false };
    // With every limit it gave unreadable, a go searches a second rather than until stop.
    const fallback = { ...plain, movetime: FALLBACK_MOVETIME_MS };
    expect(read('go depth 0')).toEqual({
      go: fallback,
      warnings: [
        'go: depth must be at least 1, got 0; ignored',
        'go: no limit left that could be read; searching 1000 ms',
      ],
    });
    expect(read('go depth abc nodes 500')).toEqual({
      go: { ...plain, nodes: 500 },
      warnings: ['go: depth needs a whole number, got "abc"; ignored'],
    });
    expect(read('go nodes')).toEqual({
      go: fallback,
      warnings: [
        'go: nodes needs a whole number, got nothing; ignored',
        'go: no limit left that could be read; searching 1000 ms',
      ],
    });
    expect(read('go nodes btime 1000').go).toEqual({ ...plain, btime: 1000 });
    expect(read('go movetime -5')).toEqual({
      go: fallback,
      warnings: [
        'go: movetime needs a whole number, got "-5"; ignored',
        'go: no limit left that could be read; searching 1000 ms',
      ],
    });
    expect(read('go binc -1').warnings).toEqual([
      'go: binc needs a whole number, got "-1"; ignored',
      'go: no limit left that could be read; searching 1000 ms',
    ]);
    // An unreadable limit beside an infinite search changes nothing: stop ends it.
    expect(read('go infinite depth x').go).toEqual({ ...plain, infinite: true });
    expect(read('go movestogo 0 byoyomi 1000')).toEqual({
      go: { ...plain, byoyomi: 1000 },
      warnings: ['go: movestogo must be at least 1, got 0; ignored'],
    });
    expect(read('go searchmoves depth 2')).toEqual({
      go: { ...plain, depth: 2 },
      warnings: ['go: searchmoves needs at least one move; ignored'],
    });
    const unknown = read('go fast 10 depth 4 slowly');
    expect(unknown.go).toEqual({ ...plain, depth: 4 });
    expect(unknown.warnings).toHaveLength(2);
    expect(unknown.warnings[0]).toMatch(
      /^go: unknown parameter "fast" \(with "10"\) ignored \(known: ponder, infinite, btime, /,
    );
    expect(unknown.warnings[1]).toMatch(/^go: unknown parameter "slowly" ignored/);
    expect(read('go ponder now').go).toEqual({ ...plain, ponder: true });
    expect(read('go mate soon')).toEqual({
      go: { ...plain, mate: 'infinite' },
      warnings: [
        'go: mate needs a time in milliseconds or "infinite", got "soon"; searching until stop',
      ],
    });
  });

  it('reads searchmoves against the root, leaving out moves that are not legal there', () => {
    const root = mustPosition('startpos');
    const { moves, warnings } = readSearchMoves(root, ['7g7f', '7g7e', 'banana', 'P*5e', '2g2f']);
    expect(moves.map(makeUsiMove)).toEqual(['7g7f', '2g2f']);
    expect(warnings).toEqual([
      'go: searchmoves: 7g7e is not legal here; ignored',
      'go: searchmoves: "banana" is not a USI move (like 7g7f, 8h2b+ or P*5e); ignored',
      'go: searchmoves: P*5e is not legal here (no such piece in hand); ignored',
    ]);
  });

  it('spends byoyomi minus the margin when main time is gone', () => {
    expect(allocateTime({ time: 0, inc: 0, byoyomi: 1000 })).toBe(1000 - DEFAULT_TIME_MARGIN_MS);
    expect(allocateTime({ time: 0, inc: 0, byoyomi: 10000 }, 500)).toBe(9500);
  });

  it('spends a share of main time plus the byoyomi or increment', () => {
    expect(MOVES_TO_GO).toBe(50);
    expect(allocateTime({ time: 600000, inc: 0, byoyomi: 10000 })).toBe(12000 + 10000);
    expect(allocateTime({ time: 60000, inc: 2000, byoyomi: 0 })).toBe(1200 + 2000);
    expect(allocateTime({ time: 300000, inc: 0, byoyomi: 0 })).toBe(6000);
  });

  it('shares main time over movestogo moves when the time control is nearer than MOVES_TO_GO', () => {
    expect(allocateTime({ time: 60000, inc: 0, byoyomi: 0, movesToGo: 5 })).toBe(12000);
    expect(allocateTime({ time: 60000, inc: 0, byoyomi: 0, movesToGo: 40 })).toBe(60000 / 40);
    expect(allocateTime({ time: 60000, inc: 0, byoyomi: 0, movesToGo: 80 })).toBe(
      60000 / MOVES_TO_GO,
    );
    expect(allocateTime({ time: 60000, inc: 0, byoyomi: 0, movesToGo: 1 }, 500)).toBe(59500);
    expect(goLimits(parseGo('go movestogo 10 btime 60000 wtime 1000').go, 0)).toEqual({
      timeMs: 18000,
      softTimeMs: 6000,
    });
  });

  it('never plans more than the clock holds, nor less than the minimum', () => {
    expect(allocateTime({ time: 1000, inc: 5000, byoyomi: 0 })).toBe(1000 - DEFAULT_TIME_MARGIN_MS);
    expect(allocateTime({ time: 100, inc: 0, byoyomi: 0 })).toBe(MIN_THINK_MS);
    expect(allocateTime({ time: 0, inc: 0, byoyomi: 0 })).toBe(MIN_THINK_MS);
  });

  it('reads the clock of the side to move', () => {
    const { go } = parseGo('go btime 30000 wtime 60000 binc 0 winc 3000');
    expect(goLimits(go, 0)).toEqual({ timeMs: 1800, softTimeMs: 600 });
    expect(goLimits(go, 1)).toEqual({ timeMs: 3 * (1200 + 3000), softTimeMs: 1200 + 3000 });
  });

  it('gives movetime, infinite, ponder and mate their own limits', () => {
    const limits = (text: string) => goLimits(parseGo(text).go, 0);
    expect(limits('go movetime 700 btime 9999')).toEqual({ timeMs: 700 - MOVETIME_MARGIN_MS });
    expect(limits('go infinite')).toEqual({});
    expect(limits('go ponder btime 1000 byoyomi 1000')).toEqual({});
    expect(limits('go')).toEqual({});
    expect(limits('go mate 3000')).toMatchObject({ timeMs: 3000 });
    expect(limits('go mate infinite').timeMs).toBeUndefined();
  });

  it('uses all of movetime but a small margin, and on main time starts no depth after the plan', () => {
    const limits = (text: string) => goLimits(parseGo(text).go, 0);
    expect(MOVETIME_MARGIN_MS).toBeLessThanOrEqual(20);
    expect(limits('go movetime 300')).toEqual({ timeMs: 300 - MOVETIME_MARGIN_MS });
    expect(limits('go movetime 5')).toEqual({ timeMs: 0 });
    expect(MAX_TIME_RATIO).toBe(3);
    expect(limits('go btime 60000 wtime 0 byoyomi 1000')).toEqual({
      timeMs: 3 * (60000 / MOVES_TO_GO + 1000),
      softTimeMs: 60000 / MOVES_TO_GO + 1000,
    });
    expect(limits('go btime 100 wtime 0')).toEqual({
      timeMs: MIN_THINK_MS,
      softTimeMs: MIN_THINK_MS,
    });
  });
});
