/**
 * Chapter 8's searches: four ways an α-β search can know how a game ends, side by side over the
 * same game interface, the same material evaluation and the same move order, so that their
 * choices and their costs can be compared (seed 004).
 *
 * - `legal`: moves from a generator that knows every rule (our engine's way). A side with no
 *   legal move is mated, or in chess stalemated if not in check.
 * - `king-capture`: pseudo-legal moves; a position where the side to move can take the enemy king
 *   is won for it. Nothing else: a stalemate looks like a mate (every move walks into capture) and
 *   a pawn drop that mates looks like any mate.
 * - `method-1` (the seed's 方法1): king capture, and at every node an explicit test of the end of
 *   the game — no legal move: mated, or stalemated; mated by a pawn drop: the drop was illegal,
 *   so the side to move wins.
 * - `method-2` (the seed's 方法2): king capture, and extra plies where a rule may apply: one more
 *   when the side to move is not in check and its king cannot move (a possible stalemate), two
 *   more after a pawn drop that gives check; then the result is read: "every move loses the king
 *   at once" becomes a draw (stalemate), and a pawn drop after which every reply loses the king is
 *   a loss for the side that dropped it.
 *
 * Values: material, and the end of the game as ±(WIN − ply), so that a king taken sooner is worth
 * more and "every move loses the king at once" has one exact value. Seed 004's program had one
 * value for a win and one for a loss; `plainZero` reproduces that for the stalemate rule: any win
 * or loss at a possible-stalemate node becomes a draw, which is wrong when the result is a mate
 * further away (chapter 8 shows where that misleads).
 */
import type { KingCaptureGame } from './game';

export type EndRules = 'legal' | 'king-capture' | 'method-1' | 'method-2';

export const END_RULES: readonly EndRules[] = ['legal', 'king-capture', 'method-1', 'method-2'];

export interface KingCaptureOptions {
  rules: EndRules;
  /** Plies, not counting the extra plies of method 2. */
  depth: number;
  /** Method 2 with the seed's mapping: any win or loss at a possible stalemate becomes 0. */
  plainZero?: boolean;
  /** Stop after this many nodes (the search then reports `stopped`). */
  maxNodes?: number;
}

export interface KingCaptureResult {
  /** The chosen move, or -1 when the side to move has none that keeps its king. */
  move: number;
  moveName: string | null;
  /** UCI or USI of the chosen move. */
  moveText: string | null;
  value: number;
  /** Every root move with its value (in the order searched), for the chapter's tables. */
  rootMoves: { move: number; name: string; text: string; value: number }[];
  nodes: number;
  /** Nodes where method 1 tested for the end of the game, or method 2 searched extra plies. */
  ruleNodes: number;
  timeMs: number;
  stopped: boolean;
}

/** A win: taking the king, or a mate or stalemate the rules decide. Values above WIN − MAX_PLY are ends. */
export const WIN = 100_000;
const MAX_PLY = 128;
const INF = WIN + 1;

/** Is `value` a decided game (win or loss), not material? */
export const isEnd = (value: number): boolean => Math.abs(value) > WIN - MAX_PLY;

export function searchKingCapture(
  game: KingCaptureGame,
  options: KingCaptureOptions,
): KingCaptureResult {
  const s = new KcSearch(game, options);
  const start = performance.now();
  const root = s.root(options.depth);
  return {
    ...root,
    nodes: s.nodes,
    ruleNodes: s.ruleNodes,
    timeMs: performance.now() - start,
    stopped: s.stopped,
  };
}

// #region end-rules-search
class KcSearch {
  nodes = 0;
  ruleNodes = 0;
  stopped = false;
  private readonly moves: Uint32Array[] = [];
  private readonly keys: Float64Array[] = [];
  /** Method 1's legality test writes its moves here (it only counts them). */
  private readonly legalScratch = new Uint32Array(600);
  /** Method 1: 1 at a ply reached by a pawn drop that gave check. */
  private readonly pawnDropCheck = new Uint8Array(MAX_PLY + 1);

  constructor(
    private readonly game: KingCaptureGame,
    private readonly options: KingCaptureOptions,
  ) {}

