/**
 * The USI engine (Universal Shogi Interface): a state machine that reads command lines from a
 * GUI and writes answer lines through a callback. It holds the position and the options and
 * turns `go` into a search; the search itself runs behind a `SearchBackend` (backend.ts),
 * synchronously in tests or in a worker thread in the command line (scripts/usi.ts), so `stop`
 * can arrive while it thinks. Options are in options.ts, `go` and the clock in time.ts.
 *
 * Protocol: http://shogidokoro.starfree.jp/usi.html (the USI specification as Shogidokoro keeps it).
 */
import { hasLegalMove, legalMoves } from '../movegen';
import { makeUsiMove, parseUsiMove } from '../notation';
import { Position } from '../position';
import { canDeclareWin, hasCheckingMove } from '../rules';
import { STRONGEST } from '../lab/presets';
import {
  checkLimits,
  DEFAULT_OPTIONS,
  MATE_BOUND,
  OPTION_SCHEMA,
  resolveOptions,
  type OptionSpec,
  type SearchLimits,
  type SearchOptions,
  type SearchResult,
} from '../search/index';
import { makeSfen, parsePositionCommand } from '../sfen';
import type { Move, Result } from '../types';
import type { SearchBackend, SearchJob } from './backend';
import { drawBoard, formatInfo } from './format';
import {
  BASELINE_OPTION,
  HASH_OPTION,
  makeOptionLine,
  makeUsiOptions,
  mateProofOptions,
  parseOptionValue,
  PONDER_OPTION,
  RESIGN_OPTION,
  searchOptionsFrom,
  TIME_MARGIN_OPTION,
  type BoundOption,
  type UsiOptionValue,
} from './options';
import {
  checkOurClock,
  FALLBACK_MOVETIME_MS,
  goLimits,
  parseGo,
  readSearchMoves,
  type GoParams,
} from './time';

export { createSyncBackend, runSearchJob, type SearchBackend, type SearchJob } from './backend';
export { drawBoard, formatInfo, formatScore } from './format';

/** What the engine plays with when no option is set: the lab's strongest settings. */
export const ENGINE_DEFAULTS: Readonly<SearchOptions> = (() => {
  const r = resolveOptions(STRONGEST);
  if (!r.ok) throw new Error(`the strongest settings do not resolve: ${r.error}`);
  return r.value;
})();

export const ENGINE_NAME = 'Yomi';
export const ENGINE_AUTHOR = 'the Yomi authors';

type Mode = 'normal' | 'infinite' | 'ponder' | 'mate';

/** One `go`, from the command to its `bestmove` (or `checkmate`). */
interface ActiveSearch {
  mode: Mode;
  go: GoParams;
  /** The root position and its `position` text, fixed at `go`; null after a failed `position`. */
  root: Position | null;
  positionText: string;
  /** The legal moves of `searchmoves`; empty to search every move. */
  searchMoves: Move[];
  /** `stop` (or a later `go`) came: answer as soon as possible, hold nothing back. */
  stopRequested: boolean;
  /** A finished answer held back until `stop` or `ponderhit` (infinite search, pondering). */
  held: string[] | null;
  /** `ponderhit` came while pondering: when the ponder search returns, search again on the clock. */
  restartOnDone: boolean;
  /**
   * When the GUI's clock for this move started (UsiEngineConfig.now): at `go`, or at `ponderhit`.
   * The search takes the time since then off its limits: a `go` that waited for the search before
   * it, or for the search thread, has that much less left.
   */
  clockStart: number;
  infoLines: number;
}

const COMMANDS =
  'usi, isready, setoption, usinewgame, position, go, stop, ponderhit, gameover, quit, d';
const GAME_RESULTS: readonly string[] = ['win', 'lose', 'draw'];

export interface UsiEngineConfig {
  /** Receives every output line, without the newline. */
  write: (line: string) => void;
  backend: SearchBackend;
  /** Called once, after `quit`, or when the input has ended and every answer is written. */
  onQuit?: () => void;
  /** The search options to announce (tests pass their own). */
  schema?: readonly OptionSpec[];
  /**
   * The wall clock in milliseconds, read when `go` and `ponderhit` arrive; Date.now by default,
   * which every thread reads alike, so a search thread can tell how long a job waited.
   */
  now?: () => number;
}

