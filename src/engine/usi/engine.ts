/**
 * The USI engine (Universal Shogi Interface): a state machine that reads command lines from a
 * GUI and writes answer lines through a callback. It holds the position and the options and
 * turns `go` into a search; the search itself runs behind a `SearchBackend` (backend.ts),
 * synchronously in tests or in a worker thread in the command line (scripts/usi.ts), so `stop`
 * can arrive while it thinks. The options are in options.ts and their values in settings.ts,
 * `go` and the clock in time.ts, what a `go` answers in answers.ts.
 *
 * Protocol: http://shogidokoro.starfree.jp/usi.html (the USI specification as Shogidokoro keeps it).
 */
import { Position } from '../position';
import {
  checkLimits,
  OPTION_SCHEMA,
  type OptionSpec,
  type SearchLimits,
  type SearchOptions,
  type SearchResult,
} from '../search/index';
import { makeSfen, parsePositionCommand } from '../sfen';
import type { Result } from '../types';
import {
  type ActiveSearch,
  answerWithoutSearch,
  bestMoveAnswer,
  mateAnswer,
  newSearch,
  rootOf,
} from './answers';
import type { SearchBackend, SearchJob } from './backend';
import { drawBoard, formatInfo } from './format';
import { type BoundOption, makeOptionLine, mateProofOptions, TIME_MARGIN_OPTION } from './options';
import { show, UsiSettings } from './settings';
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
export { mateAnswer } from './answers';
export { ENGINE_DEFAULTS } from './settings';

export const ENGINE_NAME = 'Yomi';
export const ENGINE_AUTHOR = 'the Yomi authors';

const COMMANDS =
  'usi, isready, setoption, usinewgame, position, go, stop, ponderhit, gameover, quit, d';
const GAME_RESULTS: readonly string[] = ['win', 'lose', 'draw'];

/** A search that never ends by itself: its answer waits for the GUI's `stop` or `ponderhit`. */
const waitsForGui = (s: ActiveSearch): boolean => s.mode === 'infinite' || s.mode === 'ponder';

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
  private readonly now: () => number;
  /** The options announced and the values `setoption` set (settings.ts). */
  private readonly settings: UsiSettings;
  private positionText = 'startpos';
  /** The current position, or null after a `position` command that failed. */
  private position: Position | null = Position.startpos();
  private positionError = '';
  /** The search under way (running, or holding its answer until `stop` or `ponderhit`). */
  private search: ActiveSearch | null = null;
  /** `go`s that came while `search` was under way: each starts once the one before answered. */
  private queued: ActiveSearch[] = [];
  /** `quit` came, or the input ended: what follows is ignored, what is owed is still written. */
  private quitWhenIdle = false;
  /** `isready`s whose `readyok` is still to come. */
  private pendingReady = 0;
  private quitted = false;

  constructor(config: UsiEngineConfig) {
    this.write = config.write;
    this.backend = config.backend;
    this.onQuit = config.onQuit ?? (() => {});
    this.now = config.now ?? (() => Date.now());
    this.settings = new UsiSettings(config.schema ?? OPTION_SCHEMA);
  }

  /** The USI options the engine announces, each bound to where its value goes. */
  get options(): readonly BoundOption[] {
    return this.settings.options;
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
    return this.settings.searchOptions();
  }

  /** Handle one line of input. */
  receive(line: string): void {
    if (this.quitWhenIdle) return;
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
        return this.newGame();
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
    if (this.someWaitsForGui()) this.stop();
    this.quitIfIdle();
  }

  /**
   * A GUI sends `usinewgame` between games, not while a search runs. A search that waits for the
   * GUI (infinite, ponder) is dropped unanswered, as `gameover` drops it; one that would end by
   * itself is stopped and answers, so a script that pipes `go depth 5`, `usinewgame`, … in at once
   * gets an answer to each `go`.
   */
  private newGame(): void {
    if (this.someWaitsForGui()) this.abandonSearch();
    else this.stop();
    this.backend.clear();
  }

  /** The search under way, or a `go` waiting behind it, answers only when the GUI says. */
  private someWaitsForGui(): boolean {
    return this.search !== null && [this.search, ...this.queued].some(waitsForGui);
  }

  private quitIfIdle(): void {
    if (this.quitWhenIdle && !this.quitted && this.search === null && this.pendingReady === 0) {
      this.quitted = true;
      this.onQuit();
    }
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
    const note = this.settings.setoption(text);
    if (note !== null) this.info(note);
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
    const search = newSearch(go, root, this.positionText, chosen.moves, clockStart);
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
    const answer = answerWithoutSearch(search);
    if (answer) return this.finish(search, answer);
    this.startBackend(search, search.go);
  }

  /**
   * The limits of a search: those of its `go`, its `searchmoves`, and depth 1 only for a search
   * that was stopped before it began (a later `go` or `stop` came while it waited its turn), so
   * that it answers at once, with a move it has looked at.
   */
  private limits(search: ActiveSearch, go: GoParams): SearchLimits {
    const margin = Number(this.settings.get(TIME_MARGIN_OPTION));
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
    if (this.search !== search) return; // abandoned (gameover)
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
      search.mode === 'mate'
        ? mateAnswer(result.value)
        : bestMoveAnswer(search, result.value, this.settings),
    );
    this.finish(search, lines);
  }
  // #endregion

  /**
   * Write the answer, unless USI says to hold it until `stop` or `ponderhit`; then start the
   * next `go` that waited for it.
   */
  private finish(search: ActiveSearch, lines: string[]): void {
    if (waitsForGui(search) && !search.stopRequested) {
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

  /**
   * Quit as soon as what is owed is written: the searches under way are stopped and answer with
   * what they have (Stockfish's `quit` does the same), and a `readyok` still to come comes. So
   * `usi`, `isready`, `position startpos`, `go depth 5`, `quit` piped in at once answers every
   * command, though with a shorter search than asked.
   */
  private quit(): void {
    this.quitWhenIdle = true;
    this.stop();
    this.quitIfIdle();
  }

  private display(): void {
    if (this.position === null) return this.info(`no position (${this.positionError})`);
    this.write(`sfen ${makeSfen(this.position)}`);
    for (const line of drawBoard(this.position)) this.write(line);
  }
}
