/**
 * The USI state machine (src/engine/usi/engine.ts) driven line by line: the handshake and its option
 * lines, setoption, position, go in every form, stop / ponderhit / gameover / quit, errors, and
 * the time allocation of usi/time.ts. Real searches run through the synchronous backend; a
 * scripted backend stands in where the order of events matters (stop while searching).
 */
import { newStats } from '../../../src/engine/search/state';
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
import {
  createSyncBackend,
  drawBoard,
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
  parseGo,
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
    expect(options).toHaveLength(OPTION_SCHEMA.length + 3); // and USI_Ponder, TimeMargin, ResignValue
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

  it('maps toggles to check, selects to combo and whole numbers to spin', () => {
    const options = makeUsiOptions(OPTION_SCHEMA);
    for (const spec of OPTION_SCHEMA) {
      const o = options.find((x) => x.path === spec.path)!;
      if (spec.kind === 'toggle') expect(o.type).toBe('check');
      if (spec.kind === 'select') expect(o).toMatchObject({ type: 'combo', vars: spec.choices });
      if (spec.kind === 'integer' || spec.kind === 'number')
        expect(o).toMatchObject({ type: 'spin', min: spec.min, max: spec.max });
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
      'expected one of standard, move-evaluation, none',
    );
    expect(send('setoption USI_Hash 16')[0]).toContain('expected "setoption name <name>');
    expect(engine.searchOptions()).toEqual(DEFAULT_OPTIONS);
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
    expect(job.limits).toEqual({ timeMs: 90000 / MOVES_TO_GO + 1000 });
    expect(job.options.pvs).toBe(false);
    backend.finish(0, ['3c3d', '2g2f']);
    expect(send('go depth 4 nodes 500')).toEqual([]);
    expect(backend.jobs[1]!.job.limits).toEqual({ depth: 4, nodes: 500 });
  });

  it('refuses a second go while searching, and a malformed go', () => {
    const backend = new ScriptedBackend();
    const { send } = engineWith(backend);
    expect(send('go byoyomi x')).toEqual(['info string go: byoyomi needs a whole number, got "x"']);
    expect(send('go fast')[0]).toContain('go: unknown parameter "fast"');
    expect(backend.jobs).toHaveLength(0);
    send('go infinite');
    expect(send('go depth 1')).toEqual([
      'info string go: a search is already running; send stop first',
    ]);
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
    expect(backend.jobs[1]!.job.limits).toEqual({ timeMs: 30000 / MOVES_TO_GO + 2000 });
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

  it('drops the search on gameover and on usinewgame', () => {
    const backend = new ScriptedBackend();
    const { out, send } = engineWith(backend);
    send('position startpos', 'go infinite', 'gameover lose');
    backend.finish(0, ['7g7f']);
    send('go infinite', 'usinewgame');
    backend.finish(1, ['7g7f']);
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    expect(backend.clears).toBe(1);
    expect(send('gameover maybe')[0]).toMatch(/gameover: expected win, lose or draw/);
  });
});

describe('usi: go mate', () => {
  it('answers checkmate with the mating line', () => {
    const { send } = engineWith();
    expect(send(`position ${MATE_IN_ONE}`, 'go mate 2000').at(-1)).toBe('checkmate G*5b');
  });

  it('answers nomate when no check is possible', () => {
    const { send } = engineWith();
    expect(send('position startpos', 'go mate infinite')).toEqual(['checkmate nomate']);
  });

  it('answers timeout when time runs out before a mate is certain', () => {
    const { send } = engineWith();
    expect(send(`position ${LONE_ROOK}`, 'go mate 100').at(-1)).toBe('checkmate timeout');
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
    ).toEqual(
      ok({
        ponder: false,
        infinite: false,
        btime: 60000,
        wtime: 0,
        binc: 1000,
        winc: 2000,
        byoyomi: 0,
        depth: 5,
        nodes: 100,
      }),
    );
    expect(parseGo('go ponder infinite movetime 300')).toEqual(
      ok({ ponder: true, infinite: true, movetime: 300 }),
    );
    expect(parseGo('mate infinite')).toEqual(
      ok({ ponder: false, infinite: false, mate: 'infinite' }),
    );
    expect(parseGo('go mate 5000')).toEqual(ok({ ponder: false, infinite: false, mate: 5000 }));
  });

  it('names the parameter that is wrong', () => {
    expect(parseGo('go depth 0')).toEqual(err('go: depth must be at least 1, got 0'));
    expect(parseGo('go nodes')).toEqual(err('go: nodes needs a whole number, got nothing'));
    expect(parseGo('go binc -1')).toEqual(err('go: binc needs a whole number, got "-1"'));
    expect(parseGo('go mate soon')).toEqual(
      err('go: mate needs a time in milliseconds or "infinite", got "soon"'),
    );
  });

  it('spends byoyomi minus the margin when main time is gone', () => {
    expect(allocateTime({ time: 0, inc: 0, byoyomi: 1000 })).toBe(1000 - DEFAULT_TIME_MARGIN_MS);
    expect(allocateTime({ time: 0, inc: 0, byoyomi: 10000 }, 500)).toBe(9500);
  });

  it('spends a share of main time plus the byoyomi or increment', () => {
    expect(allocateTime({ time: 600000, inc: 0, byoyomi: 10000 })).toBe(20000 + 10000);
    expect(allocateTime({ time: 60000, inc: 2000, byoyomi: 0 })).toBe(2000 + 2000);
    expect(allocateTime({ time: 300000, inc: 0, byoyomi: 0 })).toBe(10000);
  });

  it('never plans more than the clock holds, nor less than the minimum', () => {
    expect(allocateTime({ time: 1000, inc: 5000, byoyomi: 0 })).toBe(1000 - DEFAULT_TIME_MARGIN_MS);
    expect(allocateTime({ time: 100, inc: 0, byoyomi: 0 })).toBe(MIN_THINK_MS);
    expect(allocateTime({ time: 0, inc: 0, byoyomi: 0 })).toBe(MIN_THINK_MS);
  });

  it('reads the clock of the side to move', () => {
    const go = parseGo('go btime 30000 wtime 60000 binc 0 winc 3000');
    if (!go.ok) throw new Error(go.error);
    expect(goLimits(go.value, 0)).toEqual({ timeMs: 1000 });
    expect(goLimits(go.value, 1)).toEqual({ timeMs: 2000 + 3000 });
  });

  it('gives movetime, infinite, ponder and mate their own limits', () => {
    const limits = (text: string) => {
      const go = parseGo(text);
      if (!go.ok) throw new Error(go.error);
      return goLimits(go.value, 0);
    };
    expect(limits('go movetime 700 btime 9999')).toEqual({ timeMs: 700 });
    expect(limits('go infinite')).toEqual({});
    expect(limits('go ponder btime 1000 byoyomi 1000')).toEqual({});
    expect(limits('go')).toEqual({});
    expect(limits('go mate 3000')).toMatchObject({ timeMs: 3000 });
    expect(limits('go mate infinite').timeMs).toBeUndefined();
  });
});
