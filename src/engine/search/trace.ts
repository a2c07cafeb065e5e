/**
 * The search tree, recorded node by node for the tree viewer when `traceNodes` > 0. Each node
 * says what window it was searched with, what it returned and why it ended as it did.
 */
export type TraceKind =
  'pv' | 'cut' | 'all' | 'leaf' | 'tt' | 'mate' | 'draw' | 'quiescence' | 'pruned' | 'null-move';

export interface TraceNode {
  id: number;
  parent: number;
  ply: number;
  /** The move that led here, in USI. */
  move: string;
  depth: number;
  alpha: number;
  beta: number;
  value: number;
  kind: TraceKind;
  /** A sentence for the reader: "β cut-off: 412 ≥ 380", "from the transposition table", … */
  reason: string;
  /** How the node was reached: "LMR −2", "re-search", "check extension +1", … (empty if plainly). */
  note: string;
}