export class UsiEngine {
  private readonly write: (line: string) => void;
  private readonly backend: SearchBackend;
  private readonly onQuit: () => void;
  private readonly schema: readonly OptionSpec[];
  private readonly now: () => number;
  readonly options: readonly BoundOption[];
  private readonly values = new Map<string, UsiOptionValue>();
  private positionText = 'startpos';
  /** The current position, or null after a `position` command that failed. */
  private position: Position | null = Position.startpos();
  private positionError = '';
  /** The search under way (running, or holding its answer until `stop` or `ponderhit`). */
  private search: ActiveSearch | null = null;
  /** `go`s that came while `search` was under way: each starts once the one before answered. */
  private queued: ActiveSearch[] = [];
  private quitWhenIdle = false;
  /** `isready`s whose `readyok` is still to come. */
  private pendingReady = 0;
  private quitted = false;

  constructor(config: UsiEngineConfig) {
    this.write = config.write;
    this.backend = config.backend;
    this.onQuit = config.onQuit ?? (() => {});
    this.schema = config.schema ?? OPTION_SCHEMA;
    this.now = config.now ?? (() => Date.now());
    this.options = makeUsiOptions(this.schema, ENGINE_DEFAULTS);
    for (const o of this.options) if (o.type !== 'button') this.values.set(o.name, o.default);
  }

  /** True from `go` until its answer (and that of every `go` after it) is written. */
  get searching(): boolean {
    return this.search !== null;
  }

  get hasQuit(): boolean {
    return this.quitted;
  }

  /**
   * The search options the current USI values describe: the strongest settings with the GUI's
   * values, or with BookBaseline the book's baseline with the values the GUI changed.
   */
  searchOptions(): SearchOptions {
    const r = this.checkOptions();
    if (!r.ok) throw new Error(r.error); // setoption checked every value
    return r.value;
  }

  /** The search options the USI values make, or what is wrong with them. */
  private checkOptions(): Result<SearchOptions> {
    const baseline = this.values.get(BASELINE_OPTION) === true;
    return searchOptionsFrom(
      this.options,
      this.values,
      this.schema,
      baseline ? DEFAULT_OPTIONS : ENGINE_DEFAULTS,
      baseline,
    );
  }

  /** Handle one line of input. */
  receive(line: string): void {
    if (this.quitted) return;
    const text = line.trim();
    if (text === '') return;
    const [command = '', ...args] = text.split(/\s+/);
    switch (command) {
      case 'usi':
        return this.usi();
      case 'isready':
        return this.isready();
      case 'setoption':
        return this.setoption(text);
      case 'usinewgame':
        this.abandonSearch();
        return this.backend.clear();
      case 'position':
        return this.setPosition(text);
      case 'go':
        return this.go(text);
      case 'stop':
        return this.stop();
      case 'ponderhit':
        return this.ponderhit();
      case 'gameover':
        // A bare `gameover` (cshogi sends one) is fine; a word that is no result is worth a note.
        if (args[0] !== undefined && !GAME_RESULTS.includes(args[0]))
          this.info(`gameover: expected win, lose or draw, got ${show(args[0])}`);
        return this.abandonSearch();
      case 'quit':
        return this.quit();
      case 'd':
        return this.display();
      default:
        this.info(`unknown command ${show(command)} (commands: ${COMMANDS})`);
    }
  }

  /**
   * The input ended: finish what is under way (stopping a search that would never end by itself)
   * and quit once every answer is written.
   */
  endOfInput(): void {
    if (this.quitted) return;
    this.quitWhenIdle = true;
    const waitsForStop = (s: ActiveSearch): boolean => s.mode === 'infinite' || s.mode === 'ponder';
    if (this.search && [this.search, ...this.queued].some(waitsForStop)) this.stop();
    this.quitIfIdle();
  }

  private quitIfIdle(): void {
    if (this.quitWhenIdle && !this.quitted && this.search === null && this.pendingReady === 0)
      this.quit();
  }

