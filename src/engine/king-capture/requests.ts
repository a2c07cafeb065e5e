/**
 * The worker's chapter 8 requests (seed 004): `end-rules` runs one of the four ways to know the end
 * of the game (king-capture/search.ts) on a shogi or chess position; `mate-search` runs df-pn
 * (mate/dfpn.ts) and keeps its table, so that `mate-node` can then show any node of the proof.
 * Platform-neutral: no DOM, so the tests call it in Node.
 */
import { parseFen } from './chess/position';
import { chessGame, type KingCaptureGame, shogiGame } from './game';
import { END_RULES, type EndRules, type KingCaptureResult, searchKingCapture } from './search';
import { DfpnSearcher } from '../mate/dfpn';
import type { DfpnResult, DfpnStatus, ProofNode } from '../mate/proof';
import { parseUsiMove } from '../notation';
import type { Position } from '../position';
import { makeSfen, parsePositionText } from '../sfen';
import type { Move } from '../types';
import { INFO_INTERVAL_MS } from '../worker/progress';

/** The deepest end-rules search a page may ask for (depth 6 of a shogi middle game is millions of nodes). */
export const MAX_END_RULES_DEPTH = 6;
/** An end-rules search stops here and says so: the page never waits minutes. */
export const END_RULES_NODE_LIMIT = 5_000_000;
/** The most nodes a page's mate search may use (about half a minute). */
export const MAX_MATE_NODES = 3_000_000;

/** One of the four ways to know the end of the game, on a shogi (SFEN) or chess (FEN) position. */
export interface EndRulesRequest {
  type: 'end-rules';
  id: number;
  game: 'shogi' | 'chess';
  position: string;
  rules: EndRules;
  depth: number;
  /** Method 2 with the seed's plain 0 (any win or loss at a possible stalemate becomes a draw). */
  plainZero?: boolean;
}

/** A df-pn mate search of a shogi position; the worker keeps its proof for `mate-node`. */
export interface MateSearchRequest {
  type: 'mate-search';
  id: number;
  sfen: string;
  nodes: number;
}

/**
 * A node of the proof of `sfen`, reached from its root by `path` (USI moves). A worker that has not
 * searched that position (a fresh one: the page's client respawns workers) searches it first with
 * `nodes`, as the page's mate-search did: df-pn is deterministic, so it is the same proof.
 */
export interface MateNodeRequest {
  type: 'mate-node';
  id: number;
  sfen: string;
  nodes: number;
  path: string[];
}

export type EndOfGameRequest = EndRulesRequest | MateSearchRequest | MateNodeRequest;

export interface EndRulesMessage {
  type: 'endrules';
  id: number;
  /** The position as read (SFEN or FEN), for the board. */
  position: string;
  result: Omit<KingCaptureResult, 'rootMoves'> & {
    rootMoves: { name: string; text: string; value: number }[];
  };
}

export interface MateProgressMessage {
  type: 'mateprogress';
  id: number;
  nodes: number;
}

export interface MateSearchMessage {
  type: 'matesearch';
  id: number;
  sfen: string;
  status: DfpnStatus;
  pv: string[];
  /** The mate is the shortest: a search two plies shorter found none (DfpnResult.shortest). */
  shortest: boolean;
  nodes: number;
  timeMs: number;
  root: ProofNode;
}

export interface MateNodeMessage {
  type: 'matenode';
  id: number;
  path: string[];
  node: ProofNode;
}

export type EndOfGameResponse =
  EndRulesMessage | MateProgressMessage | MateSearchMessage | MateNodeMessage;

type Post = (message: EndOfGameResponse | { type: 'error'; id: number; message: string }) => void;

/** Check an end-rules request; null when it is fine. */
export function checkEndRulesRequest(r: EndRulesRequest): string | null {
  if (r.game !== 'shogi' && r.game !== 'chess')
    return `end-rules: game must be shogi or chess, got ${String(r.game)}`;
  if (!END_RULES.includes(r.rules))
    return `end-rules: rules must be one of ${END_RULES.join(', ')}, got ${String(r.rules)}`;
  if (!Number.isInteger(r.depth) || r.depth < 1 || r.depth > MAX_END_RULES_DEPTH)
    return `end-rules: depth must be a whole number from 1 to ${MAX_END_RULES_DEPTH}, got ${r.depth}`;
  return null;
}

