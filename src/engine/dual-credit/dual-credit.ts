/**
 * Dual Credit search (seed 001, Suzuki and Kotani, after Deep Blue's software search): each side
 * earns credit for forcing moves along a line, and when one side's credit reaches CREDIT_LIMIT it
 * is turned into plies of extension. Two accounts, one per side, so that a line of one side's
 * forcing moves is extended, and a line where both sides merely trade blows is not.
 *
 * How we read Fig. 1 (its listing lost the α/β symbols and a few line ends):
 * - A node is searched with (myCredit, hisCredit): the credit of the side to move and of the side
 *   that just moved. A child gets them swapped, so each side's credit follows its own moves.
 * - On entry, before the horizon test (so a leaf can be extended): if hisCredit ≥ CREDIT_LIMIT,
 *   extension = ceil(hisCredit − CREDIT_LIMIT); hisCredit −= extension; myCredit =
 *   max(myCredit − extension, 0); depth += extension. (2.5 → one ply, 3.4 → two, as the paper
 *   says. At exactly the limit the code extends by ceil(0) = 0 plies; we follow it.) Here the
 *   extension also draws on the line's extension budget (extensions.ts), so it is capped like
 *   every other extension; the paper gives no cap.
 * - `score = ;` lost its symbol. We read α, the fail-hard start of a negamax search, so "a move
 *   that improves the score" (`sc > score`) is one that raises α; read as −∞, the first move of
 *   every node would count as improving (measured on the matsuri position at depth 3: 1,321
 *   re-searches with −∞ against 575 with α).
 * - When a move's value beats the best so far (`sc > score`), GenerateCredit() gives the move its
 *   credit, and the move is searched again with the mover's credit raised by it. The code
 *   re-searches whenever the credit is positive; the prose says the search first checks whether
 *   the new credit causes an extension and re-searches only then. We follow the code: the
 *   re-search is the only way credit reaches the subtree, so re-searching only where the credit
 *   extends at once would never let credit build up over several moves (we tried: at the default
 *   limit no extension ever fired). The window of both searches is the node's,
 *   (−β, −α) seen from the child.
 * Two things Fig. 1 does not meet, because it has no transposition table and re-searches blindly:
 * - The first search of a move leaves its child in the table; the re-search with the credit would
 *   find that entry and return at once, so the credit would never reach the subtree (measured: on
 *   the matsuri position at depth 4, no extension at all). A node whose credit may still turn into
 *   depth below it is kept in the table under a key that includes its accounts, and takes only
 *   the move from the entry made without them (carriesCredit, creditKey).
 * - Where the child is at the horizon and the credit does not extend there, the re-search would
 *   read the same quiescence tree again; we skip it (creditCanMatter), which changes no value.
 * Variants (§4.2, §4.3): credit at every move (given before the first search, no re-search), and
 * one pool shared by both sides with its own limit.
 * Table 1 and our default credits are in credit-table.ts, the options in search/option-decls.ts.
 */
import { type MoveFeature, moveFeatures, MoveFeature as F } from '../eval/move-features';
import { CAPTURE_VALUE, PIECE_VALUE } from '../eval/material';
import type { Position } from '../position';
import { dropKind, EMPTY, isDrop, Kind, type Move, moveFrom, moveTo } from '../types';
import { CREDIT_MEANINGS, ROW_OF_KIND } from './credit-table';
import { extensionBudget } from '../search/extension-budget';
import { Counter } from '../search/search-data';
import type { SearchState } from '../search/state';

/**
 * "High provisional value" (仮評価が高い手): the paper does not define its provisional value. Ours
 * is what a capture gains at once, the piece off the board and into the hand, and "high" is at
 * least a silver's value.
 */
const HIGH_VALUE = PIECE_VALUE[Kind.Silver]!;

// #region generate-credit
/**
 * GenerateCredit(): which entry of Table 1 `move` (legal in `pos`) earns, as an index into the
 * credit table (row · 14 + column), or −1 when every entry that applies is zero. A move may fit
 * several meanings (a capture of the piece that just moved that also gives check); it earns the
 * largest of their entries, and the first of equals. `previous` is the opponent's last move.
 */