  private info(message: string): void {
    this.write(`info string ${message}`);
  }

  private usi(): void {
    this.write(`id name ${ENGINE_NAME}`);
    this.write(`id author ${ENGINE_AUTHOR}`);
    for (const option of this.options) this.write(makeOptionLine(option));
    this.write('usiok');
  }

  private isready(): void {
    // While a search runs the options cannot change under it: answer at once.
    if (this.search) return this.write('readyok');
    this.pendingReady++;
    this.backend.prepare(this.searchOptions(), () => {
      this.pendingReady--;
      if (this.quitted) return;
      this.write('readyok');
      this.quitIfIdle();
    });
  }

  private setoption(text: string): void {
    const m = /^setoption\s+name\s+(.+?)(?:\s+value(?:\s+(.*))?)?$/.exec(text);
    if (!m) return this.info('setoption: expected "setoption name <name> [value <value>]"');
    const [, name = '', valueText] = m;
    const option =
      this.options.find((o) => o.name === name) ??
      this.options.find((o) => o.name.toLowerCase() === name.toLowerCase() || o.path === name);
    if (!option) return this.info(`setoption: unknown option ${show(name)}`);
    // GUIs send their own hash size; more than the engine takes is not worth refusing.
    if (option.type === 'spin' && option.name === HASH_OPTION && Number(valueText) > option.max) {
      this.values.set(option.name, option.max);
      return this.info(
        `setoption ${HASH_OPTION}: ${valueText} is more than ${option.max}; using ${option.max}`,
      );
    }
    const value = parseOptionValue(option, valueText);
    if (!value.ok) return this.info(value.error);
    // A value the option's own type accepts may still be no value for the search (a table of the
    // wrong length, text where numbers belong): it is checked here, where the GUI can be told,
    // and the old value kept, rather than at the next isready or go.
    const old = this.values.get(option.name);
    this.values.set(option.name, value.value);
    const checked = this.checkOptions();
    if (!checked.ok) {
      if (old === undefined) this.values.delete(option.name);
      else this.values.set(option.name, old);
      return this.info(`setoption: ${checked.error}; keeping the value it had`);
    }
  }

  private setPosition(text: string): void {
    const parsed = parsePositionCommand(text);
    if (!parsed.ok) {
      this.position = null;
      this.positionError = parsed.error;
      return this.info(`${parsed.error}; no position until the next valid position command`);
    }
    this.position = parsed.value;
    this.positionText = text.replace(/^position\s+/, '');
  }

  // #region usi-go
  /**
   * `go` always ends in an answer: a GUI waits for it and loses on time without it. What `go`
   * says that cannot be understood is reported and left out; a `go` while another search is
   * under way stops that one, which answers first, and then starts.
   */
  private go(text: string): void {
    const clockStart = this.now();
    const root = this.position;
    const parsed = parseGo(text);
    const { go, warnings } = root === null ? parsed : checkOurClock(parsed, root.sideToMove);
    for (const warning of warnings) this.info(warning);
    if (root === null) this.info(`go: no position to search (${this.positionError})`);
    const chosen =
      root !== null && go.searchmoves !== undefined
        ? readSearchMoves(root, go.searchmoves)
        : { moves: [], warnings: [] };
    for (const warning of chosen.warnings) this.info(warning);
    const search: ActiveSearch = {
      mode:
        go.mate !== undefined ? 'mate' : go.ponder ? 'ponder' : go.infinite ? 'infinite' : 'normal',
      go,
      root,
      positionText: this.positionText,
      searchMoves: chosen.moves,
      stopRequested: false,
      held: null,
      restartOnDone: false,
      clockStart,
      infoLines: 0,
    };
    if (this.search) {
      // Answers go out in the order of the `go`s: stop what is under way, start this one after.
      for (const waiting of this.queued) waiting.stopRequested = true;
      this.queued.push(search);
      return this.stopSearch(this.search);
    }
    this.begin(search);
  }

  private begin(search: ActiveSearch): void {
    this.search = search;
    const answer = this.answerWithoutSearch(search);
    if (answer) return this.finish(search, answer);
    this.startBackend(search, search.go);
  }

