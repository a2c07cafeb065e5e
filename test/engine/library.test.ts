/**
 * The library's surface is chosen name by name (src/engine/library.ts): the rules, the notations
 * and records, the search with its options and presets, the evaluators and df-pn. The engine's
 * working parts are behind src/engine/internals.ts. This pins both lists, so a name joins or
 * leaves the public surface only on purpose.
 */
import { describe, expect, it } from 'vitest';
import * as internals from '../../src/engine/internals';
import * as library from '../../src/engine/library';

/** Every value the library exports (types leave no trace at run time). */
const LIBRARY_VALUES = [
  // pieces, colours, squares, moves
  'Color',
  'Kind',
  'PROMOTED',
  'MOVE_NONE',
  'makePiece',
  'pieceKind',
  'pieceColor',
  'unpromoted',
  'opposite',
  'moveTo',
  'moveFrom',
  'isDrop',
  'isPromotion',
  'dropKind',
  'ok',
  'err',
  'square',
  'fileOf',
  'rankOf',
  'SQUARES',
  'isOnBoard',
  'makeSquareName',
  'parseSquareName',
  // the rules
  'Position',
  'MAX_PLY',
  'legalMoves',
  'countLegalMoves',
  'hasLegalMove',
  'isDropPawnMate',
  'isMate',
  'isDoublePawn',
  'illegalDrops',
  'IllegalDropReason',
  'repetition',
  'Repetition',
  'canDeclareWin',
  'perft',
  'divide',
  'keyToHex',
  // notations and records
  'parseSfen',
  'makeSfen',
  'parsePositionCommand',
  'STARTPOS_SFEN',
  'makeUsiMove',
  'parseUsiMove',
  'NEW_GAME',
  'positionCommand',
  'positionAt',
  'importGame',
  'exportGame',
  // the search
  'Searcher',
  'checkLimits',
  'MAX_DEPTH',
  'DEFAULT_OPTIONS',
  'OPTION_GROUPS',
  'OPTION_SCHEMA',
  'resolveOptions',
  'diffOptions',
  'checkValue',
  'MATE',
  'isMateScore',
  'toScore',
  'PRESETS',
  'STRONGEST',
  'presetById',
  'parsePlayer',
  // evaluators and df-pn
  'EVALUATORS',
  'EVALUATOR_NAMES',
  'evaluatorFor',
  'DfpnSearcher',
];

/** Working parts a program may study, which the library leaves out. */
const INTERNAL_ONLY = [
  'legalMovesNaive',
  'generateMoves',
  'GenMode',
  'computeEffects',
  'attacks',
  'alphaBeta',
  'quiescence',
  'TranspositionTable',
  'INFINITE',
  'givesCheck',
  'isLegalMove',
  'BOARD_SIZE',
];

describe('the library surface', () => {
  it('exports exactly the chosen names', () => {
    expect(Object.keys(library).sort()).toEqual([...LIBRARY_VALUES].sort());
  });

  it('keeps the working parts behind the internals entry, which also has all of the library', () => {
    for (const name of INTERNAL_ONLY) {
      expect(name in library, name).toBe(false);
      expect(typeof (internals as Record<string, unknown>)[name], name).not.toBe('undefined');
    }
    for (const name of LIBRARY_VALUES)
      expect((internals as Record<string, unknown>)[name], name).toBe(
        (library as Record<string, unknown>)[name],
      );
  });

  it('reads and writes a game as KIF and CSA, playing every move on its own board', () => {
    const game = library.importGame('position startpos moves 7g7f 3c3d 8h2b+ 3a2b');
    expect(game.ok).toBe(true);
    if (!game.ok) return;
    for (const format of ['kif', 'csa'] as const) {
      const back = library.importGame(library.exportGame(game.value, format));
      expect(back.ok && back.value.moves, format).toEqual(['7g7f', '3c3d', '8h2b+', '3a2b']);
    }
    const illegal = library.importGame('position startpos moves 7g7f 7g7f');
    expect(illegal.ok ? '' : illegal.error).toMatch(/^USI: .*7g7f/);
  });
});