export function creditEntry(
  pos: Position,
  move: Move,
  previous: Move,
  credits: readonly number[],
): number {
  const to = moveTo(move);
  const from = moveFrom(move);
  const drop = isDrop(move);
  const kind = drop ? dropKind(move) : pos.board[from]! & 15;
  const row = ROW_OF_KIND[kind]! * CREDIT_MEANINGS.length;
  const f = moveFeatures(pos, move, previous);
  const has = (bit: MoveFeature): boolean => (f & bit) !== 0;
  let best = -1;
  const take = (column: number): void => {
    const c = credits[row + column]!;
    if (c > 0 && (best < 0 || c > credits[best]!)) best = row + column;
  };
  if (has(F.Capture)) {
    take(has(F.CapturesLastMoved) ? 0 : 1);
    const captured = pos.board[to]!;
    if (captured !== EMPTY) take(PIECE_VALUE[captured & 15]! > PIECE_VALUE[kind]! ? 7 : 8);
    if (CAPTURE_VALUE[captured & 15]! >= HIGH_VALUE) take(12);
  }
  if (has(F.FromAttacked)) take(2);
  if (drop) take(has(F.DropOntoAttacked) ? 10 : 11);
  else take(has(F.ToAttacked) ? 3 : 4);
  if (has(F.Check)) take(5);
  if (has(F.Evasion)) take(6);
  if (has(F.Promotion)) take(9);
  if (best < 0) take(13);
  return best;
}

/** The credit `move` earns (Fig. 1's GenerateCredit()): its entry's value, or 0. */
export function generateCredit(
  pos: Position,
  move: Move,
  previous: Move,
  credits: readonly number[],
): number {
  const e = creditEntry(pos, move, previous, credits);
  return e < 0 ? 0 : credits[e]!;
}
// #endregion

/** The limit an account is held to: the shared account's own, or the separate one. */
const creditLimitOf = (o: CreditSettings): number =>
  o.creditPool === 'combined' ? o.combinedCreditLimit : o.creditLimit;

// #region credit-accounts
/**
 * searchChild's part: the child's accounts are this node's turned round, the mover's raised by the
 * credit of table entry `entry` (−1: none), which is remembered so that an extension it sets off
 * can be put down to its class. With one shared account both slots hold the same pool.
 */
export function passCredits(s: SearchState, ply: number, entry: number): void {
  const c = s.credits;
  const credit = entry < 0 ? 0 : s.options.creditTable[entry]!;
  const mine = c[2 * ply]!;
  const his = c[2 * ply + 1]!;
  s.creditEntries[ply + 1] = entry;
  if (s.options.creditPool === 'combined') {
    c[2 * ply + 2] = c[2 * ply + 3] = mine + credit;
    return;
  }
  c[2 * ply + 2] = his;
  c[2 * ply + 3] = mine + credit;
}

/**
 * Fig. 1, lines 10–15, as arithmetic: the accounts of the side that just moved (`his`) and of the
 * side to move (`mine`), the limit, and the plies the line may still be extended by. Returns the
 * plies and both accounts after. With one shared account, `mine` is the same pool.
 */
export function convertCredit(
  his: number,
  mine: number,
  limit: number,
  budget: number,
  combined: boolean,
): { plies: number; his: number; mine: number } {
  if (his < limit) return { plies: 0, his, mine };
  const plies = Math.max(0, Math.min(Math.ceil(his - limit), budget));
  return {
    plies,
    his: his - plies,
    mine: combined ? his - plies : Math.max(mine - plies, 0),
  };
}

/**
 * On entry to a node: if the side that just moved has saved CREDIT_LIMIT or more, turn
 * ceil(credit − limit) of it into plies (no more than the line's extension budget), take the
 * same from the other account, not below zero, and return the plies to add to the depth.
 */
export function creditExtension(s: SearchState, ply: number): number {
  const o = s.options;
  const c = s.credits;
  const combined = o.creditPool === 'combined';
  const limit = creditLimitOf(o);
  if (c[2 * ply + 1]! < limit) return 0;
  // How often a full account meets credit on the other side too, which one shared account would
  // add up (chapter 5 measures it). With one shared account both entries hold the pool, so the
  // second count says nothing there.
  s.counters[Counter.DualCreditFull]! += 1;
  if (c[2 * ply]! > 0) s.counters[Counter.DualCreditFullBoth]! += 1;
  const r = convertCredit(c[2 * ply + 1]!, c[2 * ply]!, limit, extensionBudget(s, ply), combined);
  c[2 * ply + 1] = r.his;
  c[2 * ply] = r.mine;
  if (r.plies === 0) return 0;
  s.extensions[ply] = s.extensions[ply]! + r.plies;
  s.counters[Counter.DualCreditExtension]! += r.plies;
  s.creditExtensionsByPly[ply]! += r.plies;
  // Conversion follows a move that raised the account (it was below the limit plus one before).
  const entry = s.creditEntries[ply]!;
  if (entry >= 0) s.creditExtensionsByClass[entry]! += r.plies;
  return r.plies;
}
// #endregion

// #region credit-and-the-table
/**
 * Whether a re-search with the credit of table entry `entry` can come out differently from the
 * search just made. Only where the child is at the horizon can we tell it cannot: quiescence search
 * knows no credit, so unless the raised account turns into an extension at the child itself, the
 * second search would read the same tree again. (This is the paper's prose, "check whether the
 * credit causes an extension, and re-search only then", applied where it is exact.) `extension` is
 * what the move has already drawn on the line's budget.
 */