  /**
   * Some `go`s need no search: no position, no legal move, a winning declaration, no check to
   * give.
   */
  private answerWithoutSearch(search: ActiveSearch): string[] | null {
    const pos = search.root;
    if (pos === null) return [search.mode === 'mate' ? 'checkmate nomate' : 'bestmove resign'];
    if (search.mode === 'mate') return hasCheckingMove(pos) ? null : ['checkmate nomate'];
    if (!hasLegalMove(pos)) return ['bestmove resign'];
    if (canDeclareWin(pos)) return ['bestmove win'];
    return null;
  }

  /**
   * The limits of a search: those of its `go`, its `searchmoves`, and depth 1 only for a search
   * that was stopped before it began (a later `go` or `stop` came while it waited its turn), so
   * that it answers at once, with a move it has looked at.
   */
  private limits(search: ActiveSearch, go: GoParams): SearchLimits {
    const margin = Number(this.values.get(TIME_MARGIN_OPTION));
    const limits = goLimits(go, rootOf(search).sideToMove, margin);
    if (search.searchMoves.length > 0) limits.searchMoves = search.searchMoves;
    if (search.stopRequested) limits.depth = 1;
    // parseGo let through only what makes a search; the check every caller of the search shares
    // says so again, and a GUI that waits for a bestmove still gets one.
    const checked = checkLimits(limits);
    if (checked.ok) return checked.value;
    this.info(`go: ${checked.error}; searching ${FALLBACK_MOVETIME_MS} ms`);
    return { timeMs: FALLBACK_MOVETIME_MS };
  }

  private startBackend(search: ActiveSearch, go: GoParams): void {
    const options = this.searchOptions();
    const job: SearchJob = {
      position: search.positionText,
      limits: this.limits(search, go),
      clockStart: search.clockStart,
      // `checkmate <moves>` must be a proof: no technique that can skip a defence.
      options: search.mode === 'mate' ? mateProofOptions(options) : options,
      ...(search.mode === 'mate' ? { solver: 'dfpn' as const } : {}),
    };
    this.backend.start(
      job,
      (info) => {
        if (this.search !== search) return;
        search.infoLines++;
        this.write(formatInfo(info));
      },
      (result) => this.searchDone(search, result),
    );
  }

  private searchDone(search: ActiveSearch, result: Result<SearchResult>): void {
    if (this.search !== search) return; // abandoned (gameover, usinewgame, quit)
    if (search.restartOnDone && !search.stopRequested) {
      search.restartOnDone = false;
      return this.startBackend(search, { ...search.go, ponder: false });
    }
    if (!result.ok) {
      this.info(`search failed: ${result.error}`);
      return this.finish(search, [
        search.mode === 'mate' ? 'checkmate timeout' : 'bestmove resign',
      ]);
    }
    // A search stopped inside depth 1 reported nothing yet: say what it has, if anything.
    const unreported = search.infoLines === 0 && result.value.pv.length > 0;
    const lines = unreported ? [formatInfo(result.value)] : [];
    lines.push(
      search.mode === 'mate' ? mateAnswer(result.value) : this.bestMoveAnswer(search, result.value),
    );
    this.finish(search, lines);
  }
  // #endregion

  /**
   * `bestmove`, checked against the root: a search cut short at depth 1 may have no move yet.
   * `resign` when ResignValue is set and the score (the side to move's) is at or below minus it.
   */
  private bestMoveAnswer(search: ActiveSearch, result: SearchResult): string {
    const root = rootOf(search);
    const best = result.bestMove === null ? null : parseUsiMove(root, result.bestMove);
    const move = best?.ok ? best.value : (search.searchMoves[0] ?? legalMoves(root)[0]);
    if (move === undefined) return 'bestmove resign';
    // A search stopped inside depth 1 has no score worth resigning over.
    const scored = search.infoLines > 0 || !result.stopped;
    const resignValue = Number(this.values.get(RESIGN_OPTION));
    if (scored && resignValue > 0 && result.value <= -resignValue) return 'bestmove resign';
    let line = `bestmove ${makeUsiMove(move)}`;
    if (this.values.get(PONDER_OPTION) === true && best?.ok && result.ponder !== null) {
      root.doMove(move);
      if (parseUsiMove(root, result.ponder).ok) line += ` ponder ${result.ponder}`;
      root.undoMove(move);
    }
    return line;
  }

