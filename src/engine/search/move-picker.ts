/**
 * The move picker: hands a node its moves one at a time, best first, generating each kind only
 * when the node gets that far. Most nodes of an α-β search end on their first or second move (a
 * cut-off), so the moves a node never reaches are never generated or scored — above all the
 * drops, often a hundred or more in a shogi middlegame.
 *
 * Standard order, in stages (Stockfish's `MovePicker`, adapted to drops):
 *   1. the transposition table's move, checked for legality before anything is generated;
 *   2. captures and promotions, best first (MVV-LVA or static exchange);
 *   3. the two killer moves of this ply, checked for legality;
 *   4. the other moves, board moves and drops, by history score — only when some have a history
 *      is the list sorted, and among equals the drops, often a hundred or more, come last;
 *   5. captures that lose material (with the static-exchange order).
 * (Generating the drops in a stage of their own, after the board moves, was measured and lost:
 * on the bench positions at one ply deeper than the signature it read 4 % more nodes, since a
 * drop with a good history then waited behind every board move, and took 5 % longer.)
 * A node in check, quiescence search, and the other orderings (seed 000's move values, none)
 * generate everything at once, score it and sort it: one stage.
 *
 * One picker per ply, allocated once; moves, scores and values live in the search state's typed
 * arrays, in the ply's own slice, and are sorted there (move-sort.ts). Nothing is allocated per
 * node.
 */
import { moveValue } from '../eval/move-value';
import { isLegalMove } from '../move-check';
import { GenMode, generateMoves, MAX_MOVES } from '../movegen';
import { isInPromotionZone } from '../square';
import { EMPTY, isDrop, isPromotion, Kind, type Move, moveFrom, moveTo } from '../types';
import { sortByScore } from './move-sort';
import { captureScore, quietScore, standardScore, TT_MOVE_SCORE } from './ordering';
import { OrderMode, type SearchData } from './search-data';
import { bestMoveShare, TreeNodeContext } from '../dtree/tree-judge';

export const Stage = {
  Done: 0,
  TableMove: 1,
  CapturesInit: 2,
  GoodCaptures: 3,
  Killer1: 4,
  Killer2: 5,
  QuietsInit: 6,
  Quiets: 7,
  BadCaptures: 8,
  /** Everything generated, scored and sorted at once. */
  Sorted: 9,
  /** The table's move first, then everything else at once (seed 000's valued lists). */
  TableThenSorted: 10,
  SortedInit: 11,
} as const;
type Stage = (typeof Stage)[keyof typeof Stage];

/** Below every move value: rank pruning cuts nothing. */
const NO_CUTOFF = -(1 << 30);
/** Marks a move value not computed yet. */
export const NO_VALUE = -0x7fffffff;
/** Rank pruning: the highest move values of a list, highest first (forwardRank ≤ 100). */
const topValues = new Int32Array(128);

export class MovePicker {
  private stage: Stage = Stage.Done;
  private readonly base: number;
  private cur = 0;
  private end = 0;
  private captureEnd = 0;
  private badStart = 0;
  private ttMove: Move = 0;
  private killer1: Move = 0;
  private killer2: Move = 0;
  /** Index of the move last handed out (its score and value sit at the same index). */
  private index = 0;
  /** Seed 000 values were computed for every move of the list. */
  private hasValues = false;
  /** The list is to be valued before its second move is handed out (rank pruning). */
  private valuesPending = false;
  /** The node's evaluation before any move, for move values computed one at a time. */
  private evalBefore = NO_VALUE;
  /** Forward pruning by rank: the value a move needs to be among the first `forwardRank`. */
  rankCutoff = NO_CUTOFF;
  /** Moves valued exactly rankCutoff that still fit within the first `forwardRank`. */
  private rankTies = 0;
  /** Forward pruning by rank: the move last handed out is not among the first `forwardRank`. */
  beyondRank = false;
  /** The decision tree's view of this node (seed 002), computed when first asked. */
  private readonly tree = new TreeNodeContext();
  private treePrepared = false;
  /** The list's scores are the tree's shares (the decision-tree order). */
  private hasTreeScores = false;