export function creditCanMatter(
  s: SearchState,
  ply: number,
  childDepth: number,
  entry: number,
  extension: number,
): boolean {
  if (childDepth > 0) return true;
  const o = s.options;
  const limit = creditLimitOf(o);
  const account = s.credits[2 * ply]! + o.creditTable[entry]!;
  return account > limit && extensionBudget(s, ply) - extension >= 1;
}

/**
 * Whether the node at `ply`, `depth` plies from the horizon, carries credit that may still turn
 * into depth below it. Such a node may read deeper than the same position without the credit, so
 * an entry made by a search without it must not answer it: the first search of a move, without
 * credit, would answer the re-search that carries the credit, and the credit would never reach the
 * subtree. The accounts are part of such a node's state, so they become part of its table key
 * (creditKey): it finds only entries made with the same credit, and takes just the move from the
 * plain entry. Credit that cannot reach the limit in the moves left to its side (each earning at
 * most the table's largest entry) changes nothing below, and the plain entry serves. Extensions of
 * other kinds are not counted: a bound, not a proof.
 */
export function carriesCredit(s: SearchState, ply: number, depth: number): boolean {
  if (!s.dualCreditOn) return false;
  const mine = s.credits[2 * ply]!;
  const his = s.credits[2 * ply + 1]!;
  if (mine === 0 && his === 0) return false;
  const o = s.options;
  const most = s.largestCredit;
  if (o.creditPool === 'combined') return mine + depth * most > o.combinedCreditLimit;
  return (
    mine + Math.ceil(depth / 2) * most > o.creditLimit ||
    his + Math.floor(depth / 2) * most > o.creditLimit
  );
}

/** The two accounts mixed into a number, xored into a credited node's table key. */
export function creditKey(s: SearchState, ply: number): number {
  const mine = Math.round(s.credits[2 * ply]! * 1024);
  const his = Math.round(s.credits[2 * ply + 1]! * 1024);
  return Math.imul(mine + 1, 0x9e3779b1) ^ Math.imul(his + 7, 0x85ebca77);
}
// #endregion

/** The credit-table entry a move of the node at `ply` earns (−1: none), with the search's table. */
export const moveCreditEntry = (s: SearchState, ply: number, move: Move): number =>
  creditEntry(s.pos, move, ply > 0 ? s.line[ply - 1]! : 0, s.options.creditTable);

/** What creditTrace reads from the options (a SearchOptions will do). */
export interface CreditSettings {
  creditTable: readonly number[];
  creditLimit: number;
  creditPool: 'separate' | 'combined';
  combinedCreditLimit: number;
}

/** One move of a credit trace. */
export interface CreditStep {
  move: Move;
  /** 0: the side to move where the line starts; 1: the other side. */
  side: 0 | 1;
  /** The table entry the move earned (row · 14 + column), or −1. */
  entry: number;
  credit: number;
  /** Plies the search would add on entering the position after the move. */
  extension: number;
  /** Both sides' accounts after the move and any conversion: [side 0, side 1]. */
  accounts: [number, number];
}

// #region credit-trace
/**
 * How credit builds up and turns into depth along a line of moves, as in the search when each
 * move beats the best before it (as the moves of a principal variation do): each move earns its
 * entry of the table, and on entering the next position the mover's account, if at or above the
 * limit, becomes plies. `budget` is the most extension the line may collect (the search's is the
 * extension cap, and no more than the iteration's depth). `pos` is left as it was.
 */
export function creditTrace(
  pos: Position,
  moves: readonly Move[],
  o: CreditSettings,
  budget = Infinity,
): CreditStep[] {
  const combined = o.creditPool === 'combined';
  const limit = creditLimitOf(o);
  const accounts: [number, number] = [0, 0];
  const steps: CreditStep[] = [];
  let left = budget;
  let previous: Move = 0;
  for (const [i, move] of moves.entries()) {
    const side = (i % 2) as 0 | 1;
    const entry = creditEntry(pos, move, previous, o.creditTable);
    const credit = entry < 0 ? 0 : o.creditTable[entry]!;
    pos.doMove(move);
    previous = move;
    if (combined) accounts[0] = accounts[1] = accounts[side] + credit;
    else accounts[side] += credit;
    const r = convertCredit(accounts[side], accounts[1 - side]!, limit, left, combined);
    accounts[side] = r.his;
    accounts[1 - side] = r.mine;
    left -= r.plies;
    steps.push({ move, side, entry, credit, extension: r.plies, accounts: [...accounts] });
  }
  for (let i = moves.length - 1; i >= 0; i--) pos.undoMove(moves[i]!);
  return steps;
}
// #endregion
