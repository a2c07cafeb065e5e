/**
 * The page's side of the engine worker, and the only code that creates workers.
 *
 * One client owns at most one worker, created lazily on the first request (never during
 * server-side rendering). The latest request wins: asking while the worker is busy terminates it
 * and starts a fresh one, and answers that carry an older request's id are dropped. Stopping
 * terminates the worker at once (a synchronous perft cannot be interrupted any other way); the
 * next request spawns a new one. A worker left idle for a while is shut down to free its memory.
 */
import type {
  BestMoveMessage,
  DtreeKind,
  DtreeLoadedMessage,
  DtreeLoadRequest,
  DtreeMateMessage,
  DtreeMateRequest,
  DtreeMovesMessage,
  DtreeMovesRequest,
  DtreeProgressMessage,
  DtreeTrainRequest,
  DtreeTreeMessage,
  EngineRequest,
  EngineResponse,
  ErrorMessage,
  EvalSpeedInfoMessage,
  EvalSpeedRequest,
  EvalSpeedResultMessage,
  EvalSpeedRow,
  EvaluationMessage,
  InfoMessage,
  MatchGameMessage,
  MatchMoveMessage,
  MatchRequest,
  MatchResultMessage,
  RankMessage,
  ResultMessage,
  SearchInfoMessage,
  SearchLineMessage,
} from '../engine/worker/protocol';
import type {
  EndRulesMessage,
  EndRulesRequest,
  MateNodeMessage,
  MateNodeRequest,
  MateProgressMessage,
  MateSearchMessage,
  MateSearchRequest,
} from '../engine/king-capture/requests';
import type { MoveEvalParams } from '../engine/eval/move-evaluation';
import type { NotebookRequest, NotebookResponse } from '../engine/worker/notebook-protocol';
import type { SearchLimits } from '../engine/search/iterate';

/** How long an idle worker lives before it is shut down. */
export const IDLE_SHUTDOWN_MS = 30_000;

