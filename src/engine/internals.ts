/**
 * The engine's working parts, for a program that studies or changes them: the padded mailbox and
 * its directions, effect counts, the move generator by mode, α-β and quiescence as functions,
 * the transposition table, the score bounds, and the slow, obviously right twins the tests check
 * the fast code against (`legalMovesNaive`). Unlike `library.ts`, this surface follows the
 * engine's code as it changes.
 */
export * from './library';
export * from './index';
export * from './search/index';
export * from './eval/index';
export * from './lab/presets';
export { givesCheck, isLegalMove } from './move-check';