  constructor(
    private readonly s: SearchData,
    readonly ply: number,
  ) {
    this.base = ply * MAX_MOVES;
  }

  // #region picker-init
  /**
   * Prepare a node of the main search: in check, or by another order, all at once; else staged.
   * The decision-tree order applies from `treeMinDepth` up; nearer the horizon the standard one.
   */
  initMain(ttMove: Move, inCheck: boolean, depth: number): void {
    const s = this.s;
    this.evalBefore = NO_VALUE;
    this.hasValues = false;
    this.valuesPending = false;
    this.treePrepared = false;
    this.hasTreeScores = false;
    this.rankCutoff = NO_CUTOFF;
    this.beyondRank = false;
    const tableMove = s.options.ttMove ? ttMove : 0;
    const byTree = s.orderMode === OrderMode.Tree && depth >= s.options.treeMinDepth;
    const staged = s.stagedOrdering || (s.orderMode === OrderMode.Tree && !s.needsAllValues);
    if (inCheck || byTree || !staged) {
      // Where every move is valued (seed 000's order, rank pruning), the table's move goes
      // first, before the list is generated and valued: often it cuts the node off and the
      // valuing is saved. It would head the sorted list anyway (TT_MOVE_SCORE), so the order
      // is the same.
      if (!byTree && s.needsAllValues && tableMove !== 0 && isLegalMove(s.pos, tableMove)) {
        this.ttMove = tableMove;
        this.stage = Stage.TableThenSorted;
        return;
      }
      return this.initSorted(GenMode.All, tableMove, false, byTree);
    }
    this.ttMove = tableMove !== 0 && isLegalMove(s.pos, tableMove) ? tableMove : 0;
    this.killer1 = 0;
    this.killer2 = 0;
    this.stage = Stage.TableMove;
  }

  /** Prepare a quiescence node: captures worth trying, or every evasion when in check. */
  initQuiescence(inCheck: boolean): void {
    this.hasValues = false;
    this.valuesPending = false;
    this.hasTreeScores = false;
    this.rankCutoff = NO_CUTOFF;
    if (inCheck) return this.initSorted(GenMode.All, 0, true);
    const s = this.s;
    const end = generateMoves(s.pos, s.moves, this.base, GenMode.Quiescence);
    for (let i = this.base; i < end; i++) s.scores[i] = captureScore(s, s.moves[i]!);
    sortByScore(this.s, this.base, end);
    this.cur = this.base;
    this.end = end;
    this.stage = Stage.Sorted;
  }
  // #endregion

  // #region score-list
  /** Generate with `mode`, score everything, sort once (in check, other orderings, quiescence evasions). */
  private initSorted(mode: GenMode, ttMove: Move, quiescence = false, byTree = false): void {
    const s = this.s;
    const { moves, scores, values, pos } = s;
    const end = generateMoves(pos, moves, this.base, mode);
    this.cur = this.base;
    this.end = end;
    const order =
      quiescence || (s.orderMode === OrderMode.Tree && !byTree) ? OrderMode.Standard : s.orderMode;
    // Seed 000's values: now when they order the list; for rank pruning alone, only once the
    // node goes on past its first move (forward pruning never skips a node's first move).
    if (!quiescence && s.needsAllValues) {
      if (order === OrderMode.MoveValue) this.valueList();
      else this.valuesPending = true;
    }
    if (order === OrderMode.Tree) this.prepareTree();
    for (let i = this.base; i < end; i++) {
      const m = moves[i]!;
      if (m === ttMove) scores[i] = TT_MOVE_SCORE;
      else if (order === OrderMode.Standard) scores[i] = standardScore(s, m, this.ply, 0);
      else if (order === OrderMode.Tree) scores[i] = bestMoveShare(pos, m, this.tree);
      else scores[i] = order === OrderMode.MoveValue ? values[i]! : 0;
    }
    this.hasTreeScores = order === OrderMode.Tree;
    sortByScore(this.s, this.base, end);
    this.stage = Stage.Sorted;
  }