  root(depth: number): Omit<KingCaptureResult, 'nodes' | 'ruleNodes' | 'timeMs' | 'stopped'> {
    const game = this.game;
    const n = this.generate(0);
    const moves = this.moves[0]!;
    const rootMoves: KingCaptureResult['rootMoves'] = [];
    let best = -1;
    let bestValue = -INF;
    this.nodes++;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      // Every root move gets an exact value (a full window), for the table beside the board.
      const v = this.child(m, depth, -INF, INF, 0);
      rootMoves.push({ move: m, name: game.moveName(m), text: game.moveText(m), value: v });
      if (v > bestValue) {
        bestValue = v;
        best = m;
      }
      if (this.stopped) break;
    }
    // Pseudo-legal searches: a move after which the king is taken at once was never legal.
    const keepsKing = best !== -1 && bestValue > -(WIN - 1);
    return {
      move: keepsKing ? best : -1,
      moveName: keepsKing ? game.moveName(best) : null,
      moveText: keepsKing ? game.moveText(best) : null,
      value: n === 0 ? this.noMoveValue(0) : bestValue,
      rootMoves,
    };
  }

  /** The moves of the node at `ply`, the biggest material gains first (taking the king before anything). */
  private generate(ply: number): number {
    const game = this.game;
    let moves = this.moves[ply];
    let keys = this.keys[ply];
    if (!moves || !keys) {
      moves = new Uint32Array(600);
      keys = new Float64Array(600);
      this.moves[ply] = moves;
      this.keys[ply] = keys;
    }
    const n =
      this.options.rules === 'legal' ? game.legalMoves(moves, 0) : game.pseudoLegalMoves(moves, 0);
    for (let i = 0; i < n; i++) keys[i] = game.orderValue(moves[i]!);
    // Insertion sort, stable: by gain, then the generator's order.
    for (let i = 1; i < n; i++) {
      const m = moves[i]!;
      const k = keys[i]!;
      let j = i - 1;
      while (j >= 0 && keys[j]! < k) {
        moves[j + 1] = moves[j]!;
        keys[j + 1] = keys[j]!;
        j--;
      }
      moves[j + 1] = m;
      keys[j + 1] = k;
    }
    return n;
  }

  /** The value, for the side to move, of a node with no move at all. */
  private noMoveValue(ply: number): number {
    if (this.game.stalemateIsDraw && !this.game.inCheck()) return 0;
    return -(WIN - ply);
  }

  /** Play `m` from the node at `ply` and search the child; the value for the side that played it. */
  private child(m: number, depth: number, alpha: number, beta: number, ply: number): number {
    const game = this.game;
    const rules = this.options.rules;
    // #region method-2-pawn-drop
    if (rules === 'method-2' && game.isCheckingPawnDrop(m)) {
      // Two more plies: every reply, and whether the king is then taken. A drop after which
      // every reply loses the king at once mates — and a pawn drop may not mate: the dropper loses.
      this.ruleNodes++;
      game.doMove(m);
      const probe = -this.search(2, -INF, INF, ply + 1);
      if (probe === WIN - (ply + 2)) {
        game.undoMove(m);
        return -(WIN - ply - 1);
      }
      const v = depth - 1 >= 2 ? -this.search(depth - 1, -beta, -alpha, ply + 1) : probe;
      game.undoMove(m);
      return v;
    }
    // #endregion
    // #region method-1-pawn-drop-flag
    if (rules === 'method-1') this.pawnDropCheck[ply + 1] = game.isCheckingPawnDrop(m) ? 1 : 0;
    // #endregion
    game.doMove(m);
    // `+ 0` turns the −0 of a negated draw into 0.
    const v = -this.search(depth - 1, -beta, -alpha, ply + 1) + 0;
    game.undoMove(m);
    return v;
  }

  private search(depth: number, alpha: number, beta: number, ply: number): number {
    const game = this.game;
    const rules = this.options.rules;
    this.nodes++;
    if (this.options.maxNodes !== undefined && this.nodes >= this.options.maxNodes) {
      this.stopped = true;
      return 0;
    }
    // #region king-capture-end
    // The enemy left its king en prise (or could not help it): take it, the game is over.
    if (rules !== 'legal' && game.canCaptureKing()) return WIN - ply;
    // #endregion
    // #region method-1-end
    if (rules === 'method-1') {
      this.ruleNodes++;
      const end = this.gameEnd(ply);
      if (end !== null) return end;
    }
    // #endregion
    let extended = false;
    // #region method-2-stalemate
    if (rules === 'method-2' && game.stalemateIsDraw && !game.inCheck() && !game.kingCanMove()) {
      // A possible stalemate: every move is read, unless one is good enough to cut. At the horizon that read
      // is the seed's one extra ply: each move, then whether the king is taken, with static
      // values below and no extra ply of its own (stalemateRead). Before, it searched the moves
      // to depth 0, where a boxed-in king on the other side extended again, and in chess, where
      // kings are boxed in at most nodes of an opening, one ply ran to millions of nodes.
      this.ruleNodes++;
      if (depth <= 0 && ply < MAX_PLY - 1) return this.stalemateRead(ply);
      extended = true;
      if (this.options.plainZero === true) {
        // The seed's mapping reads whether any move ends the game: every value exact.
        alpha = -INF;
        beta = INF;
      } else if (beta <= -(WIN - ply - 1)) {
        // A move that loses the king at once is worth exactly that under any window (the child
        // takes it as it is entered), so only β must stay above it: then no such move cuts the
        // node off before the others are read. The window stays as it was, and so does pruning.
        beta = -(WIN - ply - 1) + 1;
      }
    }
    // #endregion
    if (depth <= 0 || ply >= MAX_PLY - 1) return game.material();
    const n = this.generate(ply);
    // Not one move, not in check: a stalemate where the rules know it (method 2's node), else
    // what each method makes of a side that cannot move.
    if (n === 0) return rules === 'legal' ? this.noMoveValue(ply) : extended ? 0 : -(WIN - ply - 1);
    const moves = this.moves[ply]!;
    let best = -INF;
    for (let i = 0; i < n; i++) {
      const v = this.child(moves[i]!, depth, alpha, beta, ply);
      if (this.stopped) return 0;
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    // #region method-2-stalemate-read
    if (extended) {
      // Every move lost the king at once: no legal move, not in check — stalemate, a draw.
      if (this.options.plainZero === true ? isEnd(best) : best === -(WIN - ply - 1)) return 0;
    }
    // #endregion
    return best;
  }

  // #region method-2-stalemate-probe
  /**
   * Method 2's extra ply at the horizon (the seed's `think(…, 0)` of the opponent): every move,
   * and after it either the king is taken or the position's material stands. Every move losing
   * the king at once is a stalemate, a draw; so is having no move at all. Static below: no
   * extension of its own, however the other king stands.
   */
  private stalemateRead(ply: number): number {
    const game = this.game;
    const n = this.generate(ply);
    if (n === 0) return 0;
    const moves = this.moves[ply]!;
    const lost = -(WIN - ply - 1);
    let best = -INF;
    for (let i = 0; i < n; i++) {
      this.nodes++;
      game.doMove(moves[i]!);
      const v = game.canCaptureKing() ? lost : -game.material() + 0;
      game.undoMove(moves[i]!);
      if (v > best) best = v;
    }
    if (this.options.plainZero === true ? isEnd(best) : best === lost) return 0;
    return best;
  }
  // #endregion

  // #region method-1-game-end
  /**
   * Method 1's test at a node: the game's result if it is over here, else null. No legal move:
   * mated (in check) or stalemated; mated by a pawn drop: that drop broke 打ち歩詰め, the side
   * to move wins.
   */
  private gameEnd(ply: number): number | null {
    const game = this.game;
    if (game.legalMoves(this.legalScratch, 0) > 0) return null;
    if (!game.inCheck()) return game.stalemateIsDraw ? 0 : -(WIN - ply);
    if (game.dropPawnMateRule && this.pawnDropCheck[ply] === 1) return WIN - ply;
    return -(WIN - ply);
  }
  // #endregion
}
// #endregion