/** What the client needs of a worker; tests pass a fake. */
export interface WorkerLike {
  postMessage(message: EngineRequest): void;
  terminate(): void;
  onmessage: ((event: { data: EngineResponse }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
}

export interface PerftHandlers {
  onInfo?: (info: InfoMessage) => void;
  onResult: (result: ResultMessage) => void;
  onError: (error: ErrorMessage) => void;
}

export interface GoHandlers {
  onInfo?: (info: SearchInfoMessage) => void;
  /** With `lines` above 1: each line as soon as it is found. */
  onLine?: (line: SearchLineMessage) => void;
  onResult: (result: BestMoveMessage) => void;
  onError: (error: ErrorMessage) => void;
}

export interface EvaluateHandlers {
  onResult: (result: EvaluationMessage) => void;
  onError: (error: ErrorMessage) => void;
}

export interface MatchHandlers {
  onMove?: (message: MatchMoveMessage) => void;
  onGame?: (message: MatchGameMessage) => void;
  onResult: (result: MatchResultMessage) => void;
  onError: (error: ErrorMessage) => void;
}

export interface RankHandlers {
  onResult: (result: RankMessage) => void;
  onError: (error: ErrorMessage) => void;
}

export interface EvalSpeedHandlers {
  onInfo?: (info: EvalSpeedInfoMessage) => void;
  onResult: (result: EvalSpeedResultMessage) => void;
  onError: (error: ErrorMessage) => void;
}

/** A decision-tree request: its progress, the examples built on the way, its result. */
export interface DtreeHandlers<T> {
  onProgress?: (message: DtreeProgressMessage) => void;
  /** The worker built the kind's examples first (it had not got them). */
  onLoaded?: (message: DtreeLoadedMessage) => void;
  onResult: (result: T) => void;
  onError: (error: ErrorMessage) => void;
}

/** A chapter 8 request: a mate search's progress, and its one result. */
export interface EndOfGameHandlers<T> {
  onProgress?: (message: MateProgressMessage) => void;
  onResult: (result: T) => void;
  onError: (error: ErrorMessage) => void;
}

/** The games of one kind, as a dtree-load request carries them. */
export type DtreeGames = Omit<DtreeLoadRequest, 'type' | 'id'>;

/** What a running request does with each kind of answer; `final` answers end the request. */
interface Pending {
  id: number;
  onProgress: (message: EngineResponse) => void;
  onFinal: (message: EngineResponse) => void;
  onError: (error: ErrorMessage) => void;
}

/** Answers that end a request (everything else is progress). */
const FINAL: ReadonlySet<EngineResponse['type']> = new Set([
  'result',
  'bestmove',
  'evaluation',
  'rankreport',
  'matchresult',
  'evalspeedresult',
  'dtreeloaded',
  'dtreetree',
  'dtreemoves',
  'dtreemate',
  'endrules',
  'matesearch',
  'matenode',
]);

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const createEngineWorker = (): WorkerLike =>
  new Worker(new URL('../engine/worker/worker.ts', import.meta.url), {
    type: 'module',
    name: 'yomi-engine',
  }) as unknown as WorkerLike;

/** What the notebook cell needs of its worker (notebook-protocol.ts); tests pass a fake. */
export interface NotebookWorkerLike {
  postMessage(message: NotebookRequest): void;
  terminate(): void;
  onmessage: ((event: { data: NotebookResponse }) => void) | null;
  onerror: ((event: { message?: string; preventDefault?: () => void }) => void) | null;
}

/**
 * The notebook cell's worker, a fresh one for each run: the reader's code runs synchronously, so
 * Stop and the time limit can only terminate it, and a new run must not see the last one's state.
 */
export const createNotebookWorker = (): NotebookWorkerLike =>
  new Worker(new URL('../engine/worker/notebook-worker.ts', import.meta.url), {
    type: 'module',
    name: 'yomi-notebook',
  }) as unknown as NotebookWorkerLike;

export class EngineClient {
  private worker: WorkerLike | null = null;
  private pending: Pending | null = null;
  private nextId = 1;
  private idleTimer: unknown = null;
  /** Games the page gave for the decision-tree requests, kept to send again to a fresh worker. */
  private readonly dtreeGames = new Map<DtreeKind, DtreeGames>();
  /** Kinds whose examples the current worker has built. */
  private readonly dtreeBuilt = new Set<DtreeKind>();

  constructor(
    private readonly spawn: () => WorkerLike = createEngineWorker,
    private readonly timers: Timers = defaultTimers,
  ) {}

  /** Is a worker alive right now? (For tests and the idle shutdown.) */
  get hasWorker(): boolean {
    return this.worker !== null;
  }

  /** Is a request running? */
  get busy(): boolean {
    return this.pending !== null;
  }

  /**
   * Start a perft. Any request still running is abandoned (its worker terminated, its handlers
   * never called again). Returns the new request's id.
   */
  perft(request: { sfen: string; depth: number; bulk: boolean }, handlers: PerftHandlers): number {
    return this.send(
      (id) => ({ type: 'perft', id, ...request }),
      (m) => m.type === 'info' && handlers.onInfo?.(m),
      (m) => m.type === 'result' && handlers.onResult(m),
      handlers.onError,
    );
  }

  /**
   * Start a search (`options` a partial SearchOptions, checked by the worker); with `lines`, the
   * best that many lines (MultiPV): each as it is found (`onLine`), then all in the `bestmove`
   * answer.
   */
  go(
    request: { sfen: string; options: unknown; limits: SearchLimits; lines?: number },
    handlers: GoHandlers,
  ): number {
    return this.send(
      (id) => ({ type: 'go', id, ...request }),
      (m) =>
        (m.type === 'searchinfo' && handlers.onInfo?.(m)) ||
        (m.type === 'searchline' && handlers.onLine?.(m)),
      (m) => m.type === 'bestmove' && handlers.onResult(m),
      handlers.onError,
    );
  }

  /** Seed 000's move evaluation of every legal move. */
  evaluate(
    request: { sfen: string; params: Partial<MoveEvalParams> },
    handlers: EvaluateHandlers,
  ): number {
    return this.send(
      (id) => ({ type: 'evaluate', id, ...request }),
      () => undefined,
      (m) => m.type === 'evaluation' && handlers.onResult(m),
      handlers.onError,
    );
  }

  /** Seed 000's rank measure over the fixture positions. */
  rank(params: Partial<MoveEvalParams>, handlers: RankHandlers): number {
    return this.send(
      (id) => ({ type: 'rank', id, params }),
      () => undefined,
      (m) => m.type === 'rankreport' && handlers.onResult(m),
      handlers.onError,
    );
  }

  /** A small self-play match, game after game (stop() ends it at once). */
  match(request: Omit<MatchRequest, 'type' | 'id'>, handlers: MatchHandlers): number {
    return this.send(
      (id) => ({ type: 'match', id, ...request }),
      (m) => {
        if (m.type === 'matchmove') handlers.onMove?.(m);
        else if (m.type === 'matchgame') handlers.onGame?.(m);
      },
      (m) => m.type === 'matchresult' && handlers.onResult(m),
      handlers.onError,
    );
  }

  /**
   * Nodes per second of the search with each form of the effect evaluation. Each form runs in a
   * fresh worker, as `npm run bench:eval` runs each in a process of its own: in one worker the
   * search's call to the evaluator would have seen every earlier form, and a form's speed would
   * depend on which ran before it. Progress counts over all the forms; stop() ends it at once.
   */
  evalSpeed(request: Omit<EvalSpeedRequest, 'type' | 'id'>, handlers: EvalSpeedHandlers): number {
    const { forms } = request;
    const total = forms.length;
    const rows: EvalSpeedRow[] = [];
    const next = (): number => {
      this.shutdown(); // a fresh worker for each form
      return this.send(
        (id) => ({
          ...request,
          type: 'evalspeed',
          id,
          forms: forms.slice(rows.length, rows.length + 1),
        }),
        (m) =>
          m.type === 'evalspeedinfo' &&
          handlers.onInfo?.({ ...m, done: rows.length + m.done, total }),
        (m) => {
          if (m.type !== 'evalspeedresult') return;
          rows.push(...m.rows);
          if (rows.length < total) next();
          else handlers.onResult({ ...m, rows });
        },
        handlers.onError,
      );
    };
    return next();
  }

  /**
   * Give the client a kind's games (the page fetched them). The next decision-tree request of that
   * kind sends them to the worker first, which builds and keeps the examples; a worker started
   * later (after a stop, a newer request or an idle shutdown) is sent them again.
   */
  dtreeGamesFor(games: DtreeGames): void {
    this.dtreeGames.set(games.kind, games);
    this.dtreeBuilt.delete(games.kind);
  }

  /** Has the client been given games of this kind? */
  hasDtreeGames(kind: DtreeKind): boolean {
    return this.dtreeGames.has(kind);
  }

  /** Grow a tree (and with `sweep`, measure every depth): seed 002's Tables 1, 6 and 8. */
  dtreeTrain(
    request: Omit<DtreeTrainRequest, 'type' | 'id'>,
    handlers: DtreeHandlers<DtreeTreeMessage>,
  ): number {
    return this.dtree(
      request.kind,
      (id) => ({ ...request, type: 'dtree-train', id }),
      (m) => m.type === 'dtreetree' && handlers.onResult(m),
      handlers,
    );
  }

  /** Judge every legal move of a position with the best-move tree (Table 7's count). */
  dtreeMoves(
    request: Omit<DtreeMovesRequest, 'type' | 'id'>,
    handlers: DtreeHandlers<DtreeMovesMessage>,
  ): number {
    return this.dtree(
      'best',
      (id) => ({ ...request, type: 'dtree-moves', id }),
      (m) => m.type === 'dtreemoves' && handlers.onResult(m),
      handlers,
    );
  }

  /** The mate tree's verdict on a position, and the exact test's. */
  dtreeMate(
    request: Omit<DtreeMateRequest, 'type' | 'id'>,
    handlers: DtreeHandlers<DtreeMateMessage>,
  ): number {
    return this.dtree(
      'mate',
      (id) => ({ ...request, type: 'dtree-mate', id }),
      (m) => m.type === 'dtreemate' && handlers.onResult(m),
      handlers,
    );
  }

  /** One of chapter 8's four ways to know the end of the game, on a shogi or chess position. */
  endRules(
    request: Omit<EndRulesRequest, 'type' | 'id'>,
    handlers: EndOfGameHandlers<EndRulesMessage>,
  ): number {
    return this.endOfGame((id) => ({ ...request, type: 'end-rules', id }), 'endrules', handlers);
  }

  /** A df-pn mate search; the worker keeps the proof for `mateNode`. */
  mateSearch(
    request: Omit<MateSearchRequest, 'type' | 'id'>,
    handlers: EndOfGameHandlers<MateSearchMessage>,
  ): number {
    return this.endOfGame(
      (id) => ({ ...request, type: 'mate-search', id }),
      'matesearch',
      handlers,
    );
  }

  /** A node of a mate search's proof (a fresh worker searches again first: the same proof). */
  mateNode(
    request: Omit<MateNodeRequest, 'type' | 'id'>,
    handlers: EndOfGameHandlers<MateNodeMessage>,
  ): number {
    return this.endOfGame((id) => ({ ...request, type: 'mate-node', id }), 'matenode', handlers);
  }

  private endOfGame<T extends EngineResponse>(
    build: (id: number) => EngineRequest,
    final: T['type'],
    handlers: EndOfGameHandlers<T>,
  ): number {
    return this.send(
      build,
      (m) => m.type === 'mateprogress' && handlers.onProgress?.(m),
      (m) => m.type === final && handlers.onResult(m as T),
      handlers.onError,
    );
  }

  /**
   * A decision-tree request for `kind`, preceded by a dtree-load of its games when the worker
   * (or the fresh one this request starts) has not built them. Any request still running is
   * abandoned first. Returns the id of the first message sent.
   */
  private dtree(
    kind: DtreeKind,
    build: (id: number) => EngineRequest,
    onFinal: (message: EngineResponse) => unknown,
    handlers: Omit<DtreeHandlers<never>, 'onResult'>,
  ): number {
    if (this.pending) this.stop();
    const onProgress = (m: EngineResponse) =>
      m.type === 'dtreeprogress' && handlers.onProgress?.(m);
    const ask = () => this.send(build, onProgress, onFinal, handlers.onError);
    if (this.worker && this.dtreeBuilt.has(kind)) return ask();
    const games = this.dtreeGames.get(kind);
    if (!games) {
      handlers.onError({ type: 'error', id: 0, message: `no ${kind} games given to the client` });
      return 0;
    }
    return this.send(
      (id) => ({ ...games, type: 'dtree-load', id }),
      onProgress,
      (m) => {
        if (m.type !== 'dtreeloaded') return;
        this.dtreeBuilt.add(kind);
        handlers.onLoaded?.(m);
        ask();
      },
      handlers.onError,
    );
  }

  /** Post a request built for a fresh id, abandoning any request still running. */
  private send(
    build: (id: number) => EngineRequest,
    onProgress: (message: EngineResponse) => unknown,
    onFinal: (message: EngineResponse) => unknown,
    onError: (error: ErrorMessage) => void,
  ): number {
    if (this.pending) this.stop();
    const id = this.nextId++;
    this.pending = { id, onProgress, onFinal, onError };
    this.cancelIdleShutdown();
    this.ensureWorker().postMessage(build(id));
    return id;
  }

  /** Stop whatever is running, at once: the worker is terminated and respawned on the next request. */
  stop(): void {
    this.pending = null;
    this.shutdown();
  }

  /** Terminate the worker (if any) and forget the running request. */
  shutdown(): void {
    this.cancelIdleShutdown();
    this.dtreeBuilt.clear();
    if (this.worker) {
      this.worker.onmessage = null;
      this.worker.onerror = null;
      this.worker.terminate();
      this.worker = null;
    }
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.spawn();
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      const pending = this.pending;
      this.pending = null;
      this.shutdown();
      pending?.onError({
        type: 'error',
        id: pending.id,
        message: `the engine worker failed${event.message ? `: ${event.message}` : ''}`,
      });
    };
    this.worker = worker;
    return worker;
  }

  private receive(message: EngineResponse): void {
    const pending = this.pending;
    if (!pending || message.id !== pending.id) return; // an answer to an abandoned request
    if (message.type === 'error') {
      this.pending = null;
      this.scheduleIdleShutdown();
      pending.onError(message);
    } else if (FINAL.has(message.type)) {
      this.pending = null;
      this.scheduleIdleShutdown();
      pending.onFinal(message);
    } else {
      pending.onProgress(message);
    }
  }

  private scheduleIdleShutdown(): void {
    this.cancelIdleShutdown();
    this.idleTimer = this.timers.setTimeout(() => {
      this.idleTimer = null;
      if (!this.pending) this.shutdown();
    }, IDLE_SHUTDOWN_MS);
  }

  private cancelIdleShutdown(): void {
    if (this.idleTimer !== null) this.timers.clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

let shared: EngineClient | null = null;

/** The page's one engine client, made on first use (call it from effects and event handlers only). */
export function engineClient(): EngineClient {
  shared ??= new EngineClient();
  return shared;
}