  /**
   * Value every move of the list (seed 000) and find rank pruning's cut-off; the moves handed
   * out already take their places within the rank limit, in the order they went.
   */
  private valueList(): void {
    const s = this.s;
    const { moves, values, pos } = s;
    this.evalBefore = s.evaluator.evaluate(pos);
    for (let i = this.base; i < this.end; i++)
      values[i] = moveValue(pos, moves[i]!, s.options.moveEval, s.evaluator, this.evalBefore);
    this.hasValues = true;
    this.valuesPending = false;
    if (s.rankLimit === 0) return;
    this.rankCutoff = this.kthValue(this.end);
    if (this.rankCutoff === NO_CUTOFF) return;
    for (let i = this.base; i < this.cur; i++) this.judgeRank(values[i]!);
  }
  // #endregion

  // #region picker-next
  /** The next move to search, or 0 when there are none left. */
  next(): Move {
    const s = this.s;
    const moves = s.moves;
    for (;;) {
      switch (this.stage) {
        case Stage.Sorted:
          if (this.cur < this.end) {
            if (this.valuesPending && this.cur > this.base) this.valueList();
            this.index = this.cur++;
            if (this.rankCutoff !== NO_CUTOFF) this.judgeRank(s.values[this.index]!);
            return moves[this.index]!;
          }
          this.stage = Stage.Done;
          return 0;
        case Stage.TableMove:
          this.stage = Stage.CapturesInit;
          if (this.ttMove !== 0) return this.ttMove;
          break;
        case Stage.TableThenSorted:
          this.stage = Stage.SortedInit;
          return this.ttMove;
        case Stage.SortedInit:
          this.initSorted(GenMode.All, this.ttMove);
          // The table's move heads the sorted list and was handed out already: it still takes
          // its place within the rank limit.
          if (this.cur < this.end && moves[this.cur] === this.ttMove) {
            if (this.rankCutoff !== NO_CUTOFF) this.judgeRank(s.values[this.cur]!);
            this.cur++;
          }
          break;
        case Stage.CapturesInit:
          this.end = this.generateScored(GenMode.CapturesAndPromotions, this.base, true);
          this.captureEnd = this.end;
          this.stage = Stage.GoodCaptures;
          break;
        case Stage.GoodCaptures:
          while (this.cur < this.end && s.scores[this.cur]! >= 0) {
            const m = moves[this.cur++]!;
            if (m !== this.ttMove) return m;
          }
          this.badStart = this.cur;
          this.stage = Stage.Killer1;
          break;
        case Stage.Killer1:
          this.stage = Stage.Killer2;
          this.killer1 = this.usableKiller(s.killers[this.ply * 2]!);
          if (this.killer1 !== 0) return this.killer1;
          break;
        case Stage.Killer2:
          this.stage = Stage.QuietsInit;
          this.killer2 = this.usableKiller(s.killers[this.ply * 2 + 1]!);
          if (this.killer2 !== 0) return this.killer2;
          break;
        case Stage.QuietsInit:
          this.end = this.generateScored(GenMode.Quiets, this.captureEnd, false);
          this.stage = Stage.Quiets;
          break;
        case Stage.Quiets:
          while (this.cur < this.end) {
            const m = moves[this.cur++]!;
            if (m !== this.ttMove && m !== this.killer1 && m !== this.killer2) return m;
          }
          this.stage = Stage.BadCaptures;
          this.cur = this.badStart;
          break;
        case Stage.BadCaptures:
          while (this.cur < this.captureEnd) {
            const m = moves[this.cur++]!;
            if (m !== this.ttMove) return m;
          }
          this.stage = Stage.Done;
          return 0;
        case Stage.Done:
          return 0;
      }
    }
  }
  // #endregion

  /**
   * Seed 000's value of the move just handed out: from the list when every move was valued at
   * generation (the move-evaluation order, rank pruning), else computed now (threshold pruning
   * asks only for the moves it might skip).
   */
  value(move: Move): number {
    if (this.hasValues) return this.s.values[this.index]!;
    const s = this.s;
    if (this.evalBefore === NO_VALUE) this.evalBefore = s.evaluator.evaluate(s.pos);
    return moveValue(s.pos, move, s.options.moveEval, s.evaluator, this.evalBefore);
  }

