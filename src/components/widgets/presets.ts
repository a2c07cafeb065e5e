/**
 * Positions the explorer loads with one click, each chosen to show one thing the chapter talks
 * about. The board-model tests check that each shows what its note says.
 */
export interface Preset {
  id: string;
  label: string;
  /** What to look at once it is loaded. */
  note: string;
  /** An SFEN or a USI position command. */
  position: string;
  /** The tab worth opening with it. */
  tab: 'moves' | 'illegal' | 'effects';
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'start',
    label: 'Start position',
    note: 'The initial position (平手, hirate): 30 legal moves, none of them drops.',
    position: 'startpos',
    tab: 'moves',
  },
  {
    id: 'uchifuzume',
    label: 'Drop-pawn mate',
    note: 'P*1b would mate, so it is forbidden (打ち歩詰め); G*1b mates too, and is allowed.',
    position: '7lk/9/8S/9/9/9/9/7L1/8K b GP 1',
    tab: 'illegal',
  },
  {
    id: 'nifu',
    label: 'Double pawn',
    note: 'After a pawn exchange sente holds a pawn, but every file except the 2-file already has one of its pawns (二歩).',
    position: 'startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d P*2c',
    tab: 'illegal',
  },
  {
    id: 'pin',
    label: 'Pins',
    note: "Gote's rook pins the silver on 5g and gote's bishop pins the gold on 6h: each has one legal move left.",
    position: '4k4/9/9/9/4r4/9/2b1S4/3G5/4K4 b P 1',
    tab: 'moves',
  },
  {
    id: 'check',
    label: 'Check',
    note: 'The rook on 5c gives check: step the king away, or block the file by moving the silver or dropping the gold.',
    position: '3gkg3/9/4r4/9/9/9/9/3S5/4K4 b G 1',
    tab: 'moves',
  },
];
