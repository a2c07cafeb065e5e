/**
 * The positions chapter 2's widgets start from, each chosen for one part of the move evaluation.
 * They come from the rank measure's fixture (src/engine/eval/move-rank-positions.json), so the
 * moves a deeper search prefers in them are part of that measure; the unit tests check that each
 * still shows what its note says.
 */
export interface EvalPreset {
  id: string;
  label: string;
  /** What to look at once it is loaded. */
  note: string;
  sfen: string;
  /** The move the note talks about, in USI. */
  focus: string;
}

export const EVAL_PRESETS: readonly EvalPreset[] = [
  {
    id: 'middle-game',
    label: 'Middle game',
    note: 'Gote’s gold on 5e attacks sente’s rook on 4f. The rook can take gote’s rook and promote (4f4b+), run, or be defended with a pawn drop (P*4g); the pawn on 5f can take the gold.',
    sfen: 'ln1k1s1nl/4gr1b1/p1ps2p2/1g2p2Pp/4g4/PP1pPR3/2P3P1P/LB1G4L/1N1SKS1N1 b 3P2p 53',
    focus: '4f4b+',
  },
  {
    id: 'focus-pawn',
    label: 'Focus pawn',
    note: 'P*3b attacks gote’s horse on 3a from a square that both the horse and the gold on 2b bear on: a focus pawn (焦点の歩). Whichever takes it leaves its post.',
    sfen: '2p3+b2/3k3gp/1p5+L1/+Rs2p1+N2/9/5Np2/2SSSP1PN/7R1/L3KG2B b 2GN2L7P4p 77',
    focus: 'P*3b',
  },
  {
    id: 'king-threat',
    label: 'King threat',
    note: 'R*6c checks gote’s king on 6a from a square gote does not guard. Most of its attack term is the king-threat constant: set the three king-threat sliders to zero and it falls down the list.',
    sfen: '1nsk1g1n1/l6bl/pp3Gpsp/2p5r/9/3p4P/PPB1P4/1S1PG4/LN1GK1SNL b R3P4p 53',
    focus: 'R*6c',
  },
];