  /**
   * The decision tree's share of best moves for the move just handed out (thousandths): from the
   * list when the tree ordered it, else asked now (forward pruning by the tree).
   */
  treeShare(move: Move): number {
    const score = this.s.scores[this.index]!;
    if (this.hasTreeScores && score !== TT_MOVE_SCORE) return score;
    this.prepareTree();
    return bestMoveShare(this.s.pos, move, this.tree);
  }

  /** The node's policy context and attributes, once per node. */
  private prepareTree(): void {
    if (this.treePrepared) return;
    const s = this.s;
    this.tree.prepare(s.pos, this.ply > 0 ? s.line[this.ply - 1]! : 0);
    this.treePrepared = true;
  }

  /** Generate one kind of move from `start`, score it for its stage, sort it; returns the end. */
  private generateScored(mode: GenMode, start: number, captures: boolean): number {
    const s = this.s;
    const end = generateMoves(s.pos, s.moves, start, mode);
    let anyScore = false;
    for (let i = start; i < end; i++) {
      const score = captures ? captureScore(s, s.moves[i]!) : quietScore(s, s.moves[i]!, this.ply);
      s.scores[i] = score;
      if (score !== 0) anyScore = true;
    }
    if (anyScore) sortByScore(this.s, start, end);
    this.cur = start;
    return end;
  }

  /** A killer is tried only if it is a legal quiet move here and not the table's move. */
  private usableKiller(m: Move): Move {
    const s = this.s;
    if (!s.options.killers || m === 0 || m === this.ttMove || m === this.killer1) return 0;
    if (s.pos.board[moveTo(m)] !== EMPTY || isPromotion(m)) return 0;
    return isLegalMove(s.pos, m) ? m : 0;
  }

  /**
   * The k-th highest move value of the list (k = forwardRank), for rank pruning; also how many
   * moves of that value fit within the first k (the others tie with them but come later). The
   * k highest values are kept in a small sorted buffer, one pass over the list: most values fall
   * below the buffer's last and cost one comparison.
   */
  private kthValue(end: number): number {
    const k = this.s.rankLimit;
    if (end - this.base <= k) return NO_CUTOFF;
    const values = this.s.values;
    const top = topValues;
    let held = 0;
    for (let i = this.base; i < end; i++) {
      const v = values[i]!;
      if (held === k && v <= top[k - 1]!) continue;
      let j = held < k ? held++ : k - 1;
      while (j > 0 && top[j - 1]! < v) {
        top[j] = top[j - 1]!;
        j--;
      }
      top[j] = v;
    }
    const cutoff = top[k - 1]!;
    let above = 0;
    while (above < k && top[above]! > cutoff) above++;
    this.rankTies = k - above;
    return cutoff;
  }

  // #region rank-ties
  /** Rank pruning: is the move being handed out, of this value, beyond the first k? */
  private judgeRank(value: number): void {
    if (value !== this.rankCutoff) {
      this.beyondRank = value < this.rankCutoff;
      return;
    }
    // A tie with the k-th move: read in the search's order while places within k remain.
    this.beyondRank = this.s.rankBreakTies && this.rankTies <= 0;
    this.rankTies--;
  }
  // #endregion
}

/**
 * Quiescence skips drops, quiet promotions other than pawns', and captures by a pawn, bishop or
 * rook that decline a promotion they could take (they are never better). The generator's
 * Quiescence mode leaves these out as it goes; this filter is its readable twin, which the tests
 * hold it to.
 */
export function isPointlessInQuiescence(board: Uint8Array, move: Move, us: number): boolean {
  if (isDrop(move)) return true;
  const from = moveFrom(move);
  const to = moveTo(move);
  const kind = board[from]! & 15;
  if (isPromotion(move)) return board[to] === EMPTY && kind !== Kind.Pawn;
  return (
    (kind === Kind.Pawn || kind === Kind.Bishop || kind === Kind.Rook) &&
    (isInPromotionZone(us, from) || isInPromotionZone(us, to))
  );
}
