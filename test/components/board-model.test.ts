/**
 * The board widgets' logic without a DOM: move words and groups, click-to-move, the status line,
 * illegal drops with their reasons, effect heatmaps, lines of play and the preset positions.
 */
import { describe, expect, it } from 'vitest';
import {
  clickHand,
  clickSquare,
  describeMove,
  effectOverlay,
  explainIllegalDrop,
  groupMoves,
  illegalDropGroups,
  lineCommand,
  NO_SELECTION,
  parseLine,
  pieceKanji,
  positionOf,
  type Selection,
  statusOf,
  statusText,
} from '../../src/components/widgets/board-model';
import { PRESETS } from '../../src/components/widgets/presets';
import {
  Kind,
  legalMoves,
  makeUsiMove,
  type Move,
  parseSquareName,
  parseUsiMove,
  type Position,
  SQUARES,
  STARTPOS_SFEN,
} from '../../src/engine/index';
import { parsePositionText } from '../../src/engine/worker/protocol';

const at = (text: string): Position => {
  const parsed = parsePositionText(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const usi = (pos: Position, text: string): Move => {
  const move = parseUsiMove(pos, text);
  if (!move.ok) throw new Error(move.error);
  return move.value;
};

const preset = (id: string): Position => at(PRESETS.find((p) => p.id === id)!.position);
const sq = parseSquareName;

describe('pieces and moves in words', () => {
  it('writes gote’s king as 王 and sente’s as 玉, promoted pieces with their own kanji', () => {
    expect(pieceKanji(Kind.King)).toBe('玉');
    expect(pieceKanji(Kind.King | 16)).toBe('王');
    expect(pieceKanji(Kind.Dragon)).toBe('龍');
    expect(pieceKanji(Kind.ProPawn | 16)).toBe('と');
  });

  it('describes board moves, captures with promotion, and drops', () => {
    const start = at('startpos');
    expect(describeMove(start, usi(start, '7g7f'))).toBe('pawn 7g–7f');
    const opened = at('startpos moves 7g7f 3c3d');
    expect(describeMove(opened, usi(opened, '8h2b+'))).toBe(
      'bishop 8h×2b (takes bishop), promotes to horse',
    );
    const drop = preset('uchifuzume');
    expect(describeMove(drop, usi(drop, 'G*1b'))).toBe('gold dropped on 1b');
  });

  it('groups every legal move exactly once', () => {
    for (const text of [
      'startpos',
      'startpos moves 7g7f 3c3d',
      ...PRESETS.map((p) => p.position),
    ]) {
      const pos = at(text);
      const legal = legalMoves(pos);
      const groups = groupMoves(pos, legal);
      const all = [...groups.captures, ...groups.promotions, ...groups.quiet, ...groups.drops];
      expect(all.sort()).toEqual([...legal].sort());
    }
    const opened = at('startpos moves 7g7f 3c3d');
    const groups = groupMoves(opened, legalMoves(opened));
    expect(groups.captures.map(makeUsiMove).sort()).toEqual(['8h2b', '8h2b+']);
    expect(groups.promotions.map(makeUsiMove)).toEqual(['8h3c+']);
  });
});

describe('click to move', () => {
  it('selects a piece of the side to move and plays a move to a highlighted square', () => {
    const pos = at('startpos');
    const legal = legalMoves(pos);
    const picked = clickSquare(pos, legal, NO_SELECTION, sq('7g'));
    expect(picked).toEqual({ selection: { type: 'square', square: sq('7g') } });
    const played = clickSquare(pos, legal, picked.selection, sq('7f'));
    expect(played.play).toBe(usi(pos, '7g7f'));
    expect(played.selection).toEqual(NO_SELECTION);
  });

  it('lets go on a second click, an empty square or an enemy piece', () => {
    const pos = at('startpos');
    const legal = legalMoves(pos);
    const picked: Selection = { type: 'square', square: sq('7g') };
    expect(clickSquare(pos, legal, picked, sq('7g')).selection).toEqual(NO_SELECTION);
    expect(clickSquare(pos, legal, picked, sq('5e')).selection).toEqual(NO_SELECTION);
    expect(clickSquare(pos, legal, NO_SELECTION, sq('3c')).selection).toEqual(NO_SELECTION);
  });

  it('switches to another own piece', () => {
    const pos = at('startpos');
    const picked: Selection = { type: 'square', square: sq('7g') };
    expect(clickSquare(pos, legalMoves(pos), picked, sq('2g')).selection).toEqual({
      type: 'square',
      square: sq('2g'),
    });
  });

  it('asks when a move may promote or not, promotion first', () => {
    const pos = at('startpos moves 7g7f 3c3d');
    const legal = legalMoves(pos);
    const picked: Selection = { type: 'square', square: sq('8h') };
    const outcome = clickSquare(pos, legal, picked, sq('2b'));
    expect(outcome.play).toBeUndefined();
    expect(outcome.choose?.map(makeUsiMove)).toEqual(['8h2b+', '8h2b']);
  });

  it('plays a forced promotion without asking', () => {
    const pos = at('4k4/P8/9/9/9/9/9/9/4K4 b - 1');
    const outcome = clickSquare(
      pos,
      legalMoves(pos),
      { type: 'square', square: sq('9b') },
      sq('9a'),
    );
    expect(outcome.play && makeUsiMove(outcome.play)).toBe('9b9a+');
  });

  it('drops a piece picked from the side to move’s hand, and only from that hand', () => {
    const pos = preset('uchifuzume');
    const legal = legalMoves(pos);
    const picked = clickHand(pos, NO_SELECTION, 0, Kind.Gold);
    expect(picked.selection).toEqual({ type: 'hand', kind: Kind.Gold });
    expect(clickHand(pos, picked.selection, 0, Kind.Gold).selection).toEqual(NO_SELECTION);
    expect(clickHand(pos, NO_SELECTION, 1, Kind.Gold).selection).toEqual(NO_SELECTION);
    const dropped = clickSquare(pos, legal, picked.selection, sq('1b'));
    expect(dropped.play && makeUsiMove(dropped.play)).toBe('G*1b');
  });

  it('offers no pawn drop where it would be drop-pawn mate', () => {
    const pos = preset('uchifuzume');
    const picked: Selection = { type: 'hand', kind: Kind.Pawn };
    const outcome = clickSquare(pos, legalMoves(pos), picked, sq('1b'));
    expect(outcome.play).toBeUndefined();
  });
});

describe('status line', () => {
  it('names the side, the move number and the number of moves', () => {
    expect(statusText(statusOf(at('startpos')))).toBe('☗ Sente to move · move 1 · 30 legal moves');
    expect(statusText(statusOf(at('startpos moves 7g7f')))).toMatch(/^☖ Gote to move · move 2 ·/);
  });

  it('says check and mate', () => {
    expect(statusOf(preset('check')).inCheck).toBe(true);
    expect(statusText(statusOf(preset('check')))).toContain('in check');
    const mated = at(`${PRESETS.find((p) => p.id === 'uchifuzume')!.position} moves G*1b`);
    const status = statusOf(mated);
    expect(status.mate).toBe(true);
    expect(statusText(status)).toContain('checkmate');
    expect(statusText(status)).toContain('sente wins');
  });
});

describe('illegal drops', () => {
  it('lists the drop-pawn mate of the preset first, with its reason', () => {
    const pos = preset('uchifuzume');
    const groups = illegalDropGroups(pos);
    expect(groups[0]?.reason).toBe('drop-pawn-mate');
    expect(groups[0]?.moves.map(makeUsiMove)).toEqual(['P*1b']);
    expect(explainIllegalDrop(pos, groups[0]!.moves[0]!, 'drop-pawn-mate')).toContain('1b');
  });

  it('lists the double pawns of the preset on every file but the 2-file', () => {
    const pos = preset('nifu');
    const group = illegalDropGroups(pos).find((g) => g.reason === 'double-pawn');
    expect(group?.moves.length).toBeGreaterThan(0);
    expect(group?.moves.map(makeUsiMove).some((m) => m[2] === '2')).toBe(false);
    const drops = legalMoves(pos)
      .map(makeUsiMove)
      .filter((m) => m.startsWith('P*'));
    expect(drops.every((m) => m[2] === '2')).toBe(true);
    expect(explainIllegalDrop(pos, group!.moves[0]!, 'double-pawn')).toMatch(/File \d/);
  });

  it('lists nothing when nothing is in hand', () => {
    expect(illegalDropGroups(at('startpos'))).toEqual([]);
  });
});

describe('effect overlay', () => {
  it('shows each side’s counts as the position has them', () => {
    const pos = at('startpos moves 7g7f');
    for (const mode of ['sente', 'gote'] as const) {
      const overlay = effectOverlay(pos, mode);
      SQUARES.forEach((s, i) => {
        const n = pos.effectCount(mode === 'sente' ? 0 : 1, s);
        expect(overlay[i]?.labels?.[0]?.text ?? '0').toBe(String(n));
      });
    }
  });

  it('shows both counts in opposite corners and tints for the side with more', () => {
    const pos = at('startpos');
    const overlay = effectOverlay(pos, 'both');
    const i = SQUARES.indexOf(sq('7g'));
    expect(overlay[i]?.labels).toEqual([{ text: '2', corner: 'bottom-left', color: 'sente' }]);
    expect(overlay[i]?.tint).toBe('sente');
    expect(overlay[SQUARES.indexOf(sq('5e'))]).toBeNull();
  });
});

describe('lines of play', () => {
  it('reads an SFEN, startpos and a command with moves into set-up and moves', () => {
    expect(parseLine('startpos')).toEqual({ ok: true, value: { setup: STARTPOS_SFEN, moves: [] } });
    const line = parseLine('position startpos moves 7g7f 3c3d');
    expect(line.ok).toBe(true);
    if (!line.ok) return;
    expect(line.value.setup).toBe(STARTPOS_SFEN);
    expect(line.value.moves.map(makeUsiMove)).toEqual(['7g7f', '3c3d']);
    expect(lineCommand(line.value)).toBe('position startpos moves 7g7f 3c3d');
    expect(positionOf(line.value).ply).toBe(2);
  });

  it('passes on the engine’s error for bad text or an illegal move', () => {
    const bad = parseLine('not a position');
    expect(bad.ok).toBe(false);
    const illegal = parseLine('startpos moves 7g7f 7f7e');
    expect(illegal.ok).toBe(false);
    if (!illegal.ok) expect(illegal.error).toContain('7f7e');
  });
});

describe('presets', () => {
  it('all parse', () => {
    for (const p of PRESETS) expect(parseLine(p.position).ok, p.id).toBe(true);
  });

  it('pins: the pinned silver and gold have one move each', () => {
    const pos = preset('pin');
    const legal = legalMoves(pos).map(makeUsiMove);
    expect(legal.filter((m) => m.startsWith('5g'))).toEqual(['5g5f']);
    expect(legal.filter((m) => m.startsWith('6h'))).toEqual(['6h7g']);
  });

  it('check: only king steps, the block and drops on the checking file', () => {
    const pos = preset('check');
    const legal = legalMoves(pos).map(makeUsiMove);
    expect(legal.every((m) => m.startsWith('5i') || m === '6h5g' || /^G\*5[d-h]$/.test(m))).toBe(
      true,
    );
  });
});