function readGame(
  game: 'shogi' | 'chess',
  text: string,
): { ok: true; game: KingCaptureGame; position: string } | { ok: false; error: string } {
  if (game === 'chess') {
    const r = parseFen(text.trim());
    return r.ok ? { ok: true, game: chessGame(r.value), position: r.value.toFen() } : r;
  }
  const r = parsePositionText(text);
  return r.ok ? { ok: true, game: shogiGame(r.value), position: makeSfen(r.value) } : r;
}

/** The worker's state between chapter 8's requests: the last mate search and its table. */
export class EndOfGameLab {
  private readonly solver = new DfpnSearcher(32);
  private solved: { sfen: string; nodes: number; pos: Position } | null = null;

  constructor(private readonly now: () => number) {}

  handle(request: EndOfGameRequest, post: Post): void {
    switch (request.type) {
      case 'end-rules':
        return this.endRules(request, post);
      case 'mate-search':
        return this.mateSearch(request, post);
      case 'mate-node':
        return this.mateNode(request, post);
    }
  }

  private endRules(request: EndRulesRequest, post: Post): void {
    const problem = checkEndRulesRequest(request);
    if (problem) return post({ type: 'error', id: request.id, message: problem });
    const read = readGame(request.game, request.position);
    if (!read.ok) return post({ type: 'error', id: request.id, message: read.error });
    const result = searchKingCapture(read.game, {
      rules: request.rules,
      depth: request.depth,
      plainZero: request.plainZero === true,
      maxNodes: END_RULES_NODE_LIMIT,
    });
    post({
      type: 'endrules',
      id: request.id,
      position: read.position,
      result: {
        ...result,
        rootMoves: result.rootMoves.map(({ name, text, value }) => ({ name, text, value })),
      },
    });
  }

  /** Solve `sfen` with `nodes` and keep its proof; an error message when the request is bad. */
  private solve(sfen: string, nodes: number, id: number, post: Post): DfpnResult | string {
    if (!Number.isInteger(nodes) || nodes < 1 || nodes > MAX_MATE_NODES)
      return `mate search: nodes must be a whole number from 1 to ${MAX_MATE_NODES}, got ${nodes}`;
    const read = parsePositionText(sfen);
    if (!read.ok) return read.error;
    const pos = read.value;
    let lastPost = this.now();
    const r = this.solver.solve(pos, {
      nodes,
      keepProof: true,
      onProgress: (n) => {
        const t = this.now();
        if (t - lastPost < INFO_INTERVAL_MS) return;
        lastPost = t;
        post({ type: 'mateprogress', id, nodes: n });
      },
    });
    this.solved = { sfen, nodes, pos };
    return r;
  }

  private mateSearch(request: MateSearchRequest, post: Post): void {
    const { id } = request;
    const r = this.solve(request.sfen, request.nodes, id, post);
    if (typeof r === 'string') return post({ type: 'error', id, message: r });
    const pos = this.solved!.pos;
    post({
      type: 'matesearch',
      id,
      sfen: makeSfen(pos),
      status: r.status,
      pv: r.pv,
      shortest: r.shortest,
      nodes: r.nodes,
      timeMs: r.timeMs,
      root: this.solver.proofNode(pos, []),
    });
  }

  private mateNode(request: MateNodeRequest, post: Post): void {
    const { id } = request;
    if (this.solved?.sfen !== request.sfen || this.solved.nodes !== request.nodes) {
      const r = this.solve(request.sfen, request.nodes, id, post);
      if (typeof r === 'string') return post({ type: 'error', id, message: r });
    }
    const pos = this.solved!.pos;
    const path: Move[] = [];
    for (const usi of request.path) {
      const m = parseUsiMove(pos, usi);
      if (!m.ok) {
        for (let i = path.length - 1; i >= 0; i--) pos.undoMove(path[i]!);
        return post({ type: 'error', id, message: `mate-node: ${m.error}` });
      }
      pos.doMove(m.value);
      path.push(m.value);
    }
    for (let i = path.length - 1; i >= 0; i--) pos.undoMove(path[i]!);
    post({ type: 'matenode', id, path: request.path, node: this.solver.proofNode(pos, path) });
  }
}