  /**
   * Write the answer, unless USI says to hold it until `stop` or `ponderhit`; then start the
   * next `go` that waited for it.
   */
  private finish(search: ActiveSearch, lines: string[]): void {
    const waitsForGui = search.mode === 'infinite' || search.mode === 'ponder';
    if (waitsForGui && !search.stopRequested) {
      search.held = lines;
      return;
    }
    this.search = null;
    for (const line of lines) this.write(line);
    const next = this.queued.shift();
    if (next) return this.begin(next);
    this.quitIfIdle();
  }

  /** Stop the search under way and every `go` waiting behind it; each still answers. */
  private stop(): void {
    const search = this.search;
    if (!search) return; // the answer crossed the stop on its way: nothing to do
    for (const waiting of this.queued) waiting.stopRequested = true;
    this.stopSearch(search);
  }

  /** Answer a held search now, or ask the running one to finish (it answers when it returns). */
  private stopSearch(search: ActiveSearch): void {
    if (search.held) {
      search.stopRequested = true;
      return this.finish(search, search.held);
    }
    if (search.stopRequested) return; // asked already; the answer is on its way
    search.stopRequested = true;
    this.backend.stop();
  }

  private ponderhit(): void {
    // The newest `go` is the one the GUI pondered with; if it has not begun, it begins on the clock.
    const waiting = this.queued.at(-1);
    if (waiting?.mode === 'ponder') {
      waiting.mode = 'normal';
      waiting.go = { ...waiting.go, ponder: false };
      waiting.clockStart = this.now();
      return;
    }
    const search = this.search;
    if (waiting || !search || search.mode !== 'ponder') return;
    search.mode = 'normal';
    // The GUI's clock runs from here, not from when the ponder search gets round to stopping.
    search.clockStart = this.now();
    if (search.held) return this.finish(search, search.held);
    const onTheClock = this.limits(search, { ...search.go, ponder: false });
    if (onTheClock.timeMs === undefined) return; // no clock: the ponder search ends by itself
    // The tables keep what pondering found, so searching again on the clock loses little.
    search.restartOnDone = true;
    this.backend.stop();
  }

  /** Drop the search in progress, and every `go` waiting behind it, without answering them. */
  private abandonSearch(): void {
    if (!this.search) return;
    this.search = null;
    this.queued = [];
    this.backend.stop();
  }

  private quit(): void {
    this.abandonSearch();
    this.quitted = true;
    this.onQuit();
  }

  private display(): void {
    if (this.position === null) return this.info(`no position (${this.positionError})`);
    this.write(`sfen ${makeSfen(this.position)}`);
    for (const line of drawBoard(this.position)) this.write(line);
  }
}

/**
 * The answer to `go mate`: the mating line when the side to move mates, `nomate` when the mate
 * search proved there is none (no sequence of checks mates), and `timeout` when the time ran out
 * before either was certain. A result from the α-β search (no `mateStatus`) reads its value: a
 * proven mate, or the side to move mated itself.
 */
export function mateAnswer(result: SearchResult): string {
  if (result.mateStatus !== undefined) {
    if (result.mateStatus === 'mate') return `checkmate ${result.pv.join(' ')}`;
    return result.mateStatus === 'nomate' ? 'checkmate nomate' : 'checkmate timeout';
  }
  if (result.value > MATE_BOUND && result.pv.length > 0) return `checkmate ${result.pv.join(' ')}`;
  if (result.value < -MATE_BOUND && !result.stopped) return 'checkmate nomate';
  return 'checkmate timeout';
}

/** The root of a search that runs: only a `go` with a position gets as far as the backend. */
function rootOf(search: ActiveSearch): Position {
  if (search.root === null) throw new Error('usi: a search without a position reached the backend');
  return search.root;
}

const show = (text: string | undefined): string =>
  text === undefined ? 'nothing' : JSON.stringify(text.slice(0, 40));
