/**
 * The budget every extension draws on (extensions.ts says how it is bounded), apart from the
 * extensions themselves: the dual-credit trace a chapter's widget computes on the page needs the
 * budget but not the mate-threat extension, whose decision tree (tree-judge.ts, about 270 KB of
 * trees.json) it would otherwise load on the main thread.
 */
import type { SearchState } from './state';

/** How many plies of extension are left to the line at this ply. */
export const extensionBudget = (s: SearchState, ply: number): number =>
  (s.options.extensionDepthBound
    ? Math.min(s.options.maxExtension, s.rootDepth)
    : s.options.maxExtension) - s.extensions[ply]!;
