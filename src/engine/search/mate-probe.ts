/**
 * A mate search at the leaves (chapter 8): the remedy for the horizon near the king. α-β reads
 * every move to the same depth, and a mate made of checks and drops is many plies long with few
 * replies at each defender's turn, so a full-width search runs out of depth long before it runs
 * out of mate. A df-pn search (mate/dfpn.ts) reads only checks and evasions and stops when the
 * proof is complete; given a few hundred nodes at each node near the horizon, it sees mates the
 * α-β search would need several more plies to see.
 *
 * A probe runs where the side to move is not in check, at the horizon and at nodes with at most
 * `mateProbeDepth` plies left. A proof ends the node with the mate's value; no proof says nothing
 * and the node is searched as usual. The probe's nodes count in the search's nodes (and in the
 * `mate-probe-nodes` counter), so a search with a node budget pays for them. The options are
 * declared in option-decls.ts.
 */
import { DfpnSearcher } from '../mate/dfpn';
import type { Position } from '../position';
import { E, N, NE, NW, S, SE, SW, W } from '../square';
import { EMPTY, pieceColor, WALL } from '../types';
import { Counter } from './search-data';
import type { SearchState } from './state';

const AROUND = [N, S, E, W, NE, NW, SE, SW] as const;

// #region king-flights
/**
 * The squares the opponent's king could step to if it were to move now: neighbours on the board,
 * not held by its own pieces, and not attacked by the side to move. Eight lookups in the effect
 * counts (利き) the position keeps up to date.
 */
export function kingFlights(pos: Position): number {
  const us = pos.sideToMove;
  const them = us ^ 1;
  const king = pos.kingSquare[them]!;
  let flights = 0;
  for (const d of AROUND) {
    const sq = king + d;
    const piece = pos.board[sq]!;
    if (piece === WALL || (piece !== EMPTY && pieceColor(piece) === them)) continue;
    if (pos.effectCount(us, sq) === 0) flights++;
  }
  return flights;
}
// #endregion

/**
 * The mate table's size: small, since a probe is small. The table is kept from one search to the
 * next and cleared with the transposition table (Searcher.clear: a new game).
 */
export const PROBE_TABLE_MB = 4;

// #region mate-probe
/**
 * Is there a mate for the side to move (not in check) within the probe's budget? Returns its
 * length in plies, or 0. Counts the probe and its nodes. Where the opponent's king has more
 * flights than `mateProbeFlights`, no probe is made.
 */
export function probeMate(s: SearchState): number {
  if (s.options.mateProbeFlights < 8 && kingFlights(s.pos) > s.options.mateProbeFlights) return 0;
  s.mateProber ??= new DfpnSearcher(PROBE_TABLE_MB);
  const prober = s.mateProber;
  s.counters[Counter.MateProbe]!++;
  const length = prober.probe(s.pos, s.options.mateProbeNodes);
  const used = prober.probeNodes;
  s.nodes += used;
  s.counters[Counter.MateProbeNodes]! += used;
  if (length > 0) s.counters[Counter.MateProbeProven]!++;
  return length;
}
// #endregion
